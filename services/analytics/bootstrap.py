"""Builds the analytics service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import grpc
from sqlalchemy import Engine

from kinetic.analytics.v1 import analytics_pb2_grpc
from kinetic.grpc_server import RunningServer, ServiceBinding, create_server
from kinetic.settings import ServiceSettings, service_target
from kinetic.storage import engine_for, upgrade
from kinetic.telemetry import grpc_client_interceptors
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.adapters.sessions_feed import SessionsFeed
from services.analytics.entrypoints.grpc import AnalyticsServicer
from services.analytics.service_layer.catch_up import FeedFollower
from services.analytics.service_layer.queries import AnalyticsQueries

MIGRATIONS = Path(__file__).parent / "migrations"
SERVICE_NAME = "kinetic.analytics.v1.AnalyticsService"


async def start(
    settings: ServiceSettings,
    *,
    port: int | None = None,
    engine: Engine | None = None,
    sessions_target: str | None = None,
    clock: Callable[[], datetime] | None = None,
) -> RunningServer:
    """Migrate storage, dial the sessions feed and start the gRPC server (``port=0``: any free port)."""
    engine = engine or engine_for(settings)
    upgrade(engine, MIGRATIONS)
    channel = grpc.aio.insecure_channel(
        sessions_target or service_target("sessions"), interceptors=grpc_client_interceptors()
    )
    follower = FeedFollower(engine, SessionsFeed(channel))
    queries = AnalyticsQueries(follower, MuscleCatalog.load(), clock or (lambda: datetime.now(UTC)))
    binding = ServiceBinding(
        AnalyticsServicer(follower, queries),
        analytics_pb2_grpc.add_AnalyticsServiceServicer_to_server,
        SERVICE_NAME,
    )
    running = await create_server([binding], settings.listen_host, settings.port if port is None else port)
    running.on_stop.append(lambda: channel.close(None))
    return running
