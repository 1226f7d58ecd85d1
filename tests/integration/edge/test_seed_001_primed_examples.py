"""Seed 001 (Primed): its JSON and curl examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0081).

Examples sent: the curl (``Accept: text/event-stream`` and as JSON); the metadata URL at the root;
the five input schema examples as ``tools/call`` arguments, byte for byte: ``get_primed_profile {}``,
``get_today_coaching {"date": "2026-10-14"}`` (the seed's date and today's),
``get_upcoming_training {"start_date": "2026-10-14", "days": 7}``,
``get_training_status {"as_of": "2026-10-14T08:00:00Z"}``, ``get_recent_activity_summary {"days": 7}``,
each answer checked for the seed's output fields, types and enums; the RFC 7807 JSON-RPC error
payload example, exactly, for ``get_today_coaching`` without a token.

Error sentences tested (section 4 and 5): UNAUTHENTICATED 401 (missing, invalid, API key, another
resource's token; an expired one in ``test_seed_001_primed_errors.py``); INSUFFICIENT_SCOPE 403 per
tool, and get_training_status's "coaching or training"; FORBIDDEN 403 (an account suspended in auth);
INVALID_ARGUMENT 400 (malformed dates, dates outside 1900-2999, ``days`` out of 1-14 / 1-28, wrong
types, a bad ``as_of``, an unknown argument); NO_DATA 404 (no training status yet) and 200 (an
empty period); STALE_DATA 200; RATE_LIMITED 429 with Retry-After past 60 a minute per token; "Burst
Allowance: Up to 10 concurrent requests"; DEPENDENCY_UNAVAILABLE 503 with Retry-After (analytics
unreachable); UNSUPPORTED_OPERATION 400 (a write tool).

Not sendable, and why: the ``claude_desktop_config.json`` example is a client configuration that
launches ``npx @modelcontextprotocol/server-sse`` on the athlete's machine, not a request to Kinetic;
what it makes that client send is the curl's POST to the MCP endpoint, which is tested here.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from edge.profiles.primed.tools import ACTIVITIES_READ, COACHING_READ, PROFILE_READ, TRAINING_READ
from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import PRIMED, RUNFLOW
from kinetic.sessions.v1 import endurance_pb2 as sessions_endurance_pb2
from tests.integration.edge.backend_outages import edge_on, free_socket
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.edge.primed_calls import ALL_SCOPES, post_tool_call, primed_token
from tests.integration.edge.test_fair_slots import slow_bodies
from tests.integration.edge.test_primed_tools import schedule_daily_ride

pytestmark = pytest.mark.asyncio(loop_scope="module")


def sse_events(text: str) -> list[dict[str, Any]]:
    """The JSON of each event of a ``text/event-stream`` body (its ``data:`` lines joined)."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        data = [line[len("data:") :].strip() for line in block.split("\n") if line.startswith("data:")]
        if data:
            events.append(json.loads("\n".join(data)))
    return events


# --- seed 001: the curl, and the metadata URL -----------------------------------------------------


async def test_seed_001_curl_with_accept_event_stream_gets_one_event(module_stack):
    token = await primed_token(module_stack)
    # The seed's curl, header for header and byte for byte, with a live token.
    body = """{
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {
      "name": "get_today_coaching",
      "arguments": {}
    }
  }"""
    async with httpx2.AsyncClient(timeout=30) as http:
        streamed = await http.post(
            module_stack.base_url + PRIMED.path,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Accept": "text/event-stream",
            },
            content=body,
        )
        as_json = await http.post(
            module_stack.base_url + PRIMED.path,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
            content=body,
        )

    assert streamed.status_code == 200, streamed.text
    assert streamed.headers["content-type"].startswith("text/event-stream")
    (event,) = sse_events(streamed.text)
    assert event["id"] == 1 and "result" in event, event
    assert as_json.status_code == 200 and as_json.headers["content-type"].startswith("application/json")
    # The same answer either way; not byte for byte, as two calls can straddle a second of the
    # decision's clock.
    answered = as_json.json()["result"]
    assert sorted(answered) == sorted(event["result"]), "the same answer, either way"
    assert answered.get("isError", False) is event["result"].get("isError", False) is False


async def test_seed_001_metadata_url_at_the_root_is_served(module_stack):
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as http:
        # "OAuth Protected Resource Metadata: https://mcp.beprimed.ai/.well-known/oauth-protected-resource"
        root = await http.get("/.well-known/oauth-protected-resource")
        named = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": module_stack.base_url + PRIMED.path}
        )
        unknown = await http.get("/.well-known/oauth-protected-resource", params={"resource": "/nowhere"})

    assert root.status_code == 200, root.text
    assert root.json()["resource"] == module_stack.base_url + PRIMED.path, "Primed is the documented default"
    assert root.json()["authorization_servers"] == [module_stack.base_url]
    assert named.json() == root.json()
    assert unknown.status_code == 404
    assert (
        "resource" in unknown.json()["error_description"]
        and RUNFLOW.path in unknown.json()["error_description"]
    )


# --- seed 001: the five input schema examples, verbatim as tools/call arguments ------------------

TRAINING_STATES = {"productive", "maintaining", "peaking", "recovery", "overloaded"}
RECOVERY_TIERS = {"green", "amber", "red"}
LOAD_STATES = {"optimal", "elevated", "low"}
ACTIONS = {"execute_as_planned", "adapt_session", "substitute_recovery", "rest"}
ISO_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def today() -> date:
    """UTC's day (the module's account lives in UTC), read when a test runs."""
    return datetime.now(UTC).date()


async def call(stack: Any, tool: str, arguments_json: str, *scopes: str) -> dict[str, Any]:
    """The seed's example ``arguments_json``, byte for byte, as a tools/call to ``tool``; its result."""
    response = await post_raw(stack, await primed_token(stack, *scopes), tool, arguments_json)
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result.get("isError", False) is False, result
    payload: dict[str, Any] = result["structuredContent"]
    assert json.loads(result["content"][0]["text"]) == payload
    return payload


async def post_raw(
    stack: Any, token: str | None, tool: str, arguments_json: str, ident: str = "1"
) -> httpx2.Response:
    """A tools/call whose ``arguments`` are ``arguments_json`` as written (not re-serialised)."""
    body = (
        f'{{"jsonrpc": "2.0", "id": {ident}, "method": "tools/call", '
        f'"params": {{"name": "{tool}", "arguments": {arguments_json}}}}}'
    )
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(stack.base_url + PRIMED.path, headers=headers, content=body)


async def record_run(stack: Any, day: date) -> None:
    """A morning run of the module's athlete on ``day``: the training status has data from then on."""
    started = Timestamp()
    started.FromDatetime(datetime.combine(day, time(7, 0), tzinfo=UTC))
    await stack.backends.endurance.RecordActivity(
        sessions_endurance_pb2.RecordActivityRequest(
            account_id=stack.account_id,
            activity=sessions_endurance_pb2.ActivityInput(
                sport="run", start_time=started, duration_s=3600, distance_m=10000, avg_hr=150
            ),
            idempotency_key=f"seed-001-run-{day.isoformat()}",
        )
    )


def assert_session(session: dict[str, Any]) -> None:
    """A session object with the seed's fields and types."""
    assert isinstance(session["title"], str) and isinstance(session["sport"], str)
    assert session["duration_minutes"] is None or isinstance(session["duration_minutes"], int | float)
    assert isinstance(session["target_intensity"], str) and isinstance(session["description"], str)
    assert all(isinstance(step, dict) for step in session.get("intervals", []))


async def test_seed_001_get_primed_profile_example(module_stack):
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=module_stack.account_id, primary_sport="cycling")
    )
    # get_primed_profile Input Schema: {}
    profile = await call(module_stack, "get_primed_profile", "{}", PROFILE_READ)
    # profile_id (string): Pseudonymous athlete identifier.
    assert isinstance(profile["profile_id"], str) and module_stack.account_id not in profile["profile_id"]
    assert profile["display_name"] == "Ada"
    assert ZoneInfo(profile["timezone"]) is not None, "an IANA timezone identifier"
    # primary_sport (string): Main athletic discipline (cycling, running, triathlon).
    assert profile["primary_sport"] == "cycling"
    # account_status (string): Subscription/account status (active, trial).
    assert profile["account_status"] in {"active", "trial"}


@pytest.mark.parametrize("live", [False, True], ids=["seed-date", "live-date"])
async def test_seed_001_get_today_coaching_example(module_stack, live):
    await schedule_daily_ride(module_stack)
    day = today().isoformat() if live else "2026-10-14"
    # get_today_coaching Input Schema: { "date": "2026-10-14" }
    arguments = '{\n  "date": "2026-10-14"\n}'.replace("2026-10-14", day)
    answer = await call(module_stack, "get_today_coaching", arguments, COACHING_READ)
    assert answer["date"] == day and answer["timezone"] == "UTC"
    assert isinstance(answer["decision_id"], str) and answer["decision_id"]
    assert answer["action_type"] in ACTIONS
    for optional in ("session", "changed_from"):
        if optional in answer:
            assert_session(answer[optional])
    assert isinstance(answer.get("reason_summary", ""), str)
    assert isinstance(answer["reason_codes"], list) and all(
        isinstance(c, str) for c in answer["reason_codes"]
    )
    # freshness (object): ISO timestamps of decision generation and underlying data synchronization.
    assert set(answer["freshness"]) == {"decision_generated_at", "data_synced_at"}
    for stamp in answer["freshness"].values():
        assert stamp is None or ISO_INSTANT.match(stamp), stamp
    if live:
        # The live day has the ride the module's calendar plans every day.
        assert answer["session"]["title"] == "Aerobic Base Ride" or answer["changed_from"]["title"] == (
            "Aerobic Base Ride"
        )


async def test_seed_001_get_upcoming_training_example(module_stack):
    await schedule_daily_ride(module_stack)
    # get_upcoming_training Input Schema: { "start_date": "2026-10-14", "days": 7 }
    answer = await call(
        module_stack,
        "get_upcoming_training",
        '{\n  "start_date": "2026-10-14",\n  "days": 7\n}',
        TRAINING_READ,
    )
    assert (answer["start_date"], answer["end_date"], answer["timezone"]) == (
        "2026-10-14",
        "2026-10-20",
        "UTC",
    )
    assert isinstance(answer["sessions"], list)
    for session in answer["sessions"]:
        assert "2026-10-14" <= session["date"] <= "2026-10-20"
        assert isinstance(session["sport"], str) and isinstance(session["title"], str)
        assert isinstance(session.get("duration_minutes", 0), int | float)
        assert isinstance(session.get("description", ""), str)
    # The same call from today lists the ride the calendar plans every day.
    live = await call(
        module_stack,
        "get_upcoming_training",
        json.dumps({"start_date": today().isoformat(), "days": 7}),
        TRAINING_READ,
    )
    assert [s["date"] for s in live["sessions"]] == [
        (today() + timedelta(days=n)).isoformat() for n in range(7)
    ]
    assert {s["title"] for s in live["sessions"]} == {"Aerobic Base Ride"}


async def test_seed_001_get_training_status_example(module_stack):
    await record_run(module_stack, date(2026, 10, 12))
    # get_training_status Input Schema: { "as_of": "2026-10-14T08:00:00Z" }
    answer = await call(
        module_stack, "get_training_status", '{\n  "as_of": "2026-10-14T08:00:00Z"\n}', TRAINING_READ
    )
    assert answer["as_of"] == "2026-10-14T08:00:00Z"
    assert answer["training_state"] in TRAINING_STATES
    assert answer["recovery_status"] in RECOVERY_TIERS
    assert answer["load_status"] in LOAD_STATES
    assert isinstance(answer["drivers"], list)
    assert all(isinstance(d["summary"], str) for d in answer["drivers"])
    assert answer["data_freshness"] is None or ISO_INSTANT.match(answer["data_freshness"])


async def test_seed_001_get_recent_activity_summary_example(module_stack):
    # get_recent_activity_summary Input Schema: { "days": 7 }
    answer = await call(module_stack, "get_recent_activity_summary", '{\n  "days": 7\n}', ACTIVITIES_READ)
    assert answer["period"] == {
        "start_date": (today() - timedelta(days=6)).isoformat(),
        "end_date": today().isoformat(),
    }
    summary = answer["summary"]
    assert isinstance(summary["completed_sessions"], int)
    assert isinstance(summary["total_duration_minutes"], int | float)
    assert isinstance(summary["sports"], list)
    assert (
        isinstance(answer["activities"], list) and len(answer["activities"]) == summary["completed_sessions"]
    )


# --- seed 001: the error payload example, and the error table ------------------------------------


async def test_seed_001_error_payload_example_is_sent_for_todays_coaching_without_a_token(module_stack):
    # The RFC 7807 JSON-RPC Error Payload Example: get_today_coaching called without a token.
    response = await post_raw(module_stack, None, "get_today_coaching", "{}")
    assert response.status_code == 401
    assert response.json() == {
        "jsonrpc": "2.0",
        "error": {
            "code": -32001,
            "message": "Authentication required to access today coaching decision",
            "data": {
                "code": "UNAUTHENTICATED",
                "message": "Authentication required to access today coaching decision",
            },
        },
        "id": 1,
    }
    assert list(response.json()) == ["jsonrpc", "error", "id"], "in the seed's order, too"
    assert "resource_metadata=" in response.headers["www-authenticate"]


@pytest.mark.parametrize(
    ("tool", "reads"),
    [
        ("get_primed_profile", "athlete profile"),
        ("get_upcoming_training", "upcoming training"),
        ("get_training_status", "training status"),
        ("get_recent_activity_summary", "recent activity summary"),
    ],
)
async def test_seed_001_unauthenticated_message_names_what_the_tool_reads(module_stack, tool, reads):
    response = await post_raw(module_stack, None, tool, "{}", ident='"other-tool"')
    assert response.status_code == 401
    error = response.json()["error"]
    assert error["message"] == error["data"]["message"] == f"Authentication required to access {reads}"
    assert response.json()["id"] == "other-tool"


async def athlete_token(stack: Any, account_id: str, *scopes: str) -> str:
    """A Primed access token for another athlete of the module's stack."""
    response = await stack.backends.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=stack.base_url + PRIMED.path, scopes=list(scopes or ALL_SCOPES)
        )
    )
    return str(response.access_token)


def refusal(response: httpx2.Response, status: int, code: str) -> str:
    """The refusal's message, after checking the seed's shape: HTTP ``status``, -32001, ``data.code``."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == -32001 and error["data"]["code"] == code, error
    assert error["data"]["message"] == error["message"]
    message: str = error["message"]
    return message


@pytest.mark.parametrize(
    ("credential", "says"),
    [
        ("not-a-token", "signature"),
        ("api-key", "API keys"),
        ("other-resource", "another resource"),
    ],
)
async def test_seed_001_unauthenticated_is_401_for_an_invalid_token(module_stack, credential, says):
    # UNAUTHENTICATED | 401 | Missing or invalid OAuth Bearer token | Re-authenticate via OAuth flow
    token = {
        # A real token's header and claims under a signature that is not Kinetic's.
        "not-a-token": (await primed_token(module_stack)).rsplit(".", 1)[0] + ".c2lnbmF0dXJl",
        "api-key": module_stack.api_key,
        "other-resource": await module_stack.access_token(),
    }[credential]
    response = await post_raw(module_stack, token, "get_today_coaching", "{}")
    message = refusal(response, 401, "UNAUTHENTICATED")
    assert message.startswith("Authentication required to access today coaching decision: "), message
    assert says in message


TOOL_SCOPES = [
    ("get_primed_profile", "{}", PROFILE_READ),
    ("get_today_coaching", "{}", COACHING_READ),
    ("get_upcoming_training", "{}", TRAINING_READ),
    ("get_recent_activity_summary", "{}", ACTIVITIES_READ),
]


@pytest.mark.parametrize(("tool", "arguments", "scope"), TOOL_SCOPES)
async def test_seed_001_insufficient_scope_is_403_naming_the_scope(module_stack, tool, arguments, scope):
    # INSUFFICIENT_SCOPE | 403 | Token lacks required scope for tool | Request consent for the scope
    others = tuple(s for s in ALL_SCOPES if s != scope)
    response = await post_raw(module_stack, await primed_token(module_stack, *others), tool, arguments)
    message = refusal(response, 403, "INSUFFICIENT_SCOPE")
    assert tool in message and scope in message
    allowed = await post_raw(module_stack, await primed_token(module_stack, scope), tool, arguments)
    assert allowed.status_code == 200, allowed.text


async def test_seed_001_get_training_status_takes_the_coaching_or_the_training_scope(module_stack):
    # get_training_status | Required Scope(s): primed:coaching:read or primed:training:read
    await record_run(module_stack, date(2026, 10, 12))
    arguments = '{"as_of": "2026-10-14T08:00:00Z"}'
    for scope in (COACHING_READ, TRAINING_READ):
        answer = await call(module_stack, "get_training_status", arguments, scope)
        assert answer["recovery_status"] in RECOVERY_TIERS
    token = await primed_token(module_stack, PROFILE_READ, ACTIVITIES_READ)
    message = refusal(
        await post_raw(module_stack, token, "get_training_status", arguments), 403, "INSUFFICIENT_SCOPE"
    )
    assert COACHING_READ in message and TRAINING_READ in message


async def test_seed_001_forbidden_is_403_for_a_suspended_account(module_stack):
    # FORBIDDEN | 403 | Athlete account suspended or restricted | Contact Primed support
    account_id = await new_account(module_stack.backends, "suspended@example.com")
    token = await athlete_token(module_stack, account_id)
    before = await post_raw(module_stack, token, "get_primed_profile", "{}")
    assert before.status_code == 200, before.text
    # Accounts are suspended in auth (Account.account_status), as Kinetic's support would.
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, account_status="suspended")
    )
    for tool, arguments, _ in TOOL_SCOPES:
        message = refusal(await post_raw(module_stack, token, tool, arguments), 403, "FORBIDDEN")
        assert "suspended" in message and "support" in message


@pytest.mark.parametrize(
    ("tool", "arguments", "field", "says"),
    [
        ("get_today_coaching", '{"date": "14/10/2026"}', "date", "YYYY-MM-DD"),
        ("get_today_coaching", '{"date": "2026-02-30"}', "date", "not a date"),
        ("get_today_coaching", '{"date": 20261014}', "date", "string"),
        ("get_upcoming_training", '{"start_date": "tomorrow", "days": 7}', "start_date", "YYYY-MM-DD"),
        ("get_upcoming_training", '{"start_date": "2026-10-14", "days": 0}', "days", "1"),
        ("get_upcoming_training", '{"start_date": "2026-10-14", "days": 15}', "days", "14"),
        ("get_upcoming_training", '{"days": "7"}', "days", "integer"),
        ("get_upcoming_training", '{"days": 7.5}', "days", "integer"),
        ("get_recent_activity_summary", '{"days": 0}', "days", "1"),
        ("get_recent_activity_summary", '{"days": 29}', "days", "28"),
        ("get_training_status", '{"as_of": "yesterday"}', "as_of", "ISO 8601"),
        ("get_training_status", '{"as_of": "2026-13-01T08:00:00Z"}', "as_of", "ISO 8601"),
        ("get_primed_profile", '{"athlete_id": "someone-else"}', "athlete_id", "athlete_id"),
        # Dates the coaching engine has no days for: refused by name, not overflowing past 9999.
        ("get_today_coaching", '{"date": "9999-12-31"}', "date", "1900 to 2999"),
        ("get_today_coaching", '{"date": "20261014"}', "date", "YYYY-MM-DD"),
        ("get_upcoming_training", '{"start_date": "9999-12-31", "days": 14}', "start_date", "1900 to 2999"),
        ("get_upcoming_training", '{"start_date": "0001-01-01"}', "start_date", "1900 to 2999"),
        ("get_training_status", '{"as_of": "9999-12-31T23:59:59-12:00"}', "as_of", "1900 to 2999"),
        ("get_training_status", '{"as_of": "2999-12-31T23:00:00-12:00"}', "as_of", "1900 to 2999"),
        ("get_training_status", '{"as_of": "2026-10-14T08:00:00+25:00"}', "as_of", "ISO 8601"),
    ],
)
async def test_seed_001_invalid_argument_is_400_naming_the_argument(
    module_stack, tool, arguments, field, says
):
    # INVALID_ARGUMENT | 400 | Argument validation failure (e.g. malformed date) | Check input formats
    response = await post_raw(module_stack, await primed_token(module_stack), tool, arguments)
    message = refusal(response, 400, "INVALID_ARGUMENT")
    assert response.json()["error"]["data"].get("field") == field, response.text
    assert says in message, message
    for other in {
        "get_primed_profile",
        "get_today_coaching",
        "get_upcoming_training",
        "get_training_status",
    } - {tool}:
        assert other not in message


async def test_seed_001_no_data_is_404_for_a_status_and_200_for_an_empty_period(module_stack):
    # NO_DATA | 200 / 404 | No coaching decision or workouts recorded for period | Rest day or
    # onboarding pending
    account_id = await new_account(module_stack.backends, "onboarding@example.com")
    token = await athlete_token(module_stack, account_id)
    message = refusal(await post_raw(module_stack, token, "get_training_status", "{}"), 404, "NO_DATA")
    assert "onboarding pending" in message
    empty = await post_raw(module_stack, token, "get_recent_activity_summary", '{"days": 7}')
    assert empty.status_code == 200
    assert empty.json()["result"]["structuredContent"]["summary"]["completed_sessions"] == 0
    rest = await post_raw(module_stack, token, "get_today_coaching", "{}")
    assert rest.status_code == 200 and rest.json()["result"]["structuredContent"]["action_type"] == "rest"
    calendar = await post_raw(module_stack, token, "get_upcoming_training", "{}")
    assert calendar.status_code == 200 and calendar.json()["result"]["structuredContent"]["sessions"] == []


async def test_seed_001_stale_data_is_a_200_answer_marked_stale(module_stack):
    # STALE_DATA | 200 | Wearable sync delayed; cached decision returned | Advise user to sync wearable
    await record_run(module_stack, date(2026, 10, 12))
    answer = await call(
        module_stack, "get_training_status", '{"as_of": "2026-10-20T08:00:00Z"}', TRAINING_READ
    )
    assert answer["data_status"]["code"] == "STALE_DATA"
    assert "sync their wearable" in answer["data_status"]["message"]
    assert answer["recovery_status"] in RECOVERY_TIERS, "the answer stands"


async def test_seed_001_rate_limited_is_429_with_retry_after_past_60_a_minute(module_stack):
    # RATE_LIMITED | 429 | Rate limit exceeded | Back off and retry after cooldown
    # "Standard Quota: 60 requests per minute per authenticated athlete token."
    token = await primed_token(module_stack, PROFILE_READ)
    for n in range(60):
        response = await post_raw(module_stack, token, "get_primed_profile", "{}", ident=str(n))
        assert response.status_code == 200, (n, response.text)
    refused = await post_raw(module_stack, token, "get_primed_profile", "{}", ident="61")
    message = refusal(refused, 429, "RATE_LIMITED")
    seconds = int(refused.headers["retry-after"])
    assert 1 <= seconds <= 60 and "retry" in message
    assert refused.json()["id"] == 61


async def test_seed_001_burst_allowance_is_10_concurrent_requests(module_stack):
    # "Burst Allowance: Up to 10 concurrent requests." Ten requests whose bodies have not finished
    # arriving hold the token's ten slots; an eleventh is refused at once with RATE_LIMITED.
    token = await primed_token(module_stack, PROFILE_READ)
    async with slow_bodies(module_stack.base_url, PRIMED.path, 10, token):
        # The ten may still be in the guard when slow_bodies returns: ask until one is refused.
        for _ in range(40):
            eleventh = await post_raw(module_stack, token, "get_primed_profile", "{}", ident="11")
            if eleventh.status_code != 200:
                break
    message = refusal(eleventh, 429, "RATE_LIMITED")
    assert eleventh.headers["retry-after"] == "1" and message.endswith("retry after 1 second"), message
    assert "at most 10 of this credential's requests run together" in message, "not the minute's budget"
    # The ten gone, the same token is served again.
    answered = await post_raw(module_stack, token, "get_primed_profile", "{}")
    assert answered.status_code == 200, answered.text


async def test_seed_001_dependency_unavailable_is_503_with_retry_after(module_stack):
    # DEPENDENCY_UNAVAILABLE | 503 | Upstream service temporarily unavailable | Retry after brief delay
    # A second edge on the same services, but with analytics at an address nothing answers.
    dead, sock = free_socket(), free_socket()
    targets = {**module_stack.settings.targets, "analytics": f"127.0.0.1:{dead.getsockname()[1]}"}
    try:
        async with edge_on(targets, module_stack.base_url, sock):
            token = await primed_token(module_stack)
            url = f"http://127.0.0.1:{sock.getsockname()[1]}{PRIMED.path}"
            response = await post_tool_call(url, token, "get_recent_activity_summary", {"days": 7})
            calendar = await post_tool_call(url, token, "get_upcoming_training", {"days": 7})
    finally:
        dead.close()
        sock.close()
    message = refusal(response, 503, "DEPENDENCY_UNAVAILABLE")
    assert int(response.headers["retry-after"]) >= 1 and "retry" in message
    assert calendar.status_code == 200, "the calendar does not need analytics"


@pytest.mark.parametrize("tool", ["update_training_plan", "delete_activity", "log_workout"])
async def test_seed_001_unsupported_operation_is_400_for_a_write(module_stack, tool):
    # UNSUPPORTED_OPERATION | 400 | Client requested write/mutation in read-only V1 | Advise user that
    # V1 is read-only. Kinetic answers any tool outside the five read-only tools with it.
    response = await post_raw(module_stack, await primed_token(module_stack), tool, '{"plan_id": "p1"}')
    message = refusal(response, 400, "UNSUPPORTED_OPERATION")
    assert tool in message and "read-only" in message, message
