"""Lua scripts run by EVALSHA, reloaded with EVAL when the server has lost them (NOSCRIPT)."""

from __future__ import annotations

import hashlib
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import NoScriptError


class LuaScript:
    """One script, addressed by its SHA1 so each call sends a hash, not the source."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()

    async def run(self, client: Redis, keys: list[str], args: list[str | int]) -> Any:
        """Run the script on ``keys`` with ``args``; one round trip unless the cache was flushed."""
        try:
            return await client.evalsha(self.sha, len(keys), *keys, *args)
        except NoScriptError:
            # A restart, failover or SCRIPT FLUSH emptied the cache: EVAL runs it and caches it again.
            return await client.eval(self.source, len(keys), *keys, *args)
