"""The progress series read column by column (decision 0121, "The progress series, columnar").

``GetProgressResponse.points`` built from the columns equals, byte for byte, what the answer was
built from before (``store.points`` and one ``PointRow`` per point), and ``columns`` holds the same
points entry for entry: random points on SQLite and PostgreSQL, in several time zones, with starts
before 1970, microseconds and awkward loads.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from typing import Any

from kinetic.analytics.v1 import analytics_pb2 as pb
from kinetic.storage import upgrade
from kinetic.timestamps import seconds_and_nanos
from services.analytics.adapters import aggregates as store
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.domain.lifting import SetFact, session_figures
from services.analytics.domain.precision import derived_kg, logged_kg
from services.analytics.entrypoints.analytics_pb import progress_response
from services.analytics.service_layer import queries as q

ACCOUNT = "acc-series"
EXERCISES = ("squat", "bench")
ZONES = ("", "Europe/Amsterdam", "Pacific/Auckland", "America/St_Johns", "Asia/Kathmandu")
FIGURES = ("e1rm_epley", "e1rm_brzycki", "top_set", None)  # None: the volume series


def fill(engine: Any, seed: int) -> None:
    rng = random.Random(seed)
    previous = datetime(1968, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:
        for n in range(120):
            # From 1968 to 2027, some on the same day, some at midnight UTC, some with microseconds.
            started = datetime(1968, 1, 1, tzinfo=UTC) + timedelta(
                days=rng.randrange(0, 60 * 365),
                seconds=rng.choice([0, 3600 * 23 + 1800, rng.randrange(86400)]),
            )
            if rng.random() < 0.5:
                started += timedelta(microseconds=rng.randrange(1, 1_000_000))
            if n % 6 == 5:  # sessions that started at the same time: in order of session
                started = previous
            previous = started
            for exercise in EXERCISES:
                sets = [
                    SetFact(
                        f"p{n}-{exercise}-{k}-é",
                        k,
                        rng.choice(["N", "N", "N", "W", "D", "F"]),
                        rng.choice([0.0, 1e-7, 20.0, 102.345, 97.5, 1e6 / 3, rng.uniform(1, 300)]),
                        rng.choice([1, 3, 5, 8, 12, 13, 20]),
                        rng.random() < 0.9,
                        rng.random() < 0.1,
                    )
                    for k in range(1, rng.randrange(1, 6) + 1)
                ]
                # Session IDs not in the order of writing, so the order of ties is the query's.
                session = f"s{(n * 37) % 120:03d}-\u00fc"
                store.put_point(conn, ACCOUNT, exercise, session, started, session_figures(sets))


def reference(rows: list[store.PointRow], figure: str | None, zone: q.Zone) -> list[pb.ProgressPoint]:
    """The points as progress_response built them from ``store.points`` before the columns."""
    out = []
    for point in rows:
        best = None if figure is None else point.figures[figure]
        if (point.volume if figure is None else best) is None:
            continue
        day = zone.day(point.started_at).isoformat()
        seconds, nanos = seconds_and_nanos(point.started_at)
        when = {"seconds": seconds, "nanos": nanos}
        fields: dict[str, Any] = {
            "day": day,
            "session_id": point.session_id,
            "session_start_time": when,
            "set_count": point.record_sets,
        }
        if best is None:
            fields["value"] = derived_kg(point.volume or 0.0)
        else:
            fields["value"] = logged_kg(best.value) if figure == "top_set" else derived_kg(best.value)
            fields["set"] = {
                "session_id": point.session_id,
                "performance_id": best.performance_id,
                "set_number": best.set_number,
                "day": day,
                "session_start_time": when,
                "weight_kg": logged_kg(best.weight_kg),
                "reps": best.reps,
            }
        out.append(pb.ProgressPoint(**fields))
    return out


def test_columns_and_points_as_before(engines):
    engine = engines("analytics")
    upgrade(engine, MIGRATIONS)
    fill(engine, seed=33)
    checked = 0
    for time_zone in ZONES:
        zone = q.parse_zone(time_zone)
        first, last = date(1967, 12, 30), date(2027, 12, 31)
        start, end = zone.start_of(first), zone.start_of(last + timedelta(days=1))
        for exercise in EXERCISES:
            with engine.connect() as conn:
                rows = store.points(conn, ACCOUNT, start, end, exercise)
                series = {f: store.series_columns(conn, ACCOUNT, exercise, start, end, f) for f in FIGURES}
            for figure, columns in series.items():
                metric = {None: "volume", "top_set": "top_set"}.get(figure, "e1rm")
                formula = figure.removeprefix("e1rm_") if metric == "e1rm" and figure else None
                answer = q.ProgressAnswer(exercise, metric, formula, first, last, columns, zone, 7)  # type: ignore[arg-type]
                response = progress_response(answer)
                expected = reference(rows, figure, zone)
                assert len(expected) > 10
                assert [p.SerializeToString() for p in response.points] == [
                    p.SerializeToString() for p in expected
                ]
                # The columns hold the same points, and columns only leaves the points out.
                c = response.columns
                assert len(c.days) == len(expected)
                for at, point in enumerate(expected):
                    assert date(1970, 1, 1) + timedelta(days=c.days[at]) == date.fromisoformat(point.day)
                    assert (c.values[at], c.session_ids[at], c.set_counts[at]) == (
                        point.value,
                        point.session_id,
                        point.set_count,
                    )
                    assert (c.start_seconds[at], c.start_nanos[at]) == (
                        point.session_start_time.seconds,
                        point.session_start_time.nanos,
                    )
                    if figure is not None:
                        ref = point.set
                        assert (
                            c.set_performance_ids[at],
                            c.set_numbers[at],
                            c.set_weights_kg[at],
                            c.set_reps[at],
                        ) == (ref.performance_id, ref.set_number, ref.weight_kg, ref.reps)
                if figure is None:
                    assert not c.set_performance_ids and not c.set_numbers
                only = progress_response(answer, columns_only=True)
                assert not only.points and only.columns == c
                checked += len(expected)
    assert checked > 1000


def test_an_empty_series_still_has_its_columns(engines):
    engine = engines("analytics")
    upgrade(engine, MIGRATIONS)
    zone = q.parse_zone("")
    with engine.connect() as conn:
        columns = store.series_columns(
            conn,
            ACCOUNT,
            "squat",
            datetime(2026, 1, 1, tzinfo=UTC),
            datetime(2026, 2, 1, tzinfo=UTC),
            "top_set",
        )
    answer = q.ProgressAnswer("squat", "top_set", None, date(2026, 1, 1), date(2026, 1, 31), columns, zone, 0)
    response = progress_response(answer, columns_only=True)
    assert response.HasField("columns") and not response.columns.days and not response.points
