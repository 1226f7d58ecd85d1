"""Reads and writes of sessions, performances and sets, inside the caller's transaction.

Writers call :func:`lock_account` first: it updates the account's ``session_accounts`` row, which
makes every write of an account wait for the one before it (a row lock on PostgreSQL, the database
write lock on SQLite), the pattern of Training's ``lock_library``. A writer therefore sees the
result of the one before it, so a retried or duplicated request finds its work already done.

The statements LogPerformance runs are built once, here, with bound parameters (``_LOCK``,
``_SESSION``, ...): one set logged runs each of them, and building and hashing a statement per call
was a measurable share of the service's CPU. A performance is read with its sets in one joined
query. See docs/decisions/0022-session-logging-benchmark.md (the profile).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, func, insert, select, update

from services.sessions.adapters.session_codec import setup_values_from_json, setup_values_to_json
from services.sessions.adapters.session_tables import (
    performance_sets,
    performances,
    session_accounts,
    sessions,
)
from services.sessions.domain.session_model import (
    LoggedSet,
    Performance,
    Session,
    SessionSource,
    SessionStatus,
)

_S = sessions.c
_P = performances.c
_SET = performance_sets.c


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; every stored time is UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


# --- the account row: write lock and experience points -------------------------------------------


def create_account(conn: Connection, account_id: str, now: datetime) -> None:
    """The account's row (the caller handles a concurrent creation's IntegrityError)."""
    conn.execute(insert(session_accounts).values(account_id=account_id, experience_points=0, created_at=now))


_LOCK = (
    update(session_accounts)
    .where(session_accounts.c.account_id == bindparam("b_account"))
    .values(experience_points=session_accounts.c.experience_points)
)


def lock_account(conn: Connection, account_id: str) -> bool:
    """Take the account's write lock for this transaction; False when the account has no row yet."""
    return bool(conn.execute(_LOCK, {"b_account": account_id}).rowcount)


def total_experience(conn: Connection, account_id: str) -> int:
    """The account's experience points over all completed sessions."""
    value = conn.execute(
        select(session_accounts.c.experience_points).where(session_accounts.c.account_id == account_id)
    ).scalar()
    return int(value or 0)


def add_experience(conn: Connection, account_id: str, points: int) -> int:
    """Add ``points`` to the account's total; returns the new total."""
    conn.execute(
        update(session_accounts)
        .where(session_accounts.c.account_id == account_id)
        .values(experience_points=session_accounts.c.experience_points + points)
    )
    return total_experience(conn, account_id)


# --- sessions ------------------------------------------------------------------------------------


def _row_to_session(row: Row[Any], found: Sequence[Performance] = ()) -> Session:
    return Session(
        session_id=row.session_id,
        account_id=row.account_id,
        source=SessionSource(
            kind=row.source_kind,
            plan_id=row.plan_id,
            plan_moment_id=row.plan_moment_id,
            workout_id=row.workout_id,
            original_scheduled_day=row.original_scheduled_day,
        ),
        company_id=row.company_id,
        status=row.status,
        title=row.title,
        notes=row.notes,
        started_at=_aware(row.started_at),
        ended_at=_aware(row.ended_at) if row.ended_at is not None else None,
        updated_at=_aware(row.updated_at),
        experience_points=row.experience_points,
        performance_count=row.performance_count,
        performances=tuple(found),
    )


def _session_values(session: Session) -> dict[str, Any]:
    return {
        "status": session.status,
        "active_key": session.source.key if session.is_active else None,
        "title": session.title,
        "notes": session.notes,
        "ended_at": session.ended_at,
        "updated_at": session.updated_at,
        "experience_points": session.experience_points,
        "performance_count": session.performance_count,
    }


def insert_session(conn: Connection, session: Session) -> None:
    """Store a new session (no performances yet)."""
    source = session.source
    conn.execute(
        insert(sessions).values(
            session_id=session.session_id,
            account_id=session.account_id,
            source_kind=source.kind,
            source_key=source.key,
            plan_id=source.plan_id,
            plan_moment_id=source.plan_moment_id,
            company_id=session.company_id,
            workout_id=source.workout_id,
            original_scheduled_day=source.original_scheduled_day,
            started_at=session.started_at,
            **_session_values(session),
        )
    )


_UPDATE_SESSION = update(sessions).where(_S.session_id == bindparam("b_session"))


def update_session(conn: Connection, session: Session) -> None:
    """Store a session's changed fields."""
    conn.execute(_UPDATE_SESSION, {"b_session": session.session_id, **_session_values(session)})


def find_active(conn: Connection, account_id: str, source: SessionSource) -> Session | None:
    """The in-progress or paused session of this source, if any."""
    row = conn.execute(
        select(sessions).where(_S.account_id == account_id, _S.active_key == source.key)
    ).first()
    return _row_to_session(row) if row else None


def sessions_of_source(
    conn: Connection, account_id: str, source: SessionSource, *, excluding: str
) -> list[tuple[SessionStatus, datetime | None]]:
    """(status, end time) of the account's other sessions of this source."""
    rows = conn.execute(
        select(_S.status, _S.ended_at).where(
            _S.account_id == account_id, _S.source_key == source.key, _S.session_id != excluding
        )
    )
    return [(r.status, _aware(r.ended_at) if r.ended_at is not None else None) for r in rows]


def delete_session(conn: Connection, session_id: str) -> int:
    """Remove a session with its performances and their sets; returns how many performances went."""
    performance_ids = select(_P.performance_id).where(_P.session_id == session_id)
    conn.execute(delete(performance_sets).where(_SET.performance_id.in_(performance_ids)))
    removed = conn.execute(delete(performances).where(_P.session_id == session_id)).rowcount
    conn.execute(delete(sessions).where(_S.session_id == session_id))
    return int(removed)


_SESSION = select(sessions).where(
    _S.account_id == bindparam("b_account"), _S.session_id == bindparam("b_session")
)


def get_session(
    conn: Connection, account_id: str, session_id: str, *, with_performances: bool = False
) -> Session | None:
    """One of the account's sessions, optionally with its performances."""
    row = conn.execute(_SESSION, {"b_account": account_id, "b_session": session_id}).first()
    if row is None:
        return None
    found = session_performances(conn, [session_id]).get(session_id, []) if with_performances else []
    return _row_to_session(row, found)


def latest_in_progress(conn: Connection, account_id: str) -> Session | None:
    """The account's most recently updated in-progress session, with its performances."""
    row = conn.execute(
        select(sessions)
        .where(_S.account_id == account_id, _S.status == "in_progress")
        .order_by(_S.updated_at.desc(), _S.session_id.desc())
        .limit(1)
    ).first()
    if row is None:
        return None
    return _row_to_session(row, session_performances(conn, [row.session_id]).get(row.session_id, []))


@dataclass(frozen=True)
class SessionPage:
    """One page of sessions and how many match in all."""

    sessions: list[Session]
    total: int


def list_sessions(
    conn: Connection,
    account_id: str,
    status: SessionStatus | None,
    start: datetime,
    end: datetime,
    offset: int,
    limit: int,
) -> SessionPage:
    """Sessions started in [start, end), newest first, without performances."""
    where = [_S.account_id == account_id, _S.started_at >= start, _S.started_at < end]
    if status is not None:
        where.append(_S.status == status)
    total = conn.execute(select(func.count()).select_from(sessions).where(*where)).scalar_one()
    rows = conn.execute(
        select(sessions)
        .where(*where)
        .order_by(_S.started_at.desc(), _S.session_id.desc())
        .offset(offset)
        .limit(limit)
    )
    return SessionPage([_row_to_session(r) for r in rows], int(total))


# --- performances and sets -----------------------------------------------------------------------


def _row_to_set(row: Row[Any], prefix: str = "") -> LoggedSet:
    """A set from a row of ``performance_sets``, or from a joined row whose set columns are prefixed."""
    values = row._mapping
    reps_text = values[f"{prefix}reps_text"]
    reps: float | str | None = reps_text if reps_text is not None else values[f"{prefix}reps_number"]
    return LoggedSet(
        set_number=values[f"{prefix}set_number"],
        set_type=values[f"{prefix}set_type"],
        weight_kg=values[f"{prefix}weight_kg"],
        reps=reps,
        time_seconds=values[f"{prefix}time_seconds"],
        distance_meters=values[f"{prefix}distance_meters"],
        rest_seconds=values[f"{prefix}rest_seconds"],
        rpe=values[f"{prefix}rpe"],
        completed=values[f"{prefix}completed"],
        notes=values[f"{prefix}notes"],
        estimated=values[f"{prefix}estimated"],
    )


def _row_to_performance(row: Row[Any], found_sets: Iterable[LoggedSet]) -> Performance:
    return Performance(
        performance_id=row.performance_id,
        session_id=row.session_id,
        exercise_id=row.exercise_id,
        plan_exercise_id=row.plan_exercise_id,
        notes=row.notes,
        rest_seconds=row.rest_seconds,
        is_completed=row.is_completed,
        setup_values=setup_values_from_json(row.setup_values),
        next_setup_values=setup_values_from_json(row.next_setup_values),
        setup_settings_enabled=row.setup_settings_enabled,
        show_set_rpe=row.show_set_rpe,
        sets=tuple(sorted(found_sets, key=lambda s: s.set_number)),
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
    )


def _sets_of(conn: Connection, performance_ids: list[str]) -> dict[str, list[LoggedSet]]:
    found: dict[str, list[LoggedSet]] = defaultdict(list)
    if performance_ids:
        rows = conn.execute(select(performance_sets).where(_SET.performance_id.in_(performance_ids)))
        for row in rows:
            found[row.performance_id].append(_row_to_set(row))
    return found


def session_performances(conn: Connection, session_ids: list[str]) -> dict[str, list[Performance]]:
    """The performances of each session, in the order they were first logged."""
    rows = list(
        conn.execute(select(performances).where(_P.session_id.in_(session_ids)).order_by(_P.position))
    )
    found_sets = _sets_of(conn, [r.performance_id for r in rows])
    out: dict[str, list[Performance]] = defaultdict(list)
    for row in rows:
        out[row.session_id].append(_row_to_performance(row, found_sets[row.performance_id]))
    return out


# One performance and its sets in one query: a row per set (one row with NULL set columns when it
# has none), the set columns labelled "set_<name>" as both tables have notes and rest_seconds.
_SET_PREFIX = "set_"
_WITH_SETS = select(
    performances, *(c.label(_SET_PREFIX + c.name) for c in performance_sets.c if c.name != "performance_id")
).outerjoin(performance_sets, _SET.performance_id == _P.performance_id)
_PERFORMANCE_BY_ID = _WITH_SETS.where(
    _P.session_id == bindparam("b_session"), _P.performance_id == bindparam("b_key")
)
_PERFORMANCE_BY_EXERCISE = _WITH_SETS.where(
    _P.session_id == bindparam("b_session"), _P.exercise_id == bindparam("b_key")
)


def get_performance(
    conn: Connection, session_id: str, *, performance_id: str = "", exercise_id: str = ""
) -> Performance | None:
    """A session's performance by its ID or by its exercise."""
    statement = _PERFORMANCE_BY_ID if performance_id else _PERFORMANCE_BY_EXERCISE
    rows = conn.execute(statement, {"b_session": session_id, "b_key": performance_id or exercise_id}).all()
    if not rows:
        return None
    found_sets = [_row_to_set(r, _SET_PREFIX) for r in rows if r.set_set_number is not None]
    return _row_to_performance(rows[0], found_sets)


def _performance_values(performance: Performance) -> dict[str, Any]:
    return {
        "plan_exercise_id": performance.plan_exercise_id,
        "notes": performance.notes,
        "rest_seconds": performance.rest_seconds,
        "is_completed": performance.is_completed,
        "setup_values": setup_values_to_json(performance.setup_values),
        "next_setup_values": setup_values_to_json(performance.next_setup_values),
        "setup_settings_enabled": performance.setup_settings_enabled,
        "show_set_rpe": performance.show_set_rpe,
        "updated_at": performance.updated_at,
    }


_INSERT_PERFORMANCE = insert(performances)
_UPDATE_PERFORMANCE = update(performances).where(_P.performance_id == bindparam("b_performance"))


def insert_performance(conn: Connection, account_id: str, performance: Performance, position: int) -> None:
    """Store a new performance (its sets go through :func:`put_sets`)."""
    conn.execute(
        _INSERT_PERFORMANCE,
        {
            "performance_id": performance.performance_id,
            "session_id": performance.session_id,
            "account_id": account_id,
            "exercise_id": performance.exercise_id,
            "position": position,
            "created_at": performance.created_at,
            **_performance_values(performance),
        },
    )


def update_performance(conn: Connection, performance: Performance) -> None:
    """Store a performance's changed fields."""
    conn.execute(
        _UPDATE_PERFORMANCE, {"b_performance": performance.performance_id, **_performance_values(performance)}
    )


def delete_performance(conn: Connection, performance_id: str) -> None:
    """Remove a performance and its sets; the later performances of its session move up one place.

    Positions stay 0..count-1, so the next logged performance (placed at the session's count) comes
    last and never shares a position.
    """
    position, session_id = conn.execute(
        select(_P.position, _P.session_id).where(_P.performance_id == performance_id)
    ).one()
    conn.execute(delete(performance_sets).where(_SET.performance_id == performance_id))
    conn.execute(delete(performances).where(_P.performance_id == performance_id))
    conn.execute(
        update(performances)
        .where(_P.session_id == session_id, _P.position > position)
        .values(position=_P.position - 1)
    )


def _set_values(entry: LoggedSet) -> dict[str, Any]:
    return {
        "set_type": entry.set_type,
        "weight_kg": entry.weight_kg,
        "reps_number": entry.reps if isinstance(entry.reps, float | int) else None,
        "reps_text": entry.reps if isinstance(entry.reps, str) else None,
        "time_seconds": entry.time_seconds,
        "distance_meters": entry.distance_meters,
        "rest_seconds": entry.rest_seconds,
        "rpe": entry.rpe,
        "completed": entry.completed,
        "notes": entry.notes,
        "estimated": entry.estimated,
    }


_INSERT_SET = insert(performance_sets)
_UPDATE_SET = update(performance_sets).where(
    _SET.performance_id == bindparam("b_performance"), _SET.set_number == bindparam("b_set_number")
)


def put_sets(conn: Connection, performance_id: str, changed: Iterable[LoggedSet], existing: set[int]) -> None:
    """Insert new set numbers and replace existing ones (``existing``: numbers already stored).

    All new sets go in one statement (an executemany), all replaced ones in another. The
    (performance_id, set_number) primary key makes a racing second insert of a number fail instead
    of storing it twice.
    """
    inserted: list[dict[str, Any]] = []
    replaced: list[dict[str, Any]] = []
    for entry in changed:
        if entry.set_number in existing:
            replaced.append(
                {"b_performance": performance_id, "b_set_number": entry.set_number, **_set_values(entry)}
            )
        else:
            inserted.append(
                {"performance_id": performance_id, "set_number": entry.set_number, **_set_values(entry)}
            )
    if replaced:
        conn.execute(_UPDATE_SET, replaced)
    if inserted:
        conn.execute(_INSERT_SET, inserted)


def exercise_history(
    conn: Connection, account_id: str, exercise_id: str, start: datetime, end: datetime, limit: int
) -> list[tuple[Session, Performance]]:
    """Completed sessions' performances of one exercise, ended in [start, end), newest first."""
    rows = list(
        conn.execute(
            select(performances)
            .join(sessions, _S.session_id == _P.session_id)
            .where(
                _P.account_id == account_id,
                _P.exercise_id == exercise_id,
                _S.account_id == account_id,
                _S.status == "completed",
                _S.ended_at >= start,
                _S.ended_at < end,
            )
            .order_by(_S.ended_at.desc(), _P.performance_id.desc())
            .limit(limit)
        )
    )
    found_sets = _sets_of(conn, [r.performance_id for r in rows])
    session_rows = {
        r.session_id: r
        for r in conn.execute(select(sessions).where(_S.session_id.in_([r.session_id for r in rows])))
    }
    return [
        (_row_to_session(session_rows[r.session_id]), _row_to_performance(r, found_sets[r.performance_id]))
        for r in rows
    ]
