"""The field-by-field renderers give MessageToDict's JSON byte for byte (decision 0019).

Each case renders one protobuf message with the generic path (``records.record``, which is
``json_format.MessageToDict``) and with ``training_json``, then compares the encoded JSON: same
keys, same order, same value types (``1`` is not ``1.0``, ``"NaN"`` is not ``NaN``). Both get the
message as the edge's Training stubs hand it on: its enum twins read into the words beside them
(``kinetic.proto_enums.read_twins``, decision 0128).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from google.protobuf import descriptor
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from edge.profiles.metric.records import record
from edge.profiles.metric.training_json import occurrence_json, plan_json, workout_json
from kinetic.proto_enums import read_twins
from kinetic.training.v1 import training_pb2 as pb

Renderer = Callable[[Any], dict[str, Any]]
RENDERERS: dict[type[Message], Renderer] = {
    pb.Occurrence: occurrence_json,
    pb.Workout: workout_json,
    pb.Plan: plan_json,
}
FD = descriptor.FieldDescriptor

WORKOUT_ID = "7f1c2a8e-0000-4000-8000-000000000001"
OTHER_ID = "7f1c2a8e-0000-4000-8000-000000000002"
PLAN_ID = "7f1c2a8e-0000-4000-8000-0000000000aa"
PHASE_ID = "7f1c2a8e-0000-4000-8000-0000000000bb"


def encoded(rendered: dict[str, Any]) -> str:
    # What the MCP tool sends (the builder's compact_result); REST sends it with default separators.
    return json.dumps(rendered, separators=(",", ":"))


def assert_same(message: Message) -> None:
    read_twins(message)
    generic = record(message)
    direct = RENDERERS[type(message)](message)
    assert encoded(direct) == encoded(generic)
    assert json.dumps(direct) == json.dumps(generic)


def stamp(seconds: int, nanos: int = 0) -> Timestamp:
    return Timestamp(seconds=seconds, nanos=nanos)


# --- representative messages, as the training service sends them ------------------------------

OCCURRENCES = {
    "scheduled in a plan": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-03-02",
        day="2026-03-02",
        workout_name="Lower A",
        status="scheduled",
        plan_id=PLAN_ID,
        phase_id=PHASE_ID,
        week_start_day="2026-03-02",
    ),
    "standalone (no plan or phase)": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-03-03",
        day="2026-03-03",
        workout_name="Run",
        status="scheduled",
        week_start_day="2026-03-02",
    ),
    "moved": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-03-02",
        day="2026-03-04",
        workout_name="Lower A",
        status="moved",
        plan_id=PLAN_ID,
        phase_id=PHASE_ID,
        week_start_day="2026-03-02",
    ),
    "replaced": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-03-05",
        day="2026-03-05",
        workout_name="Template 1",
        status="replaced",
        replacement_workout_id=OTHER_ID,
        week_start_day="2026-03-02",
    ),
    "completed, whole seconds": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-02-23",
        day="2026-02-23",
        workout_name="Lower A",
        status="completed",
        plan_id=PLAN_ID,
        phase_id=PHASE_ID,
        week_start_day="2026-02-23",
        complete_time=stamp(1_771_871_400),
    ),
    "completed in history (no week), milliseconds": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-02-23",
        day="2026-02-24",
        workout_name="Template 2",
        status="completed",
        replacement_workout_id=OTHER_ID,
        complete_time=stamp(1_771_871_400, 123_000_000),
    ),
    "completed, microseconds and nanoseconds": pb.Occurrence(
        workout_id=WORKOUT_ID, status="completed", complete_time=stamp(5, 1_001)
    ),
    "active, before 1970": pb.Occurrence(
        workout_id=WORKOUT_ID, status="active", complete_time=stamp(-86_400, 500_000)
    ),
    "empty": pb.Occurrence(),
    "only a completion time": pb.Occurrence(complete_time=stamp(0)),
    "a planned ride": pb.Occurrence(
        workout_id=WORKOUT_ID,
        original_scheduled_day="2026-03-03",
        day="2026-03-03",
        workout_name="VO2 ride",
        status="scheduled",
        endurance=pb.EnduranceSummary(
            sport="ride",
            planned_duration_seconds=3600,
            planned_distance_meters=30000.0,
            intensity="Z5",
            step_summary="10 min warm-up, 6 x (2 min work at 280-300 W, 2 min recovery)",
        ),
    ),
    "an endurance summary with only a sport": pb.Occurrence(endurance=pb.EnduranceSummary(sport="swim")),
}


def _strength(exercise_id: str, name: str) -> pb.WorkoutExercise:
    return pb.WorkoutExercise(
        id=f"{exercise_id}-instance",
        exercise_id=exercise_id,
        exercise_name=name,
        tracking_mode="sets",
        target_sets=3,
        target_reps=5,
        target_weight_kg=102.5,
        rest_seconds=120,
        notes="brace before each rep",
    )


CROSSFIT = pb.Workout(
    id=WORKOUT_ID,
    version="4.metric",
    name="Friday conditioning",
    kind="crossFit",
    schedule=pb.Schedule(type="everyNDays", interval_days=3, anchor_day="2026-01-02"),
    schedule_segments=[
        pb.ScheduleSegment(schedule=pb.Schedule(type="weekdays", weekdays=[2, 6])),
        pb.ScheduleSegment(
            effective_day="2026-01-02",
            schedule=pb.Schedule(type="everyNDays", interval_days=3, anchor_day="2026-01-02"),
        ),
        pb.ScheduleSegment(effective_day="2026-06-01"),
    ],
    exercises=[
        pb.WorkoutExercise(
            id="a", exercise_id="rowing", exercise_name="Row", tracking_mode="calories", target_calories=15
        ),
        pb.WorkoutExercise(
            id="b",
            exercise_id="burpee",
            exercise_name="Burpee",
            tracking_mode="intervals",
            interval_work_seconds=40,
            interval_rest_seconds=20,
            interval_rounds=8,
        ),
        pb.WorkoutExercise(
            id="c",
            exercise_id="run",
            exercise_name="Run",
            tracking_mode="distance",
            target_distance_meters=400.0,
        ),
        pb.WorkoutExercise(
            id="d",
            exercise_id="plank",
            exercise_name="Plank",
            tracking_mode="duration",
            target_duration_seconds=60,
        ),
        pb.WorkoutExercise(id="e", exercise_id="stretch", exercise_name="Stretch", tracking_mode="checkOff"),
        pb.WorkoutExercise(
            id="f", exercise_id="pull-up", exercise_name="Pull-up", tracking_mode="sets", target_weight_kg=0.0
        ),
    ],
    cross_fit_blocks=[
        pb.CrossFitBlock(
            id="block-1",
            configuration=pb.BlockConfiguration(
                format="emom", duration_seconds=1200, rounds=5, interval_seconds=60
            ),
            exercise_ids=["a", "b"],
        ),
        pb.CrossFitBlock(
            id="block-2",
            configuration=pb.BlockConfiguration(format="amrap", duration_seconds=600),
            exercise_ids=["c"],
        ),
        pb.CrossFitBlock(id="block-3", configuration=pb.BlockConfiguration()),
        pb.CrossFitBlock(id="block-4", exercise_ids=["d", "e"]),
    ],
    create_time=stamp(1_767_225_600),
    update_time=stamp(1_767_225_600, 250_000_000),
)

WORKOUTS = {
    "crossFit blocks, every-n-days schedule, every tracking mode": CROSSFIT,
    "plan workout with strength targets": pb.Workout(
        id=WORKOUT_ID,
        version="12.bench-loader",
        name='Lower A ✓ "quoted"',
        kind="legs",
        notes="Keep it \u00e9asy\n",
        schedule=pb.Schedule(type="weekdays", weekdays=[2]),
        schedule_segments=[
            pb.ScheduleSegment(
                effective_day="2026-01-05", schedule=pb.Schedule(type="weekdays", weekdays=[2])
            )
        ],
        exercises=[_strength("barbell-back-squat", "Back Squat"), _strength("romanian-deadlift", "RDL")],
        plan_id=PLAN_ID,
        phase_id=PHASE_ID,
        active_from_day="2026-01-05",
        active_until_day="2026-02-02",
        create_time=stamp(1_767_225_600),
        update_time=stamp(1_767_312_000),
    ),
    "template without schedule": pb.Workout(
        id=OTHER_ID,
        version="1.bench-loader",
        name="Template 1",
        kind="fullBody",
        exercises=[
            pb.WorkoutExercise(id="x", exercise_id="push-up", exercise_name="Push-up", tracking_mode="sets")
        ],
        create_time=stamp(1_767_225_600),
        update_time=stamp(1_767_225_600),
    ),
    "schedule that ended (unset) and zero targets": pb.Workout(
        id=WORKOUT_ID,
        schedule_segments=[pb.ScheduleSegment(effective_day="2026-01-05")],
        exercises=[
            pb.WorkoutExercise(
                id="z",
                target_sets=0,
                target_reps=0,
                target_weight_kg=-0.0,
                target_duration_seconds=0,
                target_distance_meters=0.0,
                target_calories=0,
                interval_work_seconds=0,
                interval_rest_seconds=0,
                interval_rounds=0,
                rest_seconds=0,
            )
        ],
    ),
    "planned run with nested repeats": pb.Workout(
        id=WORKOUT_ID,
        version="2.coach",
        name="Threshold run",
        kind="cardio",
        endurance=pb.EnduranceTarget(
            sport="run",
            planned_duration_seconds=3600,
            planned_distance_meters=12000.5,
            intensity=pb.IntensityTarget(kind="pace", label="threshold"),
            steps=[
                pb.EnduranceStep(type="warm_up", duration_seconds=900),
                pb.EnduranceStep(
                    type="repeat",
                    repeat_count=3,
                    steps=[
                        pb.EnduranceStep(
                            type="interval",
                            role="work",
                            distance_meters=1000.0,
                            target=pb.StepTarget(
                                kind="pace", pace_low_seconds_per_km=235, pace_high_seconds_per_km=245
                            ),
                            notes="even",
                        ),
                        pb.EnduranceStep(
                            type="repeat",
                            repeat_count=2,
                            steps=[
                                pb.EnduranceStep(
                                    type="interval",
                                    role="recovery",
                                    duration_seconds=60,
                                    target=pb.StepTarget(
                                        kind="power", ftp_percent_low=50.0, ftp_percent_high=0.0
                                    ),
                                )
                            ],
                        ),
                    ],
                ),
            ],
            planned_tss=0.0,
            planned_tss_locked=True,
        ),
    ),
    "endurance with only a sport": pb.Workout(endurance=pb.EnduranceTarget(sport="other")),
    "empty schedule set": pb.Workout(schedule=pb.Schedule()),
    "empty": pb.Workout(),
}

PLANS = {
    "plan with phases": pb.Plan(
        id=PLAN_ID,
        version="3.metric",
        name="Cycle 1",
        notes="generated for the benchmark",
        phases=[
            pb.Phase(
                id=PHASE_ID,
                name="Block 1",
                start_day="2026-01-05",
                end_day_exclusive="2026-02-02",
                workout_ids=[WORKOUT_ID, OTHER_ID],
            ),
            pb.Phase(id="empty-phase", name="Deload", start_day="2026-02-02", end_day_exclusive="2026-02-09"),
            pb.Phase(),
        ],
        create_time=stamp(1_767_225_600),
        update_time=stamp(1_767_225_600, 1),
    ),
    "plan without notes or phases": pb.Plan(id=PLAN_ID, version="1.metric", name="Empty"),
    "empty": pb.Plan(),
}


@pytest.mark.parametrize("case", list(OCCURRENCES))
def test_occurrences_render_as_message_to_dict(case: str) -> None:
    assert_same(OCCURRENCES[case])


@pytest.mark.parametrize("case", list(WORKOUTS))
def test_workouts_render_as_message_to_dict(case: str) -> None:
    assert_same(WORKOUTS[case])


@pytest.mark.parametrize("case", list(PLANS))
def test_plans_render_as_message_to_dict(case: str) -> None:
    assert_same(PLANS[case])


def test_json_names_and_default_order_are_metrics() -> None:
    """The rules the comparison protects, spelled out once: json_name, defaults last, no presence."""
    replaced = occurrence_json(OCCURRENCES["replaced"])
    assert list(replaced) == [
        "workoutID",
        "originalScheduledDay",
        "day",
        "workoutName",
        "status",
        "replacementWorkoutID",
        "weekStartDay",
        "planID",
        "phaseID",
    ]
    assert replaced["planID"] == "" and "completeTime" not in replaced
    assert occurrence_json(OCCURRENCES["completed, whole seconds"])["completeTime"] == "2026-02-23T18:30:00Z"

    crossfit = workout_json(CROSSFIT)
    assert crossfit["crossFitBlocks"][0]["exerciseIDs"] == ["a", "b"]
    assert crossfit["crossFitBlocks"][2]["configuration"] == {
        "format": "",
        "durationSeconds": 0,
        "rounds": 0,
        "intervalSeconds": 0,
    }
    assert "configuration" not in crossfit["crossFitBlocks"][3]
    assert crossfit["scheduleSegments"][0] == {
        "schedule": {"type": "weekdays", "weekdays": [2, 6], "intervalDays": 0, "anchorDay": ""},
        "effectiveDay": "",
    }
    assert crossfit["scheduleSegments"][2] == {"effectiveDay": "2026-06-01"}
    assert crossfit["exercises"][5]["targetWeightKg"] == 0.0 and "targetSets" not in crossfit["exercises"][5]
    assert "schedule" not in workout_json(WORKOUTS["template without schedule"])


def test_non_finite_targets_print_as_strings() -> None:
    for value, text in ((math.inf, "Infinity"), (-math.inf, "-Infinity"), (math.nan, "NaN")):
        workout = pb.Workout(
            exercises=[pb.WorkoutExercise(target_weight_kg=value, target_distance_meters=value)]
        )
        assert workout_json(workout)["exercises"][0]["targetWeightKg"] == text
        assert_same(workout)


# --- every field: a field added to the proto and not to the renderer fails here ----------------

INT32_VALUES = (0, 1, 7, -3, 2**31 - 1)
DOUBLE_VALUES = (0.0, -0.0, 1.5, 40.0, 0.1, 1e300, 5e-324, math.inf, -math.inf, math.nan)
STRING_VALUES = ("", "x", "Ünïcode ✓", 'a "quoted"\nline', "2026-03-02")


def _scalar(field: descriptor.FieldDescriptor, rng: random.Random) -> Any:
    if field.cpp_type == FD.CPPTYPE_STRING:
        return rng.choice(STRING_VALUES)
    if field.cpp_type == FD.CPPTYPE_DOUBLE:
        return rng.choice(DOUBLE_VALUES)
    if field.cpp_type == FD.CPPTYPE_INT32:
        return rng.choice(INT32_VALUES)
    if field.cpp_type == FD.CPPTYPE_BOOL:
        return rng.choice((False, True))
    if field.cpp_type == FD.CPPTYPE_ENUM:
        # Its values, unspecified included, and one a newer release might add.
        return rng.choice([*(v.number for v in field.enum_type.values), 99])
    raise AssertionError(f"{field.full_name}: a field type the renderers do not handle yet")


def _fill(message: Message, rng: random.Random, chance: float) -> None:
    """Sets each field with probability ``chance``, recursively; values include the defaults."""
    if isinstance(message, Timestamp):
        precision = rng.choice((1, 1_000, 1_000_000, 1_000_000_000))
        message.seconds = rng.randrange(-62_135_596_800, 253_402_300_800)
        message.nanos = rng.randrange(0, 1_000_000_000, precision)
        return
    for field in message.DESCRIPTOR.fields:
        if rng.random() >= chance:
            continue
        value = getattr(message, field.name)
        if field.is_repeated:
            for _ in range(rng.randrange(0, 3)):
                if field.cpp_type == FD.CPPTYPE_MESSAGE:
                    _fill(value.add(), rng, chance)
                else:
                    value.append(_scalar(field, rng))
        elif field.cpp_type == FD.CPPTYPE_MESSAGE:
            value.SetInParent()
            _fill(value, rng, chance)
        else:
            setattr(message, field.name, _scalar(field, rng))


def _everything(message: Message, depth: int = 0) -> None:
    """Every field set to a value that is not its default, two items per repeated field (a message
    that holds its own type, an endurance step's steps, is filled three levels deep)."""
    if isinstance(message, Timestamp):
        message.seconds, message.nanos = 1_767_225_600, 5_000_000
        return
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if field.is_repeated:
            if field.message_type is message.DESCRIPTOR and depth >= 3:
                continue
            for index in range(2):
                if field.cpp_type == FD.CPPTYPE_MESSAGE:
                    _everything(value.add(), depth + 1)
                else:
                    value.append(
                        f"{field.name}-{index}" if field.cpp_type == FD.CPPTYPE_STRING else index + 1
                    )
        elif field.cpp_type == FD.CPPTYPE_MESSAGE:
            _everything(value, depth + 1)
        elif field.cpp_type == FD.CPPTYPE_STRING:
            setattr(message, field.name, field.name)
        elif field.cpp_type == FD.CPPTYPE_BOOL:
            setattr(message, field.name, True)
        else:
            setattr(
                message,
                field.name,
                field.number + 0.5 if field.cpp_type == FD.CPPTYPE_DOUBLE else field.number,
            )


@pytest.mark.parametrize("message_type", list(RENDERERS), ids=lambda t: t.__name__)
def test_every_field_set(message_type: type[Message]) -> None:
    message = message_type()
    _everything(message)
    read_twins(message)
    rendered = RENDERERS[message_type](message)
    twins = {f.json_name for f in message.DESCRIPTOR.fields if f.enum_type and f.name.endswith("_value")}
    assert set(rendered) == {f.json_name for f in message.DESCRIPTOR.fields} - twins
    assert_same(message)


@pytest.mark.parametrize("message_type", list(RENDERERS), ids=lambda t: t.__name__)
@pytest.mark.parametrize("chance", [0.2, 0.5, 0.8])
def test_random_messages(message_type: type[Message], chance: float) -> None:
    rng = random.Random(f"{message_type.__name__}-{chance}")
    for _ in range(300):
        message = message_type()
        _fill(message, rng, chance)
        assert_same(message)
