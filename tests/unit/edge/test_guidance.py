"""Metric's workout guidance: its content and the shipped example.

That the example is a valid createWorkout input is checked by training's own parser
(tests/unit/training/test_documents.py), not by a second validator here.
"""

from __future__ import annotations

import copy
import json
import uuid
from typing import Any

from edge.profiles.metric.guidance import (
    BLOCK_FORMATS,
    TRACKING_MODES,
    WORKOUT_KINDS,
    workout_guidance,
)
from services.training.domain import exercises as domain
from services.training.domain.catalog import load_catalog

CATALOG = {e.exercise_id: e for e in load_catalog()}


def example() -> dict[str, Any]:
    shipped: dict[str, Any] = workout_guidance()["example"]
    return shipped


def test_guidance_has_every_key_and_is_json() -> None:
    guidance = workout_guidance()
    for key in (
        "designGuidance",
        "targetFields",
        "workoutKinds",
        "schedules",
        "setupRules",
        "example",
        "unitsNote",
    ):
        assert guidance[key], key
    assert json.loads(json.dumps(guidance)) == guidance
    assert all(isinstance(line, str) for line in guidance["designGuidance"] + guidance["setupRules"])


def test_guidance_is_a_fresh_copy() -> None:
    workout_guidance()["example"]["workout"]["exercises"].clear()
    assert len(example()["workout"]["exercises"]) == 5


def test_kinds_schedules_and_modes_follow_the_contract() -> None:
    guidance = workout_guidance()
    assert guidance["workoutKinds"] == [
        "custom",
        "push",
        "pull",
        "fullBody",
        "upperBody",
        "legs",
        "glutes",
        "back",
        "chest",
        "shoulders",
        "biceps",
        "triceps",
        "core",
        "cardio",
        "crossFit",
        "warmUp",
    ]
    assert list(WORKOUT_KINDS) == guidance["workoutKinds"]
    assert [s["example"] for s in guidance["schedules"]] == [
        {"type": "weekdays", "weekdays": [2, 4, 6]},
        {"type": "everyNDays", "intervalDays": 3},
    ]
    modes = guidance["targetFields"]["modes"]
    assert tuple(modes) == TRACKING_MODES == domain.TRACKING_MODES
    assert modes["sets"]["required"] == ["targetSets", "targetReps"]
    fields = guidance["targetFields"]["fields"]
    assert fields["targetWeightKg"]["unit"] == "kilograms"
    assert fields["targetDistanceMeters"]["unit"] == "meters"
    assert fields["restSeconds"]["unit"] == "seconds"
    for mode in modes.values():
        assert set(mode["required"]) | set(mode["optional"]) <= set(fields)


def test_setup_rules_restate_the_contract() -> None:
    rules = " ".join(workout_guidance()["setupRules"])
    for phrase in (
        "format, durationSeconds, rounds and intervalSeconds",
        "1200",
        "rounds 5",
        "intervalSeconds 60",
        "EMOM",
        "Round rest is not a separate timer",
        "workoutExerciseID",
        "exercises[].id",
        "contiguous, in workout order",
        "at most one block",
        "restSeconds: 0",
        "targetSets: 1",
        "optional for every workout kind",
        "omit crossFitBlocks",
        "[] removes all",
        "retain existing",
        "keep their kind",
        # Seed 000's "Read the saved workout to verify ...": the write result now shows it (issue 14).
        "verify its notes, movements and setups",
    ):
        assert phrase in rules, phrase
    for block_format in BLOCK_FORMATS:
        assert block_format in rules


def test_design_guidance_and_units() -> None:
    guidance = workout_guidance()
    text = " ".join(guidance["designGuidance"])
    for phrase in (
        "goal",
        "time",
        "experience",
        "equipment",
        "warm-up",
        "intent",
        "estimated duration",
        "progression",
        "capped",
        "user content",
    ):
        assert phrase in text, phrase
    assert "Metric" not in json.dumps(guidance)
    for unit in ("kilograms", "meters", "seconds", "not medical advice"):
        assert unit in guidance["unitsNote"]


def test_the_example_is_a_complete_five_movement_workout() -> None:
    shipped = example()
    assert shipped["action"] == "createWorkout"
    workout = shipped["workout"]
    assert workout["name"] and workout["kind"] in WORKOUT_KINDS
    for part in ("Warm-up", "Intent", "Estimated duration", "Progression"):
        assert part in workout["notes"]
    movements = workout["exercises"]
    assert len(movements) == 5
    for movement in movements:
        assert uuid.UUID(movement["workoutExerciseID"]).version == 4
        assert len(movement["notes"]) > 40
        assert movement["exerciseID"] in CATALOG
        assert movement["trackingMode"] in CATALOG[movement["exerciseID"]].tracking_modes
    assert len({m["workoutExerciseID"] for m in movements}) == 5


def test_the_example_has_one_superset_of_two_contiguous_movements() -> None:
    workout = example()["workout"]
    movements = workout["exercises"]
    (block,) = workout["crossFitBlocks"]
    assert block["configuration"] == {
        "format": "superset",
        "durationSeconds": 1200,
        "rounds": block["configuration"]["rounds"],
        "intervalSeconds": 60,
    }
    assert block["configuration"]["rounds"] >= 2
    ids = [m["workoutExerciseID"] for m in movements]
    positions = [ids.index(member) for member in block["exerciseIDs"]]
    assert len(positions) == 2 and positions[1] == positions[0] + 1
    for i in positions:
        assert movements[i]["restSeconds"] == 0
        assert movements[i]["targetSets"] == 1
        assert movements[i]["trackingMode"] == "sets"


def _broken() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    shipped = copy.deepcopy(example())
    workout = shipped["workout"]
    return shipped, workout["crossFitBlocks"][0], workout["exercises"]


def test_weekday_table_and_plan_example_without_a_read_back_step() -> None:
    # Issue 14: a plan example with phases and schedules, the weekday numbers spelled out, and no
    # "read the saved workout" step (the write result returns the saved records).
    guidance = workout_guidance()
    assert guidance["weekdays"][0] == {"number": 1, "name": "Sunday"}
    assert [d["name"] for d in guidance["weekdays"]][1::5] == ["Monday", "Saturday"]
    plan = guidance["planExample"]["plan"]
    assert guidance["planExample"]["action"] == "createPlan" and len(plan["phases"]) == 2
    schedules = [w["schedule"]["type"] for phase in plan["phases"] for w in phase["workouts"]]
    assert set(schedules) == {"weekdays", "everyNDays"}
    text = json.dumps(guidance).lower()
    assert "read the saved" not in text and "write result" in text
