"""Storage of the Training facts: workouts with movements and blocks, plans and occurrences.

Writes run inside the caller's transaction, the one that also moves the training feed's cursor, and
replace what was stored for the same record, so a change applied twice stores the same rows
(decision 0024).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Connection, Row, Table, delete, insert, select

from services.analytics.adapters.aggregates import utc
from services.analytics.adapters.tables import (
    TRAINING_TABLES,
    training_blocks,
    training_movements,
    training_occurrences,
    training_plans,
    training_workouts,
)
from services.analytics.domain.training_facts import (
    BlockFact,
    MovementFact,
    OccurrenceFact,
    PlanFact,
    WorkoutFact,
)

# ---- writes ----------------------------------------------------------------------------------


def _delete_workout_rows(conn: Connection, account_id: str, workout_id: str) -> None:
    _delete_rows_of(conn, account_id, [workout_id])


def _delete_rows_of(conn: Connection, account_id: str, workout_ids: list[str]) -> None:
    for table in (training_movements, training_blocks, training_workouts):
        conn.execute(
            delete(table).where(table.c.account_id == account_id, table.c.workout_id.in_(workout_ids))
        )


def put_workout(conn: Connection, account_id: str, workout: WorkoutFact) -> None:
    """Replace the workout, its movements and its blocks."""
    put_workouts(conn, account_id, [workout])


def put_workouts(conn: Connection, account_id: str, workouts: list[WorkoutFact]) -> None:
    """Replace each workout, its movements and its blocks: one statement a table, however many
    workouts (a plan of 49 is written in one go, decision 0090). A workout given twice keeps the
    last."""
    latest = list({workout.workout_id: workout for workout in workouts}.values())
    if not latest:
        return
    _delete_rows_of(conn, account_id, [workout.workout_id for workout in latest])
    conn.execute(
        insert(training_workouts),
        [
            {
                "account_id": account_id,
                "workout_id": workout.workout_id,
                "version": workout.version,
                "name": workout.name,
                "kind": workout.kind,
                "plan_id": workout.plan_id,
                "phase_id": workout.phase_id,
            }
            for workout in latest
        ],
    )
    movements = [
        {
            "account_id": account_id,
            "workout_id": workout.workout_id,
            "movement_id": m.movement_id,
            "position": m.position,
            "exercise_id": m.exercise_id,
            "block_id": m.block_id,
            "target_sets": m.target_sets,
            "target_reps": m.target_reps,
            "target_weight_kg": m.target_weight_kg,
            "target_distance_meters": m.target_distance_meters,
            "target_duration_seconds": m.target_duration_seconds,
        }
        for workout in latest
        for m in workout.movements
    ]
    if movements:
        conn.execute(insert(training_movements), movements)
    blocks = [
        {
            "account_id": account_id,
            "workout_id": workout.workout_id,
            "block_id": b.block_id,
            "position": b.position,
            "format": b.format,
            "rounds": b.rounds,
            "duration_seconds": b.duration_seconds,
        }
        for workout in latest
        for b in workout.blocks
    ]
    if blocks:
        conn.execute(insert(training_blocks), blocks)


def delete_workout(conn: Connection, account_id: str, workout_id: str) -> None:
    """Forget the workout and its occurrences that were not completed.

    Completed occurrences stay: training keeps them as history (decision 0023). Its other occurrences
    also arrive as ``occurrence.lapsed`` right after; dropping them here too keeps the facts right
    whichever way a page is cut.
    """
    _delete_workout_rows(conn, account_id, workout_id)
    conn.execute(
        delete(training_occurrences).where(
            training_occurrences.c.account_id == account_id,
            training_occurrences.c.workout_id == workout_id,
            training_occurrences.c.status != "completed",
        )
    )


def delete_occurrence(conn: Connection, account_id: str, workout_id: str, original_day: date) -> None:
    """Forget one occurrence's state (occurrence.lapsed)."""
    conn.execute(
        delete(training_occurrences).where(
            training_occurrences.c.account_id == account_id,
            training_occurrences.c.workout_id == workout_id,
            training_occurrences.c.original_day == original_day,
        )
    )


def put_plan(conn: Connection, account_id: str, plan: PlanFact) -> None:
    """Replace the plan."""
    delete_plan(conn, account_id, plan.plan_id)
    conn.execute(
        insert(training_plans),
        {"account_id": account_id, "plan_id": plan.plan_id, "version": plan.version, "name": plan.name},
    )


def delete_plan(conn: Connection, account_id: str, plan_id: str) -> None:
    """Forget the plan (its workouts change through their own changes)."""
    conn.execute(
        delete(training_plans).where(
            training_plans.c.account_id == account_id, training_plans.c.plan_id == plan_id
        )
    )


def put_occurrence(conn: Connection, account_id: str, occurrence: OccurrenceFact) -> None:
    """Replace the occurrence's state."""
    table = training_occurrences
    conn.execute(
        delete(table).where(
            table.c.account_id == account_id,
            table.c.workout_id == occurrence.workout_id,
            table.c.original_day == occurrence.original_day,
        )
    )
    conn.execute(
        insert(table),
        {
            "account_id": account_id,
            "workout_id": occurrence.workout_id,
            "original_day": occurrence.original_day,
            "day": occurrence.day,
            "status": occurrence.status,
            "replacement_workout_id": occurrence.replacement_workout_id,
            "completed_at": utc(occurrence.completed_at) if occurrence.completed_at else None,
        },
    )


def erase(conn: Connection, account_id: str) -> None:
    """Drop every Training fact of the account (library.erased)."""
    for table in TRAINING_TABLES:
        conn.execute(delete(table).where(table.c.account_id == account_id))


# ---- reads -----------------------------------------------------------------------------------


def workouts(conn: Connection, account_id: str) -> dict[str, WorkoutFact]:
    """Every workout of the account with its movements and blocks, by ID."""
    movements = _rows_by_workout(conn, training_movements, account_id)
    blocks = _rows_by_workout(conn, training_blocks, account_id)
    return {
        r.workout_id: WorkoutFact(
            r.workout_id,
            r.version,
            r.name,
            r.kind,
            r.plan_id,
            r.phase_id,
            tuple(_movement(m) for m in movements.get(r.workout_id, ())),
            tuple(_block(b) for b in blocks.get(r.workout_id, ())),
        )
        for r in conn.execute(select(training_workouts).where(training_workouts.c.account_id == account_id))
    }


def _rows_by_workout(conn: Connection, table: Table, account_id: str) -> dict[str, list[Row[Any]]]:
    """The account's rows of a per-workout table (movements, blocks), by workout, in workout order."""
    grouped: dict[str, list[Row[Any]]] = {}
    for row in conn.execute(
        select(table).where(table.c.account_id == account_id).order_by(table.c.workout_id, table.c.position)
    ):
        grouped.setdefault(row.workout_id, []).append(row)
    return grouped


def _movement(row: Row[Any]) -> MovementFact:
    return MovementFact(
        row.movement_id,
        row.exercise_id,
        row.position,
        row.block_id,
        row.target_sets,
        row.target_reps,
        row.target_weight_kg,
        row.target_distance_meters,
        row.target_duration_seconds,
    )


def _block(row: Row[Any]) -> BlockFact:
    return BlockFact(row.block_id, row.position, row.format, row.rounds, row.duration_seconds)


def plans(conn: Connection, account_id: str) -> dict[str, PlanFact]:
    """Every plan of the account, by ID."""
    rows = conn.execute(select(training_plans).where(training_plans.c.account_id == account_id))
    return {r.plan_id: PlanFact(r.plan_id, r.version, r.name) for r in rows}


def _occurrence(row: Row[Any]) -> OccurrenceFact:
    return OccurrenceFact(
        row.workout_id,
        row.original_day,
        row.day,
        row.status,
        row.replacement_workout_id,
        utc(row.completed_at) if row.completed_at is not None else None,
    )


def occurrences_between(conn: Connection, account_id: str, first: date, last: date) -> list[OccurrenceFact]:
    """Occurrences originally scheduled from ``first`` to ``last`` (inclusive), by day and workout."""
    table = training_occurrences
    rows = conn.execute(
        select(table)
        .where(table.c.account_id == account_id, table.c.original_day >= first, table.c.original_day <= last)
        .order_by(table.c.original_day, table.c.workout_id)
    )
    return [_occurrence(r) for r in rows]


def replacements(conn: Connection, account_id: str) -> dict[tuple[str, str], str]:
    """(workout, original day YYYY-MM-DD) -> replacing workout, for every replaced occurrence."""
    table = training_occurrences
    rows = conn.execute(
        select(table.c.workout_id, table.c.original_day, table.c.replacement_workout_id).where(
            table.c.account_id == account_id, table.c.replacement_workout_id != ""
        )
    )
    return {(r.workout_id, r.original_day.isoformat()): r.replacement_workout_id for r in rows}
