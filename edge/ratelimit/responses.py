"""Refusals in each profile's own error shape, all with 429, ``Retry-After`` and no caching.

- Metric and REST: ``{"error": "rate_limited", "error_description": ...}`` (seed 000's JSON errors).
- Primed: a JSON-RPC error, code -32001, ``data.code`` ``RATE_LIMITED`` (seed 001, section 4).
- Open Workout Schema: a ``tools/call`` over budget is its tool error, a result with ``isError`` and
  text ``rate_limited: ...`` sent with HTTP 200, so an MCP client hands the text to the model (seed
  003's errors are tool errors; a 429 carrying a result is an HTTP failure to the client). Any other
  request over budget is a 429 with a JSON-RPC error whose message starts ``rate_limited:``.
- RunFlow: a JSON-RPC error ``-32000`` and a message, no ``data`` (seed 004's errors carry only a
  message; its ``-32002`` is the paid-tier gate's alone); the personal path (``/mcp/runflow``) and
  the anonymous one name themselves in the message.
JSON-RPC refusals echo the request's ``id`` when the body is a single request, else ``null``.
Decision 0075 (docs/decisions/0075-error-meanings.md).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from mcp_types.methods import serialize_server_result
from pydantic import ValidationError
from starlette.types import Receive, Scope, Send

from edge.json_bodies import JsonRefused, read_json

# What MCP's transport says to assume of a request that names no protocol version.
UNNAMED_PROTOCOL_VERSION = "2025-03-26"

# A renderer answers a refused request itself: (scope, receive, send, retry_after_seconds).
Render = Callable[[Scope, Receive, Send, int], Awaitable[None]]

# Only the id is wanted; a larger body is not read to find it.
MAX_BODY_FOR_ID = 64 * 1024
PRIMED_ERROR_CODE = -32001
# Seed 004's free-tier refusal ("requires an active Paid Premium account"): the tier gate's alone.
RUNFLOW_ERROR_CODE = -32002
# JSON-RPC's first implementation-defined server error: a budget spent, for contracts that name no
# code of their own for it (RunFlow; OWS outside a tool call). Decision 0075.
RATE_LIMITED_CODE = -32000


# Set in the scope by the rate-limit middleware when a request was refused for the requests
# already running, not for the budget: the caller then waits for one to finish, not for a minute.
CONCURRENCY_CAP = "kinetic.concurrency_cap"


def _retry_text(seconds: int, scope: Scope | None = None) -> str:
    wait = f"retry after {seconds} second{'s' if seconds != 1 else ''}"
    cap = scope.get(CONCURRENCY_CAP) if scope is not None else None
    if isinstance(cap, int):
        return f"too many requests at once: at most {cap} of this credential's requests run together; {wait}"
    return f"rate limit reached; {wait}"


async def send_refusal(send: Send, body: dict[str, object], retry_after: int, status: int = 429) -> None:
    """Send a 429 (or ``status``) with ``body`` as JSON and ``Retry-After``."""
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"retry-after", str(retry_after).encode()),
        (b"content-length", str(len(payload)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def metric_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Metric's MCP and REST shape (also the default for REST routes)."""
    await send_refusal(
        send, {"error": "rate_limited", "error_description": _retry_text(retry_after, scope)}, retry_after
    )


async def primed_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Primed's JSON-RPC error payload with its canonical ``RATE_LIMITED`` code."""
    message = _retry_text(retry_after, scope)
    error = {
        "code": PRIMED_ERROR_CODE,
        "message": message,
        "data": {"code": "RATE_LIMITED", "message": message, "retryAfterSeconds": retry_after},
    }
    await send_refusal(send, {"jsonrpc": "2.0", "error": error, "id": await request_id(receive)}, retry_after)


async def _runflow_refusal(receive: Receive, send: Send, retry_after: int, server: str) -> None:
    error = {"code": RATE_LIMITED_CODE, "message": f"{server}: {_retry_text(retry_after)}"}
    await send_refusal(send, {"jsonrpc": "2.0", "id": await request_id(receive), "error": error}, retry_after)


async def runflow_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """RunFlow's JSON-RPC error shape (``code`` and ``message`` only), for its anonymous path."""
    await _runflow_refusal(receive, send, retry_after, "RunFlow public MCP")


async def runflow_personal_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """The same shape for the personal path ``/mcp/runflow`` (decision 0061)."""
    await _runflow_refusal(receive, send, retry_after, "RunFlow MCP")


async def ows_refusal(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """Open Workout Schema's ``rate_limited``: a tool error for a tool call, else a 429.

    A ``tools/call`` gets the tool error its contract promises (text ``rate_limited: ... retry after
    N seconds``) as a result with HTTP 200: the mcp client raises on a 429 that holds no JSON-RPC
    error, and the model would never read the text. Every other request (``initialize``,
    ``tools/list``...) has no tool result to carry it, so it keeps 429 with a JSON-RPC error of the
    same text, which clients surface as the error's message.
    """
    text = f"rate_limited: {_retry_text(retry_after, scope)}"
    message = await _single_request(receive)
    ident = message_id(message)
    if message is not None and message.get("method") == "tools/call" and ident is not None:
        result = tool_error_result(scope, text)
        await send_refusal(send, {"jsonrpc": "2.0", "id": ident, "result": result}, retry_after, status=200)
        return
    error = {"code": RATE_LIMITED_CODE, "message": text}
    await send_refusal(send, {"jsonrpc": "2.0", "id": ident, "error": error}, retry_after)


def tool_error_result(scope: Scope, text: str) -> dict[str, object]:
    """A ``tools/call`` result with ``isError`` and ``text``, in the shape of the request's protocol
    version (2026-era results carry ``resultType``, which the mcp client requires there)."""
    result = {"content": [{"type": "text", "text": text}], "isError": True}
    named = dict(scope.get("headers") or []).get(b"mcp-protocol-version", b"").decode("latin-1")
    try:
        shaped = serialize_server_result(
            "tools/call", named or UNNAMED_PROTOCOL_VERSION, {**result, "resultType": "complete"}
        )
    except (ValueError, KeyError, ValidationError):  # a version this SDK does not know
        return result
    return shaped


async def request_id(receive: Receive) -> str | int | None:
    """The JSON-RPC ``id`` of a single request body, or None (batches, notifications, bad JSON)."""
    return message_id(await _single_request(receive))


async def request_message(receive: Receive) -> dict[str, object] | None:
    """The body as one JSON-RPC message, or None (a batch, not JSON, too large, the client gone):
    for a refusal that names what the request asked for (Primed's 401, decision 0081)."""
    return await _single_request(receive)


def message_id(message: dict[str, object] | None) -> str | int | None:
    """The JSON-RPC ``id`` of ``message``, or None (no message, a notification, an invalid id)."""
    if message is None:
        return None
    value = message.get("id")
    # bool is an int subclass but not a valid id.
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return None


async def _single_request(receive: Receive) -> dict[str, object] | None:
    """The body as one JSON-RPC message, or None (a batch, not JSON, too large, the client gone)."""
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
    return body if isinstance(body, dict) else None
