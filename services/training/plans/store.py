"""Rows of the endurance plan tables: a goal's own fields, its workouts' plan rows, its snapshots.

Every read and write names the account, so another account's goal or workout is simply not found.
The library's ``plans`` and ``workouts`` rows are read and written by ``library_repository``; these
are what goals and plan workouts hold besides (docs/decisions/0062-endurance-plans.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, func, insert, select, update

from services.training.adapters import tables
from services.training.plans.goal import GoalFields
from services.training.plans.goal_json import (
    details_from_json,
    details_to_json,
    summaries_from_json,
    summaries_to_json,
)

_G = tables.plan_goals.c
_PW = tables.plan_workouts.c
# A new plan's statements, built once with bound parameters (decision 0123).
_INSERT_GOAL = insert(tables.plan_goals)
_INSERT_ROWS = insert(tables.plan_workouts)
_SET_ACTIVE = (
    update(tables.plan_goals)
    .where(_G.account_id == bindparam("account"))
    .values(is_active=_G.goal_id == bindparam("goal"))
)
_S = tables.plan_snapshots.c


def _aware(value: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes; every stored time is UTC.
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


# --- goals -------------------------------------------------------------------------------------


def _goal_from_row(row: Row[Any]) -> GoalFields:
    return GoalFields(
        goal_id=row.goal_id,
        sport=row.sport,
        race_type=row.race_type,
        race_date=row.race_date or "",
        plan_start_date=row.plan_start_date or "",
        is_active=row.is_active,
        status=row.status,
        creation_mode=row.creation_mode,
        coaching_summaries=summaries_from_json(row.coaching_summaries),
        **details_from_json(row.details),
    )


def _goal_values(goal: GoalFields, now: datetime) -> dict[str, Any]:
    return {
        "sport": goal.sport,
        "race_type": goal.race_type,
        "race_date": goal.race_date or None,
        "plan_start_date": goal.plan_start_date or None,
        "details": details_to_json(goal),
        "is_active": goal.is_active,
        "status": goal.status,
        "creation_mode": goal.creation_mode,
        "coaching_summaries": summaries_to_json(goal.coaching_summaries),
        "updated_at": now,
    }


def get_goal(conn: Connection, account_id: str, goal_id: str) -> GoalFields | None:
    """The goal's own fields (no name, notes or version: those are the library plan's)."""
    row = conn.execute(
        select(tables.plan_goals).where(_G.account_id == account_id, _G.goal_id == goal_id)
    ).first()
    return _goal_from_row(row) if row else None


def active_goal_id(conn: Connection, account_id: str) -> str | None:
    """The account's active goal, if any."""
    found = conn.execute(
        select(_G.goal_id).where(_G.account_id == account_id, _G.is_active.is_(True)).limit(1)
    ).scalar()
    return str(found) if found else None


def list_goals(conn: Connection, account_id: str, status: str = "") -> list[GoalFields]:
    """The account's goals, newest first (by creation)."""
    conditions = [_G.account_id == account_id]
    if status:
        conditions.append(_G.status == status)
    rows = conn.execute(
        select(tables.plan_goals).where(*conditions).order_by(_G.created_at.desc(), _G.goal_id)
    )
    return [_goal_from_row(row) for row in rows]


def next_active_candidate(conn: Connection, account_id: str, excluding: str) -> str | None:
    """The most recently updated goal that is not archived, other than ``excluding``."""
    found = conn.execute(
        select(_G.goal_id)
        .where(_G.account_id == account_id, _G.goal_id != excluding, _G.status != "archived")
        .order_by(_G.updated_at.desc(), _G.goal_id)
        .limit(1)
    ).scalar()
    return str(found) if found else None


def insert_goal(conn: Connection, account_id: str, goal: GoalFields, now: datetime) -> None:
    """Store a new goal's own fields."""
    conn.execute(
        _INSERT_GOAL,
        {"goal_id": goal.goal_id, "account_id": account_id, "created_at": now, **_goal_values(goal, now)},
    )


def save_goal(conn: Connection, account_id: str, goal: GoalFields, now: datetime) -> None:
    """Store a goal's changed fields."""
    conn.execute(
        update(tables.plan_goals)
        .where(_G.account_id == account_id, _G.goal_id == goal.goal_id)
        .values(**_goal_values(goal, now))
    )


def set_active(conn: Connection, account_id: str, goal_id: str | None) -> None:
    """Make ``goal_id`` the account's only active goal (None: none is), in one statement (0123)."""
    if goal_id:
        conn.execute(_SET_ACTIVE, {"account": account_id, "goal": goal_id})
    else:
        conn.execute(update(tables.plan_goals).where(_G.account_id == account_id).values(is_active=False))


def delete_goal(conn: Connection, account_id: str, goal_id: str) -> None:
    """Delete a goal's own row and its snapshots (its plan rows go with its workouts)."""
    conn.execute(delete(tables.plan_goals).where(_G.account_id == account_id, _G.goal_id == goal_id))
    conn.execute(delete(tables.plan_snapshots).where(_S.account_id == account_id, _S.goal_id == goal_id))


# --- plan rows of workouts ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlanRow:
    """What a plan workout holds besides its library workout."""

    workout_id: str
    goal_id: str
    order: int
    workout_type: str
    completed: bool = False
    linked_activity_id: str = ""
    completed_at: datetime | None = None


def _plan_row(row: Row[Any]) -> PlanRow:
    return PlanRow(
        workout_id=row.workout_id,
        goal_id=row.goal_id,
        order=row.day_order,
        workout_type=row.workout_type,
        completed=row.completed,
        linked_activity_id=row.linked_activity_id,
        completed_at=_aware(row.completed_at),
    )


def goal_rows(conn: Connection, account_id: str, goal_id: str) -> list[PlanRow]:
    """The plan rows of a goal's workouts."""
    rows = conn.execute(
        select(tables.plan_workouts).where(_PW.account_id == account_id, _PW.goal_id == goal_id)
    )
    return [_plan_row(row) for row in rows]


def rows_by_id(conn: Connection, account_id: str, workout_ids: Iterable[str]) -> dict[str, PlanRow]:
    """The account's plan rows among ``workout_ids``, by ID."""
    wanted = list(dict.fromkeys(workout_ids))
    if not wanted:
        return {}
    rows = conn.execute(
        select(tables.plan_workouts).where(_PW.account_id == account_id, _PW.workout_id.in_(wanted))
    )
    return {row.workout_id: _plan_row(row) for row in rows}


def row_ids_among(conn: Connection, account_id: str, workout_ids: Iterable[str]) -> set[str]:
    """Which of ``workout_ids`` have a plan row of the account (IDs only)."""
    wanted = list(dict.fromkeys(workout_ids))
    if not wanted:
        return set()
    found = conn.execute(
        select(_PW.workout_id).where(_PW.account_id == account_id, _PW.workout_id.in_(wanted))
    )
    return set(found.scalars())


def put_row(conn: Connection, account_id: str, row: PlanRow) -> None:
    """Insert or replace one plan row."""
    put_rows(conn, account_id, [row])


def put_rows(conn: Connection, account_id: str, rows: Sequence[PlanRow]) -> None:
    """Insert or replace plan rows: one delete and one insert however many (a batch of 200)."""
    if not rows:
        return
    conn.execute(delete(tables.plan_workouts).where(_PW.workout_id.in_([row.workout_id for row in rows])))
    insert_rows(conn, account_id, rows)


def insert_rows(conn: Connection, account_id: str, rows: Sequence[PlanRow]) -> None:
    """Insert the plan rows of workouts that have none (new ones: decision 0123), in one statement."""
    if not rows:
        return
    conn.execute(
        _INSERT_ROWS,
        [
            {
                "workout_id": row.workout_id,
                "account_id": account_id,
                "goal_id": row.goal_id,
                "day_order": row.order,
                "workout_type": row.workout_type,
                "completed": row.completed,
                "linked_activity_id": row.linked_activity_id,
                "completed_at": row.completed_at,
            }
            for row in rows
        ],
    )


def delete_rows(conn: Connection, account_id: str, workout_ids: Sequence[str]) -> None:
    """Delete plan rows (their library workouts are the caller's)."""
    if workout_ids:
        conn.execute(
            delete(tables.plan_workouts).where(
                _PW.account_id == account_id, _PW.workout_id.in_(list(workout_ids))
            )
        )


def workout_counts(conn: Connection, account_id: str) -> dict[str, int]:
    """How many workouts each goal of the account has."""
    rows = conn.execute(
        select(_PW.goal_id, func.count()).where(_PW.account_id == account_id).group_by(_PW.goal_id)
    )
    return {row[0]: int(row[1]) for row in rows}


# --- snapshots ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """A stored copy of a goal and its workouts."""

    snapshot_id: str
    goal_id: str
    operation: str
    description: str
    workout_count: int
    created_at: datetime
    content: bytes = b""


def _snapshot(row: Row[Any], with_content: bool) -> Snapshot:
    created = _aware(row.created_at)
    assert created is not None
    return Snapshot(
        snapshot_id=row.snapshot_id,
        goal_id=row.goal_id,
        operation=row.operation,
        description=row.description,
        workout_count=row.workout_count,
        created_at=created,
        content=bytes(row.content) if with_content else b"",
    )


def insert_snapshot(conn: Connection, account_id: str, snapshot: Snapshot) -> None:
    """Store a snapshot, a microsecond after the goal's latest when the clock has not moved on, so
    "newest first" and "the latest" are the order they were taken in."""
    latest = _aware(
        conn.execute(
            select(func.max(_S.created_at)).where(_S.account_id == account_id, _S.goal_id == snapshot.goal_id)
        ).scalar()
    )
    created_at = snapshot.created_at
    if latest is not None and created_at <= latest:
        created_at = latest + timedelta(microseconds=1)
    conn.execute(
        insert(tables.plan_snapshots).values(
            snapshot_id=snapshot.snapshot_id,
            account_id=account_id,
            goal_id=snapshot.goal_id,
            operation=snapshot.operation,
            description=snapshot.description[:200],
            workout_count=snapshot.workout_count,
            content=snapshot.content,
            created_at=created_at,
        )
    )


def list_snapshots(conn: Connection, account_id: str, goal_id: str) -> list[Snapshot]:
    """A goal's snapshots, newest first, without their content."""
    columns = [c for c in tables.plan_snapshots.c if c.name != "content"]
    rows = conn.execute(
        select(*columns)
        .where(_S.account_id == account_id, _S.goal_id == goal_id)
        .order_by(_S.created_at.desc(), _S.snapshot_id.desc())
    )
    return [_snapshot(row, with_content=False) for row in rows]


def get_snapshot(conn: Connection, account_id: str, snapshot_id: str) -> Snapshot | None:
    """One snapshot with its content."""
    row = conn.execute(
        select(tables.plan_snapshots).where(_S.account_id == account_id, _S.snapshot_id == snapshot_id)
    ).first()
    return _snapshot(row, with_content=True) if row else None


def latest_undo_snapshot(conn: Connection, account_id: str, goal_id: str) -> Snapshot | None:
    """The goal's latest snapshot that is not a pre-restore backup."""
    row = conn.execute(
        select(tables.plan_snapshots)
        .where(_S.account_id == account_id, _S.goal_id == goal_id, _S.operation != "pre_restore")
        .order_by(_S.created_at.desc(), _S.snapshot_id.desc())
        .limit(1)
    ).first()
    return _snapshot(row, with_content=True) if row else None


def snapshot_count(conn: Connection, account_id: str, goal_id: str) -> int:
    """How many snapshots one goal has."""
    found = conn.execute(
        select(func.count())
        .select_from(tables.plan_snapshots)
        .where(_S.account_id == account_id, _S.goal_id == goal_id)
    ).scalar_one()
    return int(found)


def snapshot_counts(conn: Connection, account_id: str) -> dict[str, int]:
    """How many snapshots each goal of the account has."""
    rows = conn.execute(
        select(_S.goal_id, func.count()).where(_S.account_id == account_id).group_by(_S.goal_id)
    )
    return {row[0]: int(row[1]) for row in rows}
