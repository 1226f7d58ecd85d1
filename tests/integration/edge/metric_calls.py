"""Calls to the Metric profile for the edge tests: the real MCP client and plain HTTP."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.auth.v1 import auth_pb2

PREFIX = "/api/connectors/muse"
ZONE = "America/New_York"
NO_STORE = "private, no-store"


async def call_tool(
    url: str, token: str, tool: str, arguments: dict[str, Any]
) -> tuple[bool, dict[str, Any]]:
    """One tool call through the mcp package's client; (is_error, the JSON the tool returned).

    The client itself checks every successful result against the tool's outputSchema.
    """
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        result = await client.call_tool(tool, arguments)
    text = result.content[0].text  # type: ignore[union-attr]
    payload = json.loads(text) if text.startswith("{") else {"text": text}
    if not result.is_error:
        assert result.structured_content == payload, "structured content and text say the same"
    return bool(result.is_error), payload


class Tools:
    """The Metric tools for one bearer credential; every call must succeed unless ``expect_error``."""

    def __init__(self, mcp_url: str, token: str) -> None:
        self.mcp_url = mcp_url
        self.token = token

    async def __call__(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        is_error, payload = await call_tool(self.mcp_url, self.token, tool, arguments)
        assert not is_error, payload
        return payload

    async def error(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        is_error, payload = await call_tool(self.mcp_url, self.token, tool, arguments)
        assert is_error, payload
        return payload

    async def read(self, view: str, **arguments: Any) -> dict[str, Any]:
        return await self("read_training", {"view": view, **arguments})

    async def epoch(self) -> str:
        return str((await self.read("plans"))["epoch"])

    async def exercise_id(self, query: str) -> str:
        found = await self.read("exercises", query=query, pageSize=1)
        return str(found["data"]["exercises"][0]["id"])


def rest_client(stack: Any, token: str | None = None) -> httpx2.AsyncClient:
    """HTTP to the edge with the stack's API key (or ``token``)."""
    headers = {"Authorization": f"Bearer {token or stack.api_key}"}
    return httpx2.AsyncClient(base_url=stack.base_url + PREFIX, headers=headers, timeout=30)


async def client_token(stack: Any, client_id: str) -> str:
    """An access token for the Metric resource issued to the OAuth client ``client_id``."""
    response = await stack.backends.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=stack.account_id, audience=stack.mcp_url, scopes=["training"], client_id=client_id
        )
    )
    return str(response.access_token)


def minimal_create(epoch: str, exercise_id: str, key: str = "muse-first-workout-123") -> dict[str, Any]:
    """Seed 000's "minimal create request", as written, with a real epoch and exercise ID."""
    return {
        "epoch": epoch,
        "timeZone": ZONE,
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {
            "action": "createWorkout",
            "workout": {
                "name": "Strength A",
                "kind": "fullBody",
                "schedule": {"type": "weekdays", "weekdays": [2, 4, 6]},
                "exercises": [
                    {
                        "exerciseID": exercise_id,
                        "trackingMode": "sets",
                        "targetSets": 3,
                        "targetReps": 8,
                        "restSeconds": 90,
                    }
                ],
            },
        },
    }


def move_one_occurrence(
    epoch: str, workout_id: str, version: str, key: str = "muse-request-123"
) -> dict[str, Any]:
    """Seed 000's "move one occurrence" example with a real epoch, workout ID and version."""
    return {
        "epoch": epoch,
        "timeZone": ZONE,
        "idempotencyKey": key,
        "expectedVersions": {f"workout:{workout_id}": version},
        "input": {
            "action": "moveOccurrence",
            "workoutID": workout_id,
            "originalScheduledDay": "2026-09-25",
            "destinationDay": "2026-09-27",
        },
    }


def plan_with_a_phase(epoch: str, exercise_id: str, key: str) -> dict[str, Any]:
    """A createPlan request: one phase with one new workout."""
    # The phase starts today, so the preview's next 93 days hold some of its occurrences.
    start = datetime.now(ZoneInfo(ZONE)).date()
    workout = minimal_create(epoch, exercise_id)["input"]["workout"] | {"name": "Phase squat day"}
    return {
        "epoch": epoch,
        "timeZone": ZONE,
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {
            "action": "createPlan",
            "plan": {
                "name": "Autumn base",
                "phases": [
                    {
                        "name": "Base",
                        "startDay": start.isoformat(),
                        "endDayExclusive": (start + timedelta(days=35)).isoformat(),
                        "workouts": [workout],
                    }
                ],
            },
        },
    }
