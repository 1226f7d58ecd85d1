"""Applies one sessions change to an account's derived data (inside the cursor's transaction).

Facts first, figures second: a change replaces stored facts (a session's start and status, a
performance's sets), then the session points and records those facts feed are recomputed. Applying
the same change twice leaves the same facts, so the same figures (decision 0021).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection

from services.analytics.adapters import aggregates as store
from services.analytics.adapters import session_reads
from services.analytics.adapters.aggregates import Figure, SessionFact
from services.analytics.adapters.tables import FIGURES
from services.analytics.domain.lifting import SetFact, session_figures
from services.analytics.domain.training_facts import TrainingRecord


@dataclass(frozen=True)
class Change:
    """One upstream change: its sequence, kind, record ID and payload.

    Sessions changes carry their decoded JSON in ``payload``; training changes carry the record
    after the change, already decoded, in ``record`` (None for deletions and library.erased).
    """

    sequence: int
    kind: str
    record_id: str
    created_at: datetime
    payload: dict[str, Any]
    record: TrainingRecord | None = None


def apply_change(conn: Connection, account_id: str, change: Change) -> None:
    """Apply one change; kinds analytics has no use for are skipped (the cursor still moves)."""
    if change.kind == "performance.logged":
        _performance_logged(conn, account_id, change)
    elif change.kind == "performance.deleted":
        for session_id, exercise_id in store.delete_performance_sets(conn, account_id, change.record_id):
            refresh(conn, account_id, session_id, exercise_id)
    elif change.kind == "session.deleted":
        for exercise_id in store.delete_session(conn, account_id, change.record_id):
            refresh(conn, account_id, change.record_id, exercise_id)
    elif change.kind.startswith("session."):
        _session_changed(conn, account_id, change)


def _session_changed(conn: Connection, account_id: str, change: Change) -> None:
    payload = change.payload
    session_id = str(payload.get("sessionId") or change.record_id)
    started = payload.get("startedAt")
    ended = payload.get("endedAt")
    fact = SessionFact(
        datetime.fromisoformat(started) if started else change.created_at,
        str(payload.get("status") or "in_progress"),
        source=str(payload.get("source") or ""),
        workout_id=str(payload.get("workoutId") or ""),
        original_day=str(payload.get("originalScheduledDay") or ""),
        ended_at=datetime.fromisoformat(ended) if ended else None,
    )
    before = store.get_session(conn, account_id, session_id)
    store.put_session(conn, account_id, session_id, fact)
    if before is None or (before.started_at, before.counts) != (store.utc(fact.started_at), fact.counts):
        for exercise_id in store.exercises_of_session(conn, account_id, session_id):
            refresh(conn, account_id, session_id, exercise_id)


def _performance_logged(conn: Connection, account_id: str, change: Change) -> None:
    payload = change.payload
    session_id = str(payload["sessionId"])
    if store.get_session(conn, account_id, session_id) is None:
        # The session's own change always comes first; this only guards a feed read mid-history.
        updated = payload.get("updatedAt")
        started = datetime.fromisoformat(updated) if updated else change.created_at
        store.put_session(conn, account_id, session_id, SessionFact(started, "in_progress"))
    sets = [_set_fact(change.record_id, entry) for entry in payload.get("sets", [])]
    exercise_id = str(payload["exerciseId"])
    touched = store.replace_performance_sets(
        conn, account_id, change.record_id, session_id, exercise_id, sets
    )
    # The latest performance of an exercise says which catalog exercise it maps to (decision 0024).
    session_reads.put_link(conn, account_id, exercise_id, str(payload.get("catalogExerciseId") or ""))
    for touched_session, exercise_id in sorted(touched):
        refresh(conn, account_id, touched_session, exercise_id)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _set_fact(performance_id: str, entry: dict[str, Any]) -> SetFact:
    reps = entry.get("reps")
    weight = entry.get("weight")
    return SetFact(
        performance_id=performance_id,
        set_number=int(entry["setNumber"]),
        set_type=str(entry.get("setType") or "N"),
        weight_kg=float(weight) if isinstance(weight, int | float) else None,
        # Reps given as text ("AMRAP") say nothing countable: stored as unknown.
        reps=float(reps) if isinstance(reps, int | float) and not isinstance(reps, bool) else None,
        completed=bool(entry.get("completed", False)),
        estimated=bool(entry.get("estimated", False)),
        time_seconds=_number(entry.get("timeSeconds")),
        distance_meters=_number(entry.get("distanceMeters")),
    )


def refresh(conn: Connection, account_id: str, session_id: str, exercise_id: str) -> None:
    """Recompute one session point from its stored sets, then the exercise's records."""
    session = store.get_session(conn, account_id, session_id)
    figures = session_figures(store.sets_of(conn, account_id, session_id, exercise_id))
    candidate_at: datetime | None = None
    if session is None or not session.counts or (figures.record_sets == 0 and figures.balance_sets == 0):
        store.delete_point(conn, account_id, exercise_id, session_id)
    else:
        store.put_point(conn, account_id, exercise_id, session_id, session.started_at, figures)
        candidate_at = store.utc(session.started_at)
    for kind in FIGURES:
        best = getattr(figures, kind) if candidate_at is not None else None
        candidate = Figure(exercise_id, session_id, candidate_at, best) if candidate_at and best else None
        _update_record(conn, account_id, exercise_id, kind, session_id, candidate)


def _update_record(
    conn: Connection, account_id: str, exercise_id: str, kind: str, session_id: str, candidate: Figure | None
) -> None:
    current = store.get_record(conn, account_id, exercise_id, kind)
    if current is not None and current.session_id == session_id:
        # The record's own session changed: it may have dropped, so look again over every point.
        store.set_record(
            conn, account_id, exercise_id, kind, store.best_point_figure(conn, account_id, exercise_id, kind)
        )
    elif candidate is not None and (current is None or _beats(candidate, current)):
        store.set_record(conn, account_id, exercise_id, kind, candidate)


def _beats(candidate: Figure, current: Figure) -> bool:
    """Higher value wins; on a tie the earlier session (then the lower session ID) keeps it."""
    if candidate.best.value != current.best.value:
        return candidate.best.value > current.best.value
    return (candidate.started_at, candidate.session_id) < (current.started_at, current.session_id)
