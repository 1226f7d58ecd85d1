"""Scopes as a person and a client see them: the approval page says what each allows, the account
page makes keys for every profile whose contract takes keys, discovery lists every issued scope."""

from __future__ import annotations

import httpx2

from kinetic.protected_resources import CLIENT_AI, ISSUED_SCOPES
from tests.integration.oauth_edge.flow import csrf_of, sign_in, start
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD, OAuthStack, pkce_pair


async def test_the_client_ai_approval_says_in_words_that_it_shares_health_data(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    params = stack.authorize_params(
        pkce_pair()[1], scope="client_ai", resource=stack.base_url + CLIENT_AI.path
    )
    html = await sign_in(http, await start(http, params))
    permissions = html.split('<ul id="permissions">', 1)[1].split("</ul>", 1)[0]
    assert "gym plans" in permissions and "workout logs" in permissions
    assert "health data" in permissions
    assert "client_ai" not in permissions, "the raw scope name is no explanation"


async def test_discovery_lists_every_scope_kinetic_issues(http: httpx2.AsyncClient) -> None:
    document = (await http.get("/.well-known/oauth-authorization-server")).json()
    assert document["scopes_supported"] == list(ISSUED_SCOPES)
    assert {"training", "client_ai", "primed:activities:read", "mcp:full", "ows"} <= set(ISSUED_SCOPES)
    assert not any(scope.startswith("training:") for scope in document["scopes_supported"])


async def _account_page(http: httpx2.AsyncClient) -> str:
    page = await http.get("/signin?return_to=/account")
    signed_in = await http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(page.text),
            "return_to": "/account",
            "email": EMAIL,
            "password": PASSWORD,
        },
    )
    assert signed_in.status_code == 303
    account = await http.get("/account")
    assert account.status_code == 200
    return account.text


async def test_keys_can_be_made_for_client_ai_and_metric_and_not_for_primed(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    html = await _account_page(http)
    boxes = html.split("<legend>Scopes</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert 'value="training"' in boxes and 'value="client_ai"' in boxes
    assert "primed" not in boxes, "Primed takes RS256 JWTs only (seed 001)"
    assert "health data" in boxes and "Client AI Workout V2" in boxes
    token = csrf_of(html)

    created = await http.post(
        "/account/api-keys",
        data={"csrf_token": token, "name": "gym", "scope": ["client_ai", "training"]},
    )
    assert created.status_code == 200, created.text
    assert "Scopes: client_ai training" in created.text

    refused = await http.post(
        "/account/api-keys",
        data={"csrf_token": token, "name": "primed", "scope": "primed:profile:read"},
    )
    assert refused.status_code == 400
    assert "not available to API keys" in refused.text
