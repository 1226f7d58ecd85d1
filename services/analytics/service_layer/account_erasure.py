"""Erasing a deleted account's derived data, in one transaction, idempotently
(docs/decisions/0033-account-deletion-everywhere.md).

Auth erases training and sessions first, so a catch-up that runs after this finds empty feeds and
derives nothing back.
"""

from __future__ import annotations

from kinetic.errors import InvalidArgument
from kinetic.storage import require_checkpoint_after_erasure
from services.analytics.adapters import account_erasure
from services.analytics.service_layer.catch_up import AccountFeeds


class AccountErasure:
    """Called by auth's erasure outbox after the account's sources are erased."""

    def __init__(self, feeds: AccountFeeds) -> None:
        self._feeds = feeds

    async def erase(self, account_id: str) -> int:
        """Delete every derived row of the account; returns the count (0 when nothing was left)."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        # Not kept caught up in the background any more: nothing re-derives the account's rows.
        self._feeds.forget(account_id)
        async with self._feeds.account_lock(account_id):
            with self._feeds.engine.begin() as conn:
                deleted = account_erasure.delete_account_rows(conn, account_id)
        # Confirmed only once the rows' earlier pages are out of SQLite's -wal file (decision 0071).
        require_checkpoint_after_erasure(self._feeds.engine)
        return deleted
