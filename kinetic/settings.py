"""Kinetic's settings: read from the environment in this one place, typed, checked at start.

``load_settings(env)`` reads every ``KINETIC_*`` variable (README.md, "Settings") and Kinetic's
tracing switch from the ``OTEL_*`` ones, checks each value, and either returns a frozen ``Settings``
or raises one ``SettingsError`` listing every bad variable with what is wrong, e.g.
``KINETIC_EDGE_PORT: must be a port number 1-65535 (got 'abc')``. Processes load settings before
they start anything and hand the pieces on (``Settings.service(name)``, ``Settings.edge``); nothing
else in Kinetic reads the environment. Unset and empty mean the default, except where noted.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from kinetic.replica_targets import is_address_list, list_problem

SERVICE_NAMES = ("auth", "training", "sessions", "analytics")

# Default loopback ports of the embedded run; Kubernetes sets KINETIC_<SERVICE>_TARGET instead.
DEFAULT_PORTS = {"auth": 50151, "training": 50152, "sessions": 50153, "analytics": 50154}
DEFAULT_EDGE_PORT = 8080
DEFAULT_DATA_DIR = "./var"
LOOPBACK = "127.0.0.1"
DEFAULT_CIMD_ALLOWED_HOSTS = ("muse.ai",)
# Browser origins the edge trusts besides its own and loopback (decision 0040): the web origins of
# the clients seed 000 allowlists callbacks for.
DEFAULT_ALLOWED_ORIGINS = ("https://muse.ai", "https://agent.meta.ai")
DEFAULT_PURGE_INTERVAL_SECONDS = 3600
# The edge's HTTP server (decision 0036): a whole request head within 10 s, a whole body within
# 30 s, and at most 128 open connections from one client address (0: no cap).
DEFAULT_HEADER_TIMEOUT_SECONDS = 10
DEFAULT_BODY_TIMEOUT_SECONDS = 30
DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128
# The anonymous PlanGen path's budget of tool calls per client address per hour (seed 004; 0066).
DEFAULT_PLANGEN_PER_HOUR = 10
# A day past expiry or revocation: a code or refresh token replayed within that day is still
# recognised as a replay (and answered as one) rather than as an unknown value.
DEFAULT_PURGE_GRACE_SECONDS = 86400

# A PostgreSQL schema name Kinetic creates and quotes: lower case, at most 63 bytes.
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
# The shape of the API keys the auth service issues (services/auth/domain/api_keys.py).
_API_KEY = re.compile(r"^rf_[0-9a-f]{64}$")
_HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
_TRACE_EXPORTERS = ("otlp", "console", "none")


class SettingsError(ValueError):
    """One or more settings are malformed; the message names each variable and what is wrong."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class PurgeSettings:
    """How often auth purges ended OAuth rows (0 turns the task off) and how long it keeps them."""

    interval_seconds: int = DEFAULT_PURGE_INTERVAL_SECONDS
    grace_seconds: int = DEFAULT_PURGE_GRACE_SECONDS


@dataclass(frozen=True)
class DemoSettings:
    """Fixed demo credentials for ``make run``; None: reuse the stored ones or generate them once."""

    email: str | None = None
    password: str | None = None
    api_key: str | None = None


@dataclass(frozen=True)
class AuthSettings:
    """What only the auth service (and its command-line tool) reads."""

    # Hosts whose Client ID Metadata Documents auth fetches; an empty variable allows none.
    cimd_allowed_hosts: tuple[str, ...] = DEFAULT_CIMD_ALLOWED_HOSTS
    purge: PurgeSettings = PurgeSettings()
    demo: DemoSettings = DemoSettings()


@dataclass(frozen=True)
class TracingSettings:
    """Whether spans leave the process, decided from the standard ``OTEL_*`` variables.

    The OTLP exporter still reads its endpoint, headers and TLS settings from ``OTEL_*`` itself.
    """

    # "otlp" or "console"; None: nothing is exported, so no SDK provider and no hooks (0006).
    exporter: str | None = None
    # OTEL_SERVICE_NAME; None: each process names itself (auth, training, ..., edge).
    service_name: str | None = None


def _default_targets() -> dict[str, str]:
    return {name: f"{LOOPBACK}:{port}" for name, port in DEFAULT_PORTS.items()}


@dataclass(frozen=True)
class ServiceSettings:
    """What one gRPC service (or its command-line tool) needs to start."""

    service: str
    data_dir: Path
    database_url: str | None
    database_schema: str
    listen_host: str
    port: int
    issuer: str = f"http://{LOOPBACK}:{DEFAULT_EDGE_PORT}"
    # Where every service is dialled, for services that call others (sessions, analytics).
    targets: dict[str, str] = field(default_factory=_default_targets)
    auth: AuthSettings = AuthSettings()
    # None: plaintext, any caller (the embedded default); else mutual TLS and the caller allow-list.
    tls: TlsSettings | None = None
    # The plaintext grpc.health.v1-only port for probes; None when TLS is off (the main port answers).
    health_port: int | None = None

    @classmethod
    def from_env(cls, service: str, env: Mapping[str, str] | None = None) -> ServiceSettings:
        """``load_settings(env).service(service)``."""
        return load_settings(env).service(service)


@dataclass(frozen=True)
class EdgeSettings:
    """What the edge needs to start."""

    host: str
    port: int
    public_url: str
    targets: dict[str, str]
    redis_url: str | None = None
    trusted_proxy_hops: int = 0
    # The module the launcher runs as the edge; benchmarks swap in one with the budgets lifted.
    module: str = "edge"
    # From a connection's first byte (or a keep-alive request's) to the end of its headers.
    header_timeout_seconds: float = DEFAULT_HEADER_TIMEOUT_SECONDS
    # From the end of the headers to the end of the body, however steadily the bytes come.
    body_timeout_seconds: float = DEFAULT_BODY_TIMEOUT_SECONDS
    # Open connections per socket peer address; 0: no cap. Not applied behind trusted proxies.
    max_connections_per_address: int = DEFAULT_MAX_CONNECTIONS_PER_ADDRESS
    # Origins whose pages may call the machine-facing paths (CORS), besides the public origin and
    # loopback; any other Origin is refused with 403 (decision 0040).
    allowed_origins: tuple[str, ...] = DEFAULT_ALLOWED_ORIGINS
    # None: plaintext channels to the services; else the edge's client certificate (decision 0043).
    tls: TlsSettings | None = None
    # The HMAC key of Primed's pseudonymous profile_id (KINETIC_PSEUDONYM_SECRET); empty: a random
    # key per process, so IDs change on restart (decision 0059). Every replica must share it.
    pseudonym_secret: str = ""
    # Tool calls per client address per hour on /mcp/runflow/public (KINETIC_PLANGEN_PER_HOUR);
    # CI's conformance run raises it (decision 0066).
    plangen_per_hour: int = DEFAULT_PLANGEN_PER_HOUR
    # The HMAC key of exported plan links (KINETIC_PLAN_LINK_SECRET); empty: a random key per
    # process, so links die on restart and differ between replicas (decision 0066).
    plan_link_secret: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> EdgeSettings:
        """``load_settings(env).edge``."""
        return load_settings(env).edge


@dataclass(frozen=True)
class Settings:
    """Every setting of every Kinetic process."""

    data_dir: Path
    database_url: str | None
    public_url: str
    listen_host: str
    ports: dict[str, int]
    targets: dict[str, str]
    database_schemas: dict[str, str]
    edge: EdgeSettings
    auth: AuthSettings
    tracing: TracingSettings
    observability: ObservabilitySettings = field(default_factory=lambda: ObservabilitySettings())
    tls: TlsSettings | None = None
    health_ports: dict[str, int] = field(default_factory=dict)

    def service(self, name: str) -> ServiceSettings:
        """The settings of service ``name`` (one of ``SERVICE_NAMES``)."""
        if name not in SERVICE_NAMES:
            raise ValueError(f"unknown service {name!r}; one of {', '.join(SERVICE_NAMES)}")
        return ServiceSettings(
            service=name,
            data_dir=self.data_dir,
            database_url=self.database_url,
            database_schema=self.database_schemas[name],
            listen_host=self.listen_host,
            port=self.ports[name],
            issuer=self.public_url,
            targets=dict(self.targets),
            auth=self.auth,
            tls=self.tls,
            health_port=self.health_ports[name] if self.tls is not None else None,
        )


class _Reader:
    """Reads variables from one mapping and collects every problem instead of stopping at the first."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env
        self.problems: list[str] = []

    def raw(self, name: str) -> str | None:
        """The stripped value, or None when unset or empty."""
        value = self._env.get(name, "").strip()
        return value or None

    def is_set(self, name: str) -> bool:
        """Whether ``name`` is set at all, even to an empty value."""
        return name in self._env

    def refuse(self, name: str, what: str, shown: str | None = None) -> None:
        got = f" (got {shown!r})" if shown is not None else ""
        self.problems.append(f"{name}: {what}{got}")

    def text(self, name: str, default: str) -> str:
        return self.raw(name) or default

    def whole_number(self, name: str, default: int, *, least: int, most: int, what: str) -> int:
        raw = self.raw(name)
        if raw is None:
            return default
        if not raw.isascii() or not raw.isdigit() or not least <= int(raw) <= most:
            self.refuse(name, what, raw)
            return default
        return int(raw)

    def port(self, name: str, default: int) -> int:
        return self.whole_number(name, default, least=1, most=65535, what="must be a port number 1-65535")

    def timeout(self, name: str, default: int) -> int:
        return self.whole_number(
            name, default, least=1, most=3600, what="must be a whole number of seconds 1-3600"
        )

    def seconds(self, name: str, default: int) -> int:
        return self.whole_number(
            name, default, least=0, most=10**9, what="must be a whole number of seconds (0 or more)"
        )


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Read and check every setting from ``env`` (``os.environ`` when None).

    Raises ``SettingsError`` naming every malformed variable; nothing is started before this.
    """
    read = _Reader(os.environ if env is None else env)

    edge_port = read.port("KINETIC_EDGE_PORT", DEFAULT_EDGE_PORT)
    public_url = _public_url(read, f"http://{LOOPBACK}:{edge_port}")
    ports = {name: read.port(f"KINETIC_{name.upper()}_PORT", DEFAULT_PORTS[name]) for name in SERVICE_NAMES}
    targets = {name: _target(read, name, ports[name]) for name in SERVICE_NAMES}
    schemas = {name: _schema(read, name) for name in SERVICE_NAMES}
    tls = _tls(read)
    edge = EdgeSettings(
        host=read.text("KINETIC_EDGE_HOST", LOOPBACK),
        port=edge_port,
        public_url=public_url,
        targets=targets,
        redis_url=_redis_url(read),
        trusted_proxy_hops=read.whole_number(
            "KINETIC_TRUSTED_PROXY_HOPS", 0, least=0, most=32, what="must be a whole number 0-32"
        ),
        module=read.text("KINETIC_EDGE_MODULE", "edge"),
        header_timeout_seconds=read.timeout(
            "KINETIC_EDGE_HEADER_TIMEOUT_SECONDS", DEFAULT_HEADER_TIMEOUT_SECONDS
        ),
        body_timeout_seconds=read.timeout("KINETIC_EDGE_BODY_TIMEOUT_SECONDS", DEFAULT_BODY_TIMEOUT_SECONDS),
        max_connections_per_address=read.whole_number(
            "KINETIC_EDGE_MAX_CONNECTIONS_PER_ADDRESS",
            DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
            least=0,
            most=1_000_000,
            what="must be a whole number 0-1000000 (0: no cap)",
        ),
        allowed_origins=_allowed_origins(read),
        tls=tls,
        pseudonym_secret=read.text("KINETIC_PSEUDONYM_SECRET", ""),
        plangen_per_hour=read.whole_number(
            "KINETIC_PLANGEN_PER_HOUR",
            DEFAULT_PLANGEN_PER_HOUR,
            least=1,
            most=1_000_000,
            what="must be a whole number 1-1000000",
        ),
        plan_link_secret=read.text("KINETIC_PLAN_LINK_SECRET", ""),
    )
    auth = AuthSettings(
        cimd_allowed_hosts=_cimd_hosts(read),
        purge=PurgeSettings(
            interval_seconds=read.seconds(
                "KINETIC_AUTH_PURGE_INTERVAL_SECONDS", DEFAULT_PURGE_INTERVAL_SECONDS
            ),
            grace_seconds=read.seconds("KINETIC_AUTH_PURGE_GRACE_SECONDS", DEFAULT_PURGE_GRACE_SECONDS),
        ),
        demo=_demo(read),
    )
    settings = Settings(
        data_dir=Path(read.text("KINETIC_DATA_DIR", DEFAULT_DATA_DIR)),
        database_url=_database_url(read),
        public_url=public_url,
        listen_host=read.text("KINETIC_LISTEN_HOST", LOOPBACK),
        ports=ports,
        targets=targets,
        database_schemas=schemas,
        edge=edge,
        auth=auth,
        tracing=_tracing(read),
        observability=_observability(read),
        tls=tls,
        health_ports={name: _health_port(read, name, ports[name]) for name in SERVICE_NAMES},
    )
    if read.problems:
        raise SettingsError(read.problems)
    return settings


def _public_url(read: _Reader, default: str) -> str:
    name = "KINETIC_PUBLIC_URL"
    raw = read.raw(name)
    if raw is None:
        return default
    parts = urlsplit(raw)
    # It is the token issuer and the base of every resource URL: an origin, nothing more.
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/"):
        read.refuse(name, "must be an http(s) origin such as https://kinetic.example, with no path", raw)
    elif parts.query or parts.fragment:
        read.refuse(name, "must have no query or fragment", raw)
    return raw.rstrip("/")


def _target(read: _Reader, service: str, port: int) -> str:
    name = f"KINETIC_{service.upper()}_TARGET"
    raw = read.raw(name)
    if raw is None:
        return f"{LOOPBACK}:{port}"
    if any(character.isspace() for character in raw):
        read.refuse(name, "must be a gRPC target such as training:50152", raw)
    elif is_address_list(raw) and (problem := list_problem(raw)) is not None:
        read.refuse(name, f"a list of replicas: {problem}", raw)
    return raw


def _schema(read: _Reader, service: str) -> str:
    name = f"KINETIC_{service.upper()}_DB_SCHEMA"
    schema = read.text(name, service)
    if not SCHEMA_NAME.match(schema):
        read.refuse(name, "must be a schema name: a-z, 0-9 and _, not starting with a digit, <= 63", schema)
    return schema


def _database_url(read: _Reader) -> str | None:
    name = "KINETIC_DATABASE_URL"
    raw = read.raw(name)
    if raw is not None and not raw.startswith("postgresql://"):
        # The value may hold a password: say what is wrong without echoing it.
        read.refuse(name, "must be a PostgreSQL URL starting postgresql://")
    return raw


def _redis_url(read: _Reader) -> str | None:
    name = "KINETIC_REDIS_URL"
    raw = read.raw(name)
    if raw is not None and urlsplit(raw).scheme not in ("redis", "rediss", "unix"):
        read.refuse(name, "must be a Redis URL starting redis://, rediss:// or unix://")
    return raw


def _cimd_hosts(read: _Reader) -> tuple[str, ...]:
    name = "KINETIC_CIMD_ALLOWED_HOSTS"
    if not read.is_set(name):
        return DEFAULT_CIMD_ALLOWED_HOSTS
    raw = read.raw(name) or ""
    hosts = tuple(host.strip().lower() for host in raw.split(",") if host.strip())
    for host in hosts:
        if not _HOST_NAME.match(host):
            read.refuse(name, "must be host names separated by commas, such as muse.ai,app.example", host)
    return hosts


def _allowed_origins(read: _Reader) -> tuple[str, ...]:
    name = "KINETIC_EDGE_ALLOWED_ORIGINS"
    if not read.is_set(name):
        return DEFAULT_ALLOWED_ORIGINS
    raw = read.raw(name) or ""
    origins = tuple(origin.strip().lower().rstrip("/") for origin in raw.split(",") if origin.strip())
    for origin in origins:
        parts = urlsplit(origin)
        if (
            parts.scheme not in ("http", "https")
            or not parts.hostname
            or parts.path
            or parts.query
            or parts.fragment
            or "@" in parts.netloc
        ):
            read.refuse(name, "must be origins separated by commas, such as https://app.example", origin)
    return origins


def _demo(read: _Reader) -> DemoSettings:
    email = read.raw("KINETIC_DEMO_EMAIL")
    if email is not None and not re.fullmatch(r"[^@\s]+@[^@\s]+", email):
        read.refuse("KINETIC_DEMO_EMAIL", "must be an email address", email)
    api_key = read.raw("KINETIC_DEMO_API_KEY")
    if api_key is not None and not _API_KEY.match(api_key):
        read.refuse("KINETIC_DEMO_API_KEY", "must be 'rf_' followed by 64 lowercase hex characters")
    # The password's rules are the account's: checked when the demo account is made.
    return DemoSettings(email=email, password=read.raw("KINETIC_DEMO_PASSWORD"), api_key=api_key)


def _tracing(read: _Reader) -> TracingSettings:
    disabled = (read.raw("OTEL_SDK_DISABLED") or "false").lower()
    if disabled not in ("true", "false"):
        read.refuse("OTEL_SDK_DISABLED", "must be true or false", disabled)
    raw_exporters = read.raw("OTEL_TRACES_EXPORTER") or "otlp"
    exporters = {part.strip().lower() for part in raw_exporters.split(",") if part.strip()}
    if not exporters <= set(_TRACE_EXPORTERS):
        read.refuse("OTEL_TRACES_EXPORTER", f"Kinetic supports {', '.join(_TRACE_EXPORTERS)}", raw_exporters)
    endpoint = read.raw("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or read.raw("OTEL_EXPORTER_OTLP_ENDPOINT")
    exporter: str | None = None
    if disabled != "true" and "console" in exporters:
        exporter = "console"
    elif disabled != "true" and "otlp" in exporters and endpoint:
        exporter = "otlp"
    return TracingSettings(exporter=exporter, service_name=read.raw("OTEL_SERVICE_NAME"))


# --- Metrics and logs (docs/decisions/0042-metrics-traces-logs.md) ---------------------------------

LOG_FORMATS = ("text", "json")
_METRICS_EXPORTERS = ("otlp", "console", "none")


@dataclass(frozen=True)
class ObservabilitySettings:
    """Where each process's metrics go and how it writes its log lines.

    ``metrics_ports``: the port of each process's Prometheus ``/metrics`` endpoint, by process name
    ("edge", "auth", ...); a process absent from it serves none. Unset by default for every process:
    the embedded run starts five processes on one host, and any fixed default would collide there
    (and between parallel test runs); deployments set ``9464`` (one process per pod).
    """

    metrics_ports: dict[str, int] = field(default_factory=dict)
    # "otlp" when OTEL_EXPORTER_OTLP_(METRICS_)ENDPOINT is set and OTEL_METRICS_EXPORTER allows it.
    metrics_exporter: str | None = None
    # "text" (the embedded run) or "json" (deployments: one object per line with the trace ID).
    log_format: str = "text"

    def metrics_port(self, process: str) -> int | None:
        """The ``/metrics`` port of ``process``, or None when it serves none."""
        return self.metrics_ports.get(process)


def _observability(read: _Reader) -> ObservabilitySettings:
    ports: dict[str, int] = {}
    for process in ("edge", *SERVICE_NAMES):
        name = f"KINETIC_{process.upper()}_METRICS_PORT"
        if read.raw(name) is not None:
            ports[process] = read.port(name, 0)
    log_format = (read.raw("KINETIC_LOG_FORMAT") or "text").lower()
    if log_format not in LOG_FORMATS:
        read.refuse("KINETIC_LOG_FORMAT", "must be text or json", log_format)
    disabled = (read.raw("OTEL_SDK_DISABLED") or "false").lower() == "true"
    raw_exporters = read.raw("OTEL_METRICS_EXPORTER") or "otlp"
    exporters = {part.strip().lower() for part in raw_exporters.split(",") if part.strip()}
    if not exporters <= set(_METRICS_EXPORTERS):
        read.refuse(
            "OTEL_METRICS_EXPORTER", f"Kinetic supports {', '.join(_METRICS_EXPORTERS)}", raw_exporters
        )
    endpoint = read.raw("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") or read.raw("OTEL_EXPORTER_OTLP_ENDPOINT")
    exporter: str | None = None
    if not disabled and "console" in exporters:
        exporter = "console"
    elif not disabled and "otlp" in exporters and endpoint:
        exporter = "otlp"
    return ObservabilitySettings(metrics_ports=ports, metrics_exporter=exporter, log_format=log_format)


# Mutual TLS between Kinetic's processes (decision 0043) --------------------------------------------
# KINETIC_TLS_DIR names a directory laid out as cert-manager mounts a certificate's Secret: this
# process's certificate (tls.crt), its key (tls.key) and the CA bundle its peers chain to (ca.crt).
TLS_FILES = ("tls.crt", "tls.key", "ca.crt")
# Where the Kubernetes manifests mount each process's Secret ``kinetic-<process>-tls``.
KUBERNETES_TLS_DIR = "/etc/kinetic/tls"
# With TLS on, each service also answers grpc.health.v1 alone, in plaintext, on its port + 10
# (50161-50164 by default): the kubelet's native gRPC probe carries no client certificate.
HEALTH_PORT_OFFSET = 10


@dataclass(frozen=True)
class TlsSettings:
    """This process's certificate and key, and the CA bundle every peer's certificate must chain to."""

    cert_file: Path
    key_file: Path
    ca_file: Path

    @classmethod
    def in_directory(cls, directory: Path) -> TlsSettings:
        """The files of a cert-manager Secret mount: ``tls.crt``, ``tls.key`` and ``ca.crt``."""
        cert, key, ca = (directory / name for name in TLS_FILES)
        return cls(cert_file=cert, key_file=key, ca_file=ca)


def _tls(read: _Reader) -> TlsSettings | None:
    name = "KINETIC_TLS_DIR"
    raw = read.raw(name)
    if raw is None:
        return None
    directory = Path(raw)
    missing = [file for file in TLS_FILES if not (directory / file).is_file()]
    if missing:
        holding = ", ".join(TLS_FILES)
        read.refuse(name, f"must be a directory holding {holding}; missing {', '.join(missing)}", raw)
    return TlsSettings.in_directory(directory)


def _health_port(read: _Reader, service: str, port: int) -> int:
    default = port + HEALTH_PORT_OFFSET if port + HEALTH_PORT_OFFSET <= 65535 else port - HEALTH_PORT_OFFSET
    return read.port(f"KINETIC_{service.upper()}_HEALTH_PORT", default)


def load_settings_or_exit(process: str, env: Mapping[str, str] | None = None) -> Settings:
    """``load_settings`` for a process's entry point: bad settings print one line each on stderr
    and end the process with status 2, before it starts anything."""
    try:
        return load_settings(env)
    except SettingsError as error:
        lines = "\n".join(f"  {problem}" for problem in error.problems)
        print(f"{process}: bad settings, not starting:\n{lines}", file=sys.stderr)
        raise SystemExit(2) from None
