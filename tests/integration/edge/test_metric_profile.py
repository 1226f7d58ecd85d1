"""The Metric profile through the real edge app: the mcp package's client, REST, the guard."""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.auth.v1 import auth_pb2
from tests.eventually import status_becomes, status_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def call_tool(
    url: str, token: str, tool: str, arguments: dict[str, Any]
) -> tuple[bool, dict[str, Any]]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        result = await client.call_tool(tool, arguments)
    text = result.content[0].text  # type: ignore[union-attr]
    return bool(result.is_error), json.loads(text) if text.startswith("{") else {"text": text}


async def test_tools_are_listed_read_only_with_guidance_pointer(account_stack):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {account_stack.api_key}"}) as http,
        Client(streamable_http_client(account_stack.mcp_url, http_client=http)) as client,
    ):
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        instructions = client.instructions
    assert {"get_workout_guidance", "read_training"} <= set(tools)
    for name in ("get_workout_guidance", "read_training"):
        annotations = tools[name].annotations
        assert annotations is not None and annotations.read_only_hint is True
    assert "get_workout_guidance" in (tools["read_training"].description or "")
    assert instructions is not None and "get_workout_guidance" in instructions
    assert "enum" in tools["read_training"].input_schema["properties"]["view"]


async def test_guidance_has_a_five_movement_example_with_a_superset(account_stack):
    is_error, guidance = await call_tool(
        account_stack.mcp_url, account_stack.api_key, "get_workout_guidance", {}
    )
    assert not is_error
    workout = guidance["example"]["workout"]
    assert len(workout["exercises"]) == 5
    assert len(workout["crossFitBlocks"]) == 1
    assert {"format", "durationSeconds", "rounds", "intervalSeconds"} <= set(
        workout["crossFitBlocks"][0]["configuration"]
    )


async def test_exercises_view_with_api_key_and_with_access_token(account_stack):
    for token in (account_stack.api_key, await account_stack.access_token()):
        is_error, view = await call_tool(
            account_stack.mcp_url,
            token,
            "read_training",
            {"view": "exercises", "query": "db bench", "pageSize": 2},
        )
        assert not is_error, view
        assert view["contentTrust"] == "user-provided"
        assert view["timeZone"] == "UTC"
        assert view["data"]["exercises"][0]["name"] == "Dumbbell Bench Press"
        assert len(view["data"]["exercises"]) == 2
        assert view["data"]["nextPageToken"]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"view": "timeline"}, "view"),
        ({"view": "exercises", "pageToken": "%%%garbled%%%"}, "pageToken"),
        ({"view": "exercises", "query": "q" * 10_000}, "query"),
        ({"view": "exercises", "timeZone": "Mars/Olympus_Mons"}, "timeZone"),
        ({"view": "exercises", "pageSize": 0}, "pageSize"),
    ],
)
async def test_bad_input_is_a_tool_error_naming_the_field(account_stack, arguments, field):
    is_error, body = await call_tool(account_stack.mcp_url, account_stack.api_key, "read_training", arguments)
    assert is_error
    assert body["error"] == "invalid_request"
    assert body["field"] == field
    assert body["error_description"].startswith(f"{field}:")


async def test_an_unknown_view_names_the_views_there_are(account_stack):
    is_error, body = await call_tool(
        account_stack.mcp_url, account_stack.api_key, "read_training", {"view": "progress"}
    )
    assert is_error and body["error"] == "invalid_request" and body["field"] == "view"
    assert "insights" in body["error_description"]


async def test_rest_mirror_answers_the_same(account_stack):
    headers = {"Authorization": f"Bearer {account_stack.api_key}"}
    async with httpx2.AsyncClient(base_url=account_stack.base_url, headers=headers) as http:
        view = await http.get("/api/connectors/muse/training", params={"view": "exercises", "query": "rdl"})
        guidance = await http.get("/api/connectors/muse/workout-guidance")
        bad = await http.get(
            "/api/connectors/muse/training", params={"view": "exercises", "timeZone": "Nowhere/Land"}
        )
        long_query = await http.get(
            "/api/connectors/muse/training", params={"view": "exercises", "query": "x" * 10_000}
        )
    assert view.status_code == 200
    assert view.headers["cache-control"] == "private, no-store"
    assert view.json()["data"]["exercises"][0]["name"] == "Romanian Deadlift"
    assert guidance.status_code == 200 and len(guidance.json()["example"]["workout"]["exercises"]) == 5
    assert bad.status_code == 400 and bad.json()["field"] == "timeZone"
    assert long_query.status_code == 400 and long_query.json()["field"] == "query"
    assert "Traceback" not in long_query.text


async def test_openapi_describes_the_rest_mirror(account_stack):
    async with httpx2.AsyncClient(base_url=account_stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    assert document["openapi"].startswith("3.1")
    assert {
        "/api/connectors/muse/training",
        "/api/connectors/muse/workout-guidance",
        "/api/connectors/muse/training/edits",
        "/api/connectors/muse/training/deletions",
    } <= set(document["paths"])
    edits = document["paths"]["/api/connectors/muse/training/edits"]["post"]
    assert edits["requestBody"]["content"]["application/json"]["schema"]["required"]
    assert {"200", "400", "401", "403", "409", "410", "429", "503"} <= set(edits["responses"])


def _unsigned_token(claims: dict[str, Any]) -> str:
    def part(data: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none', 'typ': 'at+jwt'})}.{part(claims)}."


async def test_refusals_carry_the_resource_metadata(account_stack):
    metadata_url = account_stack.base_url + "/.well-known/oauth-protected-resource/api/connectors/muse/mcp"
    other_audience = await account_stack.access_token(audience=account_stack.base_url + "/mcp/primed")
    unsigned = _unsigned_token(
        {"sub": account_stack.account_id, "aud": account_stack.mcp_url, "exp": 4102444800, "jti": "x"}
    )
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    async with httpx2.AsyncClient() as http:
        for token in (None, "garbage", other_audience, unsigned, "rf_" + "0" * 64):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = await http.post(account_stack.mcp_url, json=body, headers=headers)
            assert response.status_code == 401, token
            challenge = response.headers["www-authenticate"]
            assert challenge.startswith("Bearer ")
            assert f'resource_metadata="{metadata_url}"' in challenge
            assert 'scope="training"' in challenge
        metadata = (await http.get(metadata_url)).json()
    assert metadata["resource"] == account_stack.mcp_url
    assert metadata["authorization_servers"] == [account_stack.base_url]


async def test_token_without_training_scope_is_forbidden(account_stack):
    token = await account_stack.access_token(scopes=("mcp:full",))
    async with httpx2.AsyncClient() as http:
        response = await http.get(
            account_stack.base_url + "/api/connectors/muse/training",
            params={"view": "exercises"},
            headers={"Authorization": f"Bearer {token}"},
        )
    assert response.status_code == 403
    assert 'error="insufficient_scope"' in response.headers["www-authenticate"]


async def test_revoked_api_key_fails_within_a_second(account_stack):
    created = await account_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(
            account_id=account_stack.account_id, name="short-lived", scopes=["training"]
        )
    )
    url = account_stack.base_url + "/api/connectors/muse/workout-guidance"
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {created.secret}"}) as http:
        assert (await http.get(url)).status_code == 200
        await account_stack.backends.auth.RevokeApiKey(
            auth_pb2.RevokeApiKeyRequest(account_id=account_stack.account_id, key_id=created.api_key.key_id)
        )
        await status_becomes(lambda: status_of(http.get(url)), 401, within=1.0)


async def test_health_and_readiness(account_stack):
    async with httpx2.AsyncClient(base_url=account_stack.base_url) as http:
        assert (await http.get("/healthz")).status_code == 200
        ready = await http.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["credential_checks"] in ("local", "per_request")
    assert ready.json()["backends"] == {
        name: "SERVING" for name in ("analytics", "auth", "sessions", "training")
    }


@pytest.mark.asyncio(loop_scope="function")  # a stack of its own: it stops a server
async def test_readiness_names_a_backend_that_is_down(stack):
    await stack.servers["sessions"].stop(0)
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        ready = await http.get("/readyz")
        alive = await http.get("/healthz")
    assert ready.status_code == 503
    body = ready.json()
    assert body["ready"] is False
    assert body["backends"]["sessions"] != "SERVING"
    assert body["backends"]["training"] == "SERVING"
    assert alive.status_code == 200, "the edge process itself is still alive"
