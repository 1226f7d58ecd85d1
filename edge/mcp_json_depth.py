"""The MCP paths' nesting check: a JSON-RPC body nested too deep is refused before the SDK reads it.

The SDK parses MCP bodies itself (pydantic refuses past about 200 levels with its own -32700), but
the edge's wrappers in front of it read the same body (the public path's tool-call counter, a rate
limit refusal's ``id``) and the tools walk their arguments recursively. ``JsonDepthChecked``
measures the body with ``edge.json_bodies.nesting_depth`` (linear, not recursive) and answers a
body deeper than ``MAX_JSON_DEPTH`` with JSON-RPC's parse error, ``-32700``, HTTP 400: the code
JSON-RPC 2.0 gives to a body the server cannot parse, which the SDK also uses for its own depth
limit. Never ``-32002``, which RunFlow's contract keeps for its refusals. Decision 0068.
"""

from __future__ import annotations

from typing import Final

from starlette.types import ASGIApp, Receive, Scope, Send

from edge.body_limits import send_json
from edge.json_bodies import MAX_JSON_DEPTH, nesting_depth, too_deep
from edge.ratelimit.tool_calls import read_prefix, replay

PARSE_ERROR: Final = -32700
# The SDK refuses bodies over 4 MiB itself (413); a longer body is passed on unmeasured.
MAX_BODY_TO_MEASURE: Final = 4 * 1024 * 1024


async def refuse_too_deep(send: Send, depth: int, limit: int) -> None:
    """The JSON-RPC parse error for a body nested ``depth`` levels (``id`` null: it was not read)."""
    message = f"Parse error: {too_deep(depth, 'the JSON-RPC body', limit)}"
    await send_json(
        send, 400, {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": message}}
    )


class JsonDepthChecked:
    """Pass POSTs whose body nests at most ``limit`` levels to ``app``; refuse deeper ones."""

    def __init__(self, app: ASGIApp, limit: int = MAX_JSON_DEPTH) -> None:
        self._app = app
        self._limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self._app(scope, receive, send)
            return
        messages, whole = await read_prefix(receive, MAX_BODY_TO_MEASURE)
        if whole:
            body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
            # Decoded leniently: bytes that are not UTF-8 are the SDK's parse error to answer.
            depth = nesting_depth(body.decode("utf-8", "replace"))
            if depth > self._limit:
                await refuse_too_deep(send, depth, self._limit)
                return
        await self._app(scope, replay(messages, receive), send)
