"""The export's reading of the log in windows, and stored workouts turned back into the import shape.

``FakeLog`` stands in for the sessions service's ``ListLoggedWorkouts``: it filters its workouts by
the request's local days, answers newest first, at most ``limit``, with the total count, as the
service does, so the halving of windows is checked without a database.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2
from services.sessions.workout_log.files.export import (
    LOG_PAGE,
    imported_workout,
    logged_workouts,
    weight_unit_of,
)

ZONE = "Europe/Amsterdam"


def session(started: datetime, session_id: str = "", **fields: object) -> sessions_pb2.Session:
    made = sessions_pb2.Session(session_id=session_id or f"{int(started.timestamp()):024x}", **fields)  # type: ignore[arg-type]
    made.start_time.FromDatetime(started)
    return made


class FakeLog:
    """Stands in for ListLoggedWorkouts; records each request's window and limit."""

    def __init__(self, workouts: list[sessions_pb2.Session]) -> None:
        self._workouts = workouts
        self.calls: list[tuple[str, str, int]] = []

    async def __call__(
        self, request: workout_log_pb2.ListLoggedWorkoutsRequest
    ) -> workout_log_pb2.ListLoggedWorkoutsResponse:
        assert (date.fromisoformat(request.to_day) - date.fromisoformat(request.from_day)).days <= 3660
        assert 1 <= request.limit <= 1000
        self.calls.append((request.from_day, request.to_day, request.limit))
        zone = ZoneInfo(request.time_zone)
        first, last = date.fromisoformat(request.from_day), date.fromisoformat(request.to_day)
        matching = [
            w
            for w in self._workouts
            if first <= w.start_time.ToDatetime(tzinfo=UTC).astimezone(zone).date() <= last
        ]
        newest_first = sorted(matching, key=lambda w: w.start_time.seconds, reverse=True)
        return workout_log_pb2.ListLoggedWorkoutsResponse(
            workouts=newest_first[: request.limit], total_count=len(matching)
        )


async def test_a_window_over_a_page_is_halved_until_every_workout_is_read_once_oldest_first() -> None:
    start = datetime(2020, 1, 6, 17, tzinfo=UTC)
    workouts = [session(start + timedelta(days=day)) for day in range(0, 2 * LOG_PAGE + 37)]
    log = FakeLog(workouts)

    found = await logged_workouts(log, "acc-1", ZONE, date(1970, 1, 1), date(2026, 12, 1))

    assert [w.session_id for w in found] == [w.session_id for w in workouts]
    assert all(limit == 1 or limit == LOG_PAGE for _, _, limit in log.calls)


async def test_an_empty_log_costs_one_small_call_per_window() -> None:
    log = FakeLog([])
    assert await logged_workouts(log, "acc-1", ZONE, date(1970, 1, 1), date(2026, 12, 1)) == []
    assert [limit for _, _, limit in log.calls] == [1] * 6  # 57 years in windows of 3660 days


def test_a_stored_workout_comes_back_in_its_zones_wall_time_with_loads_in_the_unit_given() -> None:
    stored = session(
        datetime(2024, 11, 5, 11, tzinfo=UTC), title="Pull Day", notes="early", session_id="a" * 24
    )
    stored.end_time.FromDatetime(datetime(2024, 11, 5, 12, 2, 30, tzinfo=UTC))
    deadlift = stored.performances.add(exercise_id="barbell-deadlift", exercise_name="Barbell Deadlift")
    deadlift.sets.add(
        set_type="W", weight_kg=61.235, load_value=135, load_unit="lb", reps_number=5, completed=True
    )
    deadlift.sets.add(set_type="N", weight_kg=140, load_unit="kg", reps_number=3, rpe=9, completed=True)
    deadlift.sets.add(set_type="F", reps_text="AMRAP", completed=True)
    deadlift.sets.add(set_type="N", weight_kg=150, reps_number=1, completed=False)
    planned = stored.performances.add(exercise_id="words:yokewalk", exercise_name="yokewalk")
    planned.sets.add(set_type="N", distance_meters=20, completed=False)

    workout = imported_workout(stored, ZoneInfo("America/New_York"))

    assert workout is not None
    assert (workout.started_at, workout.ended_at) == (
        datetime(2024, 11, 5, 6),
        datetime(2024, 11, 5, 7, 2, 30),
    )
    assert (workout.title, workout.notes) == ("Pull Day", "early")
    (entry,) = workout.entries  # the entry without a completed set is left out
    assert entry.exercise_name == "Barbell Deadlift"
    assert [(s.load, s.unit, s.reps, s.rpe, s.set_type) for s in entry.sets] == [
        (135.0, "lb", 5, None, "warmup"),
        (140.0, "kg", 3, 9.0, "normal"),
        (None, None, None, None, "failure"),
    ]


def test_a_workout_without_a_completed_set_is_not_exported_and_units_follow_the_account() -> None:
    planned = session(datetime(2024, 1, 1, 9, tzinfo=UTC))
    planned.performances.add(exercise_id="plank").sets.add(time_seconds=60, completed=False)
    assert imported_workout(planned, ZoneInfo("UTC")) is None
    assert (weight_unit_of("imperial"), weight_unit_of("metric"), weight_unit_of("")) == ("lb", "kg", "kg")
