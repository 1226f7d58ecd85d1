"""``GET /plans/{token}`` (the page) and ``GET /plans/{token}/plan.ics`` (the calendar), no credentials.

The token is the whole authority (``links``): a forged or altered one is 404, an expired one 410,
both as a page that says what to do. A valid one regenerates the plan from its inputs with its
issue day as "today" (a few milliseconds; nothing is stored or cached). Responses are not cached by
browsers or proxies and send no ``Referer``: the URL is the key to the page.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from edge.oauth.render import message_page
from edge.problems import EdgeProblem
from edge.profiles.runflow_public.calendar_file import plan_calendar
from edge.profiles.runflow_public.handlers import PLAN_PAGES
from edge.profiles.runflow_public.links import LinkRefused, OpenedLink, PlanLinks
from edge.profiles.runflow_public.page import plan_page
from edge.profiles.runflow_public.planning import plan_for
from kinetic.plan_generator import GeneratedPlan

AGAIN = "Ask your assistant to export the plan again (export_plan_url) for a new link."


def _refusal(refused: LinkRefused) -> Response:
    if refused.expired:
        return message_page("Plan link expired", f"{refused}. {AGAIN}", status=410)
    return message_page("Plan link not valid", f"{refused}. {AGAIN}", status=404)


def _opened(links: PlanLinks, token: str) -> tuple[OpenedLink, GeneratedPlan]:
    opened = links.open(token)
    try:
        return opened, plan_for(opened.arguments, opened.issued)
    except EdgeProblem as problem:  # pragma: no cover - a signed link was a valid plan when minted
        raise LinkRefused(problem.description) from problem


def plan_page_routes(links: PlanLinks) -> list[Route]:
    """The page and the calendar file of a signed link."""

    async def page(request: Request) -> Response:
        token = request.path_params["token"]
        try:
            opened, plan = _opened(links, token)
        except LinkRefused as refused:
            return _refusal(refused)
        return plan_page(plan, f"{PLAN_PAGES}/{token}/plan.ics", opened.expires_at)

    async def calendar(request: Request) -> Response:
        try:
            opened, plan = _opened(links, request.path_params["token"])
        except LinkRefused as refused:
            return _refusal(refused)
        filename = f"kinetic-{plan.event.id.lower()}-{plan.race_day.isoformat()}.ics"
        return Response(
            plan_calendar(plan, opened.issued),
            media_type="text/calendar; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{filename}"',
                "Cache-Control": "no-store",
                "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff",
            },
        )

    return [
        Route(PLAN_PAGES + "/{token}", page, methods=["GET", "HEAD"]),
        Route(PLAN_PAGES + "/{token}/plan.ics", calendar, methods=["GET", "HEAD"]),
    ]
