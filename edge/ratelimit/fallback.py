"""Fail open onto the in-process limiter while a configured Redis is unreachable.

Refusing every request because the limiter's store is down would turn a Redis outage into a full
outage; letting everything through would drop the protection entirely. In between: each replica
enforces the whole budget on its own (so N replicas allow at most N times the budget), a warning
is logged at most every 30 s, and Redis is tried again every second; once it answers, the shared
budget applies again. See docs/decisions/0009-rate-limits.md.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from edge.ratelimit.limiter import Decision, RateLimiter
from edge.ratelimit.policy import RatePolicy

log = logging.getLogger(__name__)

# What "unreachable" means: refused, reset or timed out. Other Redis errors (a broken script,
# a misconfigured server) are bugs to surface, not outages to paper over.
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
RETRY_INTERVAL_SECONDS = 1.0
WARN_INTERVAL_SECONDS = 30.0
# A limiter's acquire or peek.
Check = Callable[[RatePolicy, str], Awaitable[Decision]]


class FailOpenLimiter:
    """Uses ``shared`` (Redis) while it answers, ``local`` while it does not."""

    def __init__(
        self,
        shared: RateLimiter,
        local: RateLimiter,
        clock: Callable[[], float] = time.monotonic,
        retry_interval: float = RETRY_INTERVAL_SECONDS,
        warn_interval: float = WARN_INTERVAL_SECONDS,
    ) -> None:
        self._shared = shared
        self._local = local
        self._clock = clock
        self._retry_interval = retry_interval
        self._warn_interval = warn_interval
        # While down, requests skip Redis until this time instead of each waiting for a timeout.
        self._retry_at = float("-inf")
        self._last_warning = float("-inf")
        self.degraded = False

    async def acquire(self, policy: RatePolicy, key: str) -> Decision:
        """Check against Redis, or against this process while Redis is unreachable."""
        return await self._decide(self._shared.acquire, self._local.acquire, policy, key)

    async def peek(self, policy: RatePolicy, key: str) -> Decision:
        """Peek at Redis, or at this process while Redis is unreachable."""
        return await self._decide(self._shared.peek, self._local.peek, policy, key)

    async def _decide(self, shared: Check, local: Check, policy: RatePolicy, key: str) -> Decision:
        # Redis first unless it is known to be down; its failure turns this call to the local answer.
        if self._clock() >= self._retry_at:
            try:
                decision = await shared(policy, key)
            except UNREACHABLE as error:
                self._went_down(error)
            else:
                self._came_back()
                return decision
        return await local(policy, key)

    @asynccontextmanager
    async def slot(self, policy: RatePolicy, key: str) -> AsyncIterator[None]:
        """A slot from Redis, or from this process while Redis is unreachable."""
        async with AsyncExitStack() as stack:
            await self._enter_slot(stack, policy, key)
            yield

    async def _enter_slot(self, stack: AsyncExitStack, policy: RatePolicy, key: str) -> None:
        # Only a failure to take the slot falls back; errors from the request itself pass through.
        if self._clock() >= self._retry_at:
            try:
                await stack.enter_async_context(self._shared.slot(policy, key))
            except UNREACHABLE as error:
                self._went_down(error)
            else:
                self._came_back()
                return
        await stack.enter_async_context(self._local.slot(policy, key))

    async def close(self) -> None:
        """Close both limiters."""
        await self._shared.close()
        await self._local.close()

    def _went_down(self, error: BaseException) -> None:
        now = self._clock()
        self._retry_at = now + self._retry_interval
        self.degraded = True
        if now - self._last_warning >= self._warn_interval:
            self._last_warning = now
            # The URL is not logged: it may carry a password.
            log.warning(
                "rate limits: the configured Redis is unreachable (%s); each edge replica now "
                "enforces the budgets on its own until Redis answers again",
                type(error).__name__,
            )

    def _came_back(self) -> None:
        if self.degraded:
            self.degraded = False
            log.warning("rate limits: Redis answers again; budgets are shared across replicas")
