"""Reading and checking a workout from a typed edit input: movements, targets, schedules.

The input is the ``WorkoutInput`` as sent (``edit_input``, read from the typed message of
docs/decisions/0027-typed-training-edits.md): types are guaranteed, and ``None`` tells a field not
sent. What is checked here is what
a type cannot say: required fields, ranges, the targets each tracking mode takes, and how movements
and blocks fit together (``block_rules``). Every problem is collected with the path of the field to
fix. The rule tables come from ``knowledge.training.rules`` (the same ones the workout guidance
publishes); see docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kinetic.errors import FieldViolation
from knowledge.training.rules import (
    MAX_EXERCISES,
    MAX_INTERVAL_DAYS,
    SCHEDULE_TYPES,
    TARGETS_BY_NAME,
    TRACKING_MODES,
    WORKOUT_KINDS,
)
from services.training.domain.block_rules import check_setups, parse_blocks
from services.training.domain.edit_input import MovementInput, ScheduleInput, WorkoutInput
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.endurance_rules import check_endurance
from services.training.domain.input_values import (
    NewID,
    Violations,
    check_count,
    invalid,
    read_choice,
    read_int,
    read_name,
    read_notes,
    read_number,
    read_required_name,
    read_uuid,
    require,
    required,
    show_value,
)
from services.training.domain.model import (
    CrossFitBlock,
    Schedule,
    Targets,
    WorkoutContent,
    WorkoutExercise,
)

# Tracking modes of the exercises an input names, by exercise ID (catalog or the account's own).
KnownExercises = Mapping[str, tuple[str, ...]]

# Seed 000's target names to the attribute MovementInput and model.Targets both use.
_TARGET_ATTRIBUTES: dict[str, str] = {
    "targetSets": "target_sets",
    "targetReps": "target_reps",
    "targetWeightKg": "target_weight_kg",
    "targetDurationSeconds": "target_duration_seconds",
    "targetDistanceMeters": "target_distance_meters",
    "targetCalories": "target_calories",
    "intervalWorkSeconds": "interval_work_seconds",
    "intervalRestSeconds": "interval_rest_seconds",
    "intervalRounds": "interval_rounds",
    "restSeconds": "rest_seconds",
}
# endurance and clearEndurance are left out: Metric does not take them (decision 0056).
_UPDATABLE_FIELDS = ("name", "kind", "notes", "exercises", "crossFitBlocks")
_BOTH_LISTS = "send both complete lists, exercises and crossFitBlocks"
# The fact alone, naming no field: Metric's callers cannot send the endurance part (decisions 0056, 0076).
_NO_MOVEMENTS = "must list at least one movement; only a planned endurance workout may have none"


# --- Schedules ------------------------------------------------------------------------------


def parse_schedule(problems: Violations, path: str, schedule: ScheduleInput) -> Schedule | None:
    """``{"type":"weekdays","weekdays":[2,4,6]}`` (1 = Sunday) or ``{"type":"everyNDays",...}``."""
    shape = 'send {"type":"weekdays","weekdays":[2,4,6]} or {"type":"everyNDays","intervalDays":3}'
    if schedule.type is None:
        problems.add(f"{path}.type", f"must be one of {', '.join(SCHEDULE_TYPES)}, not null")
        return None
    kind = read_choice(problems, f"{path}.type", schedule.type, SCHEDULE_TYPES)
    if kind is None:
        return None
    # Each type takes its own field; the other one is a mistake worth naming.
    wrong = "intervalDays" if kind == "weekdays" and schedule.interval_days is not None else None
    if kind == "everyNDays" and schedule.weekdays:
        wrong = "weekdays"
    wanted = "weekdays" if kind == "weekdays" else "intervalDays"
    if wrong is not None:
        problems.add(
            f"{path}.{wrong}", f"is not a {kind} schedule field; {kind} schedule fields are type, {wanted}"
        )
        return None
    if kind == "everyNDays":
        if not require(problems, path, schedule.interval_days is not None, wanted, f"; {shape}"):
            return None
        assert schedule.interval_days is not None
        days = read_int(
            problems, f"{path}.intervalDays", schedule.interval_days, 1, MAX_INTERVAL_DAYS, "days"
        )
        return None if days is None else Schedule(type="everyNDays", interval_days=days)
    if not check_count(problems, f"{path}.weekdays", schedule.weekdays, 1, 7, "weekdays"):
        return None
    before = len(problems)
    weekdays = [
        read_int(problems, f"{path}.weekdays[{i}]", d, 1, 7, "1 = Sunday")
        for i, d in enumerate(schedule.weekdays)
    ]
    if len(problems) > before:
        return None
    if len(set(weekdays)) != len(weekdays):
        problems.add(f"{path}.weekdays", "must list each weekday once (1 = Sunday ... 7 = Saturday)")
        return None
    return Schedule(type="weekdays", weekdays=tuple(sorted(d for d in weekdays if d is not None)))


# --- Workouts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkoutDraft:
    """A new workout as sent: its content and, optionally, when it recurs."""

    content: WorkoutContent
    schedule: Schedule | None = None


@dataclass(frozen=True)
class WorkoutUpdate:
    """A partial workout update; None means "keep what is saved"."""

    name: str | None = None
    kind: str | None = None
    notes: str | None = None
    exercises: tuple[WorkoutExercise, ...] | None = None
    # None keeps the saved blocks, () removes them all, anything else replaces them.
    cross_fit_blocks: tuple[CrossFitBlock, ...] | None = None
    # None keeps the saved endurance part (unless clear_endurance), anything else replaces it whole.
    endurance: EnduranceTarget | None = None
    clear_endurance: bool = False


def exercise_ids_in(workouts: Iterable[WorkoutInput]) -> set[str]:
    """The catalog exerciseIDs the workouts name, so they can be looked up in one go."""
    return {m.exercise_id for w in workouts for m in w.exercises or () if m.exercise_id is not None}


def parse_workout(
    problems: Violations, path: str, workout: WorkoutInput, known: KnownExercises, new_id: NewID
) -> WorkoutDraft | None:
    """A complete workout, as ``createWorkout`` and a new plan phase's workouts send it."""
    before = len(problems)
    name = read_required_name(problems, path, workout.name is not None, workout.name or "")
    sent_kind = required(problems, path, workout.kind, "kind")
    kind = None if sent_kind is None else read_choice(problems, f"{path}.kind", sent_kind, WORKOUT_KINDS)
    notes = read_notes(problems, f"{path}.notes", workout.notes) if workout.notes is not None else ""
    schedule = (
        parse_schedule(problems, f"{path}.schedule", workout.schedule)
        if workout.schedule is not None
        else None
    )
    if workout.clear_endurance is not None:
        problems.add(f"{path}.clearEndurance", "applies to updateWorkout only; leave endurance out instead")
    endurance = (
        check_endurance(problems, f"{path}.endurance", workout.endurance)
        if workout.endurance is not None
        else None
    )
    exercises: tuple[WorkoutExercise, ...] = ()
    items = workout.exercises
    # A planned endurance workout may have no movements; any other needs at least one (decision 0056).
    if workout.endurance is not None:
        if items is not None:
            exercises = _parse_movements(problems, f"{path}.exercises", items, known, new_id, minimum=0) or ()
    else:
        movements = required(problems, path, items, "exercises", "; a workout needs at least one movement")
        if movements is not None:
            exercises = _parse_movements(problems, f"{path}.exercises", movements, known, new_id) or ()
    blocks: tuple[CrossFitBlock, ...] = ()
    if workout.cross_fit_blocks is not None:
        blocks = parse_blocks(problems, f"{path}.crossFitBlocks", workout.cross_fit_blocks, new_id) or ()
    if len(problems) > before or name is None or kind is None or notes is None:
        return None
    check_setups(problems, path, exercises, blocks)
    if len(problems) > before:
        return None
    return WorkoutDraft(WorkoutContent(name, kind, notes, exercises, blocks, endurance), schedule)


def parse_workout_update(
    problems: Violations, path: str, workout: WorkoutInput, known: KnownExercises, new_id: NewID
) -> WorkoutUpdate | None:
    """The fields of an ``updateWorkout``; every one is optional, but at least one must be sent."""
    before = len(problems)
    if workout.schedule is not None:
        problems.add(
            f"{path}.schedule",
            "cannot change in updateWorkout; use the changeSchedule action with workoutID, effectiveDay "
            "and schedule",
        )
    elif workout.sends_nothing():
        problems.add(path, f"must contain at least one of {', '.join(_UPDATABLE_FIELDS)}")
    name = read_name(problems, f"{path}.name", workout.name) if workout.name is not None else None
    kind = (
        read_choice(problems, f"{path}.kind", workout.kind, WORKOUT_KINDS)
        if workout.kind is not None
        else None
    )
    notes = read_notes(problems, f"{path}.notes", workout.notes) if workout.notes is not None else None
    # An empty list is checked against the saved endurance part in merge_update.
    exercises = (
        _parse_movements(problems, f"{path}.exercises", workout.exercises, known, new_id, minimum=0)
        if workout.exercises is not None
        else None
    )
    endurance = (
        check_endurance(problems, f"{path}.endurance", workout.endurance)
        if workout.endurance is not None
        else None
    )
    clear_endurance = bool(workout.clear_endurance)
    if clear_endurance and workout.endurance is not None:
        problems.add(f"{path}.clearEndurance", "cannot be sent with endurance; send one of them")
    blocks = (
        parse_blocks(problems, f"{path}.crossFitBlocks", workout.cross_fit_blocks, new_id)
        if workout.cross_fit_blocks is not None
        else None
    )
    if len(problems) > before:
        return None
    if exercises is not None and blocks is not None:
        # Both lists are here: check the setups now rather than after loading the saved workout.
        check_setups(problems, path, exercises, blocks)
        if len(problems) > before:
            return None
    return WorkoutUpdate(name, kind, notes, exercises, blocks, endurance, clear_endurance)


def merge_update(existing: WorkoutContent, update: WorkoutUpdate, path: str) -> WorkoutContent:
    """The saved workout with ``update`` applied; raises ``InvalidArgument`` if the result breaks a rule.

    Only the lists sent replace saved ones, so new movements may leave saved blocks pointing at
    movements that are gone, or saved movements may not fit new blocks: the error then says to
    send both complete lists.
    """
    merged = WorkoutContent(
        name=existing.name if update.name is None else update.name,
        kind=existing.kind if update.kind is None else update.kind,  # crossFit stays crossFit
        notes=existing.notes if update.notes is None else update.notes,
        exercises=existing.exercises if update.exercises is None else update.exercises,
        cross_fit_blocks=existing.cross_fit_blocks
        if update.cross_fit_blocks is None
        else update.cross_fit_blocks,
        endurance=None if update.clear_endurance else update.endurance or existing.endurance,
    )
    if merged.endurance is None and not merged.exercises:
        if update.exercises is not None:
            raise invalid([FieldViolation(f"{path}.exercises", _NO_MOVEMENTS)])
        raise invalid(
            [
                FieldViolation(
                    f"{path}.clearEndurance",
                    "would leave the workout without movements; send its exercises too",
                )
            ]
        )
    if update.exercises is None and update.cross_fit_blocks is None:
        return merged
    found = Violations()
    check_setups(found, "", merged.exercises, merged.cross_fit_blocks)
    if not found:
        return merged
    saved = {
        "exercises": update.exercises is None,
        "crossFitBlocks": update.cross_fit_blocks is None,
    }
    problems = Violations()
    for violation in found.items:
        relative = violation.field.removeprefix(".")
        root = relative.split("[", 1)[0].split(".", 1)[0]
        if saved.get(root, False):
            problems.add(f"{path}.{root}", f"the saved {relative} {violation.description}; {_BOTH_LISTS}")
        else:
            problems.add(f"{path}.{relative}", f"{violation.description}; {_BOTH_LISTS}")
    raise invalid(problems.items)


def _parse_movements(
    problems: Violations,
    path: str,
    sent: Sequence[MovementInput],
    known: KnownExercises,
    new_id: NewID,
    *,
    minimum: int = 1,
) -> tuple[WorkoutExercise, ...] | None:
    if not check_count(problems, path, sent, minimum, MAX_EXERCISES, "movements"):
        return None
    before = len(problems)
    movements = [_parse_movement(problems, f"{path}[{i}]", raw, known, new_id) for i, raw in enumerate(sent)]
    first_use: dict[str, int] = {}
    for index, movement in enumerate(movements):
        if movement is None:
            continue
        if movement.id in first_use:
            problems.add(
                f"{path}[{index}].workoutExerciseID",
                f"repeats {path.rsplit('.', 1)[-1]}[{first_use[movement.id]}].workoutExerciseID; "
                "each movement needs its own ID",
            )
        first_use.setdefault(movement.id, index)
    if len(problems) > before:
        return None
    return tuple(m for m in movements if m is not None)


def _parse_movement(
    problems: Violations,
    path: str,
    movement: MovementInput,
    known: KnownExercises,
    new_id: NewID,
) -> WorkoutExercise | None:
    before = len(problems)
    instance_id = (
        read_uuid(
            problems, f"{path}.workoutExerciseID", movement.workout_exercise_id, "; omit it for a new ID"
        )
        if movement.workout_exercise_id is not None
        else new_id()
    )
    exercise_id = movement.exercise_id or ""
    modes: tuple[str, ...] | None = None
    hint = "; pick one from read_training view=exercises"
    if require(problems, path, movement.exercise_id is not None, "exerciseID", hint):
        if exercise_id in known:
            modes = known[exercise_id]
        else:
            problems.add(
                f"{path}.exerciseID",
                f"{show_value(exercise_id)} is not an exercise in this library; pick one from read_training "
                "view=exercises",
            )
    mode = None
    hint = f"; one of {', '.join(modes or TRACKING_MODES)}"
    sent_mode = required(problems, path, movement.tracking_mode, "trackingMode", hint)
    if sent_mode is not None:
        mode = read_choice(problems, f"{path}.trackingMode", sent_mode, TRACKING_MODES)
    if mode is not None and modes is not None and mode not in modes:
        problems.add(
            f"{path}.trackingMode",
            f"{mode} is not supported by {exercise_id}; it supports {', '.join(modes)}",
        )
    notes = read_notes(problems, f"{path}.notes", movement.notes) if movement.notes is not None else ""
    targets = _parse_targets(problems, path, movement, mode) if mode is not None else None
    if len(problems) > before or targets is None or instance_id is None or mode is None or notes is None:
        return None
    return WorkoutExercise(instance_id, exercise_id, mode, targets, notes)


def _parse_targets(problems: Violations, path: str, movement: MovementInput, mode: str) -> Targets | None:
    rule = TRACKING_MODES[mode]
    takes = set(rule.required) | set(rule.optional)
    before = len(problems)
    sent = {key for key, attribute in _TARGET_ATTRIBUTES.items() if getattr(movement, attribute) is not None}
    for key in rule.required:
        require(problems, path, key in sent, key, f" for trackingMode {mode}")
    values: dict[str, Any] = {}
    for key, attribute in _TARGET_ATTRIBUTES.items():
        if key not in sent:
            continue
        if key not in takes:
            problems.add(
                f"{path}.{key}",
                f"does not apply to trackingMode {mode}; it takes {', '.join(rule.required + rule.optional)}",
            )
            continue
        spec = TARGETS_BY_NAME[key]
        value = getattr(movement, attribute)
        if spec.type == "integer":
            values[attribute] = read_int(
                problems, f"{path}.{key}", value, spec.minimum, spec.maximum, spec.unit
            )
        else:
            values[attribute] = read_number(
                problems, f"{path}.{key}", value, spec.minimum, spec.maximum, spec.unit
            )
    if len(problems) > before:
        return None
    return Targets(**values)
