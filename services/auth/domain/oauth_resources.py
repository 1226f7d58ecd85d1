"""Which protected resource an authorization request names, and which of its scopes it asks for.

The table itself is ``kinetic.protected_resources.RESOURCES``, shared with the edge (its discovery
documents and guard) and the launcher. Every resource URL is the issuer (``AuthApp.issuer``, the
edge's public origin) plus a profile path.
"""

from __future__ import annotations

from kinetic.errors import InvalidArgument
from kinetic.protected_resources import RESOURCES, ProtectedResourceInfo


def resource_urls(issuer: str) -> dict[str, ProtectedResourceInfo]:
    """Every known resource URL for ``issuer`` and its resource."""
    return {resource.resource_url(issuer): resource for resource in RESOURCES}


def find_resource(issuer: str, resource_url: str) -> ProtectedResourceInfo | None:
    """The resource at exactly ``resource_url`` (string match, no normalization), if any."""
    return resource_urls(issuer).get(resource_url)


def normalize_scopes(resource: ProtectedResourceInfo, scope: str) -> tuple[str, ...]:
    """The scopes a space-separated ``scope`` asks of ``resource``: legacy names mapped, duplicates
    dropped, first-seen order kept; empty means the resource's default. Unknown → ``invalid_scope``."""
    requested = scope.split()
    if not requested:
        return resource.scopes_by_default()
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
