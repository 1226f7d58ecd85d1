"""The authorization server through the real edge: discovery, /authorize errors, the code flow
as the pages submit it, CSRF, link states and headers."""

from __future__ import annotations

import httpx2
import pytest

from tests.integration.oauth_edge.flow import authorize, csrf_of, decide, query_of, sign_in, start
from tests.integration.oauth_edge.stack import MUSE_CALLBACK, OAuthStack, pkce_pair

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_discovery_document(module_stack: OAuthStack, module_http: httpx2.AsyncClient) -> None:
    response = await module_http.get("/.well-known/oauth-authorization-server")
    assert response.status_code == 200
    document = response.json()
    assert document["issuer"] == module_stack.base_url
    assert document["authorization_endpoint"] == module_stack.base_url + "/authorize"
    assert document["token_endpoint"] == module_stack.base_url + "/token"
    assert document["registration_endpoint"] == module_stack.base_url + "/register"
    assert document["revocation_endpoint"] == module_stack.base_url + "/revoke"
    assert document["response_types_supported"] == ["code"]
    assert document["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert document["token_endpoint_auth_methods_supported"] == ["none"]
    assert "training" in document["scopes_supported"]
    assert document["authorization_response_iss_parameter_supported"] is True
    assert document["client_id_metadata_document_supported"] is True


@pytest.mark.parametrize(
    "overrides",
    [
        {"client_id": "no-such-client"},
        {"redirect_uri": "https://evil.example/callback"},
        {"redirect_uri": MUSE_CALLBACK + "/extra"},
        {"redirect_uri": MUSE_CALLBACK + "?x=1"},
        {"redirect_uri": MUSE_CALLBACK.upper()},
    ],
)
async def test_untrusted_client_or_redirect_is_an_html_page_not_a_redirect(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient, overrides: dict[str, str]
) -> None:
    _, challenge = pkce_pair()
    response = await module_http.get(
        "/authorize", params=module_stack.authorize_params(challenge, **overrides)
    )
    assert response.status_code == 400
    assert "location" not in response.headers
    assert response.headers["content-type"].startswith("text/html")
    assert "cannot be used" in response.text


async def test_plain_pkce_redirects_with_error_state_and_iss(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    params = module_stack.authorize_params("x" * 43, code_challenge_method="plain")
    response = await module_http.get("/authorize", params=params)
    assert response.status_code == 302
    assert response.headers["location"].startswith(MUSE_CALLBACK + "?")
    query = query_of(response.headers["location"])
    assert query["error"] == "invalid_request"
    assert query["state"] == params["state"]
    assert query["iss"] == module_stack.base_url
    assert "code" not in query


async def test_unknown_resource_is_invalid_target(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    params = module_stack.authorize_params(challenge, resource=module_stack.base_url + "/api/nowhere")
    response = await module_http.get("/authorize", params=params)
    assert response.status_code == 302
    query = query_of(response.headers["location"])
    assert query["error"] == "invalid_target"
    assert query["iss"] == module_stack.base_url and query["state"] == params["state"]


async def test_code_flow_refresh_and_refresh_reuse(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    verifier, challenge = pkce_pair()
    params = module_stack.authorize_params(challenge)
    query = await authorize(module_http, params)
    assert query["state"] == params["state"] and query["iss"] == module_stack.base_url
    token = await module_http.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": query["code"],
            "client_id": "metric-muse",
            "redirect_uri": MUSE_CALLBACK,
            "code_verifier": verifier,
            "resource": module_stack.resource,
        },
    )
    assert token.status_code == 200, token.text
    assert token.headers["cache-control"] == "no-store" and token.headers["pragma"] == "no-cache"
    first = token.json()
    assert first["token_type"] == "Bearer" and first["scope"] == "training"
    assert first["access_token"] and first["refresh_token"]

    refresh = {"grant_type": "refresh_token", "client_id": "metric-muse", "resource": module_stack.resource}
    rotated = await module_http.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})
    assert rotated.status_code == 200, rotated.text
    assert rotated.json()["refresh_token"] != first["refresh_token"]

    reused = await module_http.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})
    assert reused.status_code == 400
    assert reused.json()["error"] == "invalid_grant"
    # The whole family is gone: the rotated token fails too.
    family = await module_http.post(
        "/token", data={**refresh, "refresh_token": rotated.json()["refresh_token"]}
    )
    assert family.json()["error"] == "invalid_grant"

    replay = await module_http.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": query["code"],
            "client_id": "metric-muse",
            "redirect_uri": MUSE_CALLBACK,
            "code_verifier": verifier,
            "resource": module_stack.resource,
        },
    )
    assert replay.status_code == 400 and replay.json()["error"] == "invalid_grant"


async def test_decline_redirects_access_denied_with_iss(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    params = module_stack.authorize_params(challenge)
    query = await authorize(module_http, params, decision="deny")
    assert query["error"] == "access_denied"
    assert query["iss"] == module_stack.base_url and query["state"] == params["state"]
    assert "code" not in query


async def _status(http: httpx2.AsyncClient, path: str) -> str:
    response = await http.get(path + "/status")
    assert response.status_code == 200
    return str(response.json()["status"])


async def test_csrf_missing_or_wrong_is_refused_and_nothing_decided(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    path = await start(module_http, module_stack.authorize_params(challenge))
    html = await sign_in(module_http, path)
    for data in ({"decision": "approve"}, {"decision": "approve", "csrf_token": "0" * 64}):
        refused = await module_http.post(path, data=data)
        assert refused.status_code == 403
        assert "location" not in refused.headers
    assert await _status(module_http, path) == "pending"
    # The token of another form (another authorization) does not work here either.
    other = await start(module_http, module_stack.authorize_params(pkce_pair()[1]))
    other_html = (await module_http.get(other)).text
    assert (
        await module_http.post(path, data={"decision": "approve", "csrf_token": csrf_of(other_html)})
    ).status_code == 403
    assert await _status(module_http, path) == "pending"
    assert (await decide(module_http, path, html, "approve")).status_code == 303


async def test_signin_needs_the_double_submit_cookie(module_stack: OAuthStack) -> None:
    async with httpx2.AsyncClient(base_url=module_stack.base_url) as fresh:
        page = await fresh.get("/signin")
        token = csrf_of(page.text)
        fresh.cookies.clear()
        response = await fresh.post(
            "/signin",
            data={"csrf_token": token, "email": "ada@example.com", "password": "correct horse battery"},
        )
        assert response.status_code == 403
        assert "kinetic_session" not in response.cookies


async def test_wrong_password_shows_the_form_again(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    page = await module_http.get("/signin")
    response = await module_http.post(
        "/signin",
        data={"csrf_token": csrf_of(page.text), "email": "ada@example.com", "password": "wrong password!"},
    )
    assert response.status_code == 401
    assert "not right" in response.text and "kinetic_session" not in response.cookies


async def test_pages_and_responses_carry_security_headers(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    path = await start(module_http, module_stack.authorize_params(challenge))
    signin = await module_http.get(path)
    approval_html = await sign_in(module_http, path)
    approval = await module_http.get(path)
    assert "Approve Muse" in approval_html and 'aria-label="Decline"' in approval_html
    assert 'name="viewport"' in approval_html
    for response in (
        signin,
        approval,
        await module_http.get("/account"),
        await module_http.post("/token", data={}),
    ):
        assert response.headers["x-frame-options"] == "DENY"
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["referrer-policy"] == "no-referrer"
    cookie_header = signin.headers["set-cookie"]
    assert "kinetic_csrf=" in cookie_header and "samesite=strict" in cookie_header.lower()
    # The approval form may continue to the client's callback origin, nowhere else.
    assert "form-action 'self' https://muse.ai" in approval.headers["content-security-policy"]


@pytest.mark.asyncio(loop_scope="function")  # a stack of its own: it moves the clock
async def test_expired_and_replayed_links_show_a_clear_page(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    path = await start(http, stack.authorize_params(challenge))
    html = await sign_in(http, path)
    assert (await decide(http, path, html, "approve")).status_code == 303
    replayed = await http.get(path)
    assert replayed.status_code == 409 and "already decided" in replayed.text
    again = await decide(http, path, html, "deny")
    assert again.status_code == 409

    if not stack.clock_injected:
        pytest.fail("the auth service's clock cannot be moved: services.auth.bootstrap.start needs clock=")
    expiring = await start(http, stack.authorize_params(pkce_pair()[1]))
    expiring_html = (await http.get(expiring)).text
    stack.clock.advance(60 * 60)
    expired = await http.get(expiring)
    assert expired.status_code == 410 and "expired" in expired.text
    assert 'name="decision"' not in expired.text
    assert (await decide(http, expiring, expiring_html, "approve")).status_code in (403, 410)
    assert await _status(http, expiring) == "expired"


async def test_only_the_starting_browser_is_sent_the_code(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    _, challenge = pkce_pair()
    path = await start(module_http, module_stack.authorize_params(challenge))
    waiting = await module_http.get(path)
    assert f"{module_stack.base_url}{path}" in waiting.text and "<svg" in waiting.text
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as phone:
        html = await sign_in(phone, path)
        assert "<svg" not in html  # the phone is not asked to scan itself
        done = await decide(phone, path, html, "approve")
        assert done.status_code == 200 and "Go back to the browser" in done.text
        assert (await phone.get(path + "/status")).json()["redirect_to"] == ""
    status = (await module_http.get(path + "/status")).json()
    assert status["status"] == "approved"
    assert (
        "code" in query_of(status["redirect_to"])
        and query_of(status["redirect_to"])["iss"] == module_stack.base_url
    )


async def test_unknown_approval_link_is_404(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    response = await module_http.get("/authorize/not-a-real-id")
    assert response.status_code == 404
    assert (await module_http.get("/authorize/not-a-real-id/status")).status_code == 404
