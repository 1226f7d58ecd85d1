"""Input no field can take is refused as invalid, naming the field (decision 0032).

Zone database directories as time zones, integers of 400 digits, unpaired surrogates, NUL and the
characters names refuse: each once through every door it used to break (MCP, REST, gRPC), with no
5xx, no traceback in the log, and nothing stored. NUL runs on SQLite and PostgreSQL, where it used
to answer ``temporarily_unavailable`` forever.
"""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import grpc
import httpx2
import pytest

from kinetic.analytics.v1 import analytics_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.errors import RemoteError
from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, ClientAi, client_ai_key, gym_admin, open_gym
from tests.integration.edge.metric_calls import Tools, minimal_create

MCP_ACCEPT = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


@pytest.fixture
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.WARNING)
    yield
    broken = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not broken, [r.getMessage() for r in broken]


@pytest.fixture
async def metric(stack: Any) -> Tools:
    return Tools(stack.mcp_url, stack.api_key)


def assert_names(body: dict[str, Any], field: str) -> None:
    assert (body["error"], body["field"]) == ("invalid_request", field), body
    assert body["error_description"].startswith(f"{field}: "), body


async def rest(stack: Any) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(
        base_url=stack.base_url, headers={"Authorization": f"Bearer {stack.api_key}"}, timeout=30
    )


@pytest.mark.parametrize("zone", ["America", "Europe", "America/__pycache__"])
async def test_a_zone_database_directory_is_no_time_zone_anywhere(stack, metric, no_tracebacks, zone):
    epoch = await metric.epoch()
    async with await rest(stack) as http:
        for path, params in (
            ("/api/analytics/records", {"timeZone": zone}),
            ("/api/analytics/balance", {"timeZone": zone}),
            ("/api/connectors/muse/training", {"view": "workouts", "timeZone": zone}),
        ):
            response = await http.get(path, params=params)
            assert response.status_code == 400, (path, response.text)
            assert_names(response.json(), "timeZone")
    edit = minimal_create(epoch, "x") | {"timeZone": zone}
    preview = {"kind": "plan", "id": "p", "timeZone": zone}
    for tool, arguments in (
        ("read_training", {"view": "calendar", "timeZone": zone}),
        ("edit_training", edit),
        ("preview_training_deletion", preview),
    ):
        assert_names(await metric.error(tool, arguments), "timeZone")

    for call in (
        stack.backends.auth.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email="bo@example.com", password="correct horse battery", display_name="Bo", time_zone=zone
            )
        ),
        stack.backends.analytics.GetPersonalRecords(
            analytics_pb2.GetPersonalRecordsRequest(account_id=stack.account_id, time_zone=zone)
        ),
    ):
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await call
        error = RemoteError.from_rpc(refused.value)
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT
        assert [v.field for v in error.violations] == ["time_zone"]


HUGE = 10**400


async def test_a_400_digit_integer_is_refused_naming_its_field(stack, metric, no_tracebacks):
    epoch = await metric.epoch()
    squat = await metric.exercise_id("back squat")
    edit = minimal_create(epoch, squat)
    edit["input"]["workout"]["exercises"][0]["targetWeightKg"] = HUGE
    field = "input.workout.exercises[0].targetWeightKg"
    assert_names(await metric.error("edit_training", edit), field)
    assert_names(await metric.error("read_training", {"view": "exercises", "pageSize": HUGE}), "pageSize")
    async with await rest(stack) as http:
        response = await http.post(
            "/api/connectors/muse/training/edits",
            content=json.dumps(edit),
            headers={"content-type": "application/json"},
        )
    assert response.status_code == 400, response.text
    assert_names(response.json(), field)
    assert str(HUGE)[:20] not in response.text, "the refusal does not repeat the number"

    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, stack.account_id)
    finally:
        await channel.close(None)
    tools = ClientAi(stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, stack.account_id))
    started = await tools(
        "client_ai_start_or_resume_my_workout_session",
        {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
    )
    session_id = started["session"]["id"]
    is_error, body = await tools.raw(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session_id,
            "exerciseId": gym.exercises["bench"],
            "sets": [{"setNumber": 1, "weight": HUGE, "reps": 8}],
        },
    )
    assert is_error
    assert_names(body, "sets[0].weight")


async def test_an_unpaired_surrogate_is_refused_naming_its_field(stack, metric, no_tracebacks):
    epoch = await metric.epoch()
    body = minimal_create(epoch, "x")
    body["input"]["workout"]["name"] = "\ud800x"
    async with await rest(stack) as http:
        # json.dumps escapes it as \ud800, the way a client that sends it writes it.
        edits = await http.post(
            "/api/connectors/muse/training/edits",
            content=json.dumps(body),
            headers={"content-type": "application/json"},
        )
        deletion = await http.post(
            "/api/connectors/muse/training/deletions",
            content=json.dumps({"step": "preview\udc00", "kind": "plan", "id": "p", "timeZone": "UTC"}),
            headers={"content-type": "application/json"},
        )
        key = await http.post(
            "/api/connectors/muse/training/edits",
            content=json.dumps({**minimal_create(epoch, "x"), "\udc00": 1}),
            headers={"content-type": "application/json"},
        )
        # MCP's JSON reader refuses the text itself: a JSON-RPC parse error, not a 500.
        rpc = {"name": "read_training", "arguments": {"view": "workouts", "name": "\ud800"}}
        mcp = await http.post(
            "/api/connectors/muse/mcp",
            content=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": rpc}),
            headers=MCP_ACCEPT,
        )
    assert edits.status_code == 400, edits.text
    assert_names(edits.json(), "input.workout.name")
    assert deletion.status_code == 400, deletion.text
    assert_names(deletion.json(), "step")
    assert key.status_code == 400, key.text
    assert key.json()["field"] == "arguments" and "argument name" in key.json()["error_description"]
    assert mcp.status_code < 500 and mcp.json()["error"]["code"] == -32700, mcp.text
    assert (await metric.read("workouts"))["data"]["workouts"] == []


async def test_read_training_refuses_a_wrong_type_in_metrics_shape_not_pydantics(stack, metric):
    for arguments, field in (
        ({"view": 5}, "view"),
        ({"view": "exercises", "pageSize": "ten"}, "pageSize"),
        ({"view": "calendar", "timeZone": ["UTC"]}, "timeZone"),
        ({"view": "exercises", "query": {"q": 1}}, "query"),
    ):
        body = await metric.error("read_training", arguments)
        assert set(body) == {"error", "error_description", "field"}, body
        assert_names(body, field)
        assert "pydantic" not in json.dumps(body), body


@pytest.fixture
async def stored(stack_on_each_database: Any) -> AsyncIterator[tuple[Any, Tools, str, str]]:
    stack = stack_on_each_database
    metric = Tools(stack.mcp_url, stack.api_key)
    yield stack, metric, await metric.epoch(), await metric.exercise_id("back squat")


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("name",), "a\u0000b"),
        (("notes",), "a\u0000b"),
        (("exercises", 0, "notes"), "a\u0000b"),
        (("name",), "\u200b \u200d"),
        (("name",), "Push \u202eyad"),
        (("name",), "Push\u2066day"),
        (("name",), "Push\nday"),
        (("notes",), "bell\u0007"),
    ],
)
async def test_unstorable_text_is_refused_on_both_databases_and_nothing_is_stored(
    stored, no_tracebacks, where, value
):
    _, metric, epoch, squat = stored
    edit = minimal_create(epoch, squat)
    target: Any = edit["input"]["workout"]
    for part in where[:-1]:
        target = target[part]
    target[where[-1]] = value
    field = "input.workout." + ".".join(str(p) for p in where).replace(".0.", "[0].")

    assert_names(await metric.error("edit_training", copy.deepcopy(edit)), field)
    assert (await metric.read("workouts"))["data"]["workouts"] == []


async def test_the_services_refuse_nul_from_any_grpc_caller_on_both_databases(stored, no_tracebacks):
    stack = stored[0]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await stack.backends.auth.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email="bo@example.com", password="correct horse battery", display_name="B\x00o"
            )
        )
    error = RemoteError.from_rpc(refused.value)
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["display_name"]
    assert "NUL" in error.violations[0].description
