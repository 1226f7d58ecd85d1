"""The library change feed's rows: numbered changes appended inside the write they describe.

Callers append while holding the account's write lock (``library_repository.lock_library``), so the
next sequence comes from the library row without a race and a rolled-back write appends nothing. The
counter lives on the library row, not in ``MAX(sequence)``, because erasure deletes the earlier
changes and the sequence must not restart (docs/decisions/0023-training-change-feed.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Row, delete, insert, select, update

from kinetic.training.v1 import training_pb2
from services.training.adapters import tables

WORKOUT_CREATED = "workout.created"
WORKOUT_UPDATED = "workout.updated"
WORKOUT_DELETED = "workout.deleted"
PLAN_CREATED = "plan.created"
PLAN_UPDATED = "plan.updated"
PLAN_DELETED = "plan.deleted"
OCCURRENCE_CHANGED = "occurrence.changed"
OCCURRENCE_LAPSED = "occurrence.lapsed"
LIBRARY_ERASED = "library.erased"

_L = tables.libraries.c
_C = tables.library_changes.c


@dataclass(frozen=True)
class ChangeEntry:
    """One change to append: its kind, the record's ID and the record after it (if any)."""

    kind: str
    record_id: str
    record: training_pb2.LibraryChange  # only the ``record`` oneof is set


def workout_entry(kind: str, workout: training_pb2.Workout) -> ChangeEntry:
    """workout.created or workout.updated, with the workout as stored."""
    return ChangeEntry(kind, workout.id, training_pb2.LibraryChange(workout=workout))


def plan_entry(kind: str, plan: training_pb2.Plan) -> ChangeEntry:
    """plan.created or plan.updated, with the plan as stored."""
    return ChangeEntry(kind, plan.id, training_pb2.LibraryChange(plan=plan))


def occurrence_record_id(occurrence: training_pb2.Occurrence) -> str:
    """An occurrence's identity in the feed: ``<workoutID>/<originalScheduledDay>``."""
    return f"{occurrence.workout_id}/{occurrence.original_scheduled_day}"


def occurrence_entry(occurrence: training_pb2.Occurrence) -> ChangeEntry:
    """occurrence.changed; the occurrence is identified by its workout and original day."""
    record = training_pb2.LibraryChange(occurrence=occurrence)
    return ChangeEntry(OCCURRENCE_CHANGED, occurrence_record_id(occurrence), record)


def lapsed_entry(occurrence: training_pb2.Occurrence) -> ChangeEntry:
    """occurrence.lapsed: no read shows the occurrence any more; the record is how reads last showed
    it, so a reader knows what it drops (docs/decisions/0023-training-change-feed.md)."""
    record = training_pb2.LibraryChange(occurrence=occurrence)
    return ChangeEntry(OCCURRENCE_LAPSED, occurrence_record_id(occurrence), record)


def deletion_entry(kind: str, record_id: str) -> ChangeEntry:
    """workout.deleted or plan.deleted: no record."""
    return ChangeEntry(kind, record_id, training_pb2.LibraryChange())


def append(
    conn: Connection, account_id: str, epoch: str, entries: Sequence[ChangeEntry], now: datetime
) -> int:
    """Append ``entries`` in order with the next sequences; returns the last one.

    The caller holds the account's write lock and its library row exists.
    """
    last = conn.execute(select(_L.change_sequence).where(_L.account_id == account_id)).scalar_one()
    if not entries:
        return int(last)
    conn.execute(
        insert(tables.library_changes),
        [
            {
                "account_id": account_id,
                "sequence": last + position,
                "kind": entry.kind,
                "record_id": entry.record_id,
                "epoch": epoch,
                "record": entry.record.SerializeToString(),
                "created_at": now,
            }
            for position, entry in enumerate(entries, start=1)
        ],
    )
    last += len(entries)
    conn.execute(update(tables.libraries).where(_L.account_id == account_id).values(change_sequence=last))
    return int(last)


def erase(conn: Connection, account_id: str, new_epoch: str, now: datetime) -> int:
    """Drop the account's earlier changes (erased content must not stay readable) and append
    library.erased; the sequence carries on."""
    conn.execute(delete(tables.library_changes).where(_C.account_id == account_id))
    return append(
        conn,
        account_id,
        new_epoch,
        [ChangeEntry(LIBRARY_ERASED, new_epoch, training_pb2.LibraryChange())],
        now,
    )


def read_after(
    conn: Connection, account_id: str, after: int, limit: int
) -> tuple[list[training_pb2.LibraryChange], int]:
    """Up to ``limit`` changes with sequence > ``after``, ascending, and the feed's latest sequence.

    One statement (the library row outer-joined to its changes) so the page and the latest sequence
    come from the same snapshot on both databases; an account without a library row reads as an
    empty feed at 0 and nothing is created.
    """
    rows = conn.execute(
        select(_L.change_sequence, _C.sequence, _C.kind, _C.record_id, _C.epoch, _C.record, _C.created_at)
        .select_from(
            tables.libraries.outerjoin(
                tables.library_changes, (_C.account_id == _L.account_id) & (_C.sequence > after)
            )
        )
        .where(_L.account_id == account_id)
        .order_by(_C.sequence)
        .limit(limit)
    ).all()
    if not rows:
        return [], 0
    changes = [_to_pb(row) for row in rows if row.sequence is not None]
    return changes, int(rows[0].change_sequence)


def _to_pb(row: Row[*tuple[Any, ...]]) -> training_pb2.LibraryChange:
    change = training_pb2.LibraryChange()
    change.ParseFromString(bytes(row.record))
    change.sequence = row.sequence
    change.kind = row.kind
    change.record_id = row.record_id
    change.epoch = row.epoch
    created: datetime = row.created_at
    # SQLite hands back naive datetimes; every stored time is UTC.
    change.create_time.FromDatetime(created if created.tzinfo else created.replace(tzinfo=UTC))
    return change
