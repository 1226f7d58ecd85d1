"""Count only the JSON-RPC messages that run a tool: ``tools/call`` spends a budget, the rest do not.

The anonymous PlanGen path's budget is ten tool calls per client address per hour (seed 004,
decision 0066). A client's handshake (``initialize``, ``notifications/initialized``), its
``tools/list``, ``ping`` and ``logging/setLevel`` cost nothing to answer and must not eat into it,
or a host that reconnects often could never call a tool. ``ToolCallsCounted`` reads the body once,
sends a request holding a ``tools/call`` (or one it cannot read as JSON-RPC: unproven is counted)
to the rate-limited app and every other request to the same app unlimited, replaying the body to
whichever runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from edge.json_bodies import JsonRefused, read_json

# The MCP transport refuses larger bodies itself; past this, the body is not parsed and counts.
MAX_BODY_TO_PARSE = 4 * 1024 * 1024
COUNTED_METHOD = "tools/call"


def counts_against_budget(body: bytes, whole: bool = True) -> bool:
    """Whether ``body`` holds a ``tools/call``, or cannot be shown not to (not JSON-RPC, not read whole)."""
    if not whole:
        return True
    try:
        parsed = read_json(body)
    except JsonRefused:  # not JSON, or nested too deep to read: unproven, so it counts
        return True
    messages: Sequence[object] = parsed if isinstance(parsed, list) else [parsed]
    if not messages:
        return True
    for message in messages:
        if not isinstance(message, dict):
            return True
        method = message.get("method")
        # A message without a method is a client's response to the server: never a tool call.
        if method == COUNTED_METHOD or (method is not None and not isinstance(method, str)):
            return True
    return False


async def read_prefix(receive: Receive, most: int = MAX_BODY_TO_PARSE) -> tuple[list[Message], bool]:
    """The body's messages up to ``most`` bytes, and whether they hold the whole body.

    Reading stops past ``most`` (the rest stays with ``receive``) or at a disconnect (its message is
    kept, so the app behind sees it too).
    """
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, False
        size += len(message.get("body", b""))
        if size > most:
            return messages, False
        if not message.get("more_body", False):
            return messages, True


def replay(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that hands ``messages`` over again, then goes on reading the real one."""
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


class ToolCallsCounted:
    """Send requests with a tool call to ``counted`` (the app behind its rate limit), others to ``free``."""

    def __init__(self, counted: ASGIApp, free: ASGIApp) -> None:
        self._counted = counted
        self._free = free

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            # HEAD carries no message; whatever runs behind answers it like a POST without a body.
            await self._free(scope, receive, send)
            return
        messages, whole = await read_prefix(receive)
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
        app = self._counted if counts_against_budget(body, whole) else self._free
        await app(scope, replay(messages, receive), send)
