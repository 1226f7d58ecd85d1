"""From tool arguments to a plan, for the tools and the plan page alike (decision 0066).

The generator (``kinetic.plan_generator``, decision 0065) is pure and deterministic: the same
arguments and the same first allowed day give the same plan, which is what lets a link carry
only the inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

from edge.problems import EdgeProblem
from kinetic.plan_generator import GeneratedPlan, PlanRequestError, generate_plan, parse_request

# The date furthest behind UTC anywhere (UTC-12): an anonymous caller has no time zone, and
# "today" must not refuse a start date that is today where the runner lives.
EARLIEST_OFFSET = timedelta(hours=12)


def earliest_today(now: datetime) -> date:
    """The calendar day it still is somewhere on Earth at ``now``."""
    return (now.astimezone(UTC) - EARLIEST_OFFSET).date()


def plan_problem(error: PlanRequestError) -> EdgeProblem:
    """Every problem of a request in one message (``argument: what to fix; ...``), the first named."""
    first = error.problems[0].field if error.problems else "arguments"
    return EdgeProblem("invalid_request", f"invalid arguments: {error}", 400, {"field": first})


def plan_for(arguments: Mapping[str, Any], today: date) -> GeneratedPlan:
    """The plan ``arguments`` ask for, dates judged against ``today``; ``EdgeProblem`` 400 if they
    cannot make one."""
    try:
        return generate_plan(parse_request(arguments, today))
    except PlanRequestError as error:
        raise plan_problem(error) from error
