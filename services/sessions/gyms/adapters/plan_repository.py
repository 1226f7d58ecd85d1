"""Workout V2 plans with their days and exercises in the gym tables, inside the caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Row, and_, func, insert, select, update

from services.sessions.gyms.adapters.tables import (
    plan_days,
    plan_exercises,
    plans,
)
from services.sessions.gyms.domain.model import (
    Localized,
    Plan,
    PlanDay,
    PlanExercise,
    PlanStatus,
)


def insert_plan(conn: Connection, plan: Plan, now: datetime) -> None:
    """Store a new plan with its days and exercises."""
    conn.execute(
        insert(plans).values(
            id=plan.id,
            company_id=plan.company_id,
            coach_id=plan.coach_id,
            client_id=plan.client_id,
            name_en=plan.name.en,
            name_nl=plan.name.nl,
            description_en=plan.description.en,
            description_nl=plan.description.nl,
            status=plan.status,
            is_wod=plan.is_wod,
            created_at=now,
        )
    )
    for day_position, day in enumerate(plan.days, start=1):
        conn.execute(
            insert(plan_days).values(
                id=day.id,
                plan_id=plan.id,
                position=day_position,
                name_en=day.name.en,
                name_nl=day.name.nl,
                visible=day.visible,
            )
        )
        for position, item in enumerate(day.exercises, start=1):
            conn.execute(
                insert(plan_exercises).values(
                    id=item.id,
                    day_id=day.id,
                    position=position,
                    exercise_id=item.exercise_id,
                    target_sets=item.target_sets,
                    target_reps=item.target_reps,
                    target_weight_kg=item.target_weight_kg,
                    rest_seconds=item.rest_seconds,
                    notes_en=item.notes.en,
                    notes_nl=item.notes.nl,
                )
            )


def set_plan_status(conn: Connection, plan_id: str, status: PlanStatus) -> None:
    """Change a plan's status."""
    conn.execute(update(plans).where(plans.c.id == plan_id).values(status=status))


def _plan_head(row: Row[Any], days: tuple[PlanDay, ...] = ()) -> Plan:
    return Plan(
        id=row.id,
        company_id=row.company_id,
        coach_id=row.coach_id,
        client_id=row.client_id,
        name=Localized(row.name_en, row.name_nl),
        description=Localized(row.description_en, row.description_nl),
        status=cast(PlanStatus, row.status),
        is_wod=bool(row.is_wod),
        days=days,
    )


def get_plan(conn: Connection, plan_id: str) -> Plan | None:
    """The plan with every day (visible or not) and exercise, in order; or None."""
    head = conn.execute(select(plans).where(plans.c.id == plan_id)).first()
    if head is None:
        return None
    day_rows = conn.execute(
        select(plan_days).where(plan_days.c.plan_id == plan_id).order_by(plan_days.c.position)
    ).all()
    item_rows = conn.execute(
        select(plan_exercises)
        .join(plan_days, plan_days.c.id == plan_exercises.c.day_id)
        .where(plan_days.c.plan_id == plan_id)
        .order_by(plan_exercises.c.day_id, plan_exercises.c.position)
    ).all()
    by_day: dict[str, list[PlanExercise]] = {}
    for r in item_rows:
        by_day.setdefault(r.day_id, []).append(
            PlanExercise(
                id=r.id,
                exercise_id=r.exercise_id,
                target_sets=r.target_sets,
                target_reps=r.target_reps,
                target_weight_kg=r.target_weight_kg,
                rest_seconds=r.rest_seconds,
                notes=Localized(r.notes_en, r.notes_nl),
            )
        )
    days = tuple(
        PlanDay(d.id, Localized(d.name_en, d.name_nl), bool(d.visible), tuple(by_day.get(d.id, ())))
        for d in day_rows
    )
    return _plan_head(head, days)


def client_plan_named(conn: Connection, client_id: str, coach_id: str, name_en: str) -> Plan | None:
    """The client's oldest plan from this coach with this English name, or None."""
    row = conn.execute(
        select(plans.c.id)
        .where(plans.c.client_id == client_id, plans.c.coach_id == coach_id, plans.c.name_en == name_en)
        .order_by(plans.c.created_at, plans.c.id)
    ).first()
    return get_plan(conn, row.id) if row else None


def list_client_plans(
    conn: Connection,
    client_id: str,
    company_id: str,
    status: PlanStatus | None,
    offset: int,
    limit: int,
) -> tuple[list[tuple[Plan, int]], int]:
    """A page of the client's non-WOD plans of ``company_id``, newest first, each with its visible
    day count; and the number of matches over all pages.

    Each plan carries its days in order without their exercises: enough to name the day that comes
    next, at one query for the whole page.
    """
    conditions = [plans.c.client_id == client_id, plans.c.company_id == company_id, plans.c.is_wod.is_(False)]
    if status is not None:
        conditions.append(plans.c.status == status)
    where = and_(*conditions)
    total = int(conn.execute(select(func.count()).select_from(plans).where(where)).scalar_one())
    rows = conn.execute(
        select(plans)
        .where(where)
        .order_by(plans.c.created_at.desc(), plans.c.id.desc())
        .offset(offset)
        .limit(limit)
    ).all()
    days: dict[str, list[PlanDay]] = {}
    if rows:
        day_rows = conn.execute(
            select(
                plan_days.c.id,
                plan_days.c.plan_id,
                plan_days.c.name_en,
                plan_days.c.name_nl,
                plan_days.c.visible,
            )
            .where(plan_days.c.plan_id.in_([row.id for row in rows]))
            .order_by(plan_days.c.plan_id, plan_days.c.position)
        )
        for d in day_rows:
            days.setdefault(d.plan_id, []).append(
                PlanDay(d.id, Localized(d.name_en, d.name_nl), bool(d.visible))
            )
    listed = []
    for row in rows:
        heads = tuple(days.get(row.id, ()))
        listed.append((_plan_head(row, heads), sum(1 for day in heads if day.visible)))
    return listed, total
