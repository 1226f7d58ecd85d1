"""The library change feed's rows: numbered changes appended inside the write they describe.

Callers append while holding the account's write lock (``library_repository.lock_library``), so the
next sequence comes from the library row without a race and a rolled-back write appends nothing. The
counter lives on the library row, not in ``MAX(sequence)``, because erasure deletes the earlier
changes and the sequence must not restart (docs/decisions/0023-training-change-feed.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, insert, select, update

from services.training.adapters import tables
from services.training.domain.model import Occurrence, Plan, Workout

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
# ``append``'s statements, built once with bound parameters (decision 0123).
_LAST_SEQUENCE = select(_L.change_sequence).where(_L.account_id == bindparam("account"))
_INSERT_CHANGES = insert(tables.library_changes)
# Moves the sequence on by the entries appended and answers where it now stands: one statement
# instead of a read and an update (decision 0123).
_MOVE_SEQUENCE = (
    update(tables.libraries)
    .where(_L.account_id == bindparam("account"))
    .values(change_sequence=_L.change_sequence + bindparam("count"))
    .returning(_L.change_sequence)
)
_C = tables.library_changes.c


@dataclass(frozen=True)
class WorkoutRecord:
    """A workout as reads render it: its exercises' names and the schedule in force on ``today``."""

    workout: Workout
    exercise_names: Mapping[str, str]
    today: date


@dataclass(frozen=True)
class OccurrenceRecord:
    """An occurrence as reads render it: ``workout_names`` and ``placement`` (plan, phase) are keyed
    by workout ID; a replaced occurrence shows its replacement's name."""

    occurrence: Occurrence
    workout_names: Mapping[str, str] = field(default_factory=dict)
    placement: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def workout_name(self) -> str:
        """The name reads show (the replacement's, else the stored one of a deleted replacement)."""
        o = self.occurrence
        shown = o.replacement_workout_id or o.workout_id
        return self.workout_names.get(shown, o.extra.get("workoutName", ""))

    @property
    def record_id(self) -> str:
        """An occurrence's identity in the feed: ``<workoutID>/<originalScheduledDay>``."""
        return f"{self.occurrence.workout_id}/{self.occurrence.original_day.isoformat()}"


FeedRecord = WorkoutRecord | Plan | OccurrenceRecord
# A record to the bytes a row stores (the entrypoint's: the record's wire message).
RecordEncoder = Callable[[FeedRecord], bytes]


@dataclass(frozen=True)
class ChangeEntry:
    """One change to append: its kind, the record's ID and the record after it (if any)."""

    kind: str
    record_id: str
    record: FeedRecord | None


@dataclass(frozen=True)
class StoredChange:
    """One stored change: ``record`` is the stored bytes (empty when the change has no record)."""

    sequence: int
    kind: str
    record_id: str
    epoch: str
    record: bytes
    created_at: datetime  # UTC


def workout_entry(kind: str, workout: WorkoutRecord) -> ChangeEntry:
    """workout.created or workout.updated, with the workout as stored."""
    return ChangeEntry(kind, workout.workout.id, workout)


def plan_entry(kind: str, plan: Plan) -> ChangeEntry:
    """plan.created or plan.updated, with the plan as stored."""
    return ChangeEntry(kind, plan.id, plan)


def occurrence_entry(occurrence: OccurrenceRecord) -> ChangeEntry:
    """occurrence.changed; the occurrence is identified by its workout and original day."""
    return ChangeEntry(OCCURRENCE_CHANGED, occurrence.record_id, occurrence)


def lapsed_entry(occurrence: OccurrenceRecord) -> ChangeEntry:
    """occurrence.lapsed: no read shows the occurrence any more; the record is how reads last showed
    it, so a reader knows what it drops (docs/decisions/0023-training-change-feed.md)."""
    return ChangeEntry(OCCURRENCE_LAPSED, occurrence.record_id, occurrence)


def deletion_entry(kind: str, record_id: str) -> ChangeEntry:
    """workout.deleted or plan.deleted: no record."""
    return ChangeEntry(kind, record_id, None)


def append(
    conn: Connection,
    account_id: str,
    epoch: str,
    entries: Sequence[ChangeEntry],
    now: datetime,
    encode: RecordEncoder,
) -> int:
    """Append ``entries`` in order with the next sequences, each record stored as ``encode`` makes
    it (no record: empty bytes); returns the last sequence.

    The caller holds the account's write lock and its library row exists.
    """
    if not entries:
        return int(conn.execute(_LAST_SEQUENCE, {"account": account_id}).scalar_one())
    records = [b"" if entry.record is None else encode(entry.record) for entry in entries]
    last = int(conn.execute(_MOVE_SEQUENCE, {"account": account_id, "count": len(entries)}).scalar_one())
    first = last - len(entries)
    conn.execute(
        _INSERT_CHANGES,
        [
            {
                "account_id": account_id,
                "sequence": first + position,
                "kind": entry.kind,
                "record_id": entry.record_id,
                "epoch": epoch,
                "record": record,
                "created_at": now,
            }
            for position, (entry, record) in enumerate(zip(entries, records, strict=True), start=1)
        ],
    )
    return last


def erase(conn: Connection, account_id: str, new_epoch: str, now: datetime) -> int:
    """Drop the account's earlier changes (erased content must not stay readable) and append
    library.erased; the sequence carries on."""
    conn.execute(delete(tables.library_changes).where(_C.account_id == account_id))
    return append(
        conn,
        account_id,
        new_epoch,
        [ChangeEntry(LIBRARY_ERASED, new_epoch, None)],
        now,
        _no_record,
    )


def _no_record(record: FeedRecord) -> bytes:
    raise AssertionError("library.erased carries no record")


def read_after(conn: Connection, account_id: str, after: int, limit: int) -> tuple[list[StoredChange], int]:
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
    changes = [_stored(row) for row in rows if row.sequence is not None]
    return changes, int(rows[0].change_sequence)


def _stored(row: Row[*tuple[Any, ...]]) -> StoredChange:
    created: datetime = row.created_at
    return StoredChange(
        sequence=int(row.sequence),
        kind=row.kind,
        record_id=row.record_id,
        epoch=row.epoch,
        record=bytes(row.record),
        # SQLite hands back naive datetimes; every stored time is UTC.
        created_at=created if created.tzinfo else created.replace(tzinfo=UTC),
    )
