"""The table of accepted ranges (decision 0070) and the two pure doors that use it without a
clock: the activity-file reader and the CSV import's cells."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from kinetic import record_ranges as ranges
from kinetic.errors import InvalidArgument
from services.sessions.endurance.activity_files import UnreadableActivityFile, read_activity_file
from services.sessions.workout_log.files import parse_workout_csv

ACTIVITY_FIXTURES = Path(__file__).parents[1] / "fixtures" / "activity_files"
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)
STRONG_HEAD = (
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,"
    "Seconds,Notes,Workout Notes,RPE\n"
)


def test_a_moment_outside_its_range_is_named_with_the_range_and_the_value() -> None:
    assert ranges.ACTIVITY_START.problem(datetime(1970, 1, 1, tzinfo=UTC), NOW) is None
    assert ranges.ACTIVITY_START.problem(NOW + timedelta(hours=23), NOW) is None
    assert ranges.ACTIVITY_START.problem(datetime(1, 1, 1, 6, 30, tzinfo=UTC), NOW) == (
        "must be from 1970-01-01T00:00:00Z to 1 day from now (2026-03-21T12:00:00Z) "
        "(got 0001-01-01T06:30:00Z)"
    )
    assert ranges.ACTIVITY_START.problem(datetime(9999, 12, 31, 23, tzinfo=UTC), None) is not None
    with pytest.raises(InvalidArgument, match=r"^start_time: must be from 1900-01-01"):
        ranges.require_moment("start_time", datetime(1899, 12, 31, tzinfo=UTC), ranges.WORKOUT_TIME, NOW)


def test_days_and_numbers_outside_their_ranges_are_named() -> None:
    assert ranges.CALENDAR_DAY.problem(date(9999, 12, 31)) == (
        "must be a day from 1900-01-01 to 2999-12-31 (got 9999-12-31)"
    )
    assert ranges.READINESS_DAY.problem(date(2026, 3, 21), NOW.date()) is None
    assert ranges.READINESS_DAY.problem(date(2026, 3, 22), NOW.date()) is not None
    assert ranges.SET_REPS.problem(float("nan")) is not None
    with pytest.raises(InvalidArgument, match=r"^plan_start_date: must be a day from 1900-01-01"):
        ranges.require_day("plan_start_date", date(1, 1, 1), ranges.CALENDAR_DAY)


@pytest.mark.parametrize(("name", "day"), [("run_hr.gpx", "2026-03-18"), ("run.tcx", "2026-03-16")])
def test_an_activity_file_dated_year_1_is_refused_naming_its_start_time(name: str, day: str) -> None:
    data = (ACTIVITY_FIXTURES / name).read_bytes()
    assert day.encode() in data
    with pytest.raises(UnreadableActivityFile, match=r"start_time must be from 1970-01-01.*0001-01-01"):
        read_activity_file(data.replace(day.encode(), b"0001-01-01"))


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (
            '0001-01-01 10:00:00,"W",1h,"Bench Press (Barbell)",1,80,5,0,0,"","",',
            "Date '0001-01-01 10:00:00'",
        ),
        (
            '9999-12-31 23:00:00,"W",1h,"Bench Press (Barbell)",1,80,5,0,0,"","",',
            "Date '9999-12-31 23:00:00'",
        ),
        ('2021-05-01 10:00:00,"W",1h,"Plank",1,0,0,0,99999999999999999999,"","",', "Seconds '9999"),
    ],
)
def test_a_csv_row_with_an_extreme_date_or_duration_is_skipped_naming_its_column(
    row: str, reason: str
) -> None:
    result = parse_workout_csv((STRONG_HEAD + row + "\n").encode(), unit="kg")
    assert result.workouts == ()
    ((skipped),) = result.skipped
    assert skipped.line == 2 and skipped.reason.startswith(reason), skipped.reason


def test_a_csv_workout_lasting_days_keeps_its_sets_and_is_reported_without_its_end() -> None:
    # Strong's timer left running: the sets are real, the duration is not (decision 0088).
    rows = [
        '2021-05-01 10:00:00,"W",9999h,"Bench Press (Barbell)",1,80,5,0,0,"","",',
        '2021-05-01 10:00:00,"W",9999h,"Bench Press (Barbell)",2,80,5,0,0,"","",',
    ]
    result = parse_workout_csv((STRONG_HEAD + "\n".join(rows) + "\n").encode(), unit="kg")
    (workout,) = result.workouts
    assert workout.ended_at is None
    assert [len(entry.sets) for entry in workout.entries] == [2]
    assert result.skipped == ()
    ((dropped),) = result.dropped_durations
    assert dropped.line == 2 and dropped.reason.startswith("Duration '9999h' is more than 72 hours")
