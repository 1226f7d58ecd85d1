"""Reads and writes of performances and their sets, inside the caller's transaction.

Writers hold the account's lock first (``session_repository.lock_account``). A performance is read
with its sets in one joined query, and the statements LogPerformance runs are built once with bound
parameters (docs/decisions/0022-session-logging-benchmark.md, the profile).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, insert, select, update

from services.sessions.adapters.session_codec import setup_values_from_json, setup_values_to_json
from services.sessions.adapters.session_tables import (
    performance_sets,
    performances,
)
from services.sessions.domain.session_model import (
    LoggedSet,
    Performance,
)

_P = performances.c
_SET = performance_sets.c


def aware(value: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite hands back naive ones; every stored time is UTC)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def row_to_set(row: Row[Any], prefix: str = "") -> LoggedSet:
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
        load_value=values[f"{prefix}load_value"],
        load_unit=values[f"{prefix}load_unit"],
    )


def row_to_performance(row: Row[Any], found_sets: Iterable[LoggedSet], prefix: str = "") -> Performance:
    """A performance from a row of ``performances`` (or a joined row whose performance columns are
    prefixed) and its sets (any order)."""
    values = row._mapping
    return Performance(
        performance_id=values[f"{prefix}performance_id"],
        session_id=values[f"{prefix}session_id"],
        exercise_id=values[f"{prefix}exercise_id"],
        plan_exercise_id=values[f"{prefix}plan_exercise_id"],
        notes=values[f"{prefix}notes"],
        rest_seconds=values[f"{prefix}rest_seconds"],
        is_completed=values[f"{prefix}is_completed"],
        setup_values=setup_values_from_json(values[f"{prefix}setup_values"]),
        next_setup_values=setup_values_from_json(values[f"{prefix}next_setup_values"]),
        setup_settings_enabled=values[f"{prefix}setup_settings_enabled"],
        show_set_rpe=values[f"{prefix}show_set_rpe"],
        sets=tuple(sorted(found_sets, key=lambda s: s.set_number)),
        created_at=aware(values[f"{prefix}created_at"]),
        updated_at=aware(values[f"{prefix}updated_at"]),
        exercise_name=values[f"{prefix}exercise_name"],
        catalog_exercise_id=values[f"{prefix}catalog_exercise_id"],
    )


def sets_of(conn: Connection, performance_ids: list[str]) -> dict[str, list[LoggedSet]]:
    """The sets of each performance, by performance ID."""
    found: dict[str, list[LoggedSet]] = defaultdict(list)
    if performance_ids:
        rows = conn.execute(select(performance_sets).where(_SET.performance_id.in_(performance_ids)))
        for row in rows:
            found[row.performance_id].append(row_to_set(row))
    return found


def session_performances(conn: Connection, session_ids: list[str]) -> dict[str, list[Performance]]:
    """The performances of each session, in the order they were first logged."""
    rows = list(
        conn.execute(select(performances).where(_P.session_id.in_(session_ids)).order_by(_P.position))
    )
    found_sets = sets_of(conn, [r.performance_id for r in rows])
    out: dict[str, list[Performance]] = defaultdict(list)
    for row in rows:
        out[row.session_id].append(row_to_performance(row, found_sets[row.performance_id]))
    return out


# One performance and its sets in one query: a row per set (one row with NULL set columns when it
# has none), the set columns labelled "set_<name>" as both tables have notes and rest_seconds.
SET_PREFIX = "set_"
SET_COLUMNS = tuple(c.label(SET_PREFIX + c.name) for c in performance_sets.c if c.name != "performance_id")
_WITH_SETS = select(performances, *SET_COLUMNS).outerjoin(
    performance_sets, _SET.performance_id == _P.performance_id
)
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
    found_sets = [row_to_set(r, SET_PREFIX) for r in rows if r.set_set_number is not None]
    return row_to_performance(rows[0], found_sets)


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
        "exercise_name": performance.exercise_name,
        "catalog_exercise_id": performance.catalog_exercise_id,
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
        "load_value": entry.load_value,
        "load_unit": entry.load_unit,
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
