"""Failed passwords are limited at the edge: 10 per account email and 50 per client address per
15 minutes, then 429 with ``Retry-After`` and a page that says so, without checking the password.
The window is moved with the limiter's clock, never slept; Redis shares the counts between replicas.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
import uuid
from collections.abc import AsyncIterator

import httpx2
import pytest
from redis.asyncio import Redis
from starlette.applications import Starlette

from edge.oauth import OAuthStubs, oauth_routes
from edge.ratelimit.fallback import FailOpenLimiter
from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter
from edge.ratelimit.redis_limiter import RedisRateLimiter
from tests.integration.oauth_edge.account_support import connect_muse, form_csrf
from tests.integration.oauth_edge.flow import csrf_of
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD, OAuthStack

REDIS_URL = os.environ.get("KINETIC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
WINDOW_SECONDS = 900


class MonotonicClock:
    """The limiter's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def edge_app(stack: OAuthStack, limiter: RateLimiter) -> httpx2.AsyncClient:
    """The OAuth routes on their own over ``limiter``, as one edge replica, in process."""
    stubs = OAuthStubs(oauth=stack.oauth, auth=stack.backends.auth)
    app = Starlette(routes=oauth_routes(stack.base_url, lambda: stubs, limiter=limiter))
    return httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url=stack.base_url, follow_redirects=False, timeout=30
    )


async def sign_in(http: httpx2.AsyncClient, email: str, password: str) -> httpx2.Response:
    """One attempt through the sign-in form, as a signed-out browser."""
    http.cookies.delete("kinetic_session")
    page = await http.get("/signin")
    return await http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(page.text),
            "return_to": "/account",
            "email": email,
            "password": password,
        },
    )


async def test_ten_failures_for_one_email_refuse_the_next_attempt_even_with_the_right_password(
    stack: OAuthStack,
) -> None:
    clock = MonotonicClock()
    async with edge_app(stack, LocalRateLimiter(clock)) as http:
        for _ in range(10):
            assert (await sign_in(http, EMAIL.upper(), "wrong password")).status_code == 401
        refused = await sign_in(http, EMAIL, PASSWORD)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) == WINDOW_SECONDS
        assert "Too many failed sign-in attempts" in refused.text and 'action="/signin"' in refused.text
        assert "kinetic_session" not in refused.headers.get("set-cookie", "")

        # Another account from the same address is not locked out by this one.
        assert (await sign_in(http, "someone@example.com", "wrong password")).status_code == 401

        clock.now += WINDOW_SECONDS - 1
        assert (await sign_in(http, EMAIL, PASSWORD)).status_code == 429
        clock.now += 1
        assert (await sign_in(http, EMAIL, PASSWORD)).status_code == 303


async def test_successes_do_not_count(stack: OAuthStack) -> None:
    async with edge_app(stack, LocalRateLimiter(MonotonicClock())) as http:
        for _ in range(9):
            assert (await sign_in(http, EMAIL, "wrong password")).status_code == 401
        for _ in range(3):
            assert (await sign_in(http, EMAIL, PASSWORD)).status_code == 303


async def test_fifty_failures_from_one_address_refuse_every_email(stack: OAuthStack) -> None:
    async with edge_app(stack, LocalRateLimiter(MonotonicClock())) as http:
        page = await http.get("/signin")
        token = csrf_of(page.text)

        # As many at once as auth hashes at once: more would only queue past the edge's deadline.
        hashing = asyncio.Semaphore(4)

        async def fail(n: int) -> int:
            async with hashing:
                response = await http.post(
                    "/signin",
                    data={
                        "csrf_token": token,
                        "return_to": "/account",
                        "email": f"guess{n}@example.com",
                        "password": "x",
                    },
                )
            return response.status_code

        assert await asyncio.gather(*(fail(n) for n in range(50))) == [401] * 50
        refused = await sign_in(http, EMAIL, PASSWORD)
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1


async def test_the_password_check_of_account_deletion_is_limited_too(stack: OAuthStack) -> None:
    async with edge_app(stack, LocalRateLimiter(MonotonicClock())) as http:
        await connect_muse(stack, http)
        page = await http.get("/account")
        token = form_csrf(page.text, "/account/delete")
        for _ in range(10):
            wrong = await http.post("/account/delete", data={"csrf_token": token, "password": "guess"})
            assert wrong.status_code == 400
        refused = await http.post("/account/delete", data={"csrf_token": token, "password": PASSWORD})
        assert refused.status_code == 429 and refused.headers["retry-after"]
        assert "Nothing was deleted" in refused.text
        assert (await http.get("/account")).status_code == 200


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    client = Redis.from_url(REDIS_URL, decode_responses=True)
    prefix = f"kinetic:rl:test-{uuid.uuid4().hex}"
    yield prefix
    keys = [key async for key in client.scan_iter(match=f"{prefix}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


async def test_two_replicas_share_the_failure_count_in_redis(stack: OAuthStack, redis_prefix: str) -> None:
    first, second = (
        RedisRateLimiter.from_url(REDIS_URL, redis_prefix),
        RedisRateLimiter.from_url(REDIS_URL, redis_prefix),
    )
    try:
        async with edge_app(stack, first) as one, edge_app(stack, second) as two:
            window_opened = time.monotonic()  # the window starts with the first failure (real Redis time)
            for n in range(10):
                assert (await sign_in(one if n % 2 else two, EMAIL, "wrong password")).status_code == 401
            assert (await sign_in(one, EMAIL, PASSWORD)).status_code == 429
            refused = await sign_in(two, EMAIL, PASSWORD)
            # Retry-After counts down from the first failure; password checks take real time under load.
            elapsed = math.ceil(time.monotonic() - window_opened)
            assert refused.status_code == 429
            assert WINDOW_SECONDS - elapsed - 1 <= int(refused.headers["retry-after"]) <= WINDOW_SECONDS
    finally:
        await first.close()
        await second.close()


async def test_an_unreachable_redis_fails_open_onto_the_local_count(stack: OAuthStack) -> None:
    # Nothing listens on port 9: every Redis call fails, and the in-process limiter counts instead.
    limiter = FailOpenLimiter(
        RedisRateLimiter.from_url("redis://127.0.0.1:9/0"), LocalRateLimiter(MonotonicClock())
    )
    async with edge_app(stack, limiter) as http:
        for _ in range(10):
            assert (await sign_in(http, EMAIL, "wrong password")).status_code == 401
        assert (await sign_in(http, EMAIL, PASSWORD)).status_code == 429
    assert limiter.degraded
    await limiter.close()


async def test_the_app_counts_failed_sign_ins(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    # The wiring of create_app itself (its shared limiter), not only oauth_routes on its own.
    for _ in range(10):
        assert (await sign_in(http, EMAIL, "wrong password")).status_code == 401
    assert (await sign_in(http, EMAIL, PASSWORD)).status_code == 429
