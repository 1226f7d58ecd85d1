"""AnalyticsService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

import grpc

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from services.analytics.service_layer.catch_up import FeedFollower


class AnalyticsServicer(analytics_pb2_grpc.AnalyticsServiceServicer):
    """Thin adapter from gRPC to the analytics use cases."""

    def __init__(self, sessions: FeedFollower) -> None:
        self._sessions = sessions

    async def GetFeedPosition(
        self, request: analytics_pb2.GetFeedPositionRequest, context: grpc.aio.ServicerContext
    ) -> analytics_pb2.GetFeedPositionResponse:
        position = await self._sessions.catch_up(request.account_id)
        return analytics_pb2.GetFeedPositionResponse(sessions_sequence=position)
