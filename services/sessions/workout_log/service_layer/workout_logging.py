"""LogWorkout (a whole finished workout in one transaction) and AddSets (sets for one entry of the
session in progress, a named workout or a named entry). Rules: docs/decisions/0049-workout-log.md.

Both are idempotent by key (``idempotency.py``) and write under the account's lock, appending to
the change feed what every reader already understands: the session first, then one
``performance.logged`` per entry with its whole set list (analytics applies both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Connection, Engine

from kinetic.record_ranges import WORKOUT_TIME
from services.sessions.adapters import change_feed
from services.sessions.adapters import performance_repository as performance_repo
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.session_codec import session_to_dict
from services.sessions.domain.object_ids import new_object_id
from services.sessions.domain.session_errors import TooManyPerformances
from services.sessions.domain.session_model import Performance, Session, SessionSource
from services.sessions.domain.session_rules import (
    MAX_NOTES,
    MAX_PERFORMANCES_PER_SESSION,
    MAX_TITLE,
    Violations,
    require_account,
)
from services.sessions.domain.xp import experience_points
from services.sessions.service_layer.idempotency import Answer, Idempotency, idempotent_write
from services.sessions.service_layer.session_support import Clock, utc_now
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_model import (
    DEFAULT_TITLE,
    WORKOUT_SOURCE,
    AddSetsInput,
    WorkoutInput,
)
from services.sessions.workout_log.service_layer import workout_store as store

FREESTYLE = SessionSource(WORKOUT_SOURCE)


@dataclass(frozen=True)
class LoggedWorkout:
    """The stored workout and its entries stored unconfirmed."""

    workout: Session
    unconfirmed_entry_ids: tuple[str, ...]


@dataclass(frozen=True)
class AddedSets:
    """The workout after the sets were added, the entry they joined, and what happened."""

    workout: Session
    entry_id: str
    unconfirmed: bool
    started: bool


def _too_many_sets(field: str, count: int) -> None:
    if count > rules.MAX_SETS_PER_ENTRY:
        out = Violations()
        most = rules.MAX_SETS_PER_ENTRY
        out.add(field, f"the entry would hold {count} sets; an entry holds at most {most}")
        out.raise_if_any()


class WorkoutLogging:
    """LogWorkout and AddSets."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._clock = clock

    def log_workout(
        self,
        account_id: str,
        request: Idempotency,
        given: WorkoutInput,
        encode: Callable[[LoggedWorkout], bytes],
    ) -> Answer:
        """Store one completed freestyle workout with its entries (same exercise: one entry)."""
        require_account(account_id)
        now = self._clock()
        out = Violations()
        zone = rules.check_zone(out, "time_zone", given.time_zone)
        day = rules.check_day(out, "day", given.day)
        if day is not None and day > rules.local_day(now, zone):
            out.add("day", "must not be after today in time_zone")
        title = rules.check_name(out, "title", given.title, MAX_TITLE) or DEFAULT_TITLE
        notes = rules.check_text(out, "notes", given.notes, MAX_NOTES)
        program = ("", "")
        if given.program is not None:
            program = rules.check_program_day(out, "program", given.program.program_id, given.program.day)
        entries = rules.check_entries(out, given.entries)
        for field, moment in (("start_time", given.start_time), ("end_time", given.end_time)):
            problem = None if moment is None else WORKOUT_TIME.problem(moment, now)
            if problem is not None:  # decision 0070
                out.add(field, problem)
        out.raise_if_any()
        started_at = given.start_time or rules.workout_start(day, zone, now)
        ended_at = given.end_time or started_at
        if ended_at < started_at:
            out.add("end_time", "must not be before the workout's start")
        out.raise_if_any()

        def write(conn: Connection) -> LoggedWorkout:
            session_id = new_object_id(now)
            joined: dict[str, Performance] = {}
            unconfirmed: list[str] = []
            for i, entry in enumerate(entries):
                exercise = store.resolve_exercise(conn, account_id, entry)
                before = joined.get(exercise.exercise_id)
                if before is None:
                    made = store.new_entry(session_id, exercise, entry.notes, entry.sets, now)
                    joined[exercise.exercise_id] = made
                    if exercise.unconfirmed:
                        unconfirmed.append(made.performance_id)
                    continue
                _too_many_sets(f"entries[{i}].sets", len(before.sets) + len(entry.sets))
                joined[exercise.exercise_id] = replace(
                    before,
                    notes=store.joined_notes(f"entries[{i}].notes", before.notes, entry.notes),
                    sets=before.sets + rules.next_numbers(before.sets, entry.sets),
                )
            performances = tuple(joined.values())
            points = experience_points(performances)
            session = Session(
                session_id=session_id,
                account_id=account_id,
                source=FREESTYLE,
                company_id="",
                status="completed",
                title=title,
                notes=notes,
                started_at=started_at,
                ended_at=ended_at,
                updated_at=now,
                experience_points=points,
                performance_count=len(performances),
                program_id=program[0],
                program_day=program[1],
            )
            repo.insert_session(conn, session)
            repo.add_experience(conn, account_id, points)
            payload = session_to_dict(session) | {"experiencePointsAwarded": points}
            change_feed.append(conn, account_id, "session.logged", session_id, payload, now)
            for position, performance in enumerate(performances):
                store.store_new_entry(conn, account_id, performance, position)
                store.entry_logged(conn, account_id, performance, now)
            return LoggedWorkout(replace(session, performances=performances), tuple(unconfirmed))

        return idempotent_write(self._engine, account_id, now, request, write, encode)

    def add_sets(
        self,
        account_id: str,
        request: Idempotency,
        given: AddSetsInput,
        encode: Callable[[AddedSets], bytes],
    ) -> Answer:
        """Append sets to an entry: of ``entry_id``, else of the exercise in the workout, else new.

        The workout is the entry's, else ``workout_id``, else the account's freestyle session in
        progress (or paused), else a new one started here.
        """
        require_account(account_id)
        now = self._clock()
        out = Violations()
        entry_id = rules.check_object_id(out, "entry_id", given.entry_id, required=False)
        workout_id = rules.check_object_id(out, "workout_id", given.workout_id, required=False)
        rules.check_zone(out, "time_zone", given.time_zone)
        entry = rules.check_entry(out, "entry.", given.entry, sets_only=bool(entry_id))
        out.raise_if_any()

        def write(conn: Connection) -> AddedSets:
            started = False
            target: Performance | None = None
            if entry_id:
                target, session = store.entry_and_workout(conn, account_id, entry_id)
            elif workout_id:
                session = store.workout(conn, account_id, workout_id)
            else:
                active = repo.find_active(conn, account_id, FREESTYLE)
                if active is None:
                    session, started = self._start(conn, account_id, now), True
                else:
                    session = store.workout(conn, account_id, active.session_id)
            unconfirmed = bool(target and rules.is_unconfirmed(target.exercise_id))
            if target is None:
                exercise = store.resolve_exercise(conn, account_id, entry)
                unconfirmed = exercise.unconfirmed
                target = next(
                    (p for p in session.performances if p.exercise_id == exercise.exercise_id), None
                )
                if target is None:
                    return self._first_sets(conn, account_id, session, exercise, entry, started, now)
            highest = max((s.set_number for s in target.sets), default=0)
            _too_many_sets("entry.sets", highest + len(entry.sets))
            added = rules.next_numbers(target.sets, entry.sets)
            notes = store.joined_notes("entry.notes", target.notes, entry.notes)
            joined = replace(target, sets=target.sets + added, notes=notes, updated_at=now)
            performance_repo.update_performance(conn, joined)
            performance_repo.put_sets(conn, joined.performance_id, added, set())
            store.touched(conn, session, now)
            store.entry_logged(conn, account_id, joined, now)
            after = store.rescored(conn, account_id, session.session_id)
            return AddedSets(after, joined.performance_id, unconfirmed, started)

        return idempotent_write(self._engine, account_id, now, request, write, encode)

    @staticmethod
    def _start(conn: Connection, account_id: str, now: datetime) -> Session:
        session = Session(
            session_id=new_object_id(now),
            account_id=account_id,
            source=FREESTYLE,
            company_id="",
            status="in_progress",
            title=DEFAULT_TITLE,
            notes="",
            started_at=now,
            ended_at=None,
            updated_at=now,
            experience_points=0,
            performance_count=0,
        )
        repo.insert_session(conn, session)
        payload = session_to_dict(session)
        change_feed.append(conn, account_id, "session.started", session.session_id, payload, now)
        return session

    @staticmethod
    def _first_sets(
        conn: Connection,
        account_id: str,
        session: Session,
        exercise: store.ResolvedExercise,
        entry: rules.CheckedEntry,
        started: bool,
        now: datetime,
    ) -> AddedSets:
        """A new entry of ``exercise`` in ``session`` with the request's sets (numbered 1..n)."""
        if session.performance_count >= MAX_PERFORMANCES_PER_SESSION:
            raise TooManyPerformances(
                f"a workout holds at most {MAX_PERFORMANCES_PER_SESSION} entries; start another one"
            )
        made = store.new_entry(session.session_id, exercise, entry.notes, entry.sets, now)
        store.store_new_entry(conn, account_id, made, session.performance_count)
        store.touched(conn, session, now, performance_delta=1)
        store.entry_logged(conn, account_id, made, now)
        after = store.rescored(conn, account_id, session.session_id)
        return AddedSets(after, made.performance_id, exercise.unconfirmed, started)
