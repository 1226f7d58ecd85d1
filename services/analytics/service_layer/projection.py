"""Applies one sessions change to an account's derived data (inside the cursor's transaction).

Facts first, figures second: a change replaces stored facts (a session's start and status, a
performance's sets), then the session points and records those facts feed are recomputed. Applying
the same change twice leaves the same facts, so the same figures (decision 0021).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection

from services.analytics.adapters import aggregates as store
from services.analytics.adapters import session_reads
from services.analytics.adapters.aggregates import Figure, SessionFact
from services.analytics.adapters.tables import FIGURES
from services.analytics.domain.endurance_changes import (
    ActivityFacts,
    ActivityRemoved,
    ReadinessEntry,
    ThresholdRemoved,
    ThresholdValue,
)
from services.analytics.domain.lifting import SessionFigures, SetFact, session_figures
from services.analytics.domain.session_changes import LoggedPerformance, SessionState
from services.analytics.domain.training_facts import TrainingRecord
from services.analytics.service_layer import endurance_projection


@dataclass(frozen=True)
class Change:
    """One upstream change: its sequence, kind, record ID and what it carries, already decoded.

    Sessions changes carry the session after a session change in ``session`` and the logged
    performance in ``performance`` (deletions carry neither: ``record_id`` names what went);
    training changes carry the record after the change in ``record`` (None for deletions and
    library.erased). The endurance kinds carry their typed payload in the field of the same name
    (``activity``, ``activity_deleted``, ``threshold``, ``threshold_deleted``, ``readiness``).
    """

    sequence: int
    kind: str
    record_id: str
    created_at: datetime
    session: SessionState | None = None
    performance: LoggedPerformance | None = None
    record: TrainingRecord | None = None
    activity: ActivityFacts | None = None
    activity_deleted: ActivityRemoved | None = None
    threshold: ThresholdValue | None = None
    threshold_deleted: ThresholdRemoved | None = None
    readiness: ReadinessEntry | None = None


def apply_change(conn: Connection, account_id: str, change: Change) -> None:
    """Apply one change; kinds analytics has no use for are skipped (the cursor still moves)."""
    if change.kind == "performance.logged" and change.performance is not None:
        _performance_logged(conn, account_id, change.record_id, change.performance, change.created_at)
    elif change.kind == "performance.deleted":
        for session_id, exercise_id in store.delete_performance_sets(conn, account_id, change.record_id):
            refresh(conn, account_id, session_id, exercise_id)
    elif change.kind == "session.deleted":
        for exercise_id in store.delete_session(conn, account_id, change.record_id):
            refresh(conn, account_id, change.record_id, exercise_id)
    elif change.kind.startswith("session.") and change.session is not None:
        _session_changed(conn, account_id, change.session.session_id or change.record_id, change.session)
    elif change.kind in endurance_projection.KINDS:
        endurance_projection.apply(
            conn,
            account_id,
            change.kind,
            change.record_id,
            activity=change.activity,
            activity_deleted=change.activity_deleted,
            threshold=change.threshold,
            threshold_deleted=change.threshold_deleted,
            readiness=change.readiness,
        )


def _session_changed(conn: Connection, account_id: str, session_id: str, session: SessionState) -> None:
    fact = SessionFact(
        session.started_at,
        session.status,
        source=session.source,
        workout_id=session.workout_id,
        original_day=session.original_day,
        ended_at=session.ended_at,
    )
    before = store.get_session(conn, account_id, session_id)
    store.put_session(conn, account_id, session_id, fact)
    if before is None or (before.started_at, before.counts) != (store.utc(fact.started_at), fact.counts):
        for exercise_id in store.exercises_of_session(conn, account_id, session_id):
            refresh(conn, account_id, session_id, exercise_id)


def _performance_logged(
    conn: Connection, account_id: str, performance_id: str, logged: LoggedPerformance, created_at: datetime
) -> None:
    session_id = logged.session_id
    if store.get_session(conn, account_id, session_id) is None:
        # The session's own change always comes first; this only guards a feed read mid-history.
        started = logged.updated_at or created_at
        store.put_session(conn, account_id, session_id, SessionFact(started, "in_progress"))
    touched = store.replace_performance_sets(
        conn, account_id, performance_id, session_id, logged.exercise_id, list(logged.sets)
    )
    # The latest performance of an exercise says which catalog exercise it maps to (decision 0024)
    # and what it is called (decision 0037).
    session_reads.put_link(
        conn, account_id, logged.exercise_id, logged.catalog_exercise_id, logged.exercise_name
    )
    for touched_session, exercise_id in sorted(touched):
        refresh(conn, account_id, touched_session, exercise_id)


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


# ---- a page at once (decision 0121) ------------------------------------------------------------


def apply_changes(conn: Connection, account_id: str, changes: Sequence[Change]) -> None:
    """Apply a page of changes in order, each run of session and performance.logged changes at once.

    Stored facts are last-writer-wins, and a session point and a record are functions of the facts
    (a record is the best point by value, then earliest session), so a run leaves exactly what
    ``apply_change`` one change at a time leaves: the run's final facts are written, then the points
    of every (session, exercise) it touched and the records of their exercises are worked out once.
    Deletions and the endurance kinds, rare in a page, are applied one at a time between runs.
    """
    run: list[Change] = []
    for change in changes:
        if _runs_together(change):
            run.append(change)
            continue
        _apply_run(conn, account_id, run)
        run = []
        apply_change(conn, account_id, change)
    _apply_run(conn, account_id, run)


def _runs_together(change: Change) -> bool:
    if change.kind == "performance.logged":
        return change.performance is not None
    return (
        change.kind.startswith("session.") and change.kind != "session.deleted" and change.session is not None
    )


def _apply_run(conn: Connection, account_id: str, run: list[Change]) -> None:
    if not run:
        return
    logged = [c for c in run if c.kind == "performance.logged"]
    stored = store.sessions_of(
        conn,
        account_id,
        [c.performance.session_id for c in logged if c.performance is not None]
        + [c.session.session_id or c.record_id for c in run if c.session is not None],
    )
    moved_from = store.pairs_of_performances(conn, account_id, [c.record_id for c in logged])
    # The run's facts as apply_change would leave them, in feed order: the last write wins.
    sessions: dict[str, SessionFact] = {}
    sets: dict[str, tuple[str, str, Sequence[SetFact]]] = {}
    links: dict[str, tuple[str, str]] = {}
    touched: set[tuple[str, str]] = set()
    moved_sessions: set[str] = set()  # started_at or counting changed: every exercise of it moves
    for change in run:
        if change.session is not None:
            session_id = change.session.session_id or change.record_id
            state = change.session
            fact = SessionFact(
                state.started_at,
                state.status,
                source=state.source,
                workout_id=state.workout_id,
                original_day=state.original_day,
                ended_at=state.ended_at,
            )
            before = sessions.get(session_id) or stored.get(session_id)
            if before is None or (store.utc(before.started_at), before.counts) != (
                store.utc(fact.started_at),
                fact.counts,
            ):
                moved_sessions.add(session_id)
            sessions[session_id] = fact
        elif change.performance is not None:
            performance = change.performance
            session_id = performance.session_id
            if session_id not in sessions and session_id not in stored:
                # As _performance_logged: a session the feed has not described yet is in progress.
                started = performance.updated_at or change.created_at
                sessions[session_id] = SessionFact(started, "in_progress")
            touched |= moved_from.pop(change.record_id, set())
            pair = (session_id, performance.exercise_id)
            touched.add(pair)
            sets[change.record_id] = (session_id, performance.exercise_id, performance.sets)
            links[performance.exercise_id] = (performance.catalog_exercise_id, performance.exercise_name)
    store.put_sessions(conn, account_id, sessions)
    store.replace_sets_of_performances(conn, account_id, sets)
    session_reads.put_links(conn, account_id, links)
    _refresh_pairs(conn, account_id, touched, moved_sessions)


def _refresh_pairs(
    conn: Connection, account_id: str, touched: set[tuple[str, str]], moved_sessions: set[str]
) -> None:
    """``refresh`` for every pair in ``touched`` and every exercise of ``moved_sessions``: their points
    from the stored facts, then the records of their exercises."""
    session_ids = {s for s, _ in touched} | moved_sessions
    facts = store.sessions_of(conn, account_id, session_ids)
    sets = store.sets_by_pair(conn, account_id, session_ids)
    pairs = touched | {pair for pair in sets if pair[0] in moved_sessions}
    points: dict[tuple[str, str], tuple[datetime, SessionFigures]] = {}
    for pair in pairs:
        session = facts.get(pair[0])
        figures = session_figures(sets.get(pair, []))
        if session is not None and session.counts and (figures.record_sets or figures.balance_sets):
            points[pair] = (session.started_at, figures)
    store.replace_points(conn, account_id, pairs, points)
    refreshed: dict[str, set[str]] = {}
    for session_id, exercise_id in pairs:
        refreshed.setdefault(exercise_id, set()).add(session_id)
    by_exercise: dict[str, list[tuple[str, datetime, SessionFigures]]] = {}
    for (session_id, exercise_id), (started_at, figures) in points.items():
        by_exercise.setdefault(exercise_id, []).append((session_id, store.utc(started_at), figures))
    current = store.records_of(conn, account_id, refreshed)
    changed: dict[tuple[str, str], Figure | None] = {}
    for exercise_id, sessions in refreshed.items():
        for kind in FIGURES:
            before = current.get((exercise_id, kind))
            best: Figure | None
            if before is not None and before.session_id in sessions:
                # The record's own session changed: it may have dropped, so look again over every point.
                best = store.best_point_figure(conn, account_id, exercise_id, kind)
            else:
                # The best of the points left alone is the record still; only a refreshed one can beat it.
                best = before
                for session_id, started_at, figures in by_exercise.get(exercise_id, []):
                    value = getattr(figures, kind)
                    if value is None:
                        continue
                    candidate = Figure(exercise_id, session_id, started_at, value)
                    if best is None or _beats(candidate, best):
                        best = candidate
            if best != before:
                changed[(exercise_id, kind)] = best
    store.replace_records(conn, account_id, changed)
