"""Helpers for the account-page tests: signing in, one form's CSRF token, a connected Muse, a bearer check."""

from __future__ import annotations

import re

import httpx2

from tests.integration.oauth_edge.flow import authorize, csrf_of
from tests.integration.oauth_edge.stack import EMAIL, MUSE_CALLBACK, PASSWORD, OAuthStack, pkce_pair

MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
TOOLS_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}


def form_csrf(html: str, action: str) -> str:
    """The CSRF token of the form posting to ``action``."""
    form = rf'<form method="post" action="{re.escape(action)}">\s*'
    match = re.search(form + r'<input type="hidden" name="csrf_token" value="([^"]+)"', html)
    assert match, f"no form posting to {action}"
    return match.group(1)


async def sign_in(http: httpx2.AsyncClient) -> str:
    """Sign in through the form and return the account page's HTML."""
    form = await http.get("/signin", params={"return_to": "/account"})
    credentials = {"email": EMAIL, "password": PASSWORD}
    signed_in = await http.post(
        "/signin", data={"csrf_token": csrf_of(form.text), "return_to": "/account", **credentials}
    )
    assert signed_in.headers["location"] == "/account"
    page = await http.get("/account")
    assert page.status_code == 200
    return page.text


async def connect_muse(stack: OAuthStack, http: httpx2.AsyncClient) -> dict[str, str]:
    """Sign in, approve Muse and redeem the code; returns the token response."""
    verifier, challenge = pkce_pair()
    query = await authorize(http, stack.authorize_params(challenge))
    response = await http.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": query["code"],
            "client_id": "metric-muse",
            "redirect_uri": MUSE_CALLBACK,
            "code_verifier": verifier,
            "resource": stack.resource,
        },
    )
    assert response.status_code == 200, response.text
    tokens: dict[str, str] = response.json()
    return tokens


async def create_key(http: httpx2.AsyncClient) -> str:
    """Create a personal API key through the account page; returns its secret."""
    page = await http.get("/account")
    created = await http.post(
        "/account/api-keys",
        data={"csrf_token": form_csrf(page.text, "/account/api-keys"), "name": "laptop", "scope": "training"},
    )
    assert created.status_code == 200
    return created.text.split('id="api-key-secret">', 1)[1].split("<", 1)[0]


async def bearer_status(stack: OAuthStack, credential: str) -> int:
    """The status of one MCP request to the Metric profile with ``credential`` (a fresh client)."""
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as client:
        response = await client.post(
            stack.resource,
            json=TOOLS_LIST,
            headers={**MCP_HEADERS, "authorization": f"Bearer {credential}"},
        )
    if response.status_code == 401:
        assert response.headers["www-authenticate"].startswith('Bearer error="invalid_token"')
    return response.status_code
