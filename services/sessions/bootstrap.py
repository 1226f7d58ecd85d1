"""Builds the sessions service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

from kinetic.grpc_server import RunningServer, ServiceBinding, create_server
from kinetic.sessions.v1 import sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from services.sessions.entrypoints.grpc import SessionsServicer
from services.sessions.service_layer.feed import ChangeFeed

MIGRATIONS = Path(__file__).parent / "migrations"
SERVICE_NAME = "kinetic.sessions.v1.SessionsService"


async def start(
    settings: ServiceSettings, *, port: int | None = None, engine: Engine | None = None
) -> RunningServer:
    """Migrate storage and start the gRPC server (``port=0`` picks a free port)."""
    engine = engine or engine_for(settings)
    upgrade(engine, MIGRATIONS)
    binding = ServiceBinding(
        SessionsServicer(ChangeFeed(engine)),
        sessions_pb2_grpc.add_SessionsServiceServicer_to_server,
        SERVICE_NAME,
    )
    return await create_server([binding], settings.listen_host, settings.port if port is None else port)
