"""Primed's promised fields filled (issue 27, decision 0078): a planned session's ``intervals`` from
its structured steps with their targets, ``target_intensity`` for a workout RunFlow made without
one, and ``data_freshness`` for an ``as_of`` in the past."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from tests.integration.edge.primed_calls import Primed, primed_token
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key
from tests.integration.edge.test_primed_tools import today

pytestmark = pytest.mark.asyncio(loop_scope="module")

TRACK_STEPS = [
    {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
    {
        "type": "repeat",
        "repeatCount": 5,
        "steps": [
            {
                "type": "interval",
                "role": "work",
                "durationSeconds": 180,
                "target": {"kind": "pace", "paceLowSecondsPerKm": 225, "paceHighSecondsPerKm": 235},
            },
            {"type": "interval", "role": "recovery", "durationSeconds": 120},
        ],
    },
    {"type": "cool_down", "durationSeconds": 600},
]


async def schedule_track_session(account_stack: Any) -> None:
    """ "5 x 3 min" on the track every day, through Training's own API."""
    library = await account_stack.backends.training.GetLibrary(
        training_pb2.GetLibraryRequest(account_id=account_stack.account_id)
    )
    track = {
        "name": "Track 5 x 3 min",
        "kind": "cardio",
        "schedule": {"type": "weekdays", "weekdays": [1, 2, 3, 4, 5, 6, 7]},
        "endurance": {
            "sport": "run",
            "plannedDurationSeconds": 3000,
            "intensity": {"kind": "pace", "label": "VO2max"},
            "steps": TRACK_STEPS,
        },
    }
    await account_stack.backends.training.EditTraining(
        training_pb2.EditTrainingRequest(
            account_id=account_stack.account_id,
            device_id="coach",
            epoch=library.library.epoch,
            time_zone="UTC",
            idempotency_key="primed-track-0001",
            edit_input=edit_input_from_json({"action": "createWorkout", "workout": track}),
        )
    )


def planned(answer: dict[str, Any], title: str) -> dict[str, Any]:
    """The session the plan put on the day: ``changed_from`` when the decision adapted it."""
    for session in (answer.get("changed_from"), answer.get("session")):
        if session and session["title"] == title:
            return session
    raise AssertionError(f"{title} is not in {answer}")


async def test_a_track_session_s_intervals_come_from_its_steps_with_their_targets(account_stack):
    await schedule_track_session(account_stack)
    primed = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    session = planned(await primed("get_today_coaching"), "Track 5 x 3 min")
    rounds = [
        {"label": "work", "target": "3:45-3:55 /km", "repeat": 1, "duration_seconds": 180},
        {"label": "recovery", "target": "", "repeat": 1, "duration_seconds": 120},
    ] * 5
    assert session["intervals"] == [
        {"label": "warm-up", "target": "HR Z2", "repeat": 1, "duration_seconds": 900},
        *rounds,
        {"label": "cool-down", "target": "", "repeat": 1, "duration_seconds": 600},
    ]
    assert session["target_intensity"] == "VO2max"


async def test_a_runflow_workout_without_an_intensity_gets_one_from_its_type_and_steps(account_stack):
    await pro(account_stack)
    runflow = RunFlow(account_stack, await runflow_key(account_stack))
    await runflow(
        "create_custom_training_plan",
        {
            "name": "Autumn 10k",
            "sport": "RUN",
            "raceType": "10K",
            "raceDate": (today() + timedelta(days=60)).isoformat(),
            "planStartDate": today().isoformat(),
            "workouts": [
                {
                    "name": "Track today",
                    "scheduledDate": today().isoformat(),
                    "sport": "RUN",
                    "workoutType": "INTERVALS",
                    "structuredSteps": TRACK_STEPS,
                }
            ],
        },
    )
    primed = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    session = planned(await primed("get_today_coaching"), "Track today")
    assert session["target_intensity"] == "Z5 - VO2max intervals (3:45-3:55 /km)"
    assert len(session["intervals"]) == 12


async def test_data_freshness_of_a_past_as_of_is_the_latest_data_by_then(account_stack):
    started = datetime.combine(today() - timedelta(days=10), time(7, 0), tzinfo=UTC)
    stamp = Timestamp()
    stamp.FromDatetime(started)
    await account_stack.backends.endurance.RecordActivity(
        records_pb2.RecordActivityRequest(
            account_id=account_stack.account_id,
            activity=records_pb2.ActivityInput(
                sport="run", start_time=stamp, duration_s=3600, distance_m=10000, avg_hr=150
            ),
        )
    )
    primed = Primed(account_stack, await primed_token(account_stack, "primed:training:read"))
    as_of = started + timedelta(days=2)
    status = await primed("get_training_status", {"as_of": as_of.strftime("%Y-%m-%dT%H:%M:%SZ")})
    # Synced today, about ten days ago: as of two days after the run, the run is the latest data.
    assert status["data_freshness"] == started.strftime("%Y-%m-%dT%H:%M:%SZ")
    now = await primed("get_training_status")
    assert now["data_freshness"] is not None and now["data_freshness"] >= status["data_freshness"]
