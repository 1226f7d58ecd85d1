"""Slow bodies and floods from other callers never hold a signed-in account's slots (decision 0067).

The real edge and services under uvicorn on loopback (SQLite: storage is not what is under test).
Each round draws a hostile pattern: where (the anonymous PlanGen path, an MCP path without a token,
another account's MCP paths, REST and its uploads, OAuth's forms), how many connections (1 to 40)
and how each stops (after the head, partway through a declared body, partway through a chunked
one, partway through the head). While they hold their sockets, Ada's signed-in call must answer
200 promptly. Floods: anonymous clients sending complete requests of every kind at once, and another
account calling with 32 callers at once; every flood request gets an answer that is not a 5xx, and
Ada's calls keep answering. Bounded: at most 40 sockets a round, 240 flood requests, loopback.
``KINETIC_FUZZ_EXAMPLES`` sets the rounds (a fixed seed unless it is set, as in the rest of the suite).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
import pytest

from edge.body_limits import PUBLIC_MCP_BODY_CAP
from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import METRIC, PRIMED, PUBLIC_PLANGEN_PATH
from tests.conftest import EngineFactory
from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.edge.primed_calls import post_tool_call

# Generous: Ada's call takes ~0.02 s; held behind a slow body it would take the 30 s body timeout.
PROMPTLY_SECONDS = 10.0
MOST_SOCKETS = 40
FLOOD_REQUESTS = 240
FLOOD_CALLERS = 32
ACCEPT = "application/json, text/event-stream"


@pytest.fixture
async def stack(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Stack]:
    async with running_stack(sqlite_engines, tmp_path) as running:
        yield running


async def mallory(stack: Stack) -> dict[str, str]:
    """Another account's credentials: an API key for Metric and Workout Log, a token for Primed."""
    created = await stack.backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email="mallory@example.com", password="correct horse battery", display_name="M", time_zone="UTC"
        )
    )
    account_id = created.account.account_id
    key = await stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="fuzz", scopes=["training", "ows"])
    )
    primed = await stack.backends.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=stack.base_url + PRIMED.path, scopes=list(PRIMED.scopes)
        )
    )
    return {"key": key.secret, "primed": primed.access_token}


def targets(credentials: dict[str, str]) -> list[tuple[str, str | None]]:
    """(path, bearer credential or None) a slow body may go to."""
    return [
        (PUBLIC_PLANGEN_PATH, None),
        (METRIC.path, None),
        (METRIC.path, credentials["key"]),
        (PRIMED.path, credentials["primed"]),
        ("/mcp/ows", credentials["key"]),
        ("/api/endurance/thresholds", credentials["key"]),
        ("/api/workout-log/imports", credentials["key"]),
        ("/register", None),
    ]


def head_lines(path: str, host: str, credential: str | None, chunked: bool) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}", "Content-Type: application/json", f"Accept: {ACCEPT}"]
    lines.append("Transfer-Encoding: chunked" if chunked else "Content-Length: 50000")
    if credential is not None:
        lines.append(f"Authorization: Bearer {credential}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def stalled(draw: random.Random, path: str, host: str, credential: str | None) -> bytes:
    """What one slow client sends before it stops sending."""
    shape = draw.choice(["head only", "part of the body", "part of a chunked body", "part of the head"])
    if shape == "part of the head":
        whole = head_lines(path, host, credential, False)
        return whole[: draw.randrange(1, len(whole) - 4)]
    chunked = shape == "part of a chunked body"
    start = head_lines(path, host, credential, chunked)
    if shape == "head only":
        return start
    part = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"' + b"x" * draw.randrange(
        0, 4000
    )
    return start + (b"%x\r\n" % (len(part) + 10) + part if chunked else part)


@contextlib.asynccontextmanager
async def slow_clients(base_url: str, sends: list[bytes]) -> AsyncIterator[None]:
    url = urlsplit(base_url)
    assert url.hostname == "127.0.0.1"  # loopback only
    writers: list[asyncio.StreamWriter] = []
    try:
        for data in sends:
            _, writer = await asyncio.open_connection(url.hostname, url.port)
            writer.write(data)
            await writer.drain()
            writers.append(writer)
        # Requests start in the order their bytes arrive: a probe answered after them means every
        # complete head among them has started its request.
        async with httpx2.AsyncClient(timeout=30) as http:
            assert (await http.get(base_url + "/healthz")).status_code == 200
        yield
    finally:
        for writer in writers:
            writer.close()


async def ada_reads(stack: Stack) -> float:
    """Ada's signed-in call; its seconds. It must answer 200 with a result, promptly."""
    started = time.monotonic()
    async with asyncio.timeout(PROMPTLY_SECONDS):
        response = await post_tool_call(
            stack.mcp_url, stack.api_key, "read_training", {"view": "exercises", "query": "squat"}
        )
    assert response.status_code == 200, response.text
    assert "result" in response.json(), response.text
    return time.monotonic() - started


def seed() -> int:
    return 0 if DERANDOMIZE else random.randrange(2**32)


async def test_slow_bodies_of_every_kind_leave_a_signed_in_call_its_slots(stack: Stack) -> None:
    drawn = seed()
    draw = random.Random(drawn)
    places = targets(await mallory(stack))
    host = urlsplit(stack.base_url).netloc
    await ada_reads(stack)
    for round_ in range(max(4, EXAMPLES // 2)):
        path, credential = draw.choice(places)
        count = draw.randint(1, MOST_SOCKETS)
        sends = [stalled(draw, path, host, credential) for _ in range(count)]
        async with slow_clients(stack.base_url, sends):
            try:
                await ada_reads(stack)
            except (AssertionError, TimeoutError) as failed:
                raise AssertionError(f"seed {drawn}, round {round_}: {count} slow to {path}") from failed


def anonymous_request(draw: random.Random, n: int) -> tuple[bytes, dict[str, str]]:
    kind = draw.choice(["ping", "initialize", "tools/list", "tools/call", "too large", "not json", "batch"])
    headers = {"Accept": ACCEPT, "Content-Type": "application/json", "MCP-Protocol-Version": "2025-06-18"}
    if kind == "too large":
        return b"x" * (PUBLIC_MCP_BODY_CAP + 1), headers
    if kind == "not json":
        return b"{" * draw.randrange(1, 2000), headers
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": n, "method": kind}
    if kind == "initialize":
        message["params"] = {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "flood", "version": "1"},
        }
    if kind == "tools/call":
        message["params"] = {"name": "generate_running_plan", "arguments": {"event": "5K", "weeks": 8}}
    body: Any = (
        [{**message, "id": n * 10 + i} for i in range(draw.randint(2, 20))] if kind == "batch" else message
    )
    return json.dumps(body).encode(), headers


async def flood(count: int, callers: int, send_one: Any) -> Counter[int]:
    statuses: Counter[int] = Counter()
    queue = list(range(count))

    async def caller() -> None:
        while queue:
            statuses[await send_one(queue.pop())] += 1

    async with asyncio.timeout(120):
        await asyncio.gather(*(caller() for _ in range(callers)))
    return statuses


async def test_floods_of_strangers_and_of_another_account_leave_a_signed_in_call_answering(
    stack: Stack,
) -> None:
    draw = random.Random(seed())
    credentials = await mallory(stack)
    baseline = [await ada_reads(stack) for _ in range(5)]
    url = stack.base_url + PUBLIC_PLANGEN_PATH
    under_flood: list[float] = []

    async with httpx2.AsyncClient(timeout=60, limits=httpx2.Limits(max_connections=FLOOD_CALLERS)) as http:

        async def stranger(n: int) -> int:
            body, headers = anonymous_request(draw, n)
            return (await http.post(url, content=body, headers=headers)).status_code

        async def other_account(n: int) -> int:
            response = await post_tool_call(
                stack.mcp_url, credentials["key"], "read_training", {"view": "exercises", "query": "press"}, n
            )
            return response.status_code

        for name, send_one in (("strangers", stranger), ("another account", other_account)):
            flooding = asyncio.create_task(flood(FLOOD_REQUESTS // 2, FLOOD_CALLERS, send_one))
            while not flooding.done():
                under_flood.append(await ada_reads(stack))
            statuses = await flooding
            assert all(status < 500 for status in statuses), (name, statuses)
            assert set(statuses) <= {200, 202, 400, 413, 429}, (name, statuses)
    # Reported, not asserted: a ratio of seconds is for the decision's table, not a pass mark here.
    print(
        f"Ada's p50: {statistics.median(baseline) * 1000:.1f} ms alone, "
        f"{statistics.median(under_flood) * 1000:.1f} ms under the floods ({len(under_flood)} calls)"
    )
