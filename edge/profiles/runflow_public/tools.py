"""RunFlow's anonymous PlanGen profile (seed 004): two tools on ``/mcp/runflow/public``, no credentials.

``generate_running_plan`` answers a whole plan as camelCase JSON; ``export_plan_url`` answers a
signed link to a page that shows the same plan (and its iCalendar file). Both take the generator's
arguments, published as its JSON Schema (decision 0065). The caller is nobody: every request is
the same anonymous principal, holding the one scope both tools need. Errors are RunFlow's: a refused
call is a tool error whose text says what to fix, an unknown tool JSON-RPC ``-32602`` (decision
0075); the budget is tool calls per client address per hour (``edge.ratelimit.tool_calls``).
Decision 0066.
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.types import ToolAnnotations

from edge.guard import Principal
from edge.mcp_profile.builder import Profile, ToolSpec
from edge.mcp_profile.errors import RUNFLOW_PUBLIC_ERRORS
from edge.profiles.runflow_public.handlers import PlanGenTools
from kinetic.settings import DEFAULT_PLANGEN_PER_HOUR
from knowledge.plan_generation.schema import REQUEST_SCHEMA

SCOPE = "plangen"
# Every caller of the anonymous path: no account, and the one scope its tools need.
ANONYMOUS = Principal(account_id="anonymous", scopes=frozenset({SCOPE}), credential="none")

INSTRUCTIONS = (
    "Kinetic's public RunFlow PlanGen makes running training plans for 17 races, from the mile to 24 "
    "hours, with no sign-in: generate_running_plan answers the plan (phases, weekly summaries, every "
    "workout with paces and structured steps); export_plan_url answers a link to a printable page with "
    "a weekly volume chart and a calendar file. Both take the same arguments: the event, the race date, "
    "the runner's current weekly kilometres, and optionally the longest recent run, a recent race time, "
    "days per week, experience and a start date. Each client address may call the tools {per_hour} "
    "times an hour (listing tools is free): ask for everything the runner needs in one call. This is "
    "general training guidance, not medical advice. A refused call answers a tool error whose text says "
    "what to fix."
)

DESCRIPTIONS = {
    "generate_running_plan": "Generates a running training plan for one of 17 events (distances and "
    "timed races) from the race date and current weekly volume: phases, weekly summaries (km, long run, "
    "TSS), paces from a recent race or an estimate, and every workout with date, type, distance, "
    "duration, planned TSS and structured steps with pace targets.",
    "export_plan_url": "Generates the same plan and returns a link to a web page that shows it week by "
    "week (readable on a phone, printable, with a chart of weekly volume and long runs) and an "
    "iCalendar download with one all-day event per workout. The link expires after 30 days and holds "
    "no personal data.",
}
TITLES = {"generate_running_plan": "Generate running plan", "export_plan_url": "Export plan link"}


def anonymous(ctx: ServerRequestContext[Any, Any]) -> Principal:
    """Every caller of the public path: no credentials are read."""
    return ANONYMOUS


def public_plangen_profile(tools: PlanGenTools, per_hour: int = DEFAULT_PLANGEN_PER_HOUR) -> Profile:
    """The two tools, read-only (nothing is stored) and deterministic; ``per_hour`` is the budget
    the instructions state."""

    def spec(name: str, handler: Any) -> ToolSpec:
        return ToolSpec(
            name=name,
            title=TITLES[name],
            description=DESCRIPTIONS[name],
            input_schema=REQUEST_SCHEMA,
            annotations=ToolAnnotations(
                title=TITLES[name],
                read_only_hint=True,
                destructive_hint=False,
                idempotent_hint=True,
                open_world_hint=False,
            ),
            scope=SCOPE,
            handler=handler,
        )

    return Profile(
        name="kinetic-runflow-public",
        title="Kinetic RunFlow PlanGen",
        version="1.0.0",
        instructions=INSTRUCTIONS.format(per_hour=per_hour),
        errors=RUNFLOW_PUBLIC_ERRORS,
        tools=(
            spec("generate_running_plan", tools.generate_running_plan),
            spec("export_plan_url", tools.export_plan_url),
        ),
        accepts_log_level=True,
    )
