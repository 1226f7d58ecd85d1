"""RunFlow's requests to Training carry each closed-set word with its enum twin (decision 0129): a
Training replica of this release reads the enum, one of the previous release the string. A word
outside the set goes in the string only, so Training refuses it with today's path and text."""

from __future__ import annotations

from google.protobuf.message import Message

from edge.profiles.runflow import plan_requests, steps
from kinetic.proto_enums import enum_value, read_twins
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.plans.commands_pb import workout_draft
from tests.unit.edge.test_runflow_plan_codec import TRACK


def _pairs(message: Message) -> list[tuple[str, object, object]]:
    """Every (path, string, twin) in ``message`` whose string is not empty."""
    found: list[tuple[str, object, object]] = []
    for field in message.DESCRIPTOR.fields:
        twin = message.DESCRIPTOR.fields_by_name.get(field.name + "_value")
        if field.type == field.TYPE_STRING and twin is not None and twin.enum_type is not None:
            words = (
                list(getattr(message, field.name)) if field.is_repeated else [getattr(message, field.name)]
            )
            if twin.is_repeated:
                found.append((field.name, words, list(getattr(message, twin.name))))
            elif words[0]:
                value = getattr(message, twin.name) if message.HasField(twin.name) else None
                found.append((field.name, words[0], value))
        elif field.message_type is not None and not field.message_type.GetOptions().map_entry:
            items = getattr(message, field.name) if field.is_repeated else [getattr(message, field.name)]
            for item in items:
                found.extend((f"{field.name}.{path}", s, t) for path, s, t in _pairs(item))
    return found


def _assert_twinned(message: Message, enums: dict[str, type[int]]) -> int:
    pairs = _pairs(message)
    for path, word, twin in pairs:
        enum = enums[path.rsplit(".", 1)[-1]]
        if isinstance(word, list):
            assert twin == [enum_value(enum, w) for w in word], path
        else:
            assert twin == enum_value(enum, str(word)), path
    return len(pairs)


ENUMS: dict[str, type[int]] = {
    "sport": training_pb2.Sport,
    "sports": training_pb2.Sport,
    "type": training_pb2.StepType,
    "role": training_pb2.StepRole,
    "kind": training_pb2.TargetKind,
    "workout_type": plans_pb2.WorkoutType,
}


def test_a_new_workout_sends_every_word_with_its_enum() -> None:
    draft = steps.draft(TRACK)
    # workout type, sport, intensity, 5 step types, 2 roles, 4 targets
    assert _assert_twinned(draft, ENUMS) == 14
    # Training of either release reads the same workout from it.
    strings = plans_pb2.WorkoutDraft()
    strings.CopyFrom(draft)
    assert workout_draft(draft) == workout_draft(read_twins(strings))


def test_a_goal_a_filter_and_a_change_send_both() -> None:
    goal = plan_requests.goal(
        {
            "sport": "TRIATHLON",
            "frequencies": [{"sport": "SWIM", "sessionsPerWeek": 2}],
            "phaseBlocks": [
                {
                    "name": "Base",
                    "startDate": "2026-10-01",
                    "endDate": "2026-10-31",
                    "targets": [{"sport": "BIKE"}],
                }
            ],
        }
    )
    assert goal.sport_value == plans_pb2.GOAL_SPORT_TRIATHLON
    assert _assert_twinned(goal.frequencies[0], ENUMS) == 1
    assert _assert_twinned(goal.phase_blocks[0], ENUMS) == 1
    kept = plan_requests.day_filter({"sports": ["RUN", "SWIM"]})
    assert list(kept.sports_value) == [training_pb2.SPORT_RUN, training_pb2.SPORT_SWIM]
    change = plan_requests.change({"workoutId": "w1", "workoutType": "TEMPO"}, None)
    assert change.workout.workout_type_value == plans_pb2.WORKOUT_TYPE_TEMPO


def test_a_change_of_a_stored_part_keeps_each_twin_with_its_word() -> None:
    # The stored part as Training answered it (both filled): a changed sport must not keep the old enum.
    current = steps.draft(TRACK).endurance
    change = plan_requests.change(
        {"workoutId": "w1", "sport": "BIKE", "intensity": {"kind": "power", "label": "Z3"}}, current
    )
    assert change.workout.endurance.sport == "ride"
    assert _assert_twinned(change.workout, ENUMS) == 13
    assert workout_draft(change.workout).endurance.sport == "ride"  # type: ignore[union-attr]


def test_an_empty_word_sends_no_enum() -> None:
    draft = steps.draft(
        {"name": "Free", "scheduledDate": "2026-10-01", "structuredSteps": [{"type": "warm_up"}]}
    )
    assert not draft.HasField("workout_type_value") and not draft.endurance.HasField("sport_value")
    assert not draft.endurance.steps[0].HasField("role_value")
