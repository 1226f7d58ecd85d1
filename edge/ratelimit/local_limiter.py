"""The in-process limiter: the embedded default, and the fallback when a configured Redis is down.

Same algorithm as the Redis limiter (a sliding-window log, see docs/decisions/0009-rate-limits.md),
so a request refused by one is refused by the other. Everything runs between two awaits on the
event loop, so no lock is needed.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from edge.ratelimit.limiter import (
    SLOT_RETRY_AFTER_SECONDS,
    Decision,
    RateLimitExceeded,
    refused,
    require_concurrency,
)
from edge.ratelimit.policy import RatePolicy

# Keys idle for a whole period are dropped this often, so a stream of one-off client addresses
# cannot grow the process without bound.
SWEEP_INTERVAL_SECONDS = 60.0


class _Log:
    """The times of the requests a key was allowed during the last period."""

    __slots__ = ("period", "times")

    def __init__(self, period: float) -> None:
        self.period = period
        self.times: deque[float] = deque()


class LocalRateLimiter:
    """A ``RateLimiter`` in this process; ``clock`` (seconds, monotonic) is injectable for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._logs: dict[tuple[str, str], _Log] = {}
        self._in_use: dict[tuple[str, str], int] = {}
        self._last_sweep = clock()

    async def acquire(self, policy: RatePolicy, key: str) -> Decision:
        """Count one request if the last ``period`` holds fewer than ``limit``; otherwise refuse."""
        now = self._clock()
        self._sweep(now)
        log = self._logs.get((policy.name, key))
        if log is None:
            log = self._logs[(policy.name, key)] = _Log(policy.period_seconds)
        times = log.times
        cutoff = now - policy.period_seconds
        while times and times[0] <= cutoff:
            times.popleft()
        if len(times) < policy.limit:
            times.append(now)
            return Decision(True, 0, policy.limit - len(times), policy.limit)
        # The request that must age out before another fits (the oldest, unless the limit shrank).
        blocking = times[len(times) - policy.limit]
        return refused(policy, blocking + policy.period_seconds - now)

    async def peek(self, policy: RatePolicy, key: str) -> Decision:
        """The decision ``acquire`` would make now, without counting anything."""
        now = self._clock()
        log = self._logs.get((policy.name, key))
        times = log.times if log is not None else deque()
        cutoff = now - policy.period_seconds
        while times and times[0] <= cutoff:
            times.popleft()
        if len(times) < policy.limit:
            return Decision(True, 0, policy.limit - len(times), policy.limit)
        return refused(policy, times[len(times) - policy.limit] + policy.period_seconds - now)

    @asynccontextmanager
    async def slot(self, policy: RatePolicy, key: str) -> AsyncIterator[None]:
        """Hold a concurrency slot for the block; freed on exit, error or cancellation."""
        cap = require_concurrency(policy)
        name = (policy.name, key)
        held = self._in_use.get(name, 0)
        if held >= cap:
            raise RateLimitExceeded(SLOT_RETRY_AFTER_SECONDS)
        self._in_use[name] = held + 1
        try:
            yield
        finally:
            left = self._in_use[name] - 1
            if left:
                self._in_use[name] = left
            else:
                del self._in_use[name]

    async def close(self) -> None:
        """Nothing to release; forget the counts."""
        self._logs.clear()

    def _sweep(self, now: float) -> None:
        if now - self._last_sweep < SWEEP_INTERVAL_SECONDS:
            return
        self._last_sweep = now
        idle = [
            name for name, log in self._logs.items() if not log.times or log.times[-1] <= now - log.period
        ]
        for name in idle:
            del self._logs[name]
