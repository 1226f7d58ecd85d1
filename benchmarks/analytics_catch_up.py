"""Cold catch-up rate and read latency of analytics, in process on SQLite (no edge, no gRPC).

Builds a synthetic sessions feed (3 sessions a week, 5 exercises, 4 sets logged one at a time, so
4 performance.logged changes per exercise) for YEARS of history, catches up cold and reports
changes per second, then p50 of records and of a one-year e1RM series for that account and for a
one-month account. Usage: ``.venv/bin/python -m benchmarks.analytics_catch_up [years]``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from kinetic.storage import make_engine
from tests.integration.analytics.analytics_support import DAY1, ListFeed, a_set, make_queries

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
        print(
            f"ratio long/month: records {results['long'][2] / results['month'][2]:.2f}x, "
            f"series {results['long'][3] / results['month'][3]:.2f}x"
        )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
