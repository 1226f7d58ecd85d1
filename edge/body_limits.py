"""Request bodies read whole, under a cap per path, before the request takes an in-flight slot.

A slot taken when the head arrives is held for as long as the body takes, and the body timeout
(30 s, decision 0036) is the only bound: eight strangers trickling bodies to the anonymous PlanGen
path held every slot of the edge and a signed-in call waited 29.5 s. So a request's body is read
here first, as the ASGI messages that brought it, and replayed to the app behind, which runs only
once the body is whole (docs/decisions/0067-fair-slots-and-body-caps.md).

The cap of a path is checked from ``Content-Length`` before a byte of the body is read, then as the
chunks arrive (a chunked body declares nothing); past it the request is answered ``413`` in the
path's own error style, saying the limit, and nothing of it is parsed. The connection stays
open: the HTTP protocol drops the rest of the body unparsed as it arrives (the body timeout still
bounds it), so the client reads the 413 instead of a reset from a socket closed under its upload.

``receiving`` (optional) bounds how many bodies one account has arriving at once, so what a
signed-in caller can make the edge hold in memory is bounded too; waiting for it holds nothing
another account needs.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager, nullcontext

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from edge.ratelimit.responses import PRIMED_ERROR_CODE
from edge.ratelimit.tool_calls import replay

# JSON-RPC 2.0: "The JSON sent is not a valid Request object."
INVALID_REQUEST = -32600

KIB = 1024
MIB = 1024 * KIB

# Decision 0067, "Body caps", from the largest bodies the edge's own tests send (measured):
# JSON-RPC to a signed-in MCP path: RunFlow's batch tools take 200 workouts; the largest batch the
# tests send is ~85 KiB and a full one with every field filled ~400 KiB, so 1 MiB.
MCP_BODY_CAP = 1 * MIB
# The anonymous PlanGen path: one plan request (a handful of fields) or a handshake, under 2 KiB.
# 8 KiB, not 64: what a body costs to parse grows with its size (63 KB of empty lists: 42 ms of the
# event loop's CPU per free ping), and strangers looping such pings slowed signed-in calls 21-45x
# (decision 0067, "Issue 27: the anonymous cap").
PUBLIC_MCP_BODY_CAP = 8 * KIB
# REST JSON bodies: as Metric's REST already refuses (edge/profiles/metric/rest.py).
REST_BODY_CAP = 1 * MIB

# (send, the cap in bytes): answers a body over its path's cap, in the path's own error style.
TooLarge = Callable[[Send, int], Awaitable[None]]


def size_text(limit: int) -> str:
    """``1 MiB``, ``64 KiB`` or ``1000 bytes``: the cap as a caller reads it."""
    if limit % MIB == 0:
        return f"{limit // MIB} MiB"
    if limit % KIB == 0:
        return f"{limit // KIB} KiB"
    return f"{limit} bytes"


def too_large_text(limit: int) -> str:
    return (
        f"the request body is over {size_text(limit)} ({limit} bytes), the most this path takes; "
        "it was refused unread: send a smaller body (fewer items per call)"
    )


async def send_json(send: Send, status: int, body: dict[str, object]) -> None:
    """``body`` as a JSON answer with ``status``, never stored: a refusal sent before any app runs."""
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"content-length", str(len(payload)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def send_too_large(send: Send, body: dict[str, object]) -> None:
    """A ``413`` with ``body`` as JSON."""
    await send_json(send, 413, body)


async def problem_too_large(send: Send, limit: int) -> None:
    """REST, Metric and Client AI: ``{error, error_description}`` with ``payload_too_large``."""
    await send_too_large(send, {"error": "payload_too_large", "error_description": too_large_text(limit)})


async def primed_too_large(send: Send, limit: int) -> None:
    """Primed (seed 001 section 4): JSON-RPC ``-32001``, ``data.code`` ``INVALID_ARGUMENT`` (the
    contract's code for a request to fix and resend; it lists none for size), sent with 413."""
    message = too_large_text(limit)
    error = {
        "code": PRIMED_ERROR_CODE,
        "message": message,
        "data": {"code": "INVALID_ARGUMENT", "message": message},
    }
    await send_too_large(send, {"jsonrpc": "2.0", "error": error, "id": None})


async def ows_too_large(send: Send, limit: int) -> None:
    """Open Workout Schema (seed 003): its tool-error shape, text ``invalid_input: ...``."""
    result = {
        "content": [{"type": "text", "text": f"invalid_input: {too_large_text(limit)}"}],
        "isError": True,
    }
    await send_too_large(send, {"jsonrpc": "2.0", "id": None, "result": result})


def runflow_too_large(server: str) -> TooLarge:
    """RunFlow (seed 004): JSON-RPC ``-32600`` (Invalid Request) with a message naming ``server``.

    Not ``-32002``: seed 004 reserves that code for the paid-tier refusal, and a client that follows
    the contract would tell its user to upgrade (decision 0067).
    """

    async def refuse(send: Send, limit: int) -> None:
        error = {"code": INVALID_REQUEST, "message": f"{server}: {too_large_text(limit)}"}
        await send_too_large(send, {"jsonrpc": "2.0", "id": None, "error": error})

    return refuse


class BodyCaps:
    """The cap of each path: ``default``, or the cap ``by_path`` gives a path (a trailing slash ignored)."""

    def __init__(self, default: int, by_path: Mapping[str, int] | None = None) -> None:
        self.default = default
        self._by_path = dict(by_path or {})

    def __call__(self, scope: Scope) -> int:
        path: str = scope.get("path", "")
        return self._by_path.get(path.rstrip("/") or "/", self.default)


class BodyTooLarge(Exception):
    """A body past its cap, declared or received."""


def declared_length(scope: Scope) -> int | None:
    """The ``Content-Length`` header as a number, or None (absent, or not a number: uvicorn's
    parser refuses those before the app runs)."""
    for name, value in scope["headers"]:
        if name.lower() == b"content-length":
            text = value.strip()
            return int(text) if text.isdigit() else None
    return None


async def read_whole(receive: Receive, cap: int) -> list[Message]:
    """The body's messages until the last one (or a disconnect, kept for the app to see); raises
    ``BodyTooLarge`` as soon as more than ``cap`` bytes have arrived."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages
        size += len(message.get("body", b""))
        if size > cap:
            raise BodyTooLarge
        if not message.get("more_body", False):
            return messages


class BodyBuffered:
    """Read the whole body (at most ``caps(scope)`` bytes) before ``app`` runs; past it, ``too_large``.

    ``receiving(scope)`` (optional) is held while the body arrives: a bound per account on bodies
    arriving at once (``edge.in_flight.Pool.held``), released before ``app`` runs.
    """

    def __init__(
        self,
        app: ASGIApp,
        caps: Callable[[Scope], int],
        too_large: TooLarge,
        receiving: Callable[[Scope], AbstractAsyncContextManager[None]] | None = None,
        on_too_large: Callable[[Scope], None] | None = None,
    ) -> None:
        self._app = app
        self._caps = caps
        self._too_large = too_large
        self._receiving = receiving
        # Told of each refused body (the anonymous path turns the address away: edge.flood_gate).
        self._on_too_large = on_too_large

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        cap = self._caps(scope)
        declared = declared_length(scope)
        if declared is not None and declared > cap:
            await self._refuse(scope, send, cap)
            return
        try:
            async with self._receiving(scope) if self._receiving is not None else nullcontext():
                messages = await read_whole(receive, cap)
        except BodyTooLarge:
            await self._refuse(scope, send, cap)
            return
        await self._app(scope, replay(messages, receive), send)

    async def _refuse(self, scope: Scope, send: Send, cap: int) -> None:
        if self._on_too_large is not None:
            self._on_too_large(scope)
        await self._too_large(send, cap)
