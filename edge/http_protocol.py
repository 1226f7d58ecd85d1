"""The edge's HTTP protocol: uvicorn's httptools protocol with request timeouts and a connection cap.

uvicorn times out only idle keep-alive connections, so a client that sends half a request head, or
a body one byte at a time, holds its socket for as long as it likes. Here (decision 0036):

- head timeout: a connection's request head must be whole within ``header_timeout_seconds`` of
  the connection opening, or, on a keep-alive connection, of the next request's first byte;
- body timeout: its body must be whole within ``body_timeout_seconds`` of the head, however
  steadily the bytes come;
- a cap of ``max_connections_per_address`` open connections per socket peer address (IPv6 by /64).
  Only the socket peer is known when a connection opens; ``X-Forwarded-For`` comes later, per
  request, and a proxy's pooled connection carries many clients' requests. Behind trusted proxies
  (``trusted_proxy_hops`` > 0) every peer is a proxy, so the cap is not applied: per-client
  connection limits belong to the proxy there.

- refused addresses (``edge.flood_gate``): an address the app has just refused on an anonymous
  surface (plan pages, the public PlanGen path) gets a fixed ``429`` as soon as its request head is
  parsed, and the connection is closed: no ASGI task, no routing, no body read (decision 0067).

A late head gets ``408`` and the connection is closed; a late body gets ``408`` when nothing was
answered yet, otherwise the connection is just closed (the app sees a disconnect). A connection
past the cap gets ``429`` and is closed before its request is read.

``http_protocol(settings)`` returns the class to pass to uvicorn as ``http=``.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from edge.flood_gate import SURFACES, RefusedAddresses, refused_response
from edge.ratelimit.keys import address_key
from kinetic.settings import EdgeSettings


class OpenConnections:
    """How many connections each address holds open, admitted up to a cap (0: no cap)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._open: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        held = self._open.get(address, 0)
        if self.cap and held >= self.cap:
            return False
        self._open[address] = held + 1
        return True

    def release(self, address: str) -> None:
        held = self._open.pop(address, 0) - 1
        if held > 0:
            self._open[address] = held

    def held_by(self, address: str) -> int:
        return self._open.get(address, 0)


def _plain_response(status: str, message: str, *extra_headers: str) -> bytes:
    body = message.encode()
    head = [
        f"HTTP/1.1 {status}",
        "content-type: text/plain; charset=utf-8",
        f"content-length: {len(body)}",
        "connection: close",
        *extra_headers,
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """One connection; the class attributes are set per server by ``http_protocol``."""

    header_timeout: ClassVar[float]
    body_timeout: ClassVar[float]
    # None: connections are not counted (behind trusted proxies, or a cap of 0).
    open_connections: ClassVar[OpenConnections | None]
    # None: no address is turned away here (behind trusted proxies every peer is a proxy).
    refused_addresses: ClassVar[RefusedAddresses | None]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What the connection waits for ("head", "body" or None: nothing of the client's), as the
        # parser's callbacks say, and the deadline armed for it. Deadlines are armed once the
        # received bytes are parsed, so a request that arrives whole costs no timer at all.
        self._waiting_for: str | None = "head"
        self._armed_for: str | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._counted_as: str | None = None
        self._refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.open_connections is not None and self.client is not None:
            address = address_key(self.client[0])
            if not self.open_connections.admit(address):
                self._refuse(
                    _plain_response(
                        "429 Too Many Requests",
                        f"too many open connections from your address (at most "
                        f"{self.open_connections.cap}); close idle ones and retry",
                        "retry-after: 1",
                    )
                )
                return
            self._counted_as = address
        self._follow()  # the first head's deadline runs from the connection opening

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted_as is not None and self.open_connections is not None:
            self.open_connections.release(self._counted_as)
            self._counted_as = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:  # a refused connection's request is never parsed, let alone run
            return
        super().data_received(data)
        self._follow()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._waiting_for = "head"

    def on_headers_complete(self) -> None:
        if self._refused:
            return
        retry_after = self._turned_away()
        if retry_after:
            self._refuse(refused_response(retry_after))
            return
        super().on_headers_complete()
        self._waiting_for = "body"

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._refused:
            return
        super().on_message_complete()
        self._waiting_for = None

    def _turned_away(self) -> int:
        """Seconds the peer stays refused on the surface this request's path belongs to; 0: serve it."""
        if self.refused_addresses is None or self.client is None:
            return 0
        surface = SURFACES(httptools.parse_url(self.url).path.decode("latin-1"))
        if surface is None:
            return 0
        return self.refused_addresses.retry_after(address_key(self.client[0]), surface)

    def _follow(self) -> None:
        """Arm the deadline of what the connection now waits for, unless it is already running."""
        if self._waiting_for == self._armed_for or self._refused:
            return
        self._disarm()
        if self._waiting_for == "head":
            self._deadline = self.loop.call_later(self.header_timeout, self._head_too_late)
        elif self._waiting_for == "body":
            self._deadline = self.loop.call_later(self.body_timeout, self._body_too_late)
        self._armed_for = self._waiting_for

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._armed_for = None

    def _answering(self) -> bool:
        """Whether a response has begun on this connection and is not finished."""
        return self.cycle is not None and self.cycle.response_started and not self.cycle.response_complete

    def _head_too_late(self) -> None:
        message = f"the request head did not arrive within {self.header_timeout:g} seconds"
        self._refuse(None if self._answering() else _plain_response("408 Request Timeout", message))

    def _body_too_late(self) -> None:
        message = f"the request body did not arrive within {self.body_timeout:g} seconds"
        started = self.cycle is not None and self.cycle.response_started
        self._refuse(None if started else _plain_response("408 Request Timeout", message))

    def _refuse(self, response: bytes | None) -> None:
        self._refused = True
        if self.transport.is_closing():
            return
        if response is not None:
            self.transport.write(response)
        self.transport.close()


def http_protocol(
    settings: EdgeSettings, refused_addresses: RefusedAddresses | None = None
) -> type[GuardedHttpToolsProtocol]:
    """The protocol class for one server: its own connection counts, the settings' limits, and the
    addresses the app (``create_app(..., refused_addresses)``) has turned away."""
    direct_peers = settings.trusted_proxy_hops == 0
    capped = settings.max_connections_per_address > 0 and direct_peers
    attributes = {
        "header_timeout": settings.header_timeout_seconds,
        "body_timeout": settings.body_timeout_seconds,
        "open_connections": OpenConnections(settings.max_connections_per_address) if capped else None,
        "refused_addresses": refused_addresses if direct_peers else None,
    }
    return type("EdgeHttpProtocol", (GuardedHttpToolsProtocol,), attributes)
