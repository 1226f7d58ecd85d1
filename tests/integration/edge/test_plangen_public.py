"""The anonymous PlanGen path on the real edge app: no credentials, stateless, both tools, an error
that says what to fix for bad input, and the exported link's page and calendar file (decision 0066).
The 429s are in test_plangen_rate_limit.py."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import httpx2
import icalendar
import pytest

from edge.profiles.runflow_public.links import PlanLinks
from tests.integration.edge.plangen_calls import HALF, LINK_SECRET, RACE_DAY, PublicEdge, public_edge
from tests.integration.edge.runflow_calls import tool_error_text


@pytest.fixture
async def edge():
    async with public_edge() as running:
        yield running


async def test_without_credentials_the_two_tools_are_listed_with_the_generators_schema(edge: PublicEdge):
    initialize = await edge.post(
        "initialize",
        {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    )
    listed = await edge.post("tools/list")

    assert initialize.status_code == 200
    assert "mcp-session-id" not in initialize.headers  # stateless: nothing to carry between requests
    result = initialize.json()["result"]
    assert result["serverInfo"]["name"] == "kinetic-runflow-public"
    assert "10 times an hour" in result["instructions"]
    tools = {tool["name"]: tool for tool in listed.json()["result"]["tools"]}
    assert set(tools) == {"generate_running_plan", "export_plan_url"}
    for tool in tools.values():
        assert tool["annotations"]["readOnlyHint"] is True
        schema = tool["inputSchema"]
        assert {"event", "raceDate", "weeklyVolumeKm"} <= set(schema["required"])
        assert len(schema["properties"]["event"]["enum"]) == 17


async def test_generate_running_plan_answers_the_whole_plan_in_camel_case(edge: PublicEdge):
    plan = await edge.call("generate_running_plan", {**HALF, "daysPerWeek": 5})

    assert plan["event"]["id"] == "HALF_MARATHON"
    assert plan["inputs"]["raceDate"] == RACE_DAY.isoformat()
    assert plan["inputs"]["daysPerWeek"] == 5
    assert len(plan["weeks"]) >= 8
    assert {phase["name"] for phase in plan["phases"]} >= {"base", "taper"}
    workouts = plan["workouts"]
    assert workouts[-1]["workoutType"] == "RACE" and workouts[-1]["date"] == RACE_DAY.isoformat()
    assert [w["date"] for w in workouts] == sorted(w["date"] for w in workouts)
    first = workouts[0]
    assert set(first) >= {"date", "workoutType", "name", "description", "distanceM", "durationS"}
    assert "paceLowSecondsPerKm" in str(first["structuredSteps"])
    assert plan["safetyAdvisories"] == []  # the generator holds its plans to the safety engine
    # The weekly summaries are the workouts added up.
    week_one = plan["weeks"][0]
    monday = date.fromisoformat(week_one["weekStart"])
    in_week = [w for w in workouts if monday <= date.fromisoformat(w["date"]) < monday + timedelta(days=7)]
    assert week_one["plannedKm"] == pytest.approx(sum(w["distanceM"] for w in in_week) / 1000, abs=0.1)


async def test_the_same_arguments_give_the_same_plan(edge: PublicEdge):
    first = await edge.call("generate_running_plan", HALF)
    again = await edge.call("generate_running_plan", HALF)
    assert first == again


async def test_every_problem_of_a_bad_request_is_named_in_one_tool_error(edge: PublicEdge):
    soon = (date.today() + timedelta(days=10)).isoformat()
    too_little = {"event": "MARATHON", "raceDate": soon, "weeklyVolumeKm": 5}
    refused = await edge.tool_call("generate_running_plan", too_little)
    message = await edge.refusal("export_plan_url", too_little)

    # A tool error (HTTP 200, isError) the model reads and corrects: decision 0075.
    text = tool_error_text(refused)
    assert "weeklyVolumeKm" in text and "raceDate" in text
    assert message == text


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"raceDate": RACE_DAY.isoformat(), "weeklyVolumeKm": 30}, "event"),
        ({**HALF, "event": "ULTRA_SPRINT"}, "event"),
        ({**HALF, "raceDate": "next spring"}, "raceDate"),
        ({**HALF, "weeklyVolumeKm": -3}, "weeklyVolumeKm"),
        ({**HALF, "daysPerWeek": 9}, "daysPerWeek"),
        ({**HALF, "favouriteColour": "blue"}, "favouriteColour"),
    ],
)
async def test_a_bad_argument_is_refused_naming_it(edge: PublicEdge, arguments, named):
    refused = await edge.tool_call("generate_running_plan", arguments)
    assert named in tool_error_text(refused)


async def test_an_unknown_tool_is_the_protocol_error_invalid_params_and_get_is_405(edge: PublicEdge):
    unknown = await edge.tool_call("get_athlete_profile", {})
    through_client = await edge.protocol_error("get_athlete_profile", {})
    malformed = await edge.post("tools/call", {"arguments": {}})  # no tool name: the SDK's own -32602
    async with httpx2.AsyncClient(timeout=10) as http:
        get = await http.get(edge.url, headers={"Accept": "text/event-stream"})
    assert unknown.status_code == 400
    assert unknown.json()["error"]["code"] == -32602  # MCP's; -32002 is the paid-tier gate's (0075)
    assert "unknown tool" in unknown.json()["error"]["message"]
    assert through_client.code == -32602 and malformed.json()["error"]["code"] == -32602
    assert get.status_code == 405 and get.headers["allow"] == "POST, HEAD, OPTIONS"


async def test_the_exported_link_opens_the_plans_page_and_its_calendar_file(edge: PublicEdge):
    exported = await edge.call("export_plan_url", HALF)
    plan = await edge.call("generate_running_plan", HALF)

    assert exported["url"].startswith(edge.base_url + "/plans/v1.")
    assert exported["expiresInDays"] == 30
    expires = datetime.fromisoformat(exported["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(days=29, hours=23) < expires - datetime.now(UTC) <= timedelta(days=30)
    assert exported["planId"] == plan["planId"] and exported["workouts"] == len(plan["workouts"])
    async with httpx2.AsyncClient(timeout=10) as http:
        page = await http.get(exported["url"])
        calendar = await http.get(exported["calendarUrl"])

    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "no-store" in page.headers["cache-control"]
    html = page.text
    assert '<meta name="viewport"' in html and "@media print" in html and "<svg" in html
    assert html.count('class="card week"') == len(plan["weeks"])
    assert all(w["name"] in html for w in plan["workouts"][:5])

    assert calendar.status_code == 200
    assert calendar.headers["content-type"].startswith("text/calendar")
    events = icalendar.Calendar.from_ical(calendar.content).walk("VEVENT")
    assert len(events) == len(plan["workouts"])
    for event, workout in zip(events, plan["workouts"], strict=True):
        start = event.decoded("DTSTART")
        assert not isinstance(start, datetime)  # an all-day event: a date, no time
        assert start.isoformat() == workout["date"]
        assert event.decoded("DTEND") == start + timedelta(days=1)
        assert str(event["SUMMARY"]) == workout["name"]
        assert workout["description"] in str(event["DESCRIPTION"])
    assert len({str(event["UID"]) for event in events}) == len(events)


async def test_a_link_opened_again_gives_the_same_calendar(edge: PublicEdge):
    exported = await edge.call("export_plan_url", HALF)
    async with httpx2.AsyncClient(timeout=10) as http:
        first = await http.get(exported["calendarUrl"])
        again = await http.get(exported["calendarUrl"])
    assert first.content == again.content  # stable UIDs and DTSTAMP: a re-import updates, not doubles


async def test_an_altered_link_is_404_and_an_expired_one_410(edge: PublicEdge):
    exported = await edge.call("export_plan_url", HALF)
    payload = exported["url"].rsplit("/", 1)[1].split(".")[1]
    other = exported["url"].replace(payload, payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB"))
    month_ago = datetime.now(UTC) - timedelta(days=31)
    stale, _ = PlanLinks(LINK_SECRET.encode(), clock=lambda: month_ago).mint(
        {**HALF, "startDate": month_ago.date().isoformat()}, month_ago.date()
    )
    foreign, _ = PlanLinks(b"another edge's secret, not ours").mint(HALF, date.today())
    async with httpx2.AsyncClient(base_url=edge.base_url, timeout=10) as http:
        altered = await http.get(other)
        expired = await http.get(f"/plans/{stale}")
        expired_calendar = await http.get(f"/plans/{stale}/plan.ics")
        unsigned = await http.get(f"/plans/{foreign}")
        garbage = await http.get("/plans/not-a-link")

    assert altered.status_code == unsigned.status_code == garbage.status_code == 404
    assert "not one Kinetic made" in altered.text
    assert expired.status_code == expired_calendar.status_code == 410
    assert "expired" in expired.text and "export_plan_url" in expired.text


async def test_a_browser_client_of_a_trusted_origin_may_call_and_an_untrusted_one_may_not(edge: PublicEdge):
    async with httpx2.AsyncClient(timeout=10) as http:
        preflight = await http.options(
            edge.url, headers={"Origin": "https://muse.ai", "Access-Control-Request-Method": "POST"}
        )
        untrusted = await http.options(
            edge.url, headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}
        )
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == "https://muse.ai"
    assert untrusted.status_code == 403 and untrusted.json()["error"] == "untrusted_origin"


def deep_arrays(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "body",
    # Thousands deep, yet under the path's 8 KiB body cap (a longer body is refused unread, 413).
    [
        deep_arrays(3_000),
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"generate_running_plan",'
        '"arguments":{"event":' + deep_arrays(3_000) + "}}}",
        '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":' + '{"a":' * 1_200 + "1" + "}" * 1_201,
        deep_arrays(65),  # one level past the limit: under the SDK's own, so the edge's answers
    ],
    ids=["arrays", "in-arguments", "objects", "just-too-deep"],
)
async def test_json_nested_too_deep_is_a_json_rpc_parse_error_naming_the_depth(edge: PublicEdge, body: str):
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(
            edge.url,
            content=body,
            headers={"Accept": "application/json, text/event-stream", "Content-Type": "application/json"},
        )
    assert response.status_code == 400, response.text[:300]
    error = response.json()["error"]
    assert error["code"] == -32700  # JSON-RPC's parse error; -32002 is RunFlow's, for its refusals
    assert "levels deep; at most 64 are accepted" in error["message"]


async def test_registration_metadata_nested_too_deep_is_a_400_naming_the_depth(edge: PublicEdge):
    # Under /register's 16 KiB cap: 8 000 levels of arrays.
    async with httpx2.AsyncClient(base_url=edge.base_url, timeout=30) as http:
        response = await http.post(
            "/register",
            content='{"redirect_uris":' + deep_arrays(8_000) + "}",
            headers={"Content-Type": "application/json"},
        )
    assert response.status_code == 400, response.text[:300]
    assert response.json()["error"] == "invalid_client_metadata"
    assert "8001 levels deep" in response.json()["error_description"]


@pytest.mark.parametrize("path", ["/plans/v1.\u00e9t\u00e9.abc", "/plans/v1.%E2%80%AEx.y/plan.ics"])
async def test_a_plan_link_with_characters_no_link_has_is_a_404_page_saying_so(edge: PublicEdge, path: str):
    async with httpx2.AsyncClient(base_url=edge.base_url, timeout=10) as http:
        response = await http.get(path)
    assert response.status_code == 404
    assert "a plan link holds only letters" in response.text
