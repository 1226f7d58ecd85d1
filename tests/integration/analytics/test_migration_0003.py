"""Revision 0003 on SQLite and PostgreSQL: derived data built before it is dropped with the cursors,
and the next read rebuilds it from sequence 0 with the new session and set columns."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, func, insert, select

from services.analytics.adapters.tables import feed_cursors, session_facts
from services.analytics.bootstrap import MIGRATIONS
from tests.integration.analytics.analytics_support import ACCOUNT, DAY1, ListFeed, a_set, make_queries


def upgrade_to(engine: Engine, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


async def test_upgrading_drops_old_derived_data_and_the_next_read_rebuilds_it(engines):
    engine = engines("analytics")
    upgrade_to(engine, "0002")
    with engine.begin() as conn:  # what 0002 stored: a cursor and a session with no source or end
        conn.execute(insert(feed_cursors), {"account_id": ACCOUNT, "feed": "sessions", "sequence": 3})
        conn.execute(
            insert(session_facts),
            {"account_id": ACCOUNT, "session_id": "s1", "started_at": DAY1, "status": "completed"},
        )

    feed = ListFeed()
    feed.start("s1", DAY1, source="occurrence", workout_id="w1", original_day="2026-03-02")
    feed.log("p1", "s1", "barbell-back-squat", [a_set(1, 100, 5)])
    feed.start("s1", DAY1, "completed", source="occurrence", workout_id="w1", original_day="2026-03-02")
    queries = make_queries(engine, feed)  # upgrades to the newest revision first

    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(feed_cursors)).scalar_one() == 0
        assert conn.execute(select(func.count()).select_from(session_facts)).scalar_one() == 0
    position = await queries.personal_records(ACCOUNT, [], "", "")
    assert position.as_of_sequence == 3
    with engine.connect() as conn:
        row = conn.execute(select(session_facts)).one()
    assert (row.session_id, row.status, row.source, row.workout_id, row.original_day) == (
        "s1",
        "completed",
        "occurrence",
        "w1",
        "2026-03-02",
    )
