"""Helpers for session tests: a gym directory test double, real servers on port 0, request builders.

``GymDirectoryDouble`` stands in for the gym module's directory, which is being written at the same
time as the session core (services/sessions/gyms/adapters/directory.py). It implements the
``GymDirectory`` protocol over in-memory dictionaries so session tests can say which plan days and
exercises an account's client may use; the gym module's own tests cover the real directory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest

from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc, workout_log_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2_grpc
from services.sessions.bootstrap import start as start_sessions
from services.sessions.service_layer.gym_directory import PlanDay, PlannedExercise, VisibleExercise
from services.training.bootstrap import start as start_training
from tests.integration.training.library_support import SettableClock

ACCOUNT = "11111111-1111-4111-8111-111111111111"
OTHER_ACCOUNT = "22222222-2222-4222-8222-222222222222"
COMPANY = "c0ffee000000000000000001"
PLAN = "64b64c0f2f5f4c0012340001"
PUSH_DAY = "64b64c0f2f5f4c0012340002"
WOD_DAY = "64b64c0f2f5f4c0012340003"
BENCH = "64b64c0f2f5f4c0012345679"
DEADLIFT = "64b64c0f2f5f4c001234567a"
HIDDEN = "64b64c0f2f5f4c001234567b"
BENCH_IN_PLAN = "64b64c0f2f5f4c0012340010"


@dataclass
class GymDirectoryDouble:
    """Test double of the gym module's GymDirectory: plan days and visible exercises per account."""

    plan_days: dict[tuple[str, str, str], PlanDay] = field(default_factory=dict)
    exercises: dict[tuple[str, str], VisibleExercise] = field(default_factory=dict)

    def plan_day(self, account_id: str, plan_id: str, plan_moment_id: str, language: str) -> PlanDay | None:
        return self.plan_days.get((account_id, plan_id, plan_moment_id))

    def visible_exercise(self, account_id: str, exercise_id: str, language: str) -> VisibleExercise | None:
        return self.exercises.get((account_id, exercise_id))


def client_gym(account_id: str = ACCOUNT) -> GymDirectoryDouble:
    """A client with a push day, a WOD day, and bench press and deadlift visible (not HIDDEN)."""
    gyms = GymDirectoryDouble()
    bench = PlannedExercise(BENCH_IN_PLAN, BENCH, "Bench press", 3, "8", 80.0, 120)
    gyms.plan_days[(account_id, PLAN, PUSH_DAY)] = PlanDay(
        COMPANY, PLAN, PUSH_DAY, "Strength block", "Push day", False, (bench,)
    )
    gyms.plan_days[(account_id, PLAN, WOD_DAY)] = PlanDay(
        COMPANY, PLAN, WOD_DAY, "Strength block", "WOD", True, ()
    )
    gyms.exercises[(account_id, BENCH)] = VisibleExercise(BENCH, "Bench press", "barbell-bench-press")
    gyms.exercises[(account_id, DEADLIFT)] = VisibleExercise(DEADLIFT, "Deadlift", "barbell-deadlift")
    return gyms


@dataclass
class Stack:
    """A sessions server and a training server, each real and on port 0, and stubs for both."""

    sessions: sessions_pb2_grpc.SessionsServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    clock: SettableClock
    gyms: GymDirectoryDouble
    # The workout log's service on the same server (decision 0049), and that server's port.
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub
    sessions_port: int


@asynccontextmanager
async def session_stack(
    engines: Any, tmp_path: Any, clock: SettableClock | None = None, gyms: GymDirectoryDouble | None = None
) -> AsyncIterator[Stack]:
    """Training and sessions servers over ``engines`` (SQLite or PostgreSQL), sessions dialling training."""
    clock = clock or SettableClock()
    gyms = gyms or client_gym()
    env = {"KINETIC_DATA_DIR": str(tmp_path)}
    training = await start_training(
        ServiceSettings.from_env("training", env), port=0, engine=engines("training"), clock=clock
    )
    sessions = await start_sessions(
        ServiceSettings.from_env("sessions", env),
        port=0,
        engine=engines("sessions"),
        clock=clock,
        training_target=f"127.0.0.1:{training.port}",
        gyms=gyms,
    )
    sessions_channel = grpc.aio.insecure_channel(f"127.0.0.1:{sessions.port}")
    training_channel = grpc.aio.insecure_channel(f"127.0.0.1:{training.port}")
    try:
        yield Stack(
            sessions_pb2_grpc.SessionsServiceStub(sessions_channel),
            training_pb2_grpc.TrainingServiceStub(training_channel),
            clock,
            gyms,
            workout_log_pb2_grpc.WorkoutLogServiceStub(sessions_channel),
            sessions.port,
        )
    finally:
        await sessions_channel.close()
        await training_channel.close()
        await sessions.stop(0)
        await training.stop(0)


async def failure(call: Awaitable[Any]) -> RemoteError:
    """The RemoteError a call fails with (the test fails if it succeeds)."""
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


def fields(error: RemoteError) -> list[str]:
    """The fields an INVALID_ARGUMENT names."""
    return [v.field for v in error.violations]


def bench_set(
    number: int, weight: float = 80, reps: float = 8, rpe: float = 8, **extra: Any
) -> sessions_pb2.PerformanceSet:
    """A completed normal set of bench press."""
    fields: dict[str, Any] = {"set_type": "N", "completed": True} | extra
    return sessions_pb2.PerformanceSet(
        set_number=number, weight_kg=weight, reps_number=reps, rpe=rpe, **fields
    )


def log_request(
    session_id: str, sets: list[sessions_pb2.PerformanceSet], exercise_id: str = BENCH, **extra: Any
) -> sessions_pb2.LogPerformanceRequest:
    """LogPerformance for ACCOUNT (override with account_id=...)."""
    extra.setdefault("account_id", ACCOUNT)
    return sessions_pb2.LogPerformanceRequest(
        session_id=session_id, exercise_id=exercise_id, sets=sets, **extra
    )


async def changes(stack: Stack, account_id: str = ACCOUNT) -> list[sessions_pb2.Change]:
    """The account's whole change feed."""
    response = await stack.sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=account_id))
    return list(response.changes)


async def start_freestyle(stack: Stack, account_id: str = ACCOUNT) -> sessions_pb2.Session:
    """A freestyle session for the account."""
    response = await stack.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=account_id)
    )
    return response.session
