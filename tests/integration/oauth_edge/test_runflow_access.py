"""RunFlow's access through the real auth service and edge (seed 004 §1, decision 0063).

The whole OAuth flow for ``/mcp/runflow`` (PKCE S256, ``mcp:full``); the consent page's paid-plan
banner; the plan tier carried by the access token and the API key, so the gate asks auth nothing
per request while the revocation stream is current; a plan change on the account page pushed to
the edge, refusing (or admitting) a live credential's next request; and the per-request fallback
while the stream is down.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.protected_resources import RUNFLOW
from services.auth.entrypoints.grpc import AuthServicer
from tests.eventually import status_becomes
from tests.integration.oauth_edge.account_support import MCP_HEADERS, TOOLS_LIST, form_csrf
from tests.integration.oauth_edge.flow import decide, query_of, sign_in, start
from tests.integration.oauth_edge.stack import MUSE_CALLBACK, OAuthStack, pkce_pair, running_stack
from tests.integration.oauth_edge.test_revocation_push import CallCounter, wait_until_local

SCOPE = "mcp:full"
FREE_TIER_MESSAGE = "RunFlow Personal MCP requires an active Paid Premium account (Tier 2/3)."
API_KEY = re.compile(r"rf_[0-9a-f]{64}")


def runflow_params(stack: OAuthStack, challenge: str) -> dict[str, str]:
    return stack.authorize_params(challenge, scope=SCOPE, resource=stack.base_url + RUNFLOW.path)


async def set_plan(stack: OAuthStack, plan_tier: str) -> None:
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=stack.account_id, plan_tier=plan_tier)
    )


async def connect_runflow(stack: OAuthStack, http: httpx2.AsyncClient) -> str:
    """Approve Muse for RunFlow on the consent page and redeem the code; returns the access token."""
    verifier, challenge = pkce_pair()
    params = runflow_params(stack, challenge)
    path = await start(http, params)
    page = await sign_in(http, path)
    assert 'id="plan-required"' not in page and 'value="approve"' in page
    answer = query_of((await decide(http, path, page, "approve")).headers["location"])
    response = await http.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": answer["code"],
            "client_id": "metric-muse",
            "redirect_uri": MUSE_CALLBACK,
            "code_verifier": verifier,
            "resource": params["resource"],
        },
    )
    assert response.status_code == 200, response.text
    token: str = response.json()["access_token"]
    return token


async def runflow_call(stack: OAuthStack, credential: str) -> httpx2.Response:
    """One ``tools/list`` POST to RunFlow: it passes the gate or is refused there, and reads nothing
    from auth on the way (a tool would read the account)."""
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as client:
        return await client.post(
            RUNFLOW.path, json=TOOLS_LIST, headers={**MCP_HEADERS, "authorization": f"Bearer {credential}"}
        )


async def runflow_status(stack: OAuthStack, credential: str) -> int:
    return (await runflow_call(stack, credential)).status_code


async def runflow_key(stack: OAuthStack) -> str:
    created = await stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=stack.account_id, name="runflow", scopes=[SCOPE])
    )
    return str(created.secret)


def claims_of(token: str) -> dict[str, Any]:
    payload = token.split(".")[1]
    decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return decoded


async def test_a_free_account_sees_the_paid_plan_banner_and_cannot_approve(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    path = await start(http, runflow_params(stack, challenge))
    page = await sign_in(http, path)
    assert 'id="plan-required"' in page
    assert "Kinetic RunFlow needs a paid plan" in page
    assert "on the <strong>Free</strong> plan" in page and "Pro or Coach" in page
    assert 'href="/account#plan"' in page
    assert 'value="approve"' not in page, "no Approve button on the banner"
    declined = await decide(http, path, page, "deny")
    assert query_of(declined.headers["location"])["error"] == "access_denied"


async def test_another_resource_shows_the_normal_card_to_a_free_account(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    page = await sign_in(http, await start(http, stack.authorize_params(challenge)))
    assert 'id="plan-required"' not in page and 'value="approve"' in page


async def test_a_paid_account_approves_and_its_token_carries_the_plan(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    await set_plan(stack, "coach")
    token = await connect_runflow(stack, http)
    claims = claims_of(token)
    assert (claims["kinetic_tier"], claims["kinetic_status"], claims["scope"]) == ("coach", "active", SCOPE)
    assert await runflow_status(stack, token) == 200


async def test_the_plan_travels_with_the_credential_and_changes_are_pushed(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    await set_plan(stack, "pro")
    token = await connect_runflow(stack, http)
    secret = await runflow_key(stack)
    assert API_KEY.fullmatch(secret), "rf_ and 64 lowercase hex"
    await wait_until_local(stack)
    account_reads = CallCounter(stack.backends.auth, "GetAccount")
    for _ in range(3):
        assert await runflow_status(stack, token) == 200
        assert await runflow_status(stack, secret) == 200
    assert account_reads.calls == 0, "the gate reads the credential, not the account"

    # Downgraded on the account page: the live token and the cached key are refused at once.
    page = (await http.get("/account")).text  # signed in since the consent page
    chosen = await http.post(
        "/account/plan", data={"csrf_token": form_csrf(page, "/account/plan"), "plan_tier": "free"}
    )
    assert chosen.status_code == 303 and chosen.headers["location"] == "/account#plan"
    account_reads.calls = 0  # the account page read the account; the gate must not
    for credential in (token, secret):
        await status_becomes(functools.partial(runflow_status, stack, credential), 403, within=2.0)
    refused = await runflow_call(stack, token)
    assert refused.json()["error"] == {"code": -32002, "message": FREE_TIER_MESSAGE}

    await set_plan(stack, "coach")  # upgraded (here by an operator): admitted again, same credentials
    for credential in (token, secret):
        await status_becomes(functools.partial(runflow_status, stack, credential), 200, within=2.0)
    assert account_reads.calls == 0, "no account read per request, before or after the changes"


async def test_a_suspension_is_pushed_too(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    await set_plan(stack, "pro")
    token = await connect_runflow(stack, http)
    await wait_until_local(stack)
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=stack.account_id, account_status="suspended")
    )
    await status_becomes(lambda: runflow_status(stack, token), 403, within=2.0)
    assert "suspended" in (await runflow_call(stack, token)).json()["error"]["message"]


async def test_the_challenge_names_runflows_realm_and_no_other(stack: OAuthStack) -> None:
    refused = await runflow_call(stack, "not-a-token")
    assert refused.status_code == 401
    challenge = refused.headers["www-authenticate"]
    metadata = f'resource_metadata="{stack.base_url}/.well-known/oauth-protected-resource{RUNFLOW.path}"'
    assert challenge.startswith('Bearer realm="RunFlow MCP", ') and metadata in challenge
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as client:
        metric = await client.post(stack.resource, json=TOOLS_LIST, headers=MCP_HEADERS)
    assert metric.status_code == 401 and "realm=" not in metric.headers["www-authenticate"]


# --- stream down: the gate asks auth per request ---------------------------------------------------


@pytest.fixture
async def stack_without_stream(monkeypatch, sqlite_engines, tmp_path) -> AsyncIterator[OAuthStack]:
    """The real auth service, except that it does not implement WatchRevocations (an older auth)."""
    monkeypatch.setattr(AuthServicer, "WatchRevocations", auth_pb2_grpc.AuthServiceServicer.WatchRevocations)
    async with running_stack(sqlite_engines("auth"), tmp_path) as running:
        yield running


async def test_without_the_stream_the_gate_reads_the_account_every_time(
    stack_without_stream: OAuthStack,
) -> None:
    stack = stack_without_stream
    await set_plan(stack, "pro")
    secret = await runflow_key(stack)
    account_reads = CallCounter(stack.backends.auth, "GetAccount")
    assert await runflow_status(stack, secret) == 200
    assert await runflow_status(stack, secret) == 200
    assert account_reads.calls == 2, "fail closed: the account is read on every request"
    await set_plan(stack, "free")
    assert await runflow_status(stack, secret) == 403, "refused at once, nothing to wait for"
