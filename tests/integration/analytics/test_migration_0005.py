"""Analytics revision 0005 on SQLite and PostgreSQL: what was derived from the sessions feed before
the endurance kinds existed is dropped with the sessions cursor (a cursor may already be past
endurance changes skipped as unknown), and the next read rebuilds it from sequence 0 (decision 0055).
The training feed's cursor is kept: nothing new comes from it."""

from __future__ import annotations

from sqlalchemy import func, insert, inspect, select

from services.analytics.adapters.tables import feed_cursors, session_facts
from tests.integration.analytics.analytics_support import ACCOUNT, DAY1, ListFeed, a_set, make_queries
from tests.integration.analytics.test_migration_0003 import upgrade_to

ENDURANCE_TABLES = {
    "endurance_activities",
    "endurance_power_points",
    "endurance_thresholds",
    "readiness_days",
    "training_load_seeds",
}


async def test_upgrading_drops_what_the_sessions_feed_gave_and_the_next_read_rebuilds_it(engines):
    engine = engines("analytics")
    upgrade_to(engine, "0004")
    with engine.begin() as conn:
        conn.execute(
            insert(feed_cursors),
            [
                {"account_id": ACCOUNT, "feed": "sessions", "sequence": 3},
                {"account_id": ACCOUNT, "feed": "training", "sequence": 7},
            ],
        )
        conn.execute(
            insert(session_facts),
            {"account_id": ACCOUNT, "session_id": "s1", "started_at": DAY1, "status": "completed"},
        )
        assert not ENDURANCE_TABLES & set(inspect(conn).get_table_names())

    feed = ListFeed()
    feed.start("s1", DAY1, "completed")
    feed.log("p1", "s1", "barbell-back-squat", [a_set(1, 100, 5)])
    queries = make_queries(engine, feed)  # upgrades to the newest revision first

    with engine.connect() as conn:
        assert set(inspect(conn).get_table_names()) >= ENDURANCE_TABLES
        rows = conn.execute(select(feed_cursors.c.feed, feed_cursors.c.sequence)).all()
        cursors = {row.feed: row.sequence for row in rows}
        assert cursors == {"training": 7}
        assert conn.execute(select(func.count()).select_from(session_facts)).scalar_one() == 0
    records = await queries.personal_records(ACCOUNT, [], "", "")
    assert records.as_of_sequence == feed.changes[-1].sequence
    assert [exercise.exercise_id for exercise in records.exercises] == ["barbell-back-squat"]
