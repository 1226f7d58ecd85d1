"""Sessions revision 0005 on SQLite and PostgreSQL: sessions and sets stored before it read back
with no program label and no load unit, and the workout log's tables exist (decision 0049)."""

from __future__ import annotations

from sqlalchemy import inspect, text

from kinetic.storage import upgrade
from services.sessions.adapters import session_repository as repo
from services.sessions.bootstrap import MIGRATIONS
from tests.integration.sessions.test_migration_0004 import ACCOUNT, AT, _performance, _session, upgrade_to


def test_existing_sessions_and_sets_get_the_defaults_and_the_log_tables_appear(engines):
    engine = engines("sessions")
    upgrade_to(engine, "0002", "0004")
    with engine.begin() as conn:
        _session(conn, "a" * 24, "freestyle")
        _performance(conn, "c" * 24, "a" * 24, "barbell-bench-press")
        conn.execute(
            text(
                "INSERT INTO performance_sets (performance_id, set_number, set_type, weight_kg, reps_number,"
                " reps_text, time_seconds, distance_meters, rest_seconds, rpe, completed, notes, estimated)"
                " VALUES (:performance, 1, 'N', 100, 5, NULL, NULL, NULL, NULL, 8, true, '', false)"
            ),
            {"performance": "c" * 24},
        )

    upgrade(engine, MIGRATIONS)

    with engine.connect() as conn:
        session = repo.get_session(conn, ACCOUNT, "a" * 24, with_performances=True)
        tables = set(inspect(conn).get_table_names())
    assert session is not None
    assert (session.program_id, session.program_day, session.started_at) == ("", "", AT)
    (logged,) = session.performances[0].sets
    assert (logged.weight_kg, logged.load_value, logged.load_unit) == (100, None, "")
    assert {"log_profiles", "log_exercise_words", "log_requests", "log_undo"} <= tables
