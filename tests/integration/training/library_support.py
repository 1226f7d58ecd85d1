"""Helpers for Training library tests: a settable clock, a server on port 0, request builders."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import grpc
import pytest
from google.protobuf import json_format, struct_pb2
from sqlalchemy import Engine

from kinetic.errors import RemoteError
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.bootstrap import start
from services.training.service_layer.library_edits import EditCommand

ACCOUNT = "11111111-1111-4111-8111-111111111111"
OTHER_ACCOUNT = "22222222-2222-4222-8222-222222222222"
ZONE = "America/New_York"
# A Sunday: weekdays [2, 4, 6] fall on Mon 21, Wed 23, Fri 25 September 2026.
START = datetime(2026, 9, 20, 15, 0, tzinfo=UTC)


class SettableClock:
    """A clock tests move forward explicitly (never by sleeping)."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@asynccontextmanager
async def training_stub(
    engine: Engine, tmp_path: Any, clock: SettableClock
) -> AsyncIterator[training_pb2_grpc.TrainingServiceStub]:
    """A real training server on port 0 over ``engine``, and a stub connected to it."""
    settings = ServiceSettings.from_env("training", {"KINETIC_DATA_DIR": str(tmp_path)})
    running = await start(settings, port=0, engine=engine, clock=clock)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield training_pb2_grpc.TrainingServiceStub(channel)
    finally:
        await channel.close()
        await running.stop(0)


async def failure(call: Awaitable[Any]) -> RemoteError:
    """The RemoteError a call fails with (the test fails if it succeeds)."""
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


def as_struct(value: dict[str, Any]) -> struct_pb2.Struct:
    """A JSON object as the Struct the edit RPC carries."""
    return json_format.ParseDict(value, struct_pb2.Struct())


def edit_request(
    epoch: str,
    key: str,
    action_input: dict[str, Any],
    expected: dict[str, str] | None = None,
    *,
    account_id: str = ACCOUNT,
    device_id: str = "muse",
) -> training_pb2.EditTrainingRequest:
    """An EditTrainingRequest as seed 000 shapes it."""
    return training_pb2.EditTrainingRequest(
        account_id=account_id,
        device_id=device_id,
        epoch=epoch,
        time_zone=ZONE,
        idempotency_key=key,
        expected_versions=expected or {},
        input=as_struct(action_input),
    )


def edit_command(
    epoch: str, key: str, body: dict[str, Any], expected: dict[str, str] | None = None
) -> EditCommand:
    """An edit as the gRPC entrypoint hands it to the use case, for tests that call it directly."""
    return EditCommand(
        account_id=ACCOUNT,
        device_id="muse",
        epoch=epoch,
        time_zone=ZONE,
        idempotency_key=key,
        expected_versions=expected or {},
        input=body,
    )


def strength_a(exercise_id: str = "barbell-back-squat", **overrides: Any) -> dict[str, Any]:
    """Seed 000's minimal create example, with a real catalog exercise."""
    workout = {
        "name": "Strength A",
        "kind": "fullBody",
        "schedule": {"type": "weekdays", "weekdays": [2, 4, 6]},
        "exercises": [
            {
                "exerciseID": exercise_id,
                "trackingMode": "sets",
                "targetSets": 3,
                "targetReps": 8,
                "restSeconds": 90,
            }
        ],
    }
    workout.update(overrides)
    return {"action": "createWorkout", "workout": workout}


def fresh_details(error: RemoteError) -> dict[str, Any]:
    """The fresh state a STALE_VERSION conflict carries."""
    return json.loads(error.metadata["fresh"])


async def library_changes(
    stub: training_pb2_grpc.TrainingServiceStub, after: int = 0, *, account_id: str = ACCOUNT
) -> list[training_pb2.LibraryChange]:
    """Every change of the account's library feed after ``after``, following pages to the end."""
    found: list[training_pb2.LibraryChange] = []
    while True:
        page = await stub.ListLibraryChanges(
            training_pb2.ListLibraryChangesRequest(account_id=account_id, after_sequence=after)
        )
        found.extend(page.changes)
        if not page.changes or page.changes[-1].sequence >= page.latest_sequence:
            return found
        after = page.changes[-1].sequence
