"""AnalyticsService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

import grpc

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from services.analytics.entrypoints import analytics_pb as out
from services.analytics.service_layer.account_erasure import AccountErasure
from services.analytics.service_layer.catch_up import DEFAULT_WAIT_SECONDS, AccountFeeds
from services.analytics.service_layer.queries import AnalyticsQueries

# Kept back from the caller's deadline to answer "still catching up" before the caller gives up.
ANSWER_MARGIN_SECONDS = 0.3


def catch_up_wait(context: grpc.aio.ServicerContext) -> float:
    """How long a read may wait for catching up: within the caller's deadline, if it set one."""
    remaining = context.time_remaining()
    if remaining is None:
        return DEFAULT_WAIT_SECONDS
    return max(0.0, float(remaining) - ANSWER_MARGIN_SECONDS)


class AnalyticsServicer(analytics_pb2_grpc.AnalyticsServiceServicer):
    """Thin adapter from gRPC to the analytics use cases."""

    def __init__(self, feeds: AccountFeeds, queries: AnalyticsQueries, erasure: AccountErasure) -> None:
        self._feeds = feeds
        self._queries = queries
        self._erasure = erasure

    async def EraseAccount(
        self, request: analytics_pb2.EraseAccountRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.EraseAccountResponse:
        return analytics_pb2.EraseAccountResponse(deleted_rows=await self._erasure.erase(request.account_id))

    async def GetFeedPosition(
        self, request: analytics_pb2.GetFeedPositionRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetFeedPositionResponse:
        positions = await self._feeds.catch_up(request.account_id, catch_up_wait(context))
        return analytics_pb2.GetFeedPositionResponse(
            sessions_sequence=positions.sessions, training_sequence=positions.training
        )

    async def GetPersonalRecords(
        self, request: analytics_pb2.GetPersonalRecordsRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetPersonalRecordsResponse:
        answer = await self._queries.personal_records(
            request.account_id,
            list(request.exercise_ids),
            request.formula,
            request.time_zone,
            catch_up_wait(context),
        )
        return out.records_response(answer)

    async def GetProgress(
        self, request: analytics_pb2.GetProgressRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetProgressResponse:
        answer = await self._queries.progress(
            request.account_id,
            request.exercise_id,
            request.metric,
            request.from_day,
            request.to_day,
            request.formula,
            request.time_zone,
            catch_up_wait(context),
        )
        return out.progress_response(answer, columns_only=request.columns_only)

    async def GetFocusBalance(
        self, request: analytics_pb2.GetFocusBalanceRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetFocusBalanceResponse:
        answer = await self._queries.focus_balance(
            request.account_id, request.from_day, request.to_day, request.time_zone, catch_up_wait(context)
        )
        return analytics_pb2.GetFocusBalanceResponse(
            balance=out.balance_message(answer), as_of_sequence=answer.as_of_sequence
        )

    async def GetInsights(
        self, request: analytics_pb2.GetInsightsRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetInsightsResponse:
        answer = await self._queries.insights(
            request.account_id, request.time_zone, request.formula, catch_up_wait(context)
        )
        return out.insights_response(answer)
