"""Storage of analytics' derived data: session and set facts, session points and records.

Every write here runs inside the caller's transaction, the one that also moves the feed cursor,
so a change is applied whole or not at all (decision 0021).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Boolean, Connection, Float, Row, Table, and_, bindparam, delete, insert, select, update

from services.analytics.adapters.tables import (
    FIGURES,
    exercise_records,
    session_facts,
    session_points,
    set_facts,
)
from services.analytics.domain.lifting import BestSet, SessionFigures, SetFact


def utc(value: datetime) -> datetime:
    """``value`` as an aware UTC time (SQLite hands back naive ones)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


@dataclass(frozen=True)
class SessionFact:
    """A session's start and status as the feed last gave them, with its source and end.

    ``source`` is freestyle, plan_day or occurrence; an occurrence session names the workout and
    original day it was started from (decision 0024). ``get_session`` reads only start and status.
    """

    started_at: datetime
    status: str
    source: str = ""
    workout_id: str = ""
    original_day: str = ""
    ended_at: datetime | None = None

    @property
    def counts(self) -> bool:
        """Whether the session's sets count: every status but cancelled."""
        return self.status != "cancelled"


@dataclass(frozen=True)
class Figure:
    """A stored figure: its value, the set it comes from, and that set's session."""

    exercise_id: str
    session_id: str
    started_at: datetime
    best: BestSet


@dataclass(frozen=True)
class PointRow:
    """One stored session point: the figures of one exercise in one session."""

    exercise_id: str
    session_id: str
    started_at: datetime
    figures: dict[str, BestSet | None]
    volume: float | None
    record_sets: int
    balance_sets: int


# ---- prebuilt statements ---------------------------------------------------------------------
# The statements a catch-up runs for every applied change are built once, with bound parameters,
# instead of per call: building a statement cost more than running it on SQLite, and catch-up
# applies hundreds of thousands of changes on a long account (decision 0021, Benchmark).

_SESSION_KEY = and_(
    session_facts.c.account_id == bindparam("k_account"), session_facts.c.session_id == bindparam("k_session")
)
_GET_SESSION = select(session_facts.c.started_at, session_facts.c.status).where(_SESSION_KEY)
_UPDATE_SESSION = update(session_facts).where(_SESSION_KEY)
_PERFORMANCE_KEY = and_(
    set_facts.c.account_id == bindparam("k_account"), set_facts.c.performance_id == bindparam("k_performance")
)
# No DISTINCT: with it SQLite walks ix_set_facts_session over every set of the account (a scan that
# grows with history) instead of the primary key; the caller makes a set of the pairs anyway.
_PERFORMANCE_PAIRS = select(set_facts.c.session_id, set_facts.c.exercise_id).where(_PERFORMANCE_KEY)
_DELETE_PERFORMANCE = delete(set_facts).where(_PERFORMANCE_KEY)
_SETS_OF = select(
    set_facts.c.performance_id,
    set_facts.c.set_number,
    set_facts.c.set_type,
    set_facts.c.weight_kg,
    set_facts.c.reps,
    set_facts.c.completed,
    set_facts.c.estimated,
).where(
    set_facts.c.account_id == bindparam("k_account"),
    set_facts.c.session_id == bindparam("k_session"),
    set_facts.c.exercise_id == bindparam("k_exercise"),
)
_POINT_KEY = and_(
    session_points.c.account_id == bindparam("k_account"),
    session_points.c.exercise_id == bindparam("k_exercise"),
    session_points.c.session_id == bindparam("k_session"),
)
_UPDATE_POINT = update(session_points).where(_POINT_KEY)
_RECORD_KEY = and_(
    exercise_records.c.account_id == bindparam("k_account"),
    exercise_records.c.exercise_id == bindparam("k_exercise"),
    exercise_records.c.kind == bindparam("k_kind"),
)
_GET_RECORD = select(
    exercise_records.c.session_id,
    exercise_records.c.started_at,
    *(
        exercise_records.c[f"record_{part}"]
        for part in ("value", "performance_id", "set_number", "weight_kg", "reps")
    ),
).where(_RECORD_KEY)
_DELETE_RECORD = delete(exercise_records).where(_RECORD_KEY)


# ---- session facts ---------------------------------------------------------------------------


def get_session(conn: Connection, account_id: str, session_id: str) -> SessionFact | None:
    """The session's stored fact, None when the feed has not described it."""
    row = conn.execute(_GET_SESSION, {"k_account": account_id, "k_session": session_id}).one_or_none()
    return None if row is None else SessionFact(utc(row.started_at), row.status)


def put_session(conn: Connection, account_id: str, session_id: str, fact: SessionFact) -> None:
    """Insert or replace the session's fact."""
    values = {
        "started_at": utc(fact.started_at),
        "status": fact.status,
        "source": fact.source,
        "workout_id": fact.workout_id,
        "original_day": fact.original_day,
        "ended_at": utc(fact.ended_at) if fact.ended_at is not None else None,
    }
    key = {"k_account": account_id, "k_session": session_id}
    if conn.execute(_UPDATE_SESSION, key | values).rowcount == 0:
        conn.execute(insert(session_facts), {"account_id": account_id, "session_id": session_id, **values})


def delete_session(conn: Connection, account_id: str, session_id: str) -> list[str]:
    """Forget a session and its sets; returns the exercises it had."""
    exercises = exercises_of_session(conn, account_id, session_id)
    conn.execute(
        delete(set_facts).where(set_facts.c.account_id == account_id, set_facts.c.session_id == session_id)
    )
    conn.execute(
        delete(session_facts).where(
            session_facts.c.account_id == account_id, session_facts.c.session_id == session_id
        )
    )
    return exercises


# ---- set facts -------------------------------------------------------------------------------


def replace_performance_sets(
    conn: Connection,
    account_id: str,
    performance_id: str,
    session_id: str,
    exercise_id: str,
    sets: Iterable[SetFact],
) -> set[tuple[str, str]]:
    """Replace a performance's sets with ``sets``; returns the (session, exercise) pairs it touched."""
    touched = delete_performance_sets(conn, account_id, performance_id)
    rows = [_set_fact_row(account_id, performance_id, session_id, exercise_id, s) for s in sets]
    insert_rows(conn, set_facts, _SET_FACT_COLUMNS, rows)
    return touched | {(session_id, exercise_id)}


# The columns of a ``set_facts`` row, in the order ``_set_fact_row`` gives them.
_SET_FACT_COLUMNS = (
    "account_id",
    "performance_id",
    "set_number",
    "session_id",
    "exercise_id",
    "set_type",
    "weight_kg",
    "reps",
    "completed",
    "estimated",
    "time_seconds",
    "distance_meters",
)


def _set_fact_row(
    account_id: str, performance_id: str, session_id: str, exercise_id: str, s: SetFact
) -> tuple[Any, ...]:
    """One ``set_facts`` row in ``_SET_FACT_COLUMNS`` order (one change at a time and a page at once
    write the same rows)."""
    return (
        account_id,
        performance_id,
        s.set_number,
        session_id,
        exercise_id,
        s.set_type,
        s.weight_kg,
        s.reps,
        s.completed,
        s.estimated,
        s.time_seconds,
        s.distance_meters,
    )


# Per (verb and table, columns, dialect): the statement's text and the bind processors of its
# columns that have one, by position.
_DRIVER_STATEMENTS: dict[
    tuple[str, tuple[str, ...], str], tuple[str, list[tuple[int, Callable[[Any], Any]]]]
] = {}
_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def insert_rows(
    conn: Connection, table: Table, columns: tuple[str, ...], rows: list[tuple[Any, ...]]
) -> None:
    """Insert ``rows`` (tuples in ``columns`` order) with one executemany of the driver.

    A value goes through its column type's bind processor where the driver alone would store it
    otherwise (times on SQLite), so the stored rows are those SQLAlchemy's own executemany writes;
    what is left out is its parameter building per row, which cost more than SQLite's insert of
    the row in a cold catch-up (decision 0121).
    """
    if rows:
        _driver_many(conn, "insert", table, columns, rows)


def delete_rows(
    conn: Connection, table: Table, columns: tuple[str, ...], keys: list[tuple[Any, ...]]
) -> None:
    """Delete the rows whose ``columns`` equal each of ``keys`` with one executemany of the driver
    (as ``insert_rows``: each value through its type's bind processor)."""
    if keys:
        _driver_many(conn, "delete", table, columns, keys)


def _driver_many(
    conn: Connection, verb: str, table: Table, columns: tuple[str, ...], rows: list[tuple[Any, ...]]
) -> None:
    dialect = conn.dialect
    key = (f"{verb} {table.name}", columns, dialect.name)
    prepared = _DRIVER_STATEMENTS.get(key)
    if prepared is None:
        mark = _PLACEHOLDERS[dialect.paramstyle]
        quote = dialect.identifier_preparer.quote
        if verb == "insert":
            text = (
                f"INSERT INTO {quote(table.name)} ({', '.join(quote(c) for c in columns)}) "
                f"VALUES ({', '.join(mark for _ in columns)})"
            )
        else:
            text = f"DELETE FROM {quote(table.name)} WHERE " + " AND ".join(
                f"{quote(c)} = {mark}" for c in columns
            )
        converters: list[tuple[int, Callable[[Any], Any]]] = []
        for at, column in enumerate(columns):
            kind = table.c[column].type
            # Both drivers store a Python float or bool as SQLAlchemy's processor would (SQLite: a
            # Float column's REAL affinity, a bool as 0 or 1), and converting each value in Python
            # cost as much as the parameter building left out; times and the rest are converted.
            if isinstance(kind, Float | Boolean):
                continue
            process = kind.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                converters.append((at, process))
        prepared = _DRIVER_STATEMENTS[key] = (text, converters)
    text, converting = prepared
    if converting:
        converted = []
        for row in rows:
            values = list(row)
            for at, convert in converting:
                if values[at] is not None:
                    values[at] = convert(values[at])
            converted.append(tuple(values))
        rows = converted
    conn.exec_driver_sql(text, rows)


def delete_performance_sets(conn: Connection, account_id: str, performance_id: str) -> set[tuple[str, str]]:
    """Drop a performance's sets; returns the (session, exercise) pairs they belonged to."""
    key = {"k_account": account_id, "k_performance": performance_id}
    touched = {(r.session_id, r.exercise_id) for r in conn.execute(_PERFORMANCE_PAIRS, key)}
    if touched:
        conn.execute(_DELETE_PERFORMANCE, key)
    return touched


def sets_of(conn: Connection, account_id: str, session_id: str, exercise_id: str) -> list[SetFact]:
    """Every stored set of one exercise in one session."""
    rows = conn.execute(
        _SETS_OF, {"k_account": account_id, "k_session": session_id, "k_exercise": exercise_id}
    )
    return [SetFact(*r) for r in rows]


def exercises_of_session(conn: Connection, account_id: str, session_id: str) -> list[str]:
    """The exercises with stored sets in the session, sorted."""
    rows = conn.execute(
        select(set_facts.c.exercise_id)
        .where(set_facts.c.account_id == account_id, set_facts.c.session_id == session_id)
        .distinct()
    )
    return sorted(r.exercise_id for r in rows)


# ---- session points --------------------------------------------------------------------------


def _figure_values(prefix: str, best: BestSet | None) -> dict[str, Any]:
    return {
        f"{prefix}_value": best.value if best else None,
        f"{prefix}_performance_id": best.performance_id if best else None,
        f"{prefix}_set_number": best.set_number if best else None,
        f"{prefix}_weight_kg": best.weight_kg if best else None,
        f"{prefix}_reps": best.reps if best else None,
    }


def _best(row: Row[Any], prefix: str) -> BestSet | None:
    value = getattr(row, f"{prefix}_value")
    if value is None:
        return None
    return BestSet(
        value,
        getattr(row, f"{prefix}_performance_id"),
        getattr(row, f"{prefix}_set_number"),
        getattr(row, f"{prefix}_weight_kg"),
        getattr(row, f"{prefix}_reps"),
    )


# The columns ``points`` reads, in a fixed order, so each row is decoded by position: a one-year
# series is a few hundred rows, and reading five columns per figure by name cost more than the query.
_POINT_HEAD = (
    session_points.c.exercise_id,
    session_points.c.session_id,
    session_points.c.started_at,
    session_points.c.volume,
    session_points.c.record_sets,
    session_points.c.balance_sets,
)
_FIGURE_PARTS = ("value", "performance_id", "set_number", "weight_kg", "reps")
# Per figure, its five columns: a series reads only the figure it plots (decision 0021, Benchmark).
_FIGURE_COLUMNS = {
    name: tuple(session_points.c[f"{name}_{part}"] for part in _FIGURE_PARTS) for name in FIGURES
}


def _point(row: Sequence[Any], figures: Sequence[str]) -> PointRow:
    """A ``PointRow`` from a row selected as ``_POINT_HEAD`` and then the columns of ``figures``."""
    found: dict[str, BestSet | None] = {}
    at = len(_POINT_HEAD)
    for name in figures:
        value = row[at]
        found[name] = (
            None if value is None else BestSet(value, row[at + 1], row[at + 2], row[at + 3], row[at + 4])
        )
        at += 5
    return PointRow(row[0], row[1], utc(row[2]), found, row[3], row[4], row[5])


def put_point(
    conn: Connection,
    account_id: str,
    exercise_id: str,
    session_id: str,
    started_at: datetime,
    figures: SessionFigures,
) -> None:
    """Insert or replace one session point."""
    values: dict[str, Any] = {
        "started_at": utc(started_at),
        "volume": figures.volume,
        "record_sets": figures.record_sets,
        "balance_sets": figures.balance_sets,
    }
    for name in FIGURES:
        values |= _figure_values(name, getattr(figures, name))
    key = {"k_account": account_id, "k_exercise": exercise_id, "k_session": session_id}
    if conn.execute(_UPDATE_POINT, key | values).rowcount == 0:
        conn.execute(
            insert(session_points),
            {"account_id": account_id, "exercise_id": exercise_id, "session_id": session_id, **values},
        )


def delete_point(conn: Connection, account_id: str, exercise_id: str, session_id: str) -> None:
    """Drop one session point (no counted sets left, or the session stopped counting)."""
    conn.execute(
        delete(session_points).where(
            session_points.c.account_id == account_id,
            session_points.c.exercise_id == exercise_id,
            session_points.c.session_id == session_id,
        )
    )


def points(
    conn: Connection,
    account_id: str,
    start: datetime,
    end: datetime,
    exercise_id: str | None = None,
    figures: Sequence[str] = FIGURES,
) -> list[PointRow]:
    """Session points started in [start, end), oldest first; one exercise or all.

    Each point's ``figures`` hold only the figures named (all by default): every figure read costs
    five columns per row.
    """
    columns = [column for name in figures for column in _FIGURE_COLUMNS[name]]
    query = select(*_POINT_HEAD, *columns).where(
        session_points.c.account_id == account_id,
        session_points.c.started_at >= utc(start),
        session_points.c.started_at < utc(end),
    )
    if exercise_id is not None:
        query = query.where(session_points.c.exercise_id == exercise_id)
    rows = conn.execute(
        query.order_by(session_points.c.started_at, session_points.c.session_id, session_points.c.exercise_id)
    )
    return [_point(r, figures) for r in rows]


@dataclass(frozen=True)
class SeriesColumns:
    """A progress series as the database returned it, one list per column, oldest point first.

    ``started_at`` holds each session's start as the driver hands it back: the stored text on
    SQLite (``YYYY-MM-DD HH:MM:SS.ffffff``, UTC), an aware datetime on PostgreSQL. A volume
    series (``figure`` None) leaves the set columns empty.
    """

    figure: str | None
    session_ids: list[str]
    started_at: list[Any]
    values: list[float]
    record_sets: list[int]
    performance_ids: list[str]
    set_numbers: list[int]
    weights_kg: list[float]
    reps: list[float]


# Per (figure, dialect): the series statement's text and the started_at bind processor.
_SERIES_STATEMENTS: dict[tuple[str | None, str], tuple[str, Any]] = {}


def series_columns(
    conn: Connection, account_id: str, exercise_id: str, start: datetime, end: datetime, figure: str | None
) -> SeriesColumns:
    """The points of one exercise started in [start, end) that have ``figure`` (None: a volume),
    oldest first, read column by column.

    The statement runs on the driver's own cursor and its rows stay the driver's tuples: a 1-year
    series is hundreds of rows, and SQLAlchemy's result rows, their processing and a ``PointRow``
    per row cost ten times the query (decision 0121, "The progress series, columnar"). Only the
    plotted figure's columns are read, and the rows without it are left out by the query.
    """
    dialect = conn.dialect
    key = (figure, dialect.name)
    prepared = _SERIES_STATEMENTS.get(key)
    if prepared is None:
        mark = _PLACEHOLDERS[dialect.paramstyle]
        quote = dialect.identifier_preparer.quote
        plotted = ["volume"] if figure is None else [f"{figure}_{part}" for part in _FIGURE_PARTS]
        selected = ", ".join(quote(c) for c in ("session_id", "started_at", "record_sets", *plotted))
        text = (
            f"SELECT {selected} FROM {quote(session_points.name)} "
            f"WHERE account_id = {mark} AND exercise_id = {mark} "
            f"AND started_at >= {mark} AND started_at < {mark} AND {quote(plotted[0])} IS NOT NULL "
            # SQLite returns ix_session_points_series' order, sorting ties by session in a temp
            # B-tree per row otherwise (a fifth of the read): the rare ties are sorted below.
            + ("ORDER BY started_at" if dialect.name == "sqlite" else "ORDER BY started_at, session_id")
        )
        bind = session_points.c.started_at.type.dialect_impl(dialect).bind_processor(dialect)
        prepared = _SERIES_STATEMENTS[key] = (text, bind)
    text, bind = prepared
    low, high = utc(start), utc(end)
    parameters = (account_id, exercise_id, *((bind(low), bind(high)) if bind else (low, high)))
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(text, parameters)
        rows: list[tuple[Any, ...]] = list(cursor.fetchall())
    finally:
        cursor.close()
    if not rows:
        return SeriesColumns(figure, [], [], [], [], [], [], [], [])
    columns: list[tuple[Any, ...]] = list(zip(*rows, strict=True))
    if dialect.name == "sqlite" and len(set(columns[1])) != len(rows):
        # Sessions that started at the same time, by session as ORDER BY would (SQLite's BINARY
        # collation is the order of code points, as Python compares text).
        rows.sort(key=lambda row: (row[1], row[0]))
        columns = list(zip(*rows, strict=True))
    if figure is None:
        session_ids, started_at, record_sets, values = columns
        return SeriesColumns(
            figure, list(session_ids), list(started_at), list(values), list(record_sets), [], [], [], []
        )
    session_ids, started_at, record_sets, values, performance_ids, set_numbers, weights_kg, reps = columns
    return SeriesColumns(
        figure,
        list(session_ids),
        list(started_at),
        list(values),
        list(record_sets),
        list(performance_ids),
        list(set_numbers),
        list(weights_kg),
        list(reps),
    )


# ---- records ---------------------------------------------------------------------------------


def get_record(conn: Connection, account_id: str, exercise_id: str, kind: str) -> Figure | None:
    """The stored record of one kind, None when no set qualifies."""
    row = conn.execute(
        _GET_RECORD, {"k_account": account_id, "k_exercise": exercise_id, "k_kind": kind}
    ).one_or_none()
    if row is None:
        return None
    return Figure(exercise_id, row[0], utc(row[1]), BestSet(row[2], row[3], row[4], row[5], row[6]))


def set_record(conn: Connection, account_id: str, exercise_id: str, kind: str, figure: Figure | None) -> None:
    """Replace the record of one kind with ``figure``; None removes it."""
    conn.execute(_DELETE_RECORD, {"k_account": account_id, "k_exercise": exercise_id, "k_kind": kind})
    if figure is not None:
        conn.execute(
            insert(exercise_records),
            {
                "account_id": account_id,
                "exercise_id": exercise_id,
                "kind": kind,
                "session_id": figure.session_id,
                "started_at": utc(figure.started_at),
                **_figure_values("record", figure.best),
            },
        )


def best_point_figure(conn: Connection, account_id: str, exercise_id: str, kind: str) -> Figure | None:
    """The exercise's best stored figure of ``kind``: highest value, then earliest session."""
    value = session_points.c[f"{kind}_value"]
    row = conn.execute(
        select(session_points)
        .where(
            session_points.c.account_id == account_id,
            session_points.c.exercise_id == exercise_id,
            value.is_not(None),
        )
        .order_by(value.desc(), session_points.c.started_at, session_points.c.session_id)
        .limit(1)
    ).one_or_none()
    if row is None:
        return None
    best = _best(row, kind)
    assert best is not None
    return Figure(exercise_id, row.session_id, utc(row.started_at), best)


def records(conn: Connection, account_id: str, exercise_ids: list[str] | None) -> list[tuple[str, Figure]]:
    """Stored records as (kind, figure), by exercise; only ``exercise_ids`` when given."""
    query = select(exercise_records).where(exercise_records.c.account_id == account_id)
    if exercise_ids is not None:
        query = query.where(exercise_records.c.exercise_id.in_(exercise_ids))
    rows = conn.execute(query.order_by(exercise_records.c.exercise_id, exercise_records.c.kind))
    out: list[tuple[str, Figure]] = []
    for row in rows:
        best = _best(row, "record")
        assert best is not None
        out.append((row.kind, Figure(row.exercise_id, row.session_id, utc(row.started_at), best)))
    return out


# ---- a run of changes at once (decision 0121) --------------------------------------------------
# A page's sessions and performances are read with one statement a table and written with one
# statement per table and kind of write (executemany / multi-row VALUES), instead of about ten
# statements per change: per-statement cost, not the database, bounded catch-up.


def sessions_of(conn: Connection, account_id: str, session_ids: Iterable[str]) -> dict[str, SessionFact]:
    """The stored start and status of each of ``session_ids`` the feed has described."""
    wanted = sorted(set(session_ids))
    if not wanted:
        return {}
    t = session_facts.c
    rows = conn.execute(
        select(t.session_id, t.started_at, t.status).where(
            t.account_id == account_id, t.session_id.in_(wanted)
        )
    )
    return {r[0]: SessionFact(utc(r[1]), r[2]) for r in rows}


def put_sessions(conn: Connection, account_id: str, facts: dict[str, SessionFact]) -> None:
    """Insert or replace the facts of several sessions (each row whole, as ``put_session``)."""
    if not facts:
        return
    t = session_facts.c
    conn.execute(delete(session_facts).where(t.account_id == account_id, t.session_id.in_(sorted(facts))))
    conn.execute(
        insert(session_facts),
        [
            {
                "account_id": account_id,
                "session_id": session_id,
                "started_at": utc(fact.started_at),
                "status": fact.status,
                "source": fact.source,
                "workout_id": fact.workout_id,
                "original_day": fact.original_day,
                "ended_at": utc(fact.ended_at) if fact.ended_at is not None else None,
            }
            for session_id, fact in facts.items()
        ],
    )


def pairs_of_performances(
    conn: Connection, account_id: str, performance_ids: Iterable[str]
) -> dict[str, set[tuple[str, str]]]:
    """The (session, exercise) pairs each performance's stored sets belong to."""
    wanted = sorted(set(performance_ids))
    out: dict[str, set[tuple[str, str]]] = {}
    if not wanted:
        return out
    t = set_facts.c
    rows = conn.execute(
        select(t.performance_id, t.session_id, t.exercise_id).where(
            t.account_id == account_id, t.performance_id.in_(wanted)
        )
    )
    for performance_id, session_id, exercise_id in rows:
        out.setdefault(performance_id, set()).add((session_id, exercise_id))
    return out


def replace_sets_of_performances(
    conn: Connection, account_id: str, performances: dict[str, tuple[str, str, Sequence[SetFact]]]
) -> None:
    """Replace each performance's stored sets: ``performances`` maps its ID to (session, exercise, sets)."""
    if not performances:
        return
    t = set_facts.c
    conn.execute(
        delete(set_facts).where(t.account_id == account_id, t.performance_id.in_(sorted(performances)))
    )
    rows = [
        _set_fact_row(account_id, performance_id, session_id, exercise_id, s)
        for performance_id, (session_id, exercise_id, sets) in performances.items()
        for s in sets
    ]
    insert_rows(conn, set_facts, _SET_FACT_COLUMNS, rows)


def sets_by_pair(
    conn: Connection, account_id: str, session_ids: Iterable[str]
) -> dict[tuple[str, str], list[SetFact]]:
    """Every stored set of the given sessions, by (session, exercise), as ``sets_of`` reads them."""
    wanted = sorted(set(session_ids))
    out: dict[tuple[str, str], list[SetFact]] = {}
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
        ).where(t.account_id == account_id, t.session_id.in_(wanted))
    )
    for r in rows:
        out.setdefault((r[0], r[1]), []).append(SetFact(*r[2:]))
    return out


def replace_points(
    conn: Connection,
    account_id: str,
    pairs: Iterable[tuple[str, str]],
    points: dict[tuple[str, str], tuple[datetime, SessionFigures]],
) -> None:
    """Drop the session points of ``pairs`` ((session, exercise)), then store ``points`` (by pair:
    the session's start and the figures); each pair of ``points`` must be among ``pairs``."""
    delete_rows(conn, session_points, _POINT_KEY_COLUMNS, [(account_id, e, s) for s, e in sorted(pairs)])
    rows = []
    for (session_id, exercise_id), (started_at, figures) in points.items():
        row: list[Any] = [
            account_id,
            exercise_id,
            session_id,
            utc(started_at),
            figures.volume,
            figures.record_sets,
            figures.balance_sets,
        ]
        for name in FIGURES:
            best = getattr(figures, name)
            row += (
                _NO_FIGURE
                if best is None
                else (best.value, best.performance_id, best.set_number, best.weight_kg, best.reps)
            )
        rows.append(tuple(row))
    insert_rows(conn, session_points, _POINT_COLUMNS, rows)


_POINT_KEY_COLUMNS = ("account_id", "exercise_id", "session_id")
# A ``session_points`` row as ``replace_points`` writes it: the head, then each figure's five parts.
_POINT_COLUMNS = (
    *_POINT_KEY_COLUMNS,
    "started_at",
    "volume",
    "record_sets",
    "balance_sets",
    *(f"{name}_{part}" for name in FIGURES for part in _FIGURE_PARTS),
)
_NO_FIGURE = (None,) * len(_FIGURE_PARTS)


def records_of(
    conn: Connection, account_id: str, exercise_ids: Iterable[str]
) -> dict[tuple[str, str], Figure]:
    """The stored records of ``exercise_ids``, by (exercise, kind)."""
    wanted = sorted(set(exercise_ids))
    if not wanted:
        return {}
    return {(figure.exercise_id, kind): figure for kind, figure in records(conn, account_id, wanted)}


def replace_records(conn: Connection, account_id: str, changed: dict[tuple[str, str], Figure | None]) -> None:
    """Replace the records keyed (exercise, kind) in ``changed``; None removes one."""
    if not changed:
        return
    keys = [{"k_account": account_id, "k_exercise": e, "k_kind": k} for e, k in sorted(changed)]
    conn.execute(_DELETE_RECORD, keys)
    rows = [
        {
            "account_id": account_id,
            "exercise_id": exercise_id,
            "kind": kind,
            "session_id": figure.session_id,
            "started_at": utc(figure.started_at),
            **_figure_values("record", figure.best),
        }
        for (exercise_id, kind), figure in changed.items()
        if figure is not None
    ]
    if rows:
        conn.execute(insert(exercise_records), rows)
