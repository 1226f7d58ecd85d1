"""What the log's writes share, inside one locked transaction: finding workouts and entries of the
account, resolving an entry's exercise, storing an entry with its feed change, and keeping a
completed workout's experience points equal to what its sets earn (decision 0049)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Connection

from kinetic.errors import InvalidArgument
from knowledge.training.catalog import catalog_by_id
from services.sessions.adapters import change_feed
from services.sessions.adapters import performance_repository as performance_repo
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.session_codec import performance_to_dict
from services.sessions.domain.object_ids import new_object_id
from services.sessions.domain.session_model import LoggedSet, Performance, Session
from services.sessions.domain.session_rules import MAX_NOTES
from services.sessions.domain.xp import experience_points
from services.sessions.service_layer.session_logging import catalog_name
from services.sessions.workout_log.adapters import log_repository as log_repo
from services.sessions.workout_log.adapters import workout_reads
from services.sessions.workout_log.domain.log_errors import EntryNotFound, WorkoutNotFound
from services.sessions.workout_log.domain.log_rules import CheckedEntry, unconfirmed_exercise_id


@dataclass(frozen=True)
class ResolvedExercise:
    """The exercise an entry is stored under, its name, catalog mapping and whether it is unconfirmed."""

    exercise_id: str
    name: str
    catalog_exercise_id: str
    unconfirmed: bool = False


def catalog_id_of(exercise_id: str) -> str:
    """``exercise_id`` when the Training catalog has it; "" for a custom exercise."""
    return exercise_id if exercise_id in catalog_by_id() else ""


def named_exercise(exercise_id: str, name: str, words: str = "") -> ResolvedExercise:
    """A known exercise: the name given, else the catalog's, else the person's words."""
    return ResolvedExercise(
        exercise_id, name or catalog_name(exercise_id) or words, catalog_id_of(exercise_id)
    )


def resolve_exercise(conn: Connection, account_id: str, entry: CheckedEntry) -> ResolvedExercise:
    """The entry's exercise: its ID, else the exercise its words were confirmed as, else unconfirmed."""
    if entry.exercise_id:
        return named_exercise(entry.exercise_id, entry.exercise_name, entry.words)
    known = log_repo.exercise_for_words(conn, account_id, entry.words)
    if known is not None:
        return named_exercise(known, entry.exercise_name, entry.words)
    # Shown as the person wrote it (exercise_name), kept under its normalized words.
    name = entry.exercise_name or entry.words
    return ResolvedExercise(unconfirmed_exercise_id(entry.words), name, "", unconfirmed=True)


def joined_notes(field: str, first: str, second: str) -> str:
    """Notes of two entries joined into one (a line each); the same note is kept once."""
    if not second or second in first:
        return first
    joined = f"{first}\n{second}" if first else second
    if len(joined) > MAX_NOTES:
        raise InvalidArgument.for_field(field, f"the joined notes would be over {MAX_NOTES} characters")
    return joined


def workout(conn: Connection, account_id: str, session_id: str) -> Session:
    """The account's session with its performances, or WORKOUT_NOT_FOUND."""
    found = repo.get_session(conn, account_id, session_id, with_performances=True)
    if found is None:
        raise WorkoutNotFound(f"workout {session_id} does not exist (or was deleted)")
    return found


def entry_and_workout(conn: Connection, account_id: str, entry_id: str) -> tuple[Performance, Session]:
    """The account's performance ``entry_id`` and its session, or ENTRY_NOT_FOUND."""
    session_id = workout_reads.session_of_entry(conn, account_id, entry_id)
    session = repo.get_session(conn, account_id, session_id, with_performances=True) if session_id else None
    entry = next((p for p in session.performances if p.performance_id == entry_id), None) if session else None
    if entry is None or session is None:
        raise EntryNotFound(f"entry {entry_id} does not exist (or was deleted)")
    return entry, session


def new_entry(
    session_id: str, exercise: ResolvedExercise, notes: str, sets: tuple[LoggedSet, ...], now: datetime
) -> Performance:
    """A new performance of ``exercise`` with ``sets``."""
    return Performance(
        performance_id=new_object_id(now),
        session_id=session_id,
        exercise_id=exercise.exercise_id,
        plan_exercise_id="",
        notes=notes,
        rest_seconds=None,
        is_completed=True,
        setup_values=(),
        next_setup_values=(),
        setup_settings_enabled=False,
        show_set_rpe=False,
        sets=sets,
        created_at=now,
        updated_at=now,
        exercise_name=exercise.name,
        catalog_exercise_id=exercise.catalog_exercise_id,
    )


def entry_logged(conn: Connection, account_id: str, entry: Performance, now: datetime) -> None:
    """Append the entry's ``performance.logged`` change (its whole set list, as analytics reads it)."""
    change_feed.append(
        conn, account_id, "performance.logged", entry.performance_id, performance_to_dict(entry), now
    )


def store_new_entry(conn: Connection, account_id: str, entry: Performance, position: int) -> None:
    """Insert a new performance and its sets."""
    performance_repo.insert_performance(conn, account_id, entry, position)
    performance_repo.put_sets(conn, entry.performance_id, entry.sets, set())


def touched(conn: Connection, session: Session, now: datetime, performance_delta: int = 0) -> Session:
    """Store that the session changed now (and its performance count moved by ``performance_delta``)."""
    changed = replace(
        session, updated_at=now, performance_count=session.performance_count + performance_delta
    )
    repo.update_session(conn, changed)
    return changed


def rescored(conn: Connection, account_id: str, session_id: str) -> Session:
    """The session read again; a completed one's points (and the account's total) follow its sets.

    A completed session earns what CompleteSession would award for its sets now
    (``domain/xp.py``), so sets added, changed or removed afterwards move its points both ways.
    """
    session = repo.get_session(conn, account_id, session_id, with_performances=True)
    assert session is not None, "rescored inside the write that holds the session"
    if session.status != "completed":
        return session
    points = experience_points(session.performances)
    if points != session.experience_points:
        repo.add_experience(conn, account_id, points - session.experience_points)
        session = replace(session, experience_points=points)
        repo.update_session(conn, session)
    return session
