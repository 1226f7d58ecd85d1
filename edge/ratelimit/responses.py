"""Refusals in each profile's own error shape, all with 429, ``Retry-After`` and no caching.

- Metric and REST: ``{"error": "rate_limited", "error_description": ...}`` (seed 000's JSON errors).
- Primed: a JSON-RPC error, code -32001, ``data.code`` ``RATE_LIMITED`` (seed 001, section 4).
- Open Workout Schema: its tool-error shape, a result with ``isError`` and text ``rate_limited: ...``
  (seed 003's errors are tool errors, not JSON-RPC errors).
- RunFlow: a JSON-RPC error, code -32002 and a message, no ``data`` (seed 004); the personal path
  (``/mcp/runflow``) and the anonymous one name themselves in the message.
JSON-RPC refusals echo the request's ``id`` when the body is a single request, else ``null``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from starlette.types import Receive, Scope, Send

from edge.json_bodies import JsonRefused, read_json

# A renderer answers a refused request itself: (scope, receive, send, retry_after_seconds).
Render = Callable[[Scope, Receive, Send, int], Awaitable[None]]

# Only the id is wanted; a larger body is not read to find it.
MAX_BODY_FOR_ID = 64 * 1024
PRIMED_ERROR_CODE = -32001
RUNFLOW_ERROR_CODE = -32002


def _retry_text(seconds: int) -> str:
    return f"rate limit reached; retry after {seconds} second{'s' if seconds != 1 else ''}"


async def send_refusal(send: Send, body: dict[str, object], retry_after: int) -> None:
    """Send a 429 with ``body`` as JSON."""
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"retry-after", str(retry_after).encode()),
        (b"content-length", str(len(payload)).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def metric_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Metric's MCP and REST shape (also the default for REST routes)."""
    await send_refusal(
        send, {"error": "rate_limited", "error_description": _retry_text(retry_after)}, retry_after
    )


async def primed_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Primed's JSON-RPC error payload with its canonical ``RATE_LIMITED`` code."""
    message = _retry_text(retry_after)
    error = {
        "code": PRIMED_ERROR_CODE,
        "message": message,
        "data": {"code": "RATE_LIMITED", "message": message, "retryAfterSeconds": retry_after},
    }
    await send_refusal(send, {"jsonrpc": "2.0", "error": error, "id": await request_id(receive)}, retry_after)


async def _runflow_refusal(receive: Receive, send: Send, retry_after: int, server: str) -> None:
    error = {"code": RUNFLOW_ERROR_CODE, "message": f"{server}: {_retry_text(retry_after)}"}
    await send_refusal(send, {"jsonrpc": "2.0", "id": await request_id(receive), "error": error}, retry_after)


async def runflow_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """RunFlow's JSON-RPC error shape (``code`` and ``message`` only), for its anonymous path."""
    await _runflow_refusal(receive, send, retry_after, "RunFlow public MCP")


async def runflow_personal_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """The same shape for the personal path ``/mcp/runflow`` (decision 0061)."""
    await _runflow_refusal(receive, send, retry_after, "RunFlow MCP")


async def ows_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Open Workout Schema's tool error, whose text starts with its ``rate_limited`` code."""
    text = f"rate_limited: {_retry_text(retry_after)}"
    result = {"content": [{"type": "text", "text": text}], "isError": True}
    body: dict[str, object] = {"jsonrpc": "2.0", "id": await request_id(receive), "result": result}
    await send_refusal(send, body, retry_after)


async def request_id(receive: Receive) -> str | int | None:
    """The JSON-RPC ``id`` of a single request body, or None (batches, notifications, bad JSON)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None  # the client went away
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_FOR_ID:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    try:
        body = read_json(b"".join(chunks))
    except JsonRefused:
        return None
    if isinstance(body, dict):
        value = body.get("id")
        # bool is an int subclass but not a valid id.
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
    return None
