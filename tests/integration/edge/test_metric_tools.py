"""The Metric Training tools through the real mcp client against the real services (seed 000)."""

from __future__ import annotations

import copy
import uuid
from datetime import date, timedelta

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from tests.integration.edge.metric_calls import (
    ZONE,
    Tools,
    call_tool,
    client_token,
    minimal_create,
    move_one_occurrence,
    plan_with_a_phase,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOOLS = {
    "get_workout_guidance",
    "read_training",
    "edit_training",
    "preview_training_deletion",
    "confirm_training_deletion",
}
POINTER = "Before composing or revising a workout, call get_workout_guidance with {}"


async def test_five_tools_with_schemas_annotations_and_the_guidance_pointer(account_stack):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {account_stack.api_key}"}) as http,
        Client(streamable_http_client(account_stack.mcp_url, http_client=http)) as client,
    ):
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        instructions = client.instructions or ""
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.output_schema is not None and tool.output_schema["type"] == "object", tool.name
        assert tool.input_schema["type"] == "object"
    assert POINTER in (tools["edit_training"].description or "")
    assert POINTER in (tools["read_training"].description or "")
    assert POINTER in instructions and "preview_training_deletion" in instructions
    for name in ("get_workout_guidance", "read_training", "preview_training_deletion"):
        assert tools[name].annotations.read_only_hint is True, name  # type: ignore[union-attr]
    edit = tools["edit_training"].annotations
    assert edit is not None and edit.read_only_hint is False
    assert edit.destructive_hint is False and edit.idempotent_hint is True
    confirm = tools["confirm_training_deletion"].annotations
    assert confirm is not None and confirm.destructive_hint is True
    assert set(tools["edit_training"].input_schema["required"]) == {
        "epoch",
        "timeZone",
        "idempotencyKey",
        "input",
    }
    assert tools["preview_training_deletion"].input_schema["properties"]["kind"]["enum"] == [
        "plan",
        "workout",
    ]


async def test_seed_minimal_create_works_as_written_and_reads_back(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    empty = await tools.read("workouts")
    assert empty["contentTrust"] == "user-provided" and empty["data"]["workouts"] == []
    squat = await tools.exercise_id("back squat")

    created = await tools("edit_training", minimal_create(empty["epoch"], squat))

    (workout,) = created["workouts"]
    assert created["action"] == "createWorkout" and created["replayed"] is False
    assert created["sourceSequence"] > empty["sourceSequence"]
    assert workout["version"].endswith(".apikey"), "API keys write versions with device ID apikey"
    assert created["versions"] == {f"workout:{workout['id']}": workout["version"]}
    read = await tools.read("workouts", id=workout["id"], timeZone=ZONE)
    (stored,) = read["data"]["workouts"]
    assert stored["name"] == "Strength A" and stored["kind"] == "fullBody"
    assert stored["schedule"]["weekdays"] == [2, 4, 6]
    (movement,) = stored["exercises"]
    assert movement["exerciseID"] == squat and movement["trackingMode"] == "sets"
    assert (movement["targetSets"], movement["targetReps"], movement["restSeconds"]) == (3, 8, 90)
    assert read["epoch"] == created["epoch"] and read["sourceSequence"] == created["sourceSequence"]


async def test_seed_move_one_occurrence_keeps_its_identity(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    created = await tools(
        "edit_training", minimal_create(await tools.epoch(), await tools.exercise_id("squat"))
    )
    (workout,) = created["workouts"]

    moved = await tools(
        "edit_training", move_one_occurrence(created["epoch"], workout["id"], workout["version"])
    )

    assert moved["occurrence"]["originalScheduledDay"] == "2026-09-25"
    assert moved["occurrence"]["day"] == "2026-09-27"
    assert moved["versions"][f"workout:{workout['id']}"] != workout["version"]
    calendar = await tools.read(
        "calendar", timeZone=ZONE, **{"from": "2026-09-21"}, to="2026-10-05", weekStartsOn=1
    )
    assert calendar["data"]["from"] == "2026-09-21" and calendar["data"]["weekStartsOn"] == 1
    by_identity = {(o["workoutID"], o["originalScheduledDay"]): o for o in calendar["data"]["occurrences"]}
    assert by_identity[(workout["id"], "2026-09-25")]["day"] == "2026-09-27"
    assert by_identity[(workout["id"], "2026-09-23")]["day"] == "2026-09-23"


async def test_seed_deletion_preview_then_commit_keeps_the_plans_workouts(account_stack):
    tools = Tools(account_stack.mcp_url, await client_token(account_stack, "metric-muse"))
    squat = await tools.exercise_id("squat")
    created = await tools("edit_training", plan_with_a_phase(await tools.epoch(), squat, "muse-plan-0001"))
    (plan,) = created["plans"]

    preview = await tools("preview_training_deletion", {"kind": "plan", "id": plan["id"], "timeZone": ZONE})

    assert preview["previewToken"] and preview["expiresAt"]
    assert preview["preview"]["kind"] == "plan" and preview["preview"]["plan"]["id"] == plan["id"]
    assert {w["effect"] for w in preview["preview"]["affectedWorkouts"]} == {"kept"}
    assert preview["preview"]["recurrenceEffect"]
    commit = {
        "previewToken": preview["previewToken"],
        "confirmed": True,
        "idempotencyKey": "muse-delete-0001",
    }
    deleted = await tools("confirm_training_deletion", commit)
    assert deleted["replayed"] is False and deleted["deleted"]["plan"]["id"] == plan["id"]
    assert deleted["sourceSequence"] > preview["sourceSequence"]
    assert (await tools.read("plans"))["data"]["plans"] == []
    kept = (await tools.read("workouts"))["data"]["workouts"]
    assert [w["name"] for w in kept] == ["Phase squat day"], "deleting a plan keeps its workouts"
    again = await tools("confirm_training_deletion", commit)
    assert again["replayed"] is True and again["sourceSequence"] == deleted["sourceSequence"]


async def test_the_guidance_example_is_created_through_edit_training_and_reads_back(account_stack):
    tools = Tools(account_stack.mcp_url, await client_token(account_stack, "metric-muse"))
    example = (await tools("get_workout_guidance", {}))["example"]
    request = {
        "epoch": await tools.epoch(),
        "timeZone": ZONE,
        "idempotencyKey": "muse-guidance-example",
        "expectedVersions": {},
        "input": copy.deepcopy(example),
    }

    (workout,) = (await tools("edit_training", request))["workouts"]

    (stored,) = (await tools.read("workouts", id=workout["id"]))["data"]["workouts"]
    sent = example["workout"]
    assert stored["name"] == sent["name"] and stored["notes"] == sent["notes"]
    assert [m["id"] for m in stored["exercises"]] == [m["workoutExerciseID"] for m in sent["exercises"]]
    assert [m["exerciseID"] for m in stored["exercises"]] == [m["exerciseID"] for m in sent["exercises"]]
    assert [m["notes"] for m in stored["exercises"]] == [m["notes"] for m in sent["exercises"]]
    assert [b["exerciseIDs"] for b in stored["crossFitBlocks"]] == [
        b["exerciseIDs"] for b in sent["crossFitBlocks"]
    ]
    # A superset reads back with the setting it uses (issue 14: unused settings are not shown).
    assert stored["crossFitBlocks"][0]["configuration"] == {"format": "superset", "rounds": 3}


async def test_oauth_clients_write_versions_with_their_sanitized_client_id(account_stack):
    tools = Tools(
        account_stack.mcp_url, await client_token(account_stack, "Metric Muse/iOS app! with a very long name")
    )
    created = await tools(
        "edit_training", minimal_create(await tools.epoch(), await tools.exercise_id("squat"))
    )
    device = created["workouts"][0]["version"].split(".", 1)[1]
    assert device == "Metric-Muse-iOS-app-with-a-very"
    assert len(device) <= 32


async def test_a_name_matching_several_workouts_returns_every_choice(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    epoch, squat = await tools.epoch(), await tools.exercise_id("squat")
    for key, name in (("muse-name-0001", "Strength A"), ("muse-name-0002", "Strength B")):
        request = minimal_create(epoch, squat, key)
        request["input"]["workout"]["name"] = name
        epoch = (await tools("edit_training", request))["epoch"]

    several = await tools.read("workouts", name="strength")
    one = await tools.read("workouts", name="Strength B")

    assert several["data"]["ambiguous"] is True
    assert sorted(w["name"] for w in several["data"]["matches"]) == ["Strength A", "Strength B"]
    assert "choices" in several["data"]["note"]
    assert one["data"]["ambiguous"] is False and [w["name"] for w in one["data"]["matches"]] == ["Strength B"]


async def test_a_stale_version_is_a_tool_error_with_fresh_details(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    created = await tools(
        "edit_training", minimal_create(await tools.epoch(), await tools.exercise_id("squat"))
    )
    (workout,) = created["workouts"]
    await tools("edit_training", move_one_occurrence(created["epoch"], workout["id"], workout["version"]))

    error = await tools.error(
        "edit_training",
        move_one_occurrence(created["epoch"], workout["id"], workout["version"], "muse-request-456"),
    )

    assert error["error"] == "stale_version"
    assert error["fresh"]["versions"][f"workout:{workout['id']}"] != workout["version"]
    assert error["fresh"]["workouts"][0]["id"] == workout["id"]


async def test_calendar_and_history_defaults_and_limits(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    calendar = await tools.read("calendar", timeZone=ZONE, weekStartsOn=1)
    history = await tools.read("history", timeZone=ZONE)

    start = date.fromisoformat(calendar["data"]["from"])
    assert start.isoweekday() == 7, "weekStartsOn 1 starts the week on Sunday"
    assert date.fromisoformat(calendar["data"]["to"]) - start == timedelta(days=28)
    assert date.fromisoformat(history["data"]["to"]) - date.fromisoformat(
        history["data"]["from"]
    ) == timedelta(days=30)
    assert history["data"]["occurrences"] == []
    too_long = await tools.error(
        "read_training", {"view": "calendar", "from": "2026-01-01", "to": "2026-04-05"}
    )
    assert too_long["error"] == "invalid_request" and too_long["field"] == "to"
    long_history = await tools.error(
        "read_training", {"view": "history", "from": "2025-01-01", "to": "2026-01-03"}
    )
    assert long_history["field"] == "to"
    assert (await tools.read("history", **{"from": "2025-01-01"}, to="2026-01-02"))["data"][
        "occurrences"
    ] == []


async def test_insights_is_served_and_described_as_proposals_and_not_medical_advice(account_stack):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {account_stack.api_key}"}) as http,
        Client(streamable_http_client(account_stack.mcp_url, http_client=http)) as client,
    ):
        read = {tool.name: tool for tool in (await client.list_tools()).tools}["read_training"]
    description = read.description or ""
    assert "proposals only" in description and "not medical advice" in description
    assert "view_not_available" not in description
    assert "formula" in read.input_schema["properties"]
    insights = (await Tools(account_stack.mcp_url, account_stack.api_key).read("insights"))["data"]
    assert insights["disclaimer"].endswith("not medical advice.") and insights["asOfSequence"] == 0


async def test_write_arguments_are_checked_and_name_the_field(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    epoch = await tools.epoch()
    good = minimal_create(epoch, await tools.exercise_id("squat"))
    cases = [
        ({**good, "idempotencyKey": "short"}, "idempotencyKey"),
        ({**good, "timeZone": "Mars/Base"}, "timeZone"),
        ({**good, "input": {"workout": {}}}, "input.action"),
        ({**good, "expectedVersions": {"workout:x": "four"}}, "expectedVersions[workout:x]"),
        ({**good, "expectedVersions": {"routine:x": "1.a"}}, "expectedVersions"),
        ({**good, "input": "createWorkout"}, "input"),
    ]
    for arguments, field in cases:
        error = await tools.error("edit_training", arguments)
        assert (error["error"], error["field"]) == ("invalid_request", field), arguments
    unconfirmed = await tools.error(
        "confirm_training_deletion",
        {"previewToken": "x", "confirmed": False, "idempotencyKey": "muse-key-0001"},
    )
    assert unconfirmed["field"] == "confirmed"
    bad_kind = await tools.error(
        "preview_training_deletion", {"kind": "library", "id": "x", "timeZone": ZONE}
    )
    assert bad_kind["field"] == "kind"
    is_error, missing = await call_tool(
        account_stack.mcp_url,
        account_stack.api_key,
        "preview_training_deletion",
        {"kind": "workout", "id": str(uuid.uuid4()), "timeZone": ZONE},
    )
    assert is_error and missing["error"] == "workout_not_found" and missing["field"] == "id"


async def test_mcp_responses_are_private_no_store(account_stack):
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "cache-check", "version": "1"},
        },
    }
    headers = {
        "Authorization": f"Bearer {account_stack.api_key}",
        "Accept": "application/json, text/event-stream",
    }
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(account_stack.mcp_url, json=initialize, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "private, no-store"
