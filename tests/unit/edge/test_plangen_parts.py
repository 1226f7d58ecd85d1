"""The anonymous PlanGen path's parts: signed links, what counts against the budget, the calendar
file's escaping and folding, and the day the generator judges dates against (decision 0066)."""

from __future__ import annotations

import base64
import json
from datetime import UTC, date, datetime, timedelta

import pytest

from edge.profiles.runflow_public.calendar_file import escape_text, fold, plan_calendar
from edge.profiles.runflow_public.links import LINK_LIFETIME, LinkRefused, PlanLinks
from edge.profiles.runflow_public.page import plan_page
from edge.profiles.runflow_public.planning import earliest_today
from edge.ratelimit.tool_calls import MAX_BODY_TO_PARSE, ToolCallsCounted, counts_against_budget
from knowledge.plan_generation.events import EVENTS, EVENTS_BY_ID
from tests.generated_plans import plan_for

SECRET = b"sixteen-bytes-at-least!"
NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
ARGUMENTS = {"event": "10K", "raceDate": "2027-03-14", "weeklyVolumeKm": 25, "startDate": "2026-12-01"}


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def test_a_link_carries_its_inputs_and_opens_until_it_expires():
    clock = Clock(NOW)
    links = PlanLinks(SECRET, clock=clock)
    token, expires_at = links.mint(ARGUMENTS, NOW.date())

    assert expires_at == NOW + LINK_LIFETIME == datetime(2026, 12, 31, 9, 30, tzinfo=UTC)
    opened = links.open(token)
    assert (dict(opened.arguments), opened.issued, opened.expires_at) == (ARGUMENTS, NOW.date(), expires_at)
    clock.now = expires_at - timedelta(seconds=1)
    assert links.open(token).arguments == ARGUMENTS
    clock.now = expires_at
    with pytest.raises(LinkRefused) as refused:
        links.open(token)
    assert refused.value.expired and "expired on 2026-12-31 09:30 UTC" in str(refused.value)


def test_nothing_but_the_inputs_is_in_a_link_and_every_change_breaks_it():
    links = PlanLinks(SECRET, clock=Clock(NOW))
    token, _ = links.mint(ARGUMENTS, NOW.date())
    version, payload, mac = token.split(".")
    body = json.loads(_decode(payload))
    assert body == {"a": ARGUMENTS, "i": "2026-12-01", "e": int((NOW + LINK_LIFETIME).timestamp())}

    longer = {**body, "e": body["e"] + 86400 * 365}
    forged_payload = _encode(json.dumps(longer, separators=(",", ":"), sort_keys=True).encode())
    for altered in (
        f"{version}.{forged_payload}.{mac}",  # a later expiry under the old MAC
        f"v2.{payload}.{mac}",
        f"{version}.{payload}.{mac[:-1]}{'A' if mac[-1] != 'A' else 'B'}",
        PlanLinks(b"another secret of enough bytes", clock=Clock(NOW)).mint(ARGUMENTS, NOW.date())[0],
        "not-a-token",
        "a.b.c.d",
        "v1." + "x" * 5000 + ".y",
    ):
        with pytest.raises(LinkRefused) as refused:
            links.open(altered)
        assert not refused.value.expired


def test_a_short_secret_is_refused():
    with pytest.raises(ValueError, match="16 bytes"):
        PlanLinks(b"short")


@pytest.mark.parametrize(
    ("body", "counted"),
    [
        (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}', True),
        (b'[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/call"}]', True),
        (b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', False),
        (b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}', False),
        (b'{"jsonrpc":"2.0","id":1,"method":"ping"}', False),
        (b'{"jsonrpc":"2.0","method":"notifications/initialized"}', False),
        (b'{"jsonrpc":"2.0","id":1,"result":{}}', False),  # a client's answer to the server
        (b"not json", True),  # unproven is counted
        (b"[]", True),
        (b'"tools/call"', True),
        (b'{"jsonrpc":"2.0","id":1,"method":["tools/call"]}', True),
    ],
)
def test_only_a_tool_call_or_an_unreadable_body_counts(body, counted):
    assert counts_against_budget(body) is counted


def test_a_body_not_read_whole_counts():
    assert counts_against_budget(b'{"jsonrpc":"2.0","id":1,"method":"ping"}', whole=False)


async def test_the_router_replays_the_whole_body_to_the_app_it_picks():
    seen: dict[str, bytes] = {}

    def recorder(name: str):
        async def app(scope, receive, send):
            chunks = []
            while True:
                message = await receive()
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    break
            seen[name] = b"".join(chunks)

        return app

    async def nothing_sent(message):
        raise AssertionError("the recorders answer nothing")

    router = ToolCallsCounted(recorder("counted"), recorder("free"))
    big = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"' + b"x" * MAX_BODY_TO_PARSE + b'"}}'
    for body, parts in ((b'{"jsonrpc":"2.0","id":1,"method":"ping"}', 1), (big, 8)):
        size = -(-len(body) // parts)
        messages = [
            {"type": "http.request", "body": body[n : n + size], "more_body": n + size < len(body)}
            for n in range(0, len(body), size)
        ]

        async def receive(pending=messages):
            return pending.pop(0)

        seen.clear()
        await router({"type": "http", "method": "POST"}, receive, nothing_sent)
        # Small: parsed and free. Too big to parse: counted, and still handed over whole.
        assert seen == ({"free": body} if parts == 1 else {"counted": body})


def test_calendar_text_is_escaped_and_lines_fold_at_75_octets_without_splitting_a_character():
    assert escape_text("a, b; c\\d\ne") == "a\\, b\\; c\\\\d\\ne"
    line = "DESCRIPTION:" + "é" * 100
    folded = fold(line).split("\r\n")
    assert all(len(part.encode()) <= 75 for part in folded)
    assert all(part.startswith(" ") for part in folded[1:])
    assert "".join(part[1:] if n else part for n, part in enumerate(folded)) == line


def test_one_link_gives_the_same_calendar_bytes_and_every_line_ends_with_crlf():
    plan = plan_for(ARGUMENTS, date(2026, 12, 1))
    first = plan_calendar(plan, date(2026, 12, 1))
    assert first == plan_calendar(plan_for(ARGUMENTS, date(2026, 12, 1)), date(2026, 12, 1))
    assert first.count(b"BEGIN:VEVENT") == len(plan.workouts)
    assert b"\n" not in first.replace(b"\r\n", b"")


def test_today_is_the_earliest_calendar_day_on_earth():
    assert earliest_today(datetime(2026, 12, 1, 11, 59, tzinfo=UTC)) == date(2026, 11, 30)
    assert earliest_today(datetime(2026, 12, 1, 12, 0, tzinfo=UTC)) == date(2026, 12, 1)


@pytest.mark.parametrize("event", [event.id for event in EVENTS])
def test_every_event_renders_as_a_page_and_a_calendar(event: str):
    weekly = max(60.0, EVENTS_BY_ID[event].min_weekly_km)
    race_day = date(2026, 12, 1) + timedelta(weeks=EVENTS_BY_ID[event].max_weeks)
    plan = plan_for(
        {"event": event, "raceDate": race_day.isoformat(), "weeklyVolumeKm": weekly}, date(2026, 12, 1)
    )
    page = bytes(plan_page(plan, "/plans/t/plan.ics", NOW + LINK_LIFETIME).body).decode()
    calendar = plan_calendar(plan, date(2026, 12, 1))
    assert page.count('class="card week"') == len(plan.weeks)
    assert page.count("<rect ") == len(plan.weeks)
    assert calendar.count(b"BEGIN:VEVENT") == len(plan.workouts)
    assert plan.workouts[-1].name in page
