"""What a request is counted under: its account, a hash of its token, or its client address."""

from __future__ import annotations

import hashlib
import ipaddress

from starlette.types import Scope

from edge.guard import PRINCIPAL_KEY, Principal


def account_key(scope: Scope) -> str | None:
    """The authenticated account (set by the guard); None outside a protected resource."""
    principal = scope.get(PRINCIPAL_KEY)
    return principal.account_id if isinstance(principal, Principal) else None


def token_key(scope: Scope) -> str | None:
    """A SHA-256 digest of the bearer credential: the token itself never reaches Redis or logs."""
    for name, value in scope["headers"]:
        if name.lower() == b"authorization":
            scheme, _, credential = value.partition(b" ")
            credential = credential.strip()
            if scheme.lower() == b"bearer" and credential:
                return hashlib.sha256(credential).hexdigest()[:32]
    return None


class ClientAddress:
    """The caller's address as a key; ``X-Forwarded-For`` counts only behind trusted proxies.

    ``trusted_hops`` is the edge's ``trusted_proxy_hops`` setting (``KINETIC_TRUSTED_PROXY_HOPS``).
    With ``trusted_hops`` proxies, each appending the address it received from, the client is the
    ``trusted_hops``-th entry from the right; entries further left are whatever the client sent.
    IPv6 addresses are keyed by their /64, which one subscriber usually holds whole.
    """

    def __init__(self, trusted_hops: int = 0) -> None:
        self._hops = trusted_hops

    def __call__(self, scope: Scope) -> str | None:
        raw = self._forwarded(scope) if self._hops else None
        if raw is None:
            client = scope.get("client")
            raw = client[0] if client else None
        return None if raw is None else address_key(raw)

    def _forwarded(self, scope: Scope) -> str | None:
        chain: list[str] = []
        for name, value in scope["headers"]:
            if name.lower() == b"x-forwarded-for":
                chain.extend(part.strip() for part in value.decode("latin-1").split(","))
        chain = [part for part in chain if part]
        if not chain:
            return None
        return chain[-min(self._hops, len(chain))]


def address_key(raw: str) -> str:
    """An address as a counting key: IPv4 as is (also when IPv6-mapped), IPv6 by its /64."""
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        # A unix socket path or a test client's name: still a stable key, but a bounded one.
        return raw[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
