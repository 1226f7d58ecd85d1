"""Every Open Workout Schema tool answers through the mcp client with an OAuth access token and with a
personal API key; and another account's IDs are never found, changed or undone through any of them."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    ClientAi,
    client_ai_key,
    gym_admin,
    new_account,
    open_gym,
)
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key, ows_token

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def _credential(account_stack: Any, kind: str) -> Ows:
    await give_consents(account_stack.backends, account_stack.account_id)
    token = (
        await ows_token(account_stack)
        if kind == "token"
        else await ows_key(account_stack.backends, account_stack.account_id)
    )
    return Ows(account_stack.base_url + OWS_PATH, token)


@pytest.mark.parametrize("kind", ["token", "api_key"])
async def test_each_of_the_twenty_tools_answers_with_either_credential(account_stack, kind):
    ows = await _credential(account_stack, kind)
    answered: set[str] = set()

    async def call(tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        answered.add(tool)
        return await ows(tool, arguments)

    await call("get_profile")
    await call("update_profile", {"goals": "a stronger squat", "training_days": ["mon", "thu"]})
    await call("search_exercises", {"query": "ohp"})
    logged = await call(
        "log_text", {"text": "yesterday: squat 3x5 at 100kg @8", "idempotency_key": f"{kind}-1"}
    )
    assert logged["workout"]["entries"][0]["sets"][0]["rpe"] == 8
    workout = await call(
        "log_workout",
        {
            "title": "Upper",
            "notes": "felt good",
            "exercises": [
                {"exercise_id": "barbell-bench-press", "sets": [{"reps": 8, "load": 60, "warmup": True}]}
            ],
            "idempotency_key": f"{kind}-2",
        },
    )
    entry = workout["workout"]["entries"][0]
    await call(
        "add_sets",
        {"entry_id": entry["id"], "sets": [{"reps": 8, "load": 70}], "idempotency_key": f"{kind}-3"},
    )
    await call("update_entry", {"entry_id": entry["sets"][0]["id"], "warmup": False})
    deleted = await call("delete_entry", {"entry_id": entry["sets"][0]["id"]})
    await call("undo", {"undo_token": deleted["undo_token"]})
    await call("get_workouts", {"exercise": "bench"})
    await call("get_personal_records", {"exercise": "barbell-bench-press"})
    await call("get_progress", {"exercise": "bench", "metric": "e1rm"})
    await call("search_programs", {"query": "five", "equipment": "barbell"})
    await call("get_program", {"id": "kp:five-by-five", "version": 1})
    await call("start_program", {"id": "kp:five-by-five"})
    await call("get_program_targets")
    await call("get_program_progress")
    await call(
        "link_workout_to_program",
        {"workout_id": workout["workout"]["id"], "program_id": "kp:five-by-five", "day": "A"},
    )
    await call("suggest_program_matches")
    await call("end_program")
    assert len(answered) == 20


async def test_another_accounts_records_are_not_found_through_any_tool(account_stack):
    ada = await _credential(account_stack, "api_key")
    logged = await ada(
        "log_workout",
        {"exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100}]}], "idempotency_key": "ada"},
    )
    workout = logged["workout"]
    entry = workout["entries"][0]
    deleted = await ada("delete_entry", {"entry_id": entry["sets"][0]["id"]})

    bob_id = await new_account(account_stack.backends, f"bob-{uuid.uuid4().hex[:12]}@example.com")
    await give_consents(account_stack.backends, bob_id)
    bob = Ows(account_stack.base_url + OWS_PATH, await ows_key(account_stack.backends, bob_id))
    for target in (workout["id"], entry["id"]):
        await bob.error("update_entry", {"entry_id": target, "notes": "mine now"}, code="not_found")
        await bob.error("delete_entry", {"entry_id": target}, code="not_found")
    await bob.error(
        "add_sets", {"entry_id": entry["id"], "sets": [{"reps": 1}], "idempotency_key": "b"}, code="not_found"
    )
    await bob.error(
        "add_sets",
        {"workout_id": workout["id"], "exercise": "squat", "sets": [{"reps": 1}], "idempotency_key": "c"},
        code="not_found",
    )
    await bob.error(
        "link_workout_to_program", {"workout_id": workout["id"], "remove": True}, code="not_found"
    )
    await bob.error("undo", {"undo_token": deleted["undo_token"]}, code="undo_unavailable")
    assert (await bob("get_workouts", {}))["workouts"] == []
    assert (await bob("get_personal_records", {}))["records"] == []

    after = (await ada("get_workouts", {}))["workouts"][0]
    assert after["notes"] == "" and len(after["entries"][0]["sets"]) == 0
    await ada("undo", {"undo_token": deleted["undo_token"]})  # still Ada's to use


async def test_a_workout_logged_here_is_in_client_ai_history_for_a_gym_client(account_stack):
    channel, admin = gym_admin(account_stack.servers["sessions"].port)
    try:
        await open_gym(admin, account_stack.account_id)
    finally:
        await channel.close(None)
    ows = await _credential(account_stack, "api_key")
    logged = await ows("log_text", {"text": "bench 3x8 at 60", "idempotency_key": "gym-client"})
    client_ai = ClientAi(
        account_stack.base_url + CLIENT_AI_PATH,
        await client_ai_key(account_stack.backends, account_stack.account_id),
    )
    listed = await client_ai("client_ai_list_my_workout_sessions", {})
    assert logged["workout"]["id"].removeprefix("w_") in [s["id"] for s in listed["sessions"]]
