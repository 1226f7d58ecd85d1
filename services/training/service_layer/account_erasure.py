"""Erasing a deleted account from training: every row it owns, in one transaction, idempotently."""

from __future__ import annotations

from sqlalchemy import Engine

from kinetic.storage import require_checkpoint_after_erasure
from services.training.adapters import account_erasure
from services.training.adapters import library_repository as repo
from services.training.service_layer.training_library import require_account


class AccountErasure:
    """Called by auth's erasure outbox after the account can no longer sign in (decision 0033)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def erase(self, account_id: str) -> int:
        """Delete every row of the account; returns the count (0 when nothing was left)."""
        require_account(account_id)
        with self._engine.begin() as conn:
            # A write already in flight holds the library lock: wait for it, then delete what it made.
            repo.lock_library(conn, account_id)
            deleted = account_erasure.delete_account_rows(conn, account_id)
        # Confirmed only once the rows' earlier pages are out of SQLite's -wal file (decision 0071).
        require_checkpoint_after_erasure(self._engine)
        return deleted
