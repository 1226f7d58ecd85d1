"""The ``input`` of a Training edit (seed 000 "Create and edit"), parsed into one action value.

``parse_edit_input`` reads the JSON object (from a ``google.protobuf.Struct``) into a frozen
dataclass per action and raises one ``InvalidArgument`` naming every bad field
(``input.workout.exercises[2].targetReps``) and what to send instead. The workout rules themselves
live in ``workout_rules``. It checks the input alone; whether named records exist, their versions
and occurrence states are the service layer's business. See docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from kinetic.errors import InvalidArgument
from kinetic.training_knowledge.formats import MAX_RECORDS_PER_WRITE as MAX_RECORDS_PER_WRITE
from kinetic.training_knowledge.rules import MAX_PHASES
from services.training.domain.model import Schedule, WorkoutContent
from services.training.domain.workout_rules import (
    NewID,
    Violations,
    WorkoutDraft,
    WorkoutUpdate,
    exercise_ids_in,
    merge_update,
    new_uuid,
    parse_schedule,
    parse_workout,
    parse_workout_update,
    read_day,
    read_list,
    read_name,
    read_notes,
    read_object,
    read_uuid,
    require,
)
from services.training.domain.workout_rules import (
    show_value as _show,
)

# For the exercise IDs that exist (catalog or the account's custom ones), their tracking modes.
ExerciseModes = Callable[[Collection[str]], Mapping[str, tuple[str, ...]]]


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
class PhaseDraft:
    """A phase of a new plan: new workouts and copies of existing ones over [start, end)."""

    name: str
    start_day: date
    end_day_exclusive: date
    workouts: tuple[WorkoutDraft, ...] = ()
    existing_workout_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlanDraft:
    """A new plan as sent."""

    name: str
    notes: str
    phases: tuple[PhaseDraft, ...]


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

_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "createWorkout": ("action", "workout"),
    "updateWorkout": ("action", "workoutID", "workout"),
    "createPlan": ("action", "plan"),
    "updatePlan": ("action", "planID", "plan"),
    "moveOccurrence": ("action", "workoutID", "originalScheduledDay", "destinationDay"),
    "replaceOccurrence": ("action", "workoutID", "originalScheduledDay", "replacementWorkoutID"),
    "changeSchedule": ("action", "workoutID", "effectiveDay", "schedule"),
}
_READ_IDS = "; use the ID from a Training read"


def parse_edit_input(
    raw: Mapping[str, Any], exercise_modes: ExerciseModes, *, new_id: NewID = new_uuid
) -> EditAction:
    """The action ``raw`` asks for, or ``InvalidArgument`` naming every problem.

    ``exercise_modes`` is asked once, for every exerciseID the input names. Movements and blocks
    sent without an ID get one from ``new_id``.
    """
    if not isinstance(raw, Mapping):
        raise InvalidArgument.for_field("input", "must be an object with an action")
    action = raw.get("action")
    if not isinstance(action, str) or action not in _ACTION_FIELDS:
        shown = "is required" if action is None else f"{_show(action)} is not an action"
        raise InvalidArgument.for_field("input.action", f"{shown}; send one of {', '.join(_ACTION_FIELDS)}")
    problems = Violations()
    keep_null = ("schedule",) if action == "changeSchedule" else ()
    obj = read_object(problems, "input", raw, str(action), _ACTION_FIELDS[action], keep_null)
    assert obj is not None
    for key in _ACTION_FIELDS[action]:
        require(problems, "input", obj, key, _required_hint(action, key))
    ids = _exercise_ids(action, obj)
    known = exercise_modes(ids) if ids else {}
    result = _PARSERS[action](problems, obj, known, new_id)
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


def _required_hint(action: str, key: str) -> str:
    if key == "schedule":
        return ": send the new schedule, or null to stop recurring from effectiveDay"
    if key in ("workoutID", "planID", "replacementWorkoutID"):
        return _READ_IDS
    if key in ("originalScheduledDay", "effectiveDay", "destinationDay"):
        return " (YYYY-MM-DD)"
    return ""


def _exercise_ids(action: str, obj: Mapping[str, Any]) -> set[str]:
    if action in ("createWorkout", "updateWorkout"):
        return set(exercise_ids_in(obj.get("workout")))
    if action != "createPlan":
        return set()
    plan = obj.get("plan")
    phases = plan.get("phases") if isinstance(plan, Mapping) else None
    ids: set[str] = set()
    for phase in phases if isinstance(phases, list) else ():
        workouts = phase.get("workouts") if isinstance(phase, Mapping) else None
        for workout in workouts if isinstance(workouts, list) else ():
            ids.update(exercise_ids_in(workout))
    return ids


Known = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class _Span:
    """A phase's days [start, end)."""

    start: date
    end: date


def _create_workout(
    problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID
) -> EditAction | None:
    if "workout" not in obj:
        return None
    draft = parse_workout(problems, "input.workout", obj["workout"], known, new_id)
    return None if draft is None else CreateWorkout(draft)


def _update_workout(
    problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID
) -> EditAction | None:
    workout_id = _id(problems, obj, "workoutID")
    if "workout" not in obj:
        return None
    update = parse_workout_update(problems, "input.workout", obj["workout"], known, new_id)
    return None if update is None or workout_id is None else UpdateWorkout(workout_id, update)


def _update_plan(
    problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID
) -> EditAction | None:
    plan_id = _id(problems, obj, "planID")
    if "plan" not in obj:
        return None
    fields = read_object(problems, "input.plan", obj["plan"], "plan update", ("name", "notes"))
    if fields is None:
        return None
    if not fields:
        problems.add("input.plan", "must contain name, notes or both")
    before = len(problems)
    name = read_name(problems, "input.plan.name", fields["name"]) if "name" in fields else None
    notes = read_notes(problems, "input.plan.notes", fields["notes"]) if "notes" in fields else None
    if len(problems) > before or plan_id is None:
        return None
    return UpdatePlan(plan_id, name, notes)


def _move(problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID) -> EditAction | None:
    workout_id = _id(problems, obj, "workoutID")
    original = _day(problems, obj, "originalScheduledDay")
    destination = _day(problems, obj, "destinationDay")
    if workout_id is None or original is None or destination is None:
        return None
    return MoveOccurrence(workout_id, original, destination)


def _replace(problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID) -> EditAction | None:
    workout_id = _id(problems, obj, "workoutID")
    original = _day(problems, obj, "originalScheduledDay")
    replacement = _id(problems, obj, "replacementWorkoutID")
    if workout_id is None or original is None or replacement is None:
        return None
    return ReplaceOccurrence(workout_id, original, replacement)


def _change_schedule(
    problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID
) -> EditAction | None:
    workout_id = _id(problems, obj, "workoutID")
    effective = _day(problems, obj, "effectiveDay")
    if "schedule" not in obj:
        return None
    before = len(problems)
    raw = obj["schedule"]
    schedule = None if raw is None else parse_schedule(problems, "input.schedule", raw)
    if workout_id is None or effective is None or len(problems) > before:
        return None
    return ChangeSchedule(workout_id, effective, schedule)


def _create_plan(
    problems: Violations, obj: Mapping[str, Any], known: Known, new_id: NewID
) -> EditAction | None:
    if "plan" not in obj:
        return None
    fields = read_object(problems, "input.plan", obj["plan"], "plan", ("name", "notes", "phases"))
    if fields is None:
        return None
    before = len(problems)
    name = (
        read_name(problems, "input.plan.name", fields["name"])
        if require(problems, "input.plan", fields, "name")
        else None
    )
    notes = read_notes(problems, "input.plan.notes", fields["notes"]) if "notes" in fields else ""
    parsed: list[tuple[PhaseDraft | None, _Span | None]] = []
    if require(problems, "input.plan", fields, "phases", "; a plan needs at least one phase"):
        listed = read_list(problems, "input.plan.phases", fields["phases"], 1, MAX_PHASES, "phases")
        parsed = [
            _parse_phase(problems, f"input.plan.phases[{i}]", raw, known, new_id)
            for i, raw in enumerate(listed or ())
        ]
    _check_overlaps(problems, [span for _, span in parsed])
    phases = [phase for phase, _ in parsed]
    if len(problems) > before or name is None or notes is None:
        return None
    return CreatePlan(PlanDraft(name, notes, tuple(p for p in phases if p is not None)))


def _parse_phase(
    problems: Violations, path: str, value: Any, known: Known, new_id: NewID
) -> tuple[PhaseDraft | None, _Span | None]:
    """The phase, and its days even when the rest is wrong (so overlaps are reported too)."""
    allowed = ("name", "startDay", "endDayExclusive", "workouts", "existingWorkoutIDs")
    fields = read_object(problems, path, value, "phase", allowed)
    if fields is None:
        return None, None
    before = len(problems)
    name = (
        read_name(problems, f"{path}.name", fields["name"])
        if require(problems, path, fields, "name")
        else None
    )
    start = (
        read_day(problems, f"{path}.startDay", fields["startDay"])
        if require(problems, path, fields, "startDay")
        else None
    )
    end = (
        read_day(problems, f"{path}.endDayExclusive", fields["endDayExclusive"])
        if require(problems, path, fields, "endDayExclusive", " (the day after the phase's last day)")
        else None
    )
    span = None
    if start is not None and end is not None:
        if end > start:
            span = _Span(start, end)
        else:
            problems.add(
                f"{path}.endDayExclusive",
                f"must be after startDay ({start.isoformat()}); the end day is exclusive (the day after "
                "the last)",
            )
    workouts: list[WorkoutDraft | None] = []
    if "workouts" in fields:
        listed = read_list(
            problems, f"{path}.workouts", fields["workouts"], 0, MAX_RECORDS_PER_WRITE, "workouts"
        )
        workouts = [
            parse_workout(problems, f"{path}.workouts[{i}]", raw, known, new_id)
            for i, raw in enumerate(listed or ())
        ]
    copies: list[str | None] = []
    if "existingWorkoutIDs" in fields:
        where = f"{path}.existingWorkoutIDs"
        listed = read_list(
            problems, where, fields["existingWorkoutIDs"], 0, MAX_RECORDS_PER_WRITE, "workout IDs"
        )
        copies = [read_uuid(problems, f"{where}[{i}]", raw, _READ_IDS) for i, raw in enumerate(listed or ())]
        for i, workout_id in enumerate(copies):
            if workout_id is not None and workout_id in copies[:i]:
                problems.add(f"{where}[{i}]", "is listed twice in this phase; list each workout once")
    if not fields.get("workouts") and not fields.get("existingWorkoutIDs"):
        problems.add(path, "needs at least one workout: send workouts, existingWorkoutIDs, or both")
    if len(problems) > before or name is None or span is None:
        return None, span
    draft = PhaseDraft(
        name,
        span.start,
        span.end,
        tuple(w for w in workouts if w is not None),
        tuple(i for i in copies if i is not None),
    )
    return draft, span


def _check_overlaps(problems: Violations, spans: list[_Span | None]) -> None:
    for j, later in enumerate(spans):
        for i, earlier in enumerate(spans[:j]):
            if earlier is None or later is None:
                continue
            if later.start < earlier.end and earlier.start < later.end:
                problems.add(
                    f"input.plan.phases[{j}].startDay",
                    f"phases[{j}] overlaps phases[{i}] ({earlier.start.isoformat()} to "
                    f"{earlier.end.isoformat()}, end exclusive); phases must not overlap",
                )


def _id(problems: Violations, obj: Mapping[str, Any], key: str) -> str | None:
    return read_uuid(problems, f"input.{key}", obj[key], _READ_IDS) if key in obj else None


def _day(problems: Violations, obj: Mapping[str, Any], key: str) -> date | None:
    return read_day(problems, f"input.{key}", obj[key]) if key in obj else None


_PARSERS: dict[str, Callable[[Violations, Mapping[str, Any], Known, NewID], EditAction | None]] = {
    "createWorkout": _create_workout,
    "updateWorkout": _update_workout,
    "createPlan": _create_plan,
    "updatePlan": _update_plan,
    "moveOccurrence": _move,
    "replaceOccurrence": _replace,
    "changeSchedule": _change_schedule,
}
