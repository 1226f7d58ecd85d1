"""A real MCP client (the ``mcp`` package) connects to the Metric profile by discovery alone.

401 → protected-resource metadata → authorization-server metadata → dynamic registration →
authorization (approved through the same HTTP the pages submit) → token → tool call → refresh →
tool call. Nothing but the MCP URL is configured on the client.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import parse_qs, urlsplit

import httpx2
from mcp.client import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)

from kinetic.protected_resources import PRIMED
from tests.integration.edge.primed_calls import mcp_error_in

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
REDIRECT_URI = "http://127.0.0.1:53682/callback"


class MemoryStorage:
    """The client's token store."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client_info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client_info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client_info = client_info


class Person:
    """The account holder's browser: signs in and approves through the pages' forms."""

    def __init__(self, base_url: str, email: str, password: str) -> None:
        self.browser = httpx2.AsyncClient(base_url=base_url, follow_redirects=False, timeout=30)
        self.email = email
        self.password = password
        self.redirect: dict[str, str] = {}

    async def approve(self, authorization_url: str) -> None:
        started = await self.browser.get(authorization_url)
        assert started.status_code == 303, started.text
        approval_path = started.headers["location"]
        sign_in_page = await self.browser.get(approval_path)
        signed_in = await self.browser.post(
            "/signin",
            data={
                "csrf_token": CSRF.findall(sign_in_page.text)[0],
                "return_to": approval_path,
                "email": self.email,
                "password": self.password,
            },
        )
        assert signed_in.status_code == 303, signed_in.text
        approval_page = await self.browser.get(approval_path)
        assert "Approve " in approval_page.text
        decided = await self.browser.post(
            approval_path, data={"csrf_token": CSRF.findall(approval_page.text)[0], "decision": "approve"}
        )
        assert decided.status_code == 303, decided.text
        location = decided.headers["location"]
        assert location.startswith(REDIRECT_URI + "?")
        self.redirect = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}

    async def callback(self) -> AuthorizationCodeResult:
        return AuthorizationCodeResult(
            code=self.redirect["code"], state=self.redirect.get("state"), iss=self.redirect.get("iss")
        )


def public_client(url: str, person: Person, storage: MemoryStorage, name: str) -> OAuthClientProvider:
    """The mcp client's OAuth for a public client (PKCE, no secret) that ``person`` approves."""
    return OAuthClientProvider(
        server_url=url,
        client_metadata=OAuthClientMetadata(
            redirect_uris=[REDIRECT_URI],  # type: ignore[list-item]
            client_name=name,
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method="none",
        ),
        storage=storage,
        redirect_handler=person.approve,
        callback_handler=person.callback,
    )


async def test_mcp_client_connects_by_discovery_refreshes_and_calls_again(stack):
    person = Person(stack.base_url, "ada@example.com", "correct horse battery")
    storage = MemoryStorage()
    provider = public_client(stack.mcp_url, person, storage, "Discovery test client")
    arguments = {"view": "exercises", "query": "ohp"}
    async with (
        httpx2.AsyncClient(auth=provider, timeout=30) as http,
        Client(streamable_http_client(stack.mcp_url, http_client=http)) as client,
    ):
        first = await client.call_tool("read_training", arguments)
        assert not first.is_error
        assert json.loads(first.content[0].text)["data"]["exercises"][0]["name"] == "Overhead Press"  # type: ignore[union-attr]
        assert person.redirect["iss"] == stack.base_url
        issued = storage.tokens
        assert issued is not None and issued.refresh_token and issued.scope == "training"

        # The access token's lifetime is 15 minutes; mark it spent so the client must refresh.
        provider.context.token_expiry_time = time.time() - 1
        second = await client.call_tool("read_training", arguments)
        assert not second.is_error
        refreshed = storage.tokens
        assert refreshed is not None
        assert refreshed.access_token != issued.access_token
        assert refreshed.refresh_token != issued.refresh_token, "refresh tokens rotate"
    await person.browser.aclose()


async def test_the_mcp_client_reaches_every_primed_tool_by_discovery_and_approval(stack):
    """Primed (seed 001): the same path from its own MCP URL; the token carries its four scopes and
    every one of its five tools answers through the ``mcp`` client."""
    primed_url = stack.base_url + PRIMED.path
    person = Person(stack.base_url, "ada@example.com", "correct horse battery")
    storage = MemoryStorage()
    provider = public_client(primed_url, person, storage, "Primed discovery client")
    async with (
        httpx2.AsyncClient(auth=provider, timeout=30) as http,
        Client(streamable_http_client(primed_url, http_client=http)) as client,
    ):
        listed = sorted(tool.name for tool in (await client.list_tools()).tools)
        answers = {name: await client.call_tool(name, {}) for name in listed if name != "get_training_status"}
        # The fifth: no activity or readiness yet, so the contract's NO_DATA (a JSON-RPC error).
        try:
            async with Client(streamable_http_client(primed_url, http_client=http)) as again:
                await again.call_tool("get_training_status", {})
        except Exception as raised:  # the client's task groups may wrap it
            refused = mcp_error_in(raised)
        else:
            raise AssertionError("get_training_status answered without data")
    await person.browser.aclose()
    assert refused.code == -32001 and refused.data["code"] == "NO_DATA"
    assert listed == [
        "get_primed_profile",
        "get_recent_activity_summary",
        "get_today_coaching",
        "get_training_status",
        "get_upcoming_training",
    ]
    issued = storage.tokens
    assert issued is not None and sorted((issued.scope or "").split()) == sorted(PRIMED.scopes)
    assert all(not answer.is_error for answer in answers.values()), answers
    profile = json.loads(answers["get_primed_profile"].content[0].text)  # type: ignore[union-attr]
    assert profile["profile_id"].startswith("prm_") and stack.account_id not in profile["profile_id"]
