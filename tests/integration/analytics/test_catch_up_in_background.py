"""Analytics catches up in the background; a read waits for it only within its budget (0035).

The sessions feed is a list whose pages are held back until the test lets them through: a large
import still being applied. Storage is real (SQLite, migrated).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from dataclasses import dataclass, field

import pytest
from sqlalchemy import Engine

from services.analytics.adapters import cursors
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.service_layer.catch_up import AccountFeeds, CatchingUp, FeedFollower, FeedPage
from services.analytics.service_layer.queries import AnalyticsQueries
from services.analytics.service_layer.training_projection import apply_training_change
from tests.eventually import eventually
from tests.integration.analytics.analytics_support import (
    ACCOUNT,
    DAY1,
    NOW,
    LibraryFeed,
    ListFeed,
    a_set,
    make_queries,
)

BENCH = "barbell-bench-press"
IMPORTED_PERFORMANCES = 300
BUDGET = 0.3
# Scheduling on a loaded two-core machine.
MARGIN = 0.5


@dataclass
class HeldBackFeed(ListFeed):
    """After the first page, each page waits until ``release`` is set."""

    release: asyncio.Event = field(default_factory=asyncio.Event)
    held: int = 0

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        if self.reads >= 1 and not self.release.is_set():
            self.held += 1
            await self.release.wait()
        return await super().read_after(account_id, after_sequence, page_size)


def imported(feed: ListFeed, count: int, first: int = 0) -> None:
    feed.start(f"s{first}", DAY1)
    for number in range(first, first + count):
        feed.log(f"p{number}", f"s{first}", BENCH, [a_set(1, 60 + number % 40, 5)])


def applied(engine: Engine) -> int:
    with engine.connect() as conn:
        return cursors.read(conn, ACCOUNT, "sessions")


async def timed_refusal(read: Awaitable[object]) -> tuple[float, CatchingUp]:
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(CatchingUp) as refused:
        await read
    return loop.time() - started, refused.value


async def test_a_read_after_a_large_import_answers_catching_up_within_its_budget(sqlite_engines):
    engine = sqlite_engines("analytics")
    feed = HeldBackFeed(page_size=50)
    imported(feed, IMPORTED_PERFORMANCES)
    latest = feed.changes[-1].sequence
    queries = make_queries(engine, feed)

    seconds, refusal = await timed_refusal(
        queries.personal_records(ACCOUNT, [], "epley", "UTC", wait_seconds=BUDGET)
    )
    assert seconds <= BUDGET + MARGIN, f"{seconds:.2f} s: the read did not wait for the backlog"
    assert refusal.reason == "CATCHING_UP"
    assert "retry in" in refusal.message
    assert 1 <= int(refusal.metadata["retryAfter"]) <= 60
    assert 0 < applied(engine) < latest, "the first page is in, the rest still held back"

    # Nobody reads; the catch-up goes on by itself once the feed lets pages through.
    feed.release.set()
    await eventually(lambda: applied(engine) == latest, what="the background catch-up")
    loop = asyncio.get_running_loop()
    started = loop.time()
    answer = await queries.personal_records(ACCOUNT, [], "epley", "UTC", wait_seconds=BUDGET)
    assert answer.as_of_sequence == latest
    assert [e.exercise_id for e in answer.exercises] == [BENCH]
    assert loop.time() - started <= BUDGET + MARGIN


async def test_a_read_waits_for_changes_written_before_it_arrived(sqlite_engines):
    engine = sqlite_engines("analytics")
    feed = ListFeed()
    imported(feed, 3)
    queries = make_queries(engine, feed)
    first = await queries.personal_records(ACCOUNT, [], "epley", "UTC")
    imported(feed, 2, first=3)
    second = await queries.personal_records(ACCOUNT, [], "epley", "UTC")
    assert second.as_of_sequence == feed.changes[-1].sequence > first.as_of_sequence


async def test_recently_read_accounts_are_kept_caught_up_without_a_read(sqlite_engines):
    engine = sqlite_engines("analytics")
    feed = ListFeed()
    imported(feed, 3)
    make_queries(engine, feed)  # migrates
    feeds = AccountFeeds(
        engine, FeedFollower(engine, feed), FeedFollower(engine, LibraryFeed(), apply_training_change)
    )
    queries = AnalyticsQueries(feeds, MuscleCatalog.load(), lambda: NOW)
    await queries.personal_records(ACCOUNT, [], "epley", "UTC")
    imported(feed, 20, first=3)
    keeping_up = asyncio.create_task(feeds.keep_up(interval_seconds=0.05))
    try:
        await eventually(lambda: applied(engine) == feed.changes[-1].sequence, what="keeping up")
    finally:
        keeping_up.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeping_up


async def test_a_read_in_flight_when_the_server_starts_stopping_still_gets_its_answer(sqlite_engines):
    """The roll of decision 0044: stopping the sweep (before the graceful stop) must not cancel the
    catch-up a read in flight waits for; only the stop after it cancels what is left."""
    engine = sqlite_engines("analytics")
    feed = HeldBackFeed(page_size=50)
    imported(feed, 120)
    make_queries(engine, feed)  # migrates
    feeds = AccountFeeds(
        engine, FeedFollower(engine, feed), FeedFollower(engine, LibraryFeed(), apply_training_change)
    )
    queries = AnalyticsQueries(feeds, MuscleCatalog.load(), lambda: NOW)
    feeds.start_keeping_up(interval_seconds=0.05)
    read = asyncio.create_task(queries.personal_records(ACCOUNT, [], "epley", "UTC", wait_seconds=30))
    await eventually(lambda: feed.held == 1, what="the read's catch-up held back")

    feeds.stop_keeping_up()
    feed.release.set()
    answer = await read
    assert answer.as_of_sequence == feed.changes[-1].sequence

    imported(feed, 120, first=120)
    feed.release.clear()
    unwaited = asyncio.create_task(feeds.catch_up(ACCOUNT, wait_seconds=30))
    await eventually(lambda: feed.held == 2, what="a catch-up held back")
    await feeds.stop()
    with pytest.raises(asyncio.CancelledError):
        await unwaited
    assert applied(engine) < feed.changes[-1].sequence, "the stop cancelled the held-back catch-up"
