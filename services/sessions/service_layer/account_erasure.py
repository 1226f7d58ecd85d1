"""Erasing a deleted account from the sessions store: its sessions and change feed and, through
``also`` (the gym module's client rows, plugged in by the bootstrap: the core does not know gyms,
decision 0029), everything else of it in this database; one transaction, idempotently
(docs/decisions/0033-account-deletion-everywhere.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from kinetic.storage import require_checkpoint_after_erasure
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.account_erasure import delete_session_rows

# Deletes one account's rows of some tables in the caller's transaction; returns how many went.
RowEraser = Callable[[Connection, str], int]


class AccountErasure:
    """Called by auth's erasure outbox after the account can no longer sign in."""

    def __init__(self, engine: Engine, also: Sequence[RowEraser] = ()) -> None:
        self._engine = engine
        self._erasers = [delete_session_rows, *also]

    def erase(self, account_id: str) -> int:
        """Delete every row of the account; returns the count (0 when nothing was left)."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        with self._engine.begin() as conn:
            # A write in flight holds the account's lock: wait for it, then delete what it made.
            repo.lock_account(conn, account_id)
            deleted = sum(erase(conn, account_id) for erase in self._erasers)
        # Confirmed only once the rows' earlier pages are out of SQLite's -wal file (decision 0071).
        require_checkpoint_after_erasure(self._engine)
        return deleted
