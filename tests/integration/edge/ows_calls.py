"""Calls to the Open Workout Schema profile (``/mcp/ows``) for the edge tests, through the real mcp
client, and an account set up the way the person would (consents given on the account page)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import OPEN_WORKOUT_SCHEMA

OWS_PATH = OPEN_WORKOUT_SCHEMA.path
OWS_CODES = (
    "consent_required",
    "invalid_input",
    "nothing_to_log",
    "exercise_ambiguous",
    "not_found",
    "undo_unavailable",
    "rate_limited",
    "idempotency_conflict",
    "internal_error",
)


class Ows:
    """The twenty tools for one bearer credential (an OAuth access token or an API key)."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.token = token

    async def raw(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {self.token}"}, timeout=30) as http,
            Client(streamable_http_client(self.url, http_client=http)) as client,
        ):
            result = await client.call_tool(tool, arguments)
        text = result.content[0].text  # type: ignore[union-attr]
        if not result.is_error:
            assert result.structured_content == json.loads(text)
        return bool(result.is_error), text

    async def __call__(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        is_error, text = await self.raw(tool, arguments or {})
        assert not is_error, text
        payload: dict[str, Any] = json.loads(text)
        return payload

    async def error(self, tool: str, arguments: dict[str, Any] | None = None, *, code: str) -> str:
        """The refusal's text, which must start with ``code`` (one of the seed's nine)."""
        is_error, text = await self.raw(tool, arguments or {})
        assert is_error, text
        assert code in OWS_CODES
        assert text.startswith(f"{code}: "), text
        return text


async def give_consents(backends: Any, account_id: str, *, logging: bool = True, health: bool = True) -> None:
    """What the person does on the account page."""
    await backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(
            account_id=account_id, logging_consent=logging, health_data_consent=health
        )
    )


async def ows_key(backends: Any, account_id: str) -> str:
    """A personal API key with the ows scope."""
    key = await backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="workout log", scopes=["ows"])
    )
    return str(key.secret)


async def ows_token(stack: Any) -> str:
    """An OAuth access token for the ows resource."""
    token: str = await stack.access_token(audience=stack.base_url + OWS_PATH, scopes=("ows",))
    return token


class MovableClock:
    """The sessions service's clock (``running_stack(sessions_clock=...)``): the real time plus
    however far a test moved it, so the undo window can pass without waiting."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, **delta: float) -> None:
        self.offset += timedelta(**delta)
