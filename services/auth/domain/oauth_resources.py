"""Kinetic's protected resources (one per assistant profile) and the scopes each one grants.

This table is the single source of truth: the auth service validates ``resource`` and ``scope``
against it, and the edge mirrors it for its discovery documents (RFC 9728) and its guard. Every
resource URL is the issuer (``AuthApp.issuer``, the edge's public origin) plus a profile path.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinetic.errors import InvalidArgument


@dataclass(frozen=True)
class ProtectedResource:
    """One profile's MCP endpoint: its path, the scopes it grants and those granted by default."""

    path: str
    scopes: tuple[str, ...]
    default_scopes: tuple[str, ...]
    # Old scope names that still arrive in authorization requests, mapped to today's scope.
    legacy_scopes: tuple[tuple[str, str], ...] = ()

    def url(self, issuer: str) -> str:
        """The absolute resource URL for ``issuer``."""
        return issuer.rstrip("/") + self.path


RESOURCES: tuple[ProtectedResource, ...] = (
    ProtectedResource(
        path="/api/connectors/muse/mcp",
        scopes=("training",),
        default_scopes=("training",),
        # Seed 000: one Training approval replaces the three legacy permissions.
        legacy_scopes=(
            ("training:read", "training"),
            ("training:write", "training"),
            ("training:delete", "training"),
        ),
    ),
    ProtectedResource(
        path="/mcp/primed",
        scopes=(
            "primed:profile:read",
            "primed:coaching:read",
            "primed:training:read",
            "primed:activity:read",
        ),
        default_scopes=(
            "primed:profile:read",
            "primed:coaching:read",
            "primed:training:read",
            "primed:activity:read",
        ),
    ),
    ProtectedResource(path="/mcp/client-ai", scopes=("client_ai",), default_scopes=("client_ai",)),
    ProtectedResource(path="/mcp/ows", scopes=("ows",), default_scopes=("ows",)),
    ProtectedResource(path="/mcp/runflow", scopes=("mcp:full",), default_scopes=("mcp:full",)),
)


def resource_urls(issuer: str) -> dict[str, ProtectedResource]:
    """Every known resource URL for ``issuer`` and its resource."""
    return {resource.url(issuer): resource for resource in RESOURCES}


def find_resource(issuer: str, resource_url: str) -> ProtectedResource | None:
    """The resource at exactly ``resource_url`` (string match, no normalization), if any."""
    return resource_urls(issuer).get(resource_url)


def normalize_scopes(resource: ProtectedResource, scope: str) -> tuple[str, ...]:
    """The scopes a space-separated ``scope`` asks of ``resource``: legacy names mapped, duplicates
    dropped, first-seen order kept; empty means the resource's default. Unknown → ``invalid_scope``."""
    requested = scope.split()
    if not requested:
        return resource.default_scopes
    legacy = dict(resource.legacy_scopes)
    normalized: list[str] = []
    for name in requested:
        mapped = legacy.get(name, name)
        if mapped not in resource.scopes:
            raise InvalidArgument(
                f"scope: {name!r} is not a scope of this resource; use any of {' '.join(resource.scopes)}",
                reason="invalid_scope",
                metadata={"field": "scope"},
            )
        if mapped not in normalized:
            normalized.append(mapped)
    return tuple(normalized)
