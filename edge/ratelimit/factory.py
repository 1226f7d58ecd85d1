"""Builds the edge's limiter from configuration: Redis when a URL is set, else in-process."""

from __future__ import annotations

import os
from collections.abc import Mapping

from edge.ratelimit.fallback import FailOpenLimiter
from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter
from edge.ratelimit.redis_limiter import RedisRateLimiter

REDIS_URL_ENV = "KINETIC_REDIS_URL"


def redis_url_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """``KINETIC_REDIS_URL``, or None when unset or empty (the embedded default)."""
    env = os.environ if env is None else env
    return env.get(REDIS_URL_ENV) or None


def build_limiter(redis_url: str | None) -> RateLimiter:
    """A shared Redis limiter that fails open onto a local one, or just the local one.

    Nothing connects here; the first check does. Call ``await limiter.close()`` on shutdown.
    """
    if not redis_url:
        return LocalRateLimiter()
    return FailOpenLimiter(RedisRateLimiter.from_url(redis_url), LocalRateLimiter())
