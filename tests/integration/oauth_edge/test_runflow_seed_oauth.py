"""Seed 004's OAuth paths, sent as a RunFlow client would (issue 27, decision 0077).

"POST /mcp/oauth/register registers client credentials dynamically (whitelisting Claude, Anthropic,
Google, and localhost redirect URIs)", "GET /mcp/oauth/authorize", "POST /mcp/oauth/token exchanges
code and code_verifier (S256 PKCE)": the same endpoints as /register, /authorize and /token. A
registration naming RunFlow's scope may only redirect to those hosts; the others keep their policy.
"""

from __future__ import annotations

import httpx2

from kinetic.protected_resources import RUNFLOW
from tests.integration.oauth_edge.flow import decide, query_of, sign_in
from tests.integration.oauth_edge.stack import OAuthStack, pkce_pair
from tests.integration.oauth_edge.test_runflow_access import SCOPE, runflow_status, set_plan

CLAUDE_CALLBACK = "https://claude.ai/api/mcp/auth_callback"
LOOPBACK_CALLBACK = "http://localhost:33418/callback"


async def register(http: httpx2.AsyncClient, redirect_uris: list[str], **extra: str) -> httpx2.Response:
    return await http.post(
        "/mcp/oauth/register",
        json={
            "client_name": "Claude",
            "redirect_uris": redirect_uris,
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
            **extra,
        },
    )


async def test_seed_004_oauth_paths_carry_a_whole_flow(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    await set_plan(stack, "pro")
    registered = await register(http, [CLAUDE_CALLBACK, LOOPBACK_CALLBACK], scope=SCOPE)
    assert registered.status_code == 201, registered.text
    client_id = registered.json()["client_id"]

    verifier, challenge = pkce_pair()
    params = stack.authorize_params(
        challenge,
        client_id=client_id,
        redirect_uri=LOOPBACK_CALLBACK,
        scope=SCOPE,
        resource=stack.base_url + RUNFLOW.path,
    )
    started = await http.get("/mcp/oauth/authorize", params=params)
    assert started.status_code == 303, started.text
    approval_path = started.headers["location"]
    page = await sign_in(http, approval_path)
    answer = query_of((await decide(http, approval_path, page, "approve")).headers["location"])
    assert answer["state"] == params["state"]

    exchanged = await http.post(
        "/mcp/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": answer["code"],
            "client_id": client_id,
            "redirect_uri": LOOPBACK_CALLBACK,
            "code_verifier": verifier,
            "resource": params["resource"],
        },
    )
    assert exchanged.status_code == 200, exchanged.text
    assert exchanged.json()["scope"] == SCOPE
    assert await runflow_status(stack, exchanged.json()["access_token"]) == 200
    refreshed = await http.post(
        "/mcp/oauth/token",
        data={
            "grant_type": "refresh_token",
            "refresh_token": exchanged.json()["refresh_token"],
            "resource": params["resource"],
            "client_id": client_id,
        },
    )
    assert refreshed.status_code == 200, refreshed.text


async def test_seed_004_registration_naming_runflow_takes_only_the_listed_hosts(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    allowed = [
        "https://claude.ai/api/mcp/auth_callback",
        "https://claude.com/api/mcp/auth_callback",
        "https://console.anthropic.com/oauth/callback",
        "https://gemini.google.com/mcp/callback",
        "http://127.0.0.1:8976/callback",
    ]
    assert (await register(http, allowed, scope=SCOPE)).status_code == 201

    for foreign in (
        "https://evil.example/cb",
        "https://claude.ai.evil.example/cb",
        "https://notgoogle.com/cb",
    ):
        refused = await register(http, [CLAUDE_CALLBACK, foreign], scope=SCOPE)
        assert refused.status_code == 400, foreign
        assert refused.json()["error"] == "invalid_redirect_uri"
        assert (
            foreign in refused.json()["error_description"]
            and "claude.ai" in refused.json()["error_description"]
        )

    # The other profiles keep their policy: any https host (or loopback) when RunFlow is not named.
    for other in ({}, {"scope": "training"}, {"scope": "ows primed:profile:read"}):
        kept = await register(http, ["https://evil.example/cb"], **other)
        assert kept.status_code == 201, (other, kept.text)
    # The root path takes the same rule: it is one endpoint.
    assert (
        await http.post("/register", json={"redirect_uris": ["https://evil.example/cb"], "scope": SCOPE})
    ).status_code == 400
