"""Seed 000's edit input JSON to the typed EditInput and back (decision 0027), and the hashed form."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from google.protobuf import json_format, struct_pb2

from edge.profiles.metric.guidance import EXAMPLE as GUIDANCE_EXAMPLE
from kinetic.errors import InvalidArgument
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json, edit_input_to_json
from services.training.entrypoints.edit_input_pb import hashed_input

WORKOUT_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
MOVE = {
    "action": "moveOccurrence",
    "workoutID": WORKOUT_ID,
    "originalScheduledDay": "2026-09-25",
    "destinationDay": "2026-09-27",
}
PLAN = {
    "action": "createPlan",
    "plan": {
        "name": "Block 1",
        "notes": "Base",
        "phases": [
            {
                "name": "Base",
                "startDay": "2026-09-21",
                "endDayExclusive": "2026-10-19",
                "workouts": [copy.deepcopy(GUIDANCE_EXAMPLE["workout"])],
                "existingWorkoutIDs": [WORKOUT_ID],
            }
        ],
    },
}
UPDATE = {"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": {"crossFitBlocks": []}}
SCHEDULE = {
    "action": "changeSchedule",
    "workoutID": WORKOUT_ID,
    "effectiveDay": "2026-10-01",
    "schedule": {"type": "weekdays", "weekdays": [2, 4]},
}
EXAMPLES = [copy.deepcopy(GUIDANCE_EXAMPLE), MOVE, PLAN, UPDATE, SCHEDULE]


def refusals(raw: Any) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as caught:
        edit_input_from_json(raw)
    return {v.field: v.description for v in caught.value.violations}


@pytest.mark.parametrize("raw", EXAMPLES, ids=lambda raw: str(raw["action"]))
def test_every_action_converts_and_renders_back_unchanged(raw: dict[str, Any]) -> None:
    edit = edit_input_from_json(raw)
    assert edit.WhichOneof("action") is not None
    assert edit_input_to_json(edit) == raw


def test_seed_spelling_lands_in_the_typed_fields() -> None:
    edit = edit_input_from_json(copy.deepcopy(GUIDANCE_EXAMPLE))
    workout = edit.create_workout.workout
    sent = GUIDANCE_EXAMPLE["workout"]
    assert [m.workout_exercise_id for m in workout.exercises.items] == [
        m["workoutExerciseID"] for m in sent["exercises"]
    ]
    assert list(workout.cross_fit_blocks.items[0].exercise_ids) == sent["crossFitBlocks"][0]["exerciseIDs"]
    assert workout.exercises.items[2].target_weight_kg == 22.5


def test_omitted_and_empty_lists_differ() -> None:
    omitted = edit_input_from_json({**UPDATE, "workout": {"name": "B"}}).update_workout.workout
    emptied = edit_input_from_json(UPDATE).update_workout.workout
    assert not omitted.HasField("cross_fit_blocks") and not omitted.HasField("exercises")
    assert emptied.HasField("cross_fit_blocks") and not emptied.cross_fit_blocks.items


def test_null_is_not_sent_except_a_schedule_that_stops_recurring() -> None:
    edit = edit_input_from_json({"action": "createWorkout", "workout": {"name": "A", "notes": None}})
    assert not edit.create_workout.workout.HasField("notes")
    stop = edit_input_from_json({**SCHEDULE, "schedule": None}).change_schedule
    assert stop.WhichOneof("recurrence") == "stop_recurring"
    assert edit_input_to_json(edit_input_from_json({**SCHEDULE, "schedule": None}))["schedule"] is None
    assert "input.stopRecurring" in refusals({**SCHEDULE, "stopRecurring": True})


def test_whole_floats_are_integers_and_fractions_are_not() -> None:
    raw = {"action": "changeSchedule", "schedule": {"type": "everyNDays", "intervalDays": 3.0}}
    assert edit_input_from_json(raw).change_schedule.schedule.interval_days == 3
    found = refusals({**raw, "schedule": {"type": "everyNDays", "intervalDays": 3.5}})
    assert found == {"input.schedule.intervalDays": "must be a whole number, not 3.5"}


def test_every_mistyped_or_unknown_field_is_named_at_once() -> None:
    raw = copy.deepcopy(GUIDANCE_EXAMPLE)
    workout = raw["workout"]
    workout["name"] = 7
    workout["exercises"][0]["targetReps"] = "8"
    workout["exercises"][1]["targetWeightKg"] = float("nan")
    workout["exercises"][2]["tempo"] = "3-1-1"
    workout["crossFitBlocks"][0]["exerciseIDs"] = "all"
    workout["crossFitBlocks"][0]["configuration"]["rounds"] = 2**40
    assert refusals(raw) == {
        "input.workout.name": "must be text, not 7",
        "input.workout.exercises[0].targetReps": "must be a whole number, not '8'",
        "input.workout.exercises[1].targetWeightKg": "must be a number, not nan",
        "input.workout.exercises[2].tempo": "is not a movement field; movement fields are "
        "workoutExerciseID, exerciseID, trackingMode, notes, targetSets, targetReps, targetWeightKg, "
        "targetDurationSeconds, targetDistanceMeters, targetCalories, intervalWorkSeconds, "
        "intervalRestSeconds, intervalRounds, restSeconds",
        "input.workout.crossFitBlocks[0].exerciseIDs": "must be a list, not 'all'",
        "input.workout.crossFitBlocks[0].configuration.rounds": "must be a whole number from -2147483648 "
        "to 2147483647, not 1099511627776",
    }


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ("createWorkout", "input"),
        ({"workout": {}}, "input.action"),
        ({"action": "deleteEverything"}, "input.action"),
        ({"action": "createWorkout", "workout": []}, "input.workout"),
        ({"action": "createWorkout", "workout": {"exercises": {"a": 1}}}, "input.workout.exercises"),
        ({"action": "createPlan", "plan": {"phases": [7]}}, "input.plan.phases[0]"),
        ({"action": "updatePlan", "plan": {"phases": []}}, "input.plan.phases"),
    ],
)
def test_shapes_that_are_not_the_contract_are_refused(raw: Any, field: str) -> None:
    assert list(refusals(raw)) == [field]


@pytest.mark.parametrize("raw", EXAMPLES, ids=lambda raw: str(raw["action"]))
def test_the_hashed_form_is_the_struct_era_form(raw: dict[str, Any]) -> None:
    # Idempotency keys stored before the input was typed hashed MessageToDict(Struct); a replay of
    # the same body must hash the same, or it would be refused as a reused key.
    struct_era = json_format.MessageToDict(json_format.ParseDict(raw, struct_pb2.Struct()))
    assert hashed_input(edit_input_from_json(raw)) == struct_era


def test_the_hashed_form_ignores_how_the_typed_message_was_built() -> None:
    built = training_pb2.EditInput()
    built.move_occurrence.destination_day = MOVE["destinationDay"]
    built.move_occurrence.original_scheduled_day = MOVE["originalScheduledDay"]
    built.move_occurrence.workout_id = WORKOUT_ID
    assert hashed_input(built) == hashed_input(edit_input_from_json(MOVE))
