"""Backends that fail for the outage tests: a real gRPC server that never answers, and an edge on it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc

from edge.backends import Backends
from kinetic.settings import EdgeSettings
from tests.integration.edge.conftest import serve_edge


class _Hang(grpc.GenericRpcHandler):
    """Accepts every unary method and never answers (a wedged process, a dead database)."""

    def __init__(self) -> None:
        self.never = asyncio.Event()
        self.calls = 0

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        async def hang(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            self.calls += 1
            await self.never.wait()
            return b""

        return grpc.unary_unary_rpc_method_handler(hang)


@contextlib.asynccontextmanager
async def hung_server() -> AsyncIterator[tuple[str, _Hang]]:
    """A real gRPC server on port 0 whose every call hangs; yields its address and handler."""
    handler = _Hang()
    server = grpc.aio.server()
    server.add_generic_rpc_handlers([handler])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield f"127.0.0.1:{port}", handler
    finally:
        await server.stop(0)


@contextlib.asynccontextmanager
async def edge_on(targets: dict[str, str], public_url: str, sock: socket.socket) -> AsyncIterator[Backends]:
    """The real edge app on ``sock`` with its own channels to ``targets``."""
    settings = EdgeSettings(
        host="127.0.0.1", port=sock.getsockname()[1], public_url=public_url, targets=targets
    )
    backends = Backends.connect(targets)
    try:
        async with serve_edge(settings, backends, sock):
            yield backends
    finally:
        await backends.close()


async def timed(call: Awaitable[Any]) -> tuple[float, Any]:
    """``call``'s result and the seconds it took."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    result = await call
    return loop.time() - started, result


def free_socket() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    return sock


Check = Callable[[], Awaitable[Any]]
