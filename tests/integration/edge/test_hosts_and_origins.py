"""What connector hosts and browser-based clients meet first (decision 0040).

- Every MCP path answers the same with or without a trailing slash, never with a redirect.
- ``HEAD`` answers like ``POST`` without a body: 401 with the challenge, or 200.
- CORS: discovery, registration, token, revocation, MCP and REST paths answer preflights and carry
  the CORS headers for trusted origins; an untrusted ``Origin`` gets 403 JSON on all of them.
- A connection holding only some legacy Training permissions gets 403 ``reapproval_required``.
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import CLIENT_AI, METRIC, RUNFLOW, SERVED_BY_EDGE, ProtectedResourceInfo

pytestmark = pytest.mark.asyncio(loop_scope="module")

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "host-check", "version": "1"},
    },
}
MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}
BROWSER_CLIENT = "http://localhost:5173"  # a loopback page: trusted on any port
CONTRACT_CLIENT = "https://muse.ai"  # trusted by default (KINETIC_EDGE_ALLOWED_ORIGINS)
UNTRUSTED = "https://evil.example"
SLASHES = pytest.mark.parametrize("slash", ["", "/"], ids=["bare", "trailing-slash"])
RESOURCES = pytest.mark.parametrize("resource", SERVED_BY_EDGE, ids=[r.profile for r in SERVED_BY_EDGE])

# Every kind of path a browser-based client calls, with a method it uses there.
CROSS_ORIGIN_PATHS = [
    ("GET", "/.well-known/oauth-authorization-server"),
    ("GET", "/.well-known/oauth-protected-resource" + METRIC.path),
    ("GET", "/.well-known/oauth-protected-resource" + CLIENT_AI.path),
    ("GET", "/.well-known/jwks.json"),
    ("POST", "/register"),
    ("POST", "/token"),
    ("POST", "/revoke"),
    ("POST", METRIC.path),
    ("POST", CLIENT_AI.path + "/"),
    ("GET", "/api/connectors/muse/workout-guidance"),
    ("POST", "/api/connectors/muse/training/edits"),
    ("GET", "/api/analytics/records"),
]


async def token_for(account_stack: Any, resource: ProtectedResourceInfo) -> str:
    if resource is RUNFLOW:  # RunFlow serves paid tiers only (decision 0061); the paths are tested here
        await account_stack.backends.auth.UpdateAccount(
            auth_pb2.UpdateAccountRequest(account_id=account_stack.account_id, plan_tier="pro")
        )
    return await account_stack.access_token(
        audience=account_stack.base_url + resource.path, scopes=resource.scopes
    )


@RESOURCES
@SLASHES
async def test_every_mcp_path_answers_with_or_without_a_trailing_slash(account_stack, resource, slash):
    token = await token_for(account_stack, resource)
    async with httpx2.AsyncClient(
        base_url=account_stack.base_url, timeout=30, follow_redirects=False
    ) as http:
        anonymous = await http.post(resource.path + slash, json=INITIALIZE, headers=MCP_ACCEPT)
        signed = await http.post(
            resource.path + slash,
            json=INITIALIZE,
            headers={**MCP_ACCEPT, "Authorization": f"Bearer {token}"},
        )
    assert anonymous.status_code == 401, anonymous.text
    assert (
        f'resource_metadata="{resource.metadata_url(account_stack.base_url)}"'
        in anonymous.headers["www-authenticate"]
    )
    assert signed.status_code == 200, signed.text
    assert signed.json()["result"]["serverInfo"]["name"]


@RESOURCES
@SLASHES
async def test_head_answers_like_post_without_a_body(account_stack, resource, slash):
    token = await token_for(account_stack, resource)
    async with httpx2.AsyncClient(
        base_url=account_stack.base_url, timeout=30, follow_redirects=False
    ) as http:
        anonymous = await http.head(resource.path + slash)
        signed = await http.head(resource.path + slash, headers={"Authorization": f"Bearer {token}"})
    assert anonymous.status_code == 401
    # No credential: RunFlow's challenge is its contract's, without an error code (decision 0083).
    error = 'error="invalid_token"' in anonymous.headers["www-authenticate"]
    assert error is not resource.bare_challenge
    assert "resource_metadata=" in anonymous.headers["www-authenticate"]
    assert anonymous.content == b""
    assert signed.status_code == 200 and signed.content == b""
    assert signed.headers["cache-control"] == "private, no-store"


@pytest.mark.parametrize(("method", "path"), CROSS_ORIGIN_PATHS)
async def test_a_trusted_origin_gets_its_preflight_answered_without_a_token(account_stack, method, path):
    headers = {
        "Origin": BROWSER_CLIENT,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "authorization, content-type, mcp-protocol-version",
    }
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        preflight = await http.options(path, headers=headers)
    assert preflight.status_code == 204, preflight.text
    assert preflight.headers["access-control-allow-origin"] == BROWSER_CLIENT
    assert method in preflight.headers["access-control-allow-methods"]
    allowed = preflight.headers["access-control-allow-headers"].lower()
    for header in ("authorization", "content-type", "mcp-protocol-version", "mcp-session-id"):
        assert header in allowed
    assert "access-control-allow-credentials" not in preflight.headers
    assert preflight.headers["vary"] == "Origin"


@pytest.mark.parametrize(("method", "path"), CROSS_ORIGIN_PATHS)
async def test_an_untrusted_origin_gets_the_contracts_403_in_json(account_stack, method, path):
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        preflight = await http.options(
            path, headers={"Origin": UNTRUSTED, "Access-Control-Request-Method": method}
        )
        request = await http.request(
            method,
            path,
            headers={"Origin": UNTRUSTED, "Authorization": f"Bearer {account_stack.api_key}", **MCP_ACCEPT},
            json=INITIALIZE if method == "POST" else None,
        )
    for refused in (preflight, request):
        assert refused.status_code == 403, refused.text
        assert refused.headers["content-type"] == "application/json"
        assert refused.json()["error"] == "untrusted_origin"
        assert UNTRUSTED in refused.json()["error_description"]
        assert "access-control-allow-origin" not in refused.headers


@pytest.mark.parametrize("origin", ["null", "http://localhost.evil.example:5173", "http://127.0.0.1.nip.io"])
async def test_look_alike_and_opaque_origins_are_not_loopback(account_stack, origin):
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        refused = await http.post(METRIC.path, json=INITIALIZE, headers={**MCP_ACCEPT, "Origin": origin})
    assert (refused.status_code, refused.json()["error"]) == (403, "untrusted_origin")


@pytest.mark.parametrize("origin", [BROWSER_CLIENT, CONTRACT_CLIENT, "http://[::1]:6274"])
async def test_a_trusted_origin_reads_the_mcp_answer_and_its_headers(account_stack, origin):
    headers = {**MCP_ACCEPT, "Origin": origin}
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        challenged = await http.post(METRIC.path, json=INITIALIZE, headers=headers)
        answered = await http.post(
            METRIC.path,
            json=INITIALIZE,
            headers={**headers, "Authorization": f"Bearer {account_stack.api_key}"},
        )
        discovery = await http.get("/.well-known/oauth-authorization-server", headers={"Origin": origin})
    assert challenged.status_code == 401
    assert answered.status_code == 200, answered.text  # the MCP SDK's own Origin check agrees
    for response in (challenged, answered, discovery):
        assert response.headers["access-control-allow-origin"] == origin
        exposed = response.headers["access-control-expose-headers"]
        for header in ("Mcp-Session-Id", "MCP-Protocol-Version", "WWW-Authenticate"):
            assert header in exposed
        assert "Origin" in response.headers["vary"]


async def test_a_request_without_origin_is_unchanged_apart_from_vary(account_stack):
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        discovery = await http.get("/.well-known/oauth-authorization-server")
        options = await http.options(METRIC.path)
    assert discovery.status_code == 200 and "access-control-allow-origin" not in discovery.headers
    assert discovery.headers["vary"] == "Origin", "a shared cache keeps one copy per origin"
    assert (options.status_code, options.headers["allow"]) == (204, "POST, HEAD, OPTIONS")


LEGACY = ("training:read", "training:write", "training:delete")


@pytest.mark.parametrize("held", [LEGACY[:1], LEGACY[:2], LEGACY[1:]], ids=lambda h: "+".join(h))
async def test_some_legacy_training_permissions_need_reapproval(account_stack, held):
    token = await account_stack.access_token(scopes=held)
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        mcp = await http.post(
            METRIC.path, json=INITIALIZE, headers={**MCP_ACCEPT, "Authorization": f"Bearer {token}"}
        )
        rest = await http.get(
            "/api/connectors/muse/workout-guidance", headers={"Authorization": f"Bearer {token}"}
        )
    for refused in (mcp, rest):
        assert refused.status_code == 403, refused.text
        body = refused.json()
        assert body["error"] == "reapproval_required"
        assert body["error_description"].startswith("Training reapproval required")
        # The challenge asks for the one Training scope, so a client that steps up reconnects.
        assert 'error="insufficient_scope"' in refused.headers["www-authenticate"]
        assert 'scope="training"' in refused.headers["www-authenticate"]


async def test_all_three_legacy_training_permissions_keep_working(account_stack):
    token = await account_stack.access_token(scopes=LEGACY)
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        mcp = await http.post(
            METRIC.path, json=INITIALIZE, headers={**MCP_ACCEPT, "Authorization": f"Bearer {token}"}
        )
        rest = await http.get(
            "/api/connectors/muse/workout-guidance", headers={"Authorization": f"Bearer {token}"}
        )
    assert mcp.status_code == 200, mcp.text
    assert rest.status_code == 200, rest.text


async def test_an_unrelated_scope_is_still_insufficient_scope(account_stack):
    token = await account_stack.access_token(scopes=("ows",))
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=30) as http:
        refused = await http.post(
            METRIC.path, json=INITIALIZE, headers={**MCP_ACCEPT, "Authorization": f"Bearer {token}"}
        )
    assert (refused.status_code, refused.json()["error"]) == (403, "insufficient_scope")
