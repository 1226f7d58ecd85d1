"""Catching up with upstream change feeds before answering, so answers reflect every earlier write.

Each page of changes is applied in one transaction together with the cursor, and changes at or
below the stored cursor are skipped, so a change is never applied twice (decision 0021). Within one
process, one lock per account (striped) serializes catch-ups and the reads that follow them, so an
answer reflects exactly the sequence it reports.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from services.analytics.adapters import cursors
from services.analytics.service_layer.projection import Change, apply_change

PAGE_SIZE = 500
LOCK_STRIPES = 64

Applier = Callable[[Connection, str, Change], None]


@dataclass(frozen=True)
class FeedPage:
    """One page of upstream changes and the upstream's current end."""

    changes: list[Change]
    latest_sequence: int


class UpstreamFeed(Protocol):
    """An ordered per-account change feed of another service."""

    name: str

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``."""
        ...


class FeedFollower:
    """Applies an upstream feed to an account's derived data, page by page, and keeps the cursor."""

    def __init__(self, engine: Engine, feed: UpstreamFeed, apply: Applier = apply_change) -> None:
        self._engine = engine
        self._feed = feed
        self._apply = apply
        self._locks = [asyncio.Lock() for _ in range(LOCK_STRIPES)]

    @property
    def engine(self) -> Engine:
        """The storage the derived data lives in."""
        return self._engine

    def _lock(self, account_id: str) -> asyncio.Lock:
        return self._locks[zlib.crc32(account_id.encode()) % LOCK_STRIPES]

    async def catch_up(self, account_id: str) -> int:
        """Apply every change up to the upstream's current end; returns the sequence now reflected."""
        async with self.caught_up(account_id) as position:
            return position

    @asynccontextmanager
    async def caught_up(self, account_id: str) -> AsyncIterator[int]:
        """Catch up, then hold the account's lock while the caller reads; yields the sequence."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        async with self._lock(account_id):
            yield await self._catch_up(account_id)

    async def _catch_up(self, account_id: str) -> int:
        with self._engine.connect() as conn:
            position = cursors.read(conn, account_id, self._feed.name)
        while True:
            page = await self._feed.read_after(account_id, position, PAGE_SIZE)
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


def _superseded_dropped(changes: list[Change]) -> list[Change]:
    """The page without performance.logged changes a later one in the page replaces.

    Each performance.logged carries the performance's whole set list and replaces the stored one,
    so only the last of a page matters; set-by-set logging writes several in a row.
    """
    last = {c.record_id: c.sequence for c in changes if c.kind == "performance.logged"}
    return [c for c in changes if c.kind != "performance.logged" or last[c.record_id] == c.sequence]
