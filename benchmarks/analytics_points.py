"""``python -m benchmarks.analytics_points``: where the per-point cost of a progress series goes.

In process, no servers: fills an analytics SQLite database with session points (10 years and 4
weeks of 5 sessions a week and 10 exercises, as ``benchmarks.analytics_service`` logs them) and times
each stage of a 1-year e1RM series, the way GetProgress and the edge's ``/api/analytics/progress``
run it since the series is columnar (decision 0121): the SQL read alone (DBAPI cursor),
``series_columns`` (the same on the driver's cursor, its rows into columns), the protobuf answer in
columns only (of which the local days and times), the answer in both forms (what an edge of the
release before the columns gets), its bytes, the edge's parse and the JSON body it writes.

Per-point cost of a stage = (long - short) / (points long - points short): the 1-year window holds
260 points on the long account and 20 on the short one. Figures are printed, nothing is asserted;
decisions 0021 (Benchmark) and 0121 record them before and after the fixes.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from edge.analytics import render
from kinetic.analytics.v1 import analytics_pb2
from kinetic.storage import make_engine, upgrade
from services.analytics.adapters import aggregates as store
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.domain.lifting import SetFact, session_figures
from services.analytics.entrypoints import analytics_pb
from services.analytics.service_layer import queries as q

EXERCISES = tuple(f"exercise-{n}" for n in range(10))
SERIES_EXERCISE = EXERCISES[0]
ZONE = "Europe/Amsterdam"
RUNS = 300
SETS_PER_EXERCISE = 8


def fill(engine: Any, account_id: str, weeks: int, end: datetime) -> None:
    """Session points for ``weeks`` of 5 sessions a week ending the day before ``end``."""
    first = end - timedelta(weeks=weeks)
    with engine.begin() as conn:
        for week in range(weeks):
            for slot in range(5):
                started = first + timedelta(weeks=week, days=slot)
                session = f"s{week}-{slot}"
                for index, exercise in enumerate(EXERCISES):
                    load = 40 + index * 10 + (week % 12) * 2.5
                    sets = [
                        SetFact(f"p{week}-{slot}-{index}", n, "N", load, 3 + (n + week) % 8, True, False)
                        for n in range(1, SETS_PER_EXERCISE + 1)
                    ]
                    store.put_point(conn, account_id, exercise, session, started, session_figures(sets))


def median_ms(call: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


FIGURE = "e1rm_epley"  # what an e1rm series with the default formula plots
# The statement ``series_columns`` runs for such a series, for the SQLite driver alone.
RAW_SQL = (
    "SELECT session_id, started_at, record_sets, "
    + ", ".join(f"{FIGURE}_{part}" for part in ("value", "performance_id", "set_number", "weight_kg", "reps"))
    + " FROM session_points WHERE account_id = ? AND exercise_id = ? AND started_at >= ? "
    f"AND started_at < ? AND {FIGURE}_value IS NOT NULL ORDER BY started_at"
)


SQL_ONLY = "  of which SQL alone (sqlite3 cursor)"
TIMES_ONLY = "  of which local days and times"
BOTH_FORMS = "protobuf answer, columns and points"


def stages(engine: Any, account_id: str, first: date, last: date) -> tuple[int, dict[str, float]]:
    """Median milliseconds of each stage of one 1-year series for ``account_id``."""
    zone = q.parse_zone(ZONE)
    start, end = zone.start_of(first), zone.start_of(last + timedelta(days=1))
    out: dict[str, float] = {}
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert raw is not None
        bounds = (account_id, SERIES_EXERCISE, f"{start:%Y-%m-%d %H:%M:%S.%f}", f"{end:%Y-%m-%d %H:%M:%S.%f}")
        # As AnalyticsQueries.progress reads an e1rm series.
        out["series_columns(): SQL, driver's rows"] = median_ms(
            lambda: store.series_columns(conn, account_id, SERIES_EXERCISE, start, end, FIGURE)
        )
        out[SQL_ONLY] = median_ms(lambda: raw.execute(RAW_SQL, bounds).fetchall())
        series = store.series_columns(conn, account_id, SERIES_EXERCISE, start, end, FIGURE)
    answer = q.ProgressAnswer(SERIES_EXERCISE, "e1rm", "epley", first, last, series, zone, 1)
    # What the edge asks for (columns only); an edge of the release before gets both forms.
    out["protobuf answer, columns (analytics_pb)"] = median_ms(
        lambda: analytics_pb.progress_response(answer, columns_only=True)
    )
    out[TIMES_ONLY] = median_ms(lambda: analytics_pb._series_times(series, zone))
    out[BOTH_FORMS] = median_ms(lambda: analytics_pb.progress_response(answer))
    message = analytics_pb.progress_response(answer, columns_only=True)
    out["protobuf bytes"] = median_ms(message.SerializeToString)
    payload = message.SerializeToString()
    out["edge: parse"] = median_ms(lambda: analytics_pb2.GetProgressResponse.FromString(payload))
    parsed = analytics_pb2.GetProgressResponse.FromString(payload)
    out["edge: JSON body (render.progress_body)"] = median_ms(lambda: render.progress_body(parsed, ZONE))
    return len(series.session_ids), out


def main() -> int:
    load = os.getloadavg()
    end = datetime(2026, 3, 2, 7, 30, tzinfo=UTC)
    first, last = (end - timedelta(days=365)).date(), end.date()
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-points-") as tmp:
        engine = make_engine("analytics", data_dir=Path(tmp), database_url=None)
        try:
            upgrade(engine, MIGRATIONS)
            fill(engine, "long", 520, end)
            fill(engine, "short", 4, end)
            long_points, long = stages(engine, "long", first, last)
            short_points, short = stages(engine, "short", first, last)
        finally:
            engine.dispose()
    extra = long_points - short_points
    print(f"1-year e1rm series: {long_points} points (10 years of history) vs {short_points} (4 weeks)")
    print(f"\n{'stage':<42}{'long ms':>9}{'short ms':>10}{'us/point':>10}")
    for stage in long:
        per_point = (long[stage] - short[stage]) * 1000 / extra
        print(f"{stage:<42}{long[stage]:>9.3f}{short[stage]:>10.3f}{per_point:>10.2f}")
    rest = [s for s in long if s not in (SQL_ONLY, TIMES_ONLY, BOTH_FORMS)]
    total = sum(long[s] - short[s] for s in rest) * 1000 / extra
    print(f"{'per point, series_columns() to JSON body':<42}{'':>19}{total:>10.2f}")
    print(f"load average {load[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
