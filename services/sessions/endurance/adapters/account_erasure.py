"""Deletes one account's endurance rows (Core, caller's transaction): activities with their
streams, dated thresholds and readiness entries. Its feed entries go with the core's feed."""

from __future__ import annotations

from sqlalchemy import Connection, delete

from services.sessions.endurance.adapters.tables import (
    activities,
    activity_streams,
    athlete_thresholds,
    daily_readiness,
)


def delete_endurance_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's rows of every endurance table; returns how many went."""
    return sum(
        conn.execute(delete(table).where(table.c.account_id == account_id)).rowcount
        for table in (activity_streams, activities, athlete_thresholds, daily_readiness)
    )
