"""Client AI answers an assistant can act on (issue 14): the next plan day, the effective machine
setup, only Workout V2 sessions, and not-found errors with their own codes (decision 0020).

Through the real mcp client, edge, auth, training and sessions; the gym is set up through the real
GymAdminService.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import grpc
import pytest
from google.protobuf import struct_pb2

from kinetic.sessions.v1 import gyms_pb2 as g
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from services.sessions import bootstrap as sessions
from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    ClientAi,
    Gym,
    client_ai_key,
    gym_admin,
    open_gym,
    text,
)
from tests.integration.edge.metric_calls import ZONE, Tools, minimal_create

UNKNOWN_ID = "0123456789abcdef01234567"


@pytest.fixture
async def gym(stack) -> AsyncIterator[Gym]:
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        yield await open_gym(admin, stack.account_id)
    finally:
        await channel.close(None)


@pytest.fixture
async def tools(stack, gym) -> ClientAi:
    return ClientAi(stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, stack.account_id))


async def do_day(tools: ClientAi, gym: Gym, day: g.WorkoutPlanDay) -> None:
    """Start a plan day, log one set and complete it, as the client would."""
    session = (
        await tools(
            "client_ai_start_or_resume_my_workout_session", {"planId": gym.plan.id, "planMomentId": day.id}
        )
    )["session"]
    await tools(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session["id"],
            "exerciseId": day.exercises[0].exercise_id,
            "sets": [{"setNumber": 1, "weight": 60, "reps": 5}],
        },
    )
    await tools("client_ai_complete_my_workout_session", {"sessionId": session["id"]})


async def next_days(tools: ClientAi, gym: Gym) -> tuple[dict[str, Any], dict[str, Any]]:
    """The next day as the plan list and the plan itself give it."""
    (listed,) = (await tools("client_ai_list_my_workout_plans"))["plans"]
    plan = (await tools("client_ai_get_my_workout_plan", {"planId": gym.plan.id}))["plan"]
    return listed["nextDay"], plan["nextDay"]


async def test_plan_answers_name_the_day_after_the_last_completed_one(tools, gym):
    push, pull = gym.plan.days
    listed, read = await next_days(tools, gym)
    assert listed == read
    assert (read["id"], read["name"], read["position"]) == (push.id, "Push day", 1)
    assert "lastCompletedDayId" not in read, "nothing completed yet: the first day"

    await do_day(tools, gym, push)
    listed, read = await next_days(tools, gym)
    assert listed == read
    assert (read["id"], read["name"], read["position"]) == (pull.id, "Pull day", 2)
    assert read["lastCompletedDayId"] == push.id and read["lastCompletedAt"].endswith("Z")

    await do_day(tools, gym, pull)
    _, read = await next_days(tools, gym)
    assert (read["id"], read["lastCompletedDayId"]) == (push.id, pull.id), "after the last day, the first"

    # "What's on my plan today": the plan list names the day, the day gives its exercises.
    day = (await tools("client_ai_get_my_workout_day", {"planId": gym.plan.id, "planMomentId": read["id"]}))[
        "day"
    ]
    assert day["exercises"][0]["exerciseName"] == "Bench Press"


async def test_a_started_but_unfinished_day_is_still_the_next_one(tools, gym):
    push, _ = gym.plan.days
    await tools(
        "client_ai_start_or_resume_my_workout_session", {"planId": gym.plan.id, "planMomentId": push.id}
    )
    listed, read = await next_days(tools, gym)
    assert listed["id"] == read["id"] == push.id


async def test_machine_preset_gives_the_effective_setup_and_the_values_kept_for_next_time(tools, gym):
    bench = gym.exercises["bench"]
    for scope, fields in (
        ("system", [("seat_height", 3), ("back_angle", "flat")]),
        ("company", [("seat_height", 4), ("safety_bar", True)]),
        ("coach_private", [("coach_secret", 1)]),
    ):
        await gym.admin.SetMachinePreset(
            g.SetMachinePresetRequest(
                preset=g.MachinePreset(
                    exercise_id=bench,
                    scope=scope,
                    coach_id=gym.coach_id if scope == "coach_private" else "",
                    fields=[
                        g.SetupField(key=key, label=text(key.replace("_", " ").title(), key), value=_value(v))
                        for key, v in fields
                    ],
                )
            )
        )
    preset = await tools("client_ai_get_my_workout_machine_preset", {"exerciseId": bench})
    effective = {f["key"]: (f["value"], f["source"]) for f in preset["effectiveFields"]}
    assert effective == {
        "seat_height": (4, "company"),
        "back_angle": ("flat", "system"),
        "safety_bar": (True, "company"),
    }, "the company's seat height replaces the system's"
    assert next(f for f in preset["effectiveFields"] if f["key"] == "seat_height")["label"] == "Seat Height"
    assert "coach_secret" not in str(preset)
    assert "companyFields" not in preset and "systemFields" not in preset, "one setup, not two lists"
    assert preset["nextSetupValues"] == []

    session = (await tools("client_ai_start_or_resume_my_workout_session"))["session"]
    await tools(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session["id"],
            "exerciseId": bench,
            "sets": [{"setNumber": 1, "weight": 80, "reps": 8}],
            "setupValues": [{"key": "seat_height", "value": 4}],
            "nextSetupValues": [{"key": "seat_height", "value": 5}, {"key": "grip", "value": "wide"}],
        },
    )
    await tools("client_ai_complete_my_workout_session", {"sessionId": session["id"]})
    later = (await tools("client_ai_start_or_resume_my_workout_session"))["session"]
    await tools(
        "client_ai_log_my_workout_performance",
        {"sessionId": later["id"], "exerciseId": bench, "sets": [{"setNumber": 1, "weight": 80, "reps": 8}]},
    )

    preset = await tools("client_ai_get_my_workout_machine_preset", {"exerciseId": bench})
    assert preset["nextSetupValues"] == [
        {"key": "seat_height", "label": "Seat Height", "value": 5},
        {"key": "grip", "value": "wide"},
    ], "the latest values kept for next time, a later performance without any does not hide them"


def _value(value: object) -> struct_pb2.Value:
    if isinstance(value, bool):
        return struct_pb2.Value(bool_value=value)
    if isinstance(value, str):
        return struct_pb2.Value(string_value=value)
    assert isinstance(value, int | float)
    return struct_pb2.Value(number_value=value)


@pytest.fixture
async def sessions_reaching_training(stack, sqlite_engines, tmp_path):
    """A sessions replica on the stack's database that can reach training (occurrence sessions)."""
    running = await sessions.start(
        ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": str(tmp_path)}),
        port=0,
        engine=sqlite_engines("sessions"),
        training_target=f"127.0.0.1:{stack.servers['training'].port}",
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield sessions_pb2_grpc.SessionsServiceStub(channel)
    finally:
        await channel.close(None)
        await running.stop(0)


async def test_sessions_of_training_occurrences_are_not_workout_v2_sessions(
    stack, gym, tools, sessions_reaching_training
):
    metric = Tools(stack.mcp_url, stack.api_key)
    squat = await metric.exercise_id("back squat")
    request = minimal_create(await metric.epoch(), squat, key="daily-run-0001")
    request["input"]["workout"]["schedule"] = {"type": "everyNDays", "intervalDays": 1}
    (workout,) = (await metric("edit_training", request))["workouts"]
    occurrence = (
        await sessions_reaching_training.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=stack.account_id,
                workout_id=workout["id"],
                original_scheduled_day=datetime.now(ZoneInfo(ZONE)).date().isoformat(),
                title=workout["name"],
                device_id="tests",
            )
        )
    ).session
    plan_day = (
        await tools(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
        )
    )["session"]
    freestyle = (await tools("client_ai_start_or_resume_my_workout_session"))["session"]

    listed = await tools("client_ai_list_my_workout_sessions")
    assert {s["id"] for s in listed["sessions"]} == {plan_day["id"], freestyle["id"]}
    assert listed["totalCount"] == 2 and listed["hasMore"] is False
    assert {s["source"] for s in listed["sessions"]} == {"plan_day", "freestyle"}
    first = await tools("client_ai_list_my_workout_sessions", {"limit": 1})
    assert first["totalCount"] == 2 and first["hasMore"] is True, "pages count Workout V2 sessions only"

    hidden = await tools.error("client_ai_get_my_workout_session", {"sessionId": occurrence.session_id})
    assert hidden["error"] == "session_not_found"


async def test_missing_or_hidden_records_answer_their_own_not_found_codes(tools, gym):
    cases = [
        ("client_ai_get_my_workout_plan", {"planId": UNKNOWN_ID}, "plan_not_found"),
        (
            "client_ai_get_my_workout_day",
            {"planId": UNKNOWN_ID, "planMomentId": gym.push_day.id},
            "plan_not_found",
        ),
        (
            "client_ai_get_my_workout_day",
            {"planId": gym.plan.id, "planMomentId": UNKNOWN_ID},
            "plan_day_not_found",
        ),
        ("client_ai_get_workout_exercise", {"exerciseId": gym.exercises["secret"]}, "exercise_not_visible"),
        ("client_ai_get_workout_exercise", {"exerciseId": UNKNOWN_ID}, "exercise_not_visible"),
        (
            "client_ai_get_my_workout_machine_preset",
            {"exerciseId": gym.exercises["secret"]},
            "exercise_not_visible",
        ),
        ("client_ai_get_my_exercise_history", {"exerciseId": UNKNOWN_ID}, "exercise_not_visible"),
        ("client_ai_get_my_workout_session", {"sessionId": UNKNOWN_ID}, "session_not_found"),
        (
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": UNKNOWN_ID},
            "plan_day_not_found",
        ),
    ]
    for tool, arguments, code in cases:
        error = await tools.error(tool, arguments)
        assert error["error"] == code, (tool, arguments, error)
        assert error["error_description"], error
