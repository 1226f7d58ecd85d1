"""The Primed profile (seed 001) on the real edge and services: every tool with its scope, and each
canonical error code with the contract's HTTP status (decision 0059)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

import pytest

from kinetic.auth.v1 import auth_pb2
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from tests.integration.edge.primed_calls import Primed, data_code, primed_token

pytestmark = pytest.mark.asyncio(loop_scope="module")


def today() -> date:
    """UTC's day (the stack's account lives in UTC), read when a test runs: a module-level date
    would be yesterday's for a suite running past midnight."""
    return datetime.now(UTC).date()


async def schedule_daily_ride(account_stack) -> None:
    """An endurance ride every day, written through Training's own API."""
    library = await account_stack.backends.training.GetLibrary(
        training_pb2.GetLibraryRequest(account_id=account_stack.account_id)
    )
    ride = {
        "name": "Aerobic Base Ride",
        "kind": "cardio",
        "schedule": {"type": "weekdays", "weekdays": [1, 2, 3, 4, 5, 6, 7]},
        "endurance": {
            "sport": "ride",
            "plannedDurationSeconds": 5400,
            "intensity": {"kind": "power", "label": "Z2"},
            "steps": [{"type": "interval", "role": "work", "durationSeconds": 5400}],
        },
    }
    await account_stack.backends.training.EditTraining(
        training_pb2.EditTrainingRequest(
            account_id=account_stack.account_id,
            device_id="coach",
            epoch=library.library.epoch,
            time_zone="UTC",
            idempotency_key="primed-ride-0001",
            edit_input=edit_input_from_json({"action": "createWorkout", "workout": ride}),
        )
    )


async def test_get_primed_profile_is_pseudonymous_and_in_the_contracts_words(account_stack):
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(
            account_id=account_stack.account_id,
            primary_sport="cycling",
            account_status="trial",
            time_zone="Australia/Perth",
        )
    )
    primed = Primed(account_stack, await primed_token(account_stack, "primed:profile:read"))
    profile = await primed("get_primed_profile")
    assert re.fullmatch(r"prm_[a-z2-7]{32}", profile.pop("profile_id"))
    assert profile == {
        "display_name": "Ada",
        "timezone": "Australia/Perth",
        "primary_sport": "cycling",
        "account_status": "trial",
    }
    again = await Primed(account_stack, await primed_token(account_stack)).__call__("get_primed_profile")
    assert account_stack.account_id not in again["profile_id"]
    assert again["profile_id"] == (await primed("get_primed_profile"))["profile_id"]


async def test_get_upcoming_training_lists_the_calendar(account_stack):
    await schedule_daily_ride(account_stack)
    primed = Primed(account_stack, await primed_token(account_stack, "primed:training:read"))
    start = today() + timedelta(days=1)
    answer = await primed("get_upcoming_training", {"start_date": start.isoformat(), "days": 3})
    assert answer["start_date"] == start.isoformat()
    assert answer["end_date"] == (start + timedelta(days=2)).isoformat()
    assert answer["timezone"] == "UTC"
    assert [s["date"] for s in answer["sessions"]] == [
        (start + timedelta(days=n)).isoformat() for n in range(3)
    ]
    assert answer["sessions"][0] == {
        "date": start.isoformat(),
        "sport": "cycling",
        "title": "Aerobic Base Ride",
        "duration_minutes": 90.0,
        "description": answer["sessions"][0]["description"],
    }
    default = await primed("get_upcoming_training")
    assert default["start_date"] == today().isoformat() and len(default["sessions"]) == 7


async def test_get_recent_activity_summary_covers_the_days_ending_today(account_stack):
    primed = Primed(account_stack, await primed_token(account_stack, "primed:activities:read"))
    answer = await primed("get_recent_activity_summary", {"days": 28})
    assert answer == {
        "period": {"start_date": (today() - timedelta(days=27)).isoformat(), "end_date": today().isoformat()},
        "summary": {"completed_sessions": 0, "total_duration_minutes": 0.0, "sports": []},
        "activities": [],
    }


async def test_get_today_coaching_passes_the_planned_ride_to_the_decision(account_stack):
    await schedule_daily_ride(account_stack)
    primed = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    answer = await primed("get_today_coaching", {"date": today().isoformat()})
    assert answer["date"] == today().isoformat() and answer["timezone"] == "UTC"
    assert answer["decision_id"].startswith("dcd_")
    assert answer["action_type"] in ("execute_as_planned", "adapt_session", "substitute_recovery", "rest")
    assert set(answer["freshness"]) == {"decision_generated_at", "data_synced_at"}
    again = await primed("get_today_coaching")  # the default is today; same inputs, same decision
    # The same in every field but when it was generated (a second may have turned since).
    for both in (answer, again):
        assert both["freshness"].pop("decision_generated_at").endswith("Z")
    assert again == answer


async def test_get_training_status_takes_either_scope_and_has_no_data_at_first(account_stack):
    for scope in ("primed:coaching:read", "primed:training:read"):
        primed = Primed(account_stack, await primed_token(account_stack, scope))
        refused = await primed.post("get_training_status", {"as_of": "2026-10-14T08:00:00Z"})
        assert refused.status_code == 404 and data_code(refused) == "NO_DATA"


async def test_a_token_without_the_tools_scope_is_insufficient_scope(account_stack):
    primed = Primed(account_stack, await primed_token(account_stack, "primed:profile:read"))
    for tool in (
        "get_today_coaching",
        "get_upcoming_training",
        "get_training_status",
        "get_recent_activity_summary",
    ):
        error = await primed.error(tool)
        assert error.data["code"] == "INSUFFICIENT_SCOPE", tool
        response = await primed.post(tool)
        assert response.status_code == 403 and data_code(response) == "INSUFFICIENT_SCOPE"
    no_profile = Primed(account_stack, await primed_token(account_stack, "primed:training:read"))
    assert (await no_profile.error("get_primed_profile")).data["code"] == "INSUFFICIENT_SCOPE"


async def test_an_api_key_or_no_token_is_unauthenticated(account_stack):
    for token in (account_stack.api_key, "not-a-token"):
        response = await Primed(account_stack, token).post("get_primed_profile", ident=7)
        assert response.status_code == 401
        assert data_code(response) == "UNAUTHENTICATED" and response.json()["id"] == 7
        assert "resource_metadata=" in response.headers["www-authenticate"]
    # A token for another profile's resource is no Primed token either.
    other = await account_stack.access_token()
    assert (await Primed(account_stack, other).post("get_primed_profile")).status_code == 401


async def test_a_suspended_account_is_forbidden(account_stack):
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_stack.account_id, account_status="suspended")
    )
    primed = Primed(account_stack, await primed_token(account_stack))
    assert (await primed.error("get_primed_profile")).data["code"] == "FORBIDDEN"
    response = await primed.post("get_upcoming_training")
    assert response.status_code == 403 and data_code(response) == "FORBIDDEN"


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("get_today_coaching", {"date": "14/10/2026"}),
        ("get_today_coaching", {"date": "2026-02-30"}),
        ("get_upcoming_training", {"days": 0}),
        ("get_upcoming_training", {"days": 15}),
        ("get_upcoming_training", {"start_date": "tomorrow"}),
        ("get_recent_activity_summary", {"days": 0}),
        ("get_recent_activity_summary", {"days": 29}),
        ("get_training_status", {"as_of": "yesterday"}),
        ("get_primed_profile", {"unexpected": 1}),
    ],
)
async def test_bad_arguments_are_invalid_argument(account_stack, tool, arguments):
    primed = Primed(account_stack, await primed_token(account_stack))
    response = await primed.post(tool, arguments)
    assert response.status_code == 400 and data_code(response) == "INVALID_ARGUMENT", response.text


async def test_a_tool_outside_the_five_is_unsupported_operation(account_stack):
    primed = Primed(account_stack, await primed_token(account_stack))
    for name in ("update_training_plan", "delete_activity"):
        assert (await primed.error(name)).data["code"] == "UNSUPPORTED_OPERATION"
        response = await primed.post(name)
        assert response.status_code == 400 and data_code(response) == "UNSUPPORTED_OPERATION"


async def test_tools_list_publishes_five_read_only_tools(account_stack):
    import httpx2
    from mcp.client import Client
    from mcp.client.streamable_http import streamable_http_client

    primed = Primed(account_stack, await primed_token(account_stack))
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {primed.token}"}, timeout=30) as http,
        Client(streamable_http_client(primed.url, http_client=http)) as client,
    ):
        listed = await client.list_tools()
    assert sorted(tool.name for tool in listed.tools) == [
        "get_primed_profile",
        "get_recent_activity_summary",
        "get_today_coaching",
        "get_training_status",
        "get_upcoming_training",
    ]
    assert all(tool.annotations and tool.annotations.read_only_hint for tool in listed.tools)


async def test_the_61st_call_in_a_minute_is_rate_limited_with_retry_after(account_stack):
    primed = Primed(account_stack, await primed_token(account_stack))
    for n in range(60):
        assert (await primed.post("get_primed_profile", ident=n)).status_code == 200, n
    refused = await primed.post("get_primed_profile", ident=61)
    assert refused.status_code == 429 and data_code(refused) == "RATE_LIMITED"
    assert int(refused.headers["retry-after"]) >= 1
    # The budget is the token's: another token of the same athlete still gets through.
    assert (
        await Primed(account_stack, await primed_token(account_stack)).post("get_primed_profile")
    ).status_code == 200


@pytest.mark.asyncio(loop_scope="function")  # a stack of its own: it stops a server
async def test_a_backend_down_is_dependency_unavailable_with_retry_after(stack):
    primed = Primed(stack, await primed_token(stack))
    await stack.servers["analytics"].stop(0)
    response = await primed.post("get_recent_activity_summary")
    assert response.status_code == 503 and data_code(response) == "DEPENDENCY_UNAVAILABLE", response.text
    assert int(response.headers["retry-after"]) >= 1
    # Training and auth still answer: the calendar stays readable.
    assert (await primed.post("get_upcoming_training")).status_code == 200
