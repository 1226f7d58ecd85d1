"""The Client AI Workout V2 tools (seed 002) through the real mcp client, edge, auth and sessions.

The gym is set up through the real GymAdminService; every scenario is one of seed 002's natural
language examples, carried out the way an assistant would.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.sessions.v1 import gyms_pb2 as g
from kinetic.sessions.v1 import sessions_pb2
from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    ClientAi,
    Gym,
    client_ai_key,
    gym_admin,
    open_gym,
    set_presets,
    text,
)

READ_TOOLS = {
    "client_ai_list_my_workout_plans",
    "client_ai_get_my_workout_plan",
    "client_ai_get_my_workout_day",
    "client_ai_get_workout_exercise",
    "client_ai_get_my_exercise_history",
    "client_ai_list_my_workout_sessions",
    "client_ai_get_my_workout_session",
    "client_ai_get_my_workout_machine_preset",
    "client_ai_get_my_workout_equipment_profile",
}
WRITE_TOOLS = {
    "client_ai_start_or_resume_my_workout_session",
    "client_ai_log_my_workout_performance",
    "client_ai_complete_my_workout_session",
}


@dataclass
class Setup:
    stack: Any
    gym: Gym
    tools: ClientAi


@pytest.fixture
async def setup(stack) -> AsyncIterator[Setup]:
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, stack.account_id)
        key = await client_ai_key(stack.backends, stack.account_id)
        yield Setup(stack, gym, ClientAi(stack.base_url + CLIENT_AI_PATH, key))
    finally:
        await channel.close(None)


async def latest_change(stack) -> int:
    response = await stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=stack.account_id)
    )
    return int(response.latest_sequence)


async def test_twelve_tools_with_annotations_and_closed_input_schemas(setup):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {setup.tools.token}"}) as http,
        Client(streamable_http_client(setup.tools.url, http_client=http)) as client,
    ):
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        instructions = client.instructions or ""
    assert set(tools) == READ_TOOLS | WRITE_TOOLS
    for name, tool in tools.items():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (name in READ_TOOLS), name
        assert tool.input_schema["additionalProperties"] is False, name
        assert "clientId" not in tool.input_schema["properties"]
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
    log = tools["client_ai_log_my_workout_performance"].input_schema
    assert log["required"] == ["sessionId", "exerciseId", "sets"]
    assert log["properties"]["sets"]["maxItems"] == 50 and log["properties"]["notes"]["maxLength"] == 2000
    assert "subject" in instructions or "signed-in gym client" in instructions


async def test_whats_on_my_training_plan_for_today(setup):
    tools, gym = setup.tools, setup.gym
    plans = await tools("client_ai_list_my_workout_plans", {"status": "Active"})
    (summary,) = plans["plans"]
    assert summary["id"] == gym.plan.id and summary["name"] == "Push / Pull" and summary["dayCount"] == 2

    plan = (await tools("client_ai_get_my_workout_plan", {"planId": summary["id"]}))["plan"]
    assert [d["name"] for d in plan["days"]] == ["Push day", "Pull day"]
    assert plan["coachName"] == "Sam"

    day = (
        await tools(
            "client_ai_get_my_workout_day", {"planId": plan["id"], "planMomentId": plan["days"][0]["id"]}
        )
    )["day"]
    (bench,) = day["exercises"]
    assert (bench["exerciseName"], bench["targetSets"], bench["targetReps"], bench["targetWeightKg"]) == (
        "Bench Press",
        3,
        "8",
        80,
    )
    dutch = await tools(
        "client_ai_get_my_workout_day",
        {"planId": plan["id"], "planMomentId": plan["days"][0]["id"], "language": "nl"},
    )
    assert dutch["day"]["name"] == "Duwdag" and dutch["day"]["exercises"][0]["exerciseName"] == "Bankdrukken"
    assert dutch["language"] == "nl"


async def start_push_day(tools: ClientAi, gym: Gym) -> dict[str, Any]:
    return await tools(
        "client_ai_start_or_resume_my_workout_session",
        {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
    )


def three_bench_sets() -> list[dict[str, object]]:
    return [
        {"setNumber": n, "setType": "N", "weight": 80, "reps": 8, "rpe": 8, "completed": True}
        for n in (1, 2, 3)
    ]


async def test_start_my_push_day_workout_and_resume_it(setup):
    tools, gym = setup.tools, setup.gym
    started = await start_push_day(tools, gym)
    session = started["session"]
    assert started["resumed"] is False
    assert (session["source"], session["status"], session["title"]) == ("plan_day", "in_progress", "Push day")
    assert (session["planId"], session["planMomentId"]) == (gym.plan.id, gym.push_day.id)

    again = await start_push_day(tools, gym)
    assert again["resumed"] is True and again["session"]["id"] == session["id"]
    listed = await tools("client_ai_list_my_workout_sessions", {"status": "in_progress"})
    assert [s["id"] for s in listed["sessions"]] == [session["id"]]


async def test_log_3_sets_of_bench_press_8_reps_at_80_kg_rpe_8(setup):
    tools, gym = setup.tools, setup.gym
    session = (await start_push_day(tools, gym))["session"]
    arguments = {
        "sessionId": session["id"],
        "exerciseId": gym.exercises["bench"],
        "planExerciseId": gym.push_day.exercises[0].id,
        "sets": three_bench_sets(),
    }
    logged = await tools("client_ai_log_my_workout_performance", arguments)
    assert logged["replayed"] is False
    assert [(s["setNumber"], s["weight"], s["reps"], s["rpe"]) for s in logged["performance"]["sets"]] == [
        (1, 80, 8, 8),
        (2, 80, 8, 8),
        (3, 80, 8, 8),
    ]
    before = await latest_change(setup.stack)
    retry = await tools("client_ai_log_my_workout_performance", arguments)
    assert retry["replayed"] is True and retry["performance"]["id"] == logged["performance"]["id"]
    assert await latest_change(setup.stack) == before, "a retry writes nothing"

    read = (await tools("client_ai_get_my_workout_session", {"sessionId": session["id"]}))["session"]
    (performance,) = read["performances"]
    assert performance["planExerciseId"] == gym.push_day.exercises[0].id and len(performance["sets"]) == 3

    fixed = await tools(
        "client_ai_log_my_workout_performance",
        {**arguments, "sets": [{"setNumber": 3, "weight": 80, "reps": 7, "rpe": 9.5}]},
    )
    assert [s["reps"] for s in fixed["performance"]["sets"]] == [8, 8, 7], "set 3 replaced, others kept"


async def test_what_was_my_heaviest_deadlift_set_in_the_last_three_months(setup):
    tools, gym = setup.tools, setup.gym
    pull = gym.plan.days[1]
    session = (
        await tools(
            "client_ai_start_or_resume_my_workout_session", {"planId": gym.plan.id, "planMomentId": pull.id}
        )
    )["session"]
    await tools(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session["id"],
            "exerciseId": gym.exercises["deadlift"],
            "sets": [
                {"setNumber": 1, "weight": 140, "reps": 5},
                {"setNumber": 2, "weight": 150, "reps": 3},
                {"setNumber": 3, "weight": 145, "reps": 4},
            ],
        },
    )
    unfinished = await tools("client_ai_get_my_exercise_history", {"exerciseId": gym.exercises["deadlift"]})
    assert unfinished["entries"] == [], "history holds completed sessions only"
    completed = await tools("client_ai_complete_my_workout_session", {"sessionId": session["id"]})
    assert completed["session"]["status"] == "completed" and completed["replayed"] is False

    today = datetime.now(UTC).date()
    history = await tools(
        "client_ai_get_my_exercise_history",
        {
            "exerciseId": gym.exercises["deadlift"],
            "dateFrom": (today - timedelta(days=91)).isoformat(),
            "dateTo": today.isoformat(),
        },
    )
    assert history["exercise"]["name"] == "Deadlift" and history["count"] == 1
    heaviest = max(
        (s for e in history["entries"] for s in e["performance"]["sets"]), key=lambda s: s["weight"]
    )
    assert (heaviest["weight"], heaviest["reps"]) == (150, 3)
    too_long = await tools.error(
        "client_ai_get_my_exercise_history",
        {"exerciseId": gym.exercises["deadlift"], "dateFrom": "2025-01-01", "dateTo": "2026-01-03"},
    )
    # The 366-day window is the sessions service's rule; it names the window's start.
    assert too_long["field"] == "dateFrom" and "366 days" in too_long["error_description"]


async def test_complete_awards_experience_once(setup):
    tools, gym = setup.tools, setup.gym
    session = (await start_push_day(tools, gym))["session"]
    await tools(
        "client_ai_log_my_workout_performance",
        {"sessionId": session["id"], "exerciseId": gym.exercises["bench"], "sets": three_bench_sets()},
    )
    first = await tools(
        "client_ai_complete_my_workout_session", {"sessionId": session["id"], "notes": "Good"}
    )
    again = await tools(
        "client_ai_complete_my_workout_session", {"sessionId": session["id"], "notes": "Good"}
    )
    assert first["replayed"] is False and again["replayed"] is True
    assert again["experiencePointsAwarded"] == first["experiencePointsAwarded"] > 0
    assert again["totalExperiencePoints"] == first["totalExperiencePoints"]
    closed = await tools.error(
        "client_ai_log_my_workout_performance",
        {"sessionId": session["id"], "exerciseId": gym.exercises["bench"], "sets": [{"setNumber": 4}]},
    )
    assert closed["error"] == "session_not_active"


async def test_exercises_presets_and_equipment_show_only_what_the_client_may_see(setup):
    tools, gym = setup.tools, setup.gym
    await set_presets(gym)
    bench = await tools(
        "client_ai_get_workout_exercise", {"exerciseId": gym.exercises["bench"], "language": "nl"}
    )
    assert bench["exercise"]["name"] == "Bankdrukken" and bench["exercise"]["own"] is False
    hidden = await tools.error("client_ai_get_workout_exercise", {"exerciseId": gym.exercises["secret"]})
    assert hidden["error"] == "exercise_not_visible"

    preset = await tools("client_ai_get_my_workout_machine_preset", {"exerciseId": gym.exercises["bench"]})
    assert [(f["key"], f["value"], f["source"]) for f in preset["effectiveFields"]] == [
        ("back_angle", "flat", "system"),
        ("seat_height", 4, "company"),
    ]
    assert "coach_secret" not in str(preset)

    equipment = await tools("client_ai_get_my_workout_equipment_profile")
    assert equipment["items"] == [] and equipment["catalog"], "no profile yet; the catalog is visible"


async def test_twenty_parallel_identical_log_calls_store_each_set_once(setup):
    tools, gym = setup.tools, setup.gym
    session = (await start_push_day(tools, gym))["session"]
    arguments = {"sessionId": session["id"], "exerciseId": gym.exercises["bench"], "sets": three_bench_sets()}
    before = await latest_change(setup.stack)

    results = await asyncio.gather(
        *(tools("client_ai_log_my_workout_performance", arguments) for _ in range(20))
    )

    assert len({r["performance"]["id"] for r in results}) == 1
    assert sum(1 for r in results if not r["replayed"]) == 1, "one call wrote; 19 were replays"
    assert await latest_change(setup.stack) == before + 1, "one change in the feed"
    read = (await tools("client_ai_get_my_workout_session", {"sessionId": session["id"]}))["session"]
    (performance,) = read["performances"]
    assert [s["setNumber"] for s in performance["sets"]] == [1, 2, 3]
    assert read["performanceCount"] == 1


async def test_wod_plans_are_neither_listed_nor_started(setup):
    tools, gym = setup.tools, setup.gym
    wod = (
        await gym.admin.CreatePlan(
            g.CreatePlanRequest(
                plan=g.WorkoutPlan(
                    company_id=gym.company.id,
                    coach_id=gym.coach_id,
                    client_id=gym.client.id,
                    name=text("Daily WOD", "Dagelijkse WOD"),
                    status="Active",
                    is_wod=True,
                    days=[
                        g.WorkoutPlanDay(
                            name=text("Fran", "Fran"),
                            visible=True,
                            exercises=[
                                g.WorkoutPlanExercise(exercise_id=gym.exercises["squat"], target_reps="21")
                            ],
                        )
                    ],
                )
            )
        )
    ).plan
    listed = await tools("client_ai_list_my_workout_plans")
    assert [p["id"] for p in listed["plans"]] == [gym.plan.id]
    before = await latest_change(setup.stack)
    refused = await tools.error(
        "client_ai_start_or_resume_my_workout_session", {"planId": wod.id, "planMomentId": wod.days[0].id}
    )
    assert refused["error"] == "wod_not_supported" and "WOD module" in refused["error_description"]
    assert await latest_change(setup.stack) == before
