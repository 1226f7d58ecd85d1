"""Every column of the rows a deletion removes, as JSON, and those rows put back (decision 0049).

A snapshot is taken from the tables themselves, not the domain objects, so an undo restores each
row exactly, including columns only the core reads (positions, active keys, creation times), and a
column a later migration adds is carried without changes here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, DateTime, Table, insert, select, update

from services.sessions.adapters.performance_repository import aware
from services.sessions.adapters.session_tables import performance_sets, performances, sessions

Snapshot = dict[str, list[dict[str, Any]]]
_TABLES: dict[str, Table] = {t.name: t for t in (sessions, performances, performance_sets)}
_P = performances.c
_SET = performance_sets.c


def _encode(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    return {
        name: aware(value).isoformat() if isinstance(value, datetime) else value
        for name, value in row.items()
        if name in table.c
    }


def _decode(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    return {
        name: datetime.fromisoformat(value)
        if isinstance(table.c[name].type, DateTime) and value is not None
        else value
        for name, value in row.items()
        if name in table.c
    }


def _rows(conn: Connection, table: Table, *where: Any) -> list[dict[str, Any]]:
    return [_encode(table, dict(row._mapping)) for row in conn.execute(select(table).where(*where))]


def of_session(conn: Connection, session_id: str) -> Snapshot:
    """The session row, its performances and their sets."""
    own = select(_P.performance_id).where(_P.session_id == session_id)
    return {
        "sessions": _rows(conn, sessions, sessions.c.session_id == session_id),
        "performances": _rows(conn, performances, _P.session_id == session_id),
        "performance_sets": _rows(conn, performance_sets, _SET.performance_id.in_(own)),
    }


def of_performance(conn: Connection, performance_id: str) -> Snapshot:
    """One performance and its sets."""
    return {
        "performances": _rows(conn, performances, _P.performance_id == performance_id),
        "performance_sets": _rows(conn, performance_sets, _SET.performance_id == performance_id),
    }


def of_set(conn: Connection, performance_id: str, set_number: int) -> Snapshot:
    """One set."""
    return {
        "performance_sets": _rows(
            conn, performance_sets, _SET.performance_id == performance_id, _SET.set_number == set_number
        )
    }


def restore(conn: Connection, snapshot: Snapshot) -> None:
    """Insert the snapshot's rows again, parents first (keys and positions as they were).

    A restored performance takes back its place: the later performances of its session move down
    one, undoing what ``performance_repository.delete_performance`` did.
    """
    for row in snapshot.get("performances", []):
        if "sessions" not in snapshot:
            conn.execute(
                update(performances)
                .where(_P.session_id == row["session_id"], _P.position >= row["position"])
                .values(position=_P.position + 1)
            )
    for name in ("sessions", "performances", "performance_sets"):
        rows = [_decode(_TABLES[name], row) for row in snapshot.get(name, [])]
        if rows:
            conn.execute(insert(_TABLES[name]), rows)
