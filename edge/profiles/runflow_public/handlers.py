"""The two anonymous tools: a plan as JSON, and a signed link to the plan's page (decision 0066).

No principal is read: the path has no credentials. The plan is the generator's JSON (decision
0065's "Output", the shape every plan tool answers with) plus the safety engine's advisories, both
from Training's ``GeneratePlan`` (decision 0096). Arguments passed the published schema already (the
builder checks it); the generator judges how they fit together (a race too close for the event, a
weekly volume too small for it) and every problem comes back in one message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.planning import PlanSource, earliest_today

PLAN_PAGES = "/plans"


def page_url(public_url: str, token: str) -> str:
    return f"{public_url.rstrip('/')}{PLAN_PAGES}/{token}"


def calendar_url(public_url: str, token: str) -> str:
    return f"{page_url(public_url, token)}/plan.ics"


class PlanGenTools:
    """``generate_running_plan`` and ``export_plan_url``; ``plans`` asks Training for a plan;
    ``clock`` is UTC now (tests move it)."""

    def __init__(
        self,
        links: PlanLinks,
        public_url: str,
        plans: PlanSource,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._links = links
        self._public_url = public_url
        self._plans = plans
        self._clock = clock

    async def generate_running_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        """The generator's own answer (decision 0065), with the safety engine's findings on it."""
        return await self._plans.answer(arguments, earliest_today(self._clock()))

    async def export_plan_url(self, principal: Principal, arguments: Arguments) -> Payload:
        today = earliest_today(self._clock())
        plan = await self._plans(arguments, today)
        # The link carries the start date it was judged against, so the page makes this very plan
        # whenever it is opened (the issue day, not the viewing day, is "today" for the generator).
        pinned = {**arguments, "startDate": plan.request.start_date.isoformat()}
        token, expires_at = self._links.mint(pinned, today)
        days = self._links.lifetime.days
        return {
            "url": page_url(self._public_url, token),
            "calendarUrl": calendar_url(self._public_url, token),
            "expiresAt": expires_at.isoformat().replace("+00:00", "Z"),
            "expiresInDays": days,
            "planId": plan.plan_id,
            "event": {"id": plan.event.id, "name": plan.event.name},
            "raceDate": plan.race_day.isoformat(),
            "startDate": plan.first_day.isoformat(),
            "weeks": len(plan.weeks),
            "workouts": len(plan.workouts),
            "note": (
                f"The page shows the plan week by week with a chart of weekly volume and long runs, and "
                f"offers an iCalendar file (one all-day event per workout). The link works for {days} days "
                f"(until {expires_at:%Y-%m-%d}); it carries only the plan's inputs, nothing personal, and "
                f"anyone with it can open the page."
            ),
        }
