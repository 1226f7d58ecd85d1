"""The plan page and calendar routes on their own: each link's rendering kept (counted in plans
built, not in time), bounded; a per-address limit with a 429 page; malformed links a 404 that says
so (decision 0068)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.page_cache import MAX_ENTRY_BYTES, Rendered, RenderedPlans
from edge.profiles.runflow_public.plan_view import GeneratedPlan
from edge.profiles.runflow_public.routes import PLAN_PAGES_PER_ADDRESS, plan_page_routes
from edge.ratelimit import ClientAddress, RatePolicy
from edge.ratelimit.local_limiter import LocalRateLimiter
from tests.generated_plans import local_plans

SECRET = b"sixteen-bytes-at-least!"
NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
ARGUMENTS = {"event": "10K", "raceDate": "2027-03-14", "weeklyVolumeKm": 25, "startDate": "2026-12-01"}


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class CountedPlans:
    """Training's generator, counting the plans it builds."""

    def __init__(self) -> None:
        self.built = 0

    def __call__(self, arguments: Mapping[str, Any], today: date) -> Awaitable[GeneratedPlan]:
        self.built += 1
        return local_plans()(arguments, today)


def app(
    links: PlanLinks,
    plans: CountedPlans,
    policy: RatePolicy = PLAN_PAGES_PER_ADDRESS,
    cache: RenderedPlans | None = None,
    hops: int = 0,
) -> TestClient:
    routes = plan_page_routes(
        links, LocalRateLimiter(), ClientAddress(hops), cache=cache, plan_of=plans, policy=policy
    )
    return TestClient(Starlette(routes=routes))


@pytest.fixture
def clock() -> Clock:
    return Clock(NOW)


@pytest.fixture
def links(clock: Clock) -> PlanLinks:
    return PlanLinks(SECRET, clock=clock)


def nonce_of(response: Any) -> str:
    found = re.search(r"script-src 'nonce-([^']+)'", response.headers["content-security-policy"])
    assert found
    return found.group(1)


def test_a_page_and_a_calendar_served_again_build_the_plan_once_each(links: PlanLinks):
    plans = CountedPlans()
    client = app(links, plans)
    token, _ = links.mint(ARGUMENTS, NOW.date())

    pages = [client.get(f"/plans/{token}") for _ in range(3)]
    calendars = [client.get(f"/plans/{token}/plan.ics") for _ in range(3)]

    assert plans.built == 2  # one for the page, one for the calendar, whatever the repeats
    assert all(page.status_code == 200 for page in pages)
    assert all(calendar.content == calendars[0].content for calendar in calendars)
    assert calendars[0].headers["content-disposition"] == 'attachment; filename="kinetic-10k-2027-03-14.ics"'
    # Every response has its own CSP nonce, and the page's script and style carry that one.
    nonces = [nonce_of(page) for page in pages]
    assert len(set(nonces)) == 3
    for page, nonce in zip(pages, nonces, strict=True):
        assert page.text.count(f'nonce="{nonce}"') == 2
        assert "no-store" in page.headers["cache-control"]
    # The page a cached response shows is the page the link renders.
    assert pages[2].text.replace(nonces[2], nonces[0]) == pages[0].text


def test_a_kept_page_is_not_served_once_its_link_has_expired(links: PlanLinks, clock: Clock):
    plans = CountedPlans()
    client = app(links, plans)
    token, expires_at = links.mint(ARGUMENTS, NOW.date())
    assert client.get(f"/plans/{token}").status_code == 200

    clock.now = expires_at + timedelta(seconds=1)
    expired = client.get(f"/plans/{token}")
    expired_calendar = client.get(f"/plans/{token}/plan.ics")

    assert expired.status_code == expired_calendar.status_code == 410
    assert "expired" in expired.text


@pytest.mark.parametrize(
    "token",
    [
        "v1.é.x",
        "v1.%C3%A9%C3%A9.abc",
        "v1.\u202etxt.abc",
        "v1.abc%00.def",
        "v1.abc.def%20",
        "v1..def",
        "v1.a+b.c=",
    ],
)
@pytest.mark.parametrize("suffix", ["", "/plan.ics"])
def test_a_malformed_link_is_a_404_page_that_says_what_a_link_holds(
    links: PlanLinks, token: str, suffix: str
):
    plans = CountedPlans()
    response = app(links, plans).get(f"/plans/{token}{suffix}")

    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "not a plan link Kinetic made" in response.text
    assert plans.built == 0


def test_past_its_budget_an_address_gets_a_429_page_with_retry_after_and_others_do_not(links: PlanLinks):
    plans = CountedPlans()
    client = app(links, plans, policy=RatePolicy("plan_pages", 3, 60), hops=1)
    token, _ = links.mint(ARGUMENTS, NOW.date())
    first = {"X-Forwarded-For": "198.51.100.7"}

    allowed = [client.get(f"/plans/{token}", headers=first) for _ in range(2)]
    allowed.append(client.get(f"/plans/{token}/plan.ics", headers=first))
    refused = client.get(f"/plans/{token}", headers=first)
    forged = client.get("/plans/not-a-link", headers=first)  # refusals of bad links count too
    other = client.get(f"/plans/{token}/plan.ics", headers={"X-Forwarded-For": "203.0.113.9"})

    assert [r.status_code for r in allowed] == [200, 200, 200]
    assert allowed[0].headers["ratelimit-limit"] == "3"
    assert refused.status_code == forged.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.headers["content-type"].startswith("text/html")
    assert "no-store" in refused.headers["cache-control"]
    assert f"Try again in {refused.headers['retry-after']} second" in refused.text
    assert other.status_code == 200


def test_the_cache_holds_at_most_its_entries_and_bytes_least_recently_used_first_out():
    cache = RenderedPlans(max_entries=3, max_bytes=1000)
    for name in "abc":
        cache.put("page", name, Rendered(b"x" * 100))
    assert cache.get("page", "a") is not None  # "a" is now the most recently used
    cache.put("page", "d", Rendered(b"x" * 100))

    assert len(cache) == 3 and cache.get("page", "b") is None
    cache.put("calendar", "e", Rendered(b"y" * 600, "e.ics"))
    assert cache.held_bytes <= 1000 and cache.get("calendar", "e") is not None
    assert cache.get("page", "c") is None  # pushed out by bytes, not by count
    cache.put("page", "huge", Rendered(b"z" * (MAX_ENTRY_BYTES + 1)))
    assert cache.get("page", "huge") is None  # one link never takes a sixteenth of the cache
    cache.put("calendar", "e", Rendered(b"y" * 10, "e.ics"))  # replacing an entry recounts its bytes
    assert cache.held_bytes == sum(
        len(token) + len(r.body) + len(r.filename)
        for (_, token), r in cache._entries.items()  # the invariant itself
    )
