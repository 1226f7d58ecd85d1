"""The HTTP a browser sends through the pages: sign in, approve or decline, read the redirect."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx2

from tests.integration.oauth_edge.stack import EMAIL, PASSWORD

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(html: str) -> str:
    """The first form's CSRF token on a page."""
    match = CSRF.search(html)
    assert match, "the page has no CSRF token"
    return match.group(1)


def query_of(location: str) -> dict[str, str]:
    """The query parameters of a redirect target, one value each."""
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}


async def start(http: httpx2.AsyncClient, params: dict[str, str]) -> str:
    """GET /authorize; returns the approval path /authorize/<id>."""
    response = await http.get("/authorize", params=params)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith("/authorize/")
    return location


async def sign_in(http: httpx2.AsyncClient, approval_path: str) -> str:
    """Sign in through the form shown on the approval path; returns the approval page HTML."""
    page = await http.get(approval_path)
    assert page.status_code == 200 and 'action="/signin"' in page.text
    response = await http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(page.text),
            "return_to": approval_path,
            "email": EMAIL,
            "password": PASSWORD,
        },
    )
    assert response.status_code == 303, response.text
    assert response.headers["location"] == approval_path
    approval = await http.get(approval_path)
    assert approval.status_code == 200
    return approval.text


async def decide(http: httpx2.AsyncClient, approval_path: str, html: str, decision: str) -> httpx2.Response:
    """Submit the approval form as the page does."""
    return await http.post(approval_path, data={"csrf_token": csrf_of(html), "decision": decision})


async def authorize(
    http: httpx2.AsyncClient, params: dict[str, str], decision: str = "approve"
) -> dict[str, str]:
    """The whole browser side; returns the redirect's query (code or error, state, iss)."""
    path = await start(http, params)
    html = await sign_in(http, path)
    response = await decide(http, path, html, decision)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith(params["redirect_uri"] + "?")
    return query_of(location)
