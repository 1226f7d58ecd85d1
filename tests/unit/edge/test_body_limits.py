"""Bodies read whole under a per-path cap before the app runs (decision 0067)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.types import Message, Receive, Scope, Send

from edge.body_limits import (
    BodyBuffered,
    BodyCaps,
    ows_too_large,
    primed_too_large,
    problem_too_large,
    runflow_too_large,
    size_text,
)


class Client:
    """Sends a body in chunks and records what the edge answers and how much it read."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = list(chunks)
        self.read = 0
        self.sent: list[Message] = []

    async def receive(self) -> Message:
        if not self.chunks:
            return {"type": "http.disconnect"}
        chunk = self.chunks.pop(0)
        self.read += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": bool(self.chunks)}

    async def send(self, message: Message) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        status: int = self.sent[0]["status"]
        return status

    def json(self) -> Any:
        return json.loads(b"".join(m.get("body", b"") for m in self.sent[1:]))


def request(path: str = "/mcp", length: int | None = None) -> Scope:
    headers = [] if length is None else [(b"content-length", str(length).encode())]
    return {"type": "http", "method": "POST", "path": path, "headers": headers}


class Recorder:
    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def test_a_body_within_the_cap_reaches_the_app_whole_and_only_once_it_is_whole() -> None:
    app = Recorder()
    client = Client([b'{"jsonrpc":', b'"2.0"}'])
    await BodyBuffered(app, BodyCaps(100), problem_too_large)(request(), client.receive, client.send)
    assert app.bodies == [b'{"jsonrpc":"2.0"}']
    assert client.status == 200


async def test_a_declared_length_past_the_cap_is_refused_before_a_byte_is_read() -> None:
    app = Recorder()
    client = Client([b"x" * 4096] * 1000)
    await BodyBuffered(app, BodyCaps(1024), problem_too_large)(
        request(length=4_096_000), client.receive, client.send
    )
    assert client.read == 0
    assert app.bodies == []
    assert client.status == 413
    assert client.json()["error"] == "payload_too_large"
    assert "1 KiB (1024 bytes)" in client.json()["error_description"]


async def test_an_undeclared_body_is_cut_at_the_first_chunk_past_the_cap() -> None:
    app = Recorder()
    client = Client([b"x" * 4096] * 1000)
    await BodyBuffered(app, BodyCaps(10_000), problem_too_large)(request(), client.receive, client.send)
    assert client.read == 3 * 4096  # the chunk that went past, and not one more
    assert app.bodies == []
    assert client.status == 413


async def test_caps_by_path_with_or_without_a_trailing_slash() -> None:
    caps = BodyCaps(1024, {"/api/workout-log/imports": 20 * 1024 * 1024})
    assert caps(request("/api/workout-log/imports")) == 20 * 1024 * 1024
    assert caps(request("/api/workout-log/imports/")) == 20 * 1024 * 1024
    assert caps(request("/api/workout-log/exports")) == 1024


@pytest.mark.parametrize(
    ("limit", "text"), [(1024 * 1024, "1 MiB"), (64 * 1024, "64 KiB"), (1000, "1000 bytes")]
)
def test_the_limit_reads_as_a_caller_writes_it(limit: int, text: str) -> None:
    assert size_text(limit) == text


async def test_each_profile_refuses_in_its_own_shape() -> None:
    async def answer(render: Any) -> Any:
        client = Client([])
        await render(client.send, 1024 * 1024)
        assert client.status == 413
        return client.json()

    primed = await answer(primed_too_large)
    assert primed["error"]["code"] == -32001
    assert primed["error"]["data"] == {"code": "INVALID_ARGUMENT", "message": primed["error"]["message"]}
    assert "1 MiB" in primed["error"]["message"]
    ows = await answer(ows_too_large)
    assert ows["result"]["isError"] is True
    assert ows["result"]["content"][0]["text"].startswith("invalid_input: the request body is over 1 MiB")
    runflow = await answer(runflow_too_large("RunFlow MCP"))
    assert runflow["error"]["code"] == -32600
    assert set(runflow["error"]) == {"code", "message"}
    assert runflow["error"]["message"].startswith("RunFlow MCP: ")
