"""An MCP POST that accepts only ``text/event-stream`` gets its answer as one server-sent event.

The edge runs the SDK's streamable HTTP transport stateless with JSON answers (``json_response``):
a POST whose ``Accept`` lacks ``application/json`` would get 406. Seed 001's own curl sends
``Accept: text/event-stream`` alone, and the transport lets a server answer a POST with a stream.
So such a request is handed on asking for JSON, and a 200 JSON answer goes back as a stream of one
``message`` event holding the same JSON-RPC message. Anything else (202 for a notification, a
refusal with its HTTP status, 406 for an Accept that names neither) goes back as it came: an HTTP
error is not a stream. The same rule on every profile's MCP path (decision 0077).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

EVENT_STREAM = "text/event-stream"
_JSON_TYPES = ("application/json", "application/*", "*/*")
_STREAM_TYPES = (EVENT_STREAM, "text/*")


def _accepted(scope: Scope) -> list[str]:
    """The media types of the request's Accept headers, lower case, parameters dropped."""
    values = b",".join(value for name, value in scope["headers"] if name == b"accept")
    return [part.split(";")[0].strip().lower() for part in values.decode("latin-1").split(",")]


def wants_a_stream_only(scope: Scope) -> bool:
    """Whether the request accepts an event stream and not JSON (the SDK's own reading of Accept)."""
    accepted = _accepted(scope)
    return any(t in _STREAM_TYPES for t in accepted) and not any(t in _JSON_TYPES for t in accepted)


def as_one_event(body: bytes) -> bytes:
    """One SSE ``message`` event whose data is ``body`` (each line of it a ``data:`` line)."""
    lines = body.decode("utf-8").splitlines() or [""]
    return ("event: message\r\n" + "".join(f"data: {line}\r\n" for line in lines) + "\r\n").encode("utf-8")


class EventStreamAnswers:
    """Answers a stream-only POST as one event; every other request passes untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not wants_a_stream_only(scope):
            await self._app(scope, receive, send)
            return
        headers = [(k, v) for k, v in scope["headers"] if k != b"accept"]
        asking_json = {**scope, "headers": [*headers, (b"accept", b"application/json")]}
        start: Message | None = None
        framing = False
        body = bytearray()

        async def reframe(message: Message) -> None:
            nonlocal start, framing
            if message["type"] == "http.response.start":
                content_type = dict(message.get("headers", [])).get(b"content-type", b"")
                framing = message["status"] == 200 and content_type.startswith(b"application/json")
                if not framing:
                    await send(message)
                    return
                start = message
                return
            if not framing or message["type"] != "http.response.body":
                await send(message)
                return
            body.extend(message.get("body", b""))
            if message.get("more_body", False):
                return
            assert start is not None
            event = as_one_event(bytes(body))
            kept = [
                (k, v)
                for k, v in start.get("headers", [])
                if k.lower() not in (b"content-type", b"content-length")
            ]
            await send(
                {
                    **start,
                    "headers": [
                        *kept,
                        (b"content-type", EVENT_STREAM.encode()),
                        (b"content-length", str(len(event)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": event})

        await self._app(asking_json, receive, reframe)
