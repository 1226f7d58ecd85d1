"""Client ID Metadata Documents: fetch an ``https`` client ID's JSON with an SSRF guard.

The auth service fetches a URL that a stranger chose, from inside Kinetic's network, so every step
is fenced: only hosts allowed by configuration, https only, the host's addresses resolved once and
refused if any is private, loopback, link-local, multicast or reserved, the connection made to that
vetted address (no second lookup a DNS rebinding could change), no redirects, at most 64 KiB, at most
5 seconds in all: one deadline covers the lookup, the connection, the TLS handshake, the headers and
the body, however slowly a server trickles them (decision 0036). Resolution and transport are
injectable so tests can exercise each fence offline.
"""

from __future__ import annotations

import http.client
import io
import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
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


class _DeadlineSocket:
    """The parts of a socket ``http.client`` uses, each wait bounded by what is left of one deadline.

    A socket timeout bounds each wait for bytes, so a server sending a byte a second never trips
    it; setting the timeout to the time left before every send and receive makes the deadline
    hold for the request, the headers and the body together.
    """

    def __init__(self, tls: ssl.SSLSocket, deadline: float) -> None:
        self._tls = tls
        self._deadline = deadline

    def _time_left(self) -> float:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the deadline passed")
        self._tls.settimeout(left)
        return left

    def sendall(self, data: bytes) -> None:
        self._time_left()
        self._tls.sendall(data)  # one deadline for all of it (socket.sendall since Python 3.5)

    def makefile(self, mode: str) -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self))

    def recv_into(self, buffer: memoryview) -> int:
        self._time_left()
        return self._tls.recv_into(buffer)

    def close(self) -> None:
        self._tls.close()


class _DeadlineReader(io.RawIOBase):
    def __init__(self, sock: _DeadlineSocket) -> None:
        self._sock = sock

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        return self._sock.recv_into(memoryview(buffer))


def https_transport(target: FetchTarget, *, context: ssl.SSLContext | None = None) -> HttpReply:
    """GET over TLS to the vetted address, verifying the certificate for ``host``; no redirects.

    ``target.timeout`` bounds the whole exchange: connecting, the TLS handshake (which Python times
    as a whole), the request, the headers and the body. ``context``: tests trust their own CA.
    """
    deadline = time.monotonic() + target.timeout
    context = context or ssl.create_default_context()
    raw = socket.create_connection((target.address, target.port), timeout=target.timeout)
    try:
        raw.settimeout(max(deadline - time.monotonic(), 0.001))
        tls = context.wrap_socket(raw, server_hostname=target.host)
    except BaseException:
        raw.close()
        raise
    with tls:
        connection = http.client.HTTPSConnection(target.host, target.port)
        # Already connected to the vetted address: no second DNS lookup.
        connection.sock = _DeadlineSocket(tls, deadline)
        connection.request("GET", target.path, headers={"Accept": "application/json"})
        response = connection.getresponse()
        if response.status != 200:
            return HttpReply(response.status, b"")
        return HttpReply(200, response.read(target.max_bytes + 1))


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
        timeout_seconds: float = FETCH_TIMEOUT_SECONDS,
    ) -> None:
        self._timeout = timeout_seconds
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
        # One deadline for the whole fetch: the time the lookup took is not given again to the transport.
        started = self._monotonic()
        try:
            addresses = self._resolve(host, port)
        except OSError as exc:
            raise oauth_error("invalid_client", f"the client's host {host} does not resolve") from exc
        # One bad address refuses the host: an attacker controls which address a connection would use.
        if not addresses or not all(address_allowed(address) for address in addresses):
            raise oauth_error("invalid_client", f"the client's host {host} resolves to a refused address")
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        time_left = self._timeout - (self._monotonic() - started)
        try:
            if time_left <= 0:
                raise TimeoutError("resolving the host used the whole deadline")
            target = FetchTarget(addresses[0], host, port, path, time_left, MAX_DOCUMENT_BYTES)
            reply = self._transport(target)
        except TimeoutError as exc:
            raise oauth_error(
                "invalid_client",
                f"the client metadata document did not arrive within {self._timeout:g} seconds",
            ) from exc
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
