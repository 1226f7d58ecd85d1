"""UpdateLogRecord (a workout, an entry or a set) and LinkWorkoutToProgram; decision 0049.

Each change is checked whole before anything is written, runs under the account's lock, and
appends what readers need: ``session.updated`` for a workout's own fields (``session.completed``
when an end time completes it, with the points awarded), ``performance.logged`` for an entry or a
set (the whole entry), ``performance.deleted`` for an entry merged into another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from kinetic.record_ranges import WORKOUT_TIME
from services.sessions.adapters import change_feed
from services.sessions.adapters import performance_repository as performance_repo
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.session_codec import session_to_dict
from services.sessions.domain.session_model import Performance, Session
from services.sessions.domain.session_rules import MAX_NOTES, MAX_TITLE, Violations, require_account
from services.sessions.domain.xp import experience_points
from services.sessions.service_layer.idempotency import Answer, Idempotency, idempotent_write
from services.sessions.service_layer.session_support import Clock, locked_write, utc_now
from services.sessions.workout_log.adapters import entry_writes
from services.sessions.workout_log.adapters import log_repository as log_repo
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_errors import SetNotFound, WorkoutNotFound
from services.sessions.workout_log.domain.log_model import DEFAULT_TITLE, ProgramDay, RecordChange
from services.sessions.workout_log.domain.set_rules import changed_set, is_empty_change
from services.sessions.workout_log.service_layer import workout_store as store

# Which request fields apply to which target (the others are refused, naming the field).
_FIELDS_FOR = {
    "workout": {"title", "day", "notes", "end_time"},
    "entry": {"notes", "exercise_id", "exercise_name"},
    "set": {"set"},
}


def _given_fields(change: RecordChange) -> set[str]:
    given = {
        "title": change.title is not None,
        "day": bool(change.day),
        "notes": change.notes is not None,
        "end_time": change.end_time is not None,
        "exercise_id": bool(change.exercise_id),
        "exercise_name": bool(change.exercise_name),
        "set": change.set_change is not None and not is_empty_change(change.set_change),
    }
    return {name for name, present in given.items() if present}


def _check_fields_fit(kind: str, change: RecordChange) -> None:
    given = _given_fields(change)
    out = Violations()
    for name in sorted(given - _FIELDS_FOR[kind]):
        out.add(name, f"does not apply to a {kind}")
    if not given:
        allowed = ", ".join(sorted(_FIELDS_FOR[kind]))
        out.add(f"{kind}_id", f"names nothing to change: give one of {allowed}")
    out.raise_if_any()


class RecordEditing:
    """UpdateLogRecord and LinkWorkoutToProgram."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._clock = clock

    def update(
        self, account_id: str, request: Idempotency, change: RecordChange, encode: Callable[[Session], bytes]
    ) -> Answer:
        """Change one workout, entry or set; returns (the encoded) workout after the change."""
        require_account(account_id)
        target = rules.check_target(change.target)
        assert target.kind is not None
        _check_fields_fit(target.kind, change)
        now = self._clock()
        if target.kind == "workout":
            work = self._workout_change(account_id, target.record_id, change, now)
        elif target.kind == "entry":
            work = self._entry_change(account_id, target.record_id, change, now)
        else:
            work = self._set_change(account_id, target.record_id, change, now)
        return idempotent_write(self._engine, account_id, now, request, work, encode)

    def _workout_change(
        self, account_id: str, workout_id: str, change: RecordChange, now: datetime
    ) -> Callable[[Connection], Session]:
        out = Violations()
        title = None if change.title is None else rules.check_name(out, "title", change.title, MAX_TITLE)
        notes = None if change.notes is None else rules.check_text(out, "notes", change.notes, MAX_NOTES)
        zone = rules.check_zone(out, "time_zone", change.time_zone)
        day = rules.check_day(out, "day", change.day)
        out.raise_if_any()

        def write(conn: Connection) -> Session:
            session = store.workout(conn, account_id, workout_id)
            started_at, ended_at = session.started_at, session.ended_at
            if day is not None:
                started_at = rules.moved_to_day(session.started_at, day, zone)
                if ended_at is not None:
                    ended_at += started_at - session.started_at
            completes = change.end_time is not None and session.is_active
            if change.end_time is not None:
                ended_at = change.end_time
                problem = WORKOUT_TIME.problem(ended_at, now)
                if problem is not None:  # decision 0070
                    raise InvalidArgument.for_field("end_time", problem)
                if ended_at < started_at:
                    raise InvalidArgument.for_field("end_time", "must not be before the workout's start")
            changed = replace(
                session,
                title=session.title if title is None else (title or DEFAULT_TITLE),
                notes=session.notes if notes is None else notes,
                started_at=started_at,
                ended_at=ended_at,
            )
            if changed == session:
                return session
            kind, extra = "session.updated", {}
            if completes:
                points = experience_points(session.performances)
                changed = replace(changed, status="completed", experience_points=points)
                repo.add_experience(conn, account_id, points)
                kind, extra = "session.completed", {"experiencePointsAwarded": points}
            changed = replace(changed, updated_at=now)
            repo.update_session(conn, changed)
            change_feed.append(conn, account_id, kind, workout_id, session_to_dict(changed) | extra, now)
            return changed

        return write

    def _entry_change(
        self, account_id: str, entry_id: str, change: RecordChange, now: datetime
    ) -> Callable[[Connection], Session]:
        out = Violations()
        notes = None if change.notes is None else rules.check_text(out, "notes", change.notes, MAX_NOTES)
        exercise_id = ""
        if change.exercise_id:
            exercise_id = rules.check_exercise_id(out, "exercise_id", change.exercise_id)
        name = rules.check_name(out, "exercise_name", change.exercise_name, rules.MAX_EXERCISE_NAME)
        if name and not exercise_id:
            out.add("exercise_name", "goes with exercise_id")
        out.raise_if_any()

        def write(conn: Connection) -> Session:
            entry, session = store.entry_and_workout(conn, account_id, entry_id)
            changed = entry if notes is None else replace(entry, notes=notes)
            if exercise_id and exercise_id != entry.exercise_id:
                if rules.is_unconfirmed(entry.exercise_id):
                    # The key the entry was stored under: the words as the caller normalized them.
                    words = entry.exercise_id.removeprefix(rules.UNCONFIRMED_PREFIX)
                    log_repo.remember_words(conn, account_id, words, exercise_id, now)
                other = next((p for p in session.performances if p.exercise_id == exercise_id), None)
                if other is not None:
                    return self._merge(conn, account_id, session, changed, other, now)
                exercise = store.named_exercise(exercise_id, name)
                changed = replace(
                    changed,
                    exercise_id=exercise.exercise_id,
                    exercise_name=exercise.name,
                    catalog_exercise_id=exercise.catalog_exercise_id,
                )
                entry_writes.change_exercise(
                    conn, entry_id, exercise.exercise_id, exercise.name, exercise.catalog_exercise_id
                )
            elif name and name != entry.exercise_name:
                changed = replace(changed, exercise_name=name)
            if changed == entry:
                return session
            changed = replace(changed, updated_at=now)
            performance_repo.update_performance(conn, changed)
            store.touched(conn, session, now)
            store.entry_logged(conn, account_id, changed, now)
            return store.rescored(conn, account_id, session.session_id)

        return write

    @staticmethod
    def _merge(
        conn: Connection,
        account_id: str,
        session: Session,
        moving: Performance,
        into: Performance,
        now: datetime,
    ) -> Session:
        """Move ``moving``'s sets (renumbered after ``into``'s) into ``into`` and remove ``moving``."""
        highest = max((s.set_number for s in into.sets), default=0)
        if highest + len(moving.sets) > rules.MAX_SETS_PER_ENTRY:
            raise InvalidArgument.for_field(
                "exercise_id",
                f"the workout's entry of this exercise would hold over {rules.MAX_SETS_PER_ENTRY} sets",
            )
        added = rules.next_numbers(into.sets, moving.sets)
        notes = store.joined_notes("notes", into.notes, moving.notes)
        merged = replace(into, sets=into.sets + added, notes=notes, updated_at=now)
        performance_repo.delete_performance(conn, moving.performance_id)
        performance_repo.update_performance(conn, merged)
        performance_repo.put_sets(conn, merged.performance_id, added, set())
        store.touched(conn, session, now, performance_delta=-1)
        payload = {
            "performanceId": moving.performance_id,
            "sessionId": session.session_id,
            "exerciseId": moving.exercise_id,
            "deletedAt": now.isoformat(),
        }
        change_feed.append(conn, account_id, "performance.deleted", moving.performance_id, payload, now)
        store.entry_logged(conn, account_id, merged, now)
        return store.rescored(conn, account_id, session.session_id)

    def _set_change(
        self, account_id: str, set_id: str, change: RecordChange, now: datetime
    ) -> Callable[[Connection], Session]:
        scratch = Violations()
        address = rules.set_address(scratch, set_id)
        assert change.set_change is not None
        set_change = change.set_change

        def write(conn: Connection) -> Session:
            entry, session = store.entry_and_workout(conn, account_id, address.entry_id)
            stored = next((s for s in entry.sets if s.set_number == address.set_number), None)
            if stored is None:
                raise SetNotFound(f"entry {entry.performance_id} has no set {address.set_number}")
            out = Violations()
            updated = changed_set(out, stored, set_change)
            out.raise_if_any()
            if updated == stored:
                return session
            changed = replace(
                entry,
                sets=tuple(updated if s.set_number == stored.set_number else s for s in entry.sets),
                updated_at=now,
            )
            performance_repo.update_performance(conn, changed)
            performance_repo.put_sets(conn, entry.performance_id, [updated], {stored.set_number})
            store.touched(conn, session, now)
            store.entry_logged(conn, account_id, changed, now)
            return store.rescored(conn, account_id, session.session_id)

        return write

    def link(self, account_id: str, workout_id: str, program: ProgramDay | None, remove: bool) -> Session:
        """Label a workout as a program day (or remove the label); the same label again writes nothing."""
        require_account(account_id)
        out = Violations()
        workout_id = rules.check_object_id(out, "workout_id", workout_id)
        label = ("", "")
        if remove and program is not None:
            out.add("program", "must be unset with remove")
        elif not remove:
            if program is None:
                out.add("program", "is required (or set remove)")
            else:
                label = rules.check_program_day(out, "program", program.program_id, program.day)
        out.raise_if_any()
        now = self._clock()

        def write(conn: Connection) -> Session:
            session = store.workout(conn, account_id, workout_id)
            if (session.program_id, session.program_day) == label:
                return session
            changed = replace(session, program_id=label[0], program_day=label[1], updated_at=now)
            repo.update_session(conn, changed)
            change_feed.append(conn, account_id, "session.updated", workout_id, session_to_dict(changed), now)
            return changed

        def no_account() -> Session:
            raise WorkoutNotFound(f"workout {workout_id} does not exist")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)
