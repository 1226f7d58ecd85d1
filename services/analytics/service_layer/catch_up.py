"""Catching up with upstream change feeds before answering, so answers reflect every earlier write.

Each page of changes is applied in one transaction together with the cursor, and changes at or
below the stored cursor are skipped, so a change is never applied twice (decision 0021). Within one
process, one lock per account (striped) serializes catching up with both feeds (sessions and
training) and the reads that follow, so an answer reflects exactly the sequences it reports. A feed
that cannot be read fails the whole answer with UNAVAILABLE: never a partial answer (decision 0024).
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol

import grpc
from sqlalchemy import Connection, Engine

from kinetic.errors import DomainError, InvalidArgument, RemoteError
from services.analytics.adapters import cursors
from services.analytics.service_layer.projection import Change, apply_change

PAGE_SIZE = 500
LOCK_STRIPES = 64

Applier = Callable[[Connection, str, Change], None]


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

    def __init__(self, engine: Engine, feed: UpstreamFeed, apply: Applier = apply_change) -> None:
        self._engine = engine
        self._feed = feed
        self._apply = apply

    async def follow(self, account_id: str) -> int:
        """Apply every change up to the upstream's current end; returns the sequence now reflected."""
        with self._engine.connect() as conn:
            position = cursors.read(conn, account_id, self._feed.name)
        while True:
            try:
                page = await self._feed.read_after(account_id, position, PAGE_SIZE)
            except RemoteError as error:
                raise FeedUnavailable.of(self._feed.name, error) from error
            if page.changes:
                position = self._apply_page(account_id, page.changes)
            if not page.changes or position >= page.latest_sequence:
                return position

    def _apply_page(self, account_id: str, changes: list[Change]) -> int:
        with self._engine.begin() as conn:
            # Re-read under the row lock: another replica may have applied part of this page.
            applied = cursors.read(conn, account_id, self._feed.name, for_update=True)
            for change in _superseded_dropped(changes):
                if change.sequence > applied:
                    self._apply(conn, account_id, change)
            position = max(applied, changes[-1].sequence)
            cursors.advance(conn, account_id, self._feed.name, position)
        return position


class AccountFeeds:
    """Both feeds of an account, caught up together under one lock per account."""

    def __init__(self, engine: Engine, sessions: FeedFollower, training: FeedFollower) -> None:
        self._engine = engine
        self._sessions = sessions
        self._training = training
        self._locks = [asyncio.Lock() for _ in range(LOCK_STRIPES)]

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

    async def catch_up(self, account_id: str) -> FeedPositions:
        """Catch up with both feeds; returns the sequences now reflected."""
        async with self.caught_up(account_id) as positions:
            return positions

    @asynccontextmanager
    async def caught_up(self, account_id: str) -> AsyncIterator[FeedPositions]:
        """Catch up with both feeds, then hold the account's lock while the caller reads."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        async with self._lock(account_id):
            # Both are read at once; each is waited for before the lock goes, even when one fails.
            sessions, training = await asyncio.gather(
                self._sessions.follow(account_id), self._training.follow(account_id), return_exceptions=True
            )
            for outcome in (sessions, training):
                if isinstance(outcome, BaseException):
                    raise outcome
            assert isinstance(sessions, int) and isinstance(training, int)
            yield FeedPositions(sessions, training)


def _superseded_dropped(changes: list[Change]) -> list[Change]:
    """The page without performance.logged changes a later one in the page replaces.

    Each performance.logged carries the performance's whole set list and replaces the stored one,
    so only the last of a page matters; set-by-set logging writes several in a row.
    """
    last = {c.record_id: c.sequence for c in changes if c.kind == "performance.logged"}
    return [c for c in changes if c.kind != "performance.logged" or last[c.record_id] == c.sequence]
