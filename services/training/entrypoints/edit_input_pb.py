"""The typed ``EditInput`` message read into the plain input values the edit rules check.

Reading only: every field is copied as sent, ``HasField`` becoming ``None`` for a field not sent,
and nothing is checked here, so every problem is still named by the rules
(``services/training/domain/documents.py``) with the path seed 000 spells. See
docs/decisions/0110-library-edits-as-values.md.
"""

from __future__ import annotations

from typing import Any

from kinetic.proto_enums import read_twins, word_of
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_to_json
from services.training.domain import edit_input as sent
from services.training.service_layer.library_edits import EditCommand


def edit_input_from_pb(edit: training_pb2.EditInput) -> sent.ActionInput:
    """The action ``edit`` carries, as sent (``NoAction`` when it carries none)."""
    which = edit.WhichOneof("action")
    if which == "create_workout":
        action = edit.create_workout
        return sent.CreateWorkoutAction(_workout(action.workout) if action.HasField("workout") else None)
    if which == "update_workout":
        update = edit.update_workout
        return sent.UpdateWorkoutAction(
            _optional(update, "workout_id"), _workout(update.workout) if update.HasField("workout") else None
        )
    if which == "create_plan":
        create = edit.create_plan
        return sent.CreatePlanAction(_plan(create.plan) if create.HasField("plan") else None)
    if which == "update_plan":
        changes = edit.update_plan
        plan = (
            sent.PlanChangesInput(_optional(changes.plan, "name"), _optional(changes.plan, "notes"))
            if changes.HasField("plan")
            else None
        )
        return sent.UpdatePlanAction(_optional(changes, "plan_id"), plan)
    if which == "move_occurrence":
        move = edit.move_occurrence
        return sent.MoveOccurrenceAction(
            _optional(move, "workout_id"),
            _optional(move, "original_scheduled_day"),
            _optional(move, "destination_day"),
        )
    if which == "replace_occurrence":
        replace = edit.replace_occurrence
        return sent.ReplaceOccurrenceAction(
            _optional(replace, "workout_id"),
            _optional(replace, "original_scheduled_day"),
            _optional(replace, "replacement_workout_id"),
        )
    if which == "change_schedule":
        change = edit.change_schedule
        recurrence = change.WhichOneof("recurrence")
        return sent.ChangeScheduleAction(
            _optional(change, "workout_id"),
            _optional(change, "effective_day"),
            recurrence,
            _schedule(change.schedule) if recurrence == "schedule" else None,
        )
    return sent.NoAction()


def endurance_input_from_pb(endurance: training_pb2.EnduranceTarget) -> sent.EnduranceInput:
    """An endurance part as sent (the library's and the endurance plans' drafts share the message).

    Each closed-set word is read from its enum twin when set, else from the string: this release's
    callers send both, the previous release's edge only the string (decision 0129)."""
    return sent.EnduranceInput(
        sport=word_of(endurance, "sport"),
        planned_duration_seconds=_optional(endurance, "planned_duration_seconds"),
        planned_distance_meters=_optional(endurance, "planned_distance_meters"),
        intensity=sent.IntensityInput(word_of(endurance.intensity, "kind"), endurance.intensity.label)
        if endurance.HasField("intensity")
        else None,
        steps=tuple(_step(step) for step in endurance.steps),
        planned_tss=_optional(endurance, "planned_tss"),
        planned_tss_locked=endurance.planned_tss_locked,
    )


def _optional(message: Any, field: str) -> Any:
    return getattr(message, field) if message.HasField(field) else None


def _fields(message: Any, value_type: type[Any], *, without: tuple[str, ...] = ()) -> dict[str, Any]:
    """The optional scalar fields ``value_type`` shares with ``message``, None when not sent."""
    return {name: _optional(message, name) for name in _names(value_type, without)}


_NAMES: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}


def _names(value_type: type[Any], without: tuple[str, ...]) -> tuple[str, ...]:
    """``value_type``'s field names but ``without``, worked out once (a plan's steps each have a
    target: decision 0123)."""
    key = (f"{value_type.__module__}.{value_type.__qualname__}", without)
    names = _NAMES.get(key)
    if names is None:
        names = _NAMES[key] = tuple(name for name in value_type.__dataclass_fields__ if name not in without)
    return names


def _workout(workout: training_pb2.WorkoutInput) -> sent.WorkoutInput:
    return sent.WorkoutInput(
        name=_optional(workout, "name"),
        kind=_optional(workout, "kind"),
        notes=_optional(workout, "notes"),
        schedule=_schedule(workout.schedule) if workout.HasField("schedule") else None,
        exercises=tuple(sent.MovementInput(**_fields(m, sent.MovementInput)) for m in workout.exercises.items)
        if workout.HasField("exercises")
        else None,
        cross_fit_blocks=tuple(_block(b) for b in workout.cross_fit_blocks.items)
        if workout.HasField("cross_fit_blocks")
        else None,
        endurance=endurance_input_from_pb(workout.endurance) if workout.HasField("endurance") else None,
        clear_endurance=_optional(workout, "clear_endurance"),
    )


def _schedule(schedule: training_pb2.ScheduleInput) -> sent.ScheduleInput:
    return sent.ScheduleInput(
        _optional(schedule, "type"), tuple(schedule.weekdays), _optional(schedule, "interval_days")
    )


def _block(block: training_pb2.CrossFitBlockInput) -> sent.CrossFitBlockInput:
    configuration = (
        sent.BlockConfigurationInput(**_fields(block.configuration, sent.BlockConfigurationInput))
        if block.HasField("configuration")
        else None
    )
    return sent.CrossFitBlockInput(_optional(block, "id"), configuration, tuple(block.exercise_ids))


def _plan(plan: training_pb2.PlanInput) -> sent.PlanInput:
    phases = tuple(
        sent.PhaseInput(
            name=_optional(phase, "name"),
            start_day=_optional(phase, "start_day"),
            end_day_exclusive=_optional(phase, "end_day_exclusive"),
            workouts=tuple(_workout(w) for w in phase.workouts),
            existing_workout_ids=tuple(phase.existing_workout_ids),
        )
        for phase in plan.phases
    )
    return sent.PlanInput(_optional(plan, "name"), _optional(plan, "notes"), phases)


def _step(step: training_pb2.EnduranceStep) -> sent.EnduranceStepInput:
    target = None
    if step.HasField("target"):
        fields = _fields(step.target, sent.StepTargetInput, without=("kind",))
        target = sent.StepTargetInput(kind=word_of(step.target, "kind"), **fields)
    return sent.EnduranceStepInput(
        type=word_of(step, "type"),
        role=word_of(step, "role"),
        duration_seconds=_optional(step, "duration_seconds"),
        distance_meters=_optional(step, "distance_meters"),
        target=target,
        notes=step.notes,
        repeat_count=step.repeat_count,
        steps=tuple(_step(inner) for inner in step.steps),
    )


def edit_command(request: training_pb2.EditTrainingRequest) -> EditCommand:
    """An EditTraining request as the use case takes it: the input read as sent, and hashed."""
    return EditCommand(
        account_id=request.account_id,
        device_id=request.device_id,
        epoch=request.epoch,
        time_zone=request.time_zone,
        idempotency_key=request.idempotency_key,
        expected_versions=dict(request.expected_versions),
        input=edit_input_from_pb(request.edit_input),
        hashed_input=hashed_input(request.edit_input),
    )


def hashed_input(edit: training_pb2.EditInput) -> Any:
    """The input as seed 000's JSON with every number a float, the form hashed before the input was
    typed, so an idempotency key stored then still replays (docs/decisions/0027-typed-training-edits.md).
    """
    # In words only, as the previous release hashed it: a retry through an edge of either release
    # (enum twins sent or not) finds its first answer (decision 0129).
    words = training_pb2.EditInput()
    words.CopyFrom(edit)
    return _struct_numbers(edit_input_to_json(read_twins(words)))


def _struct_numbers(value: Any) -> Any:
    # A google.protobuf.Struct holds every number as a double, so 3 was hashed as 3.0.
    if isinstance(value, dict):
        return {key: _struct_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_struct_numbers(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value
