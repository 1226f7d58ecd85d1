"""From tool arguments to a plan, for the tools and the plan page alike (decision 0066).

The generator (decision 0065) is pure and deterministic: the same arguments and the same first
allowed day give the same plan, which is what lets a link carry only the inputs. It runs in
Training (``GeneratePlan``, decision 0096), which stores nothing for it; the edge renders.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

import grpc

from edge.problems import EdgeProblem, from_remote
from edge.profiles.runflow_public.plan_view import GeneratedPlan, plan_view
from kinetic.errors import RemoteError
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2

# The date furthest behind UTC anywhere (UTC-12): an anonymous caller has no time zone, and
# "today" must not refuse a start date that is today where the runner lives.
EARLIEST_OFFSET = timedelta(hours=12)
# Training's GeneratePlan: a request in, the answer out or the ``RemoteError`` it was refused with.
Generate = Callable[[plans_pb2.GeneratePlanRequest], Awaitable[plans_pb2.GeneratePlanResponse]]


def earliest_today(now: datetime) -> date:
    """The calendar day it still is somewhere on Earth at ``now``."""
    return (now.astimezone(UTC) - EARLIEST_OFFSET).date()


def plan_problem(error: RemoteError) -> EdgeProblem:
    """Every problem of a request in one message (``argument: what to fix; ...``), the first named;
    an outage of Training as any backend's."""
    if error.code != grpc.StatusCode.INVALID_ARGUMENT:
        return from_remote(error)
    said = "; ".join(f"{v.field}: {v.description}" for v in error.violations)
    first = error.violations[0].field if error.violations else "arguments"
    return EdgeProblem("invalid_request", f"invalid arguments: {said}", 400, {"field": first})


def over_grpc(stub: Callable[[], Any]) -> Generate:
    """``Generate`` through Training's ``EndurancePlanService`` stub."""

    async def generate(request: plans_pb2.GeneratePlanRequest) -> plans_pb2.GeneratePlanResponse:
        try:
            response: plans_pb2.GeneratePlanResponse = await stub().GeneratePlan(request)
        except grpc.aio.AioRpcError as error:
            raise RemoteError.from_rpc(error) from error
        return response

    return generate


class PlanSource:
    """The plans a link's or a tool's arguments make, asked of Training."""

    def __init__(self, generate: Generate) -> None:
        self._generate = generate

    async def answer(self, arguments: Mapping[str, Any], today: date) -> dict[str, Any]:
        """The generator's answer with the safety engine's advisories: the public tool's payload."""
        return (await self._plan(arguments, today, advisories=True)).answer

    async def __call__(self, arguments: Mapping[str, Any], today: date) -> GeneratedPlan:
        """The plan ``arguments`` ask for, dates judged against ``today``; ``EdgeProblem`` 400 if they
        cannot make one."""
        return await self._plan(arguments, today, advisories=False)

    async def _plan(self, arguments: Mapping[str, Any], today: date, *, advisories: bool) -> GeneratedPlan:
        request = plans_pb2.GeneratePlanRequest(
            arguments_json=json.dumps(dict(arguments)),
            today=today.isoformat(),
            with_safety_advisories=advisories,
        )
        try:
            return plan_view(await self._generate(request))
        except RemoteError as error:
            raise plan_problem(error) from error
