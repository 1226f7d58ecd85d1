"""The edge's gRPC channels to the four services, opened and closed by the app's lifespan.

The gym module lives in the sessions service, so its client-facing stub shares that channel.
"""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from kinetic.analytics.v1 import analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from kinetic.sessions.v1 import gyms_pb2_grpc, sessions_pb2_grpc
from kinetic.telemetry import grpc_client_interceptors
from kinetic.training.v1 import training_pb2_grpc

# Deadline for every backend call: a stuck service turns into a 503, not a hung assistant.
CALL_TIMEOUT_SECONDS = 10.0


@dataclass
class Backends:
    """Open channels and stubs, one per service."""

    channels: dict[str, grpc.aio.Channel]
    auth: auth_pb2_grpc.AuthServiceStub
    oauth: oauth_pb2_grpc.OAuthServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    sessions: sessions_pb2_grpc.SessionsServiceStub
    client_workouts: gyms_pb2_grpc.ClientWorkoutServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub

    @classmethod
    def connect(cls, targets: dict[str, str]) -> Backends:
        """Open a channel per service; gRPC connects lazily, so this never blocks."""
        channels = {
            name: grpc.aio.insecure_channel(target, interceptors=grpc_client_interceptors())
            for name, target in targets.items()
        }
        return cls(
            channels=channels,
            auth=auth_pb2_grpc.AuthServiceStub(channels["auth"]),
            oauth=oauth_pb2_grpc.OAuthServiceStub(channels["auth"]),
            training=training_pb2_grpc.TrainingServiceStub(channels["training"]),
            sessions=sessions_pb2_grpc.SessionsServiceStub(channels["sessions"]),
            client_workouts=gyms_pb2_grpc.ClientWorkoutServiceStub(channels["sessions"]),
            analytics=analytics_pb2_grpc.AnalyticsServiceStub(channels["analytics"]),
        )

    async def close(self) -> None:
        """Close every channel."""
        for channel in self.channels.values():
            await channel.close(None)
