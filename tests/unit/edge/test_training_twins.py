"""The profiles publish the same words whether Training's answer says them as enums, as strings (an
older replica) or both (this release): each renderer reads the twin where it reads the word
(``kinetic.proto_enums.word_of``), with no walk over the answer first (decisions 0128, 0129)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from google.protobuf.message import Message

from edge.oauth.training import _plan_workout
from edge.profiles.metric.records import record
from edge.profiles.metric.training_json import occurrence_json, workout_json
from edge.profiles.primed.handlers import calendar_session, planned_session
from edge.profiles.primed.planned import intervals, target_intensity
from edge.profiles.runflow import plan_render
from edge.profiles.runflow.plan_requests import planned_load
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb
from kinetic.training.v1 import training_pb2 as pb
from services.training.entrypoints.library_pb import endurance_summaries, endurance_to_pb
from tests.unit.training.test_training_enums import INTERVALS


def _both_words() -> list[Message]:
    """Messages as this release's Training answers them: every word and its enum twin."""
    endurance = endurance_to_pb(INTERVALS)
    return [
        plans_pb.PlanWorkout(
            workout_id="w1",
            name="Threshold ride",
            scheduled_date="2026-03-03",
            workout_type="ride_intervals",
            workout_type_value=plans_pb.WORKOUT_TYPE_RIDE_INTERVALS,
            endurance=endurance,
        ),
        plans_pb.Goal(
            goal_id="g1",
            name="Spring triathlon",
            sport="triathlon",
            sport_value=plans_pb.GOAL_SPORT_TRIATHLON,
            phase_blocks=[
                plans_pb.PhaseBlock(
                    name="Base",
                    targets=[
                        plans_pb.PhaseTarget(sport="swim", sport_value=pb.SPORT_SWIM, sessions_per_week=2)
                    ],
                )
            ],
            frequencies=[
                plans_pb.SportFrequency(sport="ride", sessions_per_week=3, sport_value=pb.SPORT_RIDE)
            ],
        ),
        pb.Workout(id="w1", name="Threshold ride", kind="cardio", endurance=endurance),
        pb.Occurrence(
            workout_id="w1", day="2026-03-03", endurance=endurance_summaries({"w1": INTERVALS})["w1"]
        ),
    ]


def _strip(message: Message, keep_enums: bool) -> None:
    """Leave only the strings (an older replica's answer) or only the enums (as after the contract)."""
    for field in message.DESCRIPTOR.fields:
        if field.message_type is not None:
            items = getattr(message, field.name) if field.is_repeated else [getattr(message, field.name)]
            for item in items if field.is_repeated or message.HasField(field.name) else []:
                _strip(item, keep_enums)
        elif field.enum_type is not None and field.name.endswith("_value") and message.HasField(field.name):
            message.ClearField(field.name.removesuffix("_value") if keep_enums else field.name)


def _answers(shape: str) -> list[Message]:
    messages = _both_words()
    for message in messages:
        if shape != "both":
            _strip(message, keep_enums=shape == "enums only")
    return messages  # as they arrive: nothing reads them before the renderers


def _published(messages: list[Message]) -> list[Any]:
    plan_workout, goal, workout, occurrence = messages
    assert isinstance(plan_workout, plans_pb.PlanWorkout) and isinstance(goal, plans_pb.Goal)
    assert isinstance(workout, pb.Workout) and isinstance(occurrence, pb.Occurrence)
    renderers: list[Callable[[], Any]] = [
        lambda: plan_render.workout(plan_workout),
        lambda: plan_render.goal(goal),
        lambda: [str(step) for step in intervals(plan_workout.endurance.steps)],
        lambda: target_intensity(plan_workout.endurance, plan_workout.workout_type or "ride_intervals"),
        lambda: str(planned_load(plan_workout)),
        lambda: str(_plan_workout(plan_workout, "km")),
        lambda: str(planned_session(occurrence)),
        lambda: calendar_session(occurrence),
        lambda: record(workout),
        lambda: workout_json(workout),
        lambda: occurrence_json(occurrence),
        lambda: record(goal),
    ]
    return [render() for render in renderers]


@pytest.mark.parametrize("shape", ["strings only", "enums only"])
def test_the_profiles_publish_the_same_from_either_field(shape: str) -> None:
    assert _published(_answers(shape)) == _published(_answers("both"))


def test_what_they_publish_says_the_words_and_no_enum() -> None:
    published = _published(_answers("enums only"))
    assert published[0]["sport"] and published[0]["workoutType"] == "RIDE_INTERVALS"
    assert published[8]["endurance"]["sport"] == "ride"
    assert published[8]["endurance"]["steps"][1]["steps"][0]["role"] == "work"
    assert "250-270 W" in published[2][1]
    assert "Value" not in repr(published) and "SPORT_" not in repr(published)
