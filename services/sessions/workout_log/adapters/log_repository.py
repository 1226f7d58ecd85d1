"""Reads and writes of the log's own rows (profiles, remembered words, undo tokens), inside the
caller's transaction; writers hold the account's lock (decision 0049). Idempotent requests are the
session core's (``services/sessions/adapters/idempotent_requests.py``), shared by every room."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, case, delete, func, insert, select, update

from services.sessions.adapters.performance_repository import aware
from services.sessions.adapters.session_tables import performance_sets, performances
from services.sessions.workout_log.adapters.tables import (
    log_exercise_words,
    log_profiles,
    log_undo,
)
from services.sessions.workout_log.domain.log_model import CurrentProgram, LogProfile

_PR = log_profiles.c
_W = log_exercise_words.c
_U = log_undo.c


def _json_list(text: str) -> tuple[str, ...]:
    return tuple(str(item) for item in json.loads(text or "[]"))


def _dump(values: tuple[str, ...]) -> str:
    return json.dumps(list(values), separators=(",", ":"))


# --- profile and remembered words ------------------------------------------------------------------


def remembered_words(conn: Connection, account_id: str) -> dict[str, str]:
    """Every remembered (normalized) words -> exercise ID of the account."""
    rows = conn.execute(select(_W.words, _W.exercise_id).where(_W.account_id == account_id))
    return {row.words: row.exercise_id for row in rows}


@dataclass(frozen=True)
class ExerciseUse:
    """How an account has used one exercise: its sets, and its best estimated one-rep max (kg, Epley,
    reps counted up to 12) over loaded sets, None when it has none."""

    exercise_id: str
    sets: int
    best_e1rm_kg: float | None


def exercise_history(conn: Connection, account_id: str) -> list[ExerciseUse]:
    """The exercises the account has logged (unconfirmed words left out), most used first; one
    grouped query, however long the history (decision 0104)."""
    p, s = performances.c, performance_sets.c
    reps = case((s.reps_number > 12, 12.0), else_=s.reps_number)
    e1rm = case((s.weight_kg > 0, s.weight_kg * (1 + reps / 30.0)), else_=None)
    rows = conn.execute(
        select(p.exercise_id, func.count(s.set_number).label("sets"), func.max(e1rm).label("best"))
        .select_from(performances.outerjoin(performance_sets, s.performance_id == p.performance_id))
        .where(p.account_id == account_id, ~p.exercise_id.startswith("words:"))
        .group_by(p.exercise_id)
        .order_by(func.count(s.set_number).desc(), p.exercise_id)
    )
    return [
        ExerciseUse(row.exercise_id, int(row.sets), float(row.best) if row.best is not None else None)
        for row in rows
    ]


def exercise_for_words(conn: Connection, account_id: str, words: str) -> str | None:
    """The exercise the account confirmed for ``words``, if any."""
    found = conn.execute(
        select(_W.exercise_id).where(_W.account_id == account_id, _W.words == words)
    ).scalar()
    return str(found) if found is not None else None


def remember_words(conn: Connection, account_id: str, words: str, exercise_id: str, now: datetime) -> None:
    """Remember (or re-point) ``words`` as ``exercise_id``."""
    changed = conn.execute(
        update(log_exercise_words)
        .where(_W.account_id == account_id, _W.words == words)
        .values(exercise_id=exercise_id)
    ).rowcount
    if not changed:
        conn.execute(
            insert(log_exercise_words).values(
                account_id=account_id, words=words, exercise_id=exercise_id, created_at=now
            )
        )


def get_profile(conn: Connection, account_id: str) -> LogProfile:
    """The account's preferences, words and program; the defaults when it never set any."""
    words = remembered_words(conn, account_id)
    row = conn.execute(select(log_profiles).where(_PR.account_id == account_id)).first()
    if row is None:
        return LogProfile(remembered_exercises=words)
    program = None
    if row.program_id:
        program = CurrentProgram(
            row.program_id, row.program_version, row.program_started_on, _json_list(row.routine_ids)
        )
    return LogProfile(
        goals=row.goals,
        equipment=_json_list(row.equipment),
        limitations=row.limitations,
        training_days=_json_list(row.training_days),
        calm_mode=row.calm_mode,
        program_suggestions=row.program_suggestions,
        remembered_exercises=words,
        current_program=program,
    )


def put_profile(conn: Connection, account_id: str, profile: LogProfile, now: datetime) -> None:
    """Store the preferences and current program (the words live in their own table)."""
    program = profile.current_program
    values: dict[str, Any] = {
        "goals": profile.goals,
        "equipment": _dump(profile.equipment),
        "limitations": profile.limitations,
        "training_days": _dump(profile.training_days),
        "calm_mode": profile.calm_mode,
        "program_suggestions": profile.program_suggestions,
        "program_id": program.program_id if program else "",
        "program_version": program.version if program else 0,
        "program_started_on": program.started_on if program else "",
        "routine_ids": _dump(program.routine_ids if program else ()),
        "updated_at": now,
    }
    changed = conn.execute(update(log_profiles).where(_PR.account_id == account_id).values(**values)).rowcount
    if not changed:
        conn.execute(insert(log_profiles).values(account_id=account_id, **values))


# --- undo tokens ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class UndoRecord:
    """One deletion that can be undone: what went (``payload``) and the token's times."""

    token: str
    account_id: str
    kind: str
    payload: dict[str, Any]
    expires_at: datetime
    used_at: datetime | None


def put_undo(
    conn: Connection,
    token: str,
    account_id: str,
    kind: str,
    payload: dict[str, Any],
    now: datetime,
    expires_at: datetime,
) -> None:
    """Keep a deletion's snapshot under ``token``."""
    conn.execute(
        insert(log_undo).values(
            token=token,
            account_id=account_id,
            kind=kind,
            payload=json.dumps(payload, separators=(",", ":")),
            created_at=now,
            expires_at=expires_at,
        )
    )


def get_undo(conn: Connection, account_id: str, token: str) -> UndoRecord | None:
    """The account's undo record for ``token`` (another account's token is not found)."""
    row = conn.execute(select(log_undo).where(_U.token == token, _U.account_id == account_id)).first()
    if row is None:
        return None
    return UndoRecord(
        row.token,
        row.account_id,
        row.kind,
        json.loads(row.payload),
        aware(row.expires_at),
        aware(row.used_at) if row.used_at is not None else None,
    )


def mark_undo_used(conn: Connection, token: str, now: datetime) -> None:
    """Record that the token was used (kept until it expires, so a second use says why it fails)."""
    conn.execute(update(log_undo).where(_U.token == token).values(used_at=now))


def prune_undo(conn: Connection, account_id: str, now: datetime) -> None:
    """Delete the account's expired undo records."""
    conn.execute(delete(log_undo).where(_U.account_id == account_id, _U.expires_at < now))
