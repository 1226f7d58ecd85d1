"""The in-process limiter with an injected clock: budgets, Retry-After, refill and concurrency slots."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from edge.ratelimit import ACCOUNT_PER_MINUTE, IP_PER_HOUR, TOKEN_PER_MINUTE, RateLimitExceeded, RatePolicy
from edge.ratelimit.local_limiter import SWEEP_INTERVAL_SECONDS, LocalRateLimiter


class Clock:
    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def limiter(clock: Clock) -> LocalRateLimiter:
    return LocalRateLimiter(clock)


async def allowed_count(limiter: LocalRateLimiter, policy: RatePolicy, key: str, attempts: int) -> int:
    return sum([(await limiter.acquire(policy, key)).allowed for _ in range(attempts)])


async def test_exactly_the_limit_is_allowed_then_refused_with_retry_after(limiter, clock):
    assert await allowed_count(limiter, ACCOUNT_PER_MINUTE, "acct-1", 300) == 300
    clock.advance(12.5)
    refused = await limiter.acquire(ACCOUNT_PER_MINUTE, "acct-1")
    assert not refused.allowed
    assert refused.remaining == 0 and refused.limit == 300
    # The first request ages out 60 s after it was made: 47.5 s from now, rounded up.
    assert refused.retry_after_seconds == 48


async def test_remaining_counts_down(limiter):
    first = await limiter.acquire(TOKEN_PER_MINUTE, "tok")
    second = await limiter.acquire(TOKEN_PER_MINUTE, "tok")
    assert (first.allowed, first.remaining, first.limit, first.retry_after_seconds) == (True, 59, 60, 0)
    assert second.remaining == 58


async def test_the_window_slides_one_request_at_a_time(limiter, clock):
    policy = RatePolicy("three_per_ten", 3, 10)
    for step in (0, 4, 3):  # requests at t = 0, 4, 7
        clock.advance(step)
        assert (await limiter.acquire(policy, "k")).allowed
    clock.advance(1)  # t = 8
    assert (await limiter.acquire(policy, "k")).retry_after_seconds == 2
    clock.advance(2)  # t = 10: the request from t = 0 has aged out, only that one
    assert (await limiter.acquire(policy, "k")).allowed
    assert not (await limiter.acquire(policy, "k")).allowed
    clock.advance(4)  # t = 14: the one from t = 4 is gone
    assert (await limiter.acquire(policy, "k")).allowed


async def test_budget_refills_after_a_period(limiter, clock):
    assert await allowed_count(limiter, IP_PER_HOUR, "192.0.2.7", 11) == 10
    clock.advance(3599)
    refused = await limiter.acquire(IP_PER_HOUR, "192.0.2.7")
    assert not refused.allowed and refused.retry_after_seconds == 1
    clock.advance(1)
    assert await allowed_count(limiter, IP_PER_HOUR, "192.0.2.7", 11) == 10


async def test_refused_requests_do_not_spend_budget(limiter, clock):
    policy = RatePolicy("two_per_ten", 2, 10)
    await allowed_count(limiter, policy, "k", 2)
    for _ in range(50):
        clock.advance(0.1)
        assert not (await limiter.acquire(policy, "k")).allowed
    clock.advance(5.0)  # t = 10: both original requests aged out; the refusals left nothing behind
    assert await allowed_count(limiter, policy, "k", 3) == 2


async def test_retry_after_is_at_least_one_second(limiter, clock):
    policy = RatePolicy("one_per_second", 1, 1)
    await limiter.acquire(policy, "k")
    clock.advance(0.9)
    assert (await limiter.acquire(policy, "k")).retry_after_seconds == 1


async def test_keys_and_policies_have_separate_budgets(limiter):
    policy = RatePolicy("one_per_minute", 1, 60)
    other = RatePolicy("one_per_minute_too", 1, 60)
    assert (await limiter.acquire(policy, "a")).allowed
    assert (await limiter.acquire(policy, "b")).allowed
    assert (await limiter.acquire(other, "a")).allowed
    assert not (await limiter.acquire(policy, "a")).allowed


async def test_idle_keys_are_swept(limiter, clock):
    for n in range(100):
        await limiter.acquire(RatePolicy("one_per_second", 1, 1), f"client-{n}")
    clock.advance(SWEEP_INTERVAL_SECONDS)
    await limiter.acquire(ACCOUNT_PER_MINUTE, "still-here")
    assert list(limiter._logs) == [("account_minute", "still-here")]


async def test_the_eleventh_concurrent_slot_is_refused_and_exit_frees_one(limiter):
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(10):
            await stack.enter_async_context(limiter.slot(TOKEN_PER_MINUTE, "tok"))
        with pytest.raises(RateLimitExceeded) as refused:
            await stack.enter_async_context(limiter.slot(TOKEN_PER_MINUTE, "tok"))
        assert refused.value.retry_after_seconds == 1
        # Another token is not affected.
        async with limiter.slot(TOKEN_PER_MINUTE, "other"):
            pass
    async with limiter.slot(TOKEN_PER_MINUTE, "tok"):
        pass
    assert limiter._in_use == {}


async def test_a_slot_is_freed_when_the_block_raises(limiter):
    capped = RatePolicy("one_at_a_time", 100, 60, max_concurrent=1)
    with pytest.raises(ZeroDivisionError):
        async with limiter.slot(capped, "k"):
            raise ZeroDivisionError
    async with limiter.slot(capped, "k"):
        pass


async def test_a_slot_is_freed_when_the_request_is_cancelled(limiter):
    capped = RatePolicy("one_at_a_time", 100, 60, max_concurrent=1)
    entered = asyncio.Event()

    async def request() -> None:
        async with limiter.slot(capped, "k"):
            entered.set()
            await asyncio.Event().wait()

    task = asyncio.create_task(request())
    await asyncio.wait_for(entered.wait(), 1)
    with pytest.raises(RateLimitExceeded):
        async with limiter.slot(capped, "k"):
            pass
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with limiter.slot(capped, "k"):
        pass


async def test_a_slot_of_an_uncapped_policy_is_a_wiring_error(limiter):
    with pytest.raises(ValueError, match="no concurrency cap"):
        async with limiter.slot(ACCOUNT_PER_MINUTE, "acct"):
            pass


@pytest.mark.parametrize(
    ("name", "limit", "period", "concurrent"),
    [
        ("", 1, 1, None),
        ("a:b", 1, 1, None),
        ("a.b", 1, 1, None),
        ("p", 0, 1, None),
        ("p", 1, 0, None),
        ("p", 1, 1, 0),
    ],
)
def test_bad_policies_are_rejected(name, limit, period, concurrent):
    with pytest.raises(ValueError):
        RatePolicy(name, limit, period, concurrent)


def test_the_contract_policies():
    assert (
        ACCOUNT_PER_MINUTE.limit,
        ACCOUNT_PER_MINUTE.period_seconds,
        ACCOUNT_PER_MINUTE.max_concurrent,
    ) == (
        300,
        60,
        None,
    )
    assert (TOKEN_PER_MINUTE.limit, TOKEN_PER_MINUTE.period_seconds, TOKEN_PER_MINUTE.max_concurrent) == (
        60,
        60,
        10,
    )
    assert (IP_PER_HOUR.limit, IP_PER_HOUR.period_seconds, IP_PER_HOUR.max_concurrent) == (10, 3600, None)
