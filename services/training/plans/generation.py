"""GeneratePlan: the running plan generator (decision 0065) behind Training's API, storing nothing.

The generator lives in Training since Training owns plan writes (decision 0096); RunFlow's public
builder, which stores nothing, asks for a plan here. The arguments arrive as the tool received them
(JSON) and every problem comes back in one ``InvalidArgument`` whose violations are the argument
paths, so the edge words the refusal as it always has.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from kinetic.errors import InvalidArgument
from services.training.domain.planned_stress import Thresholds
from services.training.plans.answers import GeneratedAnswer
from services.training.plans.commands import GenerateAsk
from services.training.plans.generator import (
    GeneratedPlan,
    PlanRequestError,
    generate_plan,
    parse_request,
    plan_json,
    safety_check,
)
from services.training.plans.generator.paces import vdot_for_threshold_pace

# The generator's refusal of its arguments, told apart from a refusal of the write it is part of.
PLAN_REQUEST_INVALID = "PLAN_REQUEST_INVALID"


def generated_plan(arguments: Any, today: date, athlete_vdot: float | None = None) -> GeneratedPlan:
    """The plan ``arguments`` ask for (paces from ``athlete_vdot`` when known), or one
    ``InvalidArgument`` naming every problem."""
    try:
        return generate_plan(parse_request(arguments, today), athlete_vdot)
    except PlanRequestError as error:
        raise InvalidArgument(str(error), reason=PLAN_REQUEST_INVALID, violations=error.problems) from error


def generated_goal(ask: GenerateAsk, athlete_vdot: float | None = None) -> tuple[GeneratedPlan, bool]:
    """The plan an ask asks for, to store as a new goal, and whether that goal is to be active
    (unless the arguments' ``activate`` is false); its paces from the athlete's VDOT when known
    (issue 30). The entrypoint makes the goal's ``CreateGoal`` (``generated_goal_pb``)."""
    arguments, today = _arguments(ask)
    # The personal tool's own arguments, not the generator's.
    activate = bool(arguments.pop("activate", True))
    arguments.pop("idempotencyKey", None)
    plan = generated_plan(arguments, today, athlete_vdot)
    return plan, activate


def athlete_vdot(known: Thresholds) -> float | None:
    """The VDOT a signed-in athlete's plan is paced from (issue 30): the profile's VDOT (the one its
    zone targets resolve to), else the VDOT of their threshold pace, else None (the plan estimates)."""
    if known.vdot is not None and known.vdot > 0:
        return known.vdot
    if known.threshold_pace_seconds_per_km is not None and known.threshold_pace_seconds_per_km > 0:
        return vdot_for_threshold_pace(known.threshold_pace_seconds_per_km)
    return None


def generate(ask: GenerateAsk) -> GeneratedAnswer:
    if ask.as_goal:
        plan, activate = generated_goal(ask)
    else:
        plan, activate = generated_plan(*_arguments(ask)), None
    answer = plan_json(plan)
    if ask.with_safety_advisories:
        answer["safetyAdvisories"] = [advisory.as_contract() for advisory in safety_check(plan)]
    return GeneratedAnswer(plan, json.dumps(answer), activate)


def _arguments(request: GenerateAsk) -> tuple[dict[str, Any], date]:
    try:
        arguments = json.loads(request.arguments_json or "{}")
    except json.JSONDecodeError as error:
        raise InvalidArgument.for_field("arguments_json", "not a JSON object") from error
    if not isinstance(arguments, dict):
        raise InvalidArgument.for_field("arguments_json", "not a JSON object")
    try:
        today = date.fromisoformat(request.today)
    except ValueError as error:
        raise InvalidArgument.for_field("today", "not a YYYY-MM-DD day") from error
    return arguments, today
