"""API keys for REST fuzzing: a fresh account before one account's minute budget would run out."""

from __future__ import annotations

import asyncio
import itertools
import threading

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import API_KEY_RESOURCES
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.edge.conftest import Stack

# Under the 300 requests per account and minute that REST shares with Metric's MCP path.
REQUESTS_PER_ACCOUNT = 250
_accounts = itertools.count()


class RotatingKeys:
    """Called from the fuzzing thread: the key for the next request, a new account every 250."""

    def __init__(self, stack: Stack, loop: asyncio.AbstractEventLoop) -> None:
        self._stack = stack
        self._loop = loop
        self._lock = threading.Lock()
        self._used = REQUESTS_PER_ACCOUNT
        self._key = ""

    def __call__(self) -> str:
        with self._lock:
            if self._used >= REQUESTS_PER_ACCOUNT:
                self._key = asyncio.run_coroutine_threadsafe(self._new_key(), self._loop).result(30)
                self._used = 0
            self._used += 1
            return self._key

    async def _new_key(self) -> str:
        n = next(_accounts)
        account_id = await new_account(self._stack.backends, f"rest-fuzz{n}@example.com")
        # Every scope of every served profile that takes keys: each REST path asks for its own.
        scopes = sorted({scope for resource in API_KEY_RESOURCES for scope in resource.scopes})
        key = await self._stack.backends.auth.CreateApiKey(
            auth_pb2.CreateApiKeyRequest(account_id=account_id, name="rest fuzz", scopes=scopes)
        )
        return str(key.secret)
