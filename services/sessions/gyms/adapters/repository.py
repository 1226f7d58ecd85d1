"""Reads and writes of the gym tables, inside the caller's transaction. No commits here."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Row, and_, bindparam, func, insert, select, update

from services.sessions.gyms.adapters.tables import (
    clients,
    coaches,
    companies,
    equipment_profiles,
    exercises,
    machine_presets,
    plan_days,
    plan_exercises,
    plans,
    relationships,
)
from services.sessions.gyms.domain.access import ClientContext
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import (
    Client,
    ClientMcpPolicy,
    Coach,
    Company,
    GymExercise,
    Localized,
    MachinePreset,
    Plan,
    PlanDay,
    PlanExercise,
    PlanStatus,
    PresetScope,
    Relationship,
    SetupField,
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
    day count; and the number of matches over all pages."""
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
    ids = [row.id for row in rows]
    counts: dict[str, int] = {}
    if ids:
        count_rows = conn.execute(
            select(plan_days.c.plan_id, func.count())
            .where(plan_days.c.plan_id.in_(ids), plan_days.c.visible.is_(True))
            .group_by(plan_days.c.plan_id)
        )
        counts = {r[0]: int(r[1]) for r in count_rows}
    return [(_plan_head(row), counts.get(row.id, 0)) for row in rows], total


def _fields_json(fields: Sequence[SetupField]) -> str:
    return json.dumps(
        [{"key": f.key, "label_en": f.label.en, "label_nl": f.label.nl, "value": f.value} for f in fields],
        separators=(",", ":"),
    )


def _preset(row: Row[Any]) -> MachinePreset:
    fields = tuple(
        SetupField(item["key"], Localized(item["label_en"], item["label_nl"]), item["value"])
        for item in json.loads(row.fields)
    )
    return MachinePreset(row.id, row.exercise_id, cast(PresetScope, row.scope), row.coach_id, fields)


def put_preset(conn: Connection, preset: MachinePreset) -> MachinePreset:
    """Create the preset of (exercise, scope, coach) or replace its fields; returns the stored one."""
    key = and_(
        machine_presets.c.exercise_id == preset.exercise_id,
        machine_presets.c.scope == preset.scope,
        machine_presets.c.coach_id == preset.coach_id,
    )
    existing = conn.execute(select(machine_presets.c.id).where(key)).first()
    if existing is not None:
        conn.execute(update(machine_presets).where(key).values(fields=_fields_json(preset.fields)))
        return MachinePreset(existing.id, preset.exercise_id, preset.scope, preset.coach_id, preset.fields)
    conn.execute(
        insert(machine_presets).values(
            id=preset.id,
            exercise_id=preset.exercise_id,
            scope=preset.scope,
            coach_id=preset.coach_id,
            fields=_fields_json(preset.fields),
        )
    )
    return preset


def presets_for_exercise(
    conn: Connection, exercise_id: str, scopes: Sequence[PresetScope]
) -> list[MachinePreset]:
    """The exercise's presets of the given scopes (the query itself leaves other scopes out)."""
    rows = conn.execute(
        select(machine_presets)
        .where(machine_presets.c.exercise_id == exercise_id, machine_presets.c.scope.in_(list(scopes)))
        .order_by(machine_presets.c.scope, machine_presets.c.id)
    )
    return [_preset(row) for row in rows]


def put_profile(conn: Connection, client_id: str, items: Sequence[EquipmentItem], now: datetime) -> None:
    """Replace the client's equipment profile."""
    encoded = json.dumps([{"equipment_key": i.equipment_key, "quantity": i.quantity} for i in items])
    changed = conn.execute(
        update(equipment_profiles)
        .where(equipment_profiles.c.client_id == client_id)
        .values(items=encoded, updated_at=now)
    ).rowcount
    if not changed:
        conn.execute(insert(equipment_profiles).values(client_id=client_id, items=encoded, updated_at=now))


def get_profile(conn: Connection, client_id: str) -> tuple[EquipmentItem, ...] | None:
    """The client's equipment items, or None when no profile was set."""
    row = conn.execute(select(equipment_profiles).where(equipment_profiles.c.client_id == client_id)).first()
    if row is None:
        return None
    return tuple(EquipmentItem(i["equipment_key"], int(i["quantity"])) for i in json.loads(row.items))
