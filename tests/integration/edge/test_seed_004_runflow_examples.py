"""Seed 004 (RunFlow): its JSON examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079). The seed's host is the stack's
origin and its paths are Kinetic's (``/mcp`` is ``/mcp/runflow``, ``/mcp/public`` is
``/mcp/runflow/public``: docs/DESIGN's table, decisions 0061 and 0066). The OAuth flow through the
``/mcp/oauth/*`` paths and the registration policy for the other profiles' scopes are also in
tests/integration/oauth_edge/test_runflow_seed_oauth.py; these tests send the seed's requests once
more on the module's stack so that this file is the seed's whole list.

Examples sent:
- discovery: ``GET /.well-known/oauth-protected-resource`` (by URL, by path, path form) and
  ``GET /.well-known/oauth-authorization-server`` (RFC 8414);
- ``POST /mcp/oauth/register`` with a Claude, claude.com, Anthropic, Google and localhost redirect
  (accepted) and with other hosts (refused);
- ``GET /mcp/oauth/authorize`` to the consent page, approve, ``POST /mcp/oauth/token`` with the code
  and its S256 ``code_verifier``, then a refresh; scope ``mcp:full`` (the Gemini guide's "Scopes");
- the remote connector URL alone, given to the official ``mcp`` client (discovery to tool call);
- ``get_training_plan``'s options (``includeAllWorkouts``, ``includeStructuredSteps``,
  ``summaryOnly``, ``sport``) and the counts of ``list_training_plans`` and ``list_plan_snapshots``;
- ``Authorization: Bearer rf_<64 hex>``, a personal API key as Kinetic issues it;
- the 401 ``WWW-Authenticate: Bearer realm="RunFlow MCP", resource_metadata="..."`` and the document
  it points to (RunFlow's own, in RFC 9728's path form; decision 0083);
- the consent page: the card for a paid account, the upgrade banner for a free one;
- the free tier's ``-32002`` body, byte for byte (``"id": null`` whatever the request's id, 403);
- ``/mcp/public``: ``tools/list`` without credentials (exactly ``generate_running_plan`` and
  ``export_plan_url``; a key sent anyway is not read), the 10 tool calls an hour per address,
  every one of the 17 events, the instant web export;
- the 31 tools with the seed's annotations; batches of 200 (import, custom plan);
  ``save_weekly_coaching_summary`` of 1,000 characters;
- the ``safetyAdvisory`` shape on plan mutations, and each of the four rules from a plan built to
  trigger it (shape and level, not the engine's figures);
- ``stravaComplianceNotice`` word for word on a synced activity.

Error sentences tested (decision 0075: ``-32002`` is the tier gate's alone):
- "Unauthenticated requests to /mcp return 401 Unauthorized" (header form exactly);
- "If an account downgrades to a free tier, requests return JSON-RPC error -32002" (every method,
  a free account and one downgraded while its key is in use);
- a registration redirecting elsewhere than Claude, Anthropic, Google or localhost: 400
  ``invalid_redirect_uri``; an authorization code used twice: ``invalid_grant``;
- a batch of 0 or 201, a custom plan of 201 workouts, a coaching summary of 1,001 characters: a tool
  error (``isError: true``) naming the argument and the bound;
- an unknown tool: JSON-RPC ``-32602`` (HTTP 400) on both paths; ``recalibrate_thresholds {"ftp":250}``
  and ``get_training_plan {"goalId":"nope"}`` and other wrong calls a client makes (wrong types,
  missing or out-of-range arguments, unknown IDs, impossible dates): a tool error whose text names
  the argument and only RunFlow's tools and arguments (decision 0076's check);
- a credential without ``mcp:full``: 403 ``insufficient_scope``, not ``-32002``; the guides'
  ``rf_YOUR_API_KEY_HERE`` pasted unchanged: 401 ``invalid_token``;
- two missing arguments: each named once (``raceDate: is required; weeklyVolumeKm: is required``);
- the public path's 11th tool call in an hour: 429, JSON-RPC ``-32000``, ``Retry-After``.

Where Kinetic differs from the seed, on purpose (decision 0063), and what is tested instead:
- tokens are not ``rf_mcp_...`` (30 days) and ``rf_mcpr_...`` (90 days): access tokens are RS256
  JWTs of 15 minutes (``expires_in: 900``), refresh tokens single-use and sliding over 30 days;
- the authorization code lives 60 seconds, not 10 minutes (the approval page stays open 10
  minutes); single use is tested here, the expiries of the code and of the refresh token with a
  clock in tests/integration/auth/test_oauth_tokens_grpc.py;
- "Tier 2/3 or Admin status": Kinetic's paid plans are ``pro`` and ``coach``; it has no admin
  standing that opens RunFlow (decision 0063);
- ``GET /mcp/oauth/authorize`` redirects to Kinetic's consent page ``/authorize/<id>``, not
  ``/mcp/authorize``: a browser page, whose address no client reads;
- personal API keys are ``rf_`` + 64 lowercase hex, the seed's form exactly.

Not sendable, and why:
- the ``claude_desktop_config.json`` block launches ``npx @modelcontextprotocol/server-fetch`` on the
  user's machine: it is a client configuration, not a request. What it sends is the
  ``Authorization: Bearer rf_...`` header, tested above;
- "Claude will automatically discover ... open your browser": a client's behaviour; the official
  ``mcp`` client does the same from the URL alone above, and the requests it makes (discovery,
  registration, authorize, token) are also sent one by one.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx2
import pytest
import pytest_asyncio
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import (
    CLIENT_AI,
    METRIC,
    OPEN_WORKOUT_SCHEMA,
    PRIMED,
    PUBLIC_PLANGEN_PATH,
    RUNFLOW,
)
from knowledge.plan_generation.events import EVENTS
from tests.eventually import status_becomes
from tests.fuzz.error_texts import ProfileNames, offences
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.edge.conftest import Stack
from tests.integration.edge.plangen_calls import HALF, RACE_DAY, PublicEdge, public_edge
from tests.integration.edge.primed_calls import PROTOCOL
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key, runflow_token, tool_error_text
from tests.integration.edge.test_mcp_client_discovery import MemoryStorage, Person, public_client
from tests.integration.edge.test_runflow_tools import record, set_thresholds, started
from tests.integration.oauth_edge.flow import csrf_of, decide, query_of, sign_in
from tests.integration.oauth_edge.stack import pkce_pair

pytestmark = pytest.mark.asyncio(loop_scope="module")

SCOPE = "mcp:full"
TIER_REFUSAL = {
    "jsonrpc": "2.0",
    "id": None,
    "error": {
        "code": -32002,
        "message": "RunFlow Personal MCP requires an active Paid Premium account (Tier 2/3).",
    },
}
STRAVA_NOTICE = (
    "Activity title, description, and raw GPS/sensor streams are omitted for Strava-synced activities "
    "per Strava API terms. To inspect raw Strava activity details or streams, please use the official "
    "Strava MCP server."
)
READS = (
    "get_athlete_profile",
    "get_fitness_metrics",
    "get_cycling_analytics",
    "get_running_analytics",
    "get_swimming_analytics",
    "get_training_plan",
    "list_training_plans",
    "list_plan_snapshots",
    "get_recent_activities",
    "get_readiness_and_health",
)
WRITES = (
    "create_custom_training_plan",
    "create_training_plan",
    "update_training_plan_phases",
    "set_active_training_plan",
    "delete_training_plan",
    "import_plan_workouts_batch",
    "modify_workouts_batch",
    "reschedule_workouts_batch",
    "shift_plan_dates",
    "delete_workouts_batch",
    "mark_workouts_status_batch",
    "restore_plan_snapshot",
    "create_structured_workout",
    "modify_workout",
    "reschedule_workout",
    "swap_workouts",
    "delete_workout",
    "mark_workout_status",
    "recalibrate_thresholds",
    "save_weekly_coaching_summary",
    "log_daily_health",
)
DELETES = ("delete_training_plan", "delete_workouts_batch", "delete_workout")
LEVELS = ("info", "warning", "critical")
RULES = ("weekly_volume_spike", "long_run_cap", "consecutive_hard_days", "projected_tsb_overload")
MCP_HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": PROTOCOL,
}


def today() -> date:
    """UTC's day (the account's zone), read when a test runs."""
    return datetime.now(UTC).date()


def plan_monday() -> date:
    """A Monday at least a week ahead: the plans below start on it, so their first week is whole and
    follows four whole weeks of (recorded or empty) history (decision 0060's weeks)."""
    return today() + timedelta(days=14 - today().weekday())


def run(on: date, km: float, workout_type: str = "EASY", **extra: Any) -> dict[str, Any]:
    """A planned run of ``km`` at easy pace (or the type named), as a client writes one."""
    return {
        "name": f"{workout_type.title()} {on.isoformat()}",
        "scheduledDate": on.isoformat(),
        "sport": "RUN",
        "workoutType": workout_type,
        "plannedDistanceMeters": int(km * 1000),
        "plannedDurationSeconds": int(km * 330),
        **extra,
    }


async def rpc(
    url: str, method: str, params: dict[str, Any] | None = None, token: str | None = None, ident: Any = 1
) -> httpx2.Response:
    """One raw JSON-RPC POST (stateless: no initialize needed)."""
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
    if params is not None:
        body["params"] = params
    headers = dict(MCP_HEADERS)
    if token:
        headers["Authorization"] = f"Bearer {token}"
    async with httpx2.AsyncClient(timeout=60) as http:
        return await http.post(url, json=body, headers=headers)


class Seed004:
    """What the module's tests share: the paid athlete's RunFlow client, and what an error text may name."""

    def __init__(self, stack: Stack, runflow: RunFlow, names: ProfileNames, every_tool: frozenset[str]):
        self.stack = stack
        self.runflow = runflow
        self.names = names
        self.every_tool = every_tool

    def offences(self, text: str, tool: str, sent: tuple[str, ...] = ()) -> list[str]:
        return offences(text, tool, self.names, self.every_tool, sent)


async def other_profiles_tools(stack: Stack) -> set[str]:
    """The tools the other four profiles list: a RunFlow error text must name none of them."""
    credentials = {
        METRIC.path: stack.api_key,
        PRIMED.path: await stack.access_token(audience=stack.base_url + PRIMED.path, scopes=PRIMED.scopes),
    }
    for resource in (CLIENT_AI, OPEN_WORKOUT_SCHEMA):
        key = await stack.backends.auth.CreateApiKey(
            auth_pb2.CreateApiKeyRequest(
                account_id=stack.account_id, name=resource.profile, scopes=resource.scopes
            )
        )
        credentials[resource.path] = key.secret
    names: set[str] = set()
    for path, credential in credentials.items():
        listed = await rpc(stack.base_url + path, "tools/list", token=credential)
        assert listed.status_code == 200, (path, listed.text)
        names |= {tool["name"] for tool in listed.json()["result"]["tools"]}
    return names


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def seed(module_stack: Stack) -> Seed004:
    await pro(module_stack)
    await set_thresholds(module_stack)
    runflow = RunFlow(module_stack, await runflow_key(module_stack))
    names = ProfileNames.of(await runflow.list_tools())
    every_tool = frozenset(names.tools | await other_profiles_tools(module_stack))
    return Seed004(module_stack, runflow, names, every_tool)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def plangen() -> AsyncIterator[PublicEdge]:
    """The public path with a budget for the 17 events and the wrong calls (the module's own stack
    keeps the seed's 10 an hour, spent by the rate-limit test alone)."""
    async with public_edge(plangen_per_hour=1000) as edge:
        yield edge


# --- 1. Authentication & discovery --------------------------------------------------------------


async def test_seed_004_discovery_names_runflow_by_its_resource(module_stack):
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as http:
        # "GET /.well-known/oauth-protected-resource returns the resource identifier and authorization
        # server URLs"; the resource named by URL or by path.
        by_url = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": module_stack.base_url + RUNFLOW.path}
        )
        by_path = await http.get("/.well-known/oauth-protected-resource", params={"resource": RUNFLOW.path})
        path_form = await http.get("/.well-known/oauth-protected-resource" + RUNFLOW.path)

    assert by_url.status_code == 200, by_url.text
    assert by_url.json()["resource"] == module_stack.base_url + RUNFLOW.path
    assert by_url.json()["authorization_servers"] == [module_stack.base_url]
    assert by_url.json()["scopes_supported"] == ["mcp:full"]  # Gemini's guide: "Scopes: mcp:full"
    assert by_url.json() == by_path.json() == path_form.json()


async def test_seed_004_authorization_server_metadata_is_rfc_8414(module_stack):
    # "GET /.well-known/oauth-authorization-server returns RFC 8414 server metadata."
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as http:
        metadata = await http.get("/.well-known/oauth-authorization-server")

    assert metadata.status_code == 200, metadata.text
    document = metadata.json()
    assert document["issuer"] == module_stack.base_url
    for endpoint in ("authorization_endpoint", "token_endpoint", "registration_endpoint"):
        assert document[endpoint].startswith(module_stack.base_url + "/"), endpoint
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert "code" in document["response_types_supported"]
    assert {"authorization_code", "refresh_token"} <= set(document["grant_types_supported"])
    assert "none" in document["token_endpoint_auth_methods_supported"]  # public clients (PKCE)
    assert SCOPE in document["scopes_supported"]


async def register(base_url: str, redirect_uris: list[str]) -> httpx2.Response:
    async with httpx2.AsyncClient(base_url=base_url, timeout=30) as http:
        return await http.post(
            "/mcp/oauth/register",
            json={
                "client_name": "Claude",
                "redirect_uris": redirect_uris,
                "grant_types": ["authorization_code", "refresh_token"],
                "response_types": ["code"],
                "token_endpoint_auth_method": "none",
                "scope": SCOPE,
            },
        )


@pytest.mark.parametrize(
    "redirect_uri",
    [
        "https://claude.ai/api/mcp/auth_callback",
        "https://claude.com/api/mcp/auth_callback",
        "https://console.anthropic.com/oauth/callback",
        "https://gemini.google.com/mcp/callback",
        "http://localhost:33418/callback",
        "http://127.0.0.1:8976/callback",
        "http://[::1]:8976/callback",
        "http://localhost/callback",
    ],
)
async def test_seed_004_registration_takes_claude_anthropic_google_and_localhost(module_stack, redirect_uri):
    # "POST /mcp/oauth/register registers client credentials dynamically (whitelisting Claude,
    # Anthropic, Google, and localhost redirect URIs)."
    registered = await register(module_stack.base_url, [redirect_uri])
    assert registered.status_code == 201, registered.text
    assert registered.json()["client_id"] and registered.json()["redirect_uris"] == [redirect_uri]


@pytest.mark.parametrize(
    "redirect_uri",
    [
        "https://evil.example/cb",
        "https://claude.ai.evil.example/cb",
        "https://notgoogle.com/cb",
        "https://localhost.evil.example/cb",
    ],
)
async def test_seed_004_registration_refuses_another_host(module_stack, redirect_uri):
    # The whitelist's other side: any other host is refused, naming the URI and the hosts allowed.
    refused = await register(module_stack.base_url, [redirect_uri])
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"] == "invalid_redirect_uri"
    description = refused.json()["error_description"]
    assert redirect_uri in description and "claude.ai" in description and "loopback" in description


def authorize_params(base_url: str, client_id: str, redirect_uri: str, challenge: str) -> dict[str, str]:
    return {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "scope": SCOPE,
        "resource": base_url + RUNFLOW.path,
        "state": "seed-004",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }


async def test_seed_004_a_free_account_sees_the_upgrade_banner_on_consent(module_stack):
    # "Users on Tier 2/3 see a Race-Timing styled consent card ... Free-tier accounts see a Pro
    # upgrade requirement banner."
    base = module_stack.base_url
    email = "free-consent@example.com"
    await new_account(module_stack.backends, email)
    callback = "http://localhost:33418/callback"
    client_id = (await register(base, [callback])).json()["client_id"]
    params = authorize_params(base, client_id, callback, pkce_pair()[1])
    async with httpx2.AsyncClient(base_url=base, follow_redirects=False, timeout=30) as http:
        consent = (await http.get("/mcp/oauth/authorize", params=params)).headers["location"]
        form = await http.get(consent)
        signed_in = await http.post(
            "/signin",
            data={
                "csrf_token": csrf_of(form.text),
                "return_to": consent,
                "email": email,
                "password": "correct horse battery",
            },
        )
        assert signed_in.status_code == 303, signed_in.text
        page = (await http.get(consent)).text

    assert "Kinetic RunFlow needs a paid plan" in page
    assert 'value="approve"' not in page  # only Decline: a token would be refused at the gate


async def test_seed_004_authorize_consent_and_token_exchange_through_the_mcp_oauth_paths(seed):
    """ "GET /mcp/oauth/authorize redirects the browser to /mcp/authorize for user consent", "Approving
    issues a single-use authorization code", "POST /mcp/oauth/token exchanges code and code_verifier
    (S256 PKCE) for a 30-day access token (rf_mcp_...) and 90-day refresh token (rf_mcpr_...)".
    Kinetic's lifetimes and formats are its own (decision 0063): a 15-minute RS256 JWT and a refresh
    token that is single use; the consent page is ``/authorize/<id>``."""
    base = seed.stack.base_url
    callback = "http://localhost:33418/callback"
    client_id = (await register(base, [callback])).json()["client_id"]
    verifier, challenge = pkce_pair()
    params = authorize_params(base, client_id, callback, challenge)
    async with httpx2.AsyncClient(base_url=base, follow_redirects=False, timeout=30) as http:
        started_at = await http.get("/mcp/oauth/authorize", params=params)
        assert started_at.status_code == 303, started_at.text
        consent = started_at.headers["location"]
        assert consent.startswith("/authorize/")
        page = await sign_in(http, consent)
        answer = query_of((await decide(http, consent, page, "approve")).headers["location"])
        assert answer["state"] == "seed-004"
        exchange = {
            "grant_type": "authorization_code",
            "code": answer["code"],
            "client_id": client_id,
            "redirect_uri": callback,
            "code_verifier": verifier,
            "resource": params["resource"],
        }
        tokens = await http.post("/mcp/oauth/token", data=exchange)
        refresh = {
            "grant_type": "refresh_token",
            "refresh_token": tokens.json()["refresh_token"],
            "client_id": client_id,
            "resource": params["resource"],
        }
        refreshed = await http.post("/mcp/oauth/token", data=refresh)
        listed = await rpc(base + RUNFLOW.path, "tools/list", token=refreshed.json()["access_token"])
        # "single-use authorization code": a second exchange is refused, and (RFC 6749 §4.1.2)
        # revokes the grant, so the refresh token issued for the code stops working too.
        replayed = await http.post("/mcp/oauth/token", data=exchange)
        after_replay = await http.post(
            "/mcp/oauth/token", data={**refresh, "refresh_token": refreshed.json()["refresh_token"]}
        )

    assert tokens.status_code == 200, tokens.text
    issued = tokens.json()
    assert issued["token_type"].lower() == "bearer" and issued["scope"] == SCOPE
    assert issued["expires_in"] == 900 and issued["access_token"].count(".") == 2  # a JWT, 15 minutes
    assert refreshed.status_code == 200, refreshed.text
    assert refreshed.json()["refresh_token"] != issued["refresh_token"]  # rotated: single use
    assert listed.status_code == 200 and len(listed.json()["result"]["tools"]) == 31
    assert replayed.status_code == 400 and replayed.json()["error"] == "invalid_grant", replayed.text
    assert after_replay.status_code == 400 and after_replay.json()["error"] == "invalid_grant"


async def test_seed_004_an_mcp_client_given_the_url_alone_connects_by_discovery(seed):
    """ "Add https://runflow.schuelken.uk/mcp as a remote connector URL. Claude will automatically
    discover the OAuth endpoints, open your browser to log into RunFlow, present the consent card,
    and securely obtain tokens via PKCE": the official ``mcp`` client, given RunFlow's URL and
    nothing else, from the seed's 401 challenge (no scope in it: the metadata names ``mcp:full``)."""
    url = seed.stack.base_url + RUNFLOW.path
    person = Person(seed.stack.base_url, "ada@example.com", "correct horse battery")
    storage = MemoryStorage()
    provider = public_client(url, person, storage, "Claude")
    try:
        async with (
            httpx2.AsyncClient(auth=provider, timeout=30) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            listed = (await client.list_tools()).tools
            profile = await client.call_tool("get_athlete_profile", {})
    finally:
        await person.browser.aclose()
    assert len(listed) == 31 and not profile.is_error, profile.content
    assert storage.tokens is not None and storage.tokens.scope == SCOPE


async def test_seed_004_personal_api_key_in_the_authorization_header(seed):
    # "Authorization: Bearer rf_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef":
    # a key as Kinetic issues it has that form exactly, and opens the personal MCP.
    key = seed.runflow.token
    assert re.fullmatch(r"rf_[0-9a-f]{64}", key), key
    async with httpx2.AsyncClient(timeout=30) as http:
        listed = await http.post(
            seed.stack.base_url + RUNFLOW.path,
            headers={**MCP_HEADERS, "Authorization": f"Bearer {key}"},
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )
    assert listed.status_code == 200, listed.text
    assert len(listed.json()["result"]["tools"]) == 31


async def test_seed_004_unauthenticated_request_is_401_with_the_seeds_challenge(module_stack):
    # 'Unauthenticated requests to /mcp return 401 Unauthorized with: WWW-Authenticate: Bearer
    # realm="RunFlow MCP", resource_metadata="https://runflow.schuelken.uk/.well-known/oauth-protected-resource"'
    refused = await rpc(module_stack.base_url + RUNFLOW.path, "tools/list")
    assert refused.status_code == 401, refused.text
    challenge = refused.headers["www-authenticate"]
    match = re.fullmatch(r'Bearer realm="RunFlow MCP", resource_metadata="([^"]+)"', challenge)
    assert match, challenge
    # The URL points to RunFlow's document, at the root with the resource path (RFC 9728 §3.1).
    async with httpx2.AsyncClient(timeout=30) as http:
        document = await http.get(match.group(1))
    assert match.group(1).startswith(module_stack.base_url + "/.well-known/oauth-protected-resource")
    assert document.status_code == 200, document.text
    assert document.json()["resource"] == module_stack.base_url + RUNFLOW.path


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("tools/call", {"name": "get_athlete_profile", "arguments": {}}),
        ("tools/list", None),
        (
            "initialize",
            {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
        ),
    ],
)
async def test_seed_004_free_tier_gets_the_seeds_body_exactly(module_stack, method, params):
    """ "If an account downgrades to a free tier, requests return JSON-RPC error -32002" with the seed's
    body, ``"id": null`` whatever the request's id: decision 0075 keeps the seed's body on its own
    surface (a refusal before any method runs), HTTP 403."""
    account = await new_account(module_stack.backends, f"free-{method.replace('/', '-')}@example.com")
    key = await module_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account, name="runflow", scopes=[SCOPE])
    )
    refused = await rpc(module_stack.base_url + RUNFLOW.path, method, params, token=key.secret, ident=7)
    assert refused.status_code == 403, refused.text
    assert refused.json() == TIER_REFUSAL


async def test_seed_004_an_account_that_downgrades_gets_the_seeds_body(module_stack):
    # "If an account downgrades to a free tier, requests return JSON-RPC error -32002": within the
    # standing's push (decision 0063), not at the credential's expiry.
    account = await new_account(module_stack.backends, "downgrades@example.com")
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account, plan_tier="pro")
    )
    key = (
        await module_stack.backends.auth.CreateApiKey(
            auth_pb2.CreateApiKeyRequest(account_id=account, name="runflow", scopes=[SCOPE])
        )
    ).secret
    url = module_stack.base_url + RUNFLOW.path
    assert (await rpc(url, "tools/list", token=key)).status_code == 200
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account, plan_tier="free")
    )
    await status_becomes(lambda: status_of(url, key), 403)
    refused = await rpc(
        url, "tools/call", {"name": "list_training_plans", "arguments": {}}, token=key, ident=3
    )
    assert refused.status_code == 403 and refused.json() == TIER_REFUSAL
    # The official client hands the refusal to its caller as that request's error, id null or not.
    through_client = await RunFlow(module_stack, key).error("list_training_plans", code=-32002)
    assert through_client.message == TIER_REFUSAL["error"]["message"]  # type: ignore[index]


async def status_of(url: str, key: str) -> int:
    return (await rpc(url, "tools/list", token=key)).status_code


async def test_seed_004_a_credential_without_mcp_full_is_insufficient_scope_not_the_tier_code(seed):
    # "Scopes: mcp:full": a Metric key (scope training) is refused by the OAuth rules, not -32002.
    refused = await rpc(seed.stack.base_url + RUNFLOW.path, "tools/list", token=seed.stack.api_key)
    assert refused.status_code == 403, refused.text
    assert (
        refused.json()["error"] == "insufficient_scope" and "mcp:full" in refused.json()["error_description"]
    )
    assert "-32002" not in refused.text
    challenge = refused.headers["www-authenticate"]
    assert challenge.startswith('Bearer realm="RunFlow MCP", error="insufficient_scope"'), challenge
    assert 'scope="mcp:full"' in challenge


# --- Public PlanGen ------------------------------------------------------------------------------


async def test_seed_004_public_plangen_lists_exactly_its_two_tools_without_credentials(module_stack):
    # "Public Stateless PlanGen MCP: .../mcp/public ... No login or credentials required";
    # "Tools Available: generate_running_plan, export_plan_url".
    listed = await rpc(module_stack.base_url + PUBLIC_PLANGEN_PATH, "tools/list")
    # A client set up for the personal server may send its key here too: it is not read.
    with_a_key = await rpc(module_stack.base_url + PUBLIC_PLANGEN_PATH, "tools/list", token="rf_" + "0" * 64)
    assert listed.status_code == 200, listed.text
    tools = [tool["name"] for tool in listed.json()["result"]["tools"]]
    assert sorted(tools) == ["export_plan_url", "generate_running_plan"]
    assert with_a_key.status_code == 200 and with_a_key.json() == listed.json()


async def test_seed_004_public_plangen_is_rate_limited_to_10_tool_calls_an_hour_per_address(module_stack):
    """ "rate limited to 10 requests / hour / IP": counted in tool calls (tools/list and the handshake
    are free, decision 0066); the 11th is 429 with Retry-After and JSON-RPC -32000 (decision 0075)."""
    url = module_stack.base_url + PUBLIC_PLANGEN_PATH
    first = await rpc(url, "tools/call", {"name": "generate_running_plan", "arguments": HALF})
    assert first.status_code == 200 and first.json()["result"].get("isError") is not True, first.text
    assert first.headers["ratelimit-limit"] == "10"
    remaining = int(first.headers["ratelimit-remaining"])
    for _ in range(remaining):  # spend the rest of the hour's budget
        spent = await rpc(url, "tools/call", {"name": "export_plan_url", "arguments": HALF})
        assert spent.status_code == 200, spent.text
    eleventh = await rpc(url, "tools/call", {"name": "generate_running_plan", "arguments": HALF})
    still_listed = await rpc(url, "tools/list")

    assert eleventh.status_code == 429, eleventh.text
    retry_after = int(eleventh.headers["retry-after"])
    assert 0 < retry_after <= 3600
    assert eleventh.json() == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32000,
            "message": f"RunFlow public MCP: rate limit reached; retry after {retry_after} seconds",
        },
    }
    assert still_listed.status_code == 200


@pytest.mark.parametrize("event", [event.id for event in EVENTS])
async def test_seed_004_public_plangen_generates_each_of_the_17_events(plangen, event):
    # "Anonymous plan generation and instant web export for all 17 race distances and durations."
    plan = await plangen.call(
        "generate_running_plan", {"event": event, "raceDate": RACE_DAY.isoformat(), "weeklyVolumeKm": 50}
    )
    assert len(EVENTS) == 17
    assert plan["event"]["id"] == event
    assert plan["workouts"][-1]["workoutType"] == "RACE"
    assert plan["workouts"][-1]["date"] == RACE_DAY.isoformat()
    assert isinstance(plan["safetyAdvisories"], list)


async def test_seed_004_public_plangen_exports_a_page_that_opens(plangen):
    # "instant web export": export_plan_url answers a link whose page is served.
    exported = await plangen.call("export_plan_url", HALF)
    async with httpx2.AsyncClient(timeout=30) as http:
        page = await http.get(exported["url"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")


# --- 3. Tool suite reference ----------------------------------------------------------------------


async def test_seed_004_the_31_tools_with_the_seeds_annotations(seed):
    """ "Read / Inspection Tools (10 Tools ...)" all ``readOnlyHint: true``; "Atomic Batch & Lifecycle
    Write Tools (21 Tools ...)" ``readOnlyHint: false``, the three deletes ``destructiveHint: true``."""
    tools = {tool.name: tool for tool in await seed.runflow.list_tools()}
    assert sorted(tools) == sorted(READS + WRITES) and len(tools) == 31
    for name, tool in tools.items():
        hints = tool.annotations
        assert hints is not None, name
        assert hints.read_only_hint is (name in READS), name
        assert hints.destructive_hint is (name in DELETES), name


async def test_seed_004_get_training_plan_takes_the_seeds_options(seed):
    """ "get_training_plan: Pulls the active or specified training plan ... Supports
    includeStructuredSteps: false (default when includeAllWorkouts: true), summaryOnly, and sport
    filter"; "list_training_plans ... with workout and snapshot counts"; "list_plan_snapshots ...
    with timestamp, operation, and workout counts"."""
    monday = plan_monday()
    steps = [
        {"type": "interval", "role": "work", "durationSeconds": 1800, "target": {"kind": "rpe", "rpe": 3}}
    ]
    ride = {**run(monday + timedelta(days=1), 20), "sport": "BIKE", "workoutType": "RIDE_ENDURANCE"}
    created = await new_plan(seed, [run(monday, 8, structuredSteps=steps), ride])
    goal_id = created["plan"]["goalId"]
    await seed.runflow("delete_workout", {"workoutId": created["createdWorkoutIds"][1]})
    await seed.runflow("restore_plan_snapshot", {"goalId": goal_id})

    whole = await seed.runflow("get_training_plan", {"goalId": goal_id, "includeAllWorkouts": True})
    with_steps = await seed.runflow(
        "get_training_plan", {"goalId": goal_id, "includeAllWorkouts": True, "includeStructuredSteps": True}
    )
    summary = await seed.runflow("get_training_plan", {"goalId": goal_id, "summaryOnly": True})
    runs = await seed.runflow(
        "get_training_plan", {"goalId": goal_id, "includeAllWorkouts": True, "sport": "RUN"}
    )
    listed = await seed.runflow("list_training_plans", {})
    snapshots = await seed.runflow("list_plan_snapshots", {"goalId": goal_id})

    assert whole["plan"]["goalId"] == goal_id and len(whole["workouts"]) == 2
    assert all("structuredSteps" not in workout for workout in whole["workouts"])
    assert [w["structuredSteps"] for w in with_steps["workouts"] if w["sport"] == "RUN"] == [steps]
    assert summary["plan"]["goalId"] == goal_id and "workouts" not in summary
    assert [w["sport"] for w in runs["workouts"]] == ["RUN"]
    mine = next(plan for plan in listed["plans"] if plan["goalId"] == goal_id)
    assert mine["workoutCount"] == 2 and mine["snapshotCount"] == len(snapshots["snapshots"]) >= 2
    for snapshot in snapshots["snapshots"]:
        assert {"snapshotId", "createdAt", "operation", "workoutCount"} <= set(snapshot), snapshot


async def new_plan(seed: Seed004, workouts: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return await seed.runflow(
        "create_custom_training_plan",
        {
            "name": "Seed 004 plan",
            "sport": "RUN",
            "planStartDate": plan_monday().isoformat(),
            "activate": False,
            "workouts": workouts,
            **extra,
        },
    )


def batch_of(tool: str, count: int, goal_id: str) -> dict[str, Any]:
    """``count`` well-formed items for a batch tool: only the count can be wrong."""
    monday = plan_monday()
    if tool == "import_plan_workouts_batch":
        return {
            "goalId": goal_id,
            "workouts": [run(monday + timedelta(days=n % 60), 5) for n in range(count)],
        }
    if tool == "modify_workouts_batch":
        return {"workouts": [{"workoutId": f"w{n}", "name": "Easy"} for n in range(count)]}
    if tool == "reschedule_workouts_batch":
        return {"moves": [{"workoutId": f"w{n}", "scheduledDate": monday.isoformat()} for n in range(count)]}
    if tool == "mark_workouts_status_batch":
        return {"statuses": [{"workoutId": f"w{n}", "completed": True} for n in range(count)]}
    assert tool == "delete_workouts_batch"
    return {"workoutIds": [f"w{n}" for n in range(count)]}


BATCH_ARGUMENT = {
    "import_plan_workouts_batch": "workouts",
    "modify_workouts_batch": "workouts",
    "reschedule_workouts_batch": "moves",
    "mark_workouts_status_batch": "statuses",
    "delete_workouts_batch": "workoutIds",
}


async def test_seed_004_a_batch_of_200_workouts_is_one_call(seed):
    # "import_plan_workouts_batch: Batch-imports 1..200 workouts"; "create_custom_training_plan ...
    # up to 200 canonical v2 workouts in 1 atomic transaction".
    monday = plan_monday()
    created = await new_plan(seed, [run(monday + timedelta(days=n % 100), 3) for n in range(200)])
    assert len(created["createdWorkoutIds"]) == 200
    empty = await new_plan(seed, [])
    imported = await seed.runflow(
        "import_plan_workouts_batch", batch_of("import_plan_workouts_batch", 200, empty["plan"]["goalId"])
    )
    assert len(imported["importedWorkoutIds"]) == 200


@pytest.mark.parametrize("count", [0, 201])
@pytest.mark.parametrize("tool", list(BATCH_ARGUMENT))
async def test_seed_004_a_batch_outside_1_to_200_is_a_tool_error(seed, tool, count):
    """ "1..200": 0 and 201 items are a tool error naming the argument and the bound (decision 0075:
    input the model can correct is ``isError``, never ``-32002``)."""
    goal_id = (await new_plan(seed, []))["plan"]["goalId"] if tool == "import_plan_workouts_batch" else "g"
    text = tool_error_text(await seed.runflow.post(tool, batch_of(tool, count, goal_id)))
    bound = "200" if count else "1"
    assert text.startswith(BATCH_ARGUMENT[tool]) and bound in text, text
    assert seed.offences(text, tool) == [], text


async def test_seed_004_a_custom_plan_of_201_workouts_is_a_tool_error(seed):
    # "up to 200 canonical v2 workouts".
    monday = plan_monday()
    arguments = {
        "name": "Too long",
        "workouts": [run(monday + timedelta(days=n % 100), 3) for n in range(201)],
    }
    text = tool_error_text(await seed.runflow.post("create_custom_training_plan", arguments))
    assert text.startswith("workouts") and "200" in text, text


async def test_seed_004_weekly_coaching_summary_up_to_1000_characters(seed):
    # "save_weekly_coaching_summary: Creates, updates, or deletes a weekly coaching summary snapshot
    # (up to 1,000 chars)."
    goal_id = (await new_plan(seed, [run(plan_monday(), 8)]))["plan"]["goalId"]
    week = plan_monday().isoformat()
    saved = await seed.runflow(
        "save_weekly_coaching_summary", {"goalId": goal_id, "weekStart": week, "text": "x" * 1000}
    )
    assert saved["goalId"] == goal_id
    text = tool_error_text(
        await seed.runflow.post(
            "save_weekly_coaching_summary", {"goalId": goal_id, "weekStart": week, "text": "x" * 1001}
        )
    )
    assert text.startswith("text") and "1000" in text, text


# --- 4. Safety Advisory Engine ------------------------------------------------------------------


def assert_advisories(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """ "All plan mutations return an array of safetyAdvisory objects": {level, rule, message}."""
    advisories = answer["safetyAdvisories"]
    assert isinstance(advisories, list)
    for advisory in advisories:
        assert advisory["level"] in LEVELS and advisory["rule"] in RULES, advisory
        assert isinstance(advisory["message"], str) and advisory["message"], advisory
    return list(advisories)


def plan_built_to_trigger(rule: str) -> list[dict[str, Any]]:
    monday = plan_monday()
    if rule == "weekly_volume_spike":
        # Four weeks of 16 km (within the engine's 15 km minimum base), then 24 km: +50 % on the
        # prior week AND on the 4-week average.
        steady = [run(monday + timedelta(weeks=w, days=d), 8) for w in range(4) for d in (1, 4)]
        return steady + [run(monday + timedelta(weeks=4, days=d), 8) for d in (1, 3, 5)]
    if rule == "long_run_cap":
        # 20 km of a 40 km week is 50 %, above 35 %.
        easy = [run(monday + timedelta(days=d), 5) for d in (0, 1, 2, 4)]
        return [*easy, run(monday + timedelta(days=6), 20, "LONG")]
    if rule == "consecutive_hard_days":
        return [run(monday + timedelta(days=1), 8, "INTERVALS"), run(monday + timedelta(days=2), 8, "TEMPO")]
    assert rule == "projected_tsb_overload"
    # Two days of 300 TSS each from little fitness drive the form going into the second far below -30.
    return [{**run(monday + timedelta(days=d), 10), "plannedTss": 300} for d in (0, 1)]


LEVEL_OF = {
    "weekly_volume_spike": "warning",
    "long_run_cap": "warning",
    "consecutive_hard_days": "critical",
    "projected_tsb_overload": "critical",
}


@pytest.mark.parametrize("rule", RULES)
async def test_seed_004_each_safety_rule_is_raised_by_a_plan_built_for_it(seed, rule):
    """Section 4's four rules, each from a plan made to trigger it: the advisory's shape and level
    (warning, warning, critical, critical), not the engine's figures (decision 0060)."""
    created = await new_plan(seed, plan_built_to_trigger(rule), lockPlannedTss=True)
    raised = [a for a in assert_advisories(created) if a["rule"] == rule]
    assert raised, created["safetyAdvisories"]
    assert {a["level"] for a in raised} == {LEVEL_OF[rule]}
    if rule == "weekly_volume_spike":  # the fifth week, not the steady ones before it
        assert [a["date"] for a in raised if "running distance" in a["message"]] == [
            (plan_monday() + timedelta(weeks=4)).isoformat()
        ]


async def test_seed_004_every_plan_mutation_answers_safety_advisories(seed):
    """ "All plan mutations return an array of safetyAdvisory objects"; "Every plan mutation ... calls
    createSnapshot(goalId, description, operation) before mutating": each of the 20 plan writes once."""
    monday = plan_monday()
    on = lambda days: (monday + timedelta(days=days)).isoformat()  # noqa: E731
    created = await new_plan(
        seed, [run(monday, 8), run(monday + timedelta(days=2), 8), run(monday + timedelta(days=4), 8)]
    )
    goal_id = created["plan"]["goalId"]
    a, b, c = created["createdWorkoutIds"]
    call = seed.runflow
    answers = {"create_custom_training_plan": created}
    answers["update_training_plan_phases"] = await call(
        "update_training_plan_phases", {"goalId": goal_id, "name": "Renamed"}
    )
    answers["set_active_training_plan"] = await call("set_active_training_plan", {"goalId": goal_id})
    imported = await call(
        "import_plan_workouts_batch", {"goalId": goal_id, "workouts": [run(monday + timedelta(days=5), 6)]}
    )
    answers["import_plan_workouts_batch"] = imported
    answers["modify_workouts_batch"] = await call(
        "modify_workouts_batch", {"workouts": [{"workoutId": a, "name": "Easy A"}]}
    )
    answers["reschedule_workouts_batch"] = await call(
        "reschedule_workouts_batch", {"moves": [{"workoutId": b, "scheduledDate": on(1)}]}
    )
    answers["shift_plan_dates"] = await call("shift_plan_dates", {"goalId": goal_id, "deltaDays": 7})
    answers["mark_workouts_status_batch"] = await call(
        "mark_workouts_status_batch", {"statuses": [{"workoutId": a, "completed": True}]}
    )
    single = await call(
        "create_structured_workout", {"goalId": goal_id, **run(monday + timedelta(days=10), 5)}
    )
    answers["create_structured_workout"] = single
    e = single["workout"]["workoutId"]
    answers["modify_workout"] = await call("modify_workout", {"workoutId": e, "workoutType": "INTERVALS"})
    answers["reschedule_workout"] = await call(
        "reschedule_workout", {"workoutId": e, "scheduledDate": on(11)}
    )
    answers["swap_workouts"] = await call("swap_workouts", {"workoutIds": [b, c]})
    answers["mark_workout_status"] = await call("mark_workout_status", {"workoutId": a, "completed": False})
    answers["recalibrate_thresholds"] = await call(
        "recalibrate_thresholds", {"goalId": goal_id, "ftpWatts": 250}
    )
    answers["save_weekly_coaching_summary"] = await call(
        "save_weekly_coaching_summary", {"goalId": goal_id, "weekStart": on(7), "text": "Steady week."}
    )
    answers["delete_workout"] = await call("delete_workout", {"workoutId": e})
    answers["delete_workouts_batch"] = await call(
        "delete_workouts_batch", {"workoutIds": imported["importedWorkoutIds"]}
    )
    answers["restore_plan_snapshot"] = await call("restore_plan_snapshot", {"goalId": goal_id})
    generated = await call("create_training_plan", {**HALF, "activate": False})
    answers["create_training_plan"] = generated
    answers["delete_training_plan"] = await call(
        "delete_training_plan", {"goalId": generated["plan"]["goalId"], "permanent": True}
    )
    await call(
        "delete_training_plan", {"goalId": goal_id}
    )  # archived: the account keeps no active plan of this test

    assert sorted(answers) == sorted(set(WRITES) - {"log_daily_health"})
    for answer in answers.values():
        assert_advisories(answer)
    # A new plan has nothing to undo, and a permanently deleted one nothing left to restore to; every
    # other write took its snapshot first.
    unsnapshotted = {"create_custom_training_plan", "create_training_plan", "delete_training_plan"}
    assert {tool for tool, answer in answers.items() if not answer["snapshotId"]} == unsnapshotted


# --- 5. Strava API compliance -------------------------------------------------------------------


async def test_seed_004_a_synced_activity_carries_the_compliance_notice(seed):
    """ "For any activity synchronized with Strava (stravaId != null), RunFlow NEVER returns name,
    description ..."; the notice word for word. Kinetic holds a synced activity as one recorded with
    ``source: sync`` and ``external_provider`` (a provider whose terms forbid passing data on; the
    sessions service's flag, decision 0061): the sync writes it so, as this test does."""
    synced = await record(
        seed.stack,
        sport="ride",
        start_time=started(1),
        duration_s=3600,
        distance_m=30000,
        avg_power_w=180,
        normalized_power_w=190,
        name="Morning ride past my house",
        description="Door code 1234",
        source="sync",
        source_app="Strava",
        external_provider=True,
    )
    answer = await seed.runflow("get_recent_activities", {"days": 3})
    assert answer["count"] == len(answer["activities"])
    activity = next(a for a in answer["activities"] if a["activityId"] == synced)
    assert activity["stravaComplianceNotice"] == STRAVA_NOTICE
    assert "name" not in activity and "description" not in activity
    assert "Morning ride" not in str(answer) and "Door code" not in str(answer)
    assert activity["distanceKm"] == 30.0  # Kinetic's own computed figures stay
    # "get_cycling_analytics: ... Strava-scrubbed ridesSeries": the same ride, scrubbed the same way.
    cycling = await seed.runflow("get_cycling_analytics", {"days": 3})
    ride = next(r for r in cycling["ridesSeries"] if r["activityId"] == synced)
    assert ride["stravaComplianceNotice"] == STRAVA_NOTICE and "name" not in ride
    assert ride["npWatts"] == 190 and "Morning ride" not in str(cycling)


# --- Wrong calls (decision 0075) ------------------------------------------------------------------


async def test_seed_004_an_unknown_tool_is_json_rpc_invalid_params(seed):
    # MCP 2025-11-25: an unknown tool is a protocol error, -32602; never the tier's -32002.
    refused = await seed.runflow.post("create_goal", {})
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == -32602 and "create_goal" in error["message"], error
    assert seed.offences(error["message"], "create_goal", ("create_goal",)) == [], error


@pytest.mark.parametrize(
    ("tool", "arguments", "blamed"),
    [
        # The two: a mistyped argument and a plan that is not there.
        ("recalibrate_thresholds", {"ftp": 250}, "ftp"),
        ("get_training_plan", {"goalId": "nope"}, "nope"),
        # Wrong types.
        ("get_fitness_metrics", {"days": "many"}, "days"),
        ("log_daily_health", {"weightKg": "seventy"}, "weightKg"),
        ("mark_workout_status", {"workoutId": "w1", "completed": "yes"}, "completed"),
        # Missing required arguments.
        ("set_active_training_plan", {}, "goalId"),
        ("create_custom_training_plan", {"workouts": []}, "name"),
        ("mark_workout_status", {"workoutId": "w1"}, "completed"),
        ("log_daily_health", {}, "nothing to log"),
        # Out of range.
        ("get_fitness_metrics", {"days": 0}, "days"),
        ("get_recent_activities", {"days": 366}, "days"),
        ("recalibrate_thresholds", {"ftpWatts": 5000}, "ftpWatts"),
        ("shift_plan_dates", {"deltaDays": 0}, "deltaDays"),
        ("swap_workouts", {"workoutIds": ["w1"]}, "workoutIds"),
        # Unknown IDs.
        ("delete_workout", {"workoutId": "nope"}, "nope"),
        ("restore_plan_snapshot", {"snapshotId": "nope"}, "nope"),
        ("set_active_training_plan", {"goalId": "nope"}, "nope"),
        ("modify_workout", {"workoutId": "nope", "name": "Easy"}, "nope"),
        # Impossible or reversed dates.
        ("get_recent_activities", {"startDate": "2026-02-30"}, "startDate"),
        ("get_recent_activities", {"startDate": "2026-03-10", "endDate": "2026-03-01"}, "endDate"),
        ("save_weekly_coaching_summary", {"weekStart": "2026-13-01", "text": "ok"}, "weekStart"),
    ],
)
async def test_seed_004_a_wrong_call_is_a_tool_error_naming_only_runflows_names(
    seed, tool, arguments, blamed
):
    """A wrong argument, a missing one or an unknown ID: a tool result with ``isError: true`` whose
    text names what to fix, using only RunFlow's tools and arguments (decisions 0075, 0076)."""
    response = await seed.runflow.post(tool, arguments)
    text = tool_error_text(response)
    assert blamed in text, text
    assert "-32002" not in text and "Paid Premium" not in text, text
    sent = tuple(str(value) for value in arguments.values()) + tuple(arguments)
    assert seed.offences(text, tool, sent) == [], text


async def test_seed_004_every_missing_argument_is_named_once(seed):
    # create_training_plan without its race day and volume: both named, each once (jsonschema reports
    # a missing name once per name; decision 0076's texts say each thing once).
    text = tool_error_text(await seed.runflow.post("create_training_plan", {"event": "MARATHON"}))
    assert text == "raceDate: is required; weeklyVolumeKm: is required"


@pytest.mark.parametrize(
    ("arguments", "blamed"),
    [
        ({"event": "MARATHON", "weeklyVolumeKm": 50}, "raceDate"),
        ({**HALF, "event": "2K"}, "event"),
        ({**HALF, "raceDate": "2020-01-01"}, "raceDate"),
        ({**HALF, "weeklyVolumeKm": "thirty"}, "weeklyVolumeKm"),
        ({**HALF, "daysPerWeek": 9}, "daysPerWeek"),
    ],
)
@pytest.mark.parametrize("tool", ["generate_running_plan", "export_plan_url"])
async def test_seed_004_a_wrong_public_plangen_call_is_a_tool_error(seed, plangen, tool, arguments, blamed):
    text = tool_error_text(await plangen.tool_call(tool, arguments))
    assert blamed in text and "-32002" not in text, text
    # Only PlanGen's own names: not the personal server's tools, which this path does not have.
    async with (
        httpx2.AsyncClient(timeout=30) as http,
        Client(streamable_http_client(plangen.url, http_client=http)) as client,
    ):
        names = ProfileNames.of((await client.list_tools()).tools)
    sent = tuple(str(value) for value in arguments.values())
    assert offences(text, tool, names, seed.every_tool | names.tools, sent) == [], text


async def test_seed_004_an_unknown_public_plangen_tool_is_json_rpc_invalid_params(plangen):
    refused = await plangen.tool_call("create_custom_training_plan", {})
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == -32602 and "create_custom_training_plan" in error["message"], error
    assert "tools/list" in error["message"], error  # what to do instead


async def test_seed_004_an_access_token_is_as_good_as_a_key(seed):
    # "Dual authentication: OAuth 2.1 ... or Personal API Key (rf_...)": the same tools either way.
    token = await runflow_token(seed.stack)
    by_token = await rpc(seed.stack.base_url + RUNFLOW.path, "tools/list", token=token)
    assert by_token.status_code == 200 and len(by_token.json()["result"]["tools"]) == 31


async def test_seed_004_the_guides_placeholder_key_is_401_saying_the_key_is_not_valid(module_stack):
    # The setup guides' "Bearer rf_YOUR_API_KEY_HERE", pasted unchanged: refused as a credential
    # (401 with the full challenge), never as a tier (-32002).
    refused = await rpc(module_stack.base_url + RUNFLOW.path, "tools/list", token="rf_YOUR_API_KEY_HERE")
    assert refused.status_code == 401, refused.text
    assert refused.json() == {
        "error": "invalid_token",
        "error_description": "the API key is unknown or revoked",
    }
    challenge = refused.headers["www-authenticate"]
    assert challenge.startswith('Bearer realm="RunFlow MCP", error="invalid_token"'), challenge
