"""Deletes one account's gym client record and everything that hangs off it (Core, caller's
transaction): its relationship, equipment profile, plans with their days and exercises, and the
exercises made for that client with their machine presets. Companies, coaches and shared exercises
belong to the gym, not to the account, and stay.

The order follows the foreign keys: plan exercises before days before plans, presets and plan
exercises before the exercises they name, every child before the client row.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete, or_, select

from services.sessions.gyms.adapters.tables import (
    clients,
    equipment_profiles,
    exercises,
    machine_presets,
    plan_days,
    plan_exercises,
    plans,
    relationships,
)


def delete_client_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's gym client rows; returns how many went (0 for a non-client)."""
    client = select(clients.c.id).where(clients.c.account_id == account_id).scalar_subquery()
    own_plans = select(plans.c.id).where(plans.c.client_id == client)
    own_days = select(plan_days.c.id).where(plan_days.c.plan_id.in_(own_plans))
    own_exercises = select(exercises.c.id).where(exercises.c.owner_client_id == client)
    statements = (
        delete(plan_exercises).where(
            or_(plan_exercises.c.day_id.in_(own_days), plan_exercises.c.exercise_id.in_(own_exercises))
        ),
        delete(plan_days).where(plan_days.c.plan_id.in_(own_plans)),
        delete(plans).where(plans.c.client_id == client),
        delete(machine_presets).where(machine_presets.c.exercise_id.in_(own_exercises)),
        delete(exercises).where(exercises.c.owner_client_id == client),
        delete(equipment_profiles).where(equipment_profiles.c.client_id == client),
        delete(relationships).where(relationships.c.client_id == client),
        delete(clients).where(clients.c.account_id == account_id),
    )
    return sum(conn.execute(statement).rowcount for statement in statements)
