"""Purging OAuth rows that can no longer be used, once now and then periodically.

``PurgeService.purge`` judges expiry with the injected clock, so tests move the clock instead of
waiting. ``PeriodicPurge`` runs it every ``interval_seconds`` in a worker thread; its ``wait`` is
injectable, so a test can trigger a run without sleeping. Interval and grace are
``kinetic.settings.PurgeSettings``. See docs/decisions/0016-account-deletion-and-purging.md.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy import Engine

from services.auth.adapters.purge_repository import PurgedRows, purge_expired

log = logging.getLogger(__name__)


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
