"""Migration 0004 on SQLite and PostgreSQL: the endurance plan tables and their indexes appear on a
library at 0003 with its rows untouched, and go again on downgrade (decision 0062)."""

from __future__ import annotations

from sqlalchemy import inspect, text

from tests.integration.training.test_library_feed_migration import migrate

PLAN_TABLES = {"plan_goals", "plan_workouts", "plan_snapshots"}


def test_0004_adds_the_plan_tables_and_downgrades(engines):
    engine = engines("training")
    migrate(engine, "0003")
    assert not PLAN_TABLES & set(inspect(engine).get_table_names())
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO libraries (account_id, epoch, source_sequence, change_sequence, created_at) "
                "VALUES ('a', 'e', 3, 3, CURRENT_TIMESTAMP)"
            )
        )

    migrate(engine, "0004")
    schema = inspect(engine)
    assert set(schema.get_table_names()) >= PLAN_TABLES
    indexes = {i["name"] for i in schema.get_indexes("plan_snapshots")}
    assert "ix_plan_snapshots_account_goal_created" in indexes
    with engine.connect() as conn:
        assert conn.execute(text("SELECT source_sequence FROM libraries")).scalar_one() == 3

    migrate(engine, "0003", down=True)
    assert not PLAN_TABLES & set(inspect(engine).get_table_names())
