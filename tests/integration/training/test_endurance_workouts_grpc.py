"""Planned endurance workouts through a real training server on SQLite and PostgreSQL (decision 0056):
created and updated with EditTraining, read back whole by ListWorkouts and the change feed, summed up
on calendar and history occurrences, copied into plans, refused with the field to fix."""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper
from google.protobuf.message import Message

from kinetic.proto_enums import twin_value
from kinetic.training.v1 import training_pb2 as pb
from kinetic.training_edit_json import edit_input_from_json
from tests.integration.training.library_support import (
    ACCOUNT,
    ZONE,
    LibraryClient,
    autumn_block,
    failure,
    library_changes,
    strength_a,
)

SQUAT = {"exerciseID": "barbell-back-squat", "trackingMode": "sets", "targetSets": 3, "targetReps": 5}


def intervals() -> dict[str, Any]:
    return {
        "sport": "run",
        "plannedDurationSeconds": 3600,
        "plannedDistanceMeters": 12000,
        "intensity": {"kind": "pace", "label": "threshold"},
        "steps": [
            {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
            {
                "type": "repeat",
                "repeatCount": 5,
                "steps": [
                    {
                        "type": "interval",
                        "role": "work",
                        "distanceMeters": 1000,
                        "target": {"kind": "pace", "paceLowSecondsPerKm": 235, "paceHighSecondsPerKm": 245},
                        "notes": "even splits",
                    },
                    {"type": "interval", "role": "recovery", "durationSeconds": 120},
                ],
            },
            {"type": "cool_down", "durationSeconds": 600},
        ],
        "plannedTss": 82,
        "plannedTssLocked": True,
    }


STEP_LINE = "15 min warm-up at HR Z2, 5 x (1 km work at 3:55-4:05 /km, 2 min recovery), 10 min cool-down"


def run_workout(**overrides: Any) -> dict[str, Any]:
    workout = {
        "name": "Threshold intervals",
        "kind": "cardio",
        "schedule": {"type": "weekdays", "weekdays": [3, 5]},  # Tue 22 and Thu 24 Sep 2026
        "endurance": intervals(),
    }
    return {**workout, **overrides}


def sent(endurance: dict[str, Any]) -> pb.EnduranceTarget:
    """The message a read answers for a sent endurance object: the message sent, with each word's
    enum twin beside it (decision 0128), so a read can be compared with what was written."""
    body = {"action": "createWorkout", "workout": {"endurance": endurance}}
    message = edit_input_from_json(body).create_workout.workout.endurance
    _twins(message)
    return message


def _twins(message: Message) -> None:
    for field in message.DESCRIPTOR.fields:
        if field.message_type is not None:
            items = getattr(message, field.name) if field.is_repeated else [getattr(message, field.name)]
            for item in items if field.is_repeated or message.HasField(field.name) else []:
                _twins(item)
        elif field.enum_type is not None and field.name.endswith("_value"):
            word = getattr(message, field.name.removesuffix("_value"))
            value = twin_value(EnumTypeWrapper(field.enum_type), word)
            if value is not None:
                setattr(message, field.name, value)


async def test_an_endurance_workout_round_trips_through_writes_reads_and_the_feed(stub):
    client = LibraryClient(stub, "endurance")
    created = await client.edit({"action": "createWorkout", "workout": run_workout()})
    (workout,) = created.workouts
    assert list(workout.exercises) == [] and workout.endurance == sent(intervals())
    assert workout.endurance.planned_tss == 82 and workout.endurance.planned_tss_locked

    listed = await stub.ListWorkouts(pb.ListWorkoutsRequest(account_id=ACCOUNT, workout_ids=[workout.id]))
    assert listed.workouts[0] == workout

    # A change of name keeps the endurance part; a new one replaces it whole.
    renamed = await client.edit(
        {"action": "updateWorkout", "workoutID": workout.id, "workout": {"name": "Tempo"}}
    )
    assert renamed.workouts[0].endurance == workout.endurance
    easy = {
        "sport": "run",
        "plannedDurationSeconds": 2700,
        "intensity": {"kind": "heart_rate", "label": "Z2"},
    }
    body = {"action": "updateWorkout", "workoutID": workout.id, "workout": {"endurance": easy}}
    updated = (await client.edit(body)).workouts[0]
    assert updated.endurance == sent(easy) and not updated.endurance.steps

    stored = await stub.ListWorkouts(pb.ListWorkoutsRequest(account_id=ACCOUNT, name="tempo"))
    assert [w.endurance for w in stored.workouts] == [sent(easy)]

    feed = [c for c in await library_changes(stub) if c.record_id == workout.id]
    assert [c.kind for c in feed] == ["workout.created", "workout.updated", "workout.updated"]
    assert [c.workout.endurance for c in feed] == [sent(intervals()), sent(intervals()), sent(easy)]
    assert feed[-1].workout == updated


async def test_the_calendar_and_history_sum_the_endurance_workout_up(stub):
    client = LibraryClient(stub, "calendar")
    run = (await client.edit({"action": "createWorkout", "workout": run_workout()})).workouts[0]
    legs = await client.create("Legs", [2])  # Mondays
    await client.replace(legs, "2026-09-28", by=run)

    occurrences = await client.calendar("2026-09-21", "2026-09-29")
    shown = {(o.day, o.workout_name): o for o in occurrences}
    expected = pb.EnduranceSummary(
        sport="run",
        planned_duration_seconds=3600,
        planned_distance_meters=12000,
        intensity="threshold",
        step_summary=STEP_LINE,
        sport_value=pb.SPORT_RUN,
    )
    assert shown[("2026-09-22", "Threshold intervals")].endurance == expected
    assert shown[("2026-09-24", "Threshold intervals")].endurance == expected
    assert not shown[("2026-09-21", "Legs")].HasField("endurance")
    replaced = shown[("2026-09-28", "Threshold intervals")]
    assert replaced.status == "replaced" and replaced.endurance == expected

    await client.mark(run, "2026-09-22", "completed")
    history = await stub.ListHistory(
        pb.ListHistoryRequest(account_id=ACCOUNT, time_zone=ZONE, from_day="2026-09-01", to_day="2026-10-31")
    )
    (done,) = history.occurrences
    assert done.endurance == expected


async def test_movements_stay_required_without_endurance_and_optional_with_it(stub):
    client = LibraryClient(stub, "movements")
    run = (await client.edit({"action": "createWorkout", "workout": run_workout()})).workouts[0]

    body = {"action": "updateWorkout", "workoutID": run.id, "workout": {"clearEndurance": True}}
    error = await failure(client.edit(body))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["input.workout.clearEndurance"]

    body["workout"] = {"clearEndurance": True, "exercises": [SQUAT]}
    cleared = (await client.edit(body)).workouts[0]
    assert not cleared.HasField("endurance") and [e.exercise_id for e in cleared.exercises] == [
        SQUAT["exerciseID"]
    ]

    legs = (await client.edit(strength_a(name="Legs"))).workouts[0]
    body = {"action": "updateWorkout", "workoutID": legs.id, "workout": {"exercises": []}}
    error = await failure(client.edit(body))
    assert [v.field for v in error.violations] == ["input.workout.exercises"]
    assert "only a planned endurance workout" in error.violations[0].description


async def test_invalid_endurance_is_refused_with_every_field_to_fix(stub):
    client = LibraryClient(stub, "invalid")
    bad = intervals()
    bad["sport"] = "strength"
    bad["steps"][1]["repeatCount"] = 51
    error = await failure(client.edit({"action": "createWorkout", "workout": run_workout(endurance=bad)}))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert {v.field for v in error.violations} == {
        "input.workout.endurance.plannedDistanceMeters",
        "input.workout.endurance.steps[1].repeatCount",
        "input.workout.endurance.steps[1].steps[0].distanceMeters",
    }
    listed = await stub.ListWorkouts(pb.ListWorkoutsRequest(account_id=ACCOUNT))
    assert list(listed.workouts) == []


async def test_plans_take_new_endurance_workouts_and_copy_existing_ones(stub):
    client = LibraryClient(stub, "plans")
    run = (await client.edit({"action": "createWorkout", "workout": run_workout()})).workouts[0]
    swim_endurance: dict[str, Any] = {"sport": "swim", "plannedDistanceMeters": 2500}
    swim = {"name": "Swim", "kind": "cardio", "endurance": swim_endurance}
    plan_body = autumn_block(swim)
    plan_body["plan"]["phases"][0]["existingWorkoutIDs"] = [run.id]
    created = await client.edit(plan_body)
    by_name = {w.name: w for w in created.workouts}
    assert by_name["Swim"].endurance == sent(swim_endurance)
    copy = by_name["Threshold intervals"]
    assert copy.id != run.id and copy.endurance == run.endurance
