"""Builds the sessions service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from kinetic.grpc_server import RunningServer, ServerTrust, ServiceBinding, create_server
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from kinetic.telemetry import grpc_client_interceptors
from kinetic.training.v1 import training_pb2_grpc
from services.sessions.adapters.awaited_waits import AwaitedCalls
from services.sessions.adapters.client_progress import SqlClientProgress
from services.sessions.adapters.training_occurrences import TrainingOccurrences
from services.sessions.endurance.adapters.account_erasure import delete_endurance_rows
from services.sessions.endurance.bootstrap import build_endurance
from services.sessions.endurance.domain.activity_rules import MAX_FILE_BYTES
from services.sessions.endurance.entrypoints.grpc import endurance_binding
from services.sessions.entrypoints.grpc import ExerciseGates, ModuleGates, SessionsServicer
from services.sessions.gyms.adapters.account_erasure import delete_client_rows
from services.sessions.gyms.bootstrap import build_gym_module
from services.sessions.gyms.entrypoints.grpc import gym_bindings
from services.sessions.service_layer.account_erasure import AccountErasure
from services.sessions.service_layer.feed import ChangeFeed
from services.sessions.service_layer.gym_directory import GymDirectory
from services.sessions.service_layer.session_lifecycle import SessionLifecycle
from services.sessions.service_layer.session_logging import PerformanceLog
from services.sessions.service_layer.session_occurrences import OccurrenceMarker
from services.sessions.service_layer.session_queries import SessionQueries
from services.sessions.service_layer.session_support import Clock, utc_now
from services.sessions.workout_log.adapters.account_erasure import delete_log_rows
from services.sessions.workout_log.adapters.training_exercises import TrainingExercises
from services.sessions.workout_log.bootstrap import build_workout_log
from services.sessions.workout_log.entrypoints.grpc import workout_log_binding

MIGRATIONS = Path(__file__).parent / "migrations"
# An activity file may be 64 MiB (decision 0054); the rest of ImportActivityFileRequest is small.
MAX_REQUEST_BYTES = MAX_FILE_BYTES + 1024 * 1024
SERVICE_NAME = "kinetic.sessions.v1.SessionsService"


@dataclass
class SessionsApp:
    """Everything the sessions service's entrypoints use."""

    engine: Engine
    feed: ChangeFeed
    lifecycle: SessionLifecycle
    log: PerformanceLog
    queries: SessionQueries
    erasure: AccountErasure
    awaited: AwaitedCalls

    def servicer(self, gates: ModuleGates, exercise_gates: ExerciseGates | None = None) -> SessionsServicer:
        """The SessionsService servicer over these use cases, checking gym modules with ``gates``
        (and LogPerformance's with ``exercise_gates``, when they answer for the same directory)."""
        return SessionsServicer(
            self.feed,
            self.lifecycle,
            self.log,
            self.queries,
            gates,
            self.erasure,
            exercise_gates,
            self.awaited,
        )


def prepare(
    engine: Engine, occurrences: OccurrenceMarker, gyms: GymDirectory, clock: Clock = utc_now
) -> SessionsApp:
    """Migrate storage and build the use cases."""
    upgrade(engine, MIGRATIONS)
    return SessionsApp(
        engine=engine,
        feed=ChangeFeed(engine),
        lifecycle=SessionLifecycle(engine, gyms, occurrences, clock),
        log=PerformanceLog(engine, gyms, clock),
        queries=SessionQueries(engine, clock, gyms),
        # The gym client's, the workout log's and the endurance records' rows too.
        erasure=AccountErasure(engine, [delete_client_rows, delete_log_rows, delete_endurance_rows]),
        # LogPerformance's PostgreSQL waits are awaited (decision 0119).
        awaited=AwaitedCalls(engine),
    )


async def start(
    settings: ServiceSettings,
    *,
    port: int | None = None,
    engine: Engine | None = None,
    clock: Clock = utc_now,
    training_target: str | None = None,
    gyms: GymDirectory | None = None,
) -> RunningServer:
    """Migrate storage and start the gRPC server (``port=0`` picks a free port).

    Training is reached at ``training_target``, by default the address the settings give
    (``settings.targets``: ``KINETIC_TRAINING_TARGET``, else ``KINETIC_TRAINING_PORT`` on loopback).
    ``gyms`` replaces the gym module's directory for the session use cases (tests use a double).
    """
    engine = engine or engine_for(settings)
    channel = open_channel(
        training_target or settings.targets["training"], settings.tls, grpc_client_interceptors()
    )
    training = training_pb2_grpc.TrainingServiceStub(channel)
    occurrences = TrainingOccurrences(training)
    # The gym admin and client APIs (docs/decisions/0018); the client reads see the session core's progress.
    gym_module = build_gym_module(engine, clock, SqlClientProgress(engine))
    app = prepare(engine, occurrences, gyms or gym_module.directory, clock)
    bindings = [
        ServiceBinding(
            app.servicer(
                gym_module.client.check_access,
                # Only over the gym module's own directory: a replaced one answers for itself.
                gym_module.client.check_access_with_exercise if gyms is None else None,
            ),
            sessions_pb2_grpc.add_SessionsServiceServicer_to_server,
            SERVICE_NAME,
        ),
        *gym_bindings(gym_module),
        # The workout log (decision 0049): workouts are sessions of this store.
        # It asks training for the account's own exercises when words name none of the catalog's.
        workout_log_binding(build_workout_log(engine, TrainingExercises(training), clock)),
        # The endurance records (decision 0054): activities, thresholds, readiness.
        endurance_binding(build_endurance(engine, clock)),
    ]
    running = await create_server(
        bindings,
        settings.listen_host,
        settings.port if port is None else port,
        ServerTrust.of(settings),
        max_receive_bytes=MAX_REQUEST_BYTES,
    )

    async def close_channel() -> None:
        await channel.close(None)

    running.on_stop.append(close_channel)
    return running
