"""A read catches up only with the feeds it uses (decision 0090): the endurance reads (plan
safety among them) with the sessions feed, never waiting for the training library's projection of
a plan just written; a read that uses both still sees every earlier change of both; a read whose
caller already saw a sessions sequence the account reflects reads no feed. Storage is real (SQLite,
migrated); the feeds are lists."""

from __future__ import annotations

from sqlalchemy import event, select

from kinetic.storage import upgrade
from kinetic.training.v1 import training_pb2
from services.analytics.adapters import cursors
from services.analytics.adapters.tables import training_workouts
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import BOTH, SESSIONS, AccountFeeds, FeedFollower
from services.analytics.service_layer.training_projection import (
    apply_training_change,
    apply_training_changes,
)
from tests.integration.analytics.analytics_support import ACCOUNT, DAY1, LibraryFeed, ListFeed


def account_feeds(engine, sessions: ListFeed, library: LibraryFeed) -> AccountFeeds:
    upgrade(engine, MIGRATIONS)
    return AccountFeeds(
        engine,
        FeedFollower(engine, sessions),
        FeedFollower(engine, library, apply_training_change),
    )


def planned(library: LibraryFeed, count: int) -> None:
    for number in range(count):
        library.append(
            "workout.created",
            f"w{number}",
            workout=training_pb2.Workout(id=f"w{number}", name=f"Run {number}"),
        )


async def test_a_sessions_read_leaves_the_library_feed_unread(sqlite_engines):
    engine = sqlite_engines("analytics")
    sessions, library = ListFeed(), LibraryFeed()
    planned(library, 49)
    account = account_feeds(engine, sessions, library)

    positions = await account.catch_up(ACCOUNT, feeds=SESSIONS)

    assert (sessions.reads, library.reads) == (1, 0)
    with engine.connect() as conn:
        assert cursors.read(conn, ACCOUNT, "training") == 0
    assert positions.training == 0


async def test_a_read_of_both_feeds_after_a_sessions_read_applies_the_library(sqlite_engines):
    engine = sqlite_engines("analytics")
    sessions, library = ListFeed(), LibraryFeed()
    planned(library, 3)
    account = account_feeds(engine, sessions, library)

    await account.catch_up(ACCOUNT, feeds=SESSIONS)
    positions = await account.catch_up(ACCOUNT, feeds=BOTH)

    assert library.reads == 1 and positions.training == 3


async def test_a_read_that_saw_the_sessions_feed_already_reflected_reads_no_feed(sqlite_engines):
    """EvaluatePlanSafety after the GetAthleteFigures its loads were priced with: no second read."""
    engine = sqlite_engines("analytics")
    sessions, library = ListFeed(), LibraryFeed()
    sessions.start("s1", DAY1)
    account = account_feeds(engine, sessions, library)
    seen = (await account.catch_up(ACCOUNT, feeds=SESSIONS)).sessions
    assert seen == 1 and sessions.reads == 1

    async with account.caught_up(ACCOUNT, feeds=SESSIONS, sessions_at_least=seen) as positions:
        assert positions.sessions == seen
    assert sessions.reads == 1


async def test_a_read_that_saw_more_than_is_reflected_catches_up(sqlite_engines):
    engine = sqlite_engines("analytics")
    sessions, library = ListFeed(), LibraryFeed()
    sessions.start("s1", DAY1)
    account = account_feeds(engine, sessions, library)

    async with account.caught_up(ACCOUNT, feeds=SESSIONS, sessions_at_least=1) as positions:
        assert positions.sessions == 1
    assert sessions.reads == 1 and library.reads == 0


def stored_workouts(engine) -> dict[str, str]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(training_workouts.c.workout_id, training_workouts.c.name).where(
                training_workouts.c.account_id == ACCOUNT
            )
        )
        return {workout_id: name for workout_id, name in rows}


async def test_a_plan_written_at_once_is_projected_a_statement_a_table_in_feed_order(sqlite_engines):
    """49 workouts created together cost the same few statements as one; a later change of the
    page (an update, a delete) still lands after what it follows."""
    engine = sqlite_engines("analytics")
    sessions, library = ListFeed(), LibraryFeed()
    planned(library, 49)
    library.append("workout.deleted", "w3")
    library.append("workout.updated", "w7", workout=training_pb2.Workout(id="w7", name="Long run"))
    upgrade(engine, MIGRATIONS)
    account = AccountFeeds(
        engine,
        FeedFollower(engine, sessions),
        FeedFollower(engine, library, apply_training_change, apply_training_changes),
    )
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(args[2]))

    await account.catch_up(ACCOUNT, feeds=BOTH)

    projected = [s for s in statements if "training_" in s and "feed_cursors" not in s]
    assert len(projected) <= 12, projected
    stored = stored_workouts(engine)
    assert len(stored) == 48 and "w3" not in stored
    assert stored["w7"] == "Long run" and stored["w8"] == "Run 8"
