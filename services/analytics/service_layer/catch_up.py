"""Catching up with upstream change feeds before answering, so answers reflect every earlier write."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Engine

from kinetic.errors import InvalidArgument
from services.analytics.adapters import cursors

PAGE_SIZE = 500


@dataclass(frozen=True)
class FeedPage:
    """Sequences of one page of upstream changes and the upstream's current end."""

    sequences: list[int]
    latest_sequence: int


class UpstreamFeed(Protocol):
    """An ordered per-account change feed of another service."""

    name: str

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``."""
        ...


class FeedFollower:
    """Applies an upstream feed to an account's derived data, page by page, and keeps the cursor."""

    def __init__(self, engine: Engine, feed: UpstreamFeed) -> None:
        self._engine = engine
        self._feed = feed

    async def catch_up(self, account_id: str) -> int:
        """Apply every change up to the upstream's current end; returns the sequence now reflected."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        with self._engine.connect() as conn:
            position = cursors.read(conn, account_id, self._feed.name)
        while True:
            page = await self._feed.read_after(account_id, position, PAGE_SIZE)
            if page.sequences:
                position = page.sequences[-1]
                with self._engine.begin() as conn:
                    # Derived aggregates are applied here, in the cursor's transaction (next issues).
                    cursors.advance(conn, account_id, self._feed.name, position)
            if not page.sequences or position >= page.latest_sequence:
                return position
