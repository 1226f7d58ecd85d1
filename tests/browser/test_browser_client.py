"""A browser-based MCP client in headless Chromium, served from another origin (decision 0040).

A page on a second local HTTP server (another port, so another origin) connects to the Metric
and the Primed profiles with ``fetch`` alone: MCP 401 → the challenge's protected-resource metadata →
authorization-server metadata → dynamic registration → PKCE authorization → token exchange →
``initialize`` and a tool call. The approval step is done in the same browser: the page navigates
to the authorization URL, the test signs in and presses Approve on Kinetic's page, and Kinetic
sends the browser back to the client's callback page, whose script finishes the exchange. Every
cross-origin call is a real CORS request (preflights included) that Chromium checks itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import uvicorn
from playwright.async_api import Browser
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from kinetic.protected_resources import METRIC, PRIMED, ProtectedResourceInfo
from tests.browser.conftest import WAIT_MS
from tests.conftest import EngineFactory
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD

START_TIMEOUT_SECONDS = 20.0

# The client's script: the same on both pages; the callback page finishes what the start page began.
CLIENT_SCRIPT = """
const MCP_URL = %(mcp_url)s;
const JSON_RPC = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"};
const log = [];
const say = (step, detail) => { log.push({step, detail}); };
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");

async function start() {
  const challenged = await fetch(MCP_URL, {method: "POST", headers: JSON_RPC, body: "{}"});
  const header = challenged.headers.get("WWW-Authenticate");
  say("challenge", {status: challenged.status, header});
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)[1];
  const resource = await (await fetch(metadataUrl)).json();
  say("protected-resource", resource);
  const issuer = resource.authorization_servers[0];
  const server = await (await fetch(issuer + "/.well-known/oauth-authorization-server")).json();
  say("authorization-server", {issuer: server.issuer});
  const registered = await fetch(server.registration_endpoint, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({
      client_name: "Browser Client",
      redirect_uris: [location.origin + "/callback"],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  const client = await registered.json();
  say("registered", {status: registered.status, client_id: client.client_id});
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(48)));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const state = b64url(crypto.getRandomValues(new Uint8Array(12)));
  sessionStorage.setItem("flow", JSON.stringify({
    verifier, state, client_id: client.client_id, token_endpoint: server.token_endpoint,
    resource: resource.resource, log,
  }));
  const query = new URLSearchParams({
    response_type: "code", client_id: client.client_id, redirect_uri: location.origin + "/callback",
    scope: resource.scopes_supported.join(" "), resource: resource.resource, state,
    code_challenge: challenge, code_challenge_method: "S256",
  });
  location.assign(server.authorization_endpoint + "?" + query);
}

async function finish() {
  const flow = JSON.parse(sessionStorage.getItem("flow"));
  log.push(...flow.log);
  const params = new URLSearchParams(location.search);
  if (params.get("state") !== flow.state) throw new Error("state mismatch");
  const exchanged = await fetch(flow.token_endpoint, {
    method: "POST",
    headers: {"Content-Type": "application/x-www-form-urlencoded"},
    body: new URLSearchParams({
      grant_type: "authorization_code", code: params.get("code"), client_id: flow.client_id,
      redirect_uri: location.origin + "/callback", code_verifier: flow.verifier, resource: flow.resource,
    }),
  });
  const tokens = await exchanged.json();
  say("token", {status: exchanged.status, scope: tokens.scope, has_refresh: !!tokens.refresh_token});
  const auth = {...JSON_RPC, "Authorization": "Bearer " + tokens.access_token};
  const initialized = await fetch(MCP_URL, {method: "POST", headers: auth, body: JSON.stringify({
    jsonrpc: "2.0", id: 1, method: "initialize",
    params: {protocolVersion: "2025-06-18", capabilities: {}, clientInfo: {name: "browser", version: "1"}},
  })});
  const init = await initialized.json();
  const version = init.result.protocolVersion;
  say("initialize", {status: initialized.status, version});
  const called = await fetch(MCP_URL, {
    method: "POST",
    headers: {...auth, "MCP-Protocol-Version": version},
    body: JSON.stringify({jsonrpc: "2.0", id: 2, method: "tools/call",
      params: {name: %(tool)s, arguments: {}}}),
  });
  const result = await called.json();
  say("tool", {status: called.status, isError: result.result.isError,
               length: result.result.content[0].text.length});
}

window.clientRun = (location.pathname === "/callback" ? finish() : start())
  .then(() => { window.clientLog = log; document.title = "done"; })
  .catch((error) => {
    window.clientLog = log; window.clientError = String(error); document.title = "failed";
  });
"""


def _client_app(mcp_url: str, tool: str) -> Starlette:
    script = CLIENT_SCRIPT % {"mcp_url": json.dumps(mcp_url), "tool": json.dumps(tool)}

    async def page(request: Request) -> HTMLResponse:
        return HTMLResponse(f"<!doctype html><title>client</title><script>{script}</script>")

    return Starlette(routes=[Route("/", page), Route("/callback", page)])


@contextlib.asynccontextmanager
async def client_origin(mcp_url: str, tool: str) -> AsyncIterator[str]:
    """The browser client's own HTTP server on another port (another origin); yields its origin."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(_client_app(mcp_url, tool), log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        async with asyncio.timeout(START_TIMEOUT_SECONDS):
            while not server.started:  # noqa: ASYNC110 - uvicorn exposes only this flag
                await asyncio.sleep(0.01)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        await serving
        sock.close()


@pytest.fixture
async def full_stack(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Stack]:
    async with running_stack(sqlite_engines, tmp_path) as running:
        yield running


@pytest.mark.parametrize(
    ("resource", "tool", "granted"),
    [
        (METRIC, "get_workout_guidance", "training"),
        # Primed takes only access tokens, and its errors carry HTTP statuses (decision 0059).
        (PRIMED, "get_primed_profile", " ".join(PRIMED.scopes)),
    ],
    ids=["metric", "primed"],
)
async def test_a_page_from_another_origin_connects_and_calls_a_tool(
    full_stack: Stack, browser: Browser, resource: ProtectedResourceInfo, tool: str, granted: str
) -> None:
    mcp_url = full_stack.base_url + resource.path
    async with client_origin(mcp_url, tool) as origin:
        assert origin != full_stack.base_url
        context = await browser.new_context()
        context.set_default_timeout(WAIT_MS)
        page = await context.new_page()
        await page.goto(origin + "/")
        # The start page's script ran discovery and registration, then went to Kinetic's page.
        await page.wait_for_url(full_stack.base_url + "/authorize/**")
        await page.get_by_label("Email").fill(EMAIL)
        await page.get_by_label("Password").fill(PASSWORD)
        await page.get_by_role("button", name="Sign in").click()
        await page.get_by_role("button", name="Approve Browser Client").click()
        await page.wait_for_url(origin + "/callback?**")
        await page.wait_for_function("document.title === 'done' || document.title === 'failed'")
        error = await page.evaluate("window.clientError || null")
        log = {entry["step"]: entry["detail"] for entry in await page.evaluate("window.clientLog")}
        await context.close()
    assert error is None, (error, log)
    assert log["challenge"]["status"] == 401 and "resource_metadata=" in log["challenge"]["header"]
    assert log["protected-resource"]["resource"] == mcp_url
    assert log["authorization-server"]["issuer"] == full_stack.base_url
    assert log["registered"]["status"] == 201
    assert log["token"] == {"status": 200, "scope": granted, "has_refresh": True}
    assert log["initialize"]["status"] == 200 and log["initialize"]["version"]
    assert log["tool"]["status"] == 200 and log["tool"]["isError"] is False and log["tool"]["length"] > 90
