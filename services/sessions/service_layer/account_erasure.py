"""Erasing a deleted account from the sessions store: its sessions and change feed and its gym
client record, in one transaction, idempotently (docs/decisions/0033-account-deletion-everywhere.md).

Both live in this service's database, so one transaction covers both: the erasure is all or nothing.
"""

from __future__ import annotations

from sqlalchemy import Engine

from kinetic.errors import InvalidArgument
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.account_erasure import delete_session_rows
from services.sessions.gyms.adapters.account_erasure import delete_client_rows


class AccountErasure:
    """Called by auth's erasure outbox after the account can no longer sign in."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def erase(self, account_id: str) -> int:
        """Delete every row of the account; returns the count (0 when nothing was left)."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        with self._engine.begin() as conn:
            # A write in flight holds the account's lock: wait for it, then delete what it made.
            repo.lock_account(conn, account_id)
            return delete_session_rows(conn, account_id) + delete_client_rows(conn, account_id)
