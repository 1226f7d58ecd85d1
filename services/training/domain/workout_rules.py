"""Reading and checking a workout from an edit's JSON input: movements, targets, setups, schedules.

The input arrives as a ``google.protobuf.Struct``, so every number is a float: whole-number fields
take ``3.0`` as 3 and refuse ``3.5``; booleans are never numbers; ``null`` means "not sent". Every
problem is collected, with the path of the field to fix, so one round trip shows them all. The rule
tables come from ``kinetic.training_knowledge.rules`` (the same ones the workout guidance publishes); see
docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

import math
import re
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.training_knowledge.formats import LOCAL_DAY
from kinetic.training_knowledge.rules import (
    BLOCK_FORMATS,
    BLOCK_SETTING_MAXIMUMS,
    CONFIGURATION_FIELDS,
    MAX_EXERCISES,
    MAX_INTERVAL_DAYS,
    MAX_NAME_CHARS,
    MAX_NOTES_CHARS,
    SCHEDULE_TYPES,
    TARGETS_BY_NAME,
    TRACKING_MODES,
    UNUSED_SETTING_DEFAULTS,
    WORKOUT_KINDS,
)
from services.training.domain.model import (
    BlockConfiguration,
    CrossFitBlock,
    Schedule,
    Targets,
    WorkoutContent,
    WorkoutExercise,
)

NewID = Callable[[], str]
# Tracking modes of the exercises an input names, by exercise ID (catalog or the account's own).
KnownExercises = Mapping[str, tuple[str, ...]]

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)
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
_MOVEMENT_FIELDS = ("workoutExerciseID", "exerciseID", "trackingMode", "notes", *_TARGET_ATTRIBUTES)
_WORKOUT_FIELDS = ("name", "kind", "notes", "schedule", "exercises", "crossFitBlocks")
_BOTH_LISTS = "send both complete lists, exercises and crossFitBlocks"


def new_uuid() -> str:
    """A fresh random (version 4) ID for a movement, block or record."""
    return str(uuid.uuid4())


class Violations:
    """Every problem found in one input, each with the path of the field to fix."""

    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, path: str, description: str) -> None:
        self.items.append(FieldViolation(path, description))

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        """Raise ``InvalidArgument`` naming every problem, if there is one."""
        if self.items:
            raise invalid(self.items)


def invalid(violations: Sequence[FieldViolation]) -> InvalidArgument:
    """An ``InvalidArgument`` whose message lists each field and what to fix."""
    message = "; ".join(f"{v.field}: {v.description}" for v in violations)
    return InvalidArgument(message, violations=violations)


# --- Plain values ---------------------------------------------------------------------------


def read_object(
    problems: Violations,
    path: str,
    value: Any,
    what: str,
    allowed: Collection[str],
    keep_null: Collection[str] = (),
) -> dict[str, Any] | None:
    """``value`` as an object with only ``allowed`` fields; ``null`` fields count as not sent."""
    if not isinstance(value, Mapping):
        problems.add(path, f"must be an object ({what})")
        return None
    for key in value:
        if key not in allowed:
            problems.add(f"{path}.{key}", f"is not a {what} field; {what} fields are {', '.join(allowed)}")
    return {k: v for k, v in value.items() if k in allowed and (v is not None or k in keep_null)}


def read_int(problems: Violations, path: str, value: Any, low: int, high: int, unit: str = "") -> int | None:
    """A whole number in [low, high]; a float qualifies when it has no fraction (3.0 is 3)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        problems.add(path, f"must be a whole number{_in(unit)}, not {_kind_of(value)}")
        return None
    if isinstance(value, float) and not value.is_integer():
        problems.add(path, f"must be a whole number{_in(unit)}, not {value}")
        return None
    number = int(value)
    if not low <= number <= high:
        problems.add(path, f"must be between {low} and {high}{_in(unit)}, not {number}")
        return None
    return number


def read_number(
    problems: Violations, path: str, value: Any, low: float, high: float, unit: str
) -> float | None:
    """A finite number in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        problems.add(path, f"must be a number{_in(unit)}, not {_kind_of(value)}")
        return None
    if not low <= value <= high:
        problems.add(path, f"must be between {low:g} and {high:g}{_in(unit)}, not {value:g}")
        return None
    return float(value)


def read_name(problems: Violations, path: str, value: Any) -> str | None:
    """A name: text of 1-120 characters once leading and trailing spaces are trimmed."""
    if not isinstance(value, str):
        problems.add(path, f"must be text of 1-{MAX_NAME_CHARS} characters, not {_kind_of(value)}")
        return None
    name = value.strip()
    if not name or len(name) > MAX_NAME_CHARS:
        problems.add(path, f"must be 1-{MAX_NAME_CHARS} characters (after trimming), not {len(name)}")
        return None
    return name


def read_notes(problems: Violations, path: str, value: Any) -> str | None:
    """Free text of at most 4000 characters, kept as sent."""
    if not isinstance(value, str):
        problems.add(path, f"must be text, not {_kind_of(value)}")
        return None
    if len(value) > MAX_NOTES_CHARS:
        problems.add(path, f"must be at most {MAX_NOTES_CHARS} characters, not {len(value)}; shorten it")
        return None
    return value


def read_uuid(problems: Violations, path: str, value: Any, hint: str = "") -> str | None:
    """A UUID in its 8-4-4-4-12 hex form, returned in lower case as stored IDs are."""
    if not isinstance(value, str) or not _UUID.match(value):
        problems.add(path, f"must be a UUID like 3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f{hint}")
        return None
    return value.lower()


def read_day(problems: Violations, path: str, value: Any) -> date | None:
    """A local calendar day written YYYY-MM-DD, and nothing else."""
    if isinstance(value, str) and LOCAL_DAY.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    problems.add(path, f"must be a calendar day written YYYY-MM-DD, not {show_value(value)}")
    return None


def read_list(
    problems: Violations, path: str, value: Any, low: int, high: int, what: str
) -> list[Any] | None:
    """A list of ``low``-``high`` items."""
    if not isinstance(value, list | tuple):
        problems.add(path, f"must be a list of {what}, not {_kind_of(value)}")
        return None
    if not low <= len(value) <= high:
        count = f"at least {low}" if len(value) < low else f"at most {high}"
        problems.add(path, f"must list {count} {what}, not {len(value)}")
        return None
    return list(value)


def read_choice(problems: Violations, path: str, value: Any, choices: Collection[str]) -> str | None:
    """One of ``choices``, spelt exactly."""
    if not isinstance(value, str) or value not in choices:
        problems.add(path, f"must be one of {', '.join(choices)}, not {show_value(value)}")
        return None
    return value


def require(problems: Violations, path: str, obj: Mapping[str, Any], key: str, hint: str = "") -> bool:
    """Whether ``obj`` has ``key``; records "is required" when it does not."""
    if key in obj:
        return True
    problems.add(f"{path}.{key}", f"is required{hint}")
    return False


def _in(unit: str) -> str:
    return f" ({unit})" if unit and unit != "count" else ""


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return f"text {show_value(value)}"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return show_value(value)


def show_value(value: Any) -> str:
    """``value`` as JSON-ish text, cut short, for an error message."""
    text = repr(value) if value is not None else "null"
    return text if len(text) <= 60 else text[:57] + "..."


# --- Schedules ------------------------------------------------------------------------------


def parse_schedule(problems: Violations, path: str, value: Any) -> Schedule | None:
    """``{"type":"weekdays","weekdays":[2,4,6]}`` (1 = Sunday) or ``{"type":"everyNDays",...}``."""
    shape = 'send {"type":"weekdays","weekdays":[2,4,6]} or {"type":"everyNDays","intervalDays":3}'
    if not isinstance(value, Mapping):
        problems.add(path, f"must be an object; {shape}")
        return None
    kind = read_choice(problems, f"{path}.type", value.get("type"), SCHEDULE_TYPES)
    if kind is None:
        return None
    wanted = "weekdays" if kind == "weekdays" else "intervalDays"
    obj = read_object(problems, path, value, f"{kind} schedule", ("type", wanted))
    if obj is None or not require(problems, path, obj, wanted, f"; {shape}"):
        return None
    if kind == "everyNDays":
        days = read_int(problems, f"{path}.intervalDays", obj["intervalDays"], 1, MAX_INTERVAL_DAYS, "days")
        return None if days is None else Schedule(type="everyNDays", interval_days=days)
    listed = read_list(problems, f"{path}.weekdays", obj["weekdays"], 1, 7, "weekdays")
    if listed is None:
        return None
    before = len(problems)
    weekdays = [
        read_int(problems, f"{path}.weekdays[{i}]", d, 1, 7, "1 = Sunday") for i, d in enumerate(listed)
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


def exercise_ids_in(workout: Any) -> list[str]:
    """The catalog exerciseIDs a raw workout names, so they can be looked up in one go."""
    movements = workout.get("exercises") if isinstance(workout, Mapping) else None
    if not isinstance(movements, list):
        return []
    return [
        m["exerciseID"] for m in movements if isinstance(m, Mapping) and isinstance(m.get("exerciseID"), str)
    ]


def parse_workout(
    problems: Violations, path: str, value: Any, known: KnownExercises, new_id: NewID
) -> WorkoutDraft | None:
    """A complete workout, as ``createWorkout`` and a new plan phase's workouts send it."""
    obj = read_object(problems, path, value, "workout", _WORKOUT_FIELDS)
    if obj is None:
        return None
    before = len(problems)
    name = read_name(problems, f"{path}.name", obj["name"]) if require(problems, path, obj, "name") else None
    kind = (
        read_choice(problems, f"{path}.kind", obj["kind"], WORKOUT_KINDS)
        if require(problems, path, obj, "kind")
        else None
    )
    notes = read_notes(problems, f"{path}.notes", obj["notes"]) if "notes" in obj else ""
    schedule = parse_schedule(problems, f"{path}.schedule", obj["schedule"]) if "schedule" in obj else None
    exercises: tuple[WorkoutExercise, ...] = ()
    if require(problems, path, obj, "exercises", "; a workout needs at least one movement"):
        exercises = _parse_movements(problems, f"{path}.exercises", obj["exercises"], known, new_id) or ()
    blocks: tuple[CrossFitBlock, ...] = ()
    if "crossFitBlocks" in obj:
        blocks = _parse_blocks(problems, f"{path}.crossFitBlocks", obj["crossFitBlocks"], new_id) or ()
    if len(problems) > before or name is None or kind is None or notes is None:
        return None
    check_setups(problems, path, exercises, blocks)
    if len(problems) > before:
        return None
    return WorkoutDraft(WorkoutContent(name, kind, notes, exercises, blocks), schedule)


def parse_workout_update(
    problems: Violations, path: str, value: Any, known: KnownExercises, new_id: NewID
) -> WorkoutUpdate | None:
    """The fields of an ``updateWorkout``; every one is optional, but at least one must be sent."""
    obj = read_object(problems, path, value, "workout", _WORKOUT_FIELDS)
    if obj is None:
        return None
    before = len(problems)
    if "schedule" in obj:
        problems.add(
            f"{path}.schedule",
            "cannot change in updateWorkout; use the changeSchedule action with workoutID, effectiveDay "
            "and schedule",
        )
    elif not obj:
        problems.add(
            path, f"must contain at least one of {', '.join(f for f in _WORKOUT_FIELDS if f != 'schedule')}"
        )
    name = read_name(problems, f"{path}.name", obj["name"]) if "name" in obj else None
    kind = read_choice(problems, f"{path}.kind", obj["kind"], WORKOUT_KINDS) if "kind" in obj else None
    notes = read_notes(problems, f"{path}.notes", obj["notes"]) if "notes" in obj else None
    exercises = (
        _parse_movements(problems, f"{path}.exercises", obj["exercises"], known, new_id)
        if "exercises" in obj
        else None
    )
    blocks = (
        _parse_blocks(problems, f"{path}.crossFitBlocks", obj["crossFitBlocks"], new_id)
        if "crossFitBlocks" in obj
        else None
    )
    if len(problems) > before:
        return None
    if exercises is not None and blocks is not None:
        # Both lists are here: check the setups now rather than after loading the saved workout.
        check_setups(problems, path, exercises, blocks)
        if len(problems) > before:
            return None
    return WorkoutUpdate(name, kind, notes, exercises, blocks)


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
    problems: Violations, path: str, value: Any, known: KnownExercises, new_id: NewID
) -> tuple[WorkoutExercise, ...] | None:
    listed = read_list(problems, path, value, 1, MAX_EXERCISES, "movements")
    if listed is None:
        return None
    before = len(problems)
    movements = [
        _parse_movement(problems, f"{path}[{i}]", raw, known, new_id) for i, raw in enumerate(listed)
    ]
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
    problems: Violations, path: str, value: Any, known: KnownExercises, new_id: NewID
) -> WorkoutExercise | None:
    obj = read_object(problems, path, value, "movement", _MOVEMENT_FIELDS)
    if obj is None:
        return None
    before = len(problems)
    instance_id = (
        read_uuid(problems, f"{path}.workoutExerciseID", obj["workoutExerciseID"], "; omit it for a new ID")
        if "workoutExerciseID" in obj
        else new_id()
    )
    exercise_id = obj.get("exerciseID")
    modes: tuple[str, ...] | None = None
    if require(problems, path, obj, "exerciseID", "; pick one from read_training view=exercises"):
        if isinstance(exercise_id, str) and exercise_id in known:
            modes = known[exercise_id]
        else:
            problems.add(
                f"{path}.exerciseID",
                f"{show_value(exercise_id)} is not an exercise in this library; pick one from read_training "
                "view=exercises",
            )
    mode = None
    if require(problems, path, obj, "trackingMode", f"; one of {', '.join(modes or TRACKING_MODES)}"):
        mode = read_choice(problems, f"{path}.trackingMode", obj["trackingMode"], TRACKING_MODES)
    if mode is not None and modes is not None and mode not in modes:
        problems.add(
            f"{path}.trackingMode",
            f"{mode} is not supported by {exercise_id}; it supports {', '.join(modes)}",
        )
    notes = read_notes(problems, f"{path}.notes", obj["notes"]) if "notes" in obj else ""
    targets = _parse_targets(problems, path, obj, mode) if mode is not None else None
    if len(problems) > before or targets is None or instance_id is None or mode is None or notes is None:
        return None
    return WorkoutExercise(str(instance_id), str(exercise_id), mode, targets, notes)


def _parse_targets(problems: Violations, path: str, obj: Mapping[str, Any], mode: str) -> Targets | None:
    rule = TRACKING_MODES[mode]
    takes = set(rule.required) | set(rule.optional)
    before = len(problems)
    for key in rule.required:
        require(problems, path, obj, key, f" for trackingMode {mode}")
    values: dict[str, Any] = {}
    for key, attribute in _TARGET_ATTRIBUTES.items():
        if key not in obj:
            continue
        if key not in takes:
            problems.add(
                f"{path}.{key}",
                f"does not apply to trackingMode {mode}; it takes {', '.join(rule.required + rule.optional)}",
            )
            continue
        spec = TARGETS_BY_NAME[key]
        reader = read_int if spec.type == "integer" else read_number
        values[attribute] = reader(problems, f"{path}.{key}", obj[key], spec.minimum, spec.maximum, spec.unit)
    if len(problems) > before:
        return None
    return Targets(**values)


# --- crossFitBlocks -------------------------------------------------------------------------


def _parse_blocks(
    problems: Violations, path: str, value: Any, new_id: NewID
) -> tuple[CrossFitBlock, ...] | None:
    listed = read_list(problems, path, value, 0, MAX_EXERCISES, "blocks ([] removes all blocks)")
    if listed is None:
        return None
    before = len(problems)
    blocks = [_parse_block(problems, f"{path}[{i}]", raw, new_id) for i, raw in enumerate(listed)]
    first_use: dict[str, int] = {}
    for index, block in enumerate(blocks):
        if block is not None and block.id in first_use:
            problems.add(f"{path}[{index}].id", f"repeats the id of crossFitBlocks[{first_use[block.id]}]")
        if block is not None:
            first_use.setdefault(block.id, index)
    if len(problems) > before:
        return None
    return tuple(b for b in blocks if b is not None)


def _parse_block(problems: Violations, path: str, value: Any, new_id: NewID) -> CrossFitBlock | None:
    obj = read_object(problems, path, value, "block", ("id", "configuration", "exerciseIDs"))
    if obj is None:
        return None
    before = len(problems)
    block_id = (
        read_uuid(problems, f"{path}.id", obj["id"], "; omit it for a new block") if "id" in obj else new_id()
    )
    configuration = None
    if require(problems, path, obj, "configuration", f" with {', '.join(CONFIGURATION_FIELDS)}"):
        configuration = _parse_configuration(problems, f"{path}.configuration", obj["configuration"])
    members: list[str] = []
    hint = "; list the workoutExerciseIDs of the grouped movements"
    if require(problems, path, obj, "exerciseIDs", hint):
        listed = read_list(
            problems, f"{path}.exerciseIDs", obj["exerciseIDs"], 1, MAX_EXERCISES, "workoutExerciseIDs"
        )
        for index, member in enumerate(listed or ()):
            if isinstance(member, str):
                members.append(member.lower() if _UUID.match(member) else member)
            else:
                problems.add(
                    f"{path}.exerciseIDs[{index}]", f"must be a workoutExerciseID, not {_kind_of(member)}"
                )
    if len(problems) > before or block_id is None or configuration is None:
        return None
    return CrossFitBlock(block_id, configuration, tuple(members))


def _parse_configuration(problems: Violations, path: str, value: Any) -> BlockConfiguration | None:
    obj = read_object(problems, path, value, "configuration", CONFIGURATION_FIELDS)
    if obj is None:
        return None
    before = len(problems)
    defaults = ", ".join(f"{k} {v}" for k, v in UNUSED_SETTING_DEFAULTS.items())
    for key in CONFIGURATION_FIELDS:
        require(problems, path, obj, key, f"; send all four fields, and for unused settings {defaults}")
    block_format = (
        read_choice(problems, f"{path}.format", obj["format"], BLOCK_FORMATS) if "format" in obj else None
    )
    settings: dict[str, int] = {}
    for key, default in UNUSED_SETTING_DEFAULTS.items():
        if key not in obj:
            continue
        number = read_int(problems, f"{path}.{key}", obj[key], 1, BLOCK_SETTING_MAXIMUMS[key])
        if number is None:
            continue
        settings[key] = number
        if block_format is not None and key not in BLOCK_FORMATS[block_format] and number != default:
            problems.add(f"{path}.{key}", f"is unused by {block_format}; send {default}")
    if block_format == "emom" and settings.get("intervalSeconds", 0) > settings.get(
        "durationSeconds", 86_400
    ):
        problems.add(
            f"{path}.intervalSeconds",
            f"must fit within durationSeconds ({settings['durationSeconds']}): an EMOM interval cannot "
            "be longer than the whole piece",
        )
    if len(problems) > before or block_format is None:
        return None
    return BlockConfiguration(
        block_format, settings["durationSeconds"], settings["rounds"], settings["intervalSeconds"]
    )


def check_setups(
    problems: Violations,
    path: str,
    exercises: Sequence[WorkoutExercise],
    blocks: Iterable[CrossFitBlock],
) -> None:
    """Blocks group contiguous movements of this workout, in order, each in at most one block.

    Grouped movements rest 0 s and, when tracked in sets, do one set: the block sets the rounds.
    """
    positions = {m.id: i for i, m in enumerate(exercises)}
    grouped: dict[str, int] = {}
    for index, block in enumerate(blocks):
        where = f"{path}.crossFitBlocks[{index}].exerciseIDs"
        before = len(problems)
        indexes: list[int] = []
        for k, member in enumerate(block.exercise_ids):
            if member not in positions:
                problems.add(
                    f"{where}[{k}]",
                    f"{show_value(member)} is not a workoutExerciseID of this workout; blocks list movement "
                    "instance IDs (exercises[].workoutExerciseID), not catalog exerciseIDs",
                )
            elif member in grouped:
                problems.add(
                    f"{where}[{k}]",
                    f"is already in crossFitBlocks[{grouped[member]}]; a movement joins one block at most",
                )
            else:
                grouped[member] = index
                indexes.append(positions[member])
        if len(problems) > before:
            continue
        if indexes != sorted(indexes):
            order = ", ".join(f"exercises[{i}]" for i in sorted(indexes))
            problems.add(where, f"must list the movements in workout order: {order}")
            continue
        gaps = [i for i in range(indexes[0], indexes[-1] + 1) if i not in indexes]
        if gaps:
            problems.add(
                where,
                f"must be contiguous movements: exercises[{gaps[0]}] sits between them; group it too, "
                "or move it out of the run",
            )
        for position in indexes:
            _check_grouped_movement(problems, f"{path}.exercises[{position}]", exercises[position], index)


def _check_grouped_movement(problems: Violations, where: str, movement: WorkoutExercise, block: int) -> None:
    rule = TRACKING_MODES[movement.tracking_mode]
    takes = rule.required + rule.optional
    because = f"in crossFitBlocks[{block}]; the block controls rest and rounds"
    if "restSeconds" in takes and movement.targets.rest_seconds != 0:
        problems.add(f"{where}.restSeconds", f"must be 0 for a movement {because}")
    if movement.tracking_mode == "sets" and movement.targets.target_sets != 1:
        problems.add(f"{where}.targetSets", f"must be 1 for a movement {because}")
