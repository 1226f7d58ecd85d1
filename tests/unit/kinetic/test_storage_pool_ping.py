"""PostgreSQL's pool: a connection back from a call moments ago is used without a ping; one that sat
idle is pinged, and one whose server side went away is replaced without failing the caller
(decision 0119)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text

from kinetic import storage
from kinetic.storage import drop_schema, make_engine
from tests.conftest import POSTGRES_URL


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    schema = f"ping_{uuid.uuid4().hex[:10]}"
    made = make_engine("pinging", data_dir=tmp_path, database_url=POSTGRES_URL, schema=schema)
    yield made
    drop_schema(made, schema)
    made.dispose()


@pytest.fixture
def pings(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the dialect's pings (and still sends them)."""
    counted: list[int] = []
    ping = engine.dialect.do_ping

    def counting(dbapi_connection: Any) -> bool:
        counted.append(1)
        return ping(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counting)
    return counted


def _backend_pid(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _terminate(pid: int) -> None:
    """End the server side of connection ``pid`` and wait (at most 5 s) until it is gone."""
    other = create_engine(POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with other.connect() as conn:
            assert conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar_one()
            deadline = time.monotonic() + 5
            while conn.execute(
                text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid"), {"pid": pid}
            ).scalar_one():
                assert time.monotonic() < deadline, "the terminated backend is still there after 5 s"
                conn.rollback()  # a fresh snapshot of pg_stat_activity
    finally:
        other.dispose()


def test_a_connection_used_moments_ago_is_not_pinged(engine: Engine, pings: list[int]) -> None:
    first = _backend_pid(engine)
    for _ in range(5):
        assert _backend_pid(engine) == first  # the same pooled connection, each time
    assert pings == []


def test_an_idle_connection_is_pinged(
    engine: Engine, pings: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _backend_pid(engine)
    monkeypatch.setattr(storage, "PING_AFTER_IDLE_SECONDS", 0.0)  # every checked-in one counts as idle
    assert _backend_pid(engine) == first
    assert pings == [1]


def test_an_idle_connection_the_server_closed_is_replaced_without_an_error(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _backend_pid(engine)
    _terminate(first)
    monkeypatch.setattr(storage, "PING_AFTER_IDLE_SECONDS", 0.0)
    assert _backend_pid(engine) != first
