"""Helpers for Training library tests: a settable clock, a server on port 0, request builders, and
a client that writes as the apps do."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import grpc
import pytest
from sqlalchemy import Engine

from kinetic.errors import RemoteError
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from kinetic.training_edit_json import edit_input_from_json
from services.training.bootstrap import TrainingApp, start
from services.training.entrypoints.edit_input_pb import edit_command as command_of
from services.training.entrypoints.library_pb import edit_response
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


def typed_input(value: dict[str, Any] | training_pb2.EditInput) -> training_pb2.EditInput:
    """Seed 000's input object (as the tests write it, readable) as the typed message the RPC carries."""
    return value if isinstance(value, training_pb2.EditInput) else edit_input_from_json(value)


def edit_request(
    epoch: str,
    key: str,
    action_input: dict[str, Any] | training_pb2.EditInput,
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
        edit_input=typed_input(action_input),
    )


def edit_command(
    epoch: str, key: str, body: dict[str, Any], expected: dict[str, str] | None = None
) -> EditCommand:
    """An edit as the gRPC entrypoint hands it to the use case, for tests that call it directly."""
    return command_of(edit_request(epoch, key, body, expected))


def edited(app: TrainingApp, command: EditCommand) -> training_pb2.EditTrainingResponse:
    """An edit through the use case, answered as EditTraining answers it."""
    return edit_response(app.editor.edit(command))


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


def autumn_block(*workouts: dict[str, Any]) -> dict[str, Any]:
    """A createPlan body: plan "Autumn block", one phase "Base" from Mon 21 Sep to 19 Oct 2026 with
    ``workouts`` (workout bodies, e.g. ``strength_a()["workout"]``)."""
    phase = {
        "name": "Base",
        "startDay": "2026-09-21",
        "endDayExclusive": "2026-10-19",
        "workouts": list(workouts),
    }
    return {"action": "createPlan", "plan": {"name": "Autumn block", "phases": [phase]}}


def occurrence_key(occurrence: training_pb2.Occurrence) -> str:
    """An occurrence's feed record ID: its workout and original scheduled day."""
    return f"{occurrence.workout_id}/{occurrence.original_scheduled_day}"


def by_key(occurrences: Iterable[training_pb2.Occurrence]) -> dict[str, training_pb2.Occurrence]:
    """Occurrences by feed record ID."""
    return {occurrence_key(o): o for o in occurrences}


class LibraryClient:
    """Writes through the server as a client does: the epoch and versions it last read, new keys
    (``key_prefix`` then a counter), device "muse"."""

    def __init__(self, stub: training_pb2_grpc.TrainingServiceStub, key_prefix: str) -> None:
        self.stub = stub
        self.versions: dict[str, str] = {}
        self._key_prefix = key_prefix
        self._keys = 0

    def new_key(self) -> str:
        self._keys += 1
        return f"{self._key_prefix}-{self._keys:04d}"

    async def edit(self, body: dict[str, Any]) -> training_pb2.EditTrainingResponse:
        epoch = (await self.stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))).library.epoch
        response = await self.stub.EditTraining(
            edit_request(epoch, self.new_key(), body, dict(self.versions))
        )
        self.versions |= {f"workout:{w.id}": w.version for w in response.workouts}
        self.versions |= {f"plan:{p.id}": p.version for p in response.plans}
        return response

    async def create(self, name: str, weekdays: list[int]) -> training_pb2.Workout:
        schedule = {"type": "weekdays", "weekdays": weekdays}
        return (await self.edit(strength_a(name=name, schedule=schedule))).workouts[0]

    async def move(self, workout: training_pb2.Workout, day: str, to: str) -> training_pb2.Occurrence:
        body = {"workoutID": workout.id, "originalScheduledDay": day, "destinationDay": to}
        return (await self.edit({"action": "moveOccurrence", **body})).occurrence

    async def replace(
        self, workout: training_pb2.Workout, day: str, by: training_pb2.Workout
    ) -> training_pb2.Occurrence:
        body = {"workoutID": workout.id, "originalScheduledDay": day, "replacementWorkoutID": by.id}
        return (await self.edit({"action": "replaceOccurrence", **body})).occurrence

    async def reschedule(
        self, workout: training_pb2.Workout, effective: str, weekdays: list[int] | None
    ) -> training_pb2.EditTrainingResponse:
        """Changes the schedule from ``effective`` on; None stops it."""
        schedule = None if weekdays is None else {"type": "weekdays", "weekdays": weekdays}
        body = {"workoutID": workout.id, "effectiveDay": effective, "schedule": schedule}
        return await self.edit({"action": "changeSchedule", **body})

    async def mark(
        self, workout: training_pb2.Workout, day: str, status: str
    ) -> training_pb2.SetOccurrenceStatusResponse:
        """The whole response: setting an occurrence back to "scheduled" can leave it without one."""
        request = training_pb2.SetOccurrenceStatusRequest(
            account_id=ACCOUNT,
            workout_id=workout.id,
            original_scheduled_day=day,
            status=status,
            device_id="muse",
        )
        return await self.stub.SetOccurrenceStatus(request)

    async def preview(self, kind: str, target_id: str, **extra: Any) -> training_pb2.PreviewDeletionResponse:
        return await self.stub.PreviewDeletion(
            training_pb2.PreviewDeletionRequest(
                account_id=ACCOUNT, kind=kind, id=target_id, time_zone=ZONE, **extra
            )
        )

    async def commit(
        self, preview: training_pb2.PreviewDeletionResponse
    ) -> training_pb2.CommitDeletionResponse:
        return await self.stub.CommitDeletion(
            training_pb2.CommitDeletionRequest(
                account_id=ACCOUNT,
                preview_token=preview.preview_token,
                confirmed=True,
                idempotency_key=self.new_key(),
                device_id="muse",
            )
        )

    async def delete(self, kind: str, target_id: str, **extra: Any) -> training_pb2.CommitDeletionResponse:
        """Previews the deletion and commits what the preview showed."""
        return await self.commit(await self.preview(kind, target_id, **extra))

    async def calendar(self, start: str, end: str) -> list[training_pb2.Occurrence]:
        """The calendar of [start, end), week_start_day cleared (the feed's records leave it empty)."""
        listed = await self.stub.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=ACCOUNT, time_zone=ZONE, from_day=start, to_day=end
            )
        )
        for occurrence in listed.occurrences:
            occurrence.week_start_day = ""
        return list(listed.occurrences)

    async def workout(self, workout_id: str) -> training_pb2.Workout:
        listed = await self.stub.ListWorkouts(
            training_pb2.ListWorkoutsRequest(account_id=ACCOUNT, workout_ids=[workout_id])
        )
        return listed.workouts[0]

    async def latest(self) -> int:
        page = await self.stub.ListLibraryChanges(training_pb2.ListLibraryChangesRequest(account_id=ACCOUNT))
        return int(page.latest_sequence)

    async def changes_after(self, after: int) -> list[training_pb2.LibraryChange]:
        return await library_changes(self.stub, after)
