"""The shared limiter: every edge replica counts in the same Redis keys, one Lua script per check.

Time comes from Redis (``TIME`` inside the script), so replicas whose clocks disagree still agree
on the window. Keys are ``<prefix>:<policy>:<key>`` (request log) and ``<prefix>:<policy>.slots:<key>``
(concurrency leases), both with a TTL so idle keys disappear on their own.
"""

from __future__ import annotations

import itertools
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from edge.ratelimit.limiter import (
    SLOT_LEASE_SECONDS,
    SLOT_RETRY_AFTER_SECONDS,
    Decision,
    RateLimitExceeded,
    refused,
    require_concurrency,
)
from edge.ratelimit.lua import LuaScript
from edge.ratelimit.policy import RatePolicy

log = logging.getLogger(__name__)

KEY_PREFIX = "kinetic:rl"
# A check costs ~0.2 ms; anything near 50 ms means Redis is gone, and the caller falls back.
REDIS_TIMEOUT_SECONDS = 0.05
# A burst of requests queues for a connection rather than opening hundreds (or, with the default
# pool, failing with "too many connections", which would read as an outage and fail open).
POOL_SIZE = 8
POOL_WAIT_SECONDS = 1.0

# The window's opening, shared by both scripts: drop entries older than the period, count the rest.
_PRUNE_WINDOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
local count = redis.call('ZCARD', KEYS[1])
"""
# When the window is full: how long until its oldest counted entry leaves it.
_FULL_WINDOW = """
local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, tonumber(blocking[2]) + period - now, 0}
"""

# Sliding-window log. ARGV: limit, period (µs), member. Returns {allowed, wait µs, remaining}.
SLIDING_WINDOW = LuaScript(
    _PRUNE_WINDOW
    + """
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.ceil(period / 1000))
  return {1, 0, limit - count - 1}
end
"""
    + _FULL_WINDOW
)

# The same window without adding: what the next acquire would answer. ARGV: limit, period (µs).
PEEK_WINDOW = LuaScript(
    _PRUNE_WINDOW
    + """
if count < limit then
  return {1, 0, limit - count}
end
"""
    + _FULL_WINDOW
)

# Concurrency leases: members are slot IDs scored by their expiry (ms); expired ones are pruned
# first, so a crashed replica's slots come back after one lease. ARGV: cap, lease (ms), slot ID.
TAKE_SLOT = LuaScript(
    """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
"""
)


def connect(url: str, timeout_seconds: float = REDIS_TIMEOUT_SECONDS) -> Redis:
    """A client that gives up quickly: short socket timeouts and no retries (the caller falls back)."""
    pool = BlockingConnectionPool.from_url(
        url,
        max_connections=POOL_SIZE,
        timeout=POOL_WAIT_SECONDS,
        socket_connect_timeout=timeout_seconds,
        socket_timeout=timeout_seconds,
        retry=Retry(NoBackoff(), 0),
    )
    return Redis.from_pool(pool)


class RedisRateLimiter:
    """A ``RateLimiter`` whose budgets live in Redis and are shared by every replica."""

    def __init__(self, client: Redis, prefix: str = KEY_PREFIX) -> None:
        self._client = client
        self._prefix = prefix
        # Log members must be unique; an instance tag plus a counter is cheaper than random bytes.
        self._tag = secrets.token_hex(6)
        self._serial = itertools.count()

    @classmethod
    def from_url(cls, url: str, prefix: str = KEY_PREFIX) -> RedisRateLimiter:
        """A limiter with its own connection pool to ``url``."""
        return cls(connect(url), prefix)

    def log_key(self, policy: RatePolicy, key: str) -> str:
        """The sorted set holding the allowed requests of the last period."""
        return f"{self._prefix}:{policy.name}:{key}"

    def slots_key(self, policy: RatePolicy, key: str) -> str:
        """The sorted set holding the leased concurrency slots."""
        return f"{self._prefix}:{policy.name}.slots:{key}"

    async def acquire(self, policy: RatePolicy, key: str) -> Decision:
        """Count one request in the shared log, or refuse with the wait until one ages out."""
        member = f"{self._tag}:{next(self._serial)}"
        allowed, wait_us, remaining = await SLIDING_WINDOW.run(
            self._client,
            [self.log_key(policy, key)],
            [policy.limit, policy.period_seconds * 1_000_000, member],
        )
        if allowed:
            return Decision(True, 0, int(remaining), policy.limit)
        return refused(policy, int(wait_us) / 1_000_000)

    async def peek(self, policy: RatePolicy, key: str) -> Decision:
        """What ``acquire`` would answer now, without adding to the shared log."""
        allowed, wait_us, remaining = await PEEK_WINDOW.run(
            self._client, [self.log_key(policy, key)], [policy.limit, policy.period_seconds * 1_000_000]
        )
        if allowed:
            return Decision(True, 0, int(remaining), policy.limit)
        return refused(policy, int(wait_us) / 1_000_000)

    @asynccontextmanager
    async def slot(self, policy: RatePolicy, key: str) -> AsyncIterator[None]:
        """Lease a concurrency slot for the block; released on exit, error or cancellation."""
        cap = require_concurrency(policy)
        slots_key = self.slots_key(policy, key)
        slot_id = secrets.token_hex(8)
        taken = await TAKE_SLOT.run(self._client, [slots_key], [cap, SLOT_LEASE_SECONDS * 1000, slot_id])
        if not taken:
            raise RateLimitExceeded(SLOT_RETRY_AFTER_SECONDS)
        try:
            yield
        finally:
            await self._release(slots_key, slot_id)

    async def _release(self, slots_key: str, slot_id: str) -> None:
        # Shielded: a cancelled request must still give its slot back (anyio would re-cancel the
        # await otherwise). Bounded, and a failure is only logged: the lease frees the slot anyway.
        with anyio.move_on_after(1.0, shield=True):
            try:
                await self._client.zrem(slots_key, slot_id)
            except (RedisConnectionError, RedisTimeoutError, OSError):
                log.debug("could not release a rate-limit slot; its lease will expire")

    async def close(self) -> None:
        """Close the connection pool."""
        await self._client.aclose()
