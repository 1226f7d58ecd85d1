"""Client AI gates, limits and isolation through the real mcp client against the real stack.

Each module gate has its own error; a refused or malformed call stores nothing (the account's change
feed does not move); one client never sees or touches another client's data.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx2
import pytest

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
)


@dataclass
class Setup:
    stack: Any
    gym: Gym
    tools: ClientAi
    admin: Any


@pytest.fixture
async def setup(stack) -> AsyncIterator[Setup]:
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, stack.account_id)
        key = await client_ai_key(stack.backends, stack.account_id)
        yield Setup(stack, gym, ClientAi(stack.base_url + CLIENT_AI_PATH, key), admin)
    finally:
        await channel.close(None)


async def latest_change(stack: Any, account_id: str | None = None) -> int:
    response = await stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=account_id or stack.account_id)
    )
    return int(response.latest_sequence)


async def started(setup: Setup) -> str:
    result = await setup.tools(
        "client_ai_start_or_resume_my_workout_session",
        {"planId": setup.gym.plan.id, "planMomentId": setup.gym.push_day.id},
    )
    return str(result["session"]["id"])


def one_set(session_id: str, gym: Gym, **extra: Any) -> dict[str, Any]:
    return {
        "sessionId": session_id,
        "exerciseId": gym.exercises["bench"],
        "sets": [{"setNumber": 1, "weight": 80, "reps": 8, "rpe": 8}],
        **extra,
    }


async def refused_everywhere(setup: Setup, session_id: str, code: str) -> None:
    """Reads and writes both answer ``code``, and nothing is stored."""
    before = await latest_change(setup.stack)
    for tool, arguments in (
        ("client_ai_list_my_workout_plans", {}),
        ("client_ai_get_my_workout_session", {"sessionId": session_id}),
        ("client_ai_log_my_workout_performance", one_set(session_id, setup.gym)),
        ("client_ai_complete_my_workout_session", {"sessionId": session_id}),
    ):
        error = await setup.tools.error(tool, arguments)
        assert error["error"] == code, (tool, error)
        assert error["error_description"]
    assert await latest_change(setup.stack) == before


async def test_feature_off(setup):
    session_id = await started(setup)
    await setup.gym.set_company(mcp_integration_enabled=False)
    await refused_everywhere(setup, session_id, "feature_disabled")
    await setup.gym.set_company(mcp_integration_enabled=True)
    await setup.tools("client_ai_list_my_workout_plans")


async def test_client_ai_access_off(setup):
    session_id = await started(setup)
    await setup.gym.set_ai_access(False)
    await refused_everywhere(setup, session_id, "client_ai_access_disabled")


async def test_module_not_allowed_by_policy(setup):
    session_id = await started(setup)
    await setup.gym.set_company(
        client_mcp_policy=g.ClientMcpPolicy(allowed_modules=["client_ai_wod"], write_tools_allowed=True)
    )
    await refused_everywhere(setup, session_id, "module_not_allowed")


async def test_no_health_data_consent(setup):
    session_id = await started(setup)
    await setup.gym.set_consent(False)
    await refused_everywhere(setup, session_id, "health_data_consent_required")


async def test_write_tools_not_allowed_refuses_only_the_writes(setup):
    session_id = await started(setup)
    await setup.gym.set_company(
        client_mcp_policy=g.ClientMcpPolicy(allowed_modules=[MODULE], write_tools_allowed=False)
    )
    before = await latest_change(setup.stack)
    for tool, arguments in (
        ("client_ai_start_or_resume_my_workout_session", {}),
        ("client_ai_log_my_workout_performance", one_set(session_id, setup.gym)),
        ("client_ai_complete_my_workout_session", {"sessionId": session_id}),
    ):
        error = await setup.tools.error(tool, arguments)
        assert error["error"] == "write_tools_not_allowed", tool
    assert await latest_change(setup.stack) == before
    session = await setup.tools("client_ai_get_my_workout_session", {"sessionId": session_id})
    assert session["session"]["performanceCount"] == 0 and session["session"]["status"] == "in_progress"


async def test_an_account_that_is_no_gym_client(stack):
    account = await new_account(stack.backends, "walk-in@example.com")
    tools = ClientAi(stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, account))
    for tool in ("client_ai_list_my_workout_plans", "client_ai_start_or_resume_my_workout_session"):
        assert (await tools.error(tool))["error"] == "not_a_client"


async def test_the_path_wants_the_client_ai_scope(setup):
    # The stack's own key carries only the training scope (Metric's).
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {setup.stack.api_key}"}) as http:
        response = await http.post(
            setup.tools.url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Accept": "application/json, text/event-stream"},
        )
        metadata = await http.get(
            setup.stack.base_url + "/.well-known/oauth-protected-resource" + CLIENT_AI_PATH
        )
    assert response.status_code == 403 and response.json()["error"] == "insufficient_scope"
    assert metadata.json()["resource"] == setup.tools.url and metadata.json()["scopes_supported"] == [
        "client_ai"
    ]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"clientId": "64b64c0f2f5f4c0012345678"}, "clientId"),
        ({"sets": []}, "sets"),
        ({"sets": [{"setNumber": n} for n in range(1, 52)]}, "sets"),
        ({"sets": [{"setNumber": 0}]}, "sets[0].setNumber"),
        ({"sets": [{"setNumber": 1, "weight": "heavy"}]}, "sets[0].weight"),
        ({"sets": [{"setNumber": 1, "rpe": 10.5}]}, "sets[0].rpe"),
        ({"sets": [{"setNumber": 1, "notes": "x" * 1001}]}, "sets[0].notes"),
        ({"sets": '[{"setNumber": 1}]'}, "sets"),
        ({"notes": "x" * 2001}, "notes"),
        ({"setupValues": [{"key": f"k{i}", "value": i} for i in range(9)]}, "setupValues"),
        ({"exerciseId": "bench-press"}, "exerciseId"),
        ({"isCompleted": "yes"}, "isCompleted"),
    ],
)
async def test_limits_and_wrong_types_name_the_field_and_store_nothing(setup, changes, field):
    session_id = await started(setup)
    before = await latest_change(setup.stack)
    error = await setup.tools.error(
        "client_ai_log_my_workout_performance", one_set(session_id, setup.gym, **changes)
    )
    assert (error["error"], error["field"]) == ("invalid_request", field)
    assert error["error_description"].startswith(f"{field}: ")
    assert await latest_change(setup.stack) == before


async def test_read_limits_over_mcp(setup):
    tools = setup.tools
    cases = [
        ("client_ai_list_my_workout_plans", {"limit": 51}, "limit"),
        ("client_ai_list_my_workout_plans", {"page": 0}, "page"),
        ("client_ai_list_my_workout_plans", {"language": "de"}, "language"),
        # The window's limit is the sessions service's rule, which names its start.
        (
            "client_ai_list_my_workout_sessions",
            {"dateFrom": "2025-01-01", "dateTo": "2026-06-01"},
            "dateFrom",
        ),
        ("client_ai_list_my_workout_sessions", {"status": "done"}, "status"),
        ("client_ai_get_my_workout_plan", {"planId": "123"}, "planId"),
        ("client_ai_get_my_workout_plan", {}, "planId"),
        ("client_ai_get_my_workout_equipment_profile", {"clientId": setup.gym.client.id}, "clientId"),
    ]
    for tool, arguments, field in cases:
        error = await tools.error(tool, arguments)
        assert error["field"] == field, (tool, arguments, error)


async def test_one_client_never_sees_another_clients_data(setup):
    stack, gym, ada = setup.stack, setup.gym, setup.tools
    session_id = await started(setup)
    await ada("client_ai_log_my_workout_performance", one_set(session_id, gym))

    bob_account = await new_account(stack.backends, "bob@example.com")
    bob_gym = await open_gym(setup.admin, bob_account, name="Southside Barbell")
    bob = ClientAi(stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, bob_account))
    bob_before = await latest_change(stack, bob_account)
    ada_before = await latest_change(stack)

    assert [p["id"] for p in (await bob("client_ai_list_my_workout_plans"))["plans"]] == [bob_gym.plan.id]
    assert (await bob("client_ai_list_my_workout_sessions"))["sessions"] == []
    history = await bob("client_ai_get_my_exercise_history", {"exerciseId": bob_gym.exercises["bench"]})
    assert history["entries"] == []
    for tool, arguments in (
        ("client_ai_get_my_workout_plan", {"planId": gym.plan.id}),
        ("client_ai_get_my_workout_day", {"planId": gym.plan.id, "planMomentId": gym.push_day.id}),
        ("client_ai_get_workout_exercise", {"exerciseId": gym.exercises["bench"]}),
        ("client_ai_get_my_exercise_history", {"exerciseId": gym.exercises["bench"]}),
        ("client_ai_get_my_workout_session", {"sessionId": session_id}),
        ("client_ai_get_my_workout_machine_preset", {"exerciseId": gym.exercises["bench"]}),
        (
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
        ),
        ("client_ai_log_my_workout_performance", one_set(session_id, bob_gym)),
        ("client_ai_complete_my_workout_session", {"sessionId": session_id}),
    ):
        error = await bob.error(tool, arguments)
        assert error["error"].endswith("not_found") or error["error"] == "exercise_not_visible", (tool, error)
        assert "Ada" not in error["error_description"]
    assert await latest_change(stack, bob_account) == bob_before
    assert await latest_change(stack) == ada_before
    ada_session = await ada("client_ai_get_my_workout_session", {"sessionId": session_id})
    assert ada_session["session"]["status"] == "in_progress"
    assert len(ada_session["session"]["performances"][0]["sets"]) == 1


async def test_300_requests_per_account_per_minute_with_a_budget_of_its_own(setup):
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    accept = {"Accept": "application/json, text/event-stream"}
    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {setup.tools.token}"}, timeout=30
    ) as http:
        statuses = [
            (await http.post(setup.tools.url, json=request, headers=accept)).status_code for _ in range(300)
        ]
        refused = await http.post(setup.tools.url, json=request, headers=accept)
    assert statuses == [200] * 300
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert int(refused.headers["retry-after"]) >= 1
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {setup.stack.api_key}"}) as http:
        metric = await http.get(setup.stack.base_url + "/api/connectors/muse/workout-guidance")
    assert metric.status_code == 200, "the same account's Metric budget is separate"
