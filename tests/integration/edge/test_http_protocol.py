"""The edge's HTTP protocol against real sockets: head and body timeouts, the per-address cap.

A real uvicorn server on port 0 runs the protocol class the edge runs (``edge.http_protocol``) in
front of a small app that reads the whole body and says how long it was: the protocol, not the
app, is under test. Clients are raw sockets, so they can stop halfway or trickle.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator

import pytest
import uvicorn
from starlette.types import Receive, Scope, Send

from edge.http_protocol import GuardedHttpToolsProtocol, http_protocol
from kinetic.settings import EdgeSettings
from tests.eventually import eventually

TIMEOUT = 1.0
# Scheduling slack on a loaded machine: a cut-off is late by less than this.
MARGIN = 1.0
CAP = 3
REQUEST = b"POST /count HTTP/1.1\r\nHost: edge\r\nContent-Length: 5\r\n\r\nhello"


async def count_body(scope: Scope, receive: Receive, send: Send) -> None:
    assert scope["type"] == "http"
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    body = f"{size} bytes".encode()
    headers = [(b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Server:
    def __init__(self, port: int, protocol: type[GuardedHttpToolsProtocol]) -> None:
        self.port = port
        self.protocol = protocol

    async def connect(self, source: str = "127.0.0.1") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0))

    async def held_by(self, address: str, count: int) -> None:
        """Wait until the server counts ``count`` open connections from ``address``."""
        counts = self.protocol.open_connections
        assert counts is not None
        await eventually(lambda: counts.held_by(address) == count, what=f"{count} connections from {address}")


@contextlib.asynccontextmanager
async def serving(**limits: float) -> AsyncIterator[Server]:
    settings = EdgeSettings(
        host="127.0.0.1",
        port=0,
        public_url="http://127.0.0.1",
        targets={},
        **{
            "header_timeout_seconds": TIMEOUT,
            "body_timeout_seconds": TIMEOUT,
            "max_connections_per_address": CAP,
            **limits,
        },  # type: ignore[arg-type]
    )
    protocol = http_protocol(settings)
    sock = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(
        uvicorn.Config(
            count_body, http=protocol, lifespan="off", log_level="warning", timeout_graceful_shutdown=1
        )
    )
    running = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await eventually(lambda: server.started, what="uvicorn started")
        yield Server(sock.getsockname()[1], protocol)
    finally:
        server.should_exit = True
        await running
        sock.close()


async def read_until_closed(reader: asyncio.StreamReader, within: float) -> bytes:
    """Everything the server sends until it closes the connection; fails if it is still open."""
    received = b""
    async with asyncio.timeout(within):
        with contextlib.suppress(ConnectionResetError):
            while chunk := await reader.read(4096):
                received += chunk
    return received


async def exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bytes:
    """One prompt request; the response's head and body."""
    writer.write(REQUEST)
    head = await reader.readuntil(b"\r\n\r\n")
    return head + await reader.readexactly(len(b"5 bytes"))


@pytest.mark.parametrize(
    "sent",
    [b"", b"POST /cou", b"POST /count HTTP/1.1\r\nHost: edge\r\nContent-Le"],
    ids=["nothing", "half-a-request-line", "half-the-headers"],
)
async def test_a_head_that_stops_halfway_gets_408_and_is_closed_at_the_head_timeout(sent):
    async with serving() as server:
        reader, writer = await server.connect()
        started = time.monotonic()
        writer.write(sent)
        received = await read_until_closed(reader, TIMEOUT + MARGIN)
        elapsed = time.monotonic() - started
        writer.close()
    assert TIMEOUT - 0.05 <= elapsed < TIMEOUT + MARGIN, elapsed
    assert received.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert received.endswith(b"the request head did not arrive within 1 seconds")


async def test_a_keep_alive_connections_next_head_has_the_same_timeout():
    async with serving() as server:
        reader, writer = await server.connect()
        assert (await exchange(reader, writer)).startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        writer.write(b"POST /count HTTP/1.1\r\nHo")
        received = await read_until_closed(reader, TIMEOUT + MARGIN)
        elapsed = time.monotonic() - started
        writer.close()
    assert TIMEOUT - 0.05 <= elapsed < TIMEOUT + MARGIN, elapsed
    assert received.startswith(b"HTTP/1.1 408 Request Timeout\r\n")


async def test_a_trickled_body_is_cut_off_at_the_body_timeout():
    async with serving(header_timeout_seconds=30) as server:
        reader, writer = await server.connect()
        writer.write(b"POST /count HTTP/1.1\r\nHost: edge\r\nContent-Length: 1000\r\n\r\n")
        await writer.drain()
        started = time.monotonic()

        async def trickle() -> None:
            with contextlib.suppress(ConnectionError):
                for _ in range(1000):
                    writer.write(b"x")
                    await writer.drain()
                    await asyncio.sleep(0.1)  # the trickling client's own pace: 10 bytes a second

        trickling = asyncio.create_task(trickle())
        try:
            received = await read_until_closed(reader, TIMEOUT + MARGIN)
        finally:
            trickling.cancel()
        elapsed = time.monotonic() - started
        writer.close()
    assert TIMEOUT - 0.05 <= elapsed < TIMEOUT + MARGIN, elapsed
    assert received.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert received.endswith(b"the request body did not arrive within 1 seconds")


async def test_prompt_requests_are_untouched_by_the_timeouts():
    async with serving() as server:
        reader, writer = await server.connect()
        for _ in range(3):
            assert (await exchange(reader, writer)).endswith(b"\r\n\r\n5 bytes")
        writer.close()


async def test_the_connection_past_the_cap_from_one_address_is_refused_while_another_connects():
    async with serving(header_timeout_seconds=30) as server:
        held = [await server.connect() for _ in range(CAP)]
        await server.held_by("127.0.0.1", CAP)

        reader, writer = await server.connect()
        received = await read_until_closed(reader, MARGIN)
        writer.close()
        assert received.startswith(b"HTTP/1.1 429 Too Many Requests\r\n")
        assert b"retry-after: 1\r\n" in received
        assert received.endswith(
            b"too many open connections from your address (at most 3); close idle ones and retry"
        )

        other = await server.connect("127.0.0.2")
        assert (await exchange(*other)).endswith(b"5 bytes")
        other[1].close()
        for connection in held:  # the ones admitted still work
            assert (await exchange(*connection)).endswith(b"5 bytes")

        held.pop()[1].close()
        await server.held_by("127.0.0.1", CAP - 1)
        again = await server.connect()
        assert (await exchange(*again)).endswith(b"5 bytes")
        for _, writer in [*held, again]:
            writer.close()


async def test_behind_trusted_proxies_the_peer_is_a_proxy_and_is_not_capped():
    async with serving(header_timeout_seconds=30, trusted_proxy_hops=1) as server:
        assert server.protocol.open_connections is None
        connections = [await server.connect() for _ in range(CAP + 2)]
        for connection in connections:
            assert (await exchange(*connection)).endswith(b"5 bytes")
        for _, writer in connections:
            writer.close()
