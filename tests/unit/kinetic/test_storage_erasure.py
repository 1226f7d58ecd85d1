"""SQLite after an erasure: deleted bytes overwritten, the -wal file emptied, or a retry asked for
while the log is in use (decision 0071)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event

from kinetic.errors import Conflict
from kinetic.storage import checkpoint_after_erasure, make_engine, require_checkpoint_after_erasure


def _secure_delete_off(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA secure_delete=OFF")  # SQLite's own default, unless built otherwise


def _no_busy_wait(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA busy_timeout=0")  # the test asks "in use?" without waiting 5 s


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    made = make_engine("erasing", data_dir=tmp_path, database_url=None)
    event.listen(made, "connect", _secure_delete_off, insert=True)
    event.listen(made, "connect", _no_busy_wait)
    with made.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE notes (account_id TEXT, body TEXT)")
        conn.exec_driver_sql("INSERT INTO notes VALUES ('ada', 'qzadanote7')")
    yield made
    made.dispose()


def test_every_sqlite_connection_overwrites_what_it_deletes(engine: Engine) -> None:
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA secure_delete").scalar_one() == 1


def test_the_checkpoint_empties_the_log_of_the_erased_text(engine: Engine, tmp_path: Path) -> None:
    with engine.begin() as conn:
        conn.exec_driver_sql("DELETE FROM notes WHERE account_id = 'ada'")
    assert b"qzadanote7" in (tmp_path / "erasing.sqlite3-wal").read_bytes()

    assert checkpoint_after_erasure(engine)

    assert (tmp_path / "erasing.sqlite3-wal").stat().st_size == 0
    assert b"qzadanote7" not in (tmp_path / "erasing.sqlite3").read_bytes()


def test_a_log_in_use_is_reported_and_the_erasure_asks_to_be_retried(engine: Engine) -> None:
    reader = engine.raw_connection()
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM notes").fetchall()  # a snapshot older than the delete
        with engine.begin() as conn:
            conn.exec_driver_sql("DELETE FROM notes WHERE account_id = 'ada'")

        assert not checkpoint_after_erasure(engine)
        with pytest.raises(Conflict) as refused:
            require_checkpoint_after_erasure(engine)
        assert refused.value.reason == "ERASURE_NOT_CHECKPOINTED"
    finally:
        reader.rollback()
        reader.close()
    require_checkpoint_after_erasure(engine)  # the reader gone, the retry finishes
