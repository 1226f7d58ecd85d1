"""Seed 000 (Metric): its JSON examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077, 0079 and 0080). Examples go through both
surfaces the seed describes, the MCP tools and the REST endpoints they mirror ("data operations retain
the version checks and deletion confirmation of the REST endpoints"). Tests share a few accounts; one
that reads the whole library, erases it, spends the budget or sends an example's fixed key has its own.

Examples sent: the two schedules inside a workout create; "Example: minimal create request";
"Example: move one occurrence" (its own dates: the workout recurs before and after them); the
deletion preview and commit bodies; get_workout_guidance with {} and the example it returns, stored
by edit_training as given and read back (and its planExample); the OAuth request, exchange and
refresh parameters (test_seed_000_metric_oauth.py).

Error sentences tested: 400 invalid input; 401 invalid credentials; 403 Training reapproval required
and untrusted request origin; 409 stale versions with fresh details; 410 changed epoch; 429 per-account
limit (300 a minute); 503 temporary unavailability (test_seed_000_metric_errors.py); the same key and
body replays, another body with the same key is a 409; idempotencyKey 8-80 safe characters; versions
<counter>.<deviceID>; calendar <= 93 days and history <= 366; at most 50 records a write; active or
completed occurrences cannot be moved; a changed target needs a new preview (and the five-minute
expiry: test_seed_000_metric_errors.py); snapshot null without a snapshot (stale_snapshot after 60 s:
test_seed_000_metric_errors.py); Cache-Control: private, no-store on answers and errors; EMOM
intervals within the duration; grouped movements contiguous, in order, in at most one block;
targetSets and targetReps for set-based exercises; a name, kind and at least one exercise; an unknown
kind names the kinds; the supported tracking modes; codes expire after one minute, callbacks match
exactly, an expired access token is a 401, wrong authorization requests come back with the error,
state and iss (OAuth file). Also the "Read Training" sentences: the views' envelope, exclusive ends,
weekStartsOn, a name matching several workouts. Plus wrong calls a client would make: wrong types,
unknown IDs, impossible dates, unknown tools and views, an update that empties a workout.

Not sendable, and why: "add the full MCP URL with OAuth authentication" and "enter metric-muse and
leave the client secret empty" are settings of Muse's UI, not requests (the OAuth file sends the
resulting requests); "Open Metric on your phone and tap Approve Muse" is a person's action (the OAuth
file submits the approval page's form as the phone does); "Disconnect Muse in Metric Settings" and
directory approval are outside the API.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import re
import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import pytest
import pytest_asyncio

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import METRIC
from kinetic.sessions.v1 import sessions_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.edge.metric_calls import (
    NO_STORE,
    PREFIX,
    ZONE,
    Tools,
    client_token,
    minimal_create,
    move_one_occurrence,
    plan_with_a_phase,
)
from tests.integration.edge.seed_000_surfaces import MCP_HEADERS, SURFACES, Answer, Muse, refused

pytestmark = pytest.mark.asyncio(loop_scope="module")


# --- seed 000: two-step deletion -----------------------------------------------------------------


async def test_seed_000_deletion_bodies_with_their_step_are_accepted_verbatim(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
    squat = await tools.exercise_id("squat")
    created = await tools("edit_training", plan_with_a_phase(await tools.epoch(), squat, "muse-plan-0077"))
    (plan,) = created["plans"]

    # "First send {"step":"preview","kind":"plan","id":"<plan-id>","timeZone":"America/New_York"}."
    preview = await tools(
        "preview_training_deletion",
        {"step": "preview", "kind": "plan", "id": plan["id"], "timeZone": "America/New_York"},
    )
    assert preview["preview"]["plan"]["id"] == plan["id"] and preview["previewToken"]

    # "Then send {"step":"commit","previewToken":"<token>","confirmed":true,"idempotencyKey":"<key>"}."
    deleted = await tools(
        "confirm_training_deletion",
        {
            "step": "commit",
            "previewToken": preview["previewToken"],
            "confirmed": True,
            "idempotencyKey": "muse-delete-0077",
        },
    )
    assert deleted["deleted"]["plan"]["id"] == plan["id"]
    assert plan["id"] not in {p["id"] for p in (await tools.read("plans"))["data"]["plans"]}


async def test_seed_000_a_step_of_the_other_tool_is_refused_naming_step(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
    wrong_preview = await tools.error(
        "preview_training_deletion", {"step": "commit", "kind": "plan", "id": "x", "timeZone": ZONE}
    )
    wrong_commit = await tools.error(
        "confirm_training_deletion",
        {"step": "preview", "previewToken": "t", "confirmed": True, "idempotencyKey": "muse-delete-0078"},
    )

    for refusal, wanted in ((wrong_preview, "preview"), (wrong_commit, "commit")):
        assert (refusal["error"], refusal["field"]) == ("invalid_request", "step"), refusal
        assert wanted in refusal["error_description"], refusal


async def test_seed_000_step_is_published_as_its_one_value(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {tools.token}"}, timeout=30) as http:
        listed = await http.post(
            module_stack.mcp_url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"},
        )
    schemas = {t["name"]: t["inputSchema"] for t in listed.json()["result"]["tools"]}
    assert schemas["preview_training_deletion"]["properties"]["step"]["enum"] == ["preview"]
    assert schemas["confirm_training_deletion"]["properties"]["step"]["enum"] == ["commit"]
    assert "step" not in schemas["preview_training_deletion"]["required"]
    assert "step" not in schemas["confirm_training_deletion"]["required"]


on_both = pytest.mark.parametrize("surface", SURFACES)


# Accounts several tests share (each writes under its own keys and checks only its own records), a
# few so that no account nears the 300 requests a minute; tests that read the whole library, erase
# it or spend the budget take a new account (``own``), as the examples whose fixed keys are sent.
SHARED_ACCOUNTS = 4


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def accounts(module_stack) -> tuple[itertools.cycle[Muse], list[Muse]]:
    made = [await Muse.connect(module_stack) for _ in range(SHARED_ACCOUNTS)]
    return itertools.cycle(made), made


@pytest_asyncio.fixture(loop_scope="module")
async def muse(accounts) -> Muse:
    """One of the shared accounts, in turn."""
    return next(accounts[0])


@pytest_asyncio.fixture(loop_scope="module")
async def own(module_stack) -> Muse:
    """A new account of the test's own."""
    return await Muse.connect(module_stack)


async def _unchanged(muse: Muse, sequence: int) -> None:
    """Nothing was written since ``sequence`` (the account's sourceSequence before the refusals)."""
    assert (await muse.read("plans"))["sourceSequence"] == sequence


def _today() -> date:
    return datetime.now(ZoneInfo(ZONE)).date()


def _daily(epoch: str, exercise_id: str, key: str) -> dict[str, Any]:
    """The minimal create with an every-day schedule, so today and tomorrow are occurrences."""
    request = minimal_create(epoch, exercise_id, key)
    request["input"]["workout"]["schedule"] = {"type": "everyNDays", "intervalDays": 1}
    return request


def _with_workout(epoch: str, key: str, **workout: Any) -> dict[str, Any]:
    """A createWorkout envelope around ``workout`` as given."""
    return {
        "epoch": epoch,
        "timeZone": ZONE,
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {"action": "createWorkout", "workout": workout},
    }


async def _created(muse: Muse, surface: str, request: dict[str, Any]) -> dict[str, Any]:
    (workout,) = (await muse.ok(surface, "edit_training", request))["workouts"]
    return dict(workout)


# --- examples -------------------------------------------------------------------------------------


@on_both
@pytest.mark.parametrize(
    "schedule",
    [{"type": "weekdays", "weekdays": [2, 4, 6]}, {"type": "everyNDays", "intervalDays": 3}],
    ids=["weekdays", "everyNDays"],
)
async def test_seed_000_both_schedule_examples_store_as_written(muse, surface, schedule):
    """'A schedule is {"type":"weekdays","weekdays":[2,4,6]} or {"type":"everyNDays","intervalDays":3}.'"""
    request = minimal_create(
        await muse.epoch(), await muse.exercise_id("squat"), f"muse-schedule-{schedule['type']}-{surface}"
    )
    request["input"]["workout"]["schedule"] = schedule
    workout = await _created(muse, surface, request)

    (stored,) = (await muse.read("workouts", id=workout["id"]))["data"]["workouts"]
    assert {k: v for k, v in stored["schedule"].items() if k in schedule} == schedule
    if schedule["type"] == "weekdays":
        assert stored["schedule"]["weekdayNames"] == ["Monday", "Wednesday", "Friday"]


@on_both
async def test_seed_000_minimal_create_request_is_stored_and_reads_back(own, surface):
    """'Example: minimal create request' (only the epoch and exerciseID from the live account)."""
    muse = own
    squat = await muse.exercise_id("squat")
    created = await muse.ok(surface, "edit_training", minimal_create(await muse.epoch(), squat))

    (workout,) = created["workouts"]
    assert created["action"] == "createWorkout" and created["replayed"] is False
    (stored,) = (await muse.read("workouts", id=workout["id"]))["data"]["workouts"]
    assert (stored["name"], stored["kind"]) == ("Strength A", "fullBody")
    (movement,) = stored["exercises"]
    assert {
        k: movement[k] for k in ("exerciseID", "trackingMode", "targetSets", "targetReps", "restSeconds")
    } == {
        "exerciseID": squat,
        "trackingMode": "sets",
        "targetSets": 3,
        "targetReps": 8,
        "restSeconds": 90,
    }
    assert created["versions"] == {f"workout:{workout['id']}": workout["version"]}


@on_both
async def test_seed_000_move_one_occurrence_with_the_live_version(own, surface):
    """'Example: move one occurrence': its dates as written, the workout ID and version from the read.

    "Occurrence identity is the workout ID plus its original scheduled day, even if it moves."
    """
    muse = own
    workout = await _created(
        muse, surface, minimal_create(await muse.epoch(), await muse.exercise_id("squat"))
    )
    epoch = await muse.epoch()
    moved = await muse.ok(
        surface, "edit_training", move_one_occurrence(epoch, workout["id"], workout["version"])
    )

    occurrence = moved["occurrence"]
    assert (occurrence["workoutID"], occurrence["originalScheduledDay"]) == (workout["id"], "2026-09-25")
    assert occurrence["day"] == "2026-09-27"
    calendar = await muse.read("calendar", timeZone=ZONE, **{"from": "2026-09-21", "to": "2026-10-05"})
    days = {(o["originalScheduledDay"], o["day"]) for o in calendar["data"]["occurrences"]}
    assert ("2026-09-25", "2026-09-27") in days and ("2026-09-25", "2026-09-25") not in days


@on_both
async def test_seed_000_guidance_with_an_empty_object(muse, surface):
    """'call get_workout_guidance with {}. This read-only MCP tool returns Metric's workout-design
    guidance, target fields, setup rules, and a complete five-movement example with coaching notes.'"""
    guidance = await muse.ok(surface, "get_workout_guidance", {})

    assert guidance["designGuidance"] and guidance["targetFields"]["modes"] and guidance["setupRules"]
    workout = guidance["example"]["workout"]
    assert len(workout["exercises"]) == 5
    assert workout["notes"] and all(m["notes"] for m in workout["exercises"])
    (superset,) = workout["crossFitBlocks"]
    assert superset["configuration"]["format"] == "superset"


@on_both
async def test_seed_000_the_guidance_example_is_stored_as_given_and_reads_back(muse, surface):
    """'Use get_workout_guidance for the full example with movement notes and a superset.' ... 'Read
    the saved workout to verify its notes, movements and setups.' The example is sent as the tool
    returns it: its exerciseIDs are the catalog's own IDs, so nothing is swapped but the epoch."""
    example = (await muse.ok(surface, "get_workout_guidance", {}))["example"]
    request = {
        "epoch": await muse.epoch(),
        "timeZone": ZONE,
        "idempotencyKey": f"muse-guidance-example-{surface}",
        "expectedVersions": {},
        "input": copy.deepcopy(example),
    }
    created = await _created(muse, surface, request)

    (stored,) = (await muse.read("workouts", id=created["id"]))["data"]["workouts"]
    sent = example["workout"]
    assert (stored["name"], stored["kind"], stored["notes"]) == (sent["name"], sent["kind"], sent["notes"])
    assert len(stored["exercises"]) == len(sent["exercises"]) == 5
    for saved, given in zip(stored["exercises"], sent["exercises"], strict=True):
        assert saved["id"] == given["workoutExerciseID"]
        given_targets = {k: v for k, v in given.items() if k != "workoutExerciseID"}
        assert {k: saved[k] for k in given_targets} == given_targets
    (block,) = stored["crossFitBlocks"]
    (sent_block,) = sent["crossFitBlocks"]
    assert block["exerciseIDs"] == sent_block["exerciseIDs"]
    assert block["configuration"] == {"format": "superset", "rounds": sent_block["configuration"]["rounds"]}


async def test_seed_000_the_guidance_example_can_be_stored_twice_in_one_library(muse):
    """An assistant that follows the guidance for two users' sessions (or twice for one) sends the
    same fixed workoutExerciseIDs again: each workout is stored with its own movements."""
    example = (await muse.ok("mcp", "get_workout_guidance", {}))["example"]
    epoch = await muse.epoch()
    first, second = [
        await _created(
            muse,
            "mcp",
            {
                "epoch": epoch,
                "timeZone": ZONE,
                "idempotencyKey": f"muse-guidance-twice-{n}",
                "expectedVersions": {},
                "input": copy.deepcopy(example),
            },
        )
        for n in (1, 2)
    ]
    assert first["id"] != second["id"]
    for workout in (first, second):
        (stored,) = (await muse.read("workouts", id=workout["id"]))["data"]["workouts"]
        assert [m["id"] for m in stored["exercises"]] == [
            m["workoutExerciseID"] for m in example["workout"]["exercises"]
        ]


async def test_seed_000_the_guidance_plan_example_is_stored_as_given(muse):
    """The guidance's planExample (named phases with startDay and endDayExclusive, both schedule
    types), sent as returned: "Plans contain named phases with local startDay and endDayExclusive"."""
    plan_example = (await muse.ok("mcp", "get_workout_guidance", {}))["planExample"]
    created = await muse.ok(
        "mcp",
        "edit_training",
        {
            "epoch": await muse.epoch(),
            "timeZone": ZONE,
            "idempotencyKey": "muse-guidance-plan-0001",
            "expectedVersions": {},
            "input": copy.deepcopy(plan_example),
        },
    )
    (plan,) = created["plans"]
    assert plan["name"] == plan_example["plan"]["name"]
    assert [p["name"] for p in plan["phases"]] == [p["name"] for p in plan_example["plan"]["phases"]]
    assert len(created["workouts"]) == 3


async def test_seed_000_deletion_bodies_over_rest(muse):
    """The same two deletion bodies to POST /training/deletions, the REST endpoint the tools mirror."""
    squat = await muse.exercise_id("squat")
    (plan,) = (
        await muse.ok("rest", "edit_training", plan_with_a_phase(await muse.epoch(), squat, "muse-plan-0079"))
    )["plans"]
    async with muse.http() as http:
        preview = await http.post(
            PREFIX + "/training/deletions",
            json={"step": "preview", "kind": "plan", "id": plan["id"], "timeZone": "America/New_York"},
        )
        assert preview.status_code == 200, preview.text
        token = preview.json()["previewToken"]
        commit = await http.post(
            PREFIX + "/training/deletions",
            json={
                "step": "commit",
                "previewToken": token,
                "confirmed": True,
                "idempotencyKey": "muse-delete-0079",
            },
        )
    assert commit.status_code == 200, commit.text
    assert commit.json()["deleted"]["plan"]["id"] == plan["id"]
    assert commit.json()["deleted"]["keptWorkoutIDs"], "Deleting a plan keeps its workout definitions"


# --- "Errors and limits": the statuses ------------------------------------------------------------


@on_both
async def test_seed_000_400_invalid_input_names_the_field(muse, surface):
    """'HTTP 400 covers invalid input'."""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), "muse-invalid-0001")
    request["input"]["workout"]["exercises"][0]["targetSets"] = "three"
    body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
    assert "targetSets" in body["field"] and "targetSets" in body["error_description"]


@on_both
async def test_seed_000_401_invalid_credentials(muse, surface):
    """'401 invalid or expired credentials'."""
    answer = await (muse.mcp if surface == "mcp" else muse.rest)(
        "read_training", {"view": "plans"}, "garbage"
    )
    assert answer.status == 401
    assert answer.body["error"] == "invalid_token" and answer.body["error_description"]
    assert answer.headers["cache-control"] == NO_STORE
    assert answer.headers["www-authenticate"].startswith("Bearer ")


@on_both
async def test_seed_000_403_training_reapproval_required(muse, surface):
    """'403 Training reapproval required' ... 'Older connections with only some Training permissions
    must reconnect and approve access again'."""
    issued = await muse.stack.backends.auth.IssueAccessToken(
        legacy_token_request(muse, ("training:read", "training:write"))
    )
    answer = await (muse.mcp if surface == "mcp" else muse.rest)(
        "read_training", {"view": "plans"}, issued.access_token
    )
    assert answer.status == 403 and answer.headers["cache-control"] == NO_STORE
    assert answer.body["error"] == "reapproval_required"
    assert answer.body["error_description"].startswith("Training reapproval required")


async def test_seed_000_all_three_legacy_permissions_continue_to_work(muse):
    """'Connections that already had all three legacy permissions continue to work.'"""
    issued = await muse.stack.backends.auth.IssueAccessToken(
        legacy_token_request(muse, ("training:read", "training:write", "training:delete"))
    )
    for call in (muse.mcp, muse.rest):
        answer = await call("read_training", {"view": "plans"}, issued.access_token)
        assert answer.status == 200 and not answer.refused, answer


@on_both
async def test_seed_000_403_untrusted_request_origin(muse, surface):
    """'403 ... an untrusted request origin'."""
    origin = "https://evil.example"
    async with muse.http() as http:
        if surface == "mcp":
            response = await http.post(
                muse.stack.mcp_url,
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                headers={**MCP_HEADERS, "Origin": origin},
            )
        else:
            response = await http.get(PREFIX + "/workout-guidance", headers={"Origin": origin})
    assert response.status_code == 403, response.text
    assert response.json()["error"] == "untrusted_origin" and origin in response.json()["error_description"]
    assert response.headers["cache-control"] == NO_STORE


@on_both
async def test_seed_000_409_stale_versions_return_fresh_details_for_a_retry(muse, surface):
    """'a changed version returns HTTP 409 with fresh details' ... 'Some conflicts also include fresh
    details for a retry.' The retry with the fresh version succeeds."""
    squat = await muse.exercise_id("squat")
    workout = await _created(
        muse, surface, minimal_create(await muse.epoch(), squat, f"muse-stale-{surface}")
    )
    epoch = await muse.epoch()
    await muse.ok(
        surface,
        "edit_training",
        move_one_occurrence(epoch, workout["id"], workout["version"], f"muse-mv-{surface}"),
    )
    stale = move_one_occurrence(epoch, workout["id"], workout["version"], f"muse-request-456-{surface}")
    stale["input"] |= {"originalScheduledDay": "2026-09-28", "destinationDay": "2026-09-29"}

    body = refused(await muse.call(surface, "edit_training", stale), 409, "stale_version")
    fresh_version = body["fresh"]["versions"][f"workout:{workout['id']}"]
    assert fresh_version != workout["version"] and body["fresh"]["epoch"] == epoch
    assert body["fresh"]["workouts"][0]["id"] == workout["id"]
    stale["expectedVersions"] = {f"workout:{workout['id']}": fresh_version}
    stale["idempotencyKey"] = f"muse-request-457-{surface}"
    assert (await muse.ok(surface, "edit_training", stale))["occurrence"]["day"] == "2026-09-29"


@on_both
async def test_seed_000_410_a_changed_library_epoch(own, surface):
    """'410 a changed library epoch'."""
    muse = own
    epoch = await muse.epoch()
    squat = await muse.exercise_id("squat")
    await muse.stack.backends.training.EraseLibrary(
        training_pb2.EraseLibraryRequest(account_id=muse.account_id)
    )

    body = refused(
        await muse.call(surface, "edit_training", minimal_create(epoch, squat)), 410, "epoch_changed"
    )
    assert body["fresh"]["epoch"] == await muse.epoch() != epoch


async def test_seed_000_429_the_per_account_request_limit(own, module_stack):
    """'429 the per-account request limit' ... 'Requests are limited to 300 per Metric account per
    minute.' MCP and REST share the account's budget; another account is not affected."""
    muse = own
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    async with muse.http() as http:

        async def spend(requests: int, over_mcp: bool) -> list[int]:
            """Cheap requests, one after another: MCP pings or an unknown REST path."""
            statuses = []
            for _ in range(requests):
                if over_mcp:
                    response = await http.post(muse.stack.mcp_url, json=ping, headers=MCP_HEADERS)
                else:
                    response = await http.get(PREFIX + "/nothing-here")
                statuses.append(response.status_code)
            return statuses

        spent = await asyncio.gather(*(spend(50, over_mcp=n % 2 == 0) for n in range(6)))
    assert sorted({status for statuses in spent for status in statuses}) == [200, 404]
    for call in (muse.mcp, muse.rest):
        answer = await call("read_training", {"view": "plans"})
        assert answer.status == 429 and answer.body["error"] == "rate_limited", answer
        assert answer.body["error_description"] and int(answer.headers["retry-after"]) >= 1
        assert answer.headers["cache-control"] == NO_STORE
    other = await Muse.connect(module_stack)
    assert (await other.rest("read_training", {"view": "plans"})).status == 200


# --- idempotency and the envelope -----------------------------------------------------------------


@on_both
async def test_seed_000_reusing_the_same_key_and_body_returns_the_original_result(own, surface):
    """'Reusing the same key and body returns the original result.'"""
    muse = own
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"))
    first = await muse.ok(surface, "edit_training", request)
    again = await muse.ok(surface, "edit_training", request)

    assert again["replayed"] is True and {**again, "replayed": False} == first
    assert (await muse.read("workouts"))["data"]["totalSize"] == 1


@on_both
async def test_seed_000_the_same_key_with_another_body_is_a_conflict(own, surface):
    """The same key with another body is not a replay: a 409 naming idempotencyKey, nothing written."""
    muse = own
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"))
    await muse.ok(surface, "edit_training", request)
    request["input"]["workout"]["name"] = "Strength B"

    body = refused(
        await muse.call(surface, "edit_training", request), 409, "idempotency_key_reused", "idempotencyKey"
    )
    assert "idempotencyKey" in body["error_description"] or "key" in body["error_description"]
    assert [w["name"] for w in (await muse.read("workouts"))["data"]["workouts"]] == ["Strength A"]


async def test_seed_000_a_deletion_key_reused_for_another_preview_or_an_edit_is_a_conflict(muse):
    """The commit's idempotencyKey ("a retry with the same key returns the first result") used for
    another preview, or for an edit, is the same 409 naming idempotencyKey; nothing more is deleted."""
    squat = await muse.exercise_id("squat")
    first, second = [
        await _created(muse, "mcp", minimal_create(await muse.epoch(), squat, f"muse-doomed-{n}"))
        for n in (1, 2)
    ]
    previews = [
        await muse.ok(
            "mcp", "preview_training_deletion", {"kind": "workout", "id": w["id"], "timeZone": ZONE}
        )
        for w in (first, second)
    ]
    commit = {
        "previewToken": previews[0]["previewToken"],
        "confirmed": True,
        "idempotencyKey": "muse-delete-once",
    }
    await muse.ok("mcp", "confirm_training_deletion", commit)
    replayed = await muse.ok("rest", "confirm_training_deletion", commit)
    assert replayed["replayed"] is True and replayed["deleted"]["workout"]["id"] == first["id"]

    other = commit | {"previewToken": previews[1]["previewToken"]}
    for surface in SURFACES:
        refused(
            await muse.call(surface, "confirm_training_deletion", other),
            409,
            "idempotency_key_reused",
            "idempotencyKey",
        )
    edit = minimal_create(await muse.epoch(), squat, "muse-delete-once")
    refused(await muse.call("mcp", "edit_training", edit), 409, "idempotency_key_reused", "idempotencyKey")
    (kept,) = (await muse.read("workouts", id=second["id"]))["data"]["workouts"]
    assert kept["id"] == second["id"]


@pytest.mark.parametrize(
    "key",
    ["muse-12", "k" * 81, "muse key 123", "muse/key/123", "muse-clé-123", ""],
    ids=["7-chars", "81-chars", "space", "slash", "non-ascii", "empty"],
)
async def test_seed_000_idempotency_key_must_be_8_to_80_safe_characters(muse, key):
    """'an idempotencyKey (8-80 safe characters)' (the seed writes an en dash)."""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), key)
    for surface in SURFACES:
        body = refused(
            await muse.call(surface, "edit_training", request), 400, "invalid_request", "idempotencyKey"
        )
        assert "8-80 characters of A-Z a-z 0-9 . _ : -" in body["error_description"], body


@pytest.mark.parametrize(
    "key", ["muse-123", "m" * 80, "muse_key.1:2-3"], ids=["8-chars", "80-chars", "punctuation"]
)
async def test_seed_000_idempotency_keys_at_the_bounds_are_taken(muse, key):
    """'8-80 safe characters': both ends and the safe punctuation."""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), key)
    assert (await muse.ok("mcp", "edit_training", request))["replayed"] is False


@pytest.mark.parametrize("version", ["4", "4.", ".iphone", "four.iphone", "4.i phone"])
async def test_seed_000_existing_records_need_a_counter_dot_device_version(muse, version):
    """'Existing records require a version of the form <counter>.<deviceID>'."""
    squat = await muse.exercise_id("squat")
    workout = await _created(
        muse,
        "mcp",
        minimal_create(await muse.epoch(), squat, "muse-version-" + re.sub("[^A-Za-z0-9]", "-", version)),
    )
    request = move_one_occurrence(await muse.epoch(), workout["id"], version, "muse-version-move")
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
        assert body["field"] == f"expectedVersions[workout:{workout['id']}]"
        assert "<counter>.<deviceID>" in body["error_description"]


# --- ranges ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("view", "days"), [("calendar", 93), ("history", 366)])
async def test_seed_000_calendar_up_to_93_days_and_history_up_to_366(muse, view, days):
    """'Calendar requests may cover up to 93 days; history requests up to 366 days.'"""
    start = date(2026, 9, 1)
    window = {"view": view, "timeZone": ZONE, "from": start.isoformat()}
    for surface in SURFACES:
        fits = await muse.ok(surface, "read_training", window | {"to": (start + timedelta(days)).isoformat()})
        assert fits["view"] == view
        too_long = window | {"to": (start + timedelta(days + 1)).isoformat()}
        body = refused(await muse.call(surface, "read_training", too_long), 400, "invalid_request")
        assert str(days) in body["error_description"] and body["field"] in ("from", "to")


@pytest.mark.parametrize(
    ("window", "field"),
    [
        ({"from": "2026-02-30", "to": "2026-03-05"}, "from"),
        ({"from": "09/01/2026", "to": "2026-09-05"}, "from"),
        ({"from": "2026-09-05", "to": "2026-09-01"}, "to"),
        ({"from": "2026-09-01", "to": "2026-09-05", "timeZone": "Mars/Olympus"}, "timeZone"),
    ],
    ids=["impossible-day", "us-format", "end-before-start", "unknown-zone"],
)
async def test_seed_000_dates_are_local_yyyy_mm_dd_in_an_iana_zone(muse, window, field):
    """'Dates are local YYYY-MM-DD values in the supplied IANA time zone. Ranges use an exclusive end.'"""
    for surface in SURFACES:
        body = refused(
            await muse.call(surface, "read_training", {"view": "calendar", "timeZone": ZONE} | window),
            400,
            "invalid_request",
        )
        assert body["field"] == field, body


async def test_seed_000_a_write_can_change_at_most_50_records(muse):
    """'A write can change at most 50 records.' A plan and 49 new workouts is 50; 50 workouts is 51."""
    epoch, squat = await muse.epoch(), await muse.exercise_id("squat")

    def plan(workouts: int, key: str) -> dict[str, Any]:
        request = plan_with_a_phase(epoch, squat, key)
        (phase,) = request["input"]["plan"]["phases"]
        phase["workouts"] = [phase["workouts"][0] | {"name": f"Day {n}"} for n in range(workouts)]
        return request

    for surface in SURFACES:
        body = refused(
            await muse.call(surface, "edit_training", plan(50, f"muse-too-many-{surface}")),
            400,
            "invalid_request",
        )
        assert "51" in body["error_description"] and "at most 50" in body["error_description"]
    created = await muse.ok("mcp", "edit_training", plan(49, "muse-just-enough"))
    assert len(created["workouts"]) == 49 and len(created["plans"]) == 1


@pytest.mark.parametrize("completed", [False, True], ids=["active", "completed"])
async def test_seed_000_active_or_completed_occurrences_cannot_be_moved(muse, completed):
    """'Active or completed occurrences cannot be moved.'"""
    workout = await _created(
        muse, "mcp", _daily(await muse.epoch(), await muse.exercise_id("squat"), f"muse-daily-{completed}")
    )
    today = _today()
    started = await muse.stack.backends.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=muse.account_id,
            workout_id=workout["id"],
            original_scheduled_day=today.isoformat(),
            title=workout["name"],
            device_id="muse-phone",
        )
    )
    if completed:
        await muse.stack.backends.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(
                account_id=muse.account_id, session_id=started.session.session_id, device_id="muse-phone"
            )
        )
    (current,) = (await muse.read("workouts", id=workout["id"]))["data"]["workouts"]
    request = move_one_occurrence(await muse.epoch(), workout["id"], current["version"])
    request["input"] |= {
        "originalScheduledDay": today.isoformat(),
        "destinationDay": (today + timedelta(days=1)).isoformat(),
    }
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 409, "occurrence_locked")
        assert ("completed" if completed else "active") in body["error_description"] or "cannot" in body[
            "error_description"
        ]


async def test_seed_000_a_changed_target_requires_a_new_preview(muse):
    """'a changed target requires a new preview.'"""
    squat = await muse.exercise_id("squat")
    workout = await _created(muse, "mcp", minimal_create(await muse.epoch(), squat, "muse-changed-target"))
    preview = await muse.ok(
        "mcp",
        "preview_training_deletion",
        {"step": "preview", "kind": "workout", "id": workout["id"], "timeZone": ZONE},
    )
    change = minimal_create(await muse.epoch(), workout["exercises"][0]["exerciseID"], "muse-rename-0001")
    change["expectedVersions"] = {f"workout:{workout['id']}": workout["version"]}
    change["input"] = {
        "action": "updateWorkout",
        "workoutID": workout["id"],
        "workout": {"name": "Strength A2"},
    }
    await muse.ok("mcp", "edit_training", change)

    commit = {"step": "commit", "previewToken": preview["previewToken"], "confirmed": True}
    for surface in SURFACES:
        answer = await muse.call(
            surface, "confirm_training_deletion", commit | {"idempotencyKey": f"muse-del-{surface}"}
        )
        body = refused(answer, 409, "preview_stale", "previewToken")
        assert "preview again" in body["error_description"]
    (kept,) = (await muse.read("workouts", id=workout["id"]))["data"]["workouts"]
    assert kept["name"] == "Strength A2"


async def test_seed_000_no_usable_snapshot_means_snapshot_null(own):
    """'When no usable snapshot exists, snapshot is null; do not describe either case as current progress.'"""
    muse = own
    for surface in SURFACES:
        active = await muse.ok(surface, "read_training", {"view": "active"})
        assert active["data"]["snapshot"] is None
        assert "no current progress" in active["data"]["note"]


async def test_seed_000_responses_are_private_no_store_errors_too(muse, module_stack):
    """'Responses use Cache-Control: private, no-store.' Answers, tool errors, refusals at the door,
    unknown paths and the MCP protocol's own answers alike."""
    async with (
        muse.http() as http,
        httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as anonymous,
    ):
        responses = [
            await http.post(
                muse.stack.mcp_url,
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                headers=MCP_HEADERS,
            ),
            await http.post(
                muse.stack.mcp_url, json={"jsonrpc": "2.0", "id": 2, "method": "no/such"}, headers=MCP_HEADERS
            ),
            await http.post(muse.stack.mcp_url, content=b"{not json", headers=MCP_HEADERS),
            await anonymous.post(
                METRIC.path, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=MCP_HEADERS
            ),
            await http.get(PREFIX + "/workout-guidance"),
            await http.get(PREFIX + "/training", params={"view": "nope"}),
            await http.get(PREFIX + "/nothing-here"),
            await http.delete(PREFIX + "/training/edits"),
            await anonymous.get(PREFIX + "/training", params={"view": "plans"}),
            await http.post(PREFIX + "/training/edits/", json={}),  # the router's redirect
            await http.get(PREFIX + "/training/", params={"view": "plans"}),
        ]
    statuses = [r.status_code for r in responses]
    assert {200, 307, 400, 401, 404} <= set(statuses), statuses
    for response in responses:
        assert response.headers["cache-control"] == NO_STORE, (response.request.url, response.status_code)


# --- authoring rules ------------------------------------------------------------------------------


def _block(ids: list[str], **configuration: Any) -> dict[str, Any]:
    return {
        "configuration": {"format": "superset", "durationSeconds": 1200, "rounds": 3, "intervalSeconds": 60}
        | configuration,
        "exerciseIDs": ids,
    }


def _movement(exercise_id: str, movement_id: str) -> dict[str, Any]:
    return {
        "workoutExerciseID": movement_id,
        "exerciseID": exercise_id,
        "trackingMode": "sets",
        "targetSets": 1,
        "targetReps": 10,
        "restSeconds": 0,
    }


async def _three_movements(muse: Muse) -> tuple[list[dict[str, Any]], list[str]]:
    ids = [str(uuid.uuid4()) for _ in range(3)]
    exercises = [await muse.exercise_id(q) for q in ("squat", "push up", "pull up")]
    return [_movement(e, i) for e, i in zip(exercises, ids, strict=True)], ids


@pytest.mark.parametrize(
    ("interval", "duration", "taken"), [(90, 60, False), (60, 600, True), (600, 600, True)]
)
async def test_seed_000_emom_intervals_must_fit_within_the_total_duration(muse, interval, duration, taken):
    """'EMOM intervals must fit within the total duration.'"""
    movements, ids = await _three_movements(muse)
    request = _with_workout(
        await muse.epoch(),
        f"muse-emom-{interval}-{duration}",
        name="EMOM",
        kind="crossFit",
        exercises=movements,
        crossFitBlocks=[
            _block(ids, format="emom", durationSeconds=duration, intervalSeconds=interval, rounds=5)
        ],
    )
    for surface in SURFACES:
        answer = await muse.call(surface, "edit_training", request)
        if taken:
            assert not answer.refused, answer
            continue
        body = refused(answer, 400, "invalid_request")
        assert (
            "intervalSeconds" in body["error_description"] and "durationSeconds" in body["error_description"]
        )


@pytest.mark.parametrize(
    "blocks",
    [
        lambda ids: [_block([ids[0], ids[2]])],
        lambda ids: [_block([ids[1], ids[0]])],
        lambda ids: [_block([ids[0], ids[1]]), _block([ids[1], ids[2]])],
    ],
    ids=["not-contiguous", "out-of-order", "in-two-blocks"],
)
async def test_seed_000_grouped_movements_contiguous_in_order_in_one_block(muse, blocks):
    """'Grouped movements must be contiguous, in workout order, and in at most one block.'"""
    movements, ids = await _three_movements(muse)
    sequence = (await muse.read("plans"))["sourceSequence"]
    request = _with_workout(
        await muse.epoch(),
        "muse-blocks-0001",
        name="Supersets",
        kind="upperBody",
        exercises=movements,
        crossFitBlocks=blocks(ids),
    )
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
        assert body["field"].startswith("input.workout.crossFitBlocks"), body
    await _unchanged(muse, sequence)


@pytest.mark.parametrize("missing", ["targetSets", "targetReps"])
async def test_seed_000_set_based_exercises_require_sets_and_reps(muse, missing):
    """'Set-based exercises require targetSets and targetReps.'"""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), "muse-targets-0001")
    del request["input"]["workout"]["exercises"][0][missing]
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
        assert body["field"] == f"input.workout.exercises[0].{missing}", body


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda w: w.pop("name"), "input.workout.name"),
        (lambda w: w.pop("kind"), "input.workout.kind"),
        (lambda w: w.update(exercises=[]), "input.workout.exercises"),
        (lambda w: w.pop("exercises"), "input.workout.exercises"),
    ],
    ids=["no-name", "no-kind", "no-exercises", "exercises-missing"],
)
async def test_seed_000_a_workout_has_a_name_kind_and_an_exercise(muse, change, field):
    """'A workout has a name, kind, and at least one exercise.'"""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), "muse-workout-0001")
    change(request["input"]["workout"])
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
        assert body["field"] == field, body


async def test_seed_000_an_unknown_kind_names_the_kinds(muse):
    """'Kinds are custom, push, pull, fullBody, upperBody, legs, glutes, back, chest, shoulders,
    biceps, triceps, core, cardio, crossFit, and warmUp.'"""
    kinds = (
        "custom, push, pull, fullBody, upperBody, legs, glutes, back, chest, shoulders, biceps, triceps, "
        "core, cardio, crossFit, warmUp"
    )
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), "muse-kind-0001")
    request["input"]["workout"]["kind"] = "strength"
    for surface in SURFACES:
        body = refused(
            await muse.call(surface, "edit_training", request), 400, "invalid_request", "input.workout.kind"
        )
        assert all(k in body["error_description"] for k in kinds.split(", ")), body
    for kind in kinds.split(", "):
        request["input"]["workout"]["kind"] = kind
        request["idempotencyKey"] = f"muse-kind-{kind}"
        await muse.ok("mcp", "edit_training", request)


@pytest.mark.parametrize(
    ("mode", "taken"),
    [(m, True) for m in ("sets", "duration", "intervals", "distance", "calories", "checkOff")]
    + [("reps", False)],
)
async def test_seed_000_supported_tracking_modes(muse, mode, taken):
    """'Supported modes are sets, duration, intervals, distance, calories, and checkOff.' A mode the
    exercise does not support, or an unknown one, is refused naming trackingMode."""
    modes = (await muse.ok("mcp", "get_workout_guidance", {}))["targetFields"]["modes"]
    assert set(modes) == {"sets", "duration", "intervals", "distance", "calories", "checkOff"}
    catalog = (await muse.read("exercises", pageSize=100))["data"]["exercises"]
    exercise = next((e for e in catalog if mode in e.get("trackingModes", ())), catalog[0])
    movement: dict[str, Any] = {"exerciseID": exercise["id"], "trackingMode": mode}
    for name in modes.get(mode, {}).get("required", ()):
        movement[name] = 3
    request = _with_workout(
        await muse.epoch(), f"muse-mode-{mode}", name=f"{mode} day", kind="custom", exercises=[movement]
    )
    answer = await muse.call("mcp", "edit_training", request)
    if taken:
        assert not answer.refused, answer
    else:
        assert refused(answer, 400, "invalid_request")["field"] == "input.workout.exercises[0].trackingMode"


# --- wrong calls a Muse client would make ----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.update(epoch=None), "epoch"),
        (lambda r: r.pop("timeZone"), "timeZone"),
        (lambda r: r.update(timeZone="EST5EDT-ish"), "timeZone"),
        (lambda r: r.pop("input"), "input"),
        (lambda r: r["input"].update(action="createWorkouts"), "input.action"),
        (lambda r: r["input"]["workout"].update(schedule={"type": "weekdays", "weekdays": [0, 8]}), None),
        (lambda r: r["input"]["workout"].update(schedule={"type": "everyNDays", "intervalDays": 0}), None),
        (lambda r: r["input"]["workout"].update(schedule={"type": "weekdays", "weekdays": "2,4,6"}), None),
        (lambda r: r["input"]["workout"]["exercises"][0].update(exerciseID="not-an-exercise"), None),
        (lambda r: r.update(expectedVersions=[]), "expectedVersions"),
        (lambda r: r.update(extra=1), "extra"),
    ],
    ids=[
        "null-epoch",
        "no-time-zone",
        "bad-time-zone",
        "no-input",
        "unknown-action",
        "weekday-out-of-range",
        "every-0-days",
        "weekdays-as-text",
        "unknown-exercise",
        "versions-as-list",
        "unknown-argument",
    ],
)
async def test_seed_000_wrong_create_calls_are_400_naming_what_to_fix(muse, change, field):
    """Plausible wrong calls: each a 400 (a tool error over MCP) naming the argument, never a 500,
    and naming only Metric's own tools."""
    request = minimal_create(await muse.epoch(), await muse.exercise_id("squat"), "muse-wrong-0001")
    change(request)
    sequence = (await muse.read("plans"))["sourceSequence"]
    for surface in SURFACES:
        body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
        assert body.get("field"), body
        if field is not None:
            assert body["field"] == field, body
        assert body["field"].split(".")[0].split("[")[0] in body["error_description"] or field == "extra"
    await _unchanged(muse, sequence)


async def test_seed_000_unknown_ids_are_400_naming_the_argument(muse):
    """A missing record is bad input over Metric (no 404 in the seed's list): the argument is named."""
    ghost = str(uuid.uuid4())
    request = move_one_occurrence(await muse.epoch(), ghost, "4.iphone")
    preview = {"kind": "workout", "id": ghost, "timeZone": ZONE}
    for surface in SURFACES:
        moved = refused(await muse.call(surface, "edit_training", request), 400, "workout_not_found")
        assert moved["field"] in ("input.workoutID", f"expectedVersions[workout:{ghost}]")
        refused(
            await muse.call(surface, "preview_training_deletion", preview), 400, "workout_not_found", "id"
        )
        read = refused(
            await muse.call(surface, "read_training", {"view": "workouts", "id": ghost}),
            400,
            "workout_not_found",
        )
        assert read["field"] == "id"


async def test_seed_000_an_unknown_tool_or_view_names_what_there_is(muse):
    """An unknown tool points to tools/list (decision 0075); an unknown view names the views."""
    tool = await muse.mcp("delete_training", {"id": "x"})
    assert tool.refused and tool.status == 200 and tool.body["field"] == "name"
    assert (
        "delete_training" in tool.body["error_description"] and "tools/list" in tool.body["error_description"]
    )
    tools = await muse.mcp_list()
    for name in (
        "get_workout_guidance",
        "read_training",
        "edit_training",
        "preview_training_deletion",
        "confirm_training_deletion",
    ):
        assert name in tools
    for surface in SURFACES:
        view = refused(
            await muse.call(surface, "read_training", {"view": "workout"}), 400, "invalid_request", "view"
        )
        assert "calendar" in view["error_description"] and "exercises" in view["error_description"]


def legacy_token_request(muse: Muse, scopes: tuple[str, ...]) -> Any:
    """An access token request for Muse's account holding ``scopes`` (legacy connections)."""
    return auth_pb2.IssueAccessTokenRequest(
        account_id=muse.account_id, audience=muse.stack.mcp_url, scopes=list(scopes), client_id="metric-muse"
    )


async def test_seed_000_discovery_instructions_and_the_edit_tool_point_to_the_guidance(muse):
    """'The connector's discovery instructions and edit tool description point Muse to it directly.'"""
    pointer = "call get_workout_guidance with {}"
    async with muse.http() as http:
        initialized = await http.post(
            muse.stack.mcp_url,
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "muse", "version": "1"},
                },
            },
            headers=MCP_HEADERS,
        )
        listed = await http.post(
            muse.stack.mcp_url, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=MCP_HEADERS
        )
    assert pointer in initialized.json()["result"]["instructions"]
    (edit,) = [t for t in listed.json()["result"]["tools"] if t["name"] == "edit_training"]
    assert pointer in edit["description"]


async def test_seed_000_an_update_without_exercises_names_only_metrics_arguments(muse):
    """'A workout has a name, kind, and at least one exercise', on update too: the text names no
    argument Metric does not publish (decision 0076: Metric's writes take no endurance part, 0056;
    its reads show planned endurance workouts, so the words may say what they are)."""
    squat = await muse.exercise_id("squat")
    workout = await _created(muse, "mcp", minimal_create(await muse.epoch(), squat, "muse-emptied-0001"))
    emptied = {
        "epoch": await muse.epoch(),
        "timeZone": ZONE,
        "idempotencyKey": "muse-emptied-0002",
        "expectedVersions": {f"workout:{workout['id']}": workout["version"]},
        "input": {"action": "updateWorkout", "workoutID": workout["id"], "workout": {"exercises": []}},
    }
    created_empty = minimal_create(await muse.epoch(), squat, "muse-emptied-0003")
    created_empty["input"]["workout"]["exercises"] = []
    for request in (emptied, created_empty):
        for surface in SURFACES:
            body = refused(await muse.call(surface, "edit_training", request), 400, "invalid_request")
            assert body["field"] == "input.workout.exercises", body
            assert "at least" in body["error_description"] and "movement" in body["error_description"], body
            assert "(endurance)" not in body["error_description"], body
            assert "clearEndurance" not in body["error_description"], body


# --- "Read Training" -------------------------------------------------------------------------------


@on_both
async def test_seed_000_ordinary_views_return_the_envelope(muse, surface):
    """'Ordinary views return epoch, sourceSequence, timeZone, contentTrust: "user-provided", and data.'"""
    for view in ("calendar", "history", "workouts", "plans", "exercises", "active", "insights"):
        answer = await muse.ok(surface, "read_training", {"view": view, "timeZone": ZONE})
        assert answer["contentTrust"] == "user-provided", view
        assert answer["timeZone"] == ZONE and isinstance(answer["sourceSequence"], int), view
        assert answer["epoch"] and isinstance(answer["data"], dict), view


async def test_seed_000_ranges_use_an_exclusive_end_and_the_users_first_weekday(own):
    """'Ranges use an exclusive end date.' ... 'Use the user's first weekday for weekStartsOn
    (Sunday = 1).'"""
    muse = own
    await _created(muse, "mcp", minimal_create(await muse.epoch(), await muse.exercise_id("squat")))
    window = {"view": "calendar", "timeZone": ZONE, "from": "2026-09-21", "to": "2026-09-25"}
    for surface in SURFACES:
        calendar = (await muse.ok(surface, "read_training", window))["data"]
        assert [o["day"] for o in calendar["occurrences"]] == ["2026-09-21", "2026-09-23"]
        week = await muse.ok(
            surface, "read_training", {"view": "calendar", "timeZone": ZONE, "weekStartsOn": 1}
        )
        assert (week["data"]["weekStartsOn"], week["data"]["weekStartsOnName"]) == (1, "Sunday")
        assert date.fromisoformat(week["data"]["from"]).isoweekday() == 7, "the week starts on a Sunday"


async def test_seed_000_a_name_matching_several_workouts_lists_the_choices(muse):
    """'When a name matches multiple workouts, show the choices and obtain an ID before editing.'"""
    squat = await muse.exercise_id("squat")
    made = []
    for n in (1, 2):
        request = minimal_create(await muse.epoch(), squat, f"muse-tempo-day-{n}")
        request["input"]["workout"]["name"] = f"Tempo Day {n}"
        made.append((await _created(muse, "mcp", request))["id"])
    for surface in SURFACES:
        found = (await muse.ok(surface, "read_training", {"view": "workouts", "name": "Tempo Day"}))["data"]
        assert found["ambiguous"] is True
        assert sorted(w["id"] for w in found["matches"]) == sorted(made)
        assert "choices" in found["note"]


async def test_seed_000_a_query_parameter_given_twice_is_refused_not_picked(muse):
    """'HTTP 400 covers invalid input': a REST read naming `from` twice does not silently take one."""
    async with muse.http(None) as http:
        response = await http.get(
            PREFIX + "/training",
            params=[("view", "calendar"), ("from", "2026-10-01"), ("from", "2026-11-01")],
        )
    body = refused(
        Answer("rest", response.status_code, True, response.json(), response.headers), 400, "invalid_request"
    )
    assert body["field"] == "from" and "given 2 times; send it once" in body["error_description"]
