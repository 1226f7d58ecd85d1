"""Training's ``GeneratePlan`` for tests of the public builder's parts that run no server: the
handler itself (``services.training.plans.plans_grpc.generate``) called in the test's process, its
refusal read back as the edge reads one off the wire (decision 0096). The stacks use the real RPC."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import date
from typing import Any

from edge.profiles.runflow_public.plan_view import GeneratedPlan
from edge.profiles.runflow_public.planning import PlanSource
from kinetic.errors import DomainError, RemoteError
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.plans.plans_grpc import generate


async def _in_process(request: plans_pb2.GeneratePlanRequest) -> plans_pb2.GeneratePlanResponse:
    try:
        return generate(request)
    except DomainError as error:
        raise RemoteError(
            error.code, error.message, error.reason, error.violations, error.metadata
        ) from error


def local_plans() -> PlanSource:
    """A ``PlanSource`` on Training's handler, in process."""
    return PlanSource(_in_process)


def plan_for(arguments: Mapping[str, Any], today: date) -> GeneratedPlan:
    """The plan ``arguments`` make, outside any event loop."""
    return asyncio.run(local_plans()(arguments, today))
