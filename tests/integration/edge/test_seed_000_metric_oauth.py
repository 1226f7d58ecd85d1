"""Seed 000 (Metric) "Authentication": the authorization request, code exchange and refresh with the
seed's parameter lists, through the real edge's pages as the phone's approval submits them.

Only tokens, codes, state and PKCE values are live; every parameter name and fixed value is the
seed's. The auditable list of seed 000's sentences is test_seed_000_metric_examples.py.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest
import pytest_asyncio

from tests.conftest import EngineFactory
from tests.integration.edge.seed_000_surfaces import MCP_HEADERS
from tests.integration.oauth_edge.flow import authorize, csrf_of, query_of, sign_in, start
from tests.integration.oauth_edge.stack import MUSE_CALLBACK, OAuthStack, pkce_pair, running_stack

pytestmark = pytest.mark.asyncio(loop_scope="module")

META_CALLBACK = "https://agent.meta.ai/api/hatch/oauth/callback"
MCP_PATH = "/api/connectors/muse/mcp"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def oauth(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[OAuthStack]:
    """Auth and training behind the real edge, with auth's clock the tests can move."""
    tmp_path = tmp_path_factory.mktemp("oauth")
    engines = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(engines("auth"), tmp_path, training_engine=engines("training")) as running:
            assert running.clock_injected, "services.auth.bootstrap.start takes clock="
            yield running
    finally:
        engines.close()


@pytest_asyncio.fixture(loop_scope="module")
async def browser(oauth: OAuthStack) -> AsyncIterator[httpx2.AsyncClient]:
    """A new browser for each test (its own cookies), following no redirect."""
    async with httpx2.AsyncClient(base_url=oauth.base_url, follow_redirects=False, timeout=30) as client:
        yield client


def authorization_request(
    oauth: OAuthStack, challenge: str, redirect_uri: str, scope: str | None
) -> dict[str, str]:
    """'Send response_type=code, client_id, an allowlisted redirect_uri, scope=training (or omit it to
    use the same default), resource=https://api.joinmetric.com/api/connectors/muse/mcp, state,
    code_challenge, and code_challenge_method=S256.' (``resource`` is this edge's Metric MCP URL.)"""
    params = {
        "response_type": "code",
        "client_id": "metric-muse",
        "redirect_uri": redirect_uri,
        "scope": scope or "",
        "resource": oauth.resource,
        "state": "muse-state-123",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    if scope is None:
        del params["scope"]
    return params


def exchange(oauth: OAuthStack, code: str, redirect_uri: str, verifier: str) -> dict[str, str]:
    """'Exchange the code with grant_type=authorization_code, code, client_id, redirect_uri,
    code_verifier, and the same resource.'"""
    return {
        "grant_type": "authorization_code",
        "code": code,
        "client_id": "metric-muse",
        "redirect_uri": redirect_uri,
        "code_verifier": verifier,
        "resource": oauth.resource,
    }


def refresh(oauth: OAuthStack, refresh_token: str) -> dict[str, str]:
    """'Refresh with grant_type=refresh_token, refresh_token, client_id, and the same resource.'"""
    return {
        "grant_type": "refresh_token",
        "refresh_token": refresh_token,
        "client_id": "metric-muse",
        "resource": oauth.resource,
    }


async def approved_code(
    oauth: OAuthStack,
    browser: httpx2.AsyncClient,
    redirect_uri: str = MUSE_CALLBACK,
    scope: str | None = "training",
) -> tuple[str, str]:
    """(code, verifier) after the user taps Approve Muse, signing in on a browser of its own."""
    verifier, challenge = pkce_pair()
    async with httpx2.AsyncClient(base_url=oauth.base_url, follow_redirects=False, timeout=30) as fresh:
        query = await authorize(fresh, authorization_request(oauth, challenge, redirect_uri, scope))
    assert query["state"] == "muse-state-123" and query["iss"] == oauth.base_url, query
    return query["code"], verifier


async def token(browser: httpx2.AsyncClient, form: dict[str, str]) -> httpx2.Response:
    """POST /token as 'application/x-www-form-urlencoded'."""
    response = await browser.post("/token", data=form)
    assert response.request.headers["content-type"] == "application/x-www-form-urlencoded"
    return response


async def read_plans(oauth: OAuthStack, access_token: str) -> httpx2.Response:
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(
            oauth.resource,
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "read_training", "arguments": {"view": "plans"}},
            },
            headers={**MCP_HEADERS, "Authorization": f"Bearer {access_token}"},
        )


@pytest.mark.parametrize("scope", ["training", None], ids=["scope-training", "scope-omitted"])
@pytest.mark.parametrize("callback", [MUSE_CALLBACK, META_CALLBACK], ids=["muse-ai", "agent-meta-ai"])
async def test_seed_000_authorize_exchange_and_refresh_with_the_seeds_parameters(
    oauth, browser, scope, callback
):
    """The three requests as listed; 'Token responses return scope=training.' The access token
    then reads Training over MCP."""
    code, verifier = await approved_code(oauth, browser, callback, scope)

    issued = await token(browser, exchange(oauth, code, callback, verifier))
    assert issued.status_code == 200, issued.text
    first = issued.json()
    assert (first["token_type"], first["scope"]) == ("Bearer", "training")
    assert first["access_token"] and first["refresh_token"] and first["expires_in"] == 15 * 60

    rotated = await token(browser, refresh(oauth, first["refresh_token"]))
    assert rotated.status_code == 200, rotated.text
    assert rotated.json()["scope"] == "training"
    assert rotated.json()["refresh_token"] != first["refresh_token"], "rotating refresh tokens"

    reads = await read_plans(oauth, rotated.json()["access_token"])
    assert reads.status_code == 200 and not reads.json()["result"].get("isError"), reads.text


@pytest.mark.parametrize(
    "legacy",
    ["training:read training:write training:delete", "training:read", "training:write training"],
)
async def test_seed_000_legacy_scope_names_lead_to_the_same_training_approval(oauth, browser, legacy):
    """'Legacy scope names in a new authorization request lead to the same single Training approval.'"""
    verifier, challenge = pkce_pair()
    path = await start(browser, authorization_request(oauth, challenge, MUSE_CALLBACK, legacy))
    legacy_page = await sign_in(browser, path)
    _, plain_challenge = pkce_pair()
    plain_path = await start(
        browser, authorization_request(oauth, plain_challenge, MUSE_CALLBACK, "training")
    )
    plain_page = (await browser.get(plain_path)).text
    assert _permissions(legacy_page) == _permissions(plain_page) != []
    assert "training:read" not in legacy_page and "training:delete" not in legacy_page

    decided = await browser.post(path, data={"csrf_token": csrf_of(legacy_page), "decision": "approve"})
    code = query_of(decided.headers["location"])["code"]
    issued = await token(browser, exchange(oauth, code, MUSE_CALLBACK, verifier))
    assert issued.status_code == 200 and issued.json()["scope"] == "training", issued.text


def _permissions(html: str) -> list[str]:
    """The approval page's list items (what the user is asked to allow)."""
    return re.findall(r"<li[^>]*>(.*?)</li>", html, flags=re.S)


async def test_seed_000_denial_returns_access_denied_with_iss(oauth, browser):
    """'Denial returns error=access_denied, and responses include iss.'"""
    _, challenge = pkce_pair()
    query = await authorize(
        browser, authorization_request(oauth, challenge, MUSE_CALLBACK, "training"), "deny"
    )
    assert query == {"error": "access_denied", "state": "muse-state-123", "iss": oauth.base_url} | (
        {"error_description": query["error_description"]} if "error_description" in query else {}
    )


async def test_seed_000_discovery_documents(oauth, browser):
    """'Discovery is available at /.well-known/oauth-authorization-server and
    /.well-known/oauth-protected-resource/api/connectors/muse/mcp.'"""
    server = await browser.get("/.well-known/oauth-authorization-server")
    resource = await browser.get("/.well-known/oauth-protected-resource" + MCP_PATH)
    assert server.status_code == 200 and resource.status_code == 200
    document = server.json()
    assert document["issuer"] == oauth.base_url
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert "training" in document["scopes_supported"]
    assert document["authorization_response_iss_parameter_supported"] is True
    assert "none" in document["token_endpoint_auth_methods_supported"], "no client secret is needed"
    metadata = resource.json()
    assert metadata["resource"] == oauth.resource
    assert metadata["authorization_servers"] == [oauth.base_url]
    assert metadata["scopes_supported"] == ["training"]


async def test_seed_000_codes_expire_after_one_minute(oauth, browser):
    """'Codes expire after one minute'."""
    in_time, in_time_verifier = await approved_code(oauth, browser)
    late, late_verifier = await approved_code(oauth, browser)

    oauth.clock.advance(59)
    assert (
        await token(browser, exchange(oauth, in_time, MUSE_CALLBACK, in_time_verifier))
    ).status_code == 200
    oauth.clock.advance(2)
    expired = await token(browser, exchange(oauth, late, MUSE_CALLBACK, late_verifier))
    assert expired.status_code == 400 and expired.json()["error"] == "invalid_grant", expired.text
    assert expired.json().get("error_description")


@pytest.mark.parametrize(
    "redirect_uri",
    [
        MUSE_CALLBACK + "/",
        MUSE_CALLBACK + "?from=muse",
        MUSE_CALLBACK.replace("https://", "http://"),
        MUSE_CALLBACK.replace("muse.ai", "MUSE.ai"),
        "https://muse.ai/connect/oauth-callback2",
        "https://agent.meta.ai/api/hatch/oauth",
    ],
)
async def test_seed_000_callback_matching_is_exact_at_authorize(oauth, browser, redirect_uri):
    """'Callback matching is exact.' A callback off the allowlist is shown a page, never redirected to."""
    _, challenge = pkce_pair()
    response = await browser.get(
        "/authorize", params=authorization_request(oauth, challenge, redirect_uri, "training")
    )
    assert response.status_code == 400 and "location" not in response.headers, response.status_code
    assert response.headers["content-type"].startswith("text/html")


async def test_seed_000_callback_matching_is_exact_at_the_token_exchange(oauth, browser):
    """'Callback matching is exact': the exchange names the callback the authorization used."""
    code, verifier = await approved_code(oauth, browser, MUSE_CALLBACK)
    other = await token(browser, exchange(oauth, code, META_CALLBACK, verifier))
    assert other.status_code == 400 and other.json()["error"] == "invalid_grant", other.text


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"code_verifier": "x" * 50}, "invalid_grant"),
        ({"resource": "https://api.joinmetric.com/api/other"}, "invalid_target"),
        ({"client_id": "metric-muse-2"}, "invalid_grant"),  # RFC 6749 5.2: issued to another client
        ({"grant_type": "password"}, "unsupported_grant_type"),
    ],
    ids=["wrong-verifier", "other-resource", "other-client", "other-grant"],
)
async def test_seed_000_wrong_exchanges_are_oauth_errors(oauth, browser, change: dict[str, Any], error):
    """Wrong calls a connector could make at the exchange: RFC 6749's error codes, never a 500."""
    code, verifier = await approved_code(oauth, browser)
    refused = await token(browser, exchange(oauth, code, MUSE_CALLBACK, verifier) | change)
    assert refused.status_code in (400, 401) and refused.json()["error"] == error, refused.text
    assert refused.headers["cache-control"] == "no-store"


async def test_seed_000_the_exchange_is_form_encoded(oauth, browser):
    """'Submit application/x-www-form-urlencoded.' A JSON body is refused as invalid_request."""
    code, verifier = await approved_code(oauth, browser)
    as_json = await browser.post("/token", json=exchange(oauth, code, MUSE_CALLBACK, verifier))
    assert as_json.status_code == 400 and as_json.json()["error"] == "invalid_request", as_json.text
    # The code is still good for the form the seed names.
    assert (await token(browser, exchange(oauth, code, MUSE_CALLBACK, verifier))).status_code == 200


async def test_seed_000_401_expired_credentials(oauth, browser):
    """'401 invalid or expired credentials' ... 'access tokens last 15 minutes': a token issued 16
    minutes ago (auth's clock moved back for the issue) is refused over MCP and REST alike."""
    code, verifier = await approved_code(oauth, browser)
    held = oauth.clock.now  # auth's clock stands still; other tests may have moved it on
    oauth.clock.now = datetime.now(UTC) - timedelta(minutes=16)
    try:
        issued = await token(browser, exchange(oauth, code, MUSE_CALLBACK, verifier))
    finally:
        oauth.clock.now = held
    assert issued.status_code == 200, issued.text
    expired = issued.json()["access_token"]

    over_mcp = await read_plans(oauth, expired)
    async with httpx2.AsyncClient(base_url=oauth.base_url, timeout=30) as http:
        over_rest = await http.get(
            "/api/connectors/muse/training",
            params={"view": "plans"},
            headers={"Authorization": f"Bearer {expired}"},
        )
    for refused in (over_mcp, over_rest):
        assert refused.status_code == 401, refused.text
        assert refused.json()["error"] == "invalid_token" and refused.json()["error_description"]
        assert refused.headers["cache-control"] == "private, no-store"
        assert 'error="invalid_token"' in refused.headers["www-authenticate"]


@pytest.mark.parametrize(
    ("change", "error", "named"),
    [
        ({"code_challenge": None}, "invalid_request", "code_challenge"),
        ({"code_challenge_method": "plain"}, "invalid_request", "S256"),
        ({"code_challenge": "abc"}, "invalid_request", "code_challenge"),
        ({"response_type": "token"}, "unsupported_response_type", "code"),
        ({"scope": "training openid"}, "invalid_scope", "training"),
        ({"resource": None}, "invalid_target", "resource"),
        ({"resource": "https://api.joinmetric.com/api/other/mcp"}, "invalid_target", "resource"),
    ],
    ids=[
        "no-challenge",
        "plain",
        "short-challenge",
        "token-response",
        "unknown-scope",
        "no-resource",
        "other",
    ],
)
async def test_seed_000_wrong_authorization_requests_return_the_error_with_state_and_iss(
    oauth, browser, change: dict[str, str | None], error, named
):
    """'Use OAuth authorization code with PKCE (S256)' ... 'responses include iss': a wrong request
    from an allowlisted callback goes back to it with the error, what to fix, state and iss."""
    _, challenge = pkce_pair()
    params = authorization_request(oauth, challenge, MUSE_CALLBACK, "training")
    for name, value in change.items():
        if value is None:
            params.pop(name)
        else:
            params[name] = value
    response = await browser.get("/authorize", params=params)
    assert response.status_code == 302, response.text
    assert response.headers["location"].startswith(MUSE_CALLBACK + "?")
    query = query_of(response.headers["location"])
    assert (query["error"], query["state"], query["iss"]) == (error, "muse-state-123", oauth.base_url)
    assert named in query["error_description"] and "code" not in query
