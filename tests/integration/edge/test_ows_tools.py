"""The Open Workout Schema profile (seed 003) through the real mcp client, edge and services.

Contract first: the tool list is checked against the seed's tables; then each logging tool is
carried out the way an assistant would, with an OAuth access token and with an API key.
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
from mcp.types import TextContent

from tests.integration.edge.metric_calls import Tools
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key, ows_token
from tests.integration.edge.primed_calls import mcp_error_in

# Seed 003's tables: each tool's arguments, the required ones starred.
CONTRACT: dict[str, tuple[str, ...]] = {
    "add_sets": ("entry_id", "exercise", "exercise_id", "idempotency_key", "sets*", "workout_id"),
    "delete_entry": ("entry_id*",),
    "end_program": (),
    "get_personal_records": ("exercise",),
    "get_profile": (),
    "get_program": ("id*", "version"),
    "get_program_progress": (),
    "get_program_targets": (),
    "get_progress": ("exercise*", "from", "metric*", "to"),
    "get_workouts": ("exercise", "from", "limit", "to"),
    "link_workout_to_program": ("day", "program_id", "remove", "workout_id*"),
    "log_text": ("date", "idempotency_key", "program", "text*"),
    "log_workout": ("date", "exercises*", "idempotency_key", "notes", "program", "title"),
    "search_exercises": ("equipment", "limit", "muscle", "query*"),
    "search_programs": ("days_per_week", "equipment", "level", "limit", "query"),
    "start_program": ("id*", "routine_ids"),
    "suggest_program_matches": (),
    "undo": ("undo_token*",),
    "update_entry": (
        "date",
        "distance_m",
        "duration_s",
        "ended_at",
        "entry_id*",
        "exercise_id",
        "load",
        "notes",
        "remove_load",
        "reps",
        "rpe",
        "title",
        "unit",
        "warmup",
    ),
    "update_profile": (
        "calm_mode",
        "display_name",
        "equipment",
        "goals",
        "limitations",
        "program_suggestions",
        "timezone",
        "training_days",
        "units",
    ),
}
READ_ONLY = {
    "get_personal_records",
    "get_profile",
    "get_program",
    "get_program_progress",
    "get_program_targets",
    "get_progress",
    "get_workouts",
    "search_exercises",
    "search_programs",
    "suggest_program_matches",
}


@dataclass
class Setup:
    stack: Any
    ows: Ows  # with an OAuth access token
    by_key: Ows  # with a personal API key


@pytest.fixture
async def setup(stack) -> AsyncIterator[Setup]:
    await give_consents(stack.backends, stack.account_id)
    url = stack.base_url + OWS_PATH
    yield Setup(
        stack, Ows(url, await ows_token(stack)), Ows(url, await ows_key(stack.backends, stack.account_id))
    )


async def test_the_twenty_tools_have_the_seeds_arguments_and_annotations(setup):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {setup.ows.token}"}) as http,
        Client(streamable_http_client(setup.ows.url, http_client=http)) as client,
    ):
        listed = (await client.list_tools()).tools
        instructions = client.instructions
    assert sorted(t.name for t in listed) == sorted(CONTRACT)
    for tool in listed:
        expected = CONTRACT[tool.name]
        assert sorted(tool.input_schema.get("properties", {})) == sorted(a.rstrip("*") for a in expected)
        assert sorted(tool.input_schema.get("required", [])) == sorted(
            a[:-1] for a in expected if a.endswith("*")
        )
        assert tool.input_schema.get("additionalProperties") is False
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (tool.name in READ_ONLY), tool.name
    assert instructions is not None
    for rule in ("Never invent numbers", "needs_confirmation", "idempotency_key", "summary", "never follow"):
        assert rule in instructions


async def test_log_text_shows_in_metric_history_and_analytics_records_at_once(setup):
    logged = await setup.ows(
        "log_text", {"text": "squat 5x5 at 100kg, bench 3x8 at 185 lb", "idempotency_key": "k-1"}
    )
    workout = logged["workout"]
    names = [e["exercise"] for e in workout["entries"]]
    assert names == ["Barbell Back Squat", "Barbell Bench Press"]
    squat, bench = workout["entries"]
    assert [s["reps"] for s in squat["sets"]] == [5] * 5
    assert {(s["load"], s["unit"]) for s in squat["sets"]} == {(100, "kg")}
    assert {(s["load"], s["unit"]) for s in bench["sets"]} == {(185, "lb")}
    assert logged["summary"].startswith("Logged ")
    assert "5×5 at 100 kg" in logged["summary"] and "3×8 at 185 lb" in logged["summary"]
    assert {r["exercise_id"] for r in logged["personal_records"]} == {
        "barbell-back-squat",
        "barbell-bench-press",
    }
    assert logged["needs_confirmation"] == []

    metric = Tools(setup.stack.mcp_url, await setup.stack.access_token())
    history = await metric.read("history")
    session_ids = [s["sessionId"] for s in history["data"]["sessions"]]
    assert workout["id"].removeprefix("w_") in session_ids

    records = await setup.by_key("get_personal_records", {"exercise": "squat"})
    (squat_records,) = records["records"]
    assert squat_records["heaviest_load"]["value"] == 100
    assert squat_records["estimated_1rm"]["formula"].startswith("Epley")


async def test_a_load_keeps_the_unit_it_was_given_in(setup):
    logged = await setup.ows(
        "log_workout",
        {
            "exercises": [{"exercise": "deadlift", "sets": [{"reps": 5, "load": 225, "unit": "lb"}]}],
            "idempotency_key": "unit-1",
        },
    )
    (entry,) = logged["workout"]["entries"]
    (only,) = entry["sets"]
    assert (only["load"], only["unit"]) == (225, "lb")
    assert only["load_kg"] == pytest.approx(102.058, abs=0.001)
    again = await setup.ows("get_workouts", {})
    assert again["workouts"][0]["entries"][0]["sets"][0]["load"] == 225


async def test_unsure_exercise_needs_confirmation_and_the_choice_is_remembered(setup):
    logged = await setup.ows(
        "log_workout",
        {
            "exercises": [{"exercise": "zottman thing", "sets": [{"reps": 10, "load": 12}]}],
            "idempotency_key": "u1",
        },
    )
    (unsure,) = logged["needs_confirmation"]
    assert unsure["exercise"] == "zottman thing"
    assert logged["workout"]["entries"][0]["exercise_id"] is None
    fixed = await setup.ows("update_entry", {"entry_id": unsure["entry_id"], "exercise_id": "zottman-curl"})
    assert fixed["workout"]["entries"][0]["exercise_id"] == "zottman-curl"
    assert fixed["needs_confirmation"] == []
    # The same words now resolve without asking.
    again = await setup.ows(
        "log_workout",
        {
            "exercises": [{"exercise": "Zottman thing", "sets": [{"reps": 8, "load": 12}]}],
            "idempotency_key": "u2",
        },
    )
    assert again["needs_confirmation"] == []
    assert again["workout"]["entries"][0]["exercise_id"] == "zottman-curl"


async def test_log_text_refuses_what_it_is_not_sure_of(setup):
    text = await setup.ows.error("log_text", {"text": "felt great today"}, code="nothing_to_log")
    assert "text" in text or "number" in text or "set" in text
    ambiguous = await setup.ows.error("log_text", {"text": "press 3x5 at 60"}, code="exercise_ambiguous")
    assert "(" in ambiguous  # candidates with their IDs
    workouts = await setup.ows("get_workouts", {})
    assert workouts["workouts"] == []  # nothing stored by a refusal


async def test_add_sets_builds_the_session_in_progress_until_it_is_ended(setup):
    first = await setup.ows(
        "add_sets", {"exercise": "squat", "sets": [{"reps": 5, "load": 100}], "idempotency_key": "a1"}
    )
    assert first["started_workout"] is True
    workout_id = first["workout"]["id"]
    assert first["workout"]["in_progress"] is True
    second = await setup.ows(
        "add_sets", {"exercise": "back squat", "sets": [{"reps": 5, "load": 105}], "idempotency_key": "a2"}
    )
    assert second["workout"]["id"] == workout_id
    (squat,) = second["workout"]["entries"]  # joined the existing entry
    assert [s["load"] for s in squat["sets"]] == [100, 105]
    by_entry = await setup.ows(
        "add_sets", {"entry_id": squat["id"], "sets": [{"reps": 3, "load": 110}], "idempotency_key": "a3"}
    )
    assert len(by_entry["workout"]["entries"][0]["sets"]) == 3
    finished = (datetime.now(UTC) + timedelta(minutes=1)).isoformat(timespec="seconds")
    ended = await setup.ows("update_entry", {"entry_id": workout_id, "ended_at": finished})
    assert ended["workout"]["in_progress"] is False
    later = await setup.ows(
        "add_sets", {"exercise": "bench", "sets": [{"reps": 8, "load": 60}], "idempotency_key": "a4"}
    )
    assert later["workout"]["id"] != workout_id
    assert later["started_workout"] is True


async def test_update_entry_changes_a_set_and_refuses_fields_of_another_kind(setup):
    logged = await setup.ows(
        "log_workout",
        {"exercises": [{"exercise": "bench", "sets": [{"reps": 8, "load": 60}]}], "idempotency_key": "e1"},
    )
    set_id = logged["workout"]["entries"][0]["sets"][0]["id"]
    changed = await setup.ows("update_entry", {"entry_id": set_id, "reps": 10, "rpe": 8, "warmup": True})
    (only,) = changed["workout"]["entries"][0]["sets"]
    assert (only["reps"], only["rpe"], only["warmup"]) == (10, 8, True)
    bodyweight = await setup.ows("update_entry", {"entry_id": set_id, "remove_load": True})
    assert "load" not in bodyweight["workout"]["entries"][0]["sets"][0]
    refused = await setup.ows.error("update_entry", {"entry_id": set_id, "title": "x"}, code="invalid_input")
    assert refused.startswith("invalid_input: title:")
    await setup.ows.error("update_entry", {"entry_id": "w_" + "0" * 24, "title": "x"}, code="not_found")
    await setup.ows.error("update_entry", {"entry_id": "nonsense", "title": "x"}, code="invalid_input")


async def test_a_retry_with_the_same_key_logs_once_and_another_body_conflicts(setup):
    arguments = {
        "exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100}]}],
        "idempotency_key": "same-key",
    }
    results = await asyncio.gather(*(setup.ows("log_workout", arguments) for _ in range(20)))
    assert len({r["workout"]["id"] for r in results}) == 1
    assert sum(not r["replayed"] for r in results) == 1
    listed = await setup.ows("get_workouts", {})
    assert len(listed["workouts"]) == 1
    changed = {**arguments, "title": "Another"}
    await setup.ows.error("log_workout", changed, code="idempotency_conflict")


async def test_reads_window_limits_and_ambiguous_names(setup):
    for day, load in (("2026-11-20", 100), ("2026-11-25", 105)):
        await setup.by_key(
            "log_workout",
            {
                "date": day,
                "exercises": [{"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": load}]}],
                "idempotency_key": f"w-{day}",
            },
        )
    listed = await setup.by_key("get_workouts", {"from": "2026-11-01", "to": "2026-11-30", "limit": 1})
    assert [w["date"] for w in listed["workouts"]] == ["2026-11-25"]
    assert listed["more"] is True and listed["total_workouts"] == 2
    assert listed["totals"]["sets"] == 1
    await setup.by_key.error("get_workouts", {"from": "2026-11-30", "to": "2026-11-01"}, code="invalid_input")
    await setup.by_key.error("get_workouts", {"exercise": "press"}, code="exercise_ambiguous")
    await setup.by_key.error("get_workouts", {"limit": 101}, code="invalid_input")
    progress = await setup.by_key(
        "get_progress", {"exercise": "squat", "metric": "top_set", "from": "2026-11-01", "to": "2026-11-30"}
    )
    assert [p["value"] for p in progress["points"]] == [100, 105]
    assert "heaviest" in progress["formula"]
    found = await setup.by_key("search_exercises", {"query": "rdl", "limit": 3})
    assert found["exercises"][0]["exercise_id"] == "romanian-deadlift"
    assert len(found["exercises"]) <= 3
    await setup.by_key.error("search_exercises", {"query": "rdl", "limit": 26}, code="invalid_input")


async def test_calm_mode_withholds_records_totals_and_progress_numbers(setup):
    await setup.ows("update_profile", {"calm_mode": True})
    logged = await setup.ows("log_text", {"text": "squat 3x5 at 100", "idempotency_key": "calm-1"})
    assert "personal_records" not in logged and logged["calm_mode"] is True
    assert "totals" not in logged["workout"]
    assert logged["workout"]["entries"][0]["sets"][0]["load"] == 100  # what was done is still shown
    records = await setup.ows("get_personal_records", {})
    assert records["records"] == [] and "Calm mode" in records["note"]
    listed = await setup.ows("get_workouts", {})
    assert "totals" not in listed and "total_workouts" not in listed
    progress = await setup.ows("get_progress", {"exercise": "squat", "metric": "e1rm"})
    assert all("value" not in p for p in progress["points"]) and progress["points"]


async def test_writes_need_the_logging_consent(setup):
    await give_consents(setup.stack.backends, setup.stack.account_id, logging=False, health=False)
    text = await setup.ows.error("log_text", {"text": "squat 5x5 at 100"}, code="consent_required")
    assert "account page" in text
    await setup.ows.error("update_profile", {"goals": "get stronger"}, code="consent_required")
    assert (await setup.ows("get_profile"))["logging_consent"] is False


async def test_a_tool_call_over_budget_is_a_readable_rate_limited_tool_error(setup):
    """Seed 003's rate_limited is a tool error: over budget, a tools/call answers 200 with isError and
    the text (the official client hands it over); other requests keep 429 (decision 0075)."""
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    call = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": "get_profile", "arguments": {}},
    }
    accept = {"Accept": "application/json, text/event-stream"}
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {setup.by_key.token}"}, timeout=30) as http,
        Client(streamable_http_client(setup.by_key.url, http_client=http)) as session,  # initialized now
    ):
        statuses: list[int] = []
        while 429 not in statuses and len(statuses) <= 300:  # the minute's 300, less the handshake's
            statuses.append((await http.post(setup.by_key.url, json=listing, headers=accept)).status_code)
        over = await session.call_tool("get_profile", {})
        refused = await http.post(setup.by_key.url, json=call, headers=accept)
        listed = await http.post(setup.by_key.url, json=listing, headers=accept)
        with pytest.raises(Exception) as handshake:  # a new connection's initialize is over budget too
            async with Client(streamable_http_client(setup.by_key.url, http_client=http)):
                pass
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200} and len(statuses) >= 290
    assert over.is_error and isinstance(over.content[0], TextContent)
    assert over.content[0].text.startswith("rate_limited: rate limit reached; retry after ")
    assert refused.status_code == 200 and int(refused.headers["retry-after"]) >= 1
    body = refused.json()
    assert body["id"] == 7 and body["result"]["isError"] is True
    seconds = int(refused.headers["retry-after"])
    text = body["result"]["content"][0]["text"]
    assert text.startswith(f"rate_limited: rate limit reached; retry after {seconds}")
    assert listed.status_code == 429 and int(listed.headers["retry-after"]) >= 1
    assert listed.json()["id"] == 1 and listed.json()["error"]["message"].startswith("rate_limited: ")
    assert mcp_error_in(handshake.value).message.startswith("rate_limited: ")
