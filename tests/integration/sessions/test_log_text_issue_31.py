"""Issue 31's examples of log_text, each logged through a real sessions server (dialling a real
training server): what was refused, left without candidates, lost to one ambiguous word or stored
wrong (decisions 0103 and 0104). The corpus (``test_log_text_corpus.py``) holds them among the rest.
"""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1 import workout_log_pb2 as wl
from knowledge.training.catalog import load_catalog
from knowledge.training.exercise_names import resolve_exercise
from tests.integration.sessions.session_support import ACCOUNT, failure, session_stack
from tests.integration.sessions.workout_log_support import ZONE, feed_kinds, log_request


@pytest.fixture
async def stack(sqlite_engines, tmp_path):
    async with session_stack(sqlite_engines, tmp_path) as running:
        yield running


def text_request(text: str, key: str = "issue-31", **extra: Any) -> wl.LogWorkoutTextRequest:
    extra.setdefault("account_id", ACCOUNT)
    return wl.LogWorkoutTextRequest(idempotency_key=key, text=text, time_zone=ZONE, **extra)


def sets_of(performance: sessions_pb2.Performance) -> list[tuple[Any, ...]]:
    """(reps, load as given, unit) of each set; the load is None for a bodyweight set."""
    return [
        (
            int(s.reps_number) if s.HasField("reps_number") else None,
            (s.load_value if s.load_unit == "lb" else round(s.weight_kg, 3)) if s.load_unit else None,
            s.load_unit,
        )
        for s in performance.sets
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "superset: 3x12 bicep curls 15kg and 3x12 tricep pushdowns 20kg",
            [("dumbbell-bicep-curl", [(12, 15.0, "kg")] * 3), ("triceps-pushdown", [(12, 20.0, "kg")] * 3)],
        ),
        ("did 100 push-ups", [("push-up", [(100, None, "")])]),
        ("deadlifts 3x3 at 180kg felt heavy", [("barbell-deadlift", [(3, 180.0, "kg")] * 3)]),
        ("Kniebeugen 5x5 mit 100kg", [("barbell-back-squat", [(5, 100.0, "kg")] * 5)]),
        ("sentadillas 4x8 con 60 kg", [("barbell-back-squat", [(8, 60.0, "kg")] * 4)]),
        ("développé couché 3x10 à 60 kg", [("barbell-bench-press", [(10, 60.0, "kg")] * 3)]),
        ("Bankdrücken 3x8 80kg", [("barbell-bench-press", [(8, 80.0, "kg")] * 3)]),
        ("bench 3x5 at 225#", [("barbell-bench-press", [(5, 225.0, "lb")] * 3)]),
        ("benched 100 for 5", [("barbell-bench-press", [(5, 100.0, "kg")])]),
        ("Today I squatted 5x5 at 100", [("barbell-back-squat", [(5, 100.0, "kg")] * 5)]),
    ],
)
async def test_what_was_refused_or_stored_wrong_is_stored_as_meant(stack, text, expected):
    answer = await stack.workout_log.LogWorkoutText(text_request(text))
    stored = [(p.exercise_id, sets_of(p)) for p in answer.workout.performances]
    assert stored == expected
    assert list(answer.unconfirmed_entry_ids) == []


async def test_three_sets_of_lunges_with_dumbbells_are_asked_about_with_the_dumbbell_lunges(stack):
    # Walking, reverse, lateral or overhead: the only exercise of the text, so asked as an error.
    error = await failure(
        stack.workout_log.LogWorkoutText(text_request("3 sets of 12 lunges with 20kg dumbbells"))
    )
    assert (error.reason, error.metadata["words"]) == ("EXERCISE_AMBIGUOUS", "dumbbells lunges")
    offered = [exercise_id for exercise_id, _ in json.loads(error.metadata["candidates"])]
    assert offered[0] == "dumbbell-walking-lunge"


@pytest.mark.parametrize(
    ("text", "exercise_id", "sets"),
    [
        ("ran 5k in 25 min", "run", [(5000.0, 1500.0)]),
        ("rowed 2000m in 7:45", "rowing-machine", [(2000.0, 465.0)]),
        ("cycled 20 km in 45 minutes", "outdoor-cycling", [(20000.0, 2700.0)]),
    ],
)
async def test_cardio_by_verb_distance_and_time_names_its_exercise(stack, text, exercise_id, sets):
    answer = await stack.workout_log.LogWorkoutText(text_request(text))
    (entry,) = answer.workout.performances
    assert entry.exercise_id == exercise_id
    assert [(s.distance_meters, s.time_seconds) for s in entry.sets] == sets


async def test_a_typo_is_stored_unconfirmed_and_offers_the_exercise_it_is_close_to(stack):
    answer = await stack.workout_log.LogWorkoutText(text_request("sqaut 5x5 100"))
    (entry,) = answer.workout.performances
    assert list(answer.unconfirmed_entry_ids) == [entry.performance_id]
    assert sets_of(entry) == [(5, 100.0, "kg")] * 5
    offered = resolve_exercise(entry.exercise_name, catalog=load_catalog()).candidates
    assert offered[0].exercise_id == "barbell-back-squat"


async def test_one_ambiguous_word_is_asked_about_while_the_clear_entries_are_stored(stack):
    answer = await stack.workout_log.LogWorkoutText(
        text_request("Squat: 5x5 @ 140kg. Bench: 5x5 @ 100kg. Row: 5x5 @ 80kg")
    )
    squat, bench, row = answer.workout.performances
    assert (squat.exercise_id, bench.exercise_id) == ("barbell-back-squat", "barbell-bench-press")
    assert list(answer.unconfirmed_entry_ids) == [row.performance_id]
    assert (row.exercise_name, sets_of(row)) == ("row", [(5, 80.0, "kg")] * 5)


async def test_a_load_no_one_lifts_for_those_sets_is_asked_about_and_nothing_is_stored(stack):
    error = await failure(stack.workout_log.LogWorkoutText(text_request("bench 5x5 at 225")))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "NOTHING_TO_LOG")
    assert "225 kg for 5 reps of bench is more than almost anyone lifts" in error.message
    assert "was it 225 lb?" in error.message
    assert await feed_kinds(stack) == []


async def test_a_load_far_above_the_persons_own_best_is_asked_about(stack):
    best = wl.EntryInput(exercise_id="barbell-bench-press", sets=[wl.LoggedSetInput(reps=5, load_kg=60)])
    await stack.workout_log.LogWorkout(log_request("best", entries=[best]))
    error = await failure(stack.workout_log.LogWorkoutText(text_request("bench 3x5 at 120", key="t-1")))
    assert "far above their own best" in error.message
    # Within half again of their best (plus 10 kg) is stored, and so is a strong lifter's own level.
    stored = await stack.workout_log.LogWorkoutText(text_request("bench 3x5 at 85", key="t-2"))
    assert sets_of(stored.workout.performances[0]) == [(5, 85.0, "kg")] * 3


async def test_candidates_put_the_exercises_the_person_logs_first(stack):
    pendlay = wl.EntryInput(exercise_id="pendlay-row", sets=[wl.LoggedSetInput(reps=5, load_kg=60)])
    await stack.workout_log.LogWorkout(log_request("rows", entries=[pendlay]))
    error = await failure(stack.workout_log.LogWorkoutText(text_request("row 5x5 at 70")))
    assert error.reason == "EXERCISE_AMBIGUOUS"
    assert json.loads(error.metadata["candidates"])[0] == ["pendlay-row", "Pendlay Row"]


async def test_names_keep_every_letter(stack):
    answer = await stack.workout_log.LogWorkoutText(text_request("Zirkelübung für Rücken 3x10"))
    (entry,) = answer.workout.performances
    assert entry.exercise_name == "zirkelübung für rücken"
