"""Catching up with upstream change feeds before answering, so answers reflect every earlier write.

Each page of changes is applied in one transaction together with the cursor, and changes at or
below the stored cursor are skipped, so a change is never applied twice (decision 0021). Within one
process, one lock per account (striped) serializes catching up with both feeds (sessions and
training) and the reads that follow, so an answer reflects exactly the sequences it reports. A feed
that cannot be read fails the whole answer with UNAVAILABLE: never a partial answer (decision 0024).
Catching up runs in the background; a read waits for it within its deadline, else answers
``CATCHING_UP`` with a retry hint (decision 0035).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
import zlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Final, Protocol

import grpc
from sqlalchemy import Connection, Engine

from kinetic.errors import DomainError, InvalidArgument, RemoteError
from services.analytics.adapters import cursors
from services.analytics.service_layer.projection import Change, apply_change

# The sessions feed's largest page: fewer round trips and transactions, and more of a performance
# logged set by set falls in one page, where only its last change is applied (decision 0121).
PAGE_SIZE = 1000
LOCK_STRIPES = 64
# How long a read waits for catching up when its caller set no deadline.
DEFAULT_WAIT_SECONDS = 5.0
# Retry hints when the pace is not known yet, and the longest given.
UNKNOWN_RETRY_SECONDS = 2
MAX_RETRY_SECONDS = 60
# Accounts read within this many seconds are kept caught up in the background.
ACTIVE_SECONDS = 600.0

log = logging.getLogger(__name__)

Applier = Callable[[Connection, str, Change], None]
# Applies a page's changes (those not applied yet, in order) at once, where a feed can do better than
# one change at a time.
PageApplier = Callable[[Connection, str, list[Change]], None]


class FeedUnavailable(DomainError):
    """An upstream feed could not be read; the answer would be partial, so there is none."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "FEED_UNAVAILABLE"

    @classmethod
    def of(cls, feed: str, error: RemoteError) -> FeedUnavailable:
        """The failure of reading ``feed``, naming the feed and the upstream's status."""
        return cls(
            f"the {feed} change feed cannot be read ({error.code.name}); try again",
            metadata={"feed": feed, "upstream_code": error.code.name},
        )


@dataclass(frozen=True)
class FeedPage:
    """One page of upstream changes and the upstream's current end."""

    changes: list[Change]
    latest_sequence: int


@dataclass(frozen=True)
class FeedPositions:
    """The sequence of each feed an answer reflects."""

    sessions: int
    training: int


class UpstreamFeed(Protocol):
    """An ordered per-account change feed of another service."""

    name: str

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``."""
        ...


class FeedFollower:
    """Applies one upstream feed to an account's derived data, page by page, and keeps its cursor.

    It takes no lock: :class:`AccountFeeds` holds the account's lock around every catch-up.
    """

    def __init__(
        self,
        engine: Engine,
        feed: UpstreamFeed,
        apply: Applier = apply_change,
        apply_page: PageApplier | None = None,
    ) -> None:
        self._engine = engine
        self._feed = feed
        self._apply = apply
        self._apply_page_at_once = apply_page

    @property
    def name(self) -> str:
        """The feed's name, its cursor's key."""
        return self._feed.name

    def position(self, conn: Connection, account_id: str) -> int:
        """The sequence of this feed the account's derived data reflects."""
        return cursors.read(conn, account_id, self._feed.name)

    async def follow(self, account_id: str, progress: Progress | None = None) -> int:
        """Apply every change up to the upstream's current end; returns the sequence now reflected."""
        with self._engine.connect() as conn:
            position = self.position(conn, account_id)
        reading = asyncio.ensure_future(self._read(account_id, position))
        try:
            while True:
                page = await reading
                if page.changes and page.changes[-1].sequence < page.latest_sequence:
                    # More to come: the upstream reads the next page while this one is applied
                    # (decision 0121). Changes it holds at or below the cursor are skipped.
                    reading = asyncio.ensure_future(self._read(account_id, page.changes[-1].sequence))
                    await asyncio.sleep(0)  # send the request before applying blocks the loop
                if page.changes:
                    before = position
                    position = self._apply_page(account_id, page.changes)
                    if progress is not None:
                        progress.applied += position - before
                if progress is not None:
                    progress.remaining[self._feed.name] = max(0, page.latest_sequence - position)
                if not page.changes or position >= page.latest_sequence:
                    return position
        finally:
            if not reading.done():
                reading.cancel()
            elif not reading.cancelled():
                reading.exception()  # a read no page is taken from: its failure is of no use

    async def _read(self, account_id: str, after_sequence: int) -> FeedPage:
        try:
            return await self._feed.read_after(account_id, after_sequence, PAGE_SIZE)
        except RemoteError as error:
            raise FeedUnavailable.of(self._feed.name, error) from error

    def _apply_page(self, account_id: str, changes: list[Change]) -> int:
        with self._engine.begin() as conn:
            # Re-read under the row lock: another replica may have applied part of this page.
            applied = cursors.read(conn, account_id, self._feed.name, for_update=True)
            new = [change for change in _superseded_dropped(changes) if change.sequence > applied]
            if self._apply_page_at_once is not None:
                self._apply_page_at_once(conn, account_id, new)
            else:
                for change in new:
                    self._apply(conn, account_id, change)
            position = max(applied, changes[-1].sequence)
            cursors.advance(conn, account_id, self._feed.name, position)
        return position


class CatchingUp(DomainError):
    """The account's backlog is still being applied; the answer would come after the caller's deadline."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "CATCHING_UP"

    @classmethod
    def retry_in(cls, seconds: int) -> CatchingUp:
        """Say when the backlog should be applied (the edge turns ``retryAfter`` into Retry-After)."""
        return cls(
            f"still catching up with your latest changes; retry in {seconds} s",
            metadata={"retryAfter": str(seconds)},
        )


@dataclass
class Progress:
    """How far one catch-up job has got, to estimate when it ends."""

    started_at: float
    applied: int = 0
    remaining: dict[str, int] = field(default_factory=dict)

    def seconds_left(self, now: float) -> int:
        """The estimated seconds until the job ends, from its pace so far (at least 1, at most 60)."""
        left = sum(self.remaining.values())
        elapsed = now - self.started_at
        if self.applied == 0 or elapsed <= 0:
            return UNKNOWN_RETRY_SECONDS
        return min(MAX_RETRY_SECONDS, max(1, math.ceil(left * elapsed / self.applied)))


# The feeds a read may ask to be caught up with (decision 0090): the endurance reads use only what
# the sessions feed projects, so they never wait for the training library's projection.
SESSIONS: Final = frozenset({"sessions"})
BOTH: Final = frozenset({"sessions", "training"})


@dataclass
class _Job:
    """One background catch-up of an account with ``feeds``."""

    number: int
    task: asyncio.Task[None]
    progress: Progress
    feeds: frozenset[str] = BOTH


class AccountFeeds:
    """Both feeds of an account, caught up together under one lock per account.

    Catching up runs as a background task per account (one at a time per account): a read waits
    for it only within its budget, then answers ``CatchingUp`` while the task goes on, so a large
    import is applied in the background instead of in front of every read. ``keep_up`` also
    catches up recently read accounts on its own, so they are current before the next read.
    """

    def __init__(
        self,
        engine: Engine,
        sessions: FeedFollower,
        training: FeedFollower,
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._engine = engine
        self._sessions = sessions
        self._training = training
        self._monotonic = monotonic
        self._locks = [asyncio.Lock() for _ in range(LOCK_STRIPES)]
        self._jobs: dict[str, _Job] = {}
        self._numbers = itertools.count()
        self._read_at: dict[str, float] = {}
        self._keeping_up: asyncio.Task[None] | None = None

    @property
    def engine(self) -> Engine:
        """The storage the derived data lives in."""
        return self._engine

    def _lock(self, account_id: str) -> asyncio.Lock:
        return self._locks[zlib.crc32(account_id.encode()) % LOCK_STRIPES]

    def account_lock(self, account_id: str) -> asyncio.Lock:
        """The lock catching up holds for ``account_id``: erasure takes it so no catch-up in this
        process writes the account's rows between its delete and its commit."""
        return self._lock(account_id)

    def forget(self, account_id: str) -> None:
        """Stop keeping ``account_id`` caught up in the background (its account is being erased)."""
        self._read_at.pop(account_id, None)

    async def catch_up(
        self, account_id: str, wait_seconds: float = DEFAULT_WAIT_SECONDS, feeds: frozenset[str] = BOTH
    ) -> FeedPositions:
        """Catch up with ``feeds`` (both by default); returns the sequences now reflected."""
        async with self.caught_up(account_id, wait_seconds, feeds) as positions:
            return positions

    @asynccontextmanager
    async def caught_up(
        self,
        account_id: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
        feeds: frozenset[str] = BOTH,
        sessions_at_least: int = 0,
    ) -> AsyncIterator[FeedPositions]:
        """Catch up with ``feeds`` (both unless the read needs fewer), then hold the account's lock
        while the caller reads.

        Waits at most ``wait_seconds`` for a catch-up of those feeds that started after this call,
        else raises ``CatchingUp`` saying when to retry; the catch-up goes on in the background.
        A feed not asked for is caught up by the next read that needs it, or the background sweep.
        A sessions-only read whose caller already saw ``sessions_at_least`` (an earlier answer's
        sequence) reads at once when the account reflects it and no catch-up is running.
        """
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        self._read_at[account_id] = self._monotonic()
        lock = self._lock(account_id)
        if sessions_at_least > 0 and feeds == SESSIONS and not lock.locked():
            await lock.acquire()
            try:
                positions = self._positions(account_id)
                if positions.sessions >= sessions_at_least:
                    yield positions
                    return
            finally:
                lock.release()
        arrived = next(self._numbers)
        job = self._job(account_id, feeds)
        try:
            async with asyncio.timeout(max(0.0, wait_seconds)):
                while True:
                    # Only a catch-up that began after this call, of every feed it needs, saw every
                    # earlier write.
                    await asyncio.shield(job.task)
                    await lock.acquire()
                    if job.number > arrived and feeds <= job.feeds:
                        break
                    lock.release()
                    job = self._job(account_id, feeds)
        except TimeoutError:
            raise CatchingUp.retry_in(job.progress.seconds_left(self._monotonic())) from None
        try:
            # Read under the lock with the data, so the answer reflects exactly these sequences.
            yield self._positions(account_id)
        finally:
            lock.release()

    def _positions(self, account_id: str) -> FeedPositions:
        with self._engine.connect() as conn:
            stored = cursors.read_all(conn, account_id)
        return FeedPositions(stored.get(self._sessions.name, 0), stored.get(self._training.name, 0))

    def _job(self, account_id: str, feeds: frozenset[str] = BOTH) -> _Job:
        """The account's running catch-up, or a new one of ``feeds``."""
        job = self._jobs.get(account_id)
        if job is not None and not job.task.done():
            return job
        progress = Progress(self._monotonic())
        number = next(self._numbers)
        task = asyncio.create_task(self._run(account_id, progress, feeds), name=f"catch-up {account_id}")
        job = self._jobs[account_id] = _Job(number, task, progress, feeds)

        def finished(task: asyncio.Task[None]) -> None:
            # A read that waited gets a failure itself; one nobody waited for is only logged.
            if not task.cancelled() and task.exception() is not None:
                log.info("catching up account %s failed: %s", account_id, task.exception())
            if self._jobs.get(account_id) is job:
                del self._jobs[account_id]  # the table holds running catch-ups only

        task.add_done_callback(finished)
        return job

    async def _run(self, account_id: str, progress: Progress, feeds: frozenset[str] = BOTH) -> None:
        followers = [
            follower
            for name, follower in (("sessions", self._sessions), ("training", self._training))
            if name in feeds
        ]
        async with self._lock(account_id):
            # Read at once; each is waited for before the lock goes, even when one fails.
            outcomes = await asyncio.gather(
                *(follower.follow(account_id, progress) for follower in followers),
                return_exceptions=True,
            )
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome

    def start_keeping_up(self, interval_seconds: float) -> None:
        """Run ``keep_up`` in the background until ``stop``."""
        self._keeping_up = asyncio.create_task(self.keep_up(interval_seconds), name="analytics-keep-up")

    def stop_keeping_up(self) -> None:
        """Stop the background sweep (the server is about to stop). Catch-ups a read waits for go on,
        so the reads still in flight during the graceful stop get their answers."""
        if self._keeping_up is not None:
            self._keeping_up.cancel()

    async def stop(self) -> None:
        """Cancel what still catches up (the server has stopped: no read waits for it any more)."""
        self.stop_keeping_up()
        tasks = [job.task for job in self._jobs.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def keep_up(self, interval_seconds: float, active_seconds: float = ACTIVE_SECONDS) -> None:
        """Forever: every ``interval_seconds``, catch up each account read in the last ``active_seconds``."""
        while True:
            await asyncio.sleep(interval_seconds)
            now = self._monotonic()
            for account_id, read_at in list(self._read_at.items()):
                if now - read_at > active_seconds:
                    del self._read_at[account_id]
                    continue
                job = self._job(account_id)
                # One account at a time: the sweep must not crowd out the reads it serves.
                with contextlib.suppress(Exception):
                    await asyncio.shield(job.task)


def _superseded_dropped(changes: list[Change]) -> list[Change]:
    """The page without performance.logged changes a later one in the page replaces.

    Each performance.logged carries the performance's whole set list and replaces the stored one,
    so only the last of a page matters; set-by-set logging writes several in a row.
    """
    last = {c.record_id: c.sequence for c in changes if c.kind == "performance.logged"}
    return [c for c in changes if c.kind != "performance.logged" or last[c.record_id] == c.sequence]
