"""A page of sessions changes applied at once stores exactly what one change at a time stores
(decision 0121), on SQLite and PostgreSQL.

The feeds are random but seeded: sessions started, moved in time, completed, cancelled and deleted;
performances logged set by set, corrected, moved to another session or exercise, emptied and
deleted; logged before their session's own change; exercises mapped to catalog exercises and
renamed; ties between sessions on the same figure. Each feed is applied one change at a time
(``apply_change``) and page by page (``apply_changes``, at several page sizes), and every derived
row must be the same.
"""

from __future__ import annotations

import random

import pytest

from kinetic.storage import upgrade
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import AccountFeeds, FeedFollower
from services.analytics.service_layer.projection import apply_change, apply_changes
from tests.integration.analytics.analytics_support import (
    ACCOUNT,
    DAY1,
    LibraryFeed,
    ListFeed,
    a_set,
    days,
    dump,
)

EXERCISES = ("barbell-back-squat", "barbell-bench-press", "my-press")


def random_feed(seed: int, changes: int = 400) -> ListFeed:
    """``changes`` or so random sessions changes (a few hundred covers every kind many times)."""
    rng = random.Random(seed)
    feed = ListFeed()
    sessions: list[str] = []
    performances: dict[str, tuple[str, str, list]] = {}
    while len(feed.changes) < changes:
        roll = rng.random()
        if roll < 0.12 or not sessions:
            session = f"s{len(sessions)}"
            sessions.append(session)
            if rng.random() < 0.9:  # else its first performance comes before it
                feed.start(session, DAY1 + days(rng.randrange(60)))
        elif roll < 0.2:
            status = rng.choice(("completed", "cancelled", "in_progress"))
            # Most keep their start; some move to another day, some to the same day as another.
            at = DAY1 + days(rng.randrange(60) if rng.random() < 0.3 else 0)
            feed.start(
                rng.choice(sessions), at, status, ended_at=at + days(1) if status == "completed" else None
            )
        elif roll < 0.23:
            feed.add("session.deleted", rng.choice(sessions))
        elif roll < 0.27 and performances:
            performance = rng.choice(sorted(performances))
            feed.add("performance.deleted", performance)
            performances.pop(performance)
        else:
            if performances and rng.random() < 0.6:
                performance = rng.choice(sorted(performances))
                session, exercise, sets = performances[performance]
                if rng.random() < 0.1:  # moved to another session or exercise
                    session, exercise = rng.choice(sessions), rng.choice(EXERCISES)
            else:
                performance = f"p{len(performances)}-{len(feed.changes)}"
                session, exercise, sets = rng.choice(sessions), rng.choice(EXERCISES), []
            if rng.random() < 0.05:
                sets = []  # emptied
            else:
                # Loads on a coarse grid so sessions tie on a figure now and then.
                sets = [
                    *sets,
                    a_set(
                        len(sets) + 1,
                        rng.choice((None, 60, 80, 100)),
                        rng.choice((1, 5, 8, "AMRAP")),
                        rng.choice("NNNWF"),
                        estimated=rng.random() < 0.1,
                        completed=rng.random() < 0.9,
                    ),
                ]
            performances[performance] = (session, exercise, sets)
            catalog = rng.choice(("", "barbell-overhead-press", exercise)) if exercise == "my-press" else ""
            feed.log(
                performance, session, exercise, list(sets), catalog, rng.choice(("", "My press", "Press"))
            )
    return feed


async def follow(engine, feed: ListFeed, page_size: int, at_once: bool) -> None:
    upgrade(engine, MIGRATIONS)
    sessions = FeedFollower(
        engine,
        ListFeed(list(feed.changes), page_size=page_size),
        apply_change,
        apply_changes if at_once else None,
    )
    await AccountFeeds(engine, sessions, FeedFollower(engine, LibraryFeed())).catch_up(
        ACCOUNT, wait_seconds=600
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_page_at_once_stores_what_one_change_at_a_time_stores(engines, seed):
    feed = random_feed(seed)
    one_by_one = engines("analytics_one_by_one")
    await follow(one_by_one, feed, 1, at_once=False)
    expected = dump(one_by_one)
    assert expected["session_points"] and expected["exercise_records"] and expected["exercise_links"]
    for page_size in (7, 1000):
        paged = engines(f"analytics_paged_{page_size}")
        await follow(paged, feed, page_size, at_once=True)
        assert dump(paged) == expected, f"page size {page_size}"


async def test_pages_at_once_over_stored_history_store_what_one_change_at_a_time_stores(engines):
    # Catching up in steps: each page meets points and records earlier pages stored.
    feed = random_feed(4)
    one_by_one = engines("analytics_one_by_one")
    await follow(one_by_one, feed, 1000, at_once=False)
    paged = engines("analytics_paged")
    upgrade(paged, MIGRATIONS)
    live = ListFeed(page_size=13)
    feeds = AccountFeeds(
        paged, FeedFollower(paged, live, apply_change, apply_changes), FeedFollower(paged, LibraryFeed())
    )
    for start in range(0, len(feed.changes), 29):
        live.changes.extend(feed.changes[start : start + 29])
        await feeds.catch_up(ACCOUNT, wait_seconds=600)
    assert dump(paged) == dump(one_by_one)
