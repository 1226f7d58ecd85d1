"""The EditInput message read into the plain input values: every field, as sent (decision 0110)."""

from __future__ import annotations

import dataclasses

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from kinetic.training.v1 import training_pb2 as pb
from services.training.domain import edit_input as sent
from services.training.domain.endurance_rules import _json
from services.training.entrypoints.edit_input_pb import edit_input_from_pb

# Each value and the message it mirrors. A ChangeScheduleAction names its recurrence choice
# instead of carrying stopRecurring; everything else keeps the message's field names.
MIRRORS: list[tuple[type, type[Message]]] = [
    (sent.ScheduleInput, pb.ScheduleInput),
    (sent.MovementInput, pb.MovementInput),
    (sent.BlockConfigurationInput, pb.BlockConfigurationInput),
    (sent.CrossFitBlockInput, pb.CrossFitBlockInput),
    (sent.IntensityInput, pb.IntensityTarget),
    (sent.StepTargetInput, pb.StepTarget),
    (sent.EnduranceStepInput, pb.EnduranceStep),
    (sent.EnduranceInput, pb.EnduranceTarget),
    (sent.WorkoutInput, pb.WorkoutInput),
    (sent.PhaseInput, pb.PhaseInput),
    (sent.PlanInput, pb.PlanInput),
    (sent.PlanChangesInput, pb.PlanChangesInput),
    (sent.CreateWorkoutAction, pb.CreateWorkoutAction),
    (sent.UpdateWorkoutAction, pb.UpdateWorkoutAction),
    (sent.CreatePlanAction, pb.CreatePlanAction),
    (sent.UpdatePlanAction, pb.UpdatePlanAction),
    (sent.MoveOccurrenceAction, pb.MoveOccurrenceAction),
    (sent.ReplaceOccurrenceAction, pb.ReplaceOccurrenceAction),
]


@pytest.mark.parametrize(("value", "message"), MIRRORS)
def test_each_value_has_its_message_fields(value: type, message: type[Message]) -> None:
    names = [field.name for field in dataclasses.fields(value)]
    # Without the enum twins: training's answers fill them, its inputs are read from the strings
    # (decision 0128).
    assert names == [field.name for field in message.DESCRIPTOR.fields if not _twin(field)]


def _twin(field: FieldDescriptor) -> bool:
    return field.enum_type is not None and field.name.endswith("_value")


def test_the_action_names_are_the_contract_ones_in_its_order() -> None:
    oneof = pb.EditInput.DESCRIPTOR.oneofs_by_name["action"]
    assert list(sent.ACTION_NAMES.values()) == [field.json_name for field in oneof.fields]
    assert sent.action_name(sent.NoAction()) == ""


def test_step_target_fields_are_named_as_the_json_names_them() -> None:
    for field in pb.StepTarget.DESCRIPTOR.fields:
        assert _json(field.name) == field.json_name


def test_a_field_sent_at_its_default_is_sent_and_one_left_out_is_none() -> None:
    movement = pb.MovementInput(exercise_id="", target_reps=0, target_weight_kg=0.0)
    workout = pb.WorkoutInput(name="", exercises=pb.MovementList(items=[movement]), clear_endurance=False)
    action = edit_input_from_pb(pb.EditInput(update_workout=pb.UpdateWorkoutAction(workout=workout)))
    assert action == sent.UpdateWorkoutAction(
        workout_id=None,
        workout=sent.WorkoutInput(
            name="",
            exercises=(sent.MovementInput(exercise_id="", target_reps=0, target_weight_kg=0.0),),
            clear_endurance=False,
        ),
    )
    assert not action.workout or not action.workout.sends_nothing()
    assert sent.WorkoutInput(exercises=()).sends_nothing() is False
    assert sent.WorkoutInput().sends_nothing() is True


def test_an_endurance_part_and_its_nested_steps_are_read_whole() -> None:
    endurance = pb.EnduranceTarget(
        sport="run",
        planned_duration_seconds=0,
        intensity=pb.IntensityTarget(kind="pace", label="Z2"),
        steps=[
            pb.EnduranceStep(
                type="repeat",
                repeat_count=3,
                steps=[
                    pb.EnduranceStep(
                        type="interval",
                        role="work",
                        distance_meters=400,
                        target=pb.StepTarget(kind="pace", pace_zone="I", watts_low=0),
                    )
                ],
            )
        ],
        planned_tss_locked=True,
    )
    workout = pb.WorkoutInput(endurance=endurance)
    action = edit_input_from_pb(pb.EditInput(create_workout=pb.CreateWorkoutAction(workout=workout)))
    assert isinstance(action, sent.CreateWorkoutAction) and action.workout is not None
    assert action.workout.endurance == sent.EnduranceInput(
        sport="run",
        planned_duration_seconds=0,
        intensity=sent.IntensityInput("pace", "Z2"),
        steps=(
            sent.EnduranceStepInput(
                type="repeat",
                repeat_count=3,
                steps=(
                    sent.EnduranceStepInput(
                        type="interval",
                        role="work",
                        distance_meters=400.0,
                        target=sent.StepTargetInput(kind="pace", pace_zone="I", watts_low=0),
                    ),
                ),
            ),
        ),
        planned_tss_locked=True,
    )


def test_each_action_is_read_and_no_action_is_no_action() -> None:
    assert edit_input_from_pb(pb.EditInput()) == sent.NoAction()
    stop = pb.ChangeScheduleAction(workout_id="w", effective_day="2026-01-05", stop_recurring=False)
    assert edit_input_from_pb(pb.EditInput(change_schedule=stop)) == sent.ChangeScheduleAction(
        "w", "2026-01-05", "stop_recurring", None
    )
    schedule = pb.ChangeScheduleAction(schedule=pb.ScheduleInput(weekdays=[2, 4]))
    assert edit_input_from_pb(pb.EditInput(change_schedule=schedule)) == sent.ChangeScheduleAction(
        recurrence="schedule", schedule=sent.ScheduleInput(weekdays=(2, 4))
    )
    phase = pb.PhaseInput(start_day="2026-01-05", workouts=[pb.WorkoutInput()], existing_workout_ids=["x"])
    plan = pb.CreatePlanAction(plan=pb.PlanInput(name="Block", phases=[phase]))
    read_phase = sent.PhaseInput(
        start_day="2026-01-05", workouts=(sent.WorkoutInput(),), existing_workout_ids=("x",)
    )
    assert edit_input_from_pb(pb.EditInput(create_plan=plan)) == sent.CreatePlanAction(
        sent.PlanInput(name="Block", phases=(read_phase,))
    )
    update = pb.UpdatePlanAction(plan_id="p", plan=pb.PlanChangesInput(notes=""))
    assert edit_input_from_pb(pb.EditInput(update_plan=update)) == sent.UpdatePlanAction(
        "p", sent.PlanChangesInput(notes="")
    )
    move = pb.MoveOccurrenceAction(workout_id="w", destination_day="2026-01-06")
    assert edit_input_from_pb(pb.EditInput(move_occurrence=move)) == sent.MoveOccurrenceAction(
        "w", None, "2026-01-06"
    )
    swap = pb.ReplaceOccurrenceAction(original_scheduled_day="2026-01-05", replacement_workout_id="r")
    assert edit_input_from_pb(pb.EditInput(replace_occurrence=swap)) == sent.ReplaceOccurrenceAction(
        None, "2026-01-05", "r"
    )
    block = pb.CrossFitBlockInput(
        configuration=pb.BlockConfigurationInput(format="amrap", rounds=0), exercise_ids=["a", "b"]
    )
    workout = pb.WorkoutInput(cross_fit_blocks=pb.CrossFitBlockList(items=[block]))
    assert edit_input_from_pb(pb.EditInput(create_workout=pb.CreateWorkoutAction(workout=workout))) == (
        sent.CreateWorkoutAction(
            sent.WorkoutInput(
                cross_fit_blocks=(
                    sent.CrossFitBlockInput(
                        configuration=sent.BlockConfigurationInput(format="amrap", rounds=0),
                        exercise_ids=("a", "b"),
                    ),
                )
            )
        )
    )
