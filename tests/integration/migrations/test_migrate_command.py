"""``python -m services.<name>.migrate`` migrates one service's storage and exits; replicas that
migrate the same PostgreSQL schema at once (init containers of a two-replica rollout) all succeed."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from kinetic.settings import SERVICE_NAMES
from kinetic.storage import drop_schema, make_engine, upgrade
from services.sessions.bootstrap import MIGRATIONS as SESSIONS_MIGRATIONS
from tests.conftest import POSTGRES_URL

ROOT = Path(__file__).resolve().parents[3]


def run_migrate(service: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("KINETIC_", "OTEL_"))}
    return subprocess.run(
        [sys.executable, "-m", f"services.{service}.migrate"],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("service", SERVICE_NAMES)
def test_the_command_migrates_the_service_schema_and_exits(service, tmp_path):
    result = run_migrate(service, {"KINETIC_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    engine = make_engine(service, data_dir=tmp_path, database_url=None)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar_one() >= 1
        assert len(inspect(engine).get_table_names()) > 1
    finally:
        engine.dispose()


def test_bad_settings_exit_2_before_touching_storage(tmp_path):
    result = run_migrate("auth", {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_DATABASE_URL": "mysql://x"})
    assert result.returncode == 2
    assert "KINETIC_DATABASE_URL" in result.stderr
    assert not (tmp_path / "auth.sqlite3").exists()


def test_unreachable_storage_is_one_error_line_and_status_1(tmp_path):
    result = run_migrate(
        "training",
        {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none"},
    )
    assert result.returncode == 1
    assert result.stderr.startswith("error: storage unavailable"), result.stderr


def test_replicas_migrating_one_fresh_postgresql_schema_at_once_all_succeed(tmp_path):
    schema = f"sessions_m{uuid.uuid4().hex[:10]}"
    replicas = 4
    start = threading.Barrier(replicas)
    failures: list[BaseException] = []
    engines = []

    def replica() -> None:
        try:
            start.wait(timeout=30)
            engine = make_engine("sessions", data_dir=tmp_path, database_url=POSTGRES_URL, schema=schema)
            engines.append(engine)
            upgrade(engine, SESSIONS_MIGRATIONS)
        except BaseException as error:  # reported below with the others
            failures.append(error)

    # Daemon threads: without the schema lock some replicas wait on each other for good.
    threads = [threading.Thread(target=replica, daemon=True) for _ in range(replicas)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    stuck = sum(thread.is_alive() for thread in threads)
    assert not stuck, f"{stuck} of {replicas} replicas still migrating after 30 s"
    try:
        assert not failures, [str(failure).splitlines()[0] for failure in failures]
        assert len(engines) == replicas
    finally:
        if engines:
            drop_schema(engines[0], schema)
        for engine in engines:
            engine.dispose()
