"""Fixtures shared by the whole suite: storage on SQLite and PostgreSQL, real gRPC servers on port 0."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from kinetic.storage import drop_schema, make_engine

# Trust auth on the local server; CI starts it if it is down (.ci/run).
POSTGRES_URL = os.environ.get("KINETIC_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")

STORAGE_BACKENDS = ["sqlite", "postgresql"]


class EngineFactory:
    """Makes engines for one test on one backend, and disposes (and drops) them afterwards."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self._tmp_path = tmp_path
        self._made: list[tuple[Engine, str | None]] = []

    def __call__(self, service: str) -> Engine:
        if self.backend == "sqlite":
            engine = make_engine(service, data_dir=self._tmp_path / "data", database_url=None)
            self._made.append((engine, None))
        else:
            schema = f"{service}_t{uuid.uuid4().hex[:10]}"
            engine = make_engine(service, data_dir=self._tmp_path, database_url=POSTGRES_URL, schema=schema)
            self._made.append((engine, schema))
        return engine

    @property
    def made(self) -> list[Engine]:
        """The engines made so far, in order (a second replica can share a service's store)."""
        return [engine for engine, _ in self._made]

    def close(self) -> None:
        for engine, schema in self._made:
            if schema is not None:
                drop_schema(engine, schema)
            engine.dispose()


@pytest.fixture(params=STORAGE_BACKENDS)
def engines(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EngineFactory]:
    """Engine factory parametrized over SQLite and PostgreSQL: storage tests run on both."""
    factory = EngineFactory(request.param, tmp_path)
    yield factory
    factory.close()


@pytest.fixture
def sqlite_engines(tmp_path: Path) -> Iterator[EngineFactory]:
    """Engine factory on SQLite only, for tests about something other than storage."""
    factory = EngineFactory("sqlite", tmp_path)
    yield factory
    factory.close()
