"""A planned endurance workout's rules (decision 0056): a table of inputs, each refused with the field
to fix and what to send, the limits at their edges, exercises optional only with ``endurance``, the
update rules, the stored form's round trip and the one-line step summary."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from kinetic.errors import InvalidArgument
from kinetic.proto_enums import read_twins
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from knowledge.limits.endurance_plans import (
    MAX_DURATION_SECONDS,
    MAX_REPEAT_COUNT,
    MAX_REPEAT_DEPTH,
    MAX_REPEAT_STEPS,
    MAX_TOP_LEVEL_STEPS,
)
from knowledge.training.endurance_summary import step_summary, summary_of
from services.training.adapters.endurance_codec import endurance_from_dict, endurance_to_dict
from services.training.adapters.library_codec import content_from_json, content_to_json
from services.training.domain import documents
from services.training.domain.edit_input import EnduranceStepInput, StepTargetInput
from services.training.domain.endurance import (
    INTENSITY_KINDS,
    INTERVAL_ROLES,
    PACE_ZONES,
    EnduranceStep,
    EnduranceTarget,
    IntensityTarget,
    StepTarget,
)
from services.training.domain.endurance_rules import (
    _TARGET_BOUNDS,
    _TARGET_SHAPES,
    _checked_steps,
    _checked_target,
    _steps,
    _target,
    _valid_steps,
    _valid_target,
)
from services.training.domain.input_values import Violations
from services.training.domain.model import WorkoutContent, WorkoutExercise
from services.training.domain.workout_rules import WorkoutUpdate, merge_update
from services.training.entrypoints.edit_input_pb import edit_input_from_pb
from services.training.entrypoints.library_pb import endurance_to_pb

WORKOUT_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
PATH = "input.workout.endurance"


def modes(ids: Any) -> dict[str, tuple[str, ...]]:
    return {i: ("sets",) for i in ids if i == "barbell-back-squat"}


def threshold_ride() -> dict[str, Any]:
    """A complete ride: every step type, every target kind, a repeat inside a repeat."""
    return {
        "sport": "ride",
        "plannedDurationSeconds": 5400,
        "plannedDistanceMeters": 45000,
        "intensity": {"kind": "power", "label": "threshold"},
        "steps": [
            {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
            {
                "type": "repeat",
                "repeatCount": 3,
                "steps": [
                    {
                        "type": "repeat",
                        "repeatCount": 4,
                        "steps": [
                            {
                                "type": "interval",
                                "role": "work",
                                "durationSeconds": 180,
                                "target": {"kind": "power", "wattsLow": 250, "wattsHigh": 270},
                            },
                            {"type": "interval", "role": "recovery", "durationSeconds": 120},
                        ],
                    },
                    {
                        "type": "interval",
                        "role": "active",
                        "distanceMeters": 2000,
                        "target": {"kind": "power", "ftpPercentLow": 55, "ftpPercentHigh": 65},
                        "notes": "spin easy",
                    },
                ],
            },
            {"type": "cool_down", "durationSeconds": 600, "target": {"kind": "rpe", "rpe": 2}},
        ],
        "plannedTss": 95.5,
        "plannedTssLocked": True,
    }


def create(endurance: dict[str, Any] | None, **workout: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"name": "Threshold ride", "kind": "cardio", **workout}
    if endurance is not None:
        body["endurance"] = endurance
    return {"action": "createWorkout", "workout": body}


def parse(raw: dict[str, Any]) -> documents.EditAction:
    return documents.parse_edit_input(edit_input_from_pb(edit_input_from_json(raw)), modes)


def refusal(raw: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as caught:
        parse(raw)
    return {v.field: v.description for v in caught.value.violations}


def with_changes(**changes: Any) -> dict[str, Any]:
    endurance = threshold_ride()
    endurance.update(changes)
    return endurance


def one_step(step: dict[str, Any], sport: str = "run") -> dict[str, Any]:
    return {"sport": sport, "steps": [step]}


def repeat(steps: list[dict[str, Any]], count: int = 2) -> dict[str, Any]:
    return {"type": "repeat", "repeatCount": count, "steps": steps}


EASY = {"type": "interval", "role": "work", "durationSeconds": 60}
S = f"{PATH}.steps[0]"

# (case, endurance, the field refused, words its description contains)
REFUSED: list[tuple[str, dict[str, Any], str, str]] = [
    ("no sport", {"steps": []}, f"{PATH}.sport", "is required; one of run, ride, swim, strength, other"),
    ("unknown sport", {"sport": "rowing"}, f"{PATH}.sport", "must be one of run, ride, swim"),
    (
        "duration 0",
        with_changes(plannedDurationSeconds=0),
        f"{PATH}.plannedDurationSeconds",
        "between 1 and 86400",
    ),
    (
        "duration over a day",
        with_changes(plannedDurationSeconds=86401),
        f"{PATH}.plannedDurationSeconds",
        "86400",
    ),
    (
        "distance 0",
        with_changes(plannedDistanceMeters=0),
        f"{PATH}.plannedDistanceMeters",
        "between 1 and 300000",
    ),
    (
        "distance 300.001 km",
        with_changes(plannedDistanceMeters=300001),
        f"{PATH}.plannedDistanceMeters",
        "300000",
    ),
    (
        "distance on a strength day",
        {"sport": "strength", "plannedDistanceMeters": 5000},
        f"{PATH}.plannedDistanceMeters",
        "does not apply to a strength workout; distances are for run, ride, swim, other",
    ),
    (
        "step distance on a strength day",
        one_step({"type": "warm_up", "distanceMeters": 400}, sport="strength"),
        f"{S}.distanceMeters",
        "does not apply to a strength workout",
    ),
    (
        "intensity without kind",
        with_changes(intensity={"label": "Z2"}),
        f"{PATH}.intensity.kind",
        "is required",
    ),
    (
        "intensity kind",
        with_changes(intensity={"kind": "speed", "label": "Z2"}),
        f"{PATH}.intensity.kind",
        "pace",
    ),
    (
        "blank label",
        with_changes(intensity={"kind": "rpe", "label": "  "}),
        f"{PATH}.intensity.label",
        "1-40",
    ),
    (
        "long label",
        with_changes(intensity={"kind": "rpe", "label": "x" * 41}),
        f"{PATH}.intensity.label",
        "1-40",
    ),
    ("51 steps", with_changes(steps=[EASY] * 51), f"{PATH}.steps", "must list at most 50 steps, not 51"),
    ("no step type", one_step({"durationSeconds": 60}), f"{S}.type", "is required; one of warm_up"),
    ("unknown step type", one_step({"type": "sprint", "durationSeconds": 60}), f"{S}.type", "warm_up"),
    (
        "interval without role",
        one_step({"type": "interval", "durationSeconds": 60}),
        f"{S}.role",
        "is required",
    ),
    ("unknown role", one_step({**EASY, "role": "rest"}), f"{S}.role", "work, recovery, active"),
    (
        "role on a warm-up",
        one_step({"type": "warm_up", "role": "work", "durationSeconds": 60}),
        f"{S}.role",
        "applies to an interval only",
    ),
    ("no length", one_step({"type": "cool_down"}), S, "needs a length: durationSeconds"),
    (
        "both lengths",
        one_step({**EASY, "distanceMeters": 400}),
        f"{S}.distanceMeters",
        "send durationSeconds or distanceMeters, not both",
    ),
    ("step of 0 s", one_step({**EASY, "durationSeconds": 0}), f"{S}.durationSeconds", "between 1 and 86400"),
    (
        "step of 0 m",
        one_step({"type": "warm_up", "distanceMeters": 0}),
        f"{S}.distanceMeters",
        "1 and 300000",
    ),
    (
        "repeat count on a step",
        one_step({**EASY, "repeatCount": 3}),
        f"{S}.repeatCount",
        "applies to a repeat",
    ),
    ("steps in a step", one_step({**EASY, "steps": [EASY]}), f"{S}.steps", "only a repeat holds steps"),
    (
        "repeat without count",
        one_step({"type": "repeat", "steps": [EASY]}),
        f"{S}.repeatCount",
        "is required (1-50)",
    ),
    ("repeat count 51", one_step(repeat([EASY], count=51)), f"{S}.repeatCount", "between 1 and 50"),
    ("empty repeat", one_step(repeat([])), f"{S}.steps", "must list at least 1 steps, not 0"),
    ("repeat of 51 steps", one_step(repeat([EASY] * 51)), f"{S}.steps", "at most 50 steps"),
    (
        "length on a repeat",
        one_step({**repeat([EASY]), "durationSeconds": 60}),
        f"{S}.durationSeconds",
        "does not apply to a repeat; set it on the repeated steps",
    ),
    (
        "repeats three deep",
        one_step(repeat([repeat([repeat([EASY])])])),
        f"{S}.steps[0].steps[0]",
        "repeats nest at most 2 deep",
    ),
    (
        "a nested step's problem names its path",
        one_step(repeat([repeat([{**EASY, "durationSeconds": 90000}])])),
        f"{S}.steps[0].steps[0].durationSeconds",
        "between 1 and 86400",
    ),
    ("target without kind", one_step({**EASY, "target": {"rpe": 5}}), f"{S}.target.kind", "is required"),
    (
        "pace without values",
        one_step({**EASY, "target": {"kind": "pace"}}),
        f"{S}.target",
        "a pace target needs",
    ),
    (
        "pace too fast",
        one_step(
            {**EASY, "target": {"kind": "pace", "paceLowSecondsPerKm": 119, "paceHighSecondsPerKm": 300}}
        ),
        f"{S}.target.paceLowSecondsPerKm",
        "between 120 and 1200 (seconds per km), not 119",
    ),
    (
        "pace range reversed",
        one_step(
            {**EASY, "target": {"kind": "pace", "paceLowSecondsPerKm": 300, "paceHighSecondsPerKm": 280}}
        ),
        f"{S}.target.paceHighSecondsPerKm",
        "must be at least paceLowSecondsPerKm (300), not 280",
    ),
    (
        "half a range",
        one_step({**EASY, "target": {"kind": "power", "wattsLow": 200}}),
        f"{S}.target.wattsHigh",
        "is required with wattsLow",
    ),
    (
        "watts and % FTP",
        one_step(
            {**EASY, "target": {"kind": "power", "wattsLow": 200, "wattsHigh": 210, "ftpPercentLow": 80}}
        ),
        f"{S}.target",
        "send wattsLow and wattsHigh or ftpPercentLow and ftpPercentHigh, not more than one of them",
    ),
    (
        "watts over 2000",
        one_step({**EASY, "target": {"kind": "power", "wattsLow": 300, "wattsHigh": 2001}}),
        f"{S}.target.wattsHigh",
        "between 1 and 2000",
    ),
    (
        "% FTP over 300",
        one_step({**EASY, "target": {"kind": "power", "ftpPercentLow": 90, "ftpPercentHigh": 301}}),
        f"{S}.target.ftpPercentHigh",
        "between 1 and 300",
    ),
    (
        "bpm under 30",
        one_step({**EASY, "target": {"kind": "heart_rate", "bpmLow": 29, "bpmHigh": 140}}),
        f"{S}.target.bpmLow",
        "between 30 and 230",
    ),
    (
        "zone 7",
        one_step({**EASY, "target": {"kind": "heart_rate", "heartRateZone": 7}}),
        f"{S}.target.heartRateZone",
        "between 1 and 6",
    ),
    (
        "RPE 11",
        one_step({**EASY, "target": {"kind": "rpe", "rpe": 11}}),
        f"{S}.target.rpe",
        "between 1 and 10",
    ),
    (
        "another kind's field",
        one_step({**EASY, "target": {"kind": "rpe", "rpe": 5, "wattsLow": 100}}),
        f"{S}.target.wattsLow",
        "does not apply to a rpe target; it takes rpe",
    ),
    ("notes too long", one_step({**EASY, "notes": "x" * 4001}), f"{S}.notes", "at most 4000 characters"),
    ("TSS over 2400", with_changes(plannedTss=2401), f"{PATH}.plannedTss", "between 0 and 2400"),
    (
        "locked without TSS",
        {"sport": "run", "plannedTssLocked": True},
        f"{PATH}.plannedTssLocked",
        "locks plannedTss, which is not sent",
    ),
]


@pytest.mark.parametrize(
    ("endurance", "field", "words"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_each_rule_names_the_field_to_fix(endurance: dict[str, Any], field: str, words: str) -> None:
    found = refusal(create(endurance))
    assert field in found, found
    assert words in found[field]


def test_a_mistyped_flag_is_refused_by_the_converter() -> None:
    with pytest.raises(InvalidArgument) as caught:
        edit_input_from_json(create({"sport": "run", "plannedTss": 50, "plannedTssLocked": "yes"}))
    (violation,) = caught.value.violations
    assert (violation.field, violation.description) == (
        f"{PATH}.plannedTssLocked",
        "must be true or false, not 'yes'",
    )


LIMITS_ACCEPTED = [
    {"sport": "swim", "plannedDurationSeconds": 1, "plannedDistanceMeters": 1},
    {"sport": "other", "plannedDurationSeconds": 86400, "plannedDistanceMeters": 300000, "plannedTss": 2400},
    {"sport": "strength", "plannedTss": 0},
    {"sport": "run", "steps": [EASY] * 50},
    one_step(repeat([EASY] * 50, count=50)),
    one_step({**EASY, "target": {"kind": "pace", "paceLowSecondsPerKm": 120, "paceHighSecondsPerKm": 1200}}),
    one_step({**EASY, "target": {"kind": "power", "wattsLow": 1, "wattsHigh": 2000}}),
    one_step({**EASY, "target": {"kind": "power", "ftpPercentLow": 1, "ftpPercentHigh": 300}}),
    one_step({**EASY, "target": {"kind": "heart_rate", "bpmLow": 30, "bpmHigh": 230}}),
    one_step({**EASY, "target": {"kind": "rpe", "rpe": 10}}),
    one_step({"type": "warm_up", "distanceMeters": 300000}, sport="ride"),
]


@pytest.mark.parametrize("endurance", LIMITS_ACCEPTED)
def test_the_limits_themselves_are_accepted(endurance: dict[str, Any]) -> None:
    action = parse(create(endurance))
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.content.endurance is not None


def test_a_full_ride_is_read_into_the_model_with_no_movements() -> None:
    action = parse(create(threshold_ride()))
    assert isinstance(action, documents.CreateWorkout)
    content = action.workout.content
    assert content.exercises == ()
    endurance = content.endurance
    assert endurance is not None
    assert (endurance.sport, endurance.planned_duration_seconds, endurance.planned_distance_meters) == (
        "ride",
        5400,
        45000.0,
    )
    assert endurance.intensity == IntensityTarget("power", "threshold")
    assert (endurance.planned_tss, endurance.planned_tss_locked) == (95.5, True)
    warm_up, block, cool_down = endurance.steps
    assert warm_up == EnduranceStep(
        type="warm_up", duration_seconds=900, target=StepTarget(kind="heart_rate", heart_rate_zone=2)
    )
    assert (block.type, block.repeat_count, len(block.steps)) == ("repeat", 3, 2)
    inner = block.steps[0]
    assert (inner.repeat_count, inner.steps[0].target) == (
        4,
        StepTarget("power", watts_low=250, watts_high=270),
    )
    assert block.steps[1].distance_meters == 2000 and block.steps[1].notes == "spin easy"
    assert cool_down.target == StepTarget("rpe", rpe=2)


def test_without_endurance_a_workout_still_needs_movements() -> None:
    found = refusal(create(None))
    assert found == {"input.workout.exercises": "is required; a workout needs at least one movement"}
    found = refusal(create(None, exercises=[]))
    assert found == {"input.workout.exercises": "must list at least 1 movements, not 0"}


def test_an_endurance_workout_may_also_list_movements() -> None:
    squat = {"exerciseID": "barbell-back-squat", "trackingMode": "sets", "targetSets": 3, "targetReps": 5}
    action = parse(create({"sport": "strength"}, exercises=[squat]))
    assert isinstance(action, documents.CreateWorkout)
    assert len(action.workout.content.exercises) == 1
    assert parse(create({"sport": "run"}, exercises=[])).workout.content.exercises == ()  # type: ignore[union-attr]


def test_clear_endurance_belongs_to_updates_only() -> None:
    found = refusal(create({"sport": "run"}, clearEndurance=True))
    assert "applies to updateWorkout only" in found["input.workout.clearEndurance"]


def update(**workout: Any) -> WorkoutUpdate:
    action = parse({"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": workout})
    assert isinstance(action, documents.UpdateWorkout)
    return action.workout


SQUAT = WorkoutExercise(id="m1", exercise_id="barbell-back-squat", tracking_mode="sets")
RUN = EnduranceTarget(sport="run", planned_duration_seconds=1800)
STRENGTH = WorkoutContent("Legs", "legs", "", (SQUAT,))
EASY_RUN = WorkoutContent("Easy run", "cardio", "", (), endurance=RUN)


def test_updates_replace_keep_or_clear_the_endurance_part() -> None:
    assert merge_update(EASY_RUN, update(name="Recovery run"), "input.workout").endurance == RUN
    replaced = merge_update(EASY_RUN, update(endurance={"sport": "swim"}), "input.workout")
    assert replaced.endurance == EnduranceTarget(sport="swim")
    added = merge_update(STRENGTH, update(endurance={"sport": "strength"}), "input.workout")
    assert added.endurance == EnduranceTarget(sport="strength") and added.exercises == (SQUAT,)
    cleared = merge_update(added, update(clearEndurance=True), "input.workout")
    assert cleared.endurance is None and cleared.exercises == (SQUAT,)
    emptied = merge_update(added, update(exercises=[]), "input.workout")
    assert emptied.exercises == () and emptied.endurance is not None


def test_an_update_may_not_leave_a_workout_with_neither() -> None:
    with pytest.raises(InvalidArgument) as caught:
        merge_update(EASY_RUN, update(clearEndurance=True), "input.workout")
    assert [v.field for v in caught.value.violations] == ["input.workout.clearEndurance"]
    assert "send its exercises too" in caught.value.message
    with pytest.raises(InvalidArgument) as caught:
        merge_update(STRENGTH, update(exercises=[]), "input.workout")
    assert [v.field for v in caught.value.violations] == ["input.workout.exercises"]
    assert "at least one movement; only a planned endurance workout may have none" in caught.value.message
    changes = {"endurance": {"sport": "run"}, "clearEndurance": True}
    both = {"action": "updateWorkout", "workoutID": WORKOUT_ID, "workout": changes}
    assert "send one of them" in refusal(both)["input.workout.clearEndurance"]


def test_the_stored_form_round_trips_and_old_rows_have_none() -> None:
    action = parse(create(threshold_ride()))
    assert isinstance(action, documents.CreateWorkout)
    content = action.workout.content
    assert content.endurance is not None
    assert endurance_from_dict(copy.deepcopy(endurance_to_dict(content.endurance))) == content.endurance
    assert content_from_json(content.name, content.kind, content_to_json(content)) == content
    before = '{"crossFitBlocks":[],"exercises":[],"notes":""}'  # a row written before decision 0056
    assert content_from_json("Old", "legs", before).endurance is None
    assert "endurance" not in content_to_json(STRENGTH)


def test_the_message_is_the_input_again() -> None:
    sent = edit_input_from_json(create(threshold_ride())).create_workout.workout.endurance
    action = parse(create(threshold_ride()))
    assert isinstance(action, documents.CreateWorkout)
    assert action.workout.content.endurance is not None
    answered = endurance_to_pb(action.workout.content.endurance)
    assert answered.sport_value == training_pb2.SPORT_RIDE
    # The answer is the input plus its enum twins (decision 0128); read into words, the input again.
    assert read_twins(answered) == sent


def test_the_steps_read_in_one_line() -> None:
    endurance = edit_input_from_json(create(threshold_ride())).create_workout.workout.endurance
    assert step_summary(endurance.steps) == (
        "15 min warm-up at HR Z2, 3 x (4 x (3 min work at 250-270 W, 2 min recovery), "
        "2 km active at 55-65% FTP), 10 min cool-down at RPE 2"
    )
    run = training_pb2.EnduranceTarget(
        sport="run",
        planned_distance_meters=10000,
        intensity=training_pb2.IntensityTarget(kind="pace", label="Z2"),
        steps=[
            training_pb2.EnduranceStep(
                type="interval",
                role="work",
                distance_meters=400,
                target=training_pb2.StepTarget(
                    kind="pace", pace_low_seconds_per_km=225, pace_high_seconds_per_km=225
                ),
            ),
            training_pb2.EnduranceStep(
                type="interval",
                role="recovery",
                duration_seconds=5430,
                target=training_pb2.StepTarget(kind="heart_rate", bpm_low=120, bpm_high=135),
            ),
        ],
    )
    summary = summary_of(run)
    assert summary.step_summary == "400 m work at 3:45 /km, 1 h 30 min 30 s recovery at 120-135 bpm"
    assert (summary.sport, summary.intensity, summary.planned_distance_meters) == ("run", "Z2", 10000)
    assert not summary.HasField("planned_duration_seconds")
    assert summary_of(training_pb2.EnduranceTarget(sport="swim")).step_summary == ""


def _random_target(rng: random.Random) -> StepTargetInput:
    """A target of any kind with some fields set: in range, at the bounds, outside, low above high,
    a zone or a wrong one; most of them wrong somewhere, many right."""
    kind = rng.choice([*INTENSITY_KINDS, "", "Pace", "speed"])
    names = rng.choice([*(shape for shapes in _TARGET_SHAPES.values() for shape in shapes), ()])
    if rng.random() < 0.5 and kind in _TARGET_SHAPES:
        # Mostly right: one of the kind's field sets, in range, low at most high.
        shape = rng.choice(_TARGET_SHAPES[kind])
        ordered = sorted(
            rng.randint(_TARGET_BOUNDS[shape[0]].low, _TARGET_BOUNDS[shape[0]].high) for _ in shape
        )
        zone = rng.choice([None, None, *PACE_ZONES, "Z"])
        return StepTargetInput(kind=kind, pace_zone=zone, **dict(zip(shape, ordered, strict=True)))
    if rng.random() < 0.3:
        names = (*names, rng.choice(list(_TARGET_BOUNDS)))
    values: dict[str, Any] = {}
    for name in names:
        bound = _TARGET_BOUNDS[name]
        value = rng.choice(
            [
                bound.low,
                bound.high,
                bound.low - 1,
                bound.high + 1,
                *[rng.randint(bound.low, bound.high) for _ in range(4)],
            ]
        )
        values[name] = value if bound.whole or rng.random() < 0.5 else value + 0.5
    if rng.random() < 0.4:
        values["pace_zone"] = rng.choice([*PACE_ZONES, "e", "Z2", ""])
    return StepTargetInput(kind=kind, **values)


def test_a_valid_target_is_found_as_the_full_check_finds_it_and_an_invalid_one_named_alike() -> None:
    # The short way for a target with nothing wrong (decision 0123, fourth pass) gives what the
    # field-by-field check gives, and leaves every problem to it.
    rng = random.Random(123)
    valid = 0
    for _ in range(5000):
        target = _random_target(rng)
        fast, full = Violations(), Violations()
        checked = _target(fast, "steps[0].target", target)
        assert checked == _checked_target(full, "steps[0].target", target)
        assert fast.items == full.items
        quick = _valid_target(target)
        assert quick is None or (quick == checked and not full.items)
        valid += quick is not None
    assert valid > 500


def _random_step(rng: random.Random, depth: int = 0, *, wrong: bool = False) -> EnduranceStepInput:
    """A step or a repeat with nothing wrong, or (``wrong``) wrong in one of the ways ``_step`` and
    ``_repeat`` name (or not: a fault may happen to be right, a repeat's may be deeper down)."""
    kind = rng.choice(["interval", "interval", "warm_up", "cool_down", "repeat"])
    fault = rng.choice(
        ["notes", "type", "role", "both", "none", "range", "count", "steps", "target", "depth"]
    )
    fields: dict[str, Any] = {"type": kind, "notes": rng.choice(["", "easy"])}
    if wrong and fault == "notes":
        fields["notes"] = "x" * 4001
    if wrong and fault == "type":
        fields["type"] = kind = rng.choice(["", "rest", "Interval"])
    if kind == "repeat":
        fields["repeat_count"] = rng.choice([1, 2, 5, MAX_REPEAT_COUNT])
        size = rng.choice([1, 2, 3])
        inner_wrong = wrong and fault in ("steps", "target", "depth") and rng.random() < 0.5
        fields["steps"] = (
            tuple(_random_step(rng, depth + 1, wrong=inner_wrong and n == 0) for n in range(size))
            if depth < MAX_REPEAT_DEPTH - 1 or (wrong and fault == "depth")
            else ()
        )
        if not fields["steps"]:
            fields["steps"] = (EnduranceStepInput(type="interval", role="work", duration_seconds=60),)
        if wrong and fault == "count":
            fields["repeat_count"] = rng.choice([0, -1, MAX_REPEAT_COUNT + 1])
        elif wrong and fault == "role":
            fields["role"] = "work"
        elif wrong and fault in ("both", "range"):
            fields[rng.choice(["duration_seconds", "distance_meters"])] = 60
        elif wrong and fault == "depth":  # a repeat in a repeat in this one: one level too deep
            work = EnduranceStepInput(type="interval", role="work", duration_seconds=60)
            deepest = EnduranceStepInput(type="repeat", repeat_count=2, steps=(work,))
            fields["steps"] = (EnduranceStepInput(type="repeat", repeat_count=2, steps=(deepest,)),)
        elif wrong and fault == "none":
            fields["steps"] = () if rng.random() < 0.5 else fields["steps"] * (MAX_REPEAT_STEPS + 1)
        return EnduranceStepInput(**fields)
    fields["role"] = rng.choice([*INTERVAL_ROLES]) if kind == "interval" else ""
    length = rng.choice(["duration_seconds", "distance_meters"])
    longest = MAX_DURATION_SECONDS if length == "duration_seconds" else 5000.5
    fields[length] = rng.choice([1, 300, 1000.0, longest])
    target = _random_target(rng)
    while (_valid_target(target) is None) != (wrong and fault == "target"):
        target = _random_target(rng)
    fields["target"] = target if rng.random() < 0.7 or (wrong and fault == "target") else None
    if not wrong:
        return EnduranceStepInput(**fields)
    if fault == "role":
        fields["role"] = rng.choice(["", "sprint", "Work"]) if kind == "interval" else "work"
    elif fault == "both":
        fields["duration_seconds"], fields["distance_meters"] = 60, 400.0
    elif fault == "none":
        fields.pop(length)
    elif fault == "range":
        fields[length] = rng.choice([0, -1, 10**9, float("nan")])
    elif fault == "count":
        fields["repeat_count"] = 3
    elif fault == "steps":
        fields["steps"] = (EnduranceStepInput(type="interval", role="work", duration_seconds=60),)
    return EnduranceStepInput(**fields)


def test_valid_steps_are_found_as_the_full_check_finds_them_and_invalid_ones_named_alike() -> None:
    # The short way for steps with nothing wrong (decision 0123, fourth pass) gives what the
    # field-by-field check gives, and leaves every problem to it.
    rng = random.Random(129)
    valid = 0
    for _ in range(4000):
        size = rng.choice([0, 1, 2, 4])
        wrong = rng.randrange(size) if size and rng.random() < 0.6 else None
        steps = tuple(_random_step(rng, wrong=n == wrong) for n in range(size))
        sport = rng.choice(["run", "ride", "run", "strength", None])
        fast, full = Violations(), Violations()
        checked = _steps(fast, "endurance.steps", steps, sport, 0, MAX_TOP_LEVEL_STEPS, low=0)
        assert checked == _checked_steps(full, "endurance.steps", steps, sport, 0, MAX_TOP_LEVEL_STEPS, low=0)
        assert fast.items == full.items
        quick = _valid_steps(steps, sport, 0, MAX_TOP_LEVEL_STEPS, 0)
        assert quick is None or (quick == checked and not full.items)
        valid += quick is not None and size > 0
    assert valid > 500
