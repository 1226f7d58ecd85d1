"""Stored feed cursors: how far an account's derived data has caught up."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, insert, select, update

from services.analytics.adapters.tables import feed_cursors

# Built once with bound parameters: every read's catch-up reads a cursor before and after asking the
# feed, and building a statement costs several times what SQLite takes to run it (decision 0123).
_READ = select(feed_cursors.c.sequence).where(
    feed_cursors.c.account_id == bindparam("account_id"), feed_cursors.c.feed == bindparam("feed")
)
_READ_FOR_UPDATE = _READ.with_for_update()
_READ_ALL = select(feed_cursors.c.feed, feed_cursors.c.sequence).where(
    feed_cursors.c.account_id == bindparam("account_id")
)


def read(conn: Connection, account_id: str, feed: str, *, for_update: bool = False) -> int:
    """The last applied sequence of ``feed`` for the account; 0 if none (row-locked on request)."""
    query = _READ_FOR_UPDATE if for_update else _READ
    value = conn.execute(query, {"account_id": account_id, "feed": feed}).scalar_one_or_none()
    return int(value or 0)


def read_all(conn: Connection, account_id: str) -> dict[str, int]:
    """The last applied sequence of every feed the account has a cursor for, in one statement."""
    rows = conn.execute(_READ_ALL, {"account_id": account_id})
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
