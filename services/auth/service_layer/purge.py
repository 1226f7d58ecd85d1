"""Purging OAuth rows that can no longer be used, once now and then periodically.

``PurgeService.purge`` judges expiry with the injected clock, so tests move the clock instead of
waiting. ``PeriodicPurge`` runs it every ``interval_seconds`` in a worker thread; its ``wait`` is
injectable, so a test can trigger a run without sleeping. See
docs/decisions/0016-account-deletion-and-purging.md.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine

from services.auth.adapters.purge_repository import PurgedRows, purge_expired

log = logging.getLogger(__name__)

INTERVAL_ENV = "KINETIC_AUTH_PURGE_INTERVAL_SECONDS"
GRACE_ENV = "KINETIC_AUTH_PURGE_GRACE_SECONDS"
DEFAULT_INTERVAL_SECONDS = 3600
# Kept a day past expiry or revocation: a code or refresh token replayed within that day is still
# recognised as a replay (and answered as one) rather than as an unknown value.
DEFAULT_GRACE_SECONDS = 86400


@dataclass(frozen=True)
class PurgeSettings:
    """How often to purge (0 turns the background task off) and how long ended rows are kept."""

    interval_seconds: int = DEFAULT_INTERVAL_SECONDS
    grace_seconds: int = DEFAULT_GRACE_SECONDS

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> PurgeSettings:
        """``KINETIC_AUTH_PURGE_INTERVAL_SECONDS`` and ``KINETIC_AUTH_PURGE_GRACE_SECONDS``."""
        env = os.environ if env is None else env
        return cls(
            interval_seconds=_non_negative(env, INTERVAL_ENV, DEFAULT_INTERVAL_SECONDS),
            grace_seconds=_non_negative(env, GRACE_ENV, DEFAULT_GRACE_SECONDS),
        )


def _non_negative(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ValueError(f"{name} must be a whole number of seconds (0 or more), got {raw!r}")
    return int(raw)


class PurgeService:
    """Deletes expired and revoked OAuth rows of one auth store."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime], grace_seconds: int) -> None:
        self._engine = engine
        self._clock = clock
        self._grace = timedelta(seconds=grace_seconds)

    def purge(self) -> PurgedRows:
        """One purge in one transaction; returns what it removed."""
        now = self._clock()
        with self._engine.begin() as conn:
            return purge_expired(conn, now, now - self._grace)


class PeriodicPurge:
    """Runs ``purge`` after every ``wait(interval_seconds)``; a failed run is logged and retried
    at the next interval (a database hiccup must not end the task)."""

    def __init__(
        self,
        purge: Callable[[], PurgedRows],
        interval_seconds: int,
        wait: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._purge = purge
        self._interval = interval_seconds
        self._wait = wait
        self.runs = 0
        self.last: PurgedRows | None = None

    async def run(self) -> None:
        """Purge forever, until cancelled."""
        while True:
            await self._wait(self._interval)
            try:
                purged = await asyncio.to_thread(self._purge)
            except Exception:
                log.exception("purging expired OAuth rows failed; trying again in %d s", self._interval)
                continue
            self.runs += 1
            self.last = purged
            if purged.total:
                log.info("purged %d expired OAuth rows: %s", purged.total, purged)
