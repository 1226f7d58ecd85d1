"""Metric's edit input reaches the training service typed; a mistyped field is a 400 naming it."""

from __future__ import annotations

from typing import Any

import pytest

from edge.problems import EdgeProblem
from edge.profiles.metric.edit_input import edit_input

MOVE = {
    "action": "moveOccurrence",
    "workoutID": "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
    "originalScheduledDay": "2026-09-25",
    "destinationDay": "2026-09-27",
}


def test_the_input_argument_becomes_the_typed_action() -> None:
    typed = edit_input({"input": MOVE})
    assert typed.WhichOneof("action") == "move_occurrence"
    assert typed.move_occurrence.workout_id == MOVE["workoutID"]
    assert typed.move_occurrence.destination_day == MOVE["destinationDay"]


@pytest.mark.parametrize(
    ("value", "field"),
    [
        (None, "input"),
        ("createWorkout", "input"),
        ({}, "input.action"),
        ({"action": "x"}, "input.action"),
        ({**MOVE, "destinationDay": 20260927}, "input.destinationDay"),
        (
            {"action": "createWorkout", "workout": {"exercises": [{"targetReps": float("inf")}]}},
            "input.workout.exercises[0].targetReps",
        ),
    ],
)
def test_a_wrong_shape_or_type_is_a_400_naming_the_field(value: Any, field: str) -> None:
    with pytest.raises(EdgeProblem) as refused:
        edit_input({"input": value})
    problem = refused.value
    assert (problem.status, problem.error) == (400, "invalid_request")
    assert problem.details == {"field": field}
    assert problem.description.startswith(f"{field}: ")


def test_every_mistyped_field_is_in_the_description() -> None:
    with pytest.raises(EdgeProblem) as refused:
        edit_input({"input": {**MOVE, "workoutID": 1, "destinationDay": True}})
    assert refused.value.description == (
        "input.workoutID: must be text, not 1; input.destinationDay: must be text, not true/false"
    )
