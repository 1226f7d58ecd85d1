"""Builds the analytics service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from sqlalchemy import Engine

from kinetic.analytics.v1 import analytics_pb2_grpc, endurance_pb2_grpc
from kinetic.grpc_server import RunningServer, ServerTrust, ServiceBinding, create_server
from kinetic.service_trust import open_channel
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from kinetic.telemetry import grpc_client_interceptors
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.adapters.sessions_feed import SessionsFeed
from services.analytics.adapters.training_feed import TrainingFeed
from services.analytics.entrypoints.endurance_grpc import EnduranceAnalyticsServicer
from services.analytics.entrypoints.grpc import AnalyticsServicer
from services.analytics.service_layer.account_erasure import AccountErasure
from services.analytics.service_layer.catch_up import AccountFeeds, FeedFollower
from services.analytics.service_layer.endurance_queries import EnduranceQueries
from services.analytics.service_layer.projection import apply_change, apply_changes
from services.analytics.service_layer.queries import AnalyticsQueries
from services.analytics.service_layer.training_projection import (
    apply_training_change,
    apply_training_changes,
)

MIGRATIONS = Path(__file__).parent / "migrations"
SERVICE_NAME = "kinetic.analytics.v1.AnalyticsService"
ENDURANCE_SERVICE_NAME = "kinetic.analytics.v1.EnduranceAnalyticsService"
# How often recently read accounts are caught up in the background (decision 0035).
KEEP_UP_SECONDS = 2.0


async def start(
    settings: ServiceSettings,
    *,
    port: int | None = None,
    engine: Engine | None = None,
    sessions_target: str | None = None,
    training_target: str | None = None,
    clock: Callable[[], datetime] | None = None,
) -> RunningServer:
    """Migrate storage, dial the sessions and training feeds and start the gRPC server (``port=0``:
    any free port).

    Sessions and training are reached at ``sessions_target`` and ``training_target``, by default the
    addresses the settings give (``settings.targets``: ``KINETIC_SESSIONS_TARGET`` and
    ``KINETIC_TRAINING_TARGET``, else the local default ports). Channels connect lazily, so
    analytics starts while either is down.
    """
    engine = engine or engine_for(settings)
    upgrade(engine, MIGRATIONS)
    channels = [
        open_channel(target, settings.tls, grpc_client_interceptors())
        for target in (
            sessions_target or settings.targets["sessions"],
            training_target or settings.targets["training"],
        )
    ]
    feeds = AccountFeeds(
        engine,
        FeedFollower(engine, SessionsFeed(channels[0]), apply_change, apply_changes),
        FeedFollower(engine, TrainingFeed(channels[1]), apply_training_change, apply_training_changes),
    )
    now = clock or (lambda: datetime.now(UTC))
    queries = AnalyticsQueries(feeds, MuscleCatalog.load(), now)
    bindings = [
        ServiceBinding(
            AnalyticsServicer(feeds, queries, AccountErasure(feeds)),
            analytics_pb2_grpc.add_AnalyticsServiceServicer_to_server,
            SERVICE_NAME,
        ),
        # The endurance figures (decision 0055): the same feeds, storage and catch-up.
        ServiceBinding(
            EnduranceAnalyticsServicer(EnduranceQueries(feeds, now)),
            endurance_pb2_grpc.add_EnduranceAnalyticsServiceServicer_to_server,
            ENDURANCE_SERVICE_NAME,
        ),
    ]
    running = await create_server(
        bindings, settings.listen_host, settings.port if port is None else port, ServerTrust.of(settings)
    )
    feeds.start_keeping_up(KEEP_UP_SECONDS)
    # The sweep stops first; catch-ups that in-flight reads wait for are cancelled only after the
    # graceful stop, else those reads would fail during a rolling restart (decision 0044).
    running.before_stop.append(feeds.stop_keeping_up)
    running.on_stop.append(feeds.stop)
    running.on_stop.extend(partial(channel.close, None) for channel in channels)
    return running
