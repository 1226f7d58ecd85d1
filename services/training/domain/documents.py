"""The ``input`` of a Training edit (seed 000 "Create and edit"), read into one action value.

``parse_edit_input`` reads the input as sent (``edit_input``: the typed ``EditInput`` message of
docs/decisions/0027-typed-training-edits.md as plain values, read by
``services/training/entrypoints/edit_input_pb.py``; decision 0110) into a frozen dataclass per
action and raises one ``InvalidArgument`` naming every bad field
(``input.workout.exercises[2].targetReps``) and what to send instead. The workout rules themselves
live in ``workout_rules`` and ``block_rules``, the plan rules in ``plan_rules``. It checks the input
alone; whether named records exist, their versions and occurrence states are the service layer's
business. See docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import date

from kinetic.errors import InvalidArgument
from knowledge.training.formats import MAX_RECORDS_PER_WRITE as MAX_RECORDS_PER_WRITE
from services.training.domain import edit_input as sent
from services.training.domain.input_values import (
    NewID,
    Violations,
    new_uuid,
    read_day,
    read_name,
    read_notes,
    read_uuid,
    require,
    required,
)
from services.training.domain.model import Schedule, WorkoutContent
from services.training.domain.plan_rules import READ_IDS, PlanDraft, parse_plan
from services.training.domain.workout_rules import (
    WorkoutDraft,
    WorkoutUpdate,
    exercise_ids_in,
    merge_update,
    parse_schedule,
    parse_workout,
    parse_workout_update,
)

# For the exercise IDs that exist (catalog or the account's custom ones), their tracking modes.
ExerciseModes = Callable[[Collection[str]], Mapping[str, tuple[str, ...]]]
Known = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class CreateWorkout:
    """``createWorkout``: a new workout, optionally recurring."""

    workout: WorkoutDraft


@dataclass(frozen=True)
class UpdateWorkout:
    """``updateWorkout``: change some of a workout's content; the schedule has its own action."""

    workout_id: str
    workout: WorkoutUpdate


@dataclass(frozen=True)
class CreatePlan:
    """``createPlan``."""

    plan: PlanDraft


@dataclass(frozen=True)
class UpdatePlan:
    """``updatePlan``: a new name and/or notes; None keeps what is saved."""

    plan_id: str
    name: str | None = None
    notes: str | None = None


@dataclass(frozen=True)
class MoveOccurrence:
    """``moveOccurrence``: one session to another day; identity stays its original day."""

    workout_id: str
    original_scheduled_day: date
    destination_day: date


@dataclass(frozen=True)
class ReplaceOccurrence:
    """``replaceOccurrence``: do another workout instead of one session."""

    workout_id: str
    original_scheduled_day: date
    replacement_workout_id: str


@dataclass(frozen=True)
class ChangeSchedule:
    """``changeSchedule``: recurrence from ``effective_day`` on; None stops it."""

    workout_id: str
    effective_day: date
    schedule: Schedule | None


EditAction = (
    CreateWorkout
    | UpdateWorkout
    | CreatePlan
    | UpdatePlan
    | MoveOccurrence
    | ReplaceOccurrence
    | ChangeSchedule
)


def parse_edit_input(
    edit: sent.ActionInput, exercise_modes: ExerciseModes, *, new_id: NewID = new_uuid
) -> EditAction:
    """The action ``edit`` asks for, or ``InvalidArgument`` naming every problem.

    ``exercise_modes`` is asked once, for every exerciseID the input names. Movements and blocks
    sent without an ID get one from ``new_id``.
    """
    problems = Violations()
    result: EditAction | None
    if isinstance(edit, sent.CreateWorkoutAction):
        result = _create_workout(problems, edit, exercise_modes, new_id)
    elif isinstance(edit, sent.UpdateWorkoutAction):
        result = _update_workout(problems, edit, exercise_modes, new_id)
    elif isinstance(edit, sent.CreatePlanAction):
        result = _create_plan(problems, edit, exercise_modes, new_id)
    elif isinstance(edit, sent.UpdatePlanAction):
        result = _update_plan(problems, edit)
    elif isinstance(edit, sent.MoveOccurrenceAction):
        result = _move(problems, edit)
    elif isinstance(edit, sent.ReplaceOccurrenceAction):
        result = _replace(problems, edit)
    elif isinstance(edit, sent.ChangeScheduleAction):
        result = _change_schedule(problems, edit)
    else:
        actions = ", ".join(sent.ACTION_NAMES.values())
        raise InvalidArgument.for_field("input.action", f"is required; send one of {actions}")
    problems.raise_if_any()
    assert result is not None
    return result


def merge_workout_update(existing: WorkoutContent, update: UpdateWorkout | WorkoutUpdate) -> WorkoutContent:
    """``existing`` with the update applied, checked as a whole (see ``workout_rules.merge_update``)."""
    changes = update.workout if isinstance(update, UpdateWorkout) else update
    return merge_update(existing, changes, "input.workout")


def count_records(action: EditAction) -> int:
    """How many records the write changes: a new plan is one, plus each new workout and copy."""
    if isinstance(action, CreatePlan):
        return 1 + sum(len(p.workouts) + len(p.existing_workout_ids) for p in action.plan.phases)
    return 1


def check_record_limit(action: EditAction) -> None:
    """Refuse a write that would change more than ``MAX_RECORDS_PER_WRITE`` records."""
    count = count_records(action)
    if count > MAX_RECORDS_PER_WRITE:
        raise InvalidArgument.for_field(
            "input.plan.phases" if isinstance(action, CreatePlan) else "input",
            f"this write would change {count} records (the plan, its new workouts and copies of "
            f"existing ones); a write can change at most {MAX_RECORDS_PER_WRITE}: use fewer workouts "
            "or split the plan",
        )


def _known(exercise_modes: ExerciseModes, workouts: list[sent.WorkoutInput]) -> Known:
    ids = exercise_ids_in(workouts)
    return exercise_modes(ids) if ids else {}


def _create_workout(
    problems: Violations, action: sent.CreateWorkoutAction, modes: ExerciseModes, new_id: NewID
) -> EditAction | None:
    workout = required(problems, "input", action.workout, "workout")
    if workout is None:
        return None
    known = _known(modes, [workout])
    draft = parse_workout(problems, "input.workout", workout, known, new_id)
    return None if draft is None else CreateWorkout(draft)


def _update_workout(
    problems: Violations, action: sent.UpdateWorkoutAction, modes: ExerciseModes, new_id: NewID
) -> EditAction | None:
    workout_id = _id(problems, action.workout_id, "workoutID")
    workout = required(problems, "input", action.workout, "workout")
    if workout is None:
        return None
    known = _known(modes, [workout])
    update = parse_workout_update(problems, "input.workout", workout, known, new_id)
    return None if update is None or workout_id is None else UpdateWorkout(workout_id, update)


def _create_plan(
    problems: Violations, action: sent.CreatePlanAction, modes: ExerciseModes, new_id: NewID
) -> EditAction | None:
    sent_plan = required(problems, "input", action.plan, "plan")
    if sent_plan is None:
        return None
    known = _known(modes, [w for phase in sent_plan.phases for w in phase.workouts])
    plan = parse_plan(problems, sent_plan, known, new_id)
    return None if plan is None else CreatePlan(plan)


def _update_plan(problems: Violations, action: sent.UpdatePlanAction) -> EditAction | None:
    plan_id = _id(problems, action.plan_id, "planID")
    changes = required(problems, "input", action.plan, "plan")
    if changes is None:
        return None
    if changes.name is None and changes.notes is None:
        problems.add("input.plan", "must contain name, notes or both")
    before = len(problems)
    name = read_name(problems, "input.plan.name", changes.name) if changes.name is not None else None
    notes = read_notes(problems, "input.plan.notes", changes.notes) if changes.notes is not None else None
    if len(problems) > before or plan_id is None:
        return None
    return UpdatePlan(plan_id, name, notes)


def _move(problems: Violations, action: sent.MoveOccurrenceAction) -> EditAction | None:
    workout_id = _id(problems, action.workout_id, "workoutID")
    original = _day(problems, action.original_scheduled_day, "originalScheduledDay")
    destination = _day(problems, action.destination_day, "destinationDay")
    if workout_id is None or original is None or destination is None:
        return None
    return MoveOccurrence(workout_id, original, destination)


def _replace(problems: Violations, action: sent.ReplaceOccurrenceAction) -> EditAction | None:
    workout_id = _id(problems, action.workout_id, "workoutID")
    original = _day(problems, action.original_scheduled_day, "originalScheduledDay")
    replacement = _id(problems, action.replacement_workout_id, "replacementWorkoutID")
    if workout_id is None or original is None or replacement is None:
        return None
    return ReplaceOccurrence(workout_id, original, replacement)


def _change_schedule(problems: Violations, action: sent.ChangeScheduleAction) -> EditAction | None:
    workout_id = _id(problems, action.workout_id, "workoutID")
    effective = _day(problems, action.effective_day, "effectiveDay")
    recurrence = action.recurrence
    hint = ": send the new schedule, or null to stop recurring from effectiveDay"
    if not require(problems, "input", recurrence is not None, "schedule", hint):
        return None
    before = len(problems)
    schedule = None
    if recurrence == "schedule" and action.schedule is not None:
        schedule = parse_schedule(problems, "input.schedule", action.schedule)
    if workout_id is None or effective is None or len(problems) > before:
        return None
    return ChangeSchedule(workout_id, effective, schedule)


def _id(problems: Violations, value: str | None, key: str) -> str | None:
    sent_id = required(problems, "input", value, key, READ_IDS)
    return None if sent_id is None else read_uuid(problems, f"input.{key}", sent_id, READ_IDS)


def _day(problems: Violations, value: str | None, key: str) -> date | None:
    day = required(problems, "input", value, key, " (YYYY-MM-DD)")
    return None if day is None else read_day(problems, f"input.{key}", day)
