"""``AwaitedCalls``: a logged set's PostgreSQL waits are awaited on the event loop, so one call
waiting for the server does not hold up the others; on SQLite a call simply runs (decision 0119)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, func, insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.util.concurrency import in_greenlet

from kinetic.storage import upgrade
from services.sessions.adapters.awaited_waits import AwaitedCalls
from services.sessions.adapters.tables import changes
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.service_layer.session_support import create_account, locked_write, send_with_commit
from tests.conftest import EngineFactory
from tests.integration.sessions.change_rows import change_row, stored_sequences

ACCOUNT = "00000000-0000-4000-8000-00000000a0a1"
NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
LOCK_KEY = 3319
POLLS = 100_000
# Three times make_engine's pool_size on PostgreSQL.
MANY_CALLS = 24


@pytest.fixture
def engine(engines: EngineFactory) -> Engine:
    made = engines("sessions")
    upgrade(made, MIGRATIONS)
    create_account(made, ACCOUNT, NOW)
    return made


@pytest.fixture
def postgres(tmp_path: Path) -> Iterator[Engine]:
    factory = EngineFactory("postgresql", tmp_path)
    made = factory("sessions")
    upgrade(made, MIGRATIONS)
    create_account(made, ACCOUNT, NOW)
    yield made
    factory.close()


def _change(sequence: int) -> dict[str, object]:
    return change_row(ACCOUNT, sequence, NOW)


def test_a_call_runs_in_an_awaiting_greenlet_on_postgresql_and_directly_on_sqlite(engine: Engine) -> None:
    calls = AwaitedCalls(engine)

    def count() -> tuple[bool, int]:
        with engine.connect() as conn:
            return in_greenlet(), int(conn.execute(select(func.count()).select_from(changes)).scalar_one())

    assert asyncio.run(calls.run(count)) == (engine.dialect.name == "postgresql", 0)


def test_a_write_sent_with_its_commit_stores_and_a_refused_one_raises_as_before(engine: Engine) -> None:
    calls = AwaitedCalls(engine)

    def write(*sequences: int) -> int:
        def work(conn: Connection) -> int:
            send_with_commit(conn)
            for sequence in sequences:
                conn.execute(insert(changes).values(_change(sequence)))
            return len(sequences)

        return locked_write(engine, ACCOUNT, NOW, work)

    assert asyncio.run(calls.run(write, 1, 2)) == 2
    with pytest.raises(IntegrityError):
        asyncio.run(calls.run(write, 3, 3))  # the primary key refuses the second
    assert asyncio.run(calls.run(write, 4)) == 1
    assert stored_sequences(engine) == [1, 2, 4]


def test_a_call_waiting_for_the_server_lets_the_next_call_run(postgres: Engine) -> None:
    """The first call waits on an advisory lock that only the second call has released: with the
    event loop blocked by the first wait, the second would never run (the first gives up after its
    lock_timeout and the test fails)."""
    calls = AwaitedCalls(postgres)
    holder = postgres.raw_connection()
    holder.cursor().execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
    finished: list[str] = []

    def waits_for_the_lock() -> None:
        with postgres.begin() as conn:
            conn.execute(text("SET LOCAL lock_timeout = '20s'"))
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        finished.append("waiter")

    def releases_the_lock() -> None:
        with postgres.connect() as conn:
            conn.execute(text("SELECT 1"))
        holder.cursor().execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))
        finished.append("releaser")

    async def both() -> None:
        waiter = asyncio.ensure_future(calls.run(waits_for_the_lock))
        for _ in range(POLLS):  # until the first call is in its wait
            if _waiting_for_advisory_lock(holder):
                break
            await asyncio.sleep(0)
        else:
            raise AssertionError("the first call never reached its wait")
        await calls.run(releases_the_lock)
        await waiter

    try:
        asyncio.run(both())
    finally:
        holder.close()
    assert finished == ["releaser", "waiter"]


def _waiting_for_advisory_lock(holder: Any) -> bool:
    cursor = holder.cursor()
    cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
    return bool(cursor.fetchone()[0])


def test_more_calls_than_the_pool_holds_all_complete(postgres: Engine) -> None:
    """Three times the pool's size in calls at once, each holding its connection across awaits: the
    slots keep them from emptying the pool (an empty pool would block the loop)."""
    calls = AwaitedCalls(postgres)

    def one() -> int:
        with postgres.connect() as conn:
            conn.execute(text("SELECT pg_sleep(0)"))
            return int(conn.execute(select(func.count()).select_from(changes)).scalar_one())

    async def all_at_once() -> list[int]:
        return await asyncio.gather(*(calls.run(one) for _ in range(MANY_CALLS)))

    assert asyncio.run(all_at_once()) == [0] * MANY_CALLS
