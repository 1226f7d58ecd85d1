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

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.plans.generated_goal import goal_of
from services.training.plans.generator import (
    GeneratedPlan,
    PlanRequestError,
    generate_plan,
    parse_request,
    plan_json,
    safety_check,
)


def generated_plan(arguments: Any, today: date) -> GeneratedPlan:
    """The plan ``arguments`` ask for, or one ``InvalidArgument`` naming every problem."""
    try:
        return generate_plan(parse_request(arguments, today))
    except PlanRequestError as error:
        raise InvalidArgument(str(error), violations=error.problems) from error


def generate(request: plans_pb2.GeneratePlanRequest) -> plans_pb2.GeneratePlanResponse:
    try:
        arguments = json.loads(request.arguments_json or "{}")
    except json.JSONDecodeError as error:
        raise InvalidArgument.for_field("arguments_json", "not a JSON object") from error
    try:
        today = date.fromisoformat(request.today)
    except ValueError as error:
        raise InvalidArgument(
            "today: not a YYYY-MM-DD day", violations=[FieldViolation("today", "not a YYYY-MM-DD day")]
        ) from error
    activate = True
    if request.as_goal and isinstance(arguments, dict):
        # The personal tool's own arguments, not the generator's.
        activate = bool(arguments.pop("activate", True))
        arguments.pop("idempotencyKey", None)
    plan = generated_plan(arguments, today)
    answer = plan_json(plan)
    if request.with_safety_advisories:
        answer["safetyAdvisories"] = [advisory.as_contract() for advisory in safety_check(plan)]
    return plans_pb2.GeneratePlanResponse(
        plan_json=json.dumps(answer),
        race_distance_meters=plan.race.distance_m,
        race_duration_seconds=plan.race.duration_s,
        goal=goal_of(plan, activate=activate) if request.as_goal else None,
    )
