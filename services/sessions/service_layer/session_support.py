"""What every session use case shares: the clock and the account-locked write transaction.

A write runs in one transaction that first takes the account's write lock
(``session_repository.lock_account``), so writes of one account run one after another and each sees
the one before: a retry or a duplicate finds its work done and writes nothing. The change feed's
next sequence is taken under the same lock, so feed order is write order. Reads outside a write use
:func:`~services.sessions.adapters.read_engine.read_engine`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from services.sessions.adapters import session_repository as repo

Clock = Callable[[], datetime]
T = TypeVar("T")

# A unique constraint can still fire if two first writes of an account race to create its row;
# the retry then runs under the lock and sees the other's work.
WRITE_ATTEMPTS = 3


def utc_now() -> datetime:
    """The wall clock, in UTC."""
    return datetime.now(UTC)


def create_account(engine: Engine, account_id: str, now: datetime) -> None:
    """Create the account's lock row (its first write); a concurrent first write may have made it."""
    try:
        with engine.begin() as conn:
            repo.create_account(conn, account_id, now)
    except IntegrityError:
        pass  # created by a concurrent first write


def locked_write(
    engine: Engine,
    account_id: str,
    now: datetime,
    work: Callable[[Connection], T],
    *,
    no_account: Callable[[], T] | None = None,
) -> T:
    """Run ``work`` in one transaction holding the account's write lock; any error rolls it back.

    The lock is taken first, in the write's own transaction; only an account that has never
    written has no row to lock, and gets one before the lock is taken again. ``no_account`` is the
    answer for such an account instead, for a write that needs something the account made before
    (a session): it creates no row. (Before, every write first checked for the row on a connection
    of its own: a statement and, on PostgreSQL, four round trips more per write; see
    docs/decisions/0022-session-logging-benchmark.md.)
    """
    failures = 0
    while True:
        try:
            with engine.connect() as conn, conn.begin():
                if repo.lock_account(conn, account_id):
                    try:
                        result = work(conn)
                        _commit_queued(conn)
                    except BaseException:
                        _drop_if_queued(conn)
                        raise
                    return result
        except IntegrityError:
            failures += 1
            if failures == WRITE_ATTEMPTS:
                raise
            continue
        if no_account is not None:
            return no_account()
        create_account(engine, account_id, now)


# The psycopg pipeline a write's last statements are queued in (``send_with_commit``), kept on the
# connection only while ``locked_write`` runs.
_PIPELINE = "kinetic.sessions.pipeline"


def send_with_commit(conn: Connection) -> None:
    """Queue the rest of this write's statements and send them with its COMMIT, in one round trip.

    For a write that has read all it needs: on PostgreSQL its remaining statements go into a psycopg
    pipeline that ``locked_write`` ends with ``COMMIT`` and one ``Sync``, so inserts, updates, the
    change feed and the commit cost one wait instead of one each (decision 0119). Their errors (a
    unique key, say) arrive at that commit, before ``work``'s result is returned, and roll the whole
    write back as before. Nothing changes on SQLite, which has no round trips.
    """
    if conn.dialect.name != "postgresql" or _PIPELINE in conn.info:
        return
    pipeline = conn.connection.driver_connection.pipeline()  # type: ignore[union-attr]
    pipeline.__enter__()
    conn.info[_PIPELINE] = pipeline


def _commit_queued(conn: Connection) -> None:
    """Send what ``send_with_commit`` queued, ending with ``COMMIT``; SQLAlchemy's own commit then
    finds the transaction ended and sends nothing."""
    pipeline = conn.info.get(_PIPELINE)
    if pipeline is None:
        return
    driver: Any = conn.connection.driver_connection
    try:
        driver.execute("COMMIT")
        pipeline.__exit__(None, None, None)
    except driver.Error as error:  # psycopg's, not from a SQLAlchemy execute: wrapped as one would be
        raise DBAPIError.instance("COMMIT", None, error, type(driver).Error) from error
    del conn.info[_PIPELINE]


def _drop_if_queued(conn: Connection) -> None:
    """A write failed with statements queued: close its connection rather than reason about the
    state of a failed pipeline. The server rolls the transaction back and the pool connects afresh;
    the caller gets the write's own error (decision 0119)."""
    if conn.info.pop(_PIPELINE, None) is not None:
        conn.invalidate()
