"""Deletes one account's workout log rows (Core, caller's transaction): its preferences, remembered
words and undo snapshots. Its workouts and idempotent requests are the core's, erased by it."""

from __future__ import annotations

from sqlalchemy import Connection, delete

from services.sessions.workout_log.adapters.tables import (
    log_exercise_words,
    log_profiles,
    log_undo,
)


def delete_log_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's rows of every workout log table; returns how many went."""
    return sum(
        conn.execute(delete(table).where(table.c.account_id == account_id)).rowcount
        for table in (log_profiles, log_exercise_words, log_undo)
    )
