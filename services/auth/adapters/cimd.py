"""Client ID Metadata Documents: fetch an ``https`` client ID's JSON with an SSRF guard.

The auth service fetches a URL that a stranger chose, from inside Kinetic's network, so every step
is fenced: only hosts allowed by configuration, https only, the host's addresses resolved once and
refused if any is private, loopback, link-local, multicast or reserved, the connection made to that
vetted address (no second lookup a DNS rebinding could change), no redirects, at most 64 KiB, at most
5 seconds in all. Resolution and transport are injectable so tests can exercise each fence offline.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from services.auth.domain.oauth_clients import (
    MAX_CLIENT_ID_CHARS,
    OAuthClient,
    client_from_metadata_document,
    parse_json_object,
)
from services.auth.domain.oauth_errors import oauth_error

MAX_DOCUMENT_BYTES = 64 * 1024
FETCH_TIMEOUT_SECONDS = 5.0
CACHE_SECONDS = 300.0


@dataclass(frozen=True)
class FetchTarget:
    """One vetted request: connect to ``address`` but speak TLS and HTTP to ``host``."""

    address: str
    host: str
    port: int
    path: str
    timeout: float
    max_bytes: int


@dataclass(frozen=True)
class HttpReply:
    """Status and (at most ``max_bytes + 1`` bytes of) body."""

    status: int
    body: bytes


Resolver = Callable[[str, int], list[str]]
Transport = Callable[[FetchTarget], HttpReply]


def address_allowed(address: str) -> bool:
    """Whether ``address`` is a public unicast address worth connecting to."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is loopback in disguise
    refused = (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )
    return not refused and ip.is_global


def system_resolver(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def https_transport(target: FetchTarget) -> HttpReply:
    """GET over TLS to the vetted address, verifying the certificate for ``host``; no redirects."""
    deadline = time.monotonic() + target.timeout
    context = ssl.create_default_context()
    raw = socket.create_connection((target.address, target.port), timeout=target.timeout)
    with context.wrap_socket(raw, server_hostname=target.host) as tls:
        connection = http.client.HTTPSConnection(target.host, target.port, timeout=target.timeout)
        connection.sock = tls  # already connected to the vetted address: no second DNS lookup
        connection.request("GET", target.path, headers={"Accept": "application/json"})
        response = connection.getresponse()
        if response.status != 200:
            return HttpReply(response.status, b"")
        body = b""
        while len(body) <= target.max_bytes:
            if time.monotonic() > deadline:
                raise TimeoutError("the metadata document took too long")
            chunk = response.read(min(8192, target.max_bytes + 1 - len(body)))
            if not chunk:
                break
            body += chunk
        return HttpReply(200, body)


class MetadataDocumentFetcher:
    """Resolves ``https`` client IDs to clients, caching good documents for a few minutes."""

    def __init__(
        self,
        allowed_hosts: Iterable[str],
        *,
        resolver: Resolver = system_resolver,
        transport: Transport = https_transport,
        monotonic: Callable[[], float] = time.monotonic,
        cache_seconds: float = CACHE_SECONDS,
    ) -> None:
        self._allowed = frozenset(host.lower() for host in allowed_hosts)
        self._resolve = resolver
        self._transport = transport
        self._monotonic = monotonic
        self._cache_seconds = cache_seconds
        self._cache: dict[str, tuple[float, OAuthClient]] = {}
        self._lock = threading.Lock()

    def fetch(self, client_id: str) -> OAuthClient:
        """The client described at ``client_id``; ``invalid_client`` when anything is off."""
        with self._lock:
            cached = self._cache.get(client_id)
            if cached is not None and cached[0] > self._monotonic():
                return cached[1]
        client = client_from_metadata_document(
            client_id, parse_json_object(self._download(client_id), "invalid_client")
        )
        with self._lock:
            self._cache[client_id] = (self._monotonic() + self._cache_seconds, client)
        return client

    def _download(self, client_id: str) -> bytes:
        parts = urlsplit(client_id)
        try:
            port = parts.port or 443
        except ValueError as exc:
            raise oauth_error("invalid_client", "the client_id URL has a bad port") from exc
        host = (parts.hostname or "").lower()
        if (
            parts.scheme != "https"
            or not host
            or parts.username
            or parts.password
            or parts.fragment
            or parts.path in ("", "/")
            or len(client_id) > MAX_CLIENT_ID_CHARS
        ):
            raise oauth_error(
                "invalid_client", "a URL client_id must be https, with a path, no fragment or credentials"
            )
        if host not in self._allowed:
            raise oauth_error("invalid_client", f"client metadata documents from {host} are not accepted")
        try:
            addresses = self._resolve(host, port)
        except OSError as exc:
            raise oauth_error("invalid_client", f"the client's host {host} does not resolve") from exc
        # One bad address refuses the host: an attacker controls which address a connection would use.
        if not addresses or not all(address_allowed(address) for address in addresses):
            raise oauth_error("invalid_client", f"the client's host {host} resolves to a refused address")
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        target = FetchTarget(addresses[0], host, port, path, FETCH_TIMEOUT_SECONDS, MAX_DOCUMENT_BYTES)
        try:
            reply = self._transport(target)
        except (OSError, http.client.HTTPException) as exc:  # TimeoutError and ssl errors are OSErrors
            raise oauth_error("invalid_client", "the client metadata document could not be fetched") from exc
        if 300 <= reply.status < 400:
            raise oauth_error(
                "invalid_client", "the client metadata document redirects; redirects are not followed"
            )
        if reply.status != 200:
            raise oauth_error(
                "invalid_client", f"fetching the client metadata document gave HTTP {reply.status}"
            )
        if len(reply.body) > MAX_DOCUMENT_BYTES:
            raise oauth_error(
                "invalid_client", f"the client metadata document exceeds {MAX_DOCUMENT_BYTES} bytes"
            )
        return reply.body
