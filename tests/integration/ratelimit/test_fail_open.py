"""A configured Redis that is unreachable: the edge keeps limiting in-process, then returns to Redis."""

from __future__ import annotations

import logging
import time

from edge.ratelimit import IP_PER_HOUR, TOKEN_PER_MINUTE, RatePolicy, build_limiter
from edge.ratelimit.fallback import FailOpenLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter
from edge.ratelimit.redis_limiter import RedisRateLimiter


async def test_refused_connection_falls_back_to_local_limits(caplog):
    caplog.set_level(logging.WARNING, logger="edge.ratelimit.fallback")
    limiter = build_limiter("redis://127.0.0.1:1/0")
    try:
        started = time.monotonic()
        results = [(await limiter.acquire(IP_PER_HOUR, "192.0.2.1")).allowed for _ in range(11)]
        elapsed = time.monotonic() - started
        async with limiter.slot(TOKEN_PER_MINUTE, "tok"):
            pass
    finally:
        await limiter.close()
    # Still limited: the 11th request of the hour is refused, by this process alone.
    assert results == [True] * 10 + [False]
    assert elapsed < 0.5
    warnings = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(warnings) == 1
    assert "127.0.0.1:1" not in warnings[0].getMessage()


async def test_a_hung_redis_times_out_within_fifty_milliseconds(silent_server):
    limiter = build_limiter(f"redis://127.0.0.1:{silent_server}/0")
    try:
        started = time.monotonic()
        decision = await limiter.acquire(IP_PER_HOUR, "192.0.2.2")
        elapsed = time.monotonic() - started
    finally:
        await limiter.close()
    assert decision.allowed and decision.remaining == 9
    assert elapsed < 0.25  # 50 ms connect/read timeout plus scheduling slack


async def _connected(shared: RedisRateLimiter) -> None:
    # A cold connection on a loaded machine can miss the 50 ms timeout and send the first request to
    # the local fallback; open it on a key of its own first (at most 20 tries).
    warmup = RatePolicy("warmup", 1000, 60)
    for _ in range(20):
        try:
            await shared.acquire(warmup, "warmup")
            return
        except Exception:  # a timeout while connecting: try again
            continue
    raise AssertionError("Redis behind the proxy never answered")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_the_shared_budget_resumes_when_redis_returns(proxy, prefix):
    clock = Clock()
    shared = RedisRateLimiter.from_url(f"redis://127.0.0.1:{proxy.port}/0", prefix)
    limiter = FailOpenLimiter(shared, LocalRateLimiter(clock), clock=clock)
    policy = RatePolicy("five_per_minute", 5, 60)
    try:
        await _connected(shared)
        assert (await limiter.acquire(policy, "k")).remaining == 4  # Redis
        proxy.cut()
        assert (await limiter.acquire(policy, "k")).remaining == 4  # local: its first request
        assert limiter.degraded
        proxy.up = True
        clock.now += 1.0  # the retry interval
        assert (await limiter.acquire(policy, "k")).remaining == 3  # Redis again, its count intact
        assert not limiter.degraded
    finally:
        await limiter.close()
