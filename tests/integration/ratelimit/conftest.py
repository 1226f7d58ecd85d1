"""Real Redis for the rate-limit tests: a unique key prefix per test, and its keys deleted after."""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis
from redis.exceptions import RedisError

from edge.ratelimit.redis_limiter import RedisRateLimiter, connect

REDIS_URL = os.environ.get("KINETIC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# The edge gives Redis 50 ms (REDIS_TIMEOUT_SECONDS) and falls back to its own budgets when it is
# slower; these tests are about the shared budget, so a connect slowed by a busy machine (30 at once
# per wave) must not fail them. The fallback has its own tests, through a proxy that is cut.
SHARED_BUDGET_TIMEOUT_SECONDS = 2.0


@pytest.fixture
async def redis() -> AsyncIterator[Redis]:
    """A plain client for looking at (and cleaning up) keys."""
    client = Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        await asyncio.wait_for(client.ping(), 2)
    except (RedisError, TimeoutError, OSError) as error:  # pragma: no cover - environment problem
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: {error}")
    yield client
    await client.aclose()


@pytest.fixture
async def prefix(redis: Redis) -> AsyncIterator[str]:
    """A key prefix no other test uses; every key under it is deleted afterwards."""
    value = f"kinetic:rl:test-{uuid.uuid4().hex}"
    yield value
    keys = [key async for key in redis.scan_iter(match=f"{value}:*")]
    if keys:
        await redis.delete(*keys)


@pytest.fixture
async def replicas(prefix: str) -> AsyncIterator[tuple[RedisRateLimiter, RedisRateLimiter]]:
    """Two limiters with separate connection pools: two edge replicas sharing one Redis."""
    first = RedisRateLimiter(connect(REDIS_URL, SHARED_BUDGET_TIMEOUT_SECONDS), prefix)
    second = RedisRateLimiter(connect(REDIS_URL, SHARED_BUDGET_TIMEOUT_SECONDS), prefix)
    yield first, second
    await first.close()
    await second.close()


class SwitchableProxy:
    """A TCP forwarder to Redis that can be cut (connections dropped, new ones refused) and restored."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self._target = (target_host, target_port)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.up = True
        self.port = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def cut(self) -> None:
        self.up = False
        for writer in list(self._writers):
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.up:
            writer.close()
            return
        upstream_reader, upstream_writer = await asyncio.open_connection(*self._target)
        self._writers |= {writer, upstream_writer}
        try:
            await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))
        finally:
            for end in (writer, upstream_writer):
                self._writers.discard(end)
                end.close()

    async def stop(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    writer.close()


@pytest.fixture
async def proxy() -> AsyncIterator[SwitchableProxy]:
    host, port = REDIS_URL.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
    running = SwitchableProxy(host, int(port))
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def silent_server() -> AsyncIterator[int]:
    """A port that accepts connections and never answers: a hung Redis, for the timeout path."""
    held: list[asyncio.StreamWriter] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    yield server.sockets[0].getsockname()[1]
    for writer in held:
        writer.close()
    server.close()
    await server.wait_closed()
