"""The services' ``EraseAccount`` RPCs as the outbox's erasers (over gRPC, never their tables).

Auth dials training, sessions and analytics only for this: channels connect lazily, so auth starts
and serves while any of them is down; the outbox simply tries again later.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import grpc

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import TlsSettings
from kinetic.telemetry import grpc_client_interceptors
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.auth.domain.erasure import SERVICES
from services.auth.service_layer.erasure_outbox import Eraser

# A stuck service fails the attempt (and is retried later) rather than holding the outbox.
CALL_TIMEOUT_SECONDS = 10.0


@dataclass
class ServiceErasers:
    """One channel per service and the eraser calling it; ``close`` when auth stops."""

    channels: list[grpc.aio.Channel]
    erasers: dict[str, Eraser]

    async def close(self) -> None:
        for channel in self.channels:
            await channel.close(None)


def dial(targets: Mapping[str, str], tls: TlsSettings | None = None) -> ServiceErasers:
    """Erasers for every service in ``SERVICES`` at ``targets[service]`` (``host:port``), over
    mutual TLS with auth's certificate when ``tls`` is given."""
    channels = {name: open_channel(targets[name], tls, grpc_client_interceptors()) for name in SERVICES}
    training = training_pb2_grpc.TrainingServiceStub(channels["training"])
    sessions = sessions_pb2_grpc.SessionsServiceStub(channels["sessions"])
    analytics = analytics_pb2_grpc.AnalyticsServiceStub(channels["analytics"])

    async def erase_training(account_id: str) -> int:
        request = training_pb2.EraseAccountRequest(account_id=account_id)
        return int((await training.EraseAccount(request, timeout=CALL_TIMEOUT_SECONDS)).deleted_rows)

    async def erase_sessions(account_id: str) -> int:
        request = sessions_pb2.EraseAccountRequest(account_id=account_id)
        return int((await sessions.EraseAccount(request, timeout=CALL_TIMEOUT_SECONDS)).deleted_rows)

    async def erase_analytics(account_id: str) -> int:
        request = analytics_pb2.EraseAccountRequest(account_id=account_id)
        return int((await analytics.EraseAccount(request, timeout=CALL_TIMEOUT_SECONDS)).deleted_rows)

    return ServiceErasers(
        list(channels.values()),
        {"training": erase_training, "sessions": erase_sessions, "analytics": erase_analytics},
    )
