"""Reads and writes insights need beyond the figures: exercise links, session sources, session sets.

Kept apart from aggregates.py, whose statements are tuned for catch-up speed (decision 0021).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Connection, delete, insert, select, update

from services.analytics.adapters.aggregates import utc
from services.analytics.adapters.tables import exercise_links, session_facts, set_facts
from services.analytics.domain.choices import SessionSourceFact
from services.analytics.domain.comparable import LoggedSet
from services.analytics.domain.lifting import SetFact

# ---- exercise links --------------------------------------------------------------------------


def put_link(
    conn: Connection, account_id: str, exercise_id: str, catalog_exercise_id: str, exercise_name: str = ""
) -> None:
    """Record the catalog exercise ``exercise_id`` maps to and its name as last logged.

    A catalog exercise logged under its own ID needs no row (the catalog names it), nor does an
    exercise that came with neither a mapping nor a name: both remove the row.
    """
    key = (exercise_links.c.account_id == account_id, exercise_links.c.exercise_id == exercise_id)
    if catalog_exercise_id == exercise_id or not (catalog_exercise_id or exercise_name):
        conn.execute(delete(exercise_links).where(*key))
        return
    values = {"catalog_exercise_id": catalog_exercise_id, "exercise_name": exercise_name}
    changed = conn.execute(update(exercise_links).where(*key).values(**values))
    if changed.rowcount == 0:
        conn.execute(insert(exercise_links), {"account_id": account_id, "exercise_id": exercise_id, **values})


def put_links(conn: Connection, account_id: str, latest: dict[str, tuple[str, str]]) -> None:
    """``put_link`` for several exercises at once: ``latest`` maps each to its last (catalog
    exercise ID, name); two statements whatever their number (decision 0121)."""
    if not latest:
        return
    t = exercise_links.c
    conn.execute(delete(exercise_links).where(t.account_id == account_id, t.exercise_id.in_(sorted(latest))))
    rows = [
        {
            "account_id": account_id,
            "exercise_id": exercise_id,
            "catalog_exercise_id": catalog,
            "exercise_name": name,
        }
        for exercise_id, (catalog, name) in latest.items()
        if catalog != exercise_id and (catalog or name)
    ]
    if rows:
        conn.execute(insert(exercise_links), rows)


def links(conn: Connection, account_id: str) -> dict[str, str]:
    """Every logged exercise of the account that maps to another (catalog) exercise."""
    rows = conn.execute(
        select(exercise_links.c.exercise_id, exercise_links.c.catalog_exercise_id).where(
            exercise_links.c.account_id == account_id, exercise_links.c.catalog_exercise_id != ""
        )
    )
    return {r.exercise_id: r.catalog_exercise_id for r in rows}


def logged_names(conn: Connection, account_id: str) -> dict[str, tuple[str, str]]:
    """Every logged exercise with a row: (its name as last logged, the catalog exercise it maps to)."""
    rows = conn.execute(
        select(
            exercise_links.c.exercise_id, exercise_links.c.exercise_name, exercise_links.c.catalog_exercise_id
        ).where(exercise_links.c.account_id == account_id)
    )
    return {r.exercise_id: (r.exercise_name, r.catalog_exercise_id) for r in rows}


# ---- sessions --------------------------------------------------------------------------------


def counted_sessions(
    conn: Connection, account_id: str, start: datetime, end: datetime
) -> list[SessionSourceFact]:
    """Sessions started in [start, end) that count (not cancelled), oldest first."""
    t = session_facts.c
    rows = conn.execute(
        select(t.session_id, t.started_at, t.status, t.source, t.workout_id, t.original_day, t.ended_at)
        .where(t.account_id == account_id, t.started_at >= utc(start), t.started_at < utc(end))
        .where(t.status != "cancelled")
        .order_by(t.started_at, t.session_id)
    )
    return [
        SessionSourceFact(
            r.session_id,
            utc(r.started_at),
            r.status,
            r.source,
            r.workout_id,
            r.original_day,
            utc(r.ended_at) if r.ended_at is not None else None,
        )
        for r in rows
    ]


def sets_of_sessions(
    conn: Connection, account_id: str, session_ids: Iterable[str]
) -> dict[str, list[LoggedSet]]:
    """Every stored set of the given sessions, by session."""
    wanted = sorted(set(session_ids))
    out: dict[str, list[LoggedSet]] = {s: [] for s in wanted}
    if not wanted:
        return out
    t = set_facts.c
    rows = conn.execute(
        select(
            t.session_id,
            t.exercise_id,
            t.performance_id,
            t.set_number,
            t.set_type,
            t.weight_kg,
            t.reps,
            t.completed,
            t.estimated,
            t.time_seconds,
            t.distance_meters,
        )
        .where(t.account_id == account_id, t.session_id.in_(wanted))
        .order_by(t.session_id, t.performance_id, t.set_number)
    )
    for r in rows:
        out[r.session_id].append(LoggedSet(r.exercise_id, SetFact(*r[2:])))
    return out
