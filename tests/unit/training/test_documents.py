"""The edit input rules, fed typed inputs: seed 000's examples and the guidance example pass, every rule
names its field. Inputs are written as seed 000's JSON and converted as the edge converts them
(``kinetic.training_edit_json``), or built field by field."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable, Collection
from datetime import date
from typing import Any

import pytest

from edge.profiles.metric.guidance import EXAMPLE as GUIDANCE_EXAMPLE
from edge.profiles.metric.guidance import PLAN_EXAMPLE as GUIDANCE_PLAN_EXAMPLE
from kinetic.errors import InvalidArgument
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from knowledge.training import rules
from services.training.domain import documents, model
from services.training.domain.catalog import load_catalog
from services.training.domain.edit_input import action_name
from services.training.domain.model import (
    BlockConfiguration,
    CrossFitBlock,
    Schedule,
    Targets,
    WorkoutContent,
    WorkoutExercise,
)
from services.training.entrypoints.edit_input_pb import edit_input_from_pb

# Tracking modes by exercise ID, from the shipped catalog (data, standing in for the account's library).
CATALOG_MODES = {e.exercise_id: e.tracking_modes for e in load_catalog()}
WORKOUT_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
A, B, C, D = (str(uuid.UUID(int=n, version=4)) for n in (1, 2, 3, 4))


class Lookup:
    """The ``exercise_modes`` callable, remembering what it was asked."""

    def __init__(self) -> None:
        self.calls: list[set[str]] = []

    def __call__(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        self.calls.append(set(ids))
        return {i: CATALOG_MODES[i] for i in ids if i in CATALOG_MODES}


def parse(raw: dict[str, Any]) -> documents.EditAction:
    return documents.parse_edit_input(edit_input_from_pb(edit_input_from_json(raw)), Lookup())


def violations(raw: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as caught:
        parse(raw)
    found = {v.field: v.description for v in caught.value.violations}
    assert caught.value.message == "; ".join(f"{f}: {d}" for f, d in found.items())
    return found


def squat(**fields: Any) -> dict[str, Any]:
    movement: dict[str, Any] = {
        "exerciseID": "barbell-back-squat",
        "trackingMode": "sets",
        "targetSets": 3,
        "targetReps": 8,
        "restSeconds": 90,
    }
    return {**movement, **fields}


def create(*movements: dict[str, Any], **workout: Any) -> dict[str, Any]:
    body = {"name": "Strength A", "kind": "fullBody", "exercises": list(movements or [squat()])}
    return {"action": "createWorkout", "workout": {**body, **workout}}


def superset_input() -> dict[str, Any]:
    """Squat, then press and row grouped as a 3-round superset, then a row finisher."""
    return create(
        squat(workoutExerciseID=A),
        squat(workoutExerciseID=B, exerciseID="dumbbell-bench-press", targetSets=1, restSeconds=0),
        squat(workoutExerciseID=C, exerciseID="one-arm-dumbbell-row", targetSets=1, restSeconds=0),
        {
            "workoutExerciseID": D,
            "exerciseID": "rowing-machine",
            "trackingMode": "calories",
            "targetCalories": 20,
        },
        crossFitBlocks=[
            {
                "configuration": {
                    "format": "superset",
                    "durationSeconds": 1200,
                    "rounds": 3,
                    "intervalSeconds": 60,
                },
                "exerciseIDs": [B, C],
            }
        ],
    )


def is_uuid4(value: str) -> bool:
    return uuid.UUID(value).version == 4 and str(uuid.UUID(value)) == value


# --- The published examples ------------------------------------------------------------------


def test_seed_minimal_create_example_is_accepted() -> None:
    raw = {
        "action": "createWorkout",
        "workout": {
            "name": "Strength A",
            "kind": "fullBody",
            "schedule": {"type": "weekdays", "weekdays": [2, 4, 6]},
            "exercises": [
                {
                    "exerciseID": "barbell-back-squat",
                    "trackingMode": "sets",
                    "targetSets": 3,
                    "targetReps": 8,
                    "restSeconds": 90,
                }
            ],
        },
    }
    action = parse(raw)
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.schedule == Schedule(type="weekdays", weekdays=(2, 4, 6))
    content = action.workout.content
    assert (content.name, content.kind, content.notes, content.cross_fit_blocks) == (
        "Strength A",
        "fullBody",
        "",
        (),
    )
    (movement,) = content.exercises
    assert is_uuid4(movement.id)
    assert movement.exercise_id == "barbell-back-squat"
    assert movement.tracking_mode == "sets"
    assert movement.targets == Targets(target_sets=3, target_reps=8, rest_seconds=90)
    assert documents.count_records(action) == 1


def test_seed_move_example_is_accepted() -> None:
    action = parse(
        {
            "action": "moveOccurrence",
            "workoutID": WORKOUT_ID,
            "originalScheduledDay": "2026-09-25",
            "destinationDay": "2026-09-27",
        }
    )
    assert action == documents.MoveOccurrence(WORKOUT_ID, date(2026, 9, 25), date(2026, 9, 27))


def test_the_guidance_example_is_accepted_as_is() -> None:
    lookup = Lookup()
    example = edit_input_from_pb(edit_input_from_json(copy.deepcopy(GUIDANCE_EXAMPLE)))
    action = documents.parse_edit_input(example, lookup)
    assert isinstance(action, documents.CreateWorkout)
    sent = GUIDANCE_EXAMPLE["workout"]
    content = action.workout.content
    assert [m.id for m in content.exercises] == [m["workoutExerciseID"] for m in sent["exercises"]]
    assert [m.notes for m in content.exercises] == [m["notes"] for m in sent["exercises"]]
    assert content.exercises[2].targets.target_weight_kg == 22.5
    assert content.exercises[4].targets == Targets(
        interval_work_seconds=30, interval_rest_seconds=30, interval_rounds=8
    )
    (block,) = content.cross_fit_blocks
    assert is_uuid4(block.id)
    assert block.configuration == BlockConfiguration("superset", 1200, 3, 60)
    assert list(block.exercise_ids) == sent["crossFitBlocks"][0]["exerciseIDs"]
    assert lookup.calls == [{m["exerciseID"] for m in sent["exercises"]}]  # one lookup for all


def test_the_guidance_plan_example_is_accepted_as_is() -> None:
    example = edit_input_from_pb(edit_input_from_json(copy.deepcopy(GUIDANCE_PLAN_EXAMPLE)))
    action = documents.parse_edit_input(example, Lookup())
    assert isinstance(action, documents.CreatePlan)
    build, deload = action.plan.phases
    assert (build.start_day, build.end_day_exclusive, deload.end_day_exclusive) == (
        date(2027, 1, 4),
        date(2027, 1, 25),
        date(2027, 2, 1),
    )
    assert build.end_day_exclusive == deload.start_day, "the phases follow each other"
    assert [len(phase.workouts) for phase in action.plan.phases] == [2, 1]


def test_the_validator_and_the_guidance_share_one_rule_table() -> None:
    assert model.WORKOUT_KINDS == rules.WORKOUT_KINDS
    for name, mode in rules.TRACKING_MODES.items():
        assert set(mode.required) | set(mode.optional) <= {*rules.TARGETS_BY_NAME, "notes"}, name


# --- JSON types: refused while converting to the typed input (kinetic.training_edit_json) ------


def test_whole_floats_count_as_integers() -> None:
    raw = superset_input()
    workout = raw["workout"]
    workout["exercises"][0].update(targetSets=3.0, targetReps=8.0, targetWeightKg=80.0, restSeconds=90.0)
    workout["crossFitBlocks"][0]["configuration"].update(rounds=3.0, durationSeconds=1200.0)
    workout["schedule"] = {"type": "everyNDays", "intervalDays": 3.0}
    action = parse(raw)
    assert isinstance(action, documents.CreateWorkout)
    targets = action.workout.content.exercises[0].targets
    assert targets == Targets(target_sets=3, target_reps=8, target_weight_kg=80.0, rest_seconds=90)
    assert type(targets.target_sets) is int and type(targets.rest_seconds) is int
    assert action.workout.content.cross_fit_blocks[0].configuration.rounds == 3
    assert action.workout.schedule == Schedule(type="everyNDays", interval_days=3)


def test_fractions_are_refused_where_a_whole_number_is_required() -> None:
    found = violations(create(squat(targetReps=3.5)))
    assert found == {"input.workout.exercises[0].targetReps": "must be a whole number, not 3.5"}


@pytest.mark.parametrize(
    ("field", "value"),
    [("targetSets", True), ("targetWeightKg", False), ("restSeconds", "90"), ("targetReps", None)],
)
def test_booleans_and_text_are_never_numbers(field: str, value: Any) -> None:
    found = violations(create(squat(**{field: value})))
    path = f"input.workout.exercises[0].{field}"
    assert path in found
    if value is None:  # null is "not sent", and targetReps is required
        assert found[path] == "is required for trackingMode sets"
    else:
        assert "must be a" in found[path] and "number" in found[path]


def test_boolean_weekdays_are_refused() -> None:
    found = violations(create(schedule={"type": "weekdays", "weekdays": [True, 3]}))
    assert "input.workout.schedule.weekdays[0]" in found


# --- Unknown fields ------------------------------------------------------------------------


def test_unknown_fields_are_named_at_every_level() -> None:
    raw = superset_input()
    raw["extra"] = 1
    raw["workout"]["difficulty"] = "hard"
    raw["workout"]["exercises"][0]["tempo"] = "3-1-1"
    raw["workout"]["crossFitBlocks"][0]["name"] = "A"
    raw["workout"]["crossFitBlocks"][0]["configuration"]["roundRestSeconds"] = 60
    found = violations(raw)
    assert set(found) == {
        "input.extra",
        "input.workout.difficulty",
        "input.workout.exercises[0].tempo",
        "input.workout.crossFitBlocks[0].name",
        "input.workout.crossFitBlocks[0].configuration.roundRestSeconds",
    }
    assert "is not a createWorkout field" in found["input.extra"]
    assert (
        "is not a configuration field"
        in found["input.workout.crossFitBlocks[0].configuration.roundRestSeconds"]
    )


def test_a_target_of_another_mode_is_named() -> None:
    erg = {
        "exerciseID": "rowing-machine",
        "trackingMode": "intervals",
        "intervalWorkSeconds": 30,
        "intervalRestSeconds": 30,
        "intervalRounds": 8,
        "targetReps": 10,
    }
    found = violations(create(erg))
    assert found["input.workout.exercises[0].targetReps"].startswith(
        "does not apply to trackingMode intervals"
    )


def test_missing_or_unknown_action() -> None:
    assert "is required" in violations({"workout": {}})["input.action"]
    assert "'deleteEverything' is not an action" in violations({"action": "deleteEverything"})["input.action"]
    # An unknown field is a JSON problem, found while converting to the typed input; the missing
    # fields are the domain's, found once the input converts (decision 0027).
    unknown = violations({"action": "moveOccurrence", "workoutID": WORKOUT_ID, "day": "2026-09-25"})
    assert set(unknown) == {"input.day"}
    found = violations({"action": "moveOccurrence", "workoutID": WORKOUT_ID})
    assert set(found) == {"input.originalScheduledDay", "input.destinationDay"}


def test_a_typed_input_without_an_action_is_refused() -> None:
    with pytest.raises(InvalidArgument) as caught:
        documents.parse_edit_input(edit_input_from_pb(training_pb2.EditInput()), Lookup())
    assert [v.field for v in caught.value.violations] == ["input.action"]


def test_a_typed_input_built_field_by_field() -> None:
    movement = training_pb2.MovementInput(
        exercise_id="barbell-back-squat", tracking_mode="sets", target_sets=3, target_reps=8
    )
    workout = training_pb2.WorkoutInput(
        name="  Strength A ",
        kind="legs",
        exercises=training_pb2.MovementList(items=[movement]),
        schedule=training_pb2.ScheduleInput(type="everyNDays", interval_days=2),
    )
    edit = training_pb2.EditInput(create_workout=training_pb2.CreateWorkoutAction(workout=workout))
    action = documents.parse_edit_input(edit_input_from_pb(edit), Lookup(), new_id=lambda: A)
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.content.name == "Strength A"
    assert action.workout.content.exercises == (
        WorkoutExercise(A, "barbell-back-squat", "sets", Targets(target_sets=3, target_reps=8)),
    )
    assert action.workout.schedule == Schedule(type="everyNDays", interval_days=2)
    assert action_name(edit_input_from_pb(edit)) == "createWorkout"


# --- One violation per rule -------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    def mutate(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = raw["workout"]
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value

    return mutate


def _drop(path: str) -> Mutation:
    def mutate(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = raw["workout"]
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        del node[last]

    return mutate


_CONFIG = "crossFitBlocks.0.configuration"
RULES: list[tuple[str, Mutation, str, str]] = [
    ("blank name", _set("name", "   "), "input.workout.name", "1-120 characters"),
    ("long name", _set("name", "x" * 121), "input.workout.name", "1-120 characters"),
    ("unknown kind", _set("kind", "legDay"), "input.workout.kind", "must be one of custom, push"),
    ("long notes", _set("notes", "x" * 4001), "input.workout.notes", "at most 4000"),
    ("no movements", _set("exercises", []), "input.workout.exercises", "at least 1"),
    ("41 movements", _set("exercises", [squat()] * 41), "input.workout.exercises", "at most 40"),
    ("no exercises", _drop("exercises"), "input.workout.exercises", "is required"),
    ("missing reps", _drop("exercises.0.targetReps"), "input.workout.exercises[0].targetReps", "is required"),
    (
        "51 sets",
        _set("exercises.0.targetSets", 51),
        "input.workout.exercises[0].targetSets",
        "between 1 and 50",
    ),
    (
        "0 reps",
        _set("exercises.0.targetReps", 0),
        "input.workout.exercises[0].targetReps",
        "between 1 and 1000",
    ),
    (
        "heavy",
        _set("exercises.0.targetWeightKg", 1000.5),
        "input.workout.exercises[0].targetWeightKg",
        "0 and 1000",
    ),
    (
        "long rest",
        _set("exercises.0.restSeconds", 3601),
        "input.workout.exercises[0].restSeconds",
        "0 and 3600",
    ),
    (
        "cals",
        _set("exercises.3.targetCalories", 10_001),
        "input.workout.exercises[3].targetCalories",
        "1 and 10000",
    ),
    (
        "bad instance ID",
        _set("exercises.0.workoutExerciseID", "m1"),
        "input.workout.exercises[0].workoutExerciseID",
        "UUID",
    ),
    (
        "twice the same ID",
        _set("exercises.3.workoutExerciseID", A),
        "input.workout.exercises[3].workoutExerciseID",
        "repeats exercises[0]",
    ),
    (
        "unknown exercise",
        _set("exercises.0.exerciseID", "moon-squat"),
        "input.workout.exercises[0].exerciseID",
        "read_training view=exercises",
    ),
    (
        "unsupported mode",
        _set("exercises.0.trackingMode", "duration"),
        "input.workout.exercises[0].trackingMode",
        "it supports sets",
    ),
    (
        "no such mode",
        _set("exercises.0.trackingMode", "reps"),
        "input.workout.exercises[0].trackingMode",
        "must be one of sets",
    ),
    (
        "weekday 0",
        _set("schedule", {"type": "weekdays", "weekdays": [0, 3]}),
        "input.workout.schedule.weekdays[0]",
        "between 1 and 7",
    ),
    (
        "weekday twice",
        _set("schedule", {"type": "weekdays", "weekdays": [2, 2]}),
        "input.workout.schedule.weekdays",
        "each weekday once",
    ),
    (
        "no weekdays",
        _set("schedule", {"type": "weekdays", "weekdays": []}),
        "input.workout.schedule.weekdays",
        "at least 1",
    ),
    (
        "366 days",
        _set("schedule", {"type": "everyNDays", "intervalDays": 366}),
        "input.workout.schedule.intervalDays",
        "between 1 and 365",
    ),
    (
        "mixed schedule",
        _set("schedule", {"type": "everyNDays", "intervalDays": 2, "weekdays": [1]}),
        "input.workout.schedule.weekdays",
        "not a everyNDays schedule field",
    ),
    (
        "schedule type",
        _set("schedule", {"type": "monthly"}),
        "input.workout.schedule.type",
        "weekdays, everyNDays",
    ),
    (
        "missing format",
        _drop(f"{_CONFIG}.format"),
        f"input.workout.{_CONFIG.replace('.0.', '[0].')}.format",
        "send all four fields",
    ),
    (
        "missing rounds",
        _drop(f"{_CONFIG}.rounds"),
        "input.workout.crossFitBlocks[0].configuration.rounds",
        "send all four fields",
    ),
    (
        "unknown format",
        _set(f"{_CONFIG}.format", "tabata"),
        "input.workout.crossFitBlocks[0].configuration.format",
        "superset, circuit, emom",
    ),
    (
        "unused setting",
        _set(f"{_CONFIG}.intervalSeconds", 30),
        "input.workout.crossFitBlocks[0].configuration.intervalSeconds",
        "unused by superset; send 60",
    ),
    (
        "unused duration",
        _set(f"{_CONFIG}.durationSeconds", 600),
        "input.workout.crossFitBlocks[0].configuration.durationSeconds",
        "unused by superset; send 1200",
    ),
    (
        "zero rounds",
        _set(f"{_CONFIG}.rounds", 0),
        "input.workout.crossFitBlocks[0].configuration.rounds",
        "between 1 and 200",
    ),
    ("bad block id", _set("crossFitBlocks.0.id", "superset-1"), "input.workout.crossFitBlocks[0].id", "UUID"),
    (
        "catalog ID in a block",
        _set("crossFitBlocks.0.exerciseIDs", [B, "one-arm-dumbbell-row"]),
        "input.workout.crossFitBlocks[0].exerciseIDs[1]",
        "not catalog exerciseIDs",
    ),
    (
        "empty block",
        _set("crossFitBlocks.0.exerciseIDs", []),
        "input.workout.crossFitBlocks[0].exerciseIDs",
        "at least 1",
    ),
    (
        "out of order",
        _set("crossFitBlocks.0.exerciseIDs", [C, B]),
        "input.workout.crossFitBlocks[0].exerciseIDs",
        "workout order",
    ),
    (
        "rest in a block",
        _set("exercises.2.restSeconds", 60),
        "input.workout.exercises[2].restSeconds",
        "must be 0",
    ),
    (
        "rest omitted in a block",
        _drop("exercises.2.restSeconds"),
        "input.workout.exercises[2].restSeconds",
        "must be 0",
    ),
    (
        "sets in a block",
        _set("exercises.1.targetSets", 3),
        "input.workout.exercises[1].targetSets",
        "must be 1",
    ),
]


@pytest.mark.parametrize(("mutate", "path", "phrase"), [r[1:] for r in RULES], ids=[r[0] for r in RULES])
def test_each_rule_names_its_field(mutate: Mutation, path: str, phrase: str) -> None:
    raw = superset_input()
    mutate(raw)
    found = violations(raw)
    assert path in found, found
    assert phrase in found[path]


def test_a_group_with_a_gap_is_not_contiguous() -> None:
    raw = superset_input()
    raw["workout"]["exercises"][0].update(targetSets=1, restSeconds=0)
    raw["workout"]["crossFitBlocks"][0]["exerciseIDs"] = [A, C]
    found = violations(raw)
    assert found == {
        "input.workout.crossFitBlocks[0].exerciseIDs": (
            "must be contiguous movements: exercises[1] sits between them; group it too, "
            "or move it out of the run"
        )
    }


def test_a_movement_in_two_blocks_is_refused() -> None:
    raw = superset_input()
    blocks = raw["workout"]["crossFitBlocks"]
    blocks.append({**copy.deepcopy(blocks[0]), "exerciseIDs": [C]})
    found = violations(raw)
    assert "is already in crossFitBlocks[0]" in found["input.workout.crossFitBlocks[1].exerciseIDs[0]"]


def test_block_ids_are_unique_and_kept() -> None:
    raw = superset_input()
    blocks = raw["workout"]["crossFitBlocks"]
    blocks[0]["id"] = D.upper()
    action = parse(copy.deepcopy(raw))
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.content.cross_fit_blocks[0].id == D  # stored IDs are lower case
    blocks.append({**copy.deepcopy(blocks[0]), "exerciseIDs": [D]})
    assert "repeats the id" in violations(raw)["input.workout.crossFitBlocks[1].id"]


def test_emom_interval_must_fit_in_the_duration() -> None:
    raw = superset_input()
    raw["workout"]["crossFitBlocks"][0]["configuration"] = {
        "format": "emom",
        "durationSeconds": 60,
        "rounds": 5,
        "intervalSeconds": 90,
    }
    found = violations(raw)
    assert (
        "must fit within durationSeconds (60)"
        in found["input.workout.crossFitBlocks[0].configuration.intervalSeconds"]
    )
    raw["workout"]["crossFitBlocks"][0]["configuration"]["durationSeconds"] = 600
    assert isinstance(parse(raw), documents.CreateWorkout)


def test_every_problem_is_reported_at_once() -> None:
    raw = create(
        squat(targetSets=0), squat(exerciseID="nope"), name="", kind="x", schedule={"type": "weekdays"}
    )
    found = violations(raw)
    assert set(found) == {
        "input.workout.name",
        "input.workout.kind",
        "input.workout.schedule.weekdays",
        "input.workout.exercises[0].targetSets",
        "input.workout.exercises[1].exerciseID",
    }


def test_each_mode_takes_its_own_targets() -> None:
    movements: list[dict[str, Any]] = [
        {
            "exerciseID": "farmers-carry",
            "trackingMode": "duration",
            "targetDurationSeconds": 45,
            "targetWeightKg": 32,
        },
        {"exerciseID": "farmers-carry", "trackingMode": "distance", "targetDistanceMeters": 40.5},
        {
            "exerciseID": "air-bike",
            "trackingMode": "calories",
            "targetCalories": 15,
            "targetDurationSeconds": 90,
        },
        {"exerciseID": "general-warm-up", "trackingMode": "checkOff"},
    ]
    action = parse(create(*movements))
    assert isinstance(action, documents.CreateWorkout)
    assert [m.targets for m in action.workout.content.exercises] == [
        Targets(target_duration_seconds=45, target_weight_kg=32.0),
        Targets(target_distance_meters=40.5),
        Targets(target_calories=15, target_duration_seconds=90),
        Targets(),
    ]
    movements[0]["targetDurationSeconds"] = 86_401
    movements[1]["targetDistanceMeters"] = -1
    found = violations(create(*movements))
    assert "between 1 and 86400 (seconds)" in found["input.workout.exercises[0].targetDurationSeconds"]
    assert "between 0 and 1e+06 (meters)" in found["input.workout.exercises[1].targetDistanceMeters"]


# --- updateWorkout --------------------------------------------------------------------------


def saved_content() -> WorkoutContent:
    action = parse(superset_input())
    assert isinstance(action, documents.CreateWorkout)
    return WorkoutContent(**{**action.workout.content.__dict__, "kind": "crossFit", "notes": "saved"})


def update(**workout: Any) -> documents.UpdateWorkout:
    action = parse({"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": workout})
    assert isinstance(action, documents.UpdateWorkout)
    assert action.workout_id == WORKOUT_ID
    return action


def movements_as_sent(content: WorkoutContent) -> list[dict[str, Any]]:
    raw = superset_input()["workout"]["exercises"]
    return [{**m, "workoutExerciseID": saved.id} for m, saved in zip(raw, content.exercises, strict=True)]


def test_a_partial_update_keeps_everything_else() -> None:
    saved = saved_content()
    merged = documents.merge_workout_update(saved, update(name="  Strength B  ", notes=""))
    assert merged == WorkoutContent("Strength B", "crossFit", "", saved.exercises, saved.cross_fit_blocks)


def test_an_update_must_change_something_and_not_the_schedule() -> None:
    assert (
        "at least one of"
        in violations({"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": {}})["input.workout"]
    )
    found = violations(
        {"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": {"schedule": {"type": "everyNDays"}}}
    )
    assert "changeSchedule" in found["input.workout.schedule"]
    found = violations({"action": "updateWorkout", "workoutID": "42", "workout": {"name": "B"}})
    assert "UUID" in found["input.workoutID"]


def test_omitted_blocks_are_kept_and_movements_keep_identity() -> None:
    saved = saved_content()
    sent = movements_as_sent(saved)
    new = squat(exerciseID="romanian-deadlift")
    merged = documents.merge_workout_update(saved, update(exercises=[*sent, new]))
    assert merged.cross_fit_blocks == saved.cross_fit_blocks
    assert merged.exercises[:4] == saved.exercises
    assert is_uuid4(merged.exercises[4].id) and merged.exercises[4].id not in {m.id for m in saved.exercises}


def test_empty_blocks_remove_them_and_crossfit_stays_crossfit() -> None:
    saved = saved_content()
    merged = documents.merge_workout_update(saved, update(crossFitBlocks=[]))
    assert merged.cross_fit_blocks == ()
    assert merged.kind == "crossFit"
    assert merged.exercises == saved.exercises


def test_a_block_list_replaces_the_saved_blocks() -> None:
    saved = saved_content()
    circuit = {
        "id": saved.cross_fit_blocks[0].id,
        "configuration": {"format": "circuit", "durationSeconds": 1200, "rounds": 4, "intervalSeconds": 60},
        "exerciseIDs": [B, C],
    }
    merged = documents.merge_workout_update(saved, update(crossFitBlocks=[circuit]))
    assert merged.cross_fit_blocks == (
        CrossFitBlock(saved.cross_fit_blocks[0].id, BlockConfiguration("circuit", 1200, 4, 60), (B, C)),
    )


def test_new_blocks_are_checked_against_the_saved_movements() -> None:
    saved = saved_content()
    block = {
        "configuration": {"format": "amrap", "durationSeconds": 600, "rounds": 5, "intervalSeconds": 60},
        "exerciseIDs": [A, B],
    }
    action = update(crossFitBlocks=[block])
    with pytest.raises(InvalidArgument) as caught:
        documents.merge_workout_update(saved, action)
    found = [(v.field, v.description) for v in caught.value.violations]
    assert [field for field, _ in found] == ["input.workout.exercises", "input.workout.exercises"]
    assert found[0][1].startswith("the saved exercises[0].restSeconds must be 0")
    assert found[1][1].startswith("the saved exercises[0].targetSets must be 1")
    assert all(d.endswith("send both complete lists, exercises and crossFitBlocks") for _, d in found)


def test_removing_grouped_movements_without_the_blocks_asks_for_both_lists() -> None:
    saved = saved_content()
    action = update(exercises=[squat(workoutExerciseID=A)])
    with pytest.raises(InvalidArgument) as caught:
        documents.merge_workout_update(saved, action)
    (field,) = {v.field for v in caught.value.violations}
    assert field == "input.workout.crossFitBlocks"
    assert "the saved crossFitBlocks[0].exerciseIDs[0]" in caught.value.message
    assert "send both complete lists, exercises and crossFitBlocks" in caught.value.message


def test_both_lists_in_an_update_are_checked_before_loading() -> None:
    saved = saved_content()
    sent = movements_as_sent(saved)
    sent[1]["restSeconds"] = 30
    found = violations(
        {
            "action": "updateWorkout",
            "workoutID": WORKOUT_ID,
            "workout": {"exercises": sent, "crossFitBlocks": superset_input()["workout"]["crossFitBlocks"]},
        }
    )
    assert "must be 0" in found["input.workout.exercises[1].restSeconds"]


# --- Plans ----------------------------------------------------------------------------------


def plan_input(*phases: dict[str, Any], name: Any = "Base 8 weeks") -> dict[str, Any]:
    return {"action": "createPlan", "plan": {"name": name, "phases": list(phases)}}


def phase(start: str, end: str, **fields: Any) -> dict[str, Any]:
    return {"name": f"from {start}", "startDay": start, "endDayExclusive": end, **fields}


def test_a_plan_with_new_and_copied_workouts() -> None:
    action = parse(
        plan_input(
            phase(
                "2026-01-05",
                "2026-02-02",
                workouts=[create()["workout"]],
                existingWorkoutIDs=[WORKOUT_ID.upper()],
            ),
            phase("2026-02-02", "2026-03-02", existingWorkoutIDs=[WORKOUT_ID, A]),
        )
    )
    assert isinstance(action, documents.CreatePlan)
    first, second = action.plan.phases
    assert (first.start_day, first.end_day_exclusive) == (date(2026, 1, 5), date(2026, 2, 2))
    assert first.existing_workout_ids == (WORKOUT_ID,)
    assert first.workouts[0].content.exercises[0].exercise_id == "barbell-back-squat"
    assert second.existing_workout_ids == (WORKOUT_ID, A)
    assert action.plan.notes == ""
    assert documents.count_records(action) == 1 + 2 + 2


def test_plan_rules_name_their_fields() -> None:
    found = violations(
        plan_input(
            phase("2026-01-05", "2026-02-02", existingWorkoutIDs=[WORKOUT_ID, WORKOUT_ID]),
            phase("2026-02-01", "2026-03-01", existingWorkoutIDs=[A]),
            phase("2026-04-01", "2026-04-01", existingWorkoutIDs=[A]),
            phase("2026-05-01", "2026-06-01"),
            phase("2026-9-25", "2026-02-30", existingWorkoutIDs=[A]),
            phase("2026-07-01", "2026-08-01", workouts=[create(squat(targetReps=0))["workout"]]),
            name="",
        )
    )
    assert found == {
        "input.plan.name": "must be 1-120 characters (after trimming), not 0",
        "input.plan.phases[0].existingWorkoutIDs[1]": "is listed twice in this phase; list each workout once",
        "input.plan.phases[1].startDay": (
            "phases[1] overlaps phases[0] (2026-01-05 to 2026-02-02, end exclusive); phases must not overlap"
        ),
        "input.plan.phases[2].endDayExclusive": (
            "must be after startDay (2026-04-01); the end day is exclusive (the day after the last)"
        ),
        "input.plan.phases[3]": "needs at least one workout: send workouts, existingWorkoutIDs, or both",
        "input.plan.phases[4].startDay": "must be a calendar day written YYYY-MM-DD, not '2026-9-25'",
        "input.plan.phases[4].endDayExclusive": "must be a calendar day written YYYY-MM-DD, not '2026-02-30'",
        "input.plan.phases[5].workouts[0].exercises[0].targetReps": "must be between 1 and 1000, not 0",
    }


def test_a_plan_has_one_to_twenty_phases() -> None:
    assert "at least 1" in violations(plan_input())["input.plan.phases"]
    many = [phase(f"2026-01-{d:02d}", f"2026-01-{d + 1:02d}", existingWorkoutIDs=[A]) for d in range(1, 22)]
    assert "at most 20" in violations(plan_input(*many))["input.plan.phases"]
    assert isinstance(parse(plan_input(*many[:20])), documents.CreatePlan)


def test_fifty_records_pass_and_fifty_one_are_refused() -> None:
    ids = [str(uuid.UUID(int=n, version=4)) for n in range(100, 150)]
    fifty = parse(plan_input(phase("2026-01-05", "2026-02-02", existingWorkoutIDs=ids[:49])))
    documents.check_record_limit(fifty)
    assert documents.count_records(fifty) == documents.MAX_RECORDS_PER_WRITE == 50
    too_many = parse(
        plan_input(
            phase("2026-01-05", "2026-02-02", existingWorkoutIDs=ids[:40]),
            phase("2026-02-02", "2026-03-02", existingWorkoutIDs=ids[40:], workouts=[create()["workout"]]),
        )
    )
    assert documents.count_records(too_many) == 52
    with pytest.raises(InvalidArgument) as caught:
        documents.check_record_limit(too_many)
    (violation,) = caught.value.violations
    assert violation.field == "input.plan.phases"
    assert "52 records" in violation.description and "at most 50" in violation.description


def test_update_plan() -> None:
    action = parse({"action": "updatePlan", "planID": WORKOUT_ID, "plan": {"notes": "Deload in week 4."}})
    assert action == documents.UpdatePlan(WORKOUT_ID, None, "Deload in week 4.")
    assert (
        "name, notes or both"
        in violations({"action": "updatePlan", "planID": WORKOUT_ID, "plan": {}})["input.plan"]
    )
    found = violations({"action": "updatePlan", "planID": WORKOUT_ID, "plan": {"phases": []}})
    assert "is not a plan update field" in found["input.plan.phases"]


# --- Occurrences and schedules ----------------------------------------------------------------


def test_replace_occurrence() -> None:
    raw = {
        "action": "replaceOccurrence",
        "workoutID": WORKOUT_ID,
        "originalScheduledDay": "2026-09-25",
        "replacementWorkoutID": A,
    }
    assert parse(raw) == documents.ReplaceOccurrence(WORKOUT_ID, date(2026, 9, 25), A)
    raw["originalScheduledDay"] = "2026-09-25T00:00:00"
    assert "YYYY-MM-DD" in violations(raw)["input.originalScheduledDay"]


def test_change_schedule_and_stop_it() -> None:
    raw: dict[str, Any] = {
        "action": "changeSchedule",
        "workoutID": WORKOUT_ID,
        "effectiveDay": "2026-10-01",
        "schedule": {"type": "weekdays", "weekdays": [6, 2]},
    }
    assert parse(raw) == documents.ChangeSchedule(WORKOUT_ID, date(2026, 10, 1), Schedule("weekdays", (2, 6)))
    raw["schedule"] = None
    assert parse(raw) == documents.ChangeSchedule(WORKOUT_ID, date(2026, 10, 1), None)
    del raw["schedule"]
    assert "null to stop" in violations(raw)["input.schedule"]


def test_null_optional_fields_count_as_not_sent() -> None:
    action = parse(
        create(squat(notes=None, targetWeightKg=None), notes=None, schedule=None, crossFitBlocks=None)
    )
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.schedule is None
    assert action.workout.content.exercises[0] == WorkoutExercise(
        action.workout.content.exercises[0].id, "barbell-back-squat", "sets", Targets(3, 8, rest_seconds=90)
    )
