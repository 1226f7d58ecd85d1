"""EndurancePlanService over gRPC: protobuf in, one use case, protobuf out; requests are read into
commands by ``commands_pb`` and answers rendered by ``plans_pb`` (decisions 0102, 0113)."""

from __future__ import annotations

import grpc

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc as plans_pb2_grpc
from services.training.entrypoints.library_pb import endurance_made_once
from services.training.plans import generation, plans_pb
from services.training.plans.commands_pb import generate_ask, mutate_command, write_command
from services.training.plans.plan_writes import PlanWrites
from services.training.plans.service import EndurancePlans

SERVICE_NAME = "kinetic.training.v1.EndurancePlanService"


class EndurancePlanServicer(plans_pb2_grpc.EndurancePlanServiceServicer):
    """Thin adapter from gRPC to ``EndurancePlans``."""

    def __init__(self, plans: EndurancePlans, writes: PlanWrites) -> None:
        self._plans = plans
        self._writes = writes

    async def GetPlan(self, request: plans_pb2.GetPlanRequest, context: object) -> plans_pb2.GetPlanResponse:
        return plans_pb.plan_response(self._plans.get_plan(plans_pb.plan_query(request)))

    async def ListGoals(
        self, request: plans_pb2.ListGoalsRequest, context: object
    ) -> plans_pb2.ListGoalsResponse:
        return plans_pb.goals_response(self._plans.list_goals(request.account_id, request.status))

    async def ListSnapshots(
        self, request: plans_pb2.ListSnapshotsRequest, context: object
    ) -> plans_pb2.ListSnapshotsResponse:
        return plans_pb.snapshots_response(self._plans.list_snapshots(request.account_id, request.goal_id))

    async def MutatePlan(
        self, request: plans_pb2.MutatePlanRequest, context: grpc.aio.ServicerContext
    ) -> plans_pb2.MutatePlanResponse:
        # Committed only while the caller still waits (decision 0072). Each saved workout's
        # endurance message is made once, for the feed and the answer (0123, third pass).
        with endurance_made_once():
            return plans_pb.mutate_response(
                self._plans.mutate(mutate_command(request), context.time_remaining)
            )

    async def GeneratePlan(
        self, request: plans_pb2.GeneratePlanRequest, context: object
    ) -> plans_pb2.GeneratePlanResponse:
        return generate(request)

    async def WritePlan(
        self, request: plans_pb2.WritePlanRequest, context: grpc.aio.ServicerContext
    ) -> plans_pb2.WritePlanResponse:
        # Committed only while the caller still waits (decision 0072), as MutatePlan.
        with endurance_made_once():
            return plans_pb.write_response(
                await self._writes.write(write_command(request), context.time_remaining)
            )


def generate(request: plans_pb2.GeneratePlanRequest) -> plans_pb2.GeneratePlanResponse:
    """GeneratePlan's handler: the request read, the plan generated, the answer rendered."""
    return plans_pb.generate_response(generation.generate(generate_ask(request)))
