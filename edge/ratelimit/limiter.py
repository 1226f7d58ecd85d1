"""The contract every limiter keeps: the in-process one, the Redis one and the fail-open pair."""

from __future__ import annotations

import math
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Protocol

from edge.ratelimit.policy import RatePolicy

# How long a concurrency slot lives without being released: bounds what a crashed edge can hold.
SLOT_LEASE_SECONDS = 60
# A refused concurrent call cannot know when another finishes; a short pause is the honest answer.
SLOT_RETRY_AFTER_SECONDS = 1


@dataclass(frozen=True)
class Decision:
    """The outcome of one check: ``retry_after_seconds`` is at least 1 when refused, else 0."""

    allowed: bool
    retry_after_seconds: int
    remaining: int
    limit: int


class RateLimitExceeded(Exception):
    """Raised by ``slot()`` when every concurrency slot of a key is taken."""

    def __init__(self, retry_after_seconds: int) -> None:
        super().__init__(f"too many concurrent requests; retry after {retry_after_seconds} s")
        self.retry_after_seconds = retry_after_seconds


class RateLimiter(Protocol):
    """Counts requests per (policy, key) and hands out concurrency slots."""

    async def acquire(self, policy: RatePolicy, key: str) -> Decision:
        """Count one request against ``policy`` for ``key``; refused requests are not counted."""
        ...

    async def peek(self, policy: RatePolicy, key: str) -> Decision:
        """Whether one more request would be allowed now, without counting it.

        For budgets that count failures (sign-in attempts): peek before the attempt, ``acquire``
        after a failure. Concurrent attempts may all pass the peek; each is still counted.
        """
        ...

    def slot(self, policy: RatePolicy, key: str) -> AbstractAsyncContextManager[None]:
        """Hold one of ``policy.max_concurrent`` slots for the block; raise RateLimitExceeded if none."""
        ...

    async def close(self) -> None:
        """Release connections; the limiter is not used afterwards."""
        ...


def refused(policy: RatePolicy, wait_seconds: float) -> Decision:
    """A refusal whose Retry-After is ``wait_seconds`` rounded up, never below 1."""
    # Rounding first keeps float noise (60.000000001) from adding a whole second.
    return Decision(False, max(1, math.ceil(round(wait_seconds, 6))), 0, policy.limit)


def require_concurrency(policy: RatePolicy) -> int:
    """``policy.max_concurrent``, or ValueError: asking a slot of an uncapped policy is a wiring bug."""
    if policy.max_concurrent is None:
        raise ValueError(f"policy {policy.name} has no concurrency cap")
    return policy.max_concurrent
