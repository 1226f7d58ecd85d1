"""No class of callers takes another's slots, and no body is read past its path's cap (decision 0067).

The real edge under uvicorn with the edge's HTTP protocol, on loopback. Slow bodies are raw sockets
that send a request head and part of the body, then hold it (the body timeout is the stack's 30 s,
far beyond each test's caps): each is a request in progress that has not finished arriving.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import httpx2

from edge.body_limits import MCP_BODY_CAP, PUBLIC_MCP_BODY_CAP
from edge.flood_gate import OVERSIZED_BODY_REFUSAL_S
from kinetic.protected_resources import PRIMED, PUBLIC_PLANGEN_PATH, RUNFLOW
from tests.integration.edge.ows_calls import OWS_PATH, ows_token
from tests.integration.edge.primed_calls import post_tool_call, primed_token
from tests.integration.edge.runflow_calls import runflow_token

# Generous: a signed-in call takes ~0.02 s here; before decision 0067 it waited the body timeout.
PROMPTLY_SECONDS = 10.0
DECLARED_BODY = 4000
# 3.9 MB: the ping of issue 26 (row 5).
HUGE_PING_BYTES = 3_900_000


def head(path: str, host: str, length: int | None, token: str | None = None) -> bytes:
    lines = [
        f"POST {path} HTTP/1.1",
        f"Host: {host}",
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
        "MCP-Protocol-Version: 2025-06-18",
        f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked",
    ]
    if token is not None:
        lines.append(f"Authorization: Bearer {token}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


@contextlib.asynccontextmanager
async def slow_bodies(
    base_url: str, path: str, count: int, token: str | None = None
) -> AsyncIterator[list[asyncio.StreamWriter]]:
    """``count`` connections, each with a whole head and 20 bytes of a 4000-byte body, held open."""
    url = urlsplit(base_url)
    assert url.hostname == "127.0.0.1"  # loopback only
    writers: list[asyncio.StreamWriter] = []
    try:
        for _ in range(count):
            _, writer = await asyncio.open_connection(url.hostname, url.port)
            writer.write(head(path, url.netloc, DECLARED_BODY, token) + b'{"jsonrpc":"2.0","id"')
            await writer.drain()
            writers.append(writer)
        # The server reads in order of arrival: once a probe sent after every head is answered, every
        # head has been read and its request has started.
        async with httpx2.AsyncClient(timeout=30) as http:
            assert (await http.get(base_url + "/healthz")).status_code == 200
        yield writers
    finally:
        for writer in writers:
            writer.close()


async def signed_in_call(stack: Any) -> tuple[httpx2.Response, float]:
    started = time.monotonic()
    async with asyncio.timeout(PROMPTLY_SECONDS):
        response = await post_tool_call(
            stack.mcp_url, stack.api_key, "read_training", {"view": "exercises", "query": "squat"}
        )
    return response, time.monotonic() - started


async def test_slow_anonymous_bodies_leave_signed_in_calls_their_slots(stack):
    baseline, _ = await signed_in_call(stack)
    assert baseline.status_code == 200
    for count in (8, 32):
        async with slow_bodies(stack.base_url, PUBLIC_PLANGEN_PATH, count):
            for _ in range(3):
                response, seconds = await signed_in_call(stack)
                assert response.status_code == 200, response.text
                assert "error" not in response.json()
                assert seconds < PROMPTLY_SECONDS


async def test_the_eleventh_concurrent_primed_call_of_a_token_is_refused_at_once(stack):
    token = await primed_token(stack)
    url = stack.base_url + PRIMED.path
    async with slow_bodies(stack.base_url, PRIMED.path, 10, token):
        # The ten may still be in the guard when the probe answers: ask until the eleventh is refused
        # (each answer is prompt once the ten hold their token's slots; before, the first waited).
        async with asyncio.timeout(PROMPTLY_SECONDS):
            while True:
                started = time.monotonic()
                refused = await post_tool_call(url, token, "get_primed_profile")
                seconds = time.monotonic() - started
                if refused.status_code == 429:
                    break
    assert seconds < PROMPTLY_SECONDS
    assert refused.headers["retry-after"] == "1"
    error = refused.json()["error"]
    assert error["code"] == -32001
    assert error["data"]["code"] == "RATE_LIMITED"
    # Another token of the same account is another client: its calls are not refused.
    other = await post_tool_call(url, await primed_token(stack), "get_primed_profile")
    assert other.status_code == 200, other.text


async def read_raw_answer(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    async with asyncio.timeout(PROMPTLY_SECONDS):
        status_line = await reader.readline()
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        body = await reader.readexactly(int(headers["content-length"]))
    return int(status_line.split()[1]), headers, body


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], dict[str, Any]]:
    status, headers, body = await read_raw_answer(reader)
    return status, headers, json.loads(body)


def huge_ping() -> bytes:
    return json.dumps(
        {"jsonrpc": "2.0", "id": 7, "method": "ping", "params": {"_meta": {"pad": "x" * HUGE_PING_BYTES}}}
    ).encode()


async def refused_unread(
    base_url: str, path: str, token: str | None, *, chunked: bool = False, source: str = "127.0.0.1"
) -> tuple[int, dict[str, str], dict[str, Any]]:
    """A 3.9 MB ping, of which only enough to pass the cap is sent: the answer must come anyway.
    ``source``: the loopback address it comes from (an oversized anonymous body turns its address
    away from the public path for a while, edge.flood_gate)."""
    url = urlsplit(base_url)
    body = huge_ping()
    reader, writer = await asyncio.open_connection(url.hostname, url.port, local_addr=(source, 0))
    try:
        if chunked:
            part = body[: MCP_BODY_CAP + 1]
            writer.write(head(path, url.netloc, None, token) + b"%x\r\n" % len(part) + part + b"\r\n")
        else:
            writer.write(head(path, url.netloc, len(body), token) + body[:1000])
        await writer.drain()
        return await read_answer(reader)
    finally:
        writer.close()


async def test_a_huge_ping_is_refused_413_in_each_paths_style_before_it_is_read(stack):
    public_cap = f"{PUBLIC_MCP_BODY_CAP // 1024} KiB"
    status, _, body = await refused_unread(stack.base_url, PUBLIC_PLANGEN_PATH, None)
    assert status == 413
    assert body["error"]["code"] == -32600
    assert body["error"]["message"].startswith("RunFlow public MCP: the request body is over " + public_cap)

    status, _, body = await refused_unread(
        stack.base_url, PUBLIC_PLANGEN_PATH, None, chunked=True, source="127.0.0.2"
    )
    assert status == 413
    assert public_cap in body["error"]["message"]

    cap = f"{MCP_BODY_CAP // (1024 * 1024)} MiB"
    status, _, body = await refused_unread(stack.base_url, "/api/connectors/muse/mcp", stack.api_key)
    assert status == 413
    assert body["error"] == "payload_too_large"
    assert cap in body["error_description"]

    status, _, body = await refused_unread(
        stack.base_url, PRIMED.path, await primed_token(stack), chunked=True
    )
    assert status == 413
    assert body["error"]["code"] == -32001
    assert body["error"]["data"]["code"] == "INVALID_ARGUMENT"
    assert cap in body["error"]["data"]["message"]

    status, _, body = await refused_unread(stack.base_url, OWS_PATH, await ows_token(stack))
    assert status == 413
    assert body["result"]["isError"] is True
    assert body["result"]["content"][0]["text"].startswith("invalid_input: the request body is over " + cap)

    status, _, body = await refused_unread(stack.base_url, RUNFLOW.path, await runflow_token(stack))
    assert status == 413
    assert body["error"]["message"].startswith("RunFlow MCP: the request body is over " + cap)

    # A ping of ordinary size on the same path still answers, from an address that sent no huge body.
    status, _, answer = await ordinary_ping(stack.base_url, source="127.0.0.3")
    assert status == 200
    assert json.loads(answer)["result"] == {}


async def ordinary_ping(base_url: str, *, source: str) -> tuple[int, dict[str, str], bytes]:
    url = urlsplit(base_url)
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()
    reader, writer = await asyncio.open_connection(url.hostname, url.port, local_addr=(source, 0))
    try:
        writer.write(head(PUBLIC_PLANGEN_PATH, url.netloc, len(body)) + body)
        await writer.drain()
        return await read_raw_answer(reader)
    finally:
        writer.close()


async def test_an_address_that_sent_a_huge_anonymous_body_is_turned_away_at_the_door(stack):
    """After one oversized body on the public path, that address's next requests there get the
    connection protocol's 429 (no app, no body read) until its Retry-After; other addresses and
    signed-in paths are served (edge.flood_gate, decision 0067)."""
    status, _, _ = await refused_unread(stack.base_url, PUBLIC_PLANGEN_PATH, None, source="127.0.0.4")
    assert status == 413

    status, headers, text = await ordinary_ping(stack.base_url, source="127.0.0.4")
    assert status == 429
    assert 1 <= int(headers["retry-after"]) <= OVERSIZED_BODY_REFUSAL_S
    assert headers["connection"] == "close"
    assert b"too many refused requests from your address" in text

    status, _, answer = await ordinary_ping(stack.base_url, source="127.0.0.5")
    assert status == 200 and json.loads(answer)["result"] == {}
    # Signed-in calls are served meanwhile: the gate keeps to the anonymous surfaces.
    response, _ = await signed_in_call(stack)
    assert response.status_code == 200
