"""``send_with_commit``: a write's last statements sent with its COMMIT (on PostgreSQL in one round
trip) are stored exactly as before, and a failure among them, or after them, stores nothing and is
the error it always was (decision 0119). SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, Engine, func, insert, select
from sqlalchemy.exc import IntegrityError

from kinetic.storage import upgrade
from services.sessions.adapters.tables import changes
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.service_layer.session_support import create_account, locked_write, send_with_commit
from tests.integration.sessions.change_rows import change_row, stored_sequences

ACCOUNT = "00000000-0000-4000-8000-00000000c0a1"
NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


@pytest.fixture
def engine(engines) -> Engine:
    made = engines("sessions")
    upgrade(made, MIGRATIONS)
    create_account(made, ACCOUNT, NOW)
    return made


def _change(sequence: int) -> dict[str, object]:
    return change_row(ACCOUNT, sequence, NOW)


def test_statements_sent_with_the_commit_are_stored_and_the_result_returned(engine: Engine) -> None:
    def work(conn: Connection) -> int:
        count = conn.execute(select(func.count()).select_from(changes)).scalar_one()  # read first
        send_with_commit(conn)
        conn.execute(insert(changes), [_change(1), _change(2)])
        conn.execute(insert(changes).values(_change(3)))
        return int(count)

    assert locked_write(engine, ACCOUNT, NOW, work) == 0
    assert stored_sequences(engine) == [1, 2, 3]
    # The pooled connection is back to normal: a plain write and read work on it.
    assert locked_write(
        engine, ACCOUNT, NOW, lambda conn: conn.execute(insert(changes).values(_change(4))).rowcount
    )
    assert stored_sequences(engine) == [1, 2, 3, 4]


def test_a_failing_statement_sent_with_the_commit_stores_nothing_and_raises_integrity_error(
    engine: Engine,
) -> None:
    attempts: list[int] = []

    def work(conn: Connection) -> None:
        attempts.append(1)
        send_with_commit(conn)
        conn.execute(insert(changes).values(_change(1)))
        conn.execute(insert(changes).values(_change(1)))  # the primary key refuses it

    with pytest.raises(IntegrityError):
        locked_write(engine, ACCOUNT, NOW, work)
    assert len(attempts) == 3  # retried as every IntegrityError of a write is (WRITE_ATTEMPTS)
    assert stored_sequences(engine) == []
    locked_write(engine, ACCOUNT, NOW, lambda conn: conn.execute(insert(changes).values(_change(7))))
    assert stored_sequences(engine) == [7]


def test_an_error_raised_after_statements_were_queued_stores_nothing(engine: Engine) -> None:
    def work(conn: Connection) -> None:
        send_with_commit(conn)
        conn.execute(insert(changes).values(_change(1)))
        raise LookupError("a bug after the writes")

    with pytest.raises(LookupError):
        locked_write(engine, ACCOUNT, NOW, work)
    assert stored_sequences(engine) == []
    locked_write(engine, ACCOUNT, NOW, lambda conn: conn.execute(insert(changes).values(_change(2))))
    assert stored_sequences(engine) == [2]
