"""What every session use case shares: the clock and the account-locked write transaction.

A write runs in one transaction that first takes the account's write lock
(``session_repository.lock_account``), so writes of one account run one after another and each sees
the one before: a retry or a duplicate finds its work done and writes nothing. The change feed's
next sequence is taken under the same lock, so feed order is write order.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from services.sessions.adapters import session_repository as repo

Clock = Callable[[], datetime]
T = TypeVar("T")

# A unique constraint can still fire if two first writes of an account race to create its row;
# the retry then runs under the lock and sees the other's work.
WRITE_ATTEMPTS = 3


def utc_now() -> datetime:
    """The wall clock, in UTC."""
    return datetime.now(UTC)


def ensure_account(engine: Engine, account_id: str, now: datetime) -> None:
    """Create the account's lock row on its first write."""
    with engine.connect() as conn:
        if repo.account_exists(conn, account_id):
            return
    try:
        with engine.begin() as conn:
            repo.create_account(conn, account_id, now)
    except IntegrityError:
        pass  # created by a concurrent first write


def locked_write(engine: Engine, account_id: str, now: datetime, work: Callable[[Connection], T]) -> T:
    """Run ``work`` in one transaction holding the account's write lock; any error rolls it back."""
    ensure_account(engine, account_id, now)
    for attempt in range(WRITE_ATTEMPTS):
        try:
            with engine.begin() as conn:
                repo.lock_account(conn, account_id)
                return work(conn)
        except IntegrityError:
            if attempt == WRITE_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")
