"""What the library stores in a message's bytes keeps its format, on SQLite and PostgreSQL.

An idempotency key's first answer, a deletion preview and a change-feed record are stored as the
serialized message they are answered in. The service layer builds values and the entrypoint makes
and reads those bytes (docs/decisions/0113-library-answers-as-values.md): rows stored before that
change must read as before, and new rows must be the same bytes. Written against the code before
the change, green there, unchanged after.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import insert, select

from kinetic.training.v1 import training_pb2
from services.training.adapters import tables
from services.training.entrypoints.edit_input_pb import hashed_input
from services.training.service_layer.write_support import request_hash
from tests.integration.training.library_support import (
    ACCOUNT,
    START,
    SettableClock,
    edit_request,
    strength_a,
    training_stub,
)


@pytest.fixture
def engine(engines):
    return engines("training")


@pytest.fixture
async def stub(engine, tmp_path):
    async with training_stub(engine, tmp_path, SettableClock()) as connected:
        yield connected


async def epoch_of(stub) -> str:
    return (await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))).library.epoch


def stored_answer(engine, key: str) -> bytes:
    with engine.connect() as conn:
        return bytes(
            conn.execute(
                select(tables.write_requests.c.response).where(
                    tables.write_requests.c.account_id == ACCOUNT,
                    tables.write_requests.c.idempotency_key == key,
                )
            ).scalar_one()
        )


def stored_records(engine) -> list[bytes]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(tables.library_changes.c.record)
            .where(tables.library_changes.c.account_id == ACCOUNT)
            .order_by(tables.library_changes.c.sequence)
        )
        return [bytes(row.record) for row in rows]


async def test_a_write_stores_its_answer_and_feed_record_as_message_bytes(stub, engine):
    created = await stub.EditTraining(edit_request(await epoch_of(stub), "forms-create-0001", strength_a()))
    assert not created.replayed
    assert stored_answer(engine, "forms-create-0001") == created.SerializeToString()
    (record,) = stored_records(engine)
    assert record == training_pb2.LibraryChange(workout=created.workouts[0]).SerializeToString()

    moved = await stub.EditTraining(
        edit_request(
            created.library.epoch,
            "forms-move-0001",
            {
                "action": "moveOccurrence",
                "workoutID": created.workouts[0].id,
                "originalScheduledDay": "2026-09-23",
                "destinationDay": "2026-09-24",
            },
            {f"workout:{created.workouts[0].id}": created.workouts[0].version},
        )
    )
    assert stored_answer(engine, "forms-move-0001") == moved.SerializeToString()
    assert stored_records(engine)[1:] == [
        training_pb2.LibraryChange(workout=moved.workouts[0]).SerializeToString(),
        training_pb2.LibraryChange(occurrence=moved.occurrence).SerializeToString(),
    ]


async def test_a_deletion_answers_its_preview_as_stored_and_stores_its_answer(stub, engine):
    created = await stub.EditTraining(edit_request(await epoch_of(stub), "forms-create-0002", strength_a()))
    workout = created.workouts[0]
    preview = await stub.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(
            account_id=ACCOUNT, kind="workout", id=workout.id, time_zone="America/New_York"
        )
    )
    with engine.connect() as conn:
        (kept,) = conn.execute(select(tables.deletion_previews.c.preview)).scalars()
    assert bytes(kept) == preview.preview.SerializeToString()
    done = await stub.CommitDeletion(
        training_pb2.CommitDeletionRequest(
            account_id=ACCOUNT,
            preview_token=preview.preview_token,
            confirmed=True,
            idempotency_key="forms-delete-0001",
            device_id="muse",
        )
    )
    assert done.deleted == preview.preview
    assert stored_answer(engine, "forms-delete-0001") == done.SerializeToString()
    assert stored_records(engine)[-1] == b""  # workout.deleted carries no record


async def test_an_answer_and_a_record_stored_before_still_read(stub, engine):
    epoch = await epoch_of(stub)
    # Rows as an earlier release wrote them: the bytes of hand-built messages.
    first = training_pb2.EditTrainingResponse(
        library=training_pb2.Library(epoch=epoch, source_sequence=1),
        action="createWorkout",
        workouts=[training_pb2.Workout(id="w-old", version="1.muse", name="Stored before", kind="fullBody")],
    )
    old_record = training_pb2.LibraryChange(workout=first.workouts[0])
    request = edit_request(epoch, "forms-old-0001", strength_a())
    body = request_hash(epoch, request.time_zone, {}, hashed_input(request.edit_input))
    created_at = datetime(2026, 9, 1, 8, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(
            insert(tables.write_requests).values(
                account_id=ACCOUNT,
                idempotency_key="forms-old-0001",
                operation="edit",
                request_hash=body,
                response=first.SerializeToString(),
                created_at=START,
            )
        )
        conn.execute(
            insert(tables.library_changes).values(
                account_id=ACCOUNT,
                sequence=1,
                kind="workout.created",
                record_id="w-old",
                epoch=epoch,
                record=old_record.SerializeToString(),
                created_at=created_at,
            )
        )
        conn.execute(tables.libraries.update().values(change_sequence=1))

    replayed = await stub.EditTraining(request)
    expected = training_pb2.EditTrainingResponse()
    expected.CopyFrom(first)
    expected.replayed = True
    assert replayed == expected

    page = await stub.ListLibraryChanges(training_pb2.ListLibraryChangesRequest(account_id=ACCOUNT))
    (change,) = page.changes
    assert (change.sequence, change.kind, change.record_id, change.epoch) == (
        1,
        "workout.created",
        "w-old",
        epoch,
    )
    assert change.workout == first.workouts[0]
    assert change.create_time.ToDatetime(tzinfo=UTC) == created_at
