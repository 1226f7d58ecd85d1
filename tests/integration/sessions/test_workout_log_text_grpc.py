"""LogWorkoutText and MatchExercises on a real sessions server dialling a real training server: the
workout log reads a person's words and matches their exercises itself, so any gRPC caller can log
words (decisions 0045 and 0092)."""

from __future__ import annotations

import json
from datetime import UTC, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1 import workout_log_pb2 as wl
from kinetic.training.v1 import training_pb2
from tests.integration.sessions.session_support import ACCOUNT, Stack, failure, fields, session_stack
from tests.integration.sessions.workout_log_support import SQUAT_ID, ZONE, feed_kinds, update_request

ROWING_MACHINE = "rowing-machine"
AMSTERDAM = ZoneInfo(ZONE)


@pytest.fixture
async def stack(engines, tmp_path):
    async with session_stack(engines, tmp_path) as running:
        yield running


def text_request(text: str, key: str = "text-1", **extra: Any) -> wl.LogWorkoutTextRequest:
    """LogWorkoutText for ACCOUNT in Amsterdam."""
    extra.setdefault("account_id", ACCOUNT)
    extra.setdefault("time_zone", ZONE)
    return wl.LogWorkoutTextRequest(idempotency_key=key, text=text, **extra)


def local_day(stack: Stack, days_back: int = 0) -> str:
    """The stack clock's day in Amsterdam, ``days_back`` days before."""
    return (stack.clock().astimezone(AMSTERDAM).date() - timedelta(days=days_back)).isoformat()


def workout_day(workout: sessions_pb2.Session) -> str:
    """The Amsterdam day a workout started on."""
    return workout.start_time.ToDatetime(tzinfo=UTC).astimezone(AMSTERDAM).date().isoformat()


async def create_zercher_ladder(stack: Stack) -> training_pb2.CreateCustomExerciseResponse:
    """The account's own exercise, which the catalog does not know."""
    return await stack.training.CreateCustomExercise(
        training_pb2.CreateCustomExerciseRequest(
            account_id=ACCOUNT,
            exercise=training_pb2.Exercise(
                name="Zercher Carry Ladder",
                primary_muscles=["quads"],
                equipment=["barbell"],
                tracking_modes=[training_pb2.TRACKING_MODE_DISTANCE],
            ),
        )
    )


async def test_words_are_read_matched_and_stored_as_one_workout(stack):
    answer = await stack.workout_log.LogWorkoutText(
        text_request("yesterday: squat 5x5 at 225, then 3x10 dips", default_load_unit="lb")
    )

    workout = answer.workout
    assert workout_day(workout) == local_day(stack, 1)
    assert [p.exercise_id for p in workout.performances] == [SQUAT_ID, "parallel-bar-dip"]
    squat, dips = workout.performances
    assert [(s.reps_number, round(s.weight_kg, 3)) for s in squat.sets] == [(5, 102.058)] * 5
    assert [(s.reps_number, s.weight_kg) for s in dips.sets] == [(10, 0)] * 3
    assert not answer.replayed and list(answer.unconfirmed_entry_ids) == []
    assert await feed_kinds(stack) == ["session.logged", "performance.logged", "performance.logged"]


async def test_the_same_key_replays_the_first_answer_and_another_text_conflicts(stack):
    first = await stack.workout_log.LogWorkoutText(text_request("bench 3x8 at 80"))
    again = await stack.workout_log.LogWorkoutText(text_request("bench 3x8 at 80"))
    assert again.replayed and again.workout == first.workout

    conflict = await failure(stack.workout_log.LogWorkoutText(text_request("bench 3x8 at 85")))
    assert (conflict.code, conflict.reason) == (grpc.StatusCode.ALREADY_EXISTS, "IDEMPOTENCY_CONFLICT")
    assert await feed_kinds(stack) == ["session.logged", "performance.logged"]


async def test_the_callers_day_wins_over_the_day_the_text_names(stack):
    day = local_day(stack, 3)
    answer = await stack.workout_log.LogWorkoutText(text_request("yesterday bench 3x8 at 80", day=day))
    assert workout_day(answer.workout) == day


async def test_text_it_is_not_sure_of_is_refused_with_what_to_write(stack):
    error = await failure(stack.workout_log.LogWorkoutText(text_request("felt great today")))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "NOTHING_TO_LOG")
    assert error.message.startswith("no sets found: write each exercise with its sets")
    assert fields(error) == ["text"]
    assert await feed_kinds(stack) == []


async def test_words_of_several_exercises_are_refused_with_the_candidates(stack):
    error = await failure(stack.workout_log.LogWorkoutText(text_request("press 3x5 at 60")))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "EXERCISE_AMBIGUOUS")
    assert error.metadata["words"] == "press"
    candidates = json.loads(error.metadata["candidates"])
    assert ["overhead-press", "Overhead Press"] in candidates and len(candidates) == 5
    assert await feed_kinds(stack) == []


async def test_what_the_sets_record_picks_between_exercises_of_the_same_words(stack):
    answer = await stack.workout_log.LogWorkoutText(text_request("row 2000m 7:45"))
    assert [p.exercise_id for p in answer.workout.performances] == [ROWING_MACHINE]


async def test_the_accounts_history_comes_first_its_own_exercises_next(stack):
    # Unknown words are stored unconfirmed; once the person confirms them, the log remembers them.
    first = await stack.workout_log.LogWorkoutText(text_request("sled sprints 4x20m", key="t-1"))
    (unsure,) = first.workout.performances
    assert list(first.unconfirmed_entry_ids) == [unsure.performance_id]
    await stack.workout_log.UpdateLogRecord(
        update_request("confirm", entry_id=unsure.performance_id, exercise_id=SQUAT_ID)
    )
    again = await stack.workout_log.LogWorkoutText(text_request("sled sprints 3x20m", key="t-2"))
    assert [p.exercise_id for p in again.workout.performances] == [SQUAT_ID]

    created = await create_zercher_ladder(stack)
    own = await stack.workout_log.LogWorkoutText(text_request("zercher carry ladder 2x40m", key="t-3"))
    assert [p.exercise_id for p in own.workout.performances] == [created.exercise.exercise_id]


async def test_bad_arguments_name_their_field(stack):
    error = await failure(
        stack.workout_log.LogWorkoutText(
            text_request("bench 3x8", time_zone="Mars/Base", default_load_unit="st")
        )
    )
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert fields(error) == ["time_zone", "default_load_unit"]


async def test_match_exercises_answers_each_words_in_order(stack):
    reply = await stack.workout_log.MatchExercises(
        wl.MatchExercisesRequest(
            account_id=ACCOUNT,
            exercises=[
                wl.ExerciseWords(words="bench"),
                wl.ExerciseWords(words="row"),
                wl.ExerciseWords(words="row", tracking=wl.SET_TRACKING_DISTANCE),
                wl.ExerciseWords(words="zercher carry ladder"),
            ],
        )
    )
    bench, row, rowing, unknown = reply.matches
    assert (bench.exercise_id, bench.name, bench.ambiguous) == (
        "barbell-bench-press",
        "Barbell Bench Press",
        False,
    )
    assert (row.exercise_id, row.ambiguous) == ("", True)
    assert ROWING_MACHINE in [c.exercise_id for c in row.candidates]
    assert rowing.exercise_id == ROWING_MACHINE
    assert (unknown.exercise_id, unknown.name, unknown.ambiguous) == ("", "zercher carry ladder", False)
    assert "zercher-squat" in [c.exercise_id for c in unknown.candidates]


@pytest.mark.parametrize(
    ("exercises", "field"),
    [([], "exercises"), ([wl.ExerciseWords(words="x" * 1001)], "exercises[0].words")],
)
async def test_match_exercises_refuses_what_it_cannot_answer(stack, exercises, field):
    error = await failure(
        stack.workout_log.MatchExercises(wl.MatchExercisesRequest(account_id=ACCOUNT, exercises=exercises))
    )
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert fields(error) == [field]
