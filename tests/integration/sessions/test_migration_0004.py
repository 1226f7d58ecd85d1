"""Sessions revision 0004 on SQLite and PostgreSQL: performances stored before it get their
exercise's name and catalog mapping from what is known (decision 0037)."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, select, text

from kinetic.storage import upgrade
from services.sessions.adapters.session_tables import performances
from services.sessions.bootstrap import MIGRATIONS

ACCOUNT = "11111111-1111-4111-8111-111111111111"
AT = datetime(2026, 3, 2, 17, 30, tzinfo=UTC)
GYM_BENCH = "64b64c0f2f5f4c0012345679"


def upgrade_to(engine: Engine, *revisions: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        for revision in revisions:
            command.upgrade(config, revision)


def _session(conn, session_id: str, kind: str) -> None:
    conn.execute(
        text(
            "INSERT INTO sessions (session_id, account_id, source_kind, source_key, active_key, plan_id,"
            " plan_moment_id, company_id, workout_id, original_scheduled_day, status, title, notes,"
            " started_at, ended_at, updated_at, experience_points, performance_count) VALUES"
            " (:id, :account, :kind, :id, NULL, '', '', '', '', '', 'completed', 't', '',"
            " :at, :at, :at, 0, 1)"
        ),
        {"id": session_id, "account": ACCOUNT, "kind": kind, "at": AT},
    )


def _performance(conn, performance_id: str, session_id: str, exercise_id: str) -> None:
    conn.execute(
        text(
            "INSERT INTO performances (performance_id, session_id, account_id, exercise_id,"
            " plan_exercise_id, position, notes, rest_seconds, is_completed, setup_values,"
            " next_setup_values, setup_settings_enabled, show_set_rpe, created_at, updated_at) VALUES"
            " (:id, :session, :account, :exercise, '', 0, '', NULL, false, '[]', '[]', false, false,"
            " :at, :at)"
        ),
        {"id": performance_id, "session": session_id, "account": ACCOUNT, "exercise": exercise_id, "at": AT},
    )


def test_existing_performances_are_named_from_the_gym_and_the_catalog(engines):
    engine = engines("sessions")
    upgrade_to(engine, "0002", "0003")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO gym_exercises (id, company_id, owner_client_id, catalog_exercise_id, name_en,"
                " name_nl, instructions_en, instructions_nl, allowlisted, created_at) VALUES"
                " (:id, NULL, NULL, 'barbell-bench-press', 'Bench Press', 'Bankdrukken', '', '', true, :at)"
            ),
            {"id": GYM_BENCH, "at": AT},
        )
        _session(conn, "a" * 24, "plan_day")
        _session(conn, "b" * 24, "occurrence")
        _performance(conn, "c" * 24, "a" * 24, GYM_BENCH)
        _performance(conn, "d" * 24, "a" * 24, "e" * 24)  # a gym exercise since deleted
        _performance(conn, "f" * 24, "b" * 24, "barbell-back-squat")
        _performance(conn, "0" * 24, "b" * 24, "my-own-move")  # a custom Training exercise

    upgrade(engine, MIGRATIONS)

    with engine.connect() as conn:
        rows = conn.execute(
            select(
                performances.c.exercise_id, performances.c.exercise_name, performances.c.catalog_exercise_id
            )
        ).all()
    assert {r.exercise_id: (r.exercise_name, r.catalog_exercise_id) for r in rows} == {
        GYM_BENCH: ("Bench Press", "barbell-bench-press"),
        "e" * 24: ("", ""),
        "barbell-back-squat": ("Barbell Back Squat", "barbell-back-squat"),
        "my-own-move": ("", "my-own-move"),
    }
