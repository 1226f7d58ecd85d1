"""Reads and writes of the account row and sessions, inside the caller's transaction.

Performances and sets are in ``performance_repository.py``.

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

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, and_, bindparam, delete, func, insert, or_, select, update

from services.sessions.adapters.performance_repository import (
    SET_COLUMNS,
    SET_PREFIX,
    aware,
    row_to_performance,
    row_to_set,
    session_performances,
    sets_of,
)
from services.sessions.adapters.session_tables import (
    performance_sets,
    performances,
    session_accounts,
    sessions,
)
from services.sessions.domain.session_model import (
    Performance,
    Session,
    SessionSource,
    SessionStatus,
    SourceKind,
)

_S = sessions.c
_P = performances.c
_SET = performance_sets.c


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
        started_at=aware(row.started_at),
        ended_at=aware(row.ended_at) if row.ended_at is not None else None,
        updated_at=aware(row.updated_at),
        experience_points=row.experience_points,
        performance_count=row.performance_count,
        performances=tuple(found),
        program_id=row.program_id,
        program_day=row.program_day,
    )


def _session_values(session: Session) -> dict[str, Any]:
    return {
        "status": session.status,
        "active_key": session.source.key if session.is_active else None,
        "title": session.title,
        "notes": session.notes,
        "started_at": session.started_at,
        "ended_at": session.ended_at,
        "updated_at": session.updated_at,
        "experience_points": session.experience_points,
        "performance_count": session.performance_count,
        "program_id": session.program_id,
        "program_day": session.program_day,
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
            **_session_values(session),
        )
    )


_UPDATE_SESSION = update(sessions).where(_S.session_id == bindparam("b_session"))


_TOUCH_SESSION = (
    update(sessions)
    .where(_S.session_id == bindparam("b_session"))
    .values(updated_at=bindparam("b_updated"), performance_count=bindparam("b_count"))
)


def touch_session(conn: Connection, session: Session) -> None:
    """Store a session's ``updated_at`` and ``performance_count``, all a logged set changes of it
    (fewer values to send than :func:`update_session`; decision 0119)."""
    conn.execute(
        _TOUCH_SESSION,
        {
            "b_session": session.session_id,
            "b_updated": session.updated_at,
            "b_count": session.performance_count,
        },
    )


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
    return [(r.status, aware(r.ended_at) if r.ended_at is not None else None) for r in rows]


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


# A session and one of its performances with that performance's sets, in one query (decision 0119):
# a row per set, the performance's columns labelled "p_<name>", its sets' "set_<name>"; NULLs
# where the session has no such performance or the performance no sets.
_PERFORMANCE_PREFIX = "p_"


def _session_with_performance(key: Any) -> Any:
    joined = sessions.outerjoin(performances, and_(_P.session_id == _S.session_id, key)).outerjoin(
        performance_sets, _SET.performance_id == _P.performance_id
    )
    return (
        select(sessions, *(c.label(_PERFORMANCE_PREFIX + c.name) for c in performances.c), *SET_COLUMNS)
        .select_from(joined)
        .where(_S.account_id == bindparam("b_account"), _S.session_id == bindparam("b_session"))
    )


_SESSION_AND_PERFORMANCE_BY_ID = _session_with_performance(_P.performance_id == bindparam("b_key"))
_SESSION_AND_PERFORMANCE_BY_EXERCISE = _session_with_performance(_P.exercise_id == bindparam("b_key"))


def get_session_and_performance(
    conn: Connection, account_id: str, session_id: str, *, performance_id: str = "", exercise_id: str = ""
) -> tuple[Session | None, Performance | None]:
    """One of the account's sessions (without its performances) and, read in the same query, its
    performance with ``performance_id``, or else the one of ``exercise_id``; None for either not found."""
    statement = _SESSION_AND_PERFORMANCE_BY_ID if performance_id else _SESSION_AND_PERFORMANCE_BY_EXERCISE
    rows = conn.execute(
        statement, {"b_account": account_id, "b_session": session_id, "b_key": performance_id or exercise_id}
    ).all()
    if not rows:
        return None, None
    first = rows[0]
    session = _row_to_session(first)
    if first._mapping[_PERFORMANCE_PREFIX + "performance_id"] is None:
        return session, None
    found_sets = [
        row_to_set(r, SET_PREFIX) for r in rows if r._mapping[SET_PREFIX + "set_number"] is not None
    ]
    return session, row_to_performance(first, found_sets, _PERFORMANCE_PREFIX)


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
    sources: Sequence[SourceKind] = (),
) -> SessionPage:
    """Sessions started in [start, end), newest first, without performances; of ``sources`` if any."""
    where = [_S.account_id == account_id, _S.started_at >= start, _S.started_at < end]
    if status is not None:
        where.append(_S.status == status)
    if sources:
        where.append(_S.source_kind.in_(list(sources)))
    total = conn.execute(select(func.count()).select_from(sessions).where(*where)).scalar_one()
    rows = conn.execute(
        select(sessions)
        .where(*where)
        .order_by(_S.started_at.desc(), _S.session_id.desc())
        .offset(offset)
        .limit(limit)
    )
    return SessionPage([_row_to_session(r) for r in rows], int(total))


def exercise_history(
    conn: Connection,
    account_id: str,
    exercise_id: str,
    start: datetime,
    end: datetime,
    limit: int,
    *,
    catalog_exercise_id: str = "",
) -> list[tuple[Session, Performance]]:
    """Completed sessions' performances of one exercise, ended in [start, end), newest first: those
    logged under ``exercise_id`` and, given ``catalog_exercise_id``, every one of that catalog
    exercise, whatever ID it was logged under."""
    same_exercise = _P.exercise_id == exercise_id
    if catalog_exercise_id:
        same_exercise = or_(
            same_exercise,
            _P.exercise_id == catalog_exercise_id,
            _P.catalog_exercise_id == catalog_exercise_id,
        )
    rows = list(
        conn.execute(
            select(performances)
            .join(sessions, _S.session_id == _P.session_id)
            .where(
                _P.account_id == account_id,
                same_exercise,
                _S.account_id == account_id,
                _S.status == "completed",
                _S.ended_at >= start,
                _S.ended_at < end,
            )
            .order_by(_S.ended_at.desc(), _P.performance_id.desc())
            .limit(limit)
        )
    )
    found_sets = sets_of(conn, [r.performance_id for r in rows])
    session_rows = {
        r.session_id: r
        for r in conn.execute(select(sessions).where(_S.session_id.in_([r.session_id for r in rows])))
    }
    return [
        (
            _row_to_session(session_rows[r.session_id]),
            row_to_performance(r, found_sets[r.performance_id]),
        )
        for r in rows
    ]
