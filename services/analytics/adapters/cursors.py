"""Stored feed cursors: how far an account's derived data has caught up."""

from __future__ import annotations

from sqlalchemy import Connection, insert, select, update

from services.analytics.adapters.tables import feed_cursors


def read(conn: Connection, account_id: str, feed: str, *, for_update: bool = False) -> int:
    """The last applied sequence of ``feed`` for the account; 0 if none (row-locked on request)."""
    query = select(feed_cursors.c.sequence).where(
        feed_cursors.c.account_id == account_id, feed_cursors.c.feed == feed
    )
    value = conn.execute(query.with_for_update() if for_update else query).scalar_one_or_none()
    return int(value or 0)


def read_all(conn: Connection, account_id: str) -> dict[str, int]:
    """The last applied sequence of every feed the account has a cursor for, in one statement."""
    rows = conn.execute(
        select(feed_cursors.c.feed, feed_cursors.c.sequence).where(feed_cursors.c.account_id == account_id)
    )
    return {str(feed): int(sequence or 0) for feed, sequence in rows}


def advance(conn: Connection, account_id: str, feed: str, sequence: int) -> None:
    """Move the cursor forward to ``sequence`` (never backwards)."""
    current = conn.execute(
        select(feed_cursors.c.sequence)
        .where(feed_cursors.c.account_id == account_id, feed_cursors.c.feed == feed)
        .with_for_update()
    ).scalar_one_or_none()
    if current is None:
        conn.execute(insert(feed_cursors).values(account_id=account_id, feed=feed, sequence=sequence))
    elif sequence > current:
        conn.execute(
            update(feed_cursors)
            .where(feed_cursors.c.account_id == account_id, feed_cursors.c.feed == feed)
            .values(sequence=sequence)
        )
