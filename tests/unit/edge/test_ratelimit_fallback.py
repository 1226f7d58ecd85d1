"""Failing open: a configured limiter that cannot be reached hands over to the local one, and back."""

from __future__ import annotations

import contextlib
import logging

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from edge.ratelimit import RatePolicy, build_limiter
from edge.ratelimit.fallback import FailOpenLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter

POLICY = RatePolicy("two_per_minute", 2, 60, max_concurrent=1)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Switchable:
    """A limiter standing in for Redis that can be made unreachable."""

    def __init__(self, clock: Clock) -> None:
        self.inner = LocalRateLimiter(clock)
        self.reachable = True
        self.error: Exception = RedisConnectionError("connection refused")
        self.calls = 0

    async def acquire(self, policy, key):
        self.calls += 1
        if not self.reachable:
            raise self.error
        return await self.inner.acquire(policy, key)

    async def peek(self, policy, key):
        self.calls += 1
        if not self.reachable:
            raise self.error
        return await self.inner.peek(policy, key)

    @contextlib.asynccontextmanager
    async def slot(self, policy, key):
        self.calls += 1
        if not self.reachable:
            raise self.error
        async with self.inner.slot(policy, key):
            yield

    async def close(self):
        pass


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def shared(clock: Clock) -> Switchable:
    return Switchable(clock)


@pytest.fixture
def limiter(shared: Switchable, clock: Clock) -> FailOpenLimiter:
    return FailOpenLimiter(shared, LocalRateLimiter(clock), clock=clock)


async def test_an_unreachable_store_fails_open_onto_the_local_budget(limiter, shared):
    shared.reachable = False
    decisions = [await limiter.acquire(POLICY, "k") for _ in range(3)]
    assert [d.allowed for d in decisions] == [True, True, False]
    assert limiter.degraded
    # Redis was asked once; the following requests skipped it until the retry interval passes.
    assert shared.calls == 1


async def test_the_store_is_used_again_once_it_answers(limiter, shared, clock):
    shared.reachable = False
    await limiter.acquire(POLICY, "k")
    shared.reachable = True
    clock.now += 0.5
    await limiter.acquire(POLICY, "k")
    assert shared.calls == 1  # still inside the retry interval
    clock.now += 0.5
    decision = await limiter.acquire(POLICY, "k")
    assert shared.calls == 2 and not limiter.degraded
    assert decision.remaining == 1  # counted in the shared store, which saw only this request


async def test_the_warning_is_logged_at_most_every_thirty_seconds(limiter, shared, clock, caplog):
    caplog.set_level(logging.WARNING, logger="edge.ratelimit.fallback")
    shared.reachable = False
    for _ in range(29):
        await limiter.acquire(POLICY, "k")
        clock.now += 1.0
    assert len(caplog.records) == 1
    assert "unreachable" in caplog.records[0].getMessage()
    clock.now += 1.0
    await limiter.acquire(POLICY, "k")
    assert len(caplog.records) == 2


async def test_slots_fall_back_and_errors_inside_the_block_pass_through(limiter, shared):
    shared.reachable = False
    with pytest.raises(KeyError):
        async with limiter.slot(POLICY, "k"):
            raise KeyError("from the request, not from Redis")
    async with limiter.slot(POLICY, "k"):
        pass
    assert limiter.degraded


async def test_other_redis_errors_are_not_hidden(limiter, shared):
    shared.reachable = False
    shared.error = ResponseError("ERR Error running script")
    with pytest.raises(ResponseError):
        await limiter.acquire(POLICY, "k")


async def test_factory_builds_local_without_a_url_and_fail_open_with_one():
    local = build_limiter(None)
    assert isinstance(local, LocalRateLimiter)
    shared = build_limiter("redis://127.0.0.1:6379/0")
    assert isinstance(shared, FailOpenLimiter)
    await local.close()
    await shared.close()
