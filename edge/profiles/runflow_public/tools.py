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

from edge.guard import Principal
from edge.mcp_profile.builder import Profile
from edge.mcp_profile.errors import RUNFLOW_PUBLIC_ERRORS
from edge.mcp_profile.rows import Method, ToolRow, bind, hints
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

# Nothing is stored and the same arguments make the same plan.
READS = hints(read_only=True, destructive=False, idempotent=True)

TOOLS: tuple[ToolRow[Method], ...] = (
    ToolRow(
        name="generate_running_plan",
        title="Generate running plan",
        description="Generates a running training plan for one of 17 events (distances and timed races) "
        "from the race date and current weekly volume: phases, weekly summaries (km, long run, TSS), "
        "paces from a recent race or an estimate, and every workout with date, type, distance, "
        "duration, planned TSS and structured steps with pace targets.",
        input_schema=REQUEST_SCHEMA,
        annotations=READS,
        scope=SCOPE,
        handler=PlanGenTools.generate_running_plan,
    ),
    ToolRow(
        name="export_plan_url",
        title="Export plan link",
        description="Generates the same plan and returns a link to a web page that shows it week by week "
        "(readable on a phone, printable, with a chart of weekly volume and long runs) and an "
        "iCalendar download with one all-day event per workout. The link expires after 30 days and "
        "holds no personal data.",
        input_schema=REQUEST_SCHEMA,
        annotations=READS,
        scope=SCOPE,
        handler=PlanGenTools.export_plan_url,
    ),
)


def anonymous(ctx: ServerRequestContext[Any, Any]) -> Principal:
    """Every caller of the public path: no credentials are read."""
    return ANONYMOUS


def public_plangen_profile(tools: PlanGenTools, per_hour: int = DEFAULT_PLANGEN_PER_HOUR) -> Profile:
    """The two tools, read-only (nothing is stored) and deterministic; ``per_hour`` is the budget
    the instructions state."""
    return Profile(
        name="kinetic-runflow-public",
        title="Kinetic RunFlow PlanGen",
        version="1.0.0",
        instructions=INSTRUCTIONS.format(per_hour=per_hour),
        errors=RUNFLOW_PUBLIC_ERRORS,
        tools=bind(TOOLS, tools),
        accepts_log_level=True,
    )
