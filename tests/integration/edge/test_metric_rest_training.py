"""The REST mirror of the Metric Training tools: seed 000's bodies, parity with MCP, every status."""

from __future__ import annotations

import uuid

import pytest

from kinetic.training.v1 import training_pb2
from tests.integration.edge.metric_calls import (
    NO_STORE,
    ZONE,
    Tools,
    minimal_create,
    move_one_occurrence,
    plan_with_a_phase,
    rest_client,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


def _ok(response):
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == NO_STORE
    return response.json()


def _refused(response, status, error):
    assert response.status_code == status, response.text
    assert response.headers["cache-control"] == NO_STORE
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] == error, body
    assert body["error_description"]
    return body


async def _epoch_and_squat(http):
    epoch = _ok(await http.get("/training", params={"view": "plans"}))["epoch"]
    found = _ok(await http.get("/training", params={"view": "exercises", "query": "squat", "pageSize": 1}))
    return epoch, found["data"]["exercises"][0]["id"]


async def test_seed_examples_work_as_written_over_rest(account_stack):
    async with rest_client(account_stack) as http:
        epoch, squat = await _epoch_and_squat(http)
        created = _ok(await http.post("/training/edits", json=minimal_create(epoch, squat)))
        (workout,) = created["workouts"]
        moved = _ok(
            await http.post(
                "/training/edits", json=move_one_occurrence(epoch, workout["id"], workout["version"])
            )
        )
        assert moved["occurrence"]["day"] == "2026-09-27"

        planned = _ok(
            await http.post("/training/edits", json=plan_with_a_phase(epoch, squat, "muse-plan-0002"))
        )
        plan_id = planned["plans"][0]["id"]
        preview = _ok(
            await http.post(
                "/training/deletions",
                json={"step": "preview", "kind": "plan", "id": plan_id, "timeZone": ZONE},
            )
        )
        commit = {
            "step": "commit",
            "previewToken": preview["previewToken"],
            "confirmed": True,
            "idempotencyKey": "muse-delete-0002",
        }
        deleted = _ok(await http.post("/training/deletions", json=commit))
        assert deleted["deleted"]["plan"]["id"] == plan_id
        assert _ok(await http.get("/training", params={"view": "plans"}))["data"]["plans"] == []


async def test_rest_and_mcp_answer_the_same(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    async with rest_client(account_stack) as http:
        epoch, squat = await _epoch_and_squat(http)
        over_rest = _ok(await http.post("/training/edits", json=minimal_create(epoch, squat)))
        over_mcp = await tools("edit_training", minimal_create(epoch, squat))
        assert over_mcp["replayed"] is True, "the same key and body over MCP is the REST write's replay"
        assert {**over_mcp, "replayed": False} == over_rest
        workout_id = over_rest["workouts"][0]["id"]
        for params in (
            {"view": "workouts", "id": workout_id},
            {"view": "workouts", "name": "strength"},
            {"view": "calendar", "from": "2026-09-21", "to": "2026-10-05", "timeZone": ZONE},
            {"view": "plans"},
        ):
            assert _ok(await http.get("/training", params=params)) == await tools.read(**params)


async def test_a_retry_with_the_same_key_and_body_writes_nothing(account_stack):
    async with rest_client(account_stack) as http:
        epoch, squat = await _epoch_and_squat(http)
        first = _ok(await http.post("/training/edits", json=minimal_create(epoch, squat)))
        again = _ok(await http.post("/training/edits", json=minimal_create(epoch, squat)))
        listed = _ok(await http.get("/training", params={"view": "workouts"}))
    assert again["replayed"] is True and again["workouts"] == first["workouts"]
    assert listed["data"]["totalSize"] == 1 and listed["sourceSequence"] == first["sourceSequence"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b"{not json", None),
        (b"[1, 2]", None),
        (b'"text"', None),
        (b"\xff\xfe", None),
        (b"[" * 100_000 + b"]" * 100_000, None),
        (b'{"epoch": NaN}', None),
        (b"{}", "epoch"),
        (b'{"epoch": 7}', "epoch"),
        (b'{"epoch": "e", "timeZone": "UTC", "idempotencyKey": "k-00000001", "input": {}}', "input.action"),
        (
            b'{"epoch": "e", "timeZone": "UTC", "idempotencyKey": "k-00000001", "input": {"action": "x"}, '
            b'"y": 1}',
            "y",
        ),
    ],
)
async def test_malformed_edit_bodies_are_400_never_500(account_stack, body, field):
    async with rest_client(account_stack) as http:
        response = await http.post(
            "/training/edits", content=body, headers={"content-type": "application/json"}
        )
    refused = _refused(response, 400, "invalid_request")
    assert refused.get("field") == field


async def test_deletion_steps_are_checked(account_stack):
    async with rest_client(account_stack) as http:
        no_step = await http.post("/training/deletions", json={"kind": "plan", "id": "x", "timeZone": ZONE})
        unconfirmed = await http.post(
            "/training/deletions",
            json={
                "step": "commit",
                "previewToken": "t",
                "confirmed": "yes",
                "idempotencyKey": "muse-key-0003",
            },
        )
        unknown_token = await http.post(
            "/training/deletions",
            json={
                "step": "commit",
                "previewToken": "t" * 40,
                "confirmed": True,
                "idempotencyKey": "muse-key-0004",
            },
        )
        missing = await http.post(
            "/training/deletions",
            json={"step": "preview", "kind": "plan", "id": str(uuid.uuid4()), "timeZone": ZONE},
        )
    assert _refused(no_step, 400, "invalid_request")["field"] == "step"
    assert _refused(unconfirmed, 400, "invalid_request")["field"] == "confirmed"
    assert unknown_token.status_code in (400, 409) and unknown_token.json()["field"] == "previewToken"
    assert _refused(missing, 400, "plan_not_found")["field"] == "id"


async def test_409_stale_version_carries_fresh_details_and_a_reused_key_conflicts(account_stack):
    async with rest_client(account_stack) as http:
        epoch, squat = await _epoch_and_squat(http)
        (workout,) = _ok(await http.post("/training/edits", json=minimal_create(epoch, squat)))["workouts"]
        _ok(
            await http.post(
                "/training/edits", json=move_one_occurrence(epoch, workout["id"], workout["version"])
            )
        )
        stale = await http.post(
            "/training/edits",
            json=move_one_occurrence(epoch, workout["id"], workout["version"], "muse-request-789"),
        )
        reused = minimal_create(epoch, squat)
        reused["input"]["workout"]["name"] = "Strength B"
        conflict = await http.post("/training/edits", json=reused)
    fresh = _refused(stale, 409, "stale_version")["fresh"]
    assert fresh["epoch"] == epoch and isinstance(fresh["sourceSequence"], int)
    assert fresh["versions"][f"workout:{workout['id']}"] != workout["version"]
    assert fresh["workouts"][0]["id"] == workout["id"] and "plans" in fresh
    assert _refused(conflict, 409, "idempotency_key_reused")["field"] == "idempotencyKey"


async def test_410_when_the_library_epoch_changed(account_stack):
    async with rest_client(account_stack) as http:
        epoch, squat = await _epoch_and_squat(http)
        await account_stack.backends.training.EraseLibrary(
            training_pb2.EraseLibraryRequest(account_id=account_stack.account_id)
        )
        gone = await http.post("/training/edits", json=minimal_create(epoch, squat))
        current = _ok(await http.get("/training", params={"view": "plans"}))
    fresh = _refused(gone, 410, "epoch_changed")["fresh"]
    assert fresh["epoch"] == current["epoch"] != epoch
    assert fresh["sourceSequence"] == current["sourceSequence"]


async def test_401_and_403_answer_in_metric_shape(account_stack):
    scopeless = await account_stack.access_token(scopes=("mcp:full",))
    async with (
        rest_client(account_stack, "garbage") as anonymous,
        rest_client(account_stack, scopeless) as unscoped,
    ):
        _refused(await anonymous.post("/training/edits", json={}), 401, "invalid_token")
        _refused(await unscoped.post("/training/deletions", json={}), 403, "insufficient_scope")


async def test_429_after_300_requests_in_a_minute(account_stack):
    async with rest_client(account_stack) as http:
        statuses = [(await http.post("/training/edits", content=b"x")).status_code for _ in range(300)]
        limited = await http.post("/training/edits", json={})
    assert set(statuses) == {400}
    _refused(limited, 429, "rate_limited")


@pytest.mark.asyncio(loop_scope="function")  # a stack of its own: it stops a server
async def test_503_when_training_is_down(stack):
    await stack.servers["training"].stop(0)
    async with rest_client(stack) as http:
        edit = await http.post(
            "/training/edits", json=minimal_create(str(uuid.uuid4()), "barbell-back-squat", "muse-down-0001")
        )
        read = await http.get("/training", params={"view": "calendar"})
    _refused(edit, 503, "temporarily_unavailable")
    _refused(read, 503, "temporarily_unavailable")


async def test_unknown_paths_and_methods_answer_json_with_no_store(account_stack):
    async with rest_client(account_stack) as http:
        wrong_method = await http.get("/training/edits")
        unknown = await http.get("/training/nothing-here")
    _refused(wrong_method, 405, "method_not_allowed")
    _refused(unknown, 404, "not_found")
