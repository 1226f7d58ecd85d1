"""Reads the workout log needs beyond the core's repositories: an entry by its ID alone, and the
workouts of a window with exercise and program filters (decision 0049)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Connection, exists, func, or_, select

from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.session_tables import performances, sessions
from services.sessions.domain.session_model import Session

_S = sessions.c
_P = performances.c


def session_of_entry(conn: Connection, account_id: str, entry_id: str) -> str | None:
    """The session of the account's performance ``entry_id``, if it has one by that ID."""
    found = conn.execute(
        select(_P.session_id).where(_P.account_id == account_id, _P.performance_id == entry_id)
    ).scalar()
    return str(found) if found is not None else None


def active_key_taken(conn: Connection, account_id: str, active_key: str) -> bool:
    """Whether an active session of the account holds ``active_key`` (one per source)."""
    found = conn.execute(
        select(_S.session_id).where(_S.account_id == account_id, _S.active_key == active_key)
    ).first()
    return found is not None


@dataclass(frozen=True)
class WorkoutPage:
    """The newest workouts of a window and how many match in all."""

    workouts: list[Session]
    total: int


def list_workouts(
    conn: Connection,
    account_id: str,
    start: datetime,
    end: datetime,
    limit: int,
    exercise_ids: Sequence[str] = (),
    program_id: str = "",
) -> WorkoutPage:
    """Sessions started in [start, end) that were not cancelled, newest first, with performances.

    With ``exercise_ids`` only sessions with a performance of one of them (by its exercise or the
    catalog exercise it maps to) match, and each keeps only those performances.
    """
    where = [
        _S.account_id == account_id,
        _S.started_at >= start,
        _S.started_at < end,
        _S.status != "cancelled",
    ]
    if program_id:
        where.append(_S.program_id == program_id)
    wanted = list(exercise_ids)
    if wanted:
        where.append(
            exists().where(
                _P.session_id == _S.session_id,
                or_(_P.exercise_id.in_(wanted), _P.catalog_exercise_id.in_(wanted)),
            )
        )
    total = conn.execute(select(func.count()).select_from(sessions).where(*where)).scalar_one()
    ids = [
        row.session_id
        for row in conn.execute(
            select(_S.session_id)
            .where(*where)
            .order_by(_S.started_at.desc(), _S.session_id.desc())
            .limit(limit)
        )
    ]
    found: list[Session] = []
    for session_id in ids:
        session = repo.get_session(conn, account_id, session_id, with_performances=True)
        if session is None:
            continue
        if wanted:
            kept = tuple(
                p for p in session.performances if p.exercise_id in wanted or p.catalog_exercise_id in wanted
            )
            session = replace(session, performances=kept)
        found.append(session)
    return WorkoutPage(found, int(total))
