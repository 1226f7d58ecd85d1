"""Deletes every training row of one account, in one caller-owned transaction (Core).

Account deletion (docs/decisions/0033-account-deletion-everywhere.md), not library erasure: the
library row and the change feed go too, where ``EraseLibrary`` keeps the feed's sequence going.
A custom exercise's search terms and tags hang off its ``exercise_id`` and go before it; catalog
exercises (``account_id`` NULL) are never matched.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete, select

from services.training.adapters import tables

# Children first, the library row (the account's write lock) last.
_ACCOUNT_TABLES = (
    tables.plan_snapshots,
    tables.plan_workouts,
    tables.plan_goals,
    tables.workouts,
    tables.plans,
    tables.occurrence_overrides,
    tables.write_requests,
    tables.deletion_previews,
    tables.library_changes,
    tables.exercises,
    tables.libraries,
)


def delete_account_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's rows from every training table; returns how many went."""
    custom = select(tables.exercises.c.exercise_id).where(tables.exercises.c.account_id == account_id)
    deleted = 0
    for child in (tables.exercise_terms, tables.exercise_tags):
        deleted += conn.execute(delete(child).where(child.c.exercise_id.in_(custom))).rowcount
    for table in _ACCOUNT_TABLES:
        deleted += conn.execute(delete(table).where(table.c.account_id == account_id)).rowcount
    return deleted
