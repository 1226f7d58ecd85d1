"""``python -m benchmarks.analytics_points``: where the per-point cost of a progress series goes.

In process, no servers: fills an analytics SQLite database with session points (10 years and 4
weeks of 5 sessions a week and 10 exercises, as ``benchmarks.analytics_service`` logs them) and times
each stage of a 1-year e1RM series, the way GetProgress and the edge's ``/api/analytics/progress``
run it: the SQL read alone (DBAPI cursor), ``points`` (read and row decoding), the local days and
timestamps, the protobuf answer, its bytes, the edge's parse, its JSON dict and the JSON body.

Per-point cost of a stage = (long - short) / (points long - points short): the 1-year window holds
260 points on the long account and 20 on the short one. Figures are printed, nothing is asserted;
decision 0021 (Benchmark) records them before and after the fixes.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from starlette.responses import JSONResponse

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
# The statement ``points`` runs for such a series, for the SQLite driver alone.
RAW_SQL = (
    "SELECT exercise_id, session_id, started_at, volume, record_sets, balance_sets, "
    + ", ".join(f"{FIGURE}_{part}" for part in ("value", "performance_id", "set_number", "weight_kg", "reps"))
    + " FROM session_points WHERE account_id = ? AND exercise_id = ? AND started_at >= ? "
    "AND started_at < ? ORDER BY started_at, session_id, exercise_id"
)


SQL_ONLY = "  of which SQL alone (sqlite3 cursor)"
DAYS_ONLY = "  of which local days alone"


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
        out["points(): SQL + row decoding"] = median_ms(
            lambda: store.points(conn, account_id, start, end, SERIES_EXERCISE, (FIGURE,))
        )
        out[SQL_ONLY] = median_ms(lambda: raw.execute(RAW_SQL, bounds).fetchall())
        rows = store.points(conn, account_id, start, end, SERIES_EXERCISE, (FIGURE,))
    kept = [p for p in rows if p.figures[FIGURE] is not None]
    answer = q.ProgressAnswer(SERIES_EXERCISE, "e1rm", "epley", first, last, kept, zone, 1)
    out["protobuf answer (analytics_pb)"] = median_ms(lambda: analytics_pb.progress_response(answer))
    out[DAYS_ONLY] = median_ms(lambda: [zone.day(p.started_at).isoformat() for p in kept])
    message = analytics_pb.progress_response(answer)
    out["protobuf bytes"] = median_ms(message.SerializeToString)
    payload = message.SerializeToString()
    out["edge: parse"] = median_ms(lambda: analytics_pb2.GetProgressResponse.FromString(payload))
    parsed = analytics_pb2.GetProgressResponse.FromString(payload)
    out["edge: JSON dict (render)"] = median_ms(lambda: render.progress_json(parsed, ZONE))
    data = render.progress_json(parsed, ZONE)
    out["edge: JSON body"] = median_ms(lambda: JSONResponse(data).body)
    return len(kept), out


def main() -> int:
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
    rest = [s for s in long if s not in (SQL_ONLY, DAYS_ONLY)]
    total = sum(long[s] - short[s] for s in rest) * 1000 / extra
    print(f"{'per point, points() to JSON body':<42}{'':>19}{total:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
