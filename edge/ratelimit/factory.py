"""Builds the edge's limiter from its settings: Redis when ``KINETIC_REDIS_URL`` is set, else in-process."""

from __future__ import annotations

from edge.ratelimit.fallback import FailOpenLimiter
from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter
from edge.ratelimit.redis_limiter import RedisRateLimiter


def build_limiter(redis_url: str | None) -> RateLimiter:
    """A shared Redis limiter that fails open onto a local one, or just the local one.

    Nothing connects here; the first check does. Call ``await limiter.close()`` on shutdown.
    """
    if not redis_url:
        return LocalRateLimiter()
    return FailOpenLimiter(RedisRateLimiter.from_url(redis_url), LocalRateLimiter())
