"""Reads scoped to one client: its context, its plans, the exercises it may see.

Each puts the client (and its company) in the lookup, so a record of another client is simply not
found. Both the client-facing use cases and :class:`~.directory.SqlGymDirectory` read through these,
so the two can never disagree on what a client sees (docs/decisions/0018-gyms.md).
"""

from __future__ import annotations

from sqlalchemy import Connection

from services.sessions.gyms.adapters import plan_repository as plan_repo
from services.sessions.gyms.adapters import repository as repo
from services.sessions.gyms.domain.access import ClientContext
from services.sessions.gyms.domain.model import GymExercise, Plan, PlanExercise


def resolve(conn: Connection, account_id: str) -> ClientContext | None:
    """The account's client, company and relationship; None when the account is no gym's client."""
    return repo.client_context(conn, account_id)


def visible_exercises(
    conn: Connection, context: ClientContext, items: tuple[PlanExercise, ...]
) -> list[tuple[PlanExercise, GymExercise]]:
    """The day's exercises the client may see (allowlisted or own), in order."""
    known = repo.get_exercises(conn, (item.exercise_id for item in items))
    shown = []
    for item in items:
        exercise = known.get(item.exercise_id)
        if exercise is not None and exercise.visible_to(context.client.id, context.company.id):
            shown.append((item, exercise))
    return shown


def own_plan(conn: Connection, context: ClientContext, plan_id: str) -> Plan | None:
    """The plan if it is assigned to the client within its company; None otherwise."""
    plan = plan_repo.get_plan(conn, plan_id)
    if plan is None or plan.client_id != context.client.id or plan.company_id != context.company.id:
        return None
    return plan
