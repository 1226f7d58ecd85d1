"""Cold catch-up rate and read latency of analytics, in process on SQLite (no edge, no gRPC).

Builds a synthetic sessions feed (3 sessions a week, 5 exercises, 4 sets logged one at a time, so
4 performance.logged changes per exercise) for YEARS of history, catches up cold and reports
changes per second, then p50 of records and of a one-year e1RM series for that account and for a
one-month account, each against issue 33's target with PASS or FAIL (the issue measures them
through the services with ``benchmarks.analytics_service --against``, which prints the same
verdicts). Usage: ``.venv/bin/python -m benchmarks.analytics_catch_up [years]``.

``--compare [years]`` instead catches the long account up cold, in turns, the way analytics did
before decision 0121 (every change of the page decoded, then applied one at a time) and the way it
does now (superseded performance.logged changes left undecoded, the page applied at once), from the
feed's protobuf messages, and prints changes/s and SQL statements per change side by side.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from sqlalchemy import event

from kinetic.sessions.v1 import sessions_pb2
from kinetic.storage import make_engine, upgrade
from services.analytics.adapters import sessions_feed
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import AccountFeeds, FeedFollower, FeedPage
from services.analytics.service_layer.projection import Change, apply_change, apply_changes
from tests.integration.analytics.analytics_support import (
    DAY1,
    LibraryFeed,
    ListFeed,
    a_set,
    make_queries,
)

ACCOUNT = "11111111-1111-4111-8111-111111111111"
EXERCISES = ("barbell-back-squat", "barbell-bench-press", "barbell-deadlift", "barbell-curl", "front-squat")


def history(weeks: int) -> ListFeed:
    feed = ListFeed()
    start = DAY1 - timedelta(weeks=weeks)
    for week in range(weeks):
        for slot in range(3):
            session = f"s{week}-{slot}"
            feed.start(session, start + timedelta(weeks=week, days=2 * slot))
            for index, exercise in enumerate(EXERCISES):
                sets = []
                for number in range(1, 5):
                    sets.append(a_set(number, 60 + index * 10 + (week % 12) * 2.5, 5 + number % 3))
                    feed.log(f"p{week}-{slot}-{index}", session, exercise, list(sets))
            feed.start(session, start + timedelta(weeks=week, days=2 * slot), "completed")
    return feed


async def p50(call, runs: int = 30) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        await call()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


COLD_WAIT_SECONDS = 3600.0


async def main(years: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for label, weeks in (("long", 52 * years), ("month", 4)):
            feed = history(weeks)
            engine = make_engine(f"analytics_{label}", data_dir=Path(tmp), database_url=None)
            queries = make_queries(engine, feed)
            began = time.perf_counter()
            # The cold catch-up is what is measured: wait for all of it (reads give up after 5 s).
            await queries.personal_records(ACCOUNT, [], "", "", wait_seconds=COLD_WAIT_SECONDS)
            elapsed = time.perf_counter() - began
            records = await p50(lambda q=queries: q.personal_records(ACCOUNT, [], "", ""))
            series = await p50(
                lambda q=queries: q.progress(
                    ACCOUNT, EXERCISES[0], "e1rm", "2025-03-02", "2026-03-01", "", ""
                )
            )
            results[label] = (len(feed.changes), elapsed, records, series)
            print(
                f"{label}: {len(feed.changes)} changes, cold catch-up {elapsed:.1f}s "
                f"({len(feed.changes) / elapsed:.0f} changes/s); p50 records {records:.2f} ms, "
                f"1-year e1rm series {series:.2f} ms"
            )
        series_ratio = results["long"][3] / results["month"][3]
        print(
            f"ratio long/month: records {results['long'][2] / results['month'][2]:.2f}x, "
            f"series {series_ratio:.2f}x"
        )
        # Issue 33's targets, as benchmarks.analytics_service --against prints them through the edge.
        rate = results["long"][0] / results["long"][1]
        print(
            f"target cold catch-up >= {CATCH_UP_TARGET} changes/s: "
            f"{verdict(rate >= CATCH_UP_TARGET)} ({rate:.0f})"
        )
        print(
            f"target 1-year series long/month <= {SERIES_TARGET}x: {verdict(series_ratio <= SERIES_TARGET)} "
            f"({series_ratio:.2f}x)"
        )


CATCH_UP_TARGET = 20_000
SERIES_TARGET = 1.2


def verdict(met: bool) -> str:
    return "PASS" if met else "FAIL"


class PbFeed:
    """The sessions feed as ListChanges answers it: protobuf messages, decoded by ``decode`` per page."""

    name = "sessions"

    def __init__(
        self, messages: list[sessions_pb2.Change], decode: Callable[[list[sessions_pb2.Change]], list[Change]]
    ) -> None:
        self._messages = messages
        self._decode = decode

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        page = self._messages[after_sequence : after_sequence + page_size]  # sequence n at index n - 1
        return FeedPage(self._decode(page), len(self._messages))


def one_by_one(page: list[sessions_pb2.Change]) -> list[Change]:
    return [sessions_feed.change_from_pb(message) for message in page]


WAYS = {
    "before: each change decoded and applied": (one_by_one, None),
    "after: page decoded once, applied at once": (sessions_feed.page_from_pb, apply_changes),
}


async def cold_catch_up(
    tmp: Path, run: int, messages: list[sessions_pb2.Change], way: str
) -> tuple[float, int]:
    """Seconds of one cold catch-up of ``messages`` the ``way`` named, and the SQL statements run."""
    decode, apply_page = WAYS[way]
    engine = make_engine(f"compare_{run}", data_dir=tmp, database_url=None)
    upgrade(engine, MIGRATIONS)
    statements = 0

    def count(*_: object) -> None:
        nonlocal statements
        statements += 1

    event.listen(engine, "before_cursor_execute", count)
    sessions = FeedFollower(engine, PbFeed(messages, decode), apply_change, apply_page)
    feeds = AccountFeeds(engine, sessions, FeedFollower(engine, LibraryFeed()))
    began = time.perf_counter()
    await feeds.catch_up(ACCOUNT, wait_seconds=COLD_WAIT_SECONDS)
    elapsed = time.perf_counter() - began
    engine.dispose()
    return elapsed, statements


async def compare(years: int, rounds: int = 3) -> None:
    feed = history(52 * years)
    messages = feed.messages
    load = os.getloadavg()[0]
    figures: dict[str, list[tuple[float, int]]] = {way: [] for way in WAYS}
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(rounds):
            for way in WAYS if n % 2 == 0 else list(WAYS)[::-1]:
                figures[way].append(
                    await cold_catch_up(Path(tmp), 2 * n + list(WAYS).index(way), messages, way)
                )
    print(f"cold catch-up of {len(messages)} changes ({years} years), in process on SQLite, {rounds} turns;")
    print(f"load average {load:.2f} at start, {os.getloadavg()[0]:.2f} at end")
    print(f"{'':<44}{'changes/s':>10}{'statements/change':>19}")
    rates = {}
    for way, runs in figures.items():
        rates[way] = statistics.median(len(messages) / seconds for seconds, _ in runs)
        print(f"{way:<44}{rates[way]:>10.0f}{runs[0][1] / len(messages):>19.2f}")
    before, after = rates.values()
    print(f"{'after / before':<44}{after / before:>9.2f}x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        asyncio.run(compare(int(sys.argv[2]) if len(sys.argv) > 2 else 1))
    else:
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
