"""Applies training library changes to an account's Training facts (inside the cursor's transaction).

Each change replaces what was stored for its record, so applying it twice stores the same rows, and
library.erased drops every Training fact of the account: nothing derived from an erased library
stays (decision 0024). Kinds analytics has no use for are skipped; the cursor still moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection

from services.analytics.adapters import training_store as store
from services.analytics.domain.training_facts import OccurrenceFact, PlanFact, WorkoutFact
from services.analytics.service_layer.projection import Change


def apply_training_change(conn: Connection, account_id: str, change: Change) -> None:
    """Apply one library change."""
    record = change.record
    if change.kind in ("workout.created", "workout.updated") and isinstance(record, WorkoutFact):
        store.put_workout(conn, account_id, record)
    elif change.kind == "workout.deleted":
        store.delete_workout(conn, account_id, change.record_id)
    elif change.kind in ("plan.created", "plan.updated") and isinstance(record, PlanFact):
        store.put_plan(conn, account_id, record)
    elif change.kind == "plan.deleted":
        store.delete_plan(conn, account_id, change.record_id)
    elif change.kind == "occurrence.changed" and isinstance(record, OccurrenceFact):
        store.put_occurrence(conn, account_id, record)
    elif change.kind == "occurrence.lapsed" and isinstance(record, OccurrenceFact):
        # The calendar no longer shows it (its schedule dropped the day, or its workout was deleted).
        store.delete_occurrence(conn, account_id, record.workout_id, record.original_day)
    elif change.kind == "library.erased":
        store.erase(conn, account_id)


_PUT_WORKOUT = ("workout.created", "workout.updated")


def apply_training_changes(conn: Connection, account_id: str, changes: Sequence[Change]) -> None:
    """Apply a page of changes in order; each run of workouts created or updated one after another
    (a plan written at once) is stored together, a statement a table (decision 0090)."""
    run: list[WorkoutFact] = []
    for change in changes:
        if change.kind in _PUT_WORKOUT and isinstance(change.record, WorkoutFact):
            run.append(change.record)
            continue
        store.put_workouts(conn, account_id, run)
        run = []
        apply_training_change(conn, account_id, change)
    store.put_workouts(conn, account_id, run)
