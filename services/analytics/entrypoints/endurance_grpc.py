"""EnduranceAnalyticsService over gRPC: protobuf in, one use case, protobuf out (decision 0055)."""

from __future__ import annotations

import grpc

from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from knowledge.plan_safety import GoalRace
from services.analytics.entrypoints import coaching_pb as coaching
from services.analytics.entrypoints import endurance_pb as out
from services.analytics.entrypoints import plan_safety_pb as plans
from services.analytics.entrypoints.grpc import catch_up_wait
from services.analytics.service_layer.endurance_queries import EnduranceQueries


class EnduranceAnalyticsServicer(endurance_pb2_grpc.EnduranceAnalyticsServiceServicer):
    """Thin adapter from gRPC to the endurance reads."""

    def __init__(self, queries: EnduranceQueries) -> None:
        self._queries = queries

    async def GetTrainingLoad(
        self, request: endurance_pb2.GetTrainingLoadRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetTrainingLoadResponse:
        answer = await self._queries.training_load(
            request.account_id, request.from_day, request.to_day, request.time_zone, catch_up_wait(context)
        )
        return out.training_load_response(answer)

    async def ListActivityStress(
        self, request: endurance_pb2.ListActivityStressRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.ListActivityStressResponse:
        answer = await self._queries.activity_stress(
            request.account_id,
            request.from_day,
            request.to_day,
            request.time_zone,
            list(request.sports),
            catch_up_wait(context),
        )
        return out.activity_stress_response(answer)

    async def GetAthleteFigures(
        self, request: endurance_pb2.GetAthleteFiguresRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetAthleteFiguresResponse:
        answer = await self._queries.athlete_figures(
            request.account_id, request.day, request.time_zone, catch_up_wait(context)
        )
        return out.athlete_figures_response(answer)

    async def GetPowerCurve(
        self, request: endurance_pb2.GetPowerCurveRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetPowerCurveResponse:
        answer = await self._queries.power_curve(
            request.account_id, request.from_day, request.to_day, request.time_zone, catch_up_wait(context)
        )
        return out.power_curve_response(answer)

    async def ListReadinessHistory(
        self, request: endurance_pb2.ListReadinessHistoryRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.ListReadinessHistoryResponse:
        answer = await self._queries.readiness_history(
            request.account_id, request.from_day, request.to_day, catch_up_wait(context)
        )
        return out.readiness_response(answer)

    async def GetDailyDecision(
        self, request: endurance_pb2.GetDailyDecisionRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetDailyDecisionResponse:
        planned = coaching.planned_sessions(request.planned)
        answer = await self._queries.daily_decision(
            request.account_id, request.day, request.time_zone, planned, catch_up_wait(context)
        )
        return coaching.decision_response(answer)

    async def GetTrainingStatus(
        self, request: endurance_pb2.GetTrainingStatusRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetTrainingStatusResponse:
        answer = await self._queries.training_status(
            request.account_id, coaching.as_of(request), request.time_zone, catch_up_wait(context)
        )
        return coaching.status_response(answer)

    async def EvaluatePlanSafety(
        self, request: endurance_pb2.EvaluatePlanSafetyRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.EvaluatePlanSafetyResponse:
        answer = await self._queries.plan_safety(
            request.account_id,
            request.time_zone,
            [plans.plan_load(workout) for workout in request.workouts],
            catch_up_wait(context),
            request.first_weekday,
            request.min_sessions_sequence,
            GoalRace(request.generated_race_type) if request.generated_race_type else None,
        )
        return plans.safety_response(answer)

    async def AssessCompletion(
        self, request: endurance_pb2.AssessCompletionRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.AssessCompletionResponse:
        answer = await self._queries.completion(
            request.account_id,
            request.time_zone,
            request.planned.planned_tss,
            request.activity_id,
            catch_up_wait(context),
        )
        return plans.completion_response(answer)

    async def GetPlanningContext(
        self, request: endurance_pb2.GetPlanningContextRequest, context: grpc.aio.ServicerContext
    ) -> endurance_pb2.GetPlanningContextResponse:
        answer = await self._queries.planning_context(
            request.account_id,
            request.time_zone,
            request.first_weekday,
            request.with_figures,
            catch_up_wait(context),
            request.min_sessions_sequence,
        )
        return plans.planning_context_response(answer)
