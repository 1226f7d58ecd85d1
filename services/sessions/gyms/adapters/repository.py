"""Companies, coaches, clients, relationships and exercises in the gym tables.

Reads and writes inside the caller's transaction; no commits here. Plans are in
``plan_repository.py``, machine presets and equipment profiles in ``setup_repository.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, insert, select, update

from services.sessions.gyms.adapters.tables import (
    clients,
    coaches,
    companies,
    exercises,
    relationships,
)
from services.sessions.gyms.domain.access import ClientContext
from services.sessions.gyms.domain.model import (
    Client,
    ClientMcpPolicy,
    Coach,
    Company,
    GymExercise,
    Localized,
    Relationship,
)


def _company(row: Row[Any], prefix: str = "") -> Company:
    values = row._mapping
    policy = ClientMcpPolicy(
        tuple(json.loads(values[f"{prefix}allowed_modules"])), bool(values[f"{prefix}write_tools_allowed"])
    )
    return Company(
        values[f"{prefix}id"],
        values[f"{prefix}name"],
        bool(values[f"{prefix}mcp_integration_enabled"]),
        policy,
    )


def insert_company(conn: Connection, company: Company, now: datetime) -> None:
    """Store a new company."""
    conn.execute(
        insert(companies).values(
            id=company.id,
            name=company.name,
            mcp_integration_enabled=company.mcp_integration_enabled,
            allowed_modules=json.dumps(list(company.policy.allowed_modules)),
            write_tools_allowed=company.policy.write_tools_allowed,
            created_at=now,
        )
    )


def update_company(conn: Connection, company: Company) -> None:
    """Overwrite a company's fields."""
    conn.execute(
        update(companies)
        .where(companies.c.id == company.id)
        .values(
            name=company.name,
            mcp_integration_enabled=company.mcp_integration_enabled,
            allowed_modules=json.dumps(list(company.policy.allowed_modules)),
            write_tools_allowed=company.policy.write_tools_allowed,
        )
    )


def get_company(conn: Connection, company_id: str) -> Company | None:
    """The company, or None."""
    row = conn.execute(select(companies).where(companies.c.id == company_id)).first()
    return _company(row) if row else None


def company_named(conn: Connection, name: str) -> Company | None:
    """The oldest company with exactly this name, or None."""
    row = conn.execute(
        select(companies).where(companies.c.name == name).order_by(companies.c.created_at, companies.c.id)
    ).first()
    return _company(row) if row else None


def insert_coach(conn: Connection, coach: Coach, now: datetime) -> None:
    """Store a new coach."""
    conn.execute(
        insert(coaches).values(id=coach.id, company_id=coach.company_id, name=coach.name, created_at=now)
    )


def get_coach(conn: Connection, coach_id: str) -> Coach | None:
    """The coach, or None."""
    row = conn.execute(select(coaches).where(coaches.c.id == coach_id)).first()
    return Coach(row.id, row.company_id, row.name) if row else None


def coach_named(conn: Connection, company_id: str, name: str) -> Coach | None:
    """The company's oldest coach with this name, or None."""
    row = conn.execute(
        select(coaches)
        .where(coaches.c.company_id == company_id, coaches.c.name == name)
        .order_by(coaches.c.created_at, coaches.c.id)
    ).first()
    return Coach(row.id, row.company_id, row.name) if row else None


def _client(row: Row[Any], prefix: str = "") -> Client:
    values = row._mapping
    return Client(
        values[f"{prefix}id"],
        values[f"{prefix}account_id"],
        values[f"{prefix}name"],
        bool(values[f"{prefix}health_data_consent"]),
    )


def insert_client(conn: Connection, client: Client, now: datetime) -> None:
    """Store a new client."""
    conn.execute(
        insert(clients).values(
            id=client.id,
            account_id=client.account_id,
            name=client.name,
            health_data_consent=client.health_data_consent,
            created_at=now,
        )
    )


def update_client(conn: Connection, client: Client) -> None:
    """Overwrite a client's name and consent."""
    conn.execute(
        update(clients)
        .where(clients.c.id == client.id)
        .values(name=client.name, health_data_consent=client.health_data_consent)
    )


def get_client(conn: Connection, client_id: str) -> Client | None:
    """The client, or None."""
    row = conn.execute(select(clients).where(clients.c.id == client_id)).first()
    return _client(row) if row else None


def client_for_account(conn: Connection, account_id: str) -> Client | None:
    """The client a Kinetic account is, or None."""
    row = conn.execute(select(clients).where(clients.c.account_id == account_id)).first()
    return _client(row) if row else None


def get_relationship(conn: Connection, client_id: str) -> Relationship | None:
    """The client's relationship, or None."""
    row = conn.execute(select(relationships).where(relationships.c.client_id == client_id)).first()
    return Relationship(row.client_id, row.company_id, bool(row.client_ai_access_enabled)) if row else None


# The account's client, its relationship and its company in one query instead of three: the gate
# (CheckClientAccess) runs it before every Client AI call, LogPerformance's visibility check with one
# exercise joined on. Each table's columns are labelled with a prefix, as they share names (id,
# name, created_at). See docs/decisions/0022-session-logging-benchmark.md (the profile).
_CONTEXT_TABLES = clients.outerjoin(relationships, relationships.c.client_id == clients.c.id).outerjoin(
    companies, companies.c.id == relationships.c.company_id
)
_CONTEXT_COLUMNS = (
    *(c.label(f"client_{c.name}") for c in clients.c),
    *(c.label(f"relationship_{c.name}") for c in relationships.c),
    *(c.label(f"company_{c.name}") for c in companies.c),
)
_CONTEXT = (
    select(*_CONTEXT_COLUMNS)
    .select_from(_CONTEXT_TABLES)
    .where(clients.c.account_id == bindparam("b_account"))
)


def _context(row: Row[Any] | None) -> ClientContext | None:
    if row is None or row.relationship_client_id is None or row.company_id is None:
        return None
    relationship = Relationship(
        row.relationship_client_id,
        row.relationship_company_id,
        bool(row.relationship_client_ai_access_enabled),
    )
    return ClientContext(_client(row, "client_"), _company(row, "company_"), relationship)


def client_context(conn: Connection, account_id: str) -> ClientContext | None:
    """The account's client, company and relationship; None when it is no client or has no company."""
    return _context(conn.execute(_CONTEXT, {"b_account": account_id}).first())


def put_relationship(conn: Connection, relationship: Relationship) -> None:
    """Create the client's relationship or change its AI access."""
    values = {"client_ai_access_enabled": relationship.client_ai_access_enabled}
    changed = conn.execute(
        update(relationships).where(relationships.c.client_id == relationship.client_id).values(**values)
    ).rowcount
    if not changed:
        conn.execute(
            insert(relationships).values(
                client_id=relationship.client_id, company_id=relationship.company_id, **values
            )
        )


def _exercise(row: Row[Any], prefix: str = "") -> GymExercise:
    values = row._mapping
    return GymExercise(
        id=values[f"{prefix}id"],
        company_id=values[f"{prefix}company_id"] or "",
        owner_client_id=values[f"{prefix}owner_client_id"] or "",
        catalog_exercise_id=values[f"{prefix}catalog_exercise_id"],
        name=Localized(values[f"{prefix}name_en"], values[f"{prefix}name_nl"]),
        instructions=Localized(values[f"{prefix}instructions_en"], values[f"{prefix}instructions_nl"]),
        allowlisted=bool(values[f"{prefix}allowlisted"]),
    )


def insert_exercise(conn: Connection, exercise: GymExercise, now: datetime) -> None:
    """Store a new exercise."""
    conn.execute(
        insert(exercises).values(
            id=exercise.id,
            company_id=exercise.company_id or None,
            owner_client_id=exercise.owner_client_id or None,
            catalog_exercise_id=exercise.catalog_exercise_id,
            name_en=exercise.name.en,
            name_nl=exercise.name.nl,
            instructions_en=exercise.instructions.en,
            instructions_nl=exercise.instructions.nl,
            allowlisted=exercise.allowlisted,
            created_at=now,
        )
    )


def get_exercise(conn: Connection, exercise_id: str) -> GymExercise | None:
    """The exercise, or None."""
    row = conn.execute(select(exercises).where(exercises.c.id == exercise_id)).first()
    return _exercise(row) if row else None


_CONTEXT_AND_EXERCISE = (
    select(*_CONTEXT_COLUMNS, *(c.label(f"exercise_{c.name}") for c in exercises.c))
    .select_from(_CONTEXT_TABLES.outerjoin(exercises, exercises.c.id == bindparam("b_exercise")))
    .where(clients.c.account_id == bindparam("b_account"))
)


def client_context_and_exercise(
    conn: Connection, account_id: str, exercise_id: str
) -> tuple[ClientContext | None, GymExercise | None]:
    """:func:`client_context` and :func:`get_exercise` in one query (the exercise only with a context)."""
    row = conn.execute(_CONTEXT_AND_EXERCISE, {"b_account": account_id, "b_exercise": exercise_id}).first()
    context = _context(row)
    if context is None or row is None or row.exercise_id is None:
        return context, None
    return context, _exercise(row, "exercise_")


def get_exercises(conn: Connection, exercise_ids: Iterable[str]) -> dict[str, GymExercise]:
    """The exercises with these IDs, by ID."""
    ids = sorted(set(exercise_ids))
    if not ids:
        return {}
    rows = conn.execute(select(exercises).where(exercises.c.id.in_(ids)))
    return {row.id: _exercise(row) for row in rows}


def company_exercise_for_slug(
    conn: Connection, company_id: str, catalog_exercise_id: str
) -> GymExercise | None:
    """The company's oldest exercise mapped to a catalog slug, or None."""
    row = conn.execute(
        select(exercises)
        .where(exercises.c.company_id == company_id, exercises.c.catalog_exercise_id == catalog_exercise_id)
        .order_by(exercises.c.created_at, exercises.c.id)
    ).first()
    return _exercise(row) if row else None
