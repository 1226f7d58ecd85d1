"""A planned endurance workout in Metric's reads (decision 0056): the calendar and the workouts view show
its sport, planned duration and distance and its steps in one line, rendered as MessageToDict renders
Training's answer; seed 000 has no place for it in a write, so edit_training refuses the field and no
published schema names it."""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from edge.profiles.metric import compact
from edge.profiles.metric.records import record
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from tests.integration.edge.metric_calls import ZONE, Tools

pytestmark = pytest.mark.asyncio(loop_scope="module")

STEP_LINE = "10 min warm-up, 6 x (2 min work at 280-300 W, 2 min recovery at RPE 3), 10 min cool-down"


def vo2_ride() -> dict[str, Any]:
    return {
        "name": "VO2 ride",
        "kind": "cardio",
        "schedule": {"type": "weekdays", "weekdays": [3]},  # Tuesdays
        "endurance": {
            "sport": "ride",
            "plannedDurationSeconds": 3600,
            "plannedDistanceMeters": 30000,
            "intensity": {"kind": "power", "label": "Z5"},
            "steps": [
                {"type": "warm_up", "durationSeconds": 600},
                {
                    "type": "repeat",
                    "repeatCount": 6,
                    "steps": [
                        {
                            "type": "interval",
                            "role": "work",
                            "durationSeconds": 120,
                            "target": {"kind": "power", "wattsLow": 280, "wattsHigh": 300},
                        },
                        {
                            "type": "interval",
                            "role": "recovery",
                            "durationSeconds": 120,
                            "target": {"kind": "rpe", "rpe": 3},
                        },
                    ],
                },
                {"type": "cool_down", "durationSeconds": 600, "notes": "easy spin"},
            ],
            "plannedTss": 75,
        },
    }


async def create_in_training(account_stack: Any, tools: Tools) -> training_pb2.Workout:
    """The ride written straight to the training service: another client of Training's own API."""
    response = await account_stack.backends.training.EditTraining(
        training_pb2.EditTrainingRequest(
            account_id=account_stack.account_id,
            device_id="coach",
            epoch=await tools.epoch(),
            time_zone=ZONE,
            idempotency_key="coach-ride-0001",
            edit_input=edit_input_from_json({"action": "createWorkout", "workout": vo2_ride()}),
        )
    )
    workout: training_pb2.Workout = response.workouts[0]
    return workout


async def test_the_calendar_and_workouts_view_show_the_ride(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    ride = await create_in_training(account_stack, tools)

    calendar = await tools.read("calendar", timeZone=ZONE, **{"from": "2026-09-20"}, to="2026-09-27")
    (occurrence,) = calendar["data"]["occurrences"]
    assert (occurrence["day"], occurrence["workoutName"]) == ("2026-09-22", "VO2 ride")
    assert occurrence["endurance"] == {
        "sport": "ride",
        "plannedDurationSeconds": 3600,
        "plannedDistanceMeters": 30000.0,
        "intensity": "Z5",
        "stepSummary": STEP_LINE,
    }

    (workout,) = (await tools.read("workouts", id=ride.id))["data"]["workouts"]
    endurance = workout["endurance"]
    assert workout["exercises"] == []
    assert (endurance["sport"], endurance["plannedDurationSeconds"], endurance["plannedDistanceMeters"]) == (
        "ride",
        3600,
        30000.0,
    )
    assert endurance["stepSummary"] == STEP_LINE
    assert endurance["intensity"] == {"kind": "power", "label": "Z5"}
    warm_up, block, cool_down = endurance["steps"]
    assert warm_up == {"type": "warm_up", "durationSeconds": 600}, "no empty role, notes or steps"
    assert block["repeatCount"] == 6 and block["steps"][0]["target"] == {
        "kind": "power",
        "wattsLow": 280,
        "wattsHigh": 300,
    }
    assert cool_down["notes"] == "easy spin"
    assert endurance["plannedTss"] == 75 and "plannedTssLocked" not in endurance

    # The same JSON as MessageToDict of Training's own answers, compacted as every view is.
    training = account_stack.backends.training
    listed = await training.ListWorkouts(
        training_pb2.ListWorkoutsRequest(account_id=account_stack.account_id, workout_ids=[ride.id])
    )
    assert workout == compact.workout(record(listed.workouts[0]))
    window = await training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=account_stack.account_id, time_zone=ZONE, from_day="2026-09-20", to_day="2026-09-27"
        )
    )
    assert occurrence == compact.occurrence(record(window.occurrences[0]))


async def test_edit_training_refuses_endurance_and_keeps_it_on_other_changes(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    ride = await create_in_training(account_stack, tools)
    epoch = await tools.epoch()
    create = {"action": "createWorkout", "workout": {**vo2_ride(), "name": "Copy"}}
    refused = await tools.error(
        "edit_training",
        {"epoch": epoch, "timeZone": ZONE, "idempotencyKey": "muse-ride-0001", "input": create},
    )
    assert (refused["error"], refused["field"]) == ("invalid_request", "input.workout.endurance")
    assert "is not a workout field" in refused["error_description"]
    assert "endurance" not in refused["error_description"].split("workout fields are", 1)[1]

    renamed = await tools(
        "edit_training",
        {
            "epoch": epoch,
            "timeZone": ZONE,
            "idempotencyKey": "muse-ride-0002",
            "expectedVersions": {f"workout:{ride.id}": ride.version},
            "input": {"action": "updateWorkout", "workoutID": ride.id, "workout": {"name": "Hard ride"}},
        },
    )
    (workout,) = renamed["workouts"]
    assert workout["name"] == "Hard ride" and workout["endurance"]["stepSummary"] == STEP_LINE


async def test_no_published_schema_names_the_endurance_part(account_stack):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {account_stack.api_key}"}) as http,
        Client(streamable_http_client(account_stack.mcp_url, http_client=http)) as client,
    ):
        tools = (await client.list_tools()).tools
        guidance = await client.call_tool("get_workout_guidance", {})
    published = json.dumps([tool.model_dump() for tool in tools]) + json.dumps(guidance.model_dump())
    assert "crossFitBlocks" in published  # the schemas and guidance are there to look through
    assert "endurance" not in published.lower()
    async with httpx2.AsyncClient(base_url=account_stack.base_url) as http:
        response = await http.get("/openapi.json")
    assert response.status_code == 200
    # Metric's REST mirror publishes no endurance field (Kinetic's own /api/endurance paths do).
    metric_paths = {path: item for path, item in response.json()["paths"].items() if "/connectors/" in path}
    assert "/api/connectors/muse/training/edits" in metric_paths
    assert "endurance" not in json.dumps(metric_paths).lower()
