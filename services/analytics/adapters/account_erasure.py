"""Deletes every analytics row of one account (Core, caller's transaction).

Everything analytics stores is derived for one account and keyed by ``account_id`` (cursors, facts,
records, the training projection), so every table with that column is swept: a derived table added
later is erased without a change here. A table without the column would be shared by all accounts.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete

from services.analytics.adapters.tables import metadata


def delete_account_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's derived rows; returns how many went."""
    deleted = 0
    for table in reversed(metadata.sorted_tables):
        if "account_id" in table.c:
            deleted += conn.execute(delete(table).where(table.c.account_id == account_id)).rowcount
    return deleted
