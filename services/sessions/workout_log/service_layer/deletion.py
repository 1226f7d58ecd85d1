"""DeleteLogRecord and UndoDelete (decision 0049).

A deletion removes a workout, an entry or a set in any status and keeps every column of every row
it removed under a random token for 10 minutes (``adapters/snapshots.py``). UndoDelete puts those
rows back with the same IDs and set numbers, once, and appends ``session.restored`` (a workout) and
the restored entries' ``performance.logged``, so readers that applied the deletion see them again.
A token that is unknown (or another account's), used or expired, or whose rows no longer fit (the
workout is gone, the set number or the exercise was taken since) is UNDO_UNAVAILABLE, saying why.
Expired tokens of an account are deleted at its next deletion.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine

from services.sessions.adapters import change_feed
from services.sessions.adapters import performance_repository as performance_repo
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.session_codec import session_to_dict
from services.sessions.domain.session_model import Session
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.service_layer.session_support import Clock, locked_write, utc_now
from services.sessions.workout_log.adapters import entry_writes, snapshots, workout_reads
from services.sessions.workout_log.adapters import log_repository as log_repo
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_errors import (
    SetNotFound,
    UndoUnavailable,
    WorkoutNotFound,
)
from services.sessions.workout_log.domain.log_model import RecordKind, RecordTarget
from services.sessions.workout_log.service_layer import workout_store as store

UNDO_WINDOW = timedelta(minutes=10)


@dataclass(frozen=True)
class Deleted:
    """What went, the token that brings it back until ``undo_expires_at``, and the workout after."""

    kind: RecordKind
    undo_token: str
    undo_expires_at: datetime
    workout: Session | None


@dataclass(frozen=True)
class Restored:
    """What came back and the workout it is part of."""

    kind: str
    workout: Session


def _deleted_payload(performance_id: str, session_id: str, exercise_id: str, now: datetime) -> dict[str, Any]:
    return {
        "performanceId": performance_id,
        "sessionId": session_id,
        "exerciseId": exercise_id,
        "deletedAt": now.isoformat(),
    }


class LogDeletion:
    """DeleteLogRecord and UndoDelete."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._clock = clock

    def delete(self, account_id: str, target: RecordTarget) -> Deleted:
        """Delete one workout, entry or set and keep it for UndoDelete."""
        require_account(account_id)
        target = rules.check_target(target)
        now = self._clock()
        expires = now + UNDO_WINDOW
        token = secrets.token_urlsafe(24)

        def write(conn: Connection) -> Deleted:
            log_repo.prune_undo(conn, account_id, now)
            if target.kind == "workout":
                snapshot = self._delete_workout(conn, account_id, target.record_id, now)
                after = None
            elif target.kind == "entry":
                snapshot, after = self._delete_entry(conn, account_id, target.record_id, now)
            else:
                snapshot, after = self._delete_set(conn, account_id, target.record_id, now)
            assert target.kind is not None
            log_repo.put_undo(conn, token, account_id, target.kind, snapshot, now, expires)
            return Deleted(target.kind, token, expires, after)

        def no_account() -> Deleted:
            raise WorkoutNotFound(f"{target.kind} {target.record_id} does not exist")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)

    @staticmethod
    def _delete_workout(conn: Connection, account_id: str, workout_id: str, now: datetime) -> dict[str, Any]:
        session = store.workout(conn, account_id, workout_id)
        snapshot = snapshots.of_session(conn, workout_id)
        repo.delete_session(conn, workout_id)
        repo.add_experience(conn, account_id, -session.experience_points)
        payload = session_to_dict(session) | {
            "deletedAt": now.isoformat(),
            "performanceIds": [p.performance_id for p in session.performances],
        }
        change_feed.append(conn, account_id, "session.deleted", workout_id, payload, now)
        return snapshot

    @staticmethod
    def _delete_entry(
        conn: Connection, account_id: str, entry_id: str, now: datetime
    ) -> tuple[dict[str, Any], Session]:
        entry, session = store.entry_and_workout(conn, account_id, entry_id)
        snapshot = snapshots.of_performance(conn, entry_id)
        performance_repo.delete_performance(conn, entry_id)
        store.touched(conn, session, now, performance_delta=-1)
        payload = _deleted_payload(entry_id, session.session_id, entry.exercise_id, now)
        change_feed.append(conn, account_id, "performance.deleted", entry_id, payload, now)
        return snapshot, store.rescored(conn, account_id, session.session_id)

    @staticmethod
    def _delete_set(
        conn: Connection, account_id: str, set_id: str, now: datetime
    ) -> tuple[dict[str, Any], Session]:
        address = rules.set_address(Violations(), set_id)
        entry, session = store.entry_and_workout(conn, account_id, address.entry_id)
        if not any(s.set_number == address.set_number for s in entry.sets):
            raise SetNotFound(f"entry {entry.performance_id} has no set {address.set_number}")
        snapshot = snapshots.of_set(conn, entry.performance_id, address.set_number)
        entry_writes.delete_set(conn, entry.performance_id, address.set_number)
        changed = replace(
            entry,
            sets=tuple(s for s in entry.sets if s.set_number != address.set_number),
            updated_at=now,
        )
        performance_repo.update_performance(conn, changed)
        store.touched(conn, session, now)
        store.entry_logged(conn, account_id, changed, now)
        return snapshot, store.rescored(conn, account_id, session.session_id)

    def undo(self, account_id: str, token: str) -> Restored:
        """Restore what the token's deletion removed, with the same IDs; once, within 10 minutes."""
        require_account(account_id)
        if not token:
            out = Violations()
            out.add("undo_token", "is required (the token DeleteLogRecord returned)")
            out.raise_if_any()
        now = self._clock()

        def write(conn: Connection) -> Restored:
            record = log_repo.get_undo(conn, account_id, token)
            if record is None:
                raise UndoUnavailable(
                    "this undo token is unknown: it was never issued to this account, or it expired "
                    "and was cleaned up"
                )
            if record.used_at is not None:
                raise UndoUnavailable(f"this undo token was already used, at {record.used_at.isoformat()}")
            if record.expires_at <= now:
                raise UndoUnavailable(
                    f"this undo token expired at {record.expires_at.isoformat()} (tokens last "
                    f"{int(UNDO_WINDOW.total_seconds() // 60)} minutes)"
                )
            snapshot: snapshots.Snapshot = record.payload
            if record.kind == "workout":
                session = self._restore_workout(conn, account_id, snapshot, now)
            elif record.kind == "entry":
                session = self._restore_entry(conn, account_id, snapshot, now)
            else:
                session = self._restore_set(conn, account_id, snapshot, now)
            log_repo.mark_undo_used(conn, token, now)
            return Restored(record.kind, session)

        def no_account() -> Restored:
            raise UndoUnavailable("this undo token is unknown")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)

    @staticmethod
    def _restore_workout(
        conn: Connection, account_id: str, snapshot: snapshots.Snapshot, now: datetime
    ) -> Session:
        row = snapshot["sessions"][0]
        if row["active_key"] is not None and workout_reads.active_key_taken(
            conn, account_id, row["active_key"]
        ):
            raise UndoUnavailable(
                "another workout of the same kind is in progress now; finish it, then undo again"
            )
        snapshots.restore(conn, snapshot)
        session = store.workout(conn, account_id, row["session_id"])
        repo.add_experience(conn, account_id, session.experience_points)
        change_feed.append(
            conn, account_id, "session.restored", session.session_id, session_to_dict(session), now
        )
        for entry in session.performances:
            store.entry_logged(conn, account_id, entry, now)
        return session

    @staticmethod
    def _restore_entry(
        conn: Connection, account_id: str, snapshot: snapshots.Snapshot, now: datetime
    ) -> Session:
        row = snapshot["performances"][0]
        session = repo.get_session(conn, account_id, row["session_id"], with_performances=True)
        if session is None:
            raise UndoUnavailable("the entry's workout was deleted since; undo that deletion first")
        if any(p.exercise_id == row["exercise_id"] for p in session.performances):
            raise UndoUnavailable("the workout has another entry of this exercise now; add the sets there")
        row["position"] = min(row["position"], session.performance_count)
        snapshots.restore(conn, snapshot)
        store.touched(conn, session, now, performance_delta=1)
        entry, _ = store.entry_and_workout(conn, account_id, row["performance_id"])
        store.entry_logged(conn, account_id, entry, now)
        return store.rescored(conn, account_id, session.session_id)

    @staticmethod
    def _restore_set(
        conn: Connection, account_id: str, snapshot: snapshots.Snapshot, now: datetime
    ) -> Session:
        row = snapshot["performance_sets"][0]
        if workout_reads.session_of_entry(conn, account_id, row["performance_id"]) is None:
            raise UndoUnavailable("the set's entry was deleted since; undo that deletion first")
        entry, session = store.entry_and_workout(conn, account_id, row["performance_id"])
        if any(s.set_number == row["set_number"] for s in entry.sets):
            raise UndoUnavailable(f"the entry has a set {row['set_number']} again; the old one cannot return")
        snapshots.restore(conn, snapshot)
        entry, session = store.entry_and_workout(conn, account_id, row["performance_id"])
        entry = replace(entry, updated_at=now)
        performance_repo.update_performance(conn, entry)
        store.touched(conn, session, now)
        store.entry_logged(conn, account_id, entry, now)
        return store.rescored(conn, account_id, session.session_id)
