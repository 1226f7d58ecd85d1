"""The Redis limiter against a real Redis: one budget shared by two edge replicas."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid

import pytest

from edge.ratelimit import ACCOUNT_PER_MINUTE, TOKEN_PER_MINUTE, RateLimitExceeded, RatePolicy
from edge.ratelimit.limiter import SLOT_LEASE_SECONDS
from edge.ratelimit.lua import LuaScript

WAIT_CAP_SECONDS = 5.0


async def test_two_replicas_share_one_budget_the_301st_is_refused(replicas):
    first, second = replicas
    # 330 requests in waves of 30 concurrent, alternating replicas: exactly the budget gets through.
    decisions = []
    for _ in range(11):
        decisions += await asyncio.gather(
            *((first, second)[n % 2].acquire(ACCOUNT_PER_MINUTE, "acct-1") for n in range(30))
        )
    allowed = [d for d in decisions if d.allowed]
    assert len(allowed) == 300
    assert sorted(d.remaining for d in allowed) == list(range(300))
    refusal = next(d for d in decisions if not d.allowed)
    assert refusal.limit == 300 and refusal.remaining == 0
    assert 55 <= refusal.retry_after_seconds <= 60


async def test_sequential_requests_across_replicas_stop_at_exactly_the_limit(replicas):
    first, second = replicas
    results = [
        (await (first, second)[n % 2].acquire(ACCOUNT_PER_MINUTE, "acct-2")).allowed for n in range(301)
    ]
    assert results == [True] * 300 + [False]


async def test_budgets_are_per_key_and_per_policy(replicas):
    first, second = replicas
    policy = RatePolicy("one_per_minute", 1, 60)
    assert (await first.acquire(policy, "a")).allowed
    assert (await second.acquire(policy, "b")).allowed
    assert (await second.acquire(RatePolicy("other_policy", 1, 60), "a")).allowed
    assert not (await second.acquire(policy, "a")).allowed


async def test_the_budget_refills(replicas):
    first, second = replicas
    policy = RatePolicy("three_per_second", 3, 1)
    assert [(await first.acquire(policy, "k")).allowed for _ in range(4)] == [True, True, True, False]
    refused = await second.acquire(policy, "k")
    assert refused.retry_after_seconds == 1
    started = time.monotonic()
    while not (await second.acquire(policy, "k")).allowed:
        assert time.monotonic() - started < WAIT_CAP_SECONDS, "the window never slid"
        await asyncio.sleep(0.05)
    assert time.monotonic() - started <= 1.1


async def test_keys_are_namespaced_and_expire(replicas, redis, prefix):
    first, _ = replicas
    await first.acquire(ACCOUNT_PER_MINUTE, "acct-3")
    key = f"{prefix}:account_minute:acct-3"
    assert await redis.exists(key)
    assert 0 < await redis.pttl(key) <= 60_000
    async with first.slot(TOKEN_PER_MINUTE, "tokhash"):
        slots = f"{prefix}:token_minute.slots:tokhash"
        assert 0 < await redis.pttl(slots) <= SLOT_LEASE_SECONDS * 1000
    assert not await redis.exists(slots)


async def test_concurrency_slots_are_shared_across_replicas(replicas):
    first, second = replicas
    async with contextlib.AsyncExitStack() as held:
        for n in range(10):
            await held.enter_async_context((first, second)[n % 2].slot(TOKEN_PER_MINUTE, "tok"))
        for replica in (first, second):
            with pytest.raises(RateLimitExceeded) as refused:
                async with replica.slot(TOKEN_PER_MINUTE, "tok"):
                    pass
            assert refused.value.retry_after_seconds == 1
    async with second.slot(TOKEN_PER_MINUTE, "tok"):
        pass


async def test_slots_are_released_on_errors_and_cancellation(replicas, redis, prefix):
    first, second = replicas
    capped = RatePolicy("one_at_a_time", 100, 60, max_concurrent=1)
    with pytest.raises(ZeroDivisionError):
        async with first.slot(capped, "k"):
            raise ZeroDivisionError
    entered = asyncio.Event()

    async def request() -> None:
        async with first.slot(capped, "k"):
            entered.set()
            await asyncio.Event().wait()

    task = asyncio.create_task(request())
    await asyncio.wait_for(entered.wait(), WAIT_CAP_SECONDS)
    with pytest.raises(RateLimitExceeded):
        async with second.slot(capped, "k"):
            pass
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with second.slot(capped, "k"):
        pass
    assert await redis.zcard(f"{prefix}:one_at_a_time.slots:k") == 0


async def test_a_crashed_replicas_slots_expire_with_their_lease(replicas, redis, prefix):
    first, _ = replicas
    slots = f"{prefix}:token_minute.slots:tok"
    seconds, micros = await redis.time()
    now_ms = seconds * 1000 + micros // 1000
    # Ten slots a dead replica never released: nine still leased, one whose lease ran out.
    await redis.zadd(slots, {f"live-{n}": now_ms + 30_000 for n in range(9)} | {"stale": now_ms - 1})
    async with first.slot(TOKEN_PER_MINUTE, "tok"):
        assert not await redis.zscore(slots, "stale")
        with pytest.raises(RateLimitExceeded):
            async with first.slot(TOKEN_PER_MINUTE, "tok"):
                pass


async def test_a_lost_script_cache_is_refilled_with_eval(redis):
    # A source the server has never seen: the first EVALSHA meets NOSCRIPT and falls back to EVAL.
    script = LuaScript(f"-- {uuid.uuid4()}\nreturn tonumber(ARGV[1]) + 1")
    assert await redis.script_exists(script.sha) == [False]
    assert await script.run(redis, [], [41]) == 42
    assert await redis.script_exists(script.sha) == [True]
    assert await script.run(redis, [], [1]) == 2
