"""Typed settings, read once from the environment; a bad value fails at start, not mid-request."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

SERVICE_NAMES = ("auth", "training", "sessions", "analytics")

# Default loopback ports of the embedded run; Kubernetes sets KINETIC_<SERVICE>_TARGET instead.
DEFAULT_PORTS = {"auth": 50151, "training": 50152, "sessions": 50153, "analytics": 50154}


class SettingsError(ValueError):
    """A required setting is missing or malformed."""


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise SettingsError(f"{name} must be an integer, got {raw!r}") from exc


@dataclass(frozen=True)
class ServiceSettings:
    """What one gRPC service needs to start."""

    service: str
    data_dir: Path
    database_url: str | None
    database_schema: str
    listen_host: str
    port: int
    issuer: str = "http://127.0.0.1:8080"
    extra: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, service: str, env: Mapping[str, str] | None = None) -> ServiceSettings:
        """Read ``KINETIC_*`` variables for ``service``; see README for the list."""
        env = os.environ if env is None else env
        if service not in SERVICE_NAMES:
            raise SettingsError(f"unknown service {service!r}")
        upper = service.upper()
        return cls(
            service=service,
            data_dir=Path(env.get("KINETIC_DATA_DIR", "./var")),
            database_url=env.get("KINETIC_DATABASE_URL") or None,
            database_schema=env.get(f"KINETIC_{upper}_DB_SCHEMA", service),
            listen_host=env.get("KINETIC_LISTEN_HOST", "127.0.0.1"),
            port=_int(env, f"KINETIC_{upper}_PORT", DEFAULT_PORTS[service]),
            issuer=public_url(env),
        )


def public_url(env: Mapping[str, str] | None = None) -> str:
    """The edge's public origin: token issuer and base of every resource URL."""
    env = os.environ if env is None else env
    port = env.get("KINETIC_EDGE_PORT", "8080")
    return env.get("KINETIC_PUBLIC_URL", f"http://127.0.0.1:{port}").rstrip("/")


def service_target(service: str, env: Mapping[str, str] | None = None) -> str:
    """Address the edge (or another service) dials to reach ``service``."""
    env = os.environ if env is None else env
    explicit = env.get(f"KINETIC_{service.upper()}_TARGET")
    if explicit:
        return explicit
    port = _int(env, f"KINETIC_{service.upper()}_PORT", DEFAULT_PORTS[service])
    return f"127.0.0.1:{port}"


@dataclass(frozen=True)
class EdgeSettings:
    """What the edge needs to start."""

    host: str
    port: int
    public_url: str
    targets: dict[str, str]
    redis_url: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> EdgeSettings:
        """Read the edge's ``KINETIC_*`` variables."""
        env = os.environ if env is None else env
        return cls(
            host=env.get("KINETIC_EDGE_HOST", "127.0.0.1"),
            port=_int(env, "KINETIC_EDGE_PORT", 8080),
            public_url=public_url(env),
            targets={name: service_target(name, env) for name in SERVICE_NAMES},
            redis_url=env.get("KINETIC_REDIS_URL") or None,
        )
