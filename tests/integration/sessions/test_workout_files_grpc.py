"""ImportWorkoutFile and ExportWorkouts on a real sessions server: the workout log reads a Strong or
Hevy file itself, in a bounded child, stores it as LogWorkout does, and writes itself back out
(decisions 0047 and 0098)."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import Any

import grpc
import pytest

from benchmarks.strong_export_fixture import strong_export
from kinetic.sessions.v1 import workout_log_pb2 as wl
from services.sessions.workout_log.files import parse_workout_csv
from tests.integration.sessions.session_support import ACCOUNT, Stack, failure, fields, session_stack
from tests.integration.sessions.workout_log_support import ZONE

FIXTURES = Path(__file__).parents[2] / "fixtures" / "workout_files"
STRONG = (FIXTURES / "strong_comma.csv").read_bytes()


@pytest.fixture
async def stack(engines, tmp_path):
    async with session_stack(engines, tmp_path) as running:
        yield running


def import_request(data: bytes = STRONG, **extra: Any) -> wl.ImportWorkoutFileRequest:
    """ImportWorkoutFile for ACCOUNT in Amsterdam, weights in kilograms."""
    extra.setdefault("account_id", ACCOUNT)
    extra.setdefault("time_zone", ZONE)
    extra.setdefault("unit", "kg")
    return wl.ImportWorkoutFileRequest(file=data, **extra)


def export_request(export_format: int, **extra: Any) -> wl.ExportWorkoutsRequest:
    extra.setdefault("account_id", ACCOUNT)
    extra.setdefault("time_zone", ZONE)
    return wl.ExportWorkoutsRequest(format=export_format, **extra)  # type: ignore[arg-type]


async def stored(stack: Stack) -> list[Any]:
    response = await stack.workout_log.ExportWorkouts(export_request(wl.EXPORT_FORMAT_WORKOUTS))
    return list(response.workouts)


async def test_a_file_is_stored_once_in_its_zone_and_reported(stack: Stack) -> None:
    report = await stack.workout_log.ImportWorkoutFile(import_request())

    assert (report.imported, report.already_imported, report.sets) == (2, 0, 9)
    assert [row.line for row in report.skipped_rows] == [4, 10, 13, 14]
    assert list(report.refused) == [] and list(report.unconfirmed_exercises) == []
    evening, legs = await stored(stack)  # oldest first
    assert (evening.title, legs.title) == ("Evening Workout", "Legs")
    # 18:30 in Amsterdam (UTC+1 in March) is 17:30 UTC.
    assert evening.start_time.ToJsonString() == "2021-03-01T17:30:00Z"
    assert [p.exercise_id for p in evening.performances] == ["barbell-bench-press", "plank", "pull-up"]

    again = await stack.workout_log.ImportWorkoutFile(import_request())
    assert (again.imported, again.already_imported, again.sets) == (0, 2, 0)
    assert len(await stored(stack)) == 2


async def test_unknown_names_are_reported_as_the_file_writes_them(stack: Stack) -> None:
    odd = (
        b"Date,Workout Name,Exercise Name,Set Order,Weight,Reps,RPE\n"
        b"2022-05-02 07:00:00,Odd,Zercher Carry (Sandbag),1,60,1,11\n"
    )

    report = await stack.workout_log.ImportWorkoutFile(import_request(odd))

    assert list(report.unconfirmed_exercises) == ["Zercher Carry (Sandbag)"]
    assert [(d.started_at, d.exercise_name, d.rpe) for d in report.dropped_rpe] == [
        ("2022-05-02T07:00:00", "Zercher Carry (Sandbag)", 11.0)
    ]


async def test_a_file_that_cannot_be_read_is_refused_whole_and_stores_nothing(stack: Stack) -> None:
    for name in ("broken_latin1.csv", "broken_unknown_header.csv", "broken_binary.csv"):
        refused = await failure(
            stack.workout_log.ImportWorkoutFile(import_request((FIXTURES / name).read_bytes()))
        )
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_FILE"), name
    without_unit = await failure(stack.workout_log.ImportWorkoutFile(import_request(unit="")))
    assert without_unit.reason == "INVALID_FILE" and "kilograms or pounds" in without_unit.message
    only_bad = b"Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2021-03-01 18:30:00,A,,1,20,10\n"
    nothing = await failure(stack.workout_log.ImportWorkoutFile(import_request(only_bad)))
    assert nothing.reason == "INVALID_FILE"
    assert nothing.message.startswith("no row of the file could be imported (line 2: ")
    assert await stored(stack) == []


async def test_bad_options_and_a_file_over_the_bound_are_refused_unread(stack: Stack) -> None:
    bad = await failure(
        stack.workout_log.ImportWorkoutFile(
            import_request(unit="st", distance_unit="ly", time_zone="Mars/Base")
        )
    )
    assert bad.code == grpc.StatusCode.INVALID_ARGUMENT
    assert sorted(fields(bad)) == ["distance_unit", "time_zone", "unit"]
    huge = await failure(stack.workout_log.ImportWorkoutFile(import_request(b"x" * (20 * 1024 * 1024 + 1))))
    assert (huge.code, huge.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "FILE_TOO_LARGE")


async def test_the_log_exports_itself_as_a_strong_csv_that_reads_back(stack: Stack) -> None:
    await stack.workout_log.ImportWorkoutFile(import_request())

    exported = await stack.workout_log.ExportWorkouts(
        export_request(wl.EXPORT_FORMAT_STRONG_CSV, load_unit="kg")
    )

    again = parse_workout_csv(exported.csv.encode("utf-8"), unit="kg")
    assert [(w.title, w.started_at.date()) for w in again.workouts] == [
        ("Evening Workout", date(2021, 3, 1)),
        ("Legs", date(2021, 3, 3)),
    ]
    assert sum(len(e.sets) for w in again.workouts for e in w.entries) == 9
    unspecified = await failure(
        stack.workout_log.ExportWorkouts(export_request(wl.EXPORT_FORMAT_UNSPECIFIED))
    )
    assert fields(unspecified) == ["format"]
    bad_unit = await failure(
        stack.workout_log.ExportWorkouts(export_request(wl.EXPORT_FORMAT_STRONG_CSV, load_unit="st"))
    )
    assert fields(bad_unit) == ["load_unit"]


async def test_other_calls_are_answered_while_a_file_is_stored(stack: Stack) -> None:
    # A year of four workouts a week: stored one after another on the server's event loop, which
    # must let other calls in between two workouts, as it did between separate LogWorkout calls.
    data = strong_export(52).encode()
    importing = asyncio.ensure_future(stack.workout_log.ImportWorkoutFile(import_request(data)))
    listing = wl.ListLoggedWorkoutsRequest(
        account_id=ACCOUNT, from_day="2019-01-01", to_day="2022-01-01", time_zone=ZONE, limit=1
    )
    for _ in range(500):  # polled until the first workouts are in, at most a few seconds
        counted = await stack.workout_log.ListLoggedWorkouts(listing)
        if counted.total_count > 0 or importing.done():
            break
        await asyncio.sleep(0.01)

    assert not importing.done(), "no call was answered until the whole file was stored"
    assert 0 < counted.total_count < 200
    report = await importing
    assert report.imported == 208
