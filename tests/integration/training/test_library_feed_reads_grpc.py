"""Reading the library change feed over a real gRPC server, on SQLite and PostgreSQL: paging, the
latest sequence, validation (docs/decisions/0023-training-change-feed.md)."""

from __future__ import annotations

import grpc
import pytest
from sqlalchemy import func, select

from kinetic.training.v1 import training_pb2
from services.training.adapters import library_change_log as change_log
from services.training.adapters import tables
from services.training.entrypoints.library_pb import encode_record
from tests.integration.training.library_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    START,
    SettableClock,
    edit_request,
    failure,
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


def page_request(after: int = 0, size: int = 0, account_id: str = ACCOUNT):
    return training_pb2.ListLibraryChangesRequest(account_id=account_id, after_sequence=after, page_size=size)


async def create_workouts(stub, count: int) -> list[str]:
    epoch = (await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))).library.epoch
    ids = []
    for index in range(count):
        created = await stub.EditTraining(
            edit_request(epoch, f"muse-create-{index:04d}", strength_a(name=f"Workout {index}"))
        )
        ids.append(created.workouts[0].id)
    return ids


async def test_an_account_without_a_library_reads_an_empty_feed_and_gets_no_library(stub, engine):
    page = await stub.ListLibraryChanges(page_request(account_id=OTHER_ACCOUNT))
    assert not page.changes and page.latest_sequence == 0
    with engine.connect() as conn:
        libraries = conn.execute(select(func.count()).select_from(tables.libraries)).scalar_one()
    assert libraries == 0


async def test_a_new_library_has_an_empty_feed(stub):
    await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    page = await stub.ListLibraryChanges(page_request())
    assert not page.changes and page.latest_sequence == 0


async def test_pages_follow_the_cursor_in_ascending_order(stub):
    ids = await create_workouts(stub, 5)
    seen: list[tuple[int, str]] = []
    after = 0
    pages = 0
    while True:
        page = await stub.ListLibraryChanges(page_request(after, size=2))
        assert page.latest_sequence == 5
        if not page.changes:
            break
        pages += 1
        seen += [(c.sequence, c.record_id) for c in page.changes]
        after = page.changes[-1].sequence
    assert pages == 3
    assert seen == list(enumerate(ids, start=1))


async def test_a_cursor_at_or_past_the_end_reads_nothing(stub):
    await create_workouts(stub, 2)
    for after in (2, 40):
        page = await stub.ListLibraryChanges(page_request(after))
        assert not page.changes and page.latest_sequence == 2
    (last,) = (await stub.ListLibraryChanges(page_request(1))).changes
    assert last.sequence == 2


async def test_page_size_zero_means_500(stub, engine):
    await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    # 501 changes appended in one transaction: the feed's storage, without 501 round trips.
    entries = [change_log.deletion_entry(change_log.WORKOUT_DELETED, f"w{i}") for i in range(501)]
    with engine.begin() as conn:
        change_log.append(conn, ACCOUNT, "epoch-1", entries, START, encode_record)
    page = await stub.ListLibraryChanges(page_request())
    assert len(page.changes) == 500 and page.latest_sequence == 501
    assert [c.sequence for c in page.changes] == list(range(1, 501))
    full = await stub.ListLibraryChanges(page_request(size=1000))
    assert len(full.changes) == 501 and full.changes[-1].record_id == "w500"


@pytest.mark.parametrize(
    ("request_fields", "field"),
    [
        ({"account_id": ""}, "account_id"),
        ({"after_sequence": -1}, "after_sequence"),
        ({"page_size": -1}, "page_size"),
        ({"page_size": 1001}, "page_size"),
    ],
)
async def test_invalid_requests_name_the_field(stub, request_fields, field):
    request = training_pb2.ListLibraryChangesRequest(account_id=ACCOUNT)
    for name, value in request_fields.items():
        setattr(request, name, value)
    error = await failure(stub.ListLibraryChanges(request))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]


async def test_the_largest_page_is_accepted(stub):
    await create_workouts(stub, 1)
    page = await stub.ListLibraryChanges(page_request(size=1000))
    assert [c.sequence for c in page.changes] == [1]
