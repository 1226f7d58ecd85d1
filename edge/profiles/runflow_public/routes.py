"""``GET /plans/{token}`` (the page) and ``GET /plans/{token}/plan.ics`` (the calendar), no credentials.

The token is the whole authority (``links``): a forged, altered or malformed one is 404, an expired
one 410, both as a page that says what to do. A valid one regenerates the plan from its inputs with
its issue day as "today"; what it renders is kept per link (``page_cache``), so a link opened again
costs its MAC check, not a plan. Each client address may open ``PLAN_PAGES_PER_ADDRESS`` pages and
calendars a minute (trusted proxy hops as everywhere); past that, a 429 page with ``Retry-After``.
Responses are not cached by browsers or proxies and send no ``Referer``: the URL is the key to the
page. Decisions 0066 and 0068.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, request_response
from starlette.types import Receive, Scope, Send

from edge.oauth.render import message_page
from edge.oauth.security import new_nonce
from edge.problems import EdgeProblem
from edge.profiles.runflow_public.calendar_file import plan_calendar
from edge.profiles.runflow_public.handlers import PLAN_PAGES
from edge.profiles.runflow_public.links import LinkRefused, OpenedLink, PlanLinks
from edge.profiles.runflow_public.page import page_response, plan_page_html
from edge.profiles.runflow_public.page_cache import NONCE_STAND_IN, Rendered, RenderedPlans
from edge.profiles.runflow_public.plan_view import GeneratedPlan
from edge.ratelimit import RateLimited, RateLimiter, RatePolicy
from edge.ratelimit.responses import Render

AGAIN = "Ask your assistant to export the plan again (export_plan_url) for a new link."
# Pages and calendars opened per client address per minute, hits and refusals alike (decision 0068).
PLAN_PAGES_PER_ADDRESS = RatePolicy("plan_pages", 60, 60)
CALENDAR_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
# The plan a link's inputs make (``planning.PlanSource``, which asks Training); tests count the calls.
PlanOf = Callable[[Mapping[str, Any], date], GeneratedPlan | Awaitable[GeneratedPlan]]


def _refusal(refused: LinkRefused) -> Response:
    if refused.expired:
        return message_page("Plan link expired", f"{refused}. {AGAIN}", status=410)
    return message_page("Plan link not valid", f"{refused}. {AGAIN}", status=404)


async def too_many_pages(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
    """The limit's refusal as a page, like the link's other refusals, with ``Retry-After``."""
    seconds = f"{retry_after} second{'s' if retry_after != 1 else ''}"
    response = message_page(
        "Too many requests",
        f"This address opened more than {PLAN_PAGES_PER_ADDRESS.limit} plan pages and calendars in a "
        f"minute. Try again in {seconds}.",
        status=429,
    )
    response.headers["Retry-After"] = str(retry_after)
    await response(scope, receive, send)


def _calendar_name(plan: GeneratedPlan) -> str:
    return f"kinetic-{plan.event.id.lower()}-{plan.race_day.isoformat()}.ics"


class PlanPages:
    """Opens a link, then serves its rendered page or calendar from ``cache`` or renders it once."""

    def __init__(self, links: PlanLinks, cache: RenderedPlans, plan_of: PlanOf) -> None:
        self._links = links
        self._cache = cache
        self._plan_of = plan_of

    async def _plan(self, opened: OpenedLink) -> GeneratedPlan:
        try:
            found = self._plan_of(opened.arguments, opened.issued)
            return await found if inspect.isawaitable(found) else found
        except EdgeProblem as problem:
            if problem.status != 400:
                raise  # Training cannot answer now: the edge's 503, not a broken link
            raise LinkRefused(problem.description) from problem  # pragma: no cover - valid when minted

    async def page(self, request: Request) -> Response:
        token = request.path_params["token"]
        try:
            opened = self._links.open(token)
        except LinkRefused as refused:
            return _refusal(refused)
        held = self._cache.get("page", token)
        if held is None:
            try:
                plan = await self._plan(opened)
            except LinkRefused as refused:  # pragma: no cover - see _plan
                return _refusal(refused)
            href = f"{PLAN_PAGES}/{token}/plan.ics"
            held = Rendered(plan_page_html(plan, href, opened.expires_at, NONCE_STAND_IN).encode())
            self._cache.put("page", token, held)
        nonce = new_nonce()
        return page_response(held.body.replace(NONCE_STAND_IN.encode(), nonce.encode()), nonce)

    async def calendar(self, request: Request) -> Response:
        token = request.path_params["token"]
        try:
            opened = self._links.open(token)
        except LinkRefused as refused:
            return _refusal(refused)
        held = self._cache.get("calendar", token)
        if held is None:
            try:
                plan = await self._plan(opened)
            except LinkRefused as refused:  # pragma: no cover - see _plan
                return _refusal(refused)
            held = Rendered(plan_calendar(plan, opened.issued), _calendar_name(plan))
            self._cache.put("calendar", token, held)
        return Response(
            held.body,
            media_type="text/calendar; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{held.filename}"', **CALENDAR_HEADERS},
        )


def plan_page_routes(
    links: PlanLinks,
    limiter: RateLimiter,
    client_address: Callable[[Scope], str | None],
    *,
    cache: RenderedPlans | None = None,
    plan_of: PlanOf,
    policy: RatePolicy = PLAN_PAGES_PER_ADDRESS,
    refusal: Render = too_many_pages,
) -> list[Route]:
    """The page and the calendar file of a signed link, each behind the per-address limit
    (``refusal`` answers past it: ``too_many_pages``, or that remembered by ``edge.flood_gate``)."""
    pages = PlanPages(links, cache if cache is not None else RenderedPlans(), plan_of)

    def limited(endpoint: Callable[[Request], Any]) -> RateLimited:
        return RateLimited(request_response(endpoint), limiter, policy, client_address, refusal)

    return [
        Route(PLAN_PAGES + "/{token}", limited(pages.page), methods=["GET", "HEAD"]),
        Route(PLAN_PAGES + "/{token}/plan.ics", limited(pages.calendar), methods=["GET", "HEAD"]),
    ]
