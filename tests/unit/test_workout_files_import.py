"""``import_workouts``' mapping of read workouts to LogWorkout requests, and how answers are tallied.

``RecordingLog`` stands in for the sessions service's ``WorkoutLogService.LogWorkout``: it records
each request and answers as the service would (a stored workout, a replay, or a refusal), so these
tests check what is sent and counted without a database. The real service is exercised in
tests/integration/edge/test_workout_files_cli.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import grpc
import pytest

from kinetic.errors import InvalidArgument, to_status
from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1.workout_log_pb2 import LogWorkoutRequest, LogWorkoutResponse
from knowledge.training.catalog import load_catalog
from services.sessions.workout_log.files import (
    ImportedEntry,
    ImportedSet,
    ImportedWorkout,
    ImportResult,
    SkippedRow,
    parse_workout_csv,
)
from services.sessions.workout_log.files.exercise_forms import (
    catalog_exercise_for,
    name_forms,
    split_equipment,
)
from services.sessions.workout_log.files.importer import ImportReport, idempotency_key, import_workouts

FIXTURES = Path(__file__).parents[1] / "fixtures" / "workout_files"

ZONE = "America/New_York"


def refusal(code: grpc.StatusCode, message: str, field: str = "") -> grpc.aio.AioRpcError:
    """The error the service answers with, status details included."""
    error = InvalidArgument.for_field(field, message) if field else InvalidArgument(message)
    status = to_status(error)
    status.code = code.value[0]
    trailing = grpc.aio.Metadata(("grpc-status-details-bin", status.SerializeToString()))
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), trailing, message)


class RecordingLog:
    """Stands in for the sessions service's LogWorkout: records requests, answers like the service.

    ``answer`` may replace the answer for a request (a replay, or raise a refusal). Entries without
    an exercise ID come back unconfirmed under "words:<words>", as the service stores them.
    """

    def __init__(
        self, answer: Callable[[LogWorkoutRequest], LogWorkoutResponse | None] | None = None
    ) -> None:
        self.requests: list[LogWorkoutRequest] = []
        self._answer = answer

    async def __call__(self, request: LogWorkoutRequest) -> LogWorkoutResponse:
        self.requests.append(request)
        # Later calls answer first: the report must not depend on the order answers arrive in.
        for _ in range(50 - len(self.requests) % 50):
            await asyncio.sleep(0)
        if self._answer is not None:
            answered = self._answer(request)
            if answered is not None:
                return answered
        response = LogWorkoutResponse()
        for i, entry in enumerate(request.entries):
            performance = response.workout.performances.add(
                performance_id=f"{i:024x}",
                exercise_id=entry.exercise_id or "words:" + entry.words,
                exercise_name=entry.exercise_name or entry.words,
            )
            performance.sets.extend(
                sessions_pb2.PerformanceSet(set_number=n + 1) for n in range(len(entry.sets))
            )
            if not entry.exercise_id:
                response.unconfirmed_entry_ids.append(performance.performance_id)
        return response


def one_set(**given: object) -> ImportedSet:
    values: dict[str, object] = {
        "load": None,
        "unit": None,
        "reps": None,
        "distance_m": None,
        "duration_s": None,
        "rpe": None,
        "set_type": "normal",
    }
    values.update(given)
    return ImportedSet(**values)  # type: ignore[arg-type]


def workout(
    started_at: datetime, *entries: ImportedEntry, title: str = "Push", key: str = ""
) -> ImportedWorkout:
    return ImportedWorkout(
        source_key=key or f"strong:{started_at:%Y%m%d%H%M}".ljust(39, "0"),
        started_at=started_at,
        ended_at=None,
        title=title,
        notes="",
        entries=entries,
    )


def result_of(*workouts: ImportedWorkout, skipped: tuple[SkippedRow, ...] = ()) -> ImportResult:
    return ImportResult(format="strong", workouts=workouts, skipped=skipped)


async def imported(result: ImportResult, log: RecordingLog, **options: object) -> ImportReport:
    return await import_workouts(result, log, account_id="acc-1", time_zone=ZONE, **options)  # type: ignore[arg-type]


async def test_a_strong_file_becomes_one_request_per_workout_with_its_wall_times_in_the_zone() -> None:
    result = parse_workout_csv((FIXTURES / "strong_comma.csv").read_bytes(), unit="kg")
    log = RecordingLog()

    report = await imported(result, log)

    evening, legs = sorted(log.requests, key=lambda r: r.start_time.seconds)
    assert evening.account_id == "acc-1" and evening.time_zone == ZONE
    assert evening.idempotency_key == "import:" + result.workouts[0].source_key
    # 18:30 on 1 March in New York is 23:30 UTC; the file's "1h 5m" ends it at 19:35.
    assert evening.start_time.ToJsonString() == "2021-03-01T23:30:00Z"
    assert evening.end_time.ToJsonString() == "2021-03-02T00:35:00Z"
    assert (evening.title, evening.notes) == ("Evening Workout", "Felt good, slept well")
    assert [e.exercise_id for e in evening.entries] == ["barbell-bench-press", "plank", "pull-up"]
    assert [e.exercise_id for e in legs.entries] == ["barbell-back-squat", "run"]
    bench = evening.entries[0]
    assert bench.notes == "Pause, then press" and bench.words == ""
    warmup, first, _, drop = bench.sets
    assert (warmup.warmup, warmup.load_kg, warmup.load_value, warmup.load_unit, warmup.reps) == (
        True,
        40,
        40,
        "kg",
        10,
    )
    assert (first.warmup, first.rpe) == (False, 8.0)
    assert not drop.warmup and not drop.HasField("rpe")  # a drop set is a normal set of the log
    plank = evening.entries[1].sets[0]
    assert not plank.HasField("load_kg") and not plank.HasField("reps") and plank.duration_s == 60
    assert legs.entries[1].sets[0].distance_m == 5000.0
    assert (report.imported, report.already_imported, report.sets) == (2, 0, 9)
    assert report.skipped_rows == result.skipped


async def test_a_load_in_pounds_is_sent_in_kilograms_with_the_pounds_kept() -> None:
    entry = ImportedEntry("Deadlift (Barbell)", "", (one_set(load=225.0, unit="lb", reps=5),))
    log = RecordingLog()

    await imported(result_of(workout(datetime(2024, 11, 5, 6), entry)), log)

    (sent,) = log.requests[0].entries[0].sets
    assert (sent.load_kg, sent.load_value, sent.load_unit) == (102.058, 225.0, "lb")


async def test_an_unknown_name_is_sent_as_words_and_reported_unconfirmed_by_the_files_name() -> None:
    odd = ImportedEntry("Zercher Carry (Sandbag)", "heavy", (one_set(load=60.0, unit="kg", reps=1),))
    log = RecordingLog()

    report = await imported(result_of(workout(datetime(2022, 5, 2, 7), odd)), log)

    (entry,) = log.requests[0].entries
    assert (entry.exercise_id, entry.exercise_name, entry.words) == (
        "",
        "Zercher Carry (Sandbag)",
        "zerchercarrysandbag",
    )
    assert report.unconfirmed_exercises == ("Zercher Carry (Sandbag)",)


async def test_an_rpe_outside_1_to_10_is_dropped_from_its_set_and_reported() -> None:
    sets = (one_set(reps=5, rpe=0.5), one_set(reps=5, rpe=11.0), one_set(reps=5, rpe=10.0))
    started = datetime(2023, 1, 9, 18)
    log = RecordingLog()

    report = await imported(result_of(workout(started, ImportedEntry("Pull Up", "", sets))), log)

    assert [s.HasField("rpe") for s in log.requests[0].entries[0].sets] == [False, False, True]
    assert [(d.started_at, d.exercise_name, d.rpe) for d in report.dropped_rpe] == [
        (started, "Pull Up", 0.5),
        (started, "Pull Up", 11.0),
    ]
    assert report.sets == 3


async def test_refusals_are_reported_by_start_and_the_import_goes_on_replays_count_as_already_there() -> None:
    early, middle, late = datetime(2021, 1, 4, 7), datetime(2021, 1, 5, 7), datetime(2021, 1, 6, 7)
    entry = ImportedEntry("Pull Up", "", (one_set(reps=8),))

    def answer(request: LogWorkoutRequest) -> LogWorkoutResponse | None:
        if request.title == "Refused":
            raise refusal(grpc.StatusCode.INVALID_ARGUMENT, "must be 0 to 1000", "entries[0].sets[0].reps")
        if request.title == "Replayed":
            return LogWorkoutResponse(replayed=True)
        if request.title == "Conflict":
            raise refusal(grpc.StatusCode.ALREADY_EXISTS, "idempotency key used for another request")
        return None

    workouts = [
        workout(early, entry, title="Refused"),
        workout(middle, entry, title="Replayed"),
        workout(late, entry, title="Stored"),
        workout(datetime(2021, 1, 7, 7), entry, title="Conflict"),
    ]
    report = await imported(result_of(*workouts), RecordingLog(answer))

    assert (report.imported, report.already_imported, report.sets) == (1, 2, 1)
    assert [(r.started_at, r.reason) for r in report.refused] == [
        (early, "entries[0].sets[0].reps: must be 0 to 1000")
    ]
    assert report.to_json()["refused"] == [
        {"startedAt": "2021-01-04T07:00:00", "reason": "entries[0].sets[0].reps: must be 0 to 1000"}
    ]


async def test_a_service_outage_stops_the_import_and_is_raised() -> None:
    entry = ImportedEntry("Pull Up", "", (one_set(reps=8),))

    def answer(request: LogWorkoutRequest) -> LogWorkoutResponse | None:
        raise grpc.aio.AioRpcError(
            grpc.StatusCode.UNAVAILABLE, grpc.aio.Metadata(), grpc.aio.Metadata(), "down"
        )

    log = RecordingLog(answer)
    workouts = [workout(datetime(2021, 1, day, 7), entry) for day in range(1, 21)]
    with pytest.raises(grpc.aio.AioRpcError):
        await imported(result_of(*workouts), log)
    assert len(log.requests) < 20  # the calls not yet made were cancelled


async def test_a_workout_already_in_the_log_at_that_instant_and_title_is_not_sent_again() -> None:
    entry = ImportedEntry("Pull Up", "", (one_set(reps=8),))
    there = workout(datetime(2021, 3, 1, 18, 30), entry, title="Evening")
    untitled = workout(datetime(2021, 3, 2, 18, 30), entry, title="")
    new = workout(datetime(2021, 3, 3, 18, 30), entry, title="Evening")
    stored = {
        (datetime.fromisoformat("2021-03-01T23:30:00+00:00"), "Evening"),
        (datetime.fromisoformat("2021-03-02T23:30:00+00:00"), "Workout"),  # the service's title for none
    }
    log = RecordingLog()
    progress: list[tuple[int, int]] = []

    report = await imported(
        result_of(there, untitled, new),
        log,
        stored_starts=stored,
        progress=lambda d, t: progress.append((d, t)),
    )

    assert [r.start_time.ToJsonString() for r in log.requests] == ["2021-03-03T23:30:00Z"]
    assert (report.imported, report.already_imported) == (1, 2)
    assert sorted(progress) == [(1, 3), (2, 3), (3, 3)]


async def test_the_report_does_not_depend_on_the_order_answers_arrive_in() -> None:
    names = ["Zercher Carry (Sandbag)", "Wall Ball Toss", "Pull Up", "Yoke Walk"]
    workouts = [
        workout(datetime(2021, 2, day, 7), ImportedEntry(names[day % 4], "", (one_set(reps=day, rpe=12.0),)))
        for day in range(1, 28)
    ]

    first = await imported(result_of(*workouts), RecordingLog())
    second = await imported(result_of(*reversed(workouts)), RecordingLog())

    assert first.unconfirmed_exercises == ("Wall Ball Toss", "Yoke Walk", "Zercher Carry (Sandbag)")
    assert [d.started_at.day for d in first.dropped_rpe] == list(range(1, 28))
    assert replace(first, skipped_rows=()) == replace(second, skipped_rows=())


def test_the_idempotency_key_is_the_source_key_and_fits_the_services_limit() -> None:
    result = parse_workout_csv((FIXTURES / "hevy_kg.csv").read_bytes())
    keys = [idempotency_key(w) for w in result.workouts]
    assert all(k.startswith("import:hevy:") and len(k) <= 200 for k in keys)
    assert len(set(keys)) == len(keys)


def test_the_report_as_json() -> None:
    report = ImportReport(
        imported=1,
        already_imported=2,
        sets=3,
        skipped_rows=(SkippedRow(4, "rest timer"),),
        refused=(),
        unconfirmed_exercises=("Yoke Walk",),
        dropped_durations=(SkippedRow(7, "Duration '216h 35m' is more than 72 hours"),),
    )
    assert report.to_json() == {
        "imported": 1,
        "alreadyImported": 2,
        "sets": 3,
        "skippedRows": [{"line": 4, "reason": "rest timer"}],
        "refused": [],
        "unconfirmedExercises": ["Yoke Walk"],
        "droppedRpe": [],
        "droppedDurations": [{"line": 7, "reason": "Duration '216h 35m' is more than 72 hours"}],
    }


def test_the_equipment_in_brackets_is_tried_before_each_word() -> None:
    assert split_equipment("Bench Press (Barbell)") == ("Bench Press", "Barbell")
    assert split_equipment("Running") == ("Running", "")
    assert list(name_forms("Incline Bench Press (Dumbbell)")) == [
        "Incline Bench Press (Dumbbell)",
        "Dumbbell Incline Bench Press",
        "Incline Dumbbell Bench Press",
        "Incline Bench Dumbbell Press",
        "Incline Bench Press Dumbbell",
    ]
    assert list(name_forms("Pull Up")) == ["Pull Up"]


@pytest.mark.parametrize(
    ("app_name", "exercise_id"),
    [
        ("Bench Press (Barbell)", "barbell-bench-press"),
        ("Bench Press (Dumbbell)", "dumbbell-bench-press"),
        ("Incline Bench Press (Dumbbell)", "incline-dumbbell-bench-press"),
        ("Lat Pulldown (Cable)", "lat-pulldown"),  # the name alone, the catalog's lat pulldown is a cable one
        ("Squat (Barbell)", "barbell-back-squat"),
        ("Preacher Curl (Barbell)", "ez-bar-preacher-curl"),  # the apps file EZ-bar lifts as barbell
        ("Pull Up", "pull-up"),
        ("Running", "run"),
        ("Bench Press (Kettlebell)", None),  # "Bench Press" alone is a barbell lift: not taken
        ("Bench Press (Assisted)", None),  # a variation word, not equipment
        ("Chest Fly (Cable)", None),  # "chest fly" is none of the catalog's flies exactly
    ],
)
def test_app_names_resolve_to_one_catalog_exercise_or_none(app_name: str, exercise_id: str | None) -> None:
    assert catalog_exercise_for(app_name, catalog=load_catalog()) == exercise_id
