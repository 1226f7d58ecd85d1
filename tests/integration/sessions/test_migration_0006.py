"""Sessions revision 0006 on SQLite and PostgreSQL: a store from before the endurance records keeps
its sessions, gains the four endurance tables, and takes an imported file at once (decision 0054)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect

from kinetic.storage import upgrade
from services.sessions.adapters import session_repository as repo
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.endurance.bootstrap import build_endurance
from tests.integration.sessions.test_migration_0004 import ACCOUNT, _session, upgrade_to

RIDE = Path(__file__).parents[2] / "fixtures" / "activity_files" / "ride.fit"
ENDURANCE_TABLES = {"activities", "activity_streams", "athlete_thresholds", "daily_readiness"}


def test_a_store_from_before_gains_the_endurance_tables_and_keeps_its_sessions(engines):
    engine = engines("sessions")
    upgrade_to(engine, "0002", "0005")
    with engine.connect() as conn:
        assert not ENDURANCE_TABLES & set(inspect(conn).get_table_names())
    with engine.begin() as conn:
        _session(conn, "a" * 24, "freestyle")

    upgrade(engine, MIGRATIONS)

    with engine.connect() as conn:
        assert set(inspect(conn).get_table_names()) >= ENDURANCE_TABLES
        assert repo.get_session(conn, ACCOUNT, "a" * 24, with_performances=False) is not None
    imported = build_endurance(engine).activities.import_file(ACCOUNT, RIDE.read_bytes(), filename="ride.fit")
    assert imported.created and imported.first.activity.values.sport == "ride"
