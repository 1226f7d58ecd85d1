"""Writes of entries and sets the core's repositories have no statement for (caller's transaction)."""

from __future__ import annotations

from sqlalchemy import Connection, delete, update

from services.sessions.adapters.session_tables import performance_sets, performances

_P = performances.c
_SET = performance_sets.c


def delete_set(conn: Connection, performance_id: str, set_number: int) -> None:
    """Remove one set; the others keep their numbers (set IDs stay valid)."""
    conn.execute(
        delete(performance_sets).where(_SET.performance_id == performance_id, _SET.set_number == set_number)
    )


def change_exercise(
    conn: Connection, performance_id: str, exercise_id: str, exercise_name: str, catalog_exercise_id: str
) -> None:
    """Point an entry at another exercise (an unconfirmed entry being confirmed)."""
    conn.execute(
        update(performances)
        .where(_P.performance_id == performance_id)
        .values(
            exercise_id=exercise_id,
            exercise_name=exercise_name,
            catalog_exercise_id=catalog_exercise_id,
        )
    )
