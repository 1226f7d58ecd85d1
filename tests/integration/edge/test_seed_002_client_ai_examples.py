"""Seed 002 (Client AI Workout V2): its JSON-RPC example and its error sentences, sent to the real edge.

Only IDs come from the live gym (set up through the real GymAdminService, ``client_ai_gym``); every
other byte of the example is the seed's. Each test quotes the sentence it checks (issue 27, decisions
0077 and 0081). Client AI errors are tool errors whose text is ``{error, error_description, field?}``
JSON (decision 0020); a refused call stores nothing.

Examples sent: the "JSON-RPC Call Example" (``client_ai_log_my_workout_performance``, string id
``client-workout-1``) as the raw body, byte for byte, with the ``sessionId`` of a session started
live and the live bench press's ``exerciseId``.

Error sentences tested: the module is unavailable when the company MCP integration feature is off,
client AI access is off, the company's client MCP policy does not allow the module, the policy does
not allow write tools (writes only), or the client has not granted health data consent; "no target
client can be supplied" (a client-naming argument is refused on every tool); "WOD and group sessions
are rejected"; the input limits (sets 1-50, setNumber 1-100, setType N/W/D/F, rpe 0-10, set notes
and notes, setupValues and nextSetupValues, page, limit, the 366-day window, language, plan and
session statuses, 24-character ObjectIds, dates outside 1900-2999, required fields, wrong types);
"Idempotently upsert" (the same call again stores nothing more) and "Idempotently complete"; the
example sent with the seed's own IDs (a clear ``session_not_found``).

Not sendable, and why: the four natural-language examples ("What's on my training plan for
today?", "Start my push day workout.", "Log 3 sets of bench press: 8 reps at 80 kg, RPE 8.", "What
was my heaviest deadlift set in the last three months?") are what an athlete says to an assistant,
not requests to Kinetic; the tool calls an assistant makes for each are carried out in
``test_client_ai_tools.py``. Kinetic has no group sessions: the WOD check covers "WOD or group
content" (the service refuses both as ``wod_not_supported``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx2
import pytest
import pytest_asyncio

from kinetic.sessions.v1 import gyms_pb2 as g
from kinetic.sessions.v1 import sessions_pb2
from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    MODULE,
    ClientAi,
    Gym,
    client_ai_key,
    gym_admin,
    new_account,
    open_gym,
    text,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

# The seed's "JSON-RPC Call Example (client_ai_log_my_workout_performance)", as printed.
SEED_EXAMPLE = """{
  "jsonrpc": "2.0",
  "id": "client-workout-1",
  "method": "tools/call",
  "params": {
    "name": "client_ai_log_my_workout_performance",
    "arguments": {
      "sessionId": "64b64c0f2f5f4c0012345678",
      "exerciseId": "64b64c0f2f5f4c0012345679",
      "sets": [
        {
          "setNumber": 1,
          "setType": "N",
          "weight": 80,
          "reps": 8,
          "rpe": 8,
          "completed": true
        }
      ]
    }
  }
}"""
SEED_SESSION_ID = "64b64c0f2f5f4c0012345678"
SEED_EXERCISE_ID = "64b64c0f2f5f4c0012345679"
UNKNOWN_ID = "0123456789abcdef01234567"
TOOLS = (
    "client_ai_list_my_workout_plans",
    "client_ai_get_my_workout_plan",
    "client_ai_get_my_workout_day",
    "client_ai_get_workout_exercise",
    "client_ai_get_my_exercise_history",
    "client_ai_list_my_workout_sessions",
    "client_ai_get_my_workout_session",
    "client_ai_get_my_workout_machine_preset",
    "client_ai_get_my_workout_equipment_profile",
    "client_ai_start_or_resume_my_workout_session",
    "client_ai_log_my_workout_performance",
    "client_ai_complete_my_workout_session",
)


@dataclass
class Client:
    """One gym client with every gate open, and the tools under its client_ai key."""

    stack: Any
    gym: Gym
    tools: ClientAi
    account_id: str

    async def start(self, day: int = 0) -> str:
        """The ID of the in-progress session of plan day ``day`` (started, or resumed)."""
        started = await self.tools(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": self.gym.plan.id, "planMomentId": self.gym.plan.days[day].id},
        )
        return str(started["session"]["id"])

    def one_set(self, session_id: str, **extra: Any) -> dict[str, Any]:
        return {
            "sessionId": session_id,
            "exerciseId": self.gym.exercises["bench"],
            "sets": [{"setNumber": 1, "weight": 80, "reps": 8, "rpe": 8}],
            **extra,
        }

    async def latest_change(self) -> int:
        response = await self.stack.backends.sessions.ListChanges(
            sessions_pb2.ListChangesRequest(account_id=self.account_id)
        )
        return int(response.latest_sequence)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def admin(module_stack) -> AsyncIterator[Any]:
    channel, stub = gym_admin(module_stack.servers["sessions"].port)
    try:
        yield stub
    finally:
        await channel.close(None)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def ada(module_stack, admin) -> Client:
    """The module account as a gym client: the gym shared by the tests that change no gate."""
    gym = await open_gym(admin, module_stack.account_id)
    key = await client_ai_key(module_stack.backends, module_stack.account_id)
    return Client(
        module_stack, gym, ClientAi(module_stack.base_url + CLIENT_AI_PATH, key), module_stack.account_id
    )


async def new_client(stack: Any, admin: Any, name: str) -> Client:
    """Another account in a gym of its own: for tests that close a gate or complete a session."""
    account_id = await new_account(stack.backends, f"{name}@example.com")
    gym = await open_gym(admin, account_id, name=f"{name.title()} Strength")
    key = await client_ai_key(stack.backends, account_id)
    return Client(stack, gym, ClientAi(stack.base_url + CLIENT_AI_PATH, key), account_id)


# --- the JSON-RPC Call Example -------------------------------------------------------------------


async def test_seed_002_json_rpc_call_example(ada):
    session_id = await ada.start()
    body = SEED_EXAMPLE.replace(SEED_SESSION_ID, session_id).replace(
        SEED_EXERCISE_ID, ada.gym.exercises["bench"]
    )
    assert body.count(session_id) == 1 and len(body) == len(SEED_EXAMPLE), "only the two IDs differ"
    headers = {
        "Authorization": f"Bearer {ada.tools.token}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(ada.tools.url, headers=headers, content=body)
        again = await http.post(ada.tools.url, headers=headers, content=body)

    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["jsonrpc"] == "2.0" and answer["id"] == "client-workout-1"
    result = answer["result"]
    assert result.get("isError", False) is False, result
    logged = result["structuredContent"]
    assert json.loads(result["content"][0]["text"]) == logged
    performance = logged["performance"]
    assert performance["exerciseId"] == ada.gym.exercises["bench"]
    [logged_set] = performance["sets"]
    assert {k: logged_set[k] for k in ("setNumber", "setType", "weight", "reps", "rpe", "completed")} == {
        "setNumber": 1,
        "setType": "N",
        "weight": 80,
        "reps": 8,
        "rpe": 8,
        "completed": True,
    }
    # "Idempotently upsert": the example sent twice is one performance with one set.
    assert again.json()["result"]["structuredContent"]["performance"]["id"] == performance["id"]
    read = await ada.tools("client_ai_get_my_workout_session", {"sessionId": session_id})
    same = [p for p in read["session"]["performances"] if p["id"] == performance["id"]]
    assert len(same) == 1 and len(same[0]["sets"]) == 1


# --- "The module is available only when ..." -----------------------------------------------------


async def refused_everywhere(
    client: Client, session_id: str, code: str, *, writes_only: bool = False
) -> None:
    """Each tool answers ``code`` with a text that says what to do, and nothing is stored."""
    before = await client.latest_change()
    calls: list[tuple[str, dict[str, Any]]] = [
        ("client_ai_start_or_resume_my_workout_session", {}),
        ("client_ai_log_my_workout_performance", client.one_set(session_id)),
        ("client_ai_complete_my_workout_session", {"sessionId": session_id}),
    ]
    if not writes_only:
        calls += [
            ("client_ai_list_my_workout_plans", {}),
            ("client_ai_get_my_workout_session", {"sessionId": session_id}),
            ("client_ai_get_workout_exercise", {"exerciseId": client.gym.exercises["bench"]}),
        ]
    for tool, arguments in calls:
        error = await client.tools.error(tool, arguments)
        assert error["error"] == code, (tool, error)
        assert "ask your gym" in error["error_description"] or "consent" in error["error_description"]
        assert "GymAdminService" not in error["error_description"]
    assert await client.latest_change() == before


@pytest.mark.parametrize(
    ("gate", "code"),
    [
        # "... only when the company MCP integration feature is enabled"
        ("feature_off", "feature_disabled"),
        # "... client AI access is enabled for the client-company relationship"
        ("client_ai_access_off", "client_ai_access_disabled"),
        # "... the company's client MCP policy allows the module"
        ("module_not_in_policy", "module_not_allowed"),
        # "... and the client has granted health data consent"
        ("no_consent", "health_data_consent_required"),
    ],
)
async def test_seed_002_module_unavailable_when_a_gate_is_closed(module_stack, admin, gate, code):
    client = await new_client(module_stack, admin, gate.replace("_", "-"))
    session_id = await client.start()
    if gate == "feature_off":
        await client.gym.set_company(mcp_integration_enabled=False)
    elif gate == "client_ai_access_off":
        await client.gym.set_ai_access(False)
    elif gate == "module_not_in_policy":
        await client.gym.set_company(
            client_mcp_policy=g.ClientMcpPolicy(allowed_modules=["client_ai_wod"], write_tools_allowed=True)
        )
    else:
        await client.gym.set_consent(False)
    await refused_everywhere(client, session_id, code)


async def test_seed_002_write_tools_need_the_policy_to_allow_them(module_stack, admin):
    # "(write tools additionally require the company policy to allow them)"
    client = await new_client(module_stack, admin, "read-only")
    session_id = await client.start()
    await client.gym.set_company(
        client_mcp_policy=g.ClientMcpPolicy(allowed_modules=[MODULE], write_tools_allowed=False)
    )
    await refused_everywhere(client, session_id, "write_tools_not_allowed", writes_only=True)
    read = await client.tools("client_ai_get_my_workout_session", {"sessionId": session_id})
    assert read["session"]["status"] == "in_progress", "reads still answer"


# --- "no target client can be supplied" ----------------------------------------------------------


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("argument", ["clientId", "subjectClientId", "client_id"])
async def test_seed_002_no_target_client_can_be_supplied(ada, tool, argument):
    # "Client AI tools are subject-bound: every call resolves to the authenticated client
    # (subjectClientId); no target client can be supplied"
    before = await ada.latest_change()
    error = await ada.tools.error(tool, {argument: ada.gym.client.id})
    assert (error["error"], error["field"]) == ("invalid_request", argument), error
    assert error["error_description"].startswith(f"{argument}: unknown argument")
    assert await ada.latest_change() == before


# --- "WOD and group sessions are rejected" -------------------------------------------------------


async def test_seed_002_wod_sessions_are_rejected(ada):
    # "Idempotently start or resume ... WOD and group sessions are rejected." and "WOD or group
    # sessions are handled by the client_ai_wod module or the client app"
    wod = (
        await ada.gym.admin.CreatePlan(
            g.CreatePlanRequest(
                plan=g.WorkoutPlan(
                    company_id=ada.gym.company.id,
                    coach_id=ada.gym.coach_id,
                    client_id=ada.gym.client.id,
                    name=text("Daily WOD", "Dagelijkse WOD"),
                    status="Active",
                    is_wod=True,
                    days=[
                        g.WorkoutPlanDay(
                            name=text("Fran", "Fran"),
                            visible=True,
                            exercises=[
                                g.WorkoutPlanExercise(
                                    exercise_id=ada.gym.exercises["squat"], target_reps="21"
                                )
                            ],
                        )
                    ],
                )
            )
        )
    ).plan
    before = await ada.latest_change()
    for tool, arguments in (
        ("client_ai_start_or_resume_my_workout_session", {"planId": wod.id, "planMomentId": wod.days[0].id}),
        ("client_ai_get_my_workout_plan", {"planId": wod.id}),
        ("client_ai_get_my_workout_day", {"planId": wod.id, "planMomentId": wod.days[0].id}),
    ):
        error = await ada.tools.error(tool, arguments)
        assert error["error"] == "wod_not_supported", (tool, error)
        # Both the module the seed names and the app, so the assistant can point the client there.
        assert "client_ai_wod" in error["error_description"], error
        assert "client app" in error["error_description"], error
    assert await ada.latest_change() == before
    listed = await ada.tools("client_ai_list_my_workout_plans")
    assert wod.id not in [p["id"] for p in listed["plans"]]


# --- the input limits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        # "sets (array, required): 1-50 set objects."
        ({"sets": []}, "sets"),
        ({"sets": [{"setNumber": n} for n in range(1, 52)]}, "sets"),
        ({"sets": '[{"setNumber": 1}]'}, "sets"),
        # "a required setNumber (integer, 1-100)"
        ({"sets": [{"setNumber": 0}]}, "sets[0].setNumber"),
        ({"sets": [{"setNumber": 101}]}, "sets[0].setNumber"),
        ({"sets": [{"setNumber": 1.5}]}, "sets[0].setNumber"),
        ({"sets": [{"weight": 80}]}, "sets[0].setNumber"),
        # "setType (one of N, W, D, F — normal, warm-up, drop, failure)"
        ({"sets": [{"setNumber": 1, "setType": "X"}]}, "sets[0].setType"),
        ({"sets": [{"setNumber": 1, "setType": "n"}]}, "sets[0].setType"),
        # "rpe (number, 0-10)"
        ({"sets": [{"setNumber": 1, "rpe": -1}]}, "sets[0].rpe"),
        ({"sets": [{"setNumber": 1, "rpe": 10.5}]}, "sets[0].rpe"),
        # "weight (number)", "completed (boolean)"
        ({"sets": [{"setNumber": 1, "weight": "80kg"}]}, "sets[0].weight"),
        ({"sets": [{"setNumber": 1, "completed": "yes"}]}, "sets[0].completed"),
        # "notes (string, max 1000 chars)" per set; "notes (string, optional): ... Max 2000 chars."
        ({"sets": [{"setNumber": 1, "notes": "x" * 1001}]}, "sets[0].notes"),
        ({"notes": "x" * 2001}, "notes"),
        # "setupValues (array, optional): Up to 8 { key, value }" and "nextSetupValues ... Up to 8"
        ({"setupValues": [{"key": f"k{i}", "value": i} for i in range(9)]}, "setupValues"),
        ({"nextSetupValues": [{"key": f"k{i}", "value": i} for i in range(9)]}, "nextSetupValues"),
        ({"setupValues": [{"key": "seat", "value": [4]}]}, "setupValues[0].value"),
        # "sessionId (string, required): The active session ID (24-character ObjectId)."
        ({"exerciseId": "bench-press"}, "exerciseId"),
        ({"sessionId": "64b64c0f2f5f4c001234567"}, "sessionId"),
        ({"planExerciseId": "zzzzzzzzzzzzzzzzzzzzzzzz"}, "planExerciseId"),
        ({"performanceId": 12345}, "performanceId"),
        ({"isCompleted": "yes"}, "isCompleted"),
    ],
)
async def test_seed_002_log_limits_name_the_field_and_store_nothing(ada, changes, field):
    session_id = await ada.start()
    before = await ada.latest_change()
    error = await ada.tools.error("client_ai_log_my_workout_performance", ada.one_set(session_id, **changes))
    assert (error["error"], error["field"]) == ("invalid_request", field), error
    assert error["error_description"].startswith(f"{field}: "), error
    assert await ada.latest_change() == before


async def test_seed_002_log_limits_accept_their_bounds(ada):
    session_id = await ada.start()
    sets = [
        {"setNumber": 100, "setType": "F", "rpe": 10, "notes": "x" * 1000, "reps": "AMRAP"},
        {"setNumber": 99, "setType": "W", "rpe": 0},
        {"setNumber": 98, "setType": "D"},
    ]
    logged = await ada.tools(
        "client_ai_log_my_workout_performance",
        {
            **ada.one_set(session_id, exerciseId=ada.gym.exercises["squat"]),
            "sets": sets,
            "notes": "y" * 2000,
            "setupValues": [{"key": f"k{i}", "value": i} for i in range(8)],
            "nextSetupValues": [{"key": f"k{i}", "value": True} for i in range(8)],
        },
    )
    assert sorted(s["setNumber"] for s in logged["performance"]["sets"]) == [98, 99, 100]


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        # "page (integer, optional): Page number, starting at 1." / "limit ...: Page size, max 50."
        ("client_ai_list_my_workout_plans", {"page": 0}, "page"),
        ("client_ai_list_my_workout_plans", {"limit": 51}, "limit"),
        ("client_ai_list_my_workout_plans", {"limit": "10"}, "limit"),
        ("client_ai_list_my_workout_sessions", {"page": 0}, "page"),
        ("client_ai_list_my_workout_sessions", {"limit": 51}, "limit"),
        ("client_ai_get_my_exercise_history", {"exerciseId": "BENCH", "limit": 10}, "exerciseId"),
        # "limit (integer, optional): Maximum number of history records, max 50."
        ("client_ai_get_my_exercise_history", {"exerciseId": UNKNOWN_ID, "limit": 51}, "limit"),
        ("client_ai_get_my_exercise_history", {"exerciseId": UNKNOWN_ID, "limit": 0}, "limit"),
        # "status (string, optional): Plan status filter, one of Active, Inactive, Draft."
        ("client_ai_list_my_workout_plans", {"status": "Archived"}, "status"),
        ("client_ai_list_my_workout_plans", {"status": "active"}, "status"),
        # "Session status filter, one of planned, in_progress, paused, completed, stopped, cancelled."
        ("client_ai_list_my_workout_sessions", {"status": "done"}, "status"),
        # "language (string, optional): Content language, one of en, nl."
        ("client_ai_list_my_workout_plans", {"language": "de"}, "language"),
        ("client_ai_get_workout_exercise", {"exerciseId": UNKNOWN_ID, "language": "EN"}, "language"),
        # "(24-character ObjectId)" and required IDs
        ("client_ai_get_my_workout_plan", {"planId": "123"}, "planId"),
        ("client_ai_get_my_workout_plan", {}, "planId"),
        ("client_ai_get_my_workout_day", {"planId": UNKNOWN_ID}, "planMomentId"),
        ("client_ai_get_my_workout_session", {"sessionId": UNKNOWN_ID + "0"}, "sessionId"),
        ("client_ai_get_my_workout_machine_preset", {}, "exerciseId"),
        ("client_ai_complete_my_workout_session", {}, "sessionId"),
        ("client_ai_complete_my_workout_session", {"sessionId": UNKNOWN_ID, "notes": "x" * 2001}, "notes"),
        ("client_ai_start_or_resume_my_workout_session", {"planId": "push-day"}, "planId"),
        ("client_ai_get_my_workout_equipment_profile", {"page": 1}, "page"),
    ],
)
async def test_seed_002_read_limits_name_the_field(ada, tool, arguments, field):
    error = await ada.tools.error(tool, arguments)
    assert (error["error"], error.get("field")) == ("invalid_request", field), error
    assert error["error_description"].startswith(f"{field}: "), error


@pytest.mark.parametrize("tool", ["client_ai_get_my_exercise_history", "client_ai_list_my_workout_sessions"])
async def test_seed_002_date_window_is_at_most_366_days(ada, tool):
    # "dateFrom (string, optional): Start date filter in ISO 8601 format. Maximum window is 366 days."
    base = {"exerciseId": ada.gym.exercises["bench"]} if tool.endswith("history") else {}
    too_long = await ada.tools.error(tool, {**base, "dateFrom": "2025-01-01", "dateTo": "2026-01-03"})
    assert too_long["field"] == "dateFrom" and "366 days" in too_long["error_description"], too_long
    bad_date = await ada.tools.error(tool, {**base, "dateFrom": "01/01/2026"})
    assert bad_date["field"] == "dateFrom", bad_date
    # Dates no workout has: refused by name, not answered as the service being unavailable.
    for field, value in (("dateFrom", "9999-12-31"), ("dateTo", "0001-01-01T00:00:00+14:00")):
        far = await ada.tools.error(tool, {**base, field: value})
        assert (far["error"], far["field"]) == ("invalid_request", field), far
        assert "years 1900 to 2999" in far["error_description"], far
    widest = await ada.tools(tool, {**base, "dateFrom": "2025-01-01", "dateTo": "2026-01-02"})
    assert isinstance(widest, dict)


# --- "Idempotently upsert" and "Idempotently complete" -------------------------------------------


async def test_seed_002_log_idempotently_upserts_sets(ada):
    # "Idempotently upsert allowlisted sets and client-owned setup values"
    session_id = await ada.start()
    arguments = ada.one_set(
        session_id,
        exerciseId=ada.gym.exercises["deadlift"],
        sets=[{"setNumber": 1, "weight": 140, "reps": 5}, {"setNumber": 2, "weight": 150, "reps": 3}],
        setupValues=[{"key": "bar_height", "value": 5}],
    )
    first = await ada.tools("client_ai_log_my_workout_performance", arguments)
    before = await ada.latest_change()
    again = await ada.tools("client_ai_log_my_workout_performance", arguments)
    assert again["replayed"] is True and again["performance"] == first["performance"]
    assert await ada.latest_change() == before, "the same call again stores nothing"
    changed = await ada.tools(
        "client_ai_log_my_workout_performance",
        {**arguments, "sets": [{"setNumber": 2, "weight": 152.5, "reps": 3}]},
    )
    assert changed["performance"]["id"] == first["performance"]["id"]
    assert [(s["setNumber"], s["weight"]) for s in changed["performance"]["sets"]] == [(1, 140), (2, 152.5)]


async def test_seed_002_complete_is_idempotent(module_stack, admin):
    # "Idempotently complete the authenticated client's active non-WOD, non-group session"
    client = await new_client(module_stack, admin, "finisher")
    session_id = await client.start()
    await client.tools("client_ai_log_my_workout_performance", client.one_set(session_id))
    first = await client.tools("client_ai_complete_my_workout_session", {"sessionId": session_id})
    before = await client.latest_change()
    again = await client.tools("client_ai_complete_my_workout_session", {"sessionId": session_id})
    assert first["session"]["status"] == again["session"]["status"] == "completed"
    assert (first["replayed"], again["replayed"]) == (False, True)
    assert again["experiencePointsAwarded"] == first["experiencePointsAwarded"]
    assert again["totalExperiencePoints"] == first["totalExperiencePoints"]
    assert await client.latest_change() == before, "completing again stores nothing"


async def test_seed_002_unknown_ids_are_not_found_naming_the_argument(ada):
    for tool, arguments, code, argument in (
        ("client_ai_get_my_workout_plan", {"planId": UNKNOWN_ID}, "plan_not_found", "planId"),
        ("client_ai_get_my_workout_session", {"sessionId": UNKNOWN_ID}, "session_not_found", "sessionId"),
        ("client_ai_log_my_workout_performance", ada.one_set(UNKNOWN_ID), "session_not_found", "sessionId"),
        (
            "client_ai_complete_my_workout_session",
            {"sessionId": UNKNOWN_ID},
            "session_not_found",
            "sessionId",
        ),
        ("client_ai_get_workout_exercise", {"exerciseId": UNKNOWN_ID}, "exercise_not_visible", "exerciseId"),
    ):
        error = await ada.tools.error(tool, arguments)
        assert error["error"] == code, (tool, error)
        assert (
            error["error_description"].startswith(f"{argument}: ") or UNKNOWN_ID in error["error_description"]
        ), (
            tool,
            error,
        )


async def test_seed_002_json_rpc_call_example_with_the_seeds_own_ids_is_a_clear_not_found(ada):
    # The example exactly as printed: its IDs are no session or exercise of this client.
    before = await ada.latest_change()
    headers = {
        "Authorization": f"Bearer {ada.tools.token}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(ada.tools.url, headers=headers, content=SEED_EXAMPLE)
    assert response.status_code == 200 and response.json()["id"] == "client-workout-1"
    result = response.json()["result"]
    assert result["isError"] is True
    error = json.loads(result["content"][0]["text"])
    assert error["error"] == "session_not_found", error
    assert SEED_SESSION_ID in error["error_description"], error
    assert await ada.latest_change() == before
