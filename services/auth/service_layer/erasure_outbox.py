"""Erasing a deleted account in every service that holds it, retried until each one confirms.

``AccountDeletionService`` writes one outbox row per service in the deletion's own transaction, so
the account can no longer sign in before any service is asked, and a crash at any point leaves the
rows for the next start to resume. ``ErasureOutbox.run_due`` asks each due service to erase the
account (``EraseAccount``, idempotent) and removes the row it confirmed; a failure postpones the row
with a doubling delay. ``run`` repeats that until cancelled, waking when a deletion commits or the
earliest retry is due. Every auth replica runs it; two replicas erasing the same account at once
both succeed. Order and reasons: docs/decisions/0033-account-deletion-everywhere.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Engine

from kinetic.storage import checkpoint_after_erasure
from services.auth.adapters import erasure_outbox as outbox
from services.auth.domain.erasure import PendingErasure, due, next_due, retry_delay

log = logging.getLogger(__name__)

# Erases one account in one service, returning the rows it deleted; raises when it could not.
Eraser = Callable[[str], Awaitable[int]]
# What ``run`` awaits between rounds: at most ``seconds``, less when woken (tests script it).
Wait = Callable[[float], Awaitable[object]]

# With nothing pending, look at the table now and then anyway: another replica's deletion (or one
# made with the command line) wakes only its own process.
IDLE_SECONDS = 30.0


@dataclass
class ErasureRound:
    """What one round did: (account, service) pairs confirmed and failed."""

    confirmed: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)


class ErasureOutbox:
    """Drives the outbox of one auth store against the services' ``EraseAccount``."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime], erasers: Mapping[str, Eraser]) -> None:
        self._engine = engine
        self._clock = clock
        self._erasers = dict(erasers)
        self._woken = asyncio.Event()

    def pending(self) -> list[PendingErasure]:
        """Every erasure no service has confirmed yet."""
        with self._engine.connect() as conn:
            return outbox.pending(conn)

    def wake(self) -> None:
        """A deletion committed in this process: start its erasure now (call on the event loop)."""
        self._woken.set()

    async def run_due(self) -> ErasureRound:
        """Attempt every erasure due now, in order; confirmed rows go, failed ones wait longer."""
        done = ErasureRound()
        attempted: set[tuple[str, str]] = set()
        # Confirming an account's sources makes its derived data due in the same round.
        while batch := [e for e in due(self.pending(), self._clock()) if e.key not in attempted]:
            for erasure in batch:
                attempted.add(erasure.key)
                await self._attempt(erasure, done)
        return done

    async def _attempt(self, erasure: PendingErasure, done: ErasureRound) -> None:
        eraser = self._erasers.get(erasure.service)
        try:
            if eraser is None:
                raise LookupError(f"no way to reach {erasure.service}")
            deleted = await eraser(erasure.account_id)
        except Exception as error:
            # Any failure (down, timed out, refused, a bug) is retried later: the loop must live.
            self._postpone(erasure, _error_name(error))
            done.failed.append(erasure.key)
            return
        with self._engine.begin() as conn:
            outbox.confirm(conn, erasure.account_id, erasure.service)
        # Retries the checkpoint the deletion made, should the log have been in use then (0071).
        checkpoint_after_erasure(self._engine)
        log.info("erased deleted account %s from %s (%d rows)", erasure.account_id, erasure.service, deleted)
        done.confirmed.append(erasure.key)

    def _postpone(self, erasure: PendingErasure, error: str) -> None:
        delay = retry_delay(erasure.attempts + 1)
        with self._engine.begin() as conn:
            outbox.postpone(conn, erasure, error, self._clock() + delay)
        log.warning(
            "erasing deleted account %s from %s failed (%s, attempt %d); trying again in %d s",
            erasure.account_id,
            erasure.service,
            error,
            erasure.attempts + 1,
            delay.total_seconds(),
        )

    def seconds_to_next(self) -> float:
        """How long ``run`` may wait before something is due (``IDLE_SECONDS`` when idle)."""
        earliest = next_due(self.pending())
        if earliest is None:
            return IDLE_SECONDS
        return min(max((earliest - self._clock()).total_seconds(), 0.0), IDLE_SECONDS)

    async def wait_or_wake(self, seconds: float) -> None:
        """The default wait: ``seconds``, or less when a deletion wakes it."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._woken.wait(), seconds)

    async def run(self, wait: Wait | None = None) -> None:
        """Erase what is due, wait, repeat; until cancelled. A failed round is logged and retried."""
        wait = wait or self.wait_or_wake
        while True:
            self._woken.clear()
            try:
                await self.run_due()
                pause = self.seconds_to_next()
            except Exception:
                log.exception("the erasure outbox could not be read; trying again in %d s", IDLE_SECONDS)
                pause = IDLE_SECONDS
            await wait(pause)


def _error_name(error: Exception) -> str:
    """A status name or an exception type: enough to act on, no message (it may echo data)."""
    code = getattr(error, "code", None)
    if callable(code):
        with contextlib.suppress(Exception):
            return str(code().name)
    return type(error).__name__
