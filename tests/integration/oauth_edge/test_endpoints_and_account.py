"""Token, registration and revocation endpoints with bad input (never a 500), the account page,
and an auth service outage."""

from __future__ import annotations

import json

import grpc
import httpx2
import pytest
from starlette.applications import Starlette

from edge.oauth import OAuthStubs, oauth_routes
from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from tests.integration.oauth_edge.flow import authorize, csrf_of
from tests.integration.oauth_edge.stack import OAuthStack, pkce_pair

pytestmark = pytest.mark.asyncio(loop_scope="module")

FORM = {"content-type": "application/x-www-form-urlencoded"}


@pytest.mark.parametrize(
    ("content", "headers", "error"),
    [
        (
            json.dumps({"grant_type": "refresh_token"}),
            {"content-type": "application/json"},
            "invalid_request",
        ),
        ("grant_type=refresh_token", {"content-type": "text/plain"}, "invalid_request"),
        ("grant_type=password&username=a", FORM, "unsupported_grant_type"),
        ("client_id=metric-muse", FORM, "invalid_request"),
        ("grant_type=refresh_token&grant_type=authorization_code", FORM, "invalid_request"),
        ("grant_type", FORM, "invalid_request"),
        (b"grant_type=\xff\xfe", FORM, "invalid_request"),
        ("grant_type=refresh_token&refresh_token=" + "a" * 20000, FORM, "invalid_request"),
        ("grant_type=refresh_token&refresh_token=nope&client_id=metric-muse", FORM, "invalid_grant"),
        ("grant_type=authorization_code&code=nope&client_id=metric-muse", FORM, "invalid_grant"),
    ],
)
async def test_token_endpoint_bad_input_is_an_oauth_error(
    module_http: httpx2.AsyncClient, content: str | bytes, headers: dict[str, str], error: str
) -> None:
    response = await module_http.post("/token", content=content, headers=headers)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == error and body["error_description"]
    assert response.headers["cache-control"] == "no-store"


async def test_register_and_revoke(module_stack: OAuthStack, module_http: httpx2.AsyncClient) -> None:
    registered = await module_http.post(
        "/register", json={"client_name": "Loopback", "redirect_uris": ["http://127.0.0.1/callback"]}
    )
    assert registered.status_code == 201, registered.text
    assert registered.json()["client_id"]
    for content, headers in (
        ("client_name=x", FORM),
        ("[1, 2]", {"content-type": "application/json"}),
        ("{not json", {"content-type": "application/json"}),
    ):
        refused = await module_http.post("/register", content=content, headers=headers)
        assert refused.status_code == 400 and refused.json()["error"].startswith("invalid_")
    assert (
        await module_http.post("/revoke", data={"token": "unknown", "client_id": "metric-muse"})
    ).status_code == 200
    assert (await module_http.post("/revoke", data={"client_id": "metric-muse"})).status_code == 400
    assert (await module_http.post("/revoke", json={"token": "x"})).status_code == 400


async def test_revoke_a_refresh_token_from_the_flow(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    verifier, challenge = pkce_pair()
    query = await authorize(module_http, module_stack.authorize_params(challenge))
    tokens = (
        await module_http.post(
            "/token",
            data={
                "grant_type": "authorization_code",
                "code": query["code"],
                "client_id": "metric-muse",
                "redirect_uri": "https://muse.ai/connect/oauth-callback",
                "code_verifier": verifier,
                "resource": module_stack.resource,
            },
        )
    ).json()
    revoked = await module_http.post(
        "/revoke",
        data={
            "token": tokens["refresh_token"],
            "token_type_hint": "refresh_token",
            "client_id": "metric-muse",
        },
    )
    assert revoked.status_code == 200


async def test_account_page_keys_and_connections(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    assert (await module_http.get("/account")).headers["location"] == "/signin?return_to=/account"
    _, challenge = pkce_pair()
    await authorize(module_http, module_stack.authorize_params(challenge))
    account = await module_http.get("/account")
    assert account.status_code == 200 and "Muse" in account.text and "Disconnect" in account.text
    token = csrf_of(account.text)

    assert (
        await module_http.post("/account/api-keys", data={"name": "x", "scope": "training"})
    ).status_code == 403
    created = await module_http.post(
        "/account/api-keys", data={"csrf_token": token, "name": "<b>laptop</b>", "scope": "training"}
    )
    assert created.status_code == 200
    assert "&lt;b&gt;laptop&lt;/b&gt;" in created.text and "<b>laptop" not in created.text
    assert "rf_" in created.text
    listed = await module_http.get("/account")
    assert "&lt;b&gt;laptop&lt;/b&gt;" in listed.text and "rf_" in listed.text
    secret_shown = created.text.split('id="api-key-secret">', 1)[1].split("<", 1)[0]
    assert secret_shown not in listed.text  # shown once

    key_id = listed.text.split("/account/api-keys/", 1)[1].split("/revoke", 1)[0]
    revoked = await module_http.post(f"/account/api-keys/{key_id}/revoke", data={"csrf_token": token})
    assert revoked.status_code == 303
    assert "revoked" in (await module_http.get("/account")).text

    disconnected = await module_http.post(
        "/account/connections/disconnect", data={"csrf_token": token, "client_id": "metric-muse"}
    )
    assert disconnected.status_code == 303
    assert "No application is connected" in (await module_http.get("/account")).text

    out = await module_http.post("/signout", data={"csrf_token": token})
    assert out.status_code == 303
    assert (await module_http.get("/account")).status_code == 303


async def test_open_redirect_after_signin_is_refused(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    page = await module_http.get("/signin")
    response = await module_http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(page.text),
            "return_to": "//evil.example/",
            "email": "ada@example.com",
            "password": "correct horse battery",
        },
    )
    assert response.headers["location"] == "/account"


async def test_oversized_authorization_request_is_a_page(
    module_stack: OAuthStack, module_http: httpx2.AsyncClient
) -> None:
    response = await module_http.get(
        "/authorize", params=module_stack.authorize_params("c" * 43, state="s" * 9000)
    )
    assert response.status_code == 400 and "location" not in response.headers


async def test_auth_service_down_is_503_not_500() -> None:
    # A channel to a port nobody listens on: every call fails UNAVAILABLE.
    channel = grpc.aio.insecure_channel("127.0.0.1:9")
    stubs = OAuthStubs(
        oauth=oauth_pb2_grpc.OAuthServiceStub(channel), auth=auth_pb2_grpc.AuthServiceStub(channel)
    )
    app = Starlette(routes=oauth_routes("http://edge.test", lambda: stubs))
    async with httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://edge.test"
    ) as client:
        token = await client.post("/token", data={"grant_type": "refresh_token", "refresh_token": "x"})
        assert token.status_code == 503 and token.json()["error"] == "temporarily_unavailable"
        assert (await client.post("/register", json={"redirect_uris": []})).status_code == 503
        assert (await client.post("/revoke", data={"token": "x"})).status_code == 503
        page = await client.get("/authorize", params={"client_id": "metric-muse"})
        assert page.status_code == 503
    await channel.close(None)
