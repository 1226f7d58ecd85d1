"""Setting a gym up: companies and policy, coaches, clients, exercises, plans, presets, equipment.

Each method is one use case in one transaction. Everything a client AI later reads is checked on the
way in, so reads never meet half-valid data: the input rules are ``domain/admin_input.py``, the
checks against stored records (the company exists, the client is the coach's) are here.
Choices: docs/decisions/0018-gyms.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine

from kinetic.errors import AlreadyExists, DomainError, FieldViolation, InvalidArgument, NotFound
from services.sessions.domain.object_ids import new_object_id
from services.sessions.gyms.adapters import plan_repository as plan_repo
from services.sessions.gyms.adapters import repository as repo
from services.sessions.gyms.adapters import setup_repository as setup_repo
from services.sessions.gyms.domain.admin_input import (
    CLIENT_FIELDS,
    COMPANY_FIELDS,
    NewPlanDay,
    client_problems,
    company_update_problems,
    exercise_problems,
    fields_problems,
    normalized_policy,
    parse_scope,
    plan_exercise_problems,
    plan_problems,
    policy_problems,
    preset_coach_id,
    profile_input_problems,
    require_id,
    require_mask,
    require_one_owner,
)
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import (
    EMPTY_TEXT,
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
    Relationship,
    SetupField,
    name_problems,
    parse_status,
    raise_if,
)

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


class OtherCompany(DomainError):
    """The client already belongs to another company (FAILED_PRECONDITION)."""

    default_reason = "CLIENT_HAS_OTHER_COMPANY"


class GymAdmin:
    """The admin use cases over one sessions store."""

    def __init__(self, engine: Engine, catalog_slugs: Collection[str], clock: Clock = utc_now) -> None:
        self._engine = engine
        self._slugs = frozenset(catalog_slugs)
        self._clock = clock

    def _new_id(self) -> str:
        return new_object_id(self._clock())

    # Companies -----------------------------------------------------------------------------------

    def create_company(self, name: str, mcp_integration_enabled: bool, policy: ClientMcpPolicy) -> Company:
        """Add a company."""
        raise_if(name_problems("company.name", name) + policy_problems(policy))
        company = Company(self._new_id(), name.strip(), mcp_integration_enabled, normalized_policy(policy))
        with self._engine.begin() as conn:
            repo.insert_company(conn, company, self._clock())
        return company

    def update_company(
        self,
        company_id: str,
        mask: Collection[str],
        *,
        name: str = "",
        mcp_integration_enabled: bool = False,
        policy: ClientMcpPolicy | None = None,
    ) -> Company:
        """Change the masked fields of a company."""
        company_id = require_id("company.id", company_id)
        require_mask(mask, COMPANY_FIELDS)
        raise_if(company_update_problems(mask, name, policy or ClientMcpPolicy()))
        with self._engine.begin() as conn:
            company = _company(conn, company_id, "company.id")
            if "name" in mask:
                company = replace(company, name=name.strip())
            if "mcp_integration_enabled" in mask:
                company = replace(company, mcp_integration_enabled=mcp_integration_enabled)
            if "client_mcp_policy" in mask:
                company = replace(company, policy=normalized_policy(policy or ClientMcpPolicy()))
            repo.update_company(conn, company)
        return company

    # People --------------------------------------------------------------------------------------

    def create_coach(self, company_id: str, name: str) -> Coach:
        """Add a coach to a company."""
        company_id = require_id("coach.company_id", company_id)
        raise_if(name_problems("coach.name", name))
        coach = Coach(self._new_id(), company_id, name.strip())
        with self._engine.begin() as conn:
            _company(conn, company_id, "coach.company_id")
            repo.insert_coach(conn, coach, self._clock())
        return coach

    def create_client(self, account_id: str, name: str, health_data_consent: bool) -> Client:
        """Link a Kinetic account to a new client; one client per account."""
        raise_if(client_problems(account_id, name))
        client = Client(self._new_id(), account_id, name.strip(), health_data_consent)
        with self._engine.begin() as conn:
            existing = repo.client_for_account(conn, account_id)
            if existing is not None:
                raise AlreadyExists(
                    f"client.account_id: the account is already client {existing.id}; "
                    "update that client instead",
                    metadata={"client_id": existing.id},
                )
            repo.insert_client(conn, client, self._clock())
        return client

    def update_client(
        self, client_id: str, mask: Collection[str], *, name: str = "", health_data_consent: bool = False
    ) -> Client:
        """Change the masked fields of a client (its name, its health-data consent)."""
        client_id = require_id("client.id", client_id)
        require_mask(mask, CLIENT_FIELDS)
        if "name" in mask:
            raise_if(name_problems("client.name", name))
        with self._engine.begin() as conn:
            client = _client(conn, client_id, "client.id")
            if "name" in mask:
                client = replace(client, name=name.strip())
            if "health_data_consent" in mask:
                client = replace(client, health_data_consent=health_data_consent)
            repo.update_client(conn, client)
        return client

    def set_relationship(
        self, client_id: str, company_id: str, client_ai_access_enabled: bool
    ) -> Relationship:
        """Link a client to its company, or change the link's client AI access."""
        client_id = require_id("relationship.client_id", client_id)
        company_id = require_id("relationship.company_id", company_id)
        relationship = Relationship(client_id, company_id, client_ai_access_enabled)
        with self._engine.begin() as conn:
            _client(conn, client_id, "relationship.client_id")
            _company(conn, company_id, "relationship.company_id")
            existing = repo.get_relationship(conn, client_id)
            if existing is not None and existing.company_id != company_id:
                raise OtherCompany(
                    f"relationship.company_id: the client belongs to company {existing.company_id}; a client "
                    "has one company (docs/decisions/0018-gyms.md)",
                    metadata={"company_id": existing.company_id},
                )
            repo.put_relationship(conn, relationship)
        return relationship

    # Exercises -----------------------------------------------------------------------------------

    def create_exercise(
        self,
        *,
        company_id: str = "",
        owner_client_id: str = "",
        catalog_exercise_id: str = "",
        name: Localized,
        instructions: Localized = EMPTY_TEXT,
        allowlisted: bool = True,
    ) -> GymExercise:
        """Add a company exercise (mapped to a catalog slug) or a client's own exercise."""
        require_one_owner(company_id, owner_client_id)
        raise_if(
            exercise_problems(
                company_id=company_id,
                catalog_exercise_id=catalog_exercise_id,
                name=name,
                instructions=instructions,
                catalog_slugs=self._slugs,
            )
        )
        company_id = require_id("exercise.company_id", company_id) if company_id else ""
        owner_client_id = require_id("exercise.owner_client_id", owner_client_id) if owner_client_id else ""
        exercise = GymExercise(
            id=self._new_id(),
            company_id=company_id,
            owner_client_id=owner_client_id,
            catalog_exercise_id=catalog_exercise_id,
            name=name,
            instructions=instructions,
            allowlisted=True if owner_client_id else allowlisted,
        )
        with self._engine.begin() as conn:
            if company_id:
                _company(conn, company_id, "exercise.company_id")
            else:
                _client(conn, owner_client_id, "exercise.owner_client_id")
            repo.insert_exercise(conn, exercise, self._clock())
        return exercise

    # Plans ---------------------------------------------------------------------------------------

    def create_plan(
        self,
        *,
        coach_id: str,
        client_id: str,
        name: Localized,
        description: Localized = EMPTY_TEXT,
        status: str = "Active",
        is_wod: bool = False,
        days: Sequence[NewPlanDay] = (),
    ) -> Plan:
        """Assign a plan from a coach to a client of the coach's company."""
        coach_id = require_id("plan.coach_id", coach_id)
        client_id = require_id("plan.client_id", client_id)
        plan_status = parse_status(status, "plan.status")
        raise_if(plan_problems(name, description, days))
        with self._engine.begin() as conn:
            coach = _coach(conn, coach_id, "plan.coach_id")
            _client(conn, client_id, "plan.client_id")
            relationship = repo.get_relationship(conn, client_id)
            if relationship is None or relationship.company_id != coach.company_id:
                raise InvalidArgument.for_field(
                    "plan.client_id", "is not a client of the coach's company; set the relationship first"
                )
            _check_plan_exercises(conn, days, coach.company_id, client_id)
            plan = Plan(
                id=self._new_id(),
                company_id=coach.company_id,
                coach_id=coach_id,
                client_id=client_id,
                name=name,
                description=description,
                status=plan_status,
                is_wod=is_wod,
                days=tuple(self._new_day(day) for day in days),
            )
            plan_repo.insert_plan(conn, plan, self._clock())
        return plan

    def _new_day(self, day: NewPlanDay) -> PlanDay:
        exercises = tuple(
            PlanExercise(
                id=self._new_id(),
                exercise_id=item.exercise_id.lower(),
                target_sets=item.target_sets,
                target_reps=item.target_reps,
                target_weight_kg=item.target_weight_kg,
                rest_seconds=item.rest_seconds,
                notes=item.notes,
            )
            for item in day.exercises
        )
        return PlanDay(self._new_id(), day.name, day.visible, exercises)

    def set_plan_status(self, plan_id: str, status: str) -> Plan:
        """Change a plan's status."""
        plan_id = require_id("plan_id", plan_id)
        plan_status: PlanStatus = parse_status(status)
        with self._engine.begin() as conn:
            if plan_repo.get_plan(conn, plan_id) is None:
                raise _not_found("plan_id")
            plan_repo.set_plan_status(conn, plan_id, plan_status)
            plan = plan_repo.get_plan(conn, plan_id)
        assert plan is not None
        return plan

    # Presets and equipment -------------------------------------------------------------------------

    def set_machine_preset(
        self, exercise_id: str, scope: str, fields: Sequence[SetupField], coach_id: str = ""
    ) -> MachinePreset:
        """Create or replace the preset of one scope (and coach, for coach_private) for an exercise."""
        exercise_id = require_id("preset.exercise_id", exercise_id)
        preset_scope = parse_scope(scope)
        coach_id = preset_coach_id(preset_scope, coach_id)
        raise_if(fields_problems(fields))
        with self._engine.begin() as conn:
            exercise = repo.get_exercise(conn, exercise_id)
            if exercise is None:
                raise _not_found("preset.exercise_id")
            if coach_id:
                coach = _coach(conn, coach_id, "preset.coach_id")
                if exercise.company_id and coach.company_id != exercise.company_id:
                    raise InvalidArgument.for_field(
                        "preset.coach_id", "is not a coach of the exercise's company"
                    )
            preset = MachinePreset(self._new_id(), exercise_id, preset_scope, coach_id, tuple(fields))
            return setup_repo.put_preset(conn, preset)

    def set_equipment_profile(
        self, client_id: str, items: Sequence[EquipmentItem]
    ) -> tuple[EquipmentItem, ...]:
        """Replace a client's home-equipment profile."""
        client_id = require_id("profile.client_id", client_id)
        stored = tuple(items)
        raise_if(profile_input_problems(stored))
        with self._engine.begin() as conn:
            _client(conn, client_id, "profile.client_id")
            setup_repo.put_profile(conn, client_id, stored, self._clock())
        return stored


def _not_found(field_name: str) -> NotFound:
    return NotFound(
        f"{field_name}: no such record", violations=[FieldViolation(field_name, "no such record")]
    )


def _company(conn: Connection, company_id: str, field_name: str) -> Company:
    company = repo.get_company(conn, company_id)
    if company is None:
        raise _not_found(field_name)
    return company


def _coach(conn: Connection, coach_id: str, field_name: str) -> Coach:
    coach = repo.get_coach(conn, coach_id)
    if coach is None:
        raise _not_found(field_name)
    return coach


def _client(conn: Connection, client_id: str, field_name: str) -> Client:
    client = repo.get_client(conn, client_id)
    if client is None:
        raise _not_found(field_name)
    return client


def _check_plan_exercises(
    conn: Connection, days: Sequence[NewPlanDay], company_id: str, client_id: str
) -> None:
    known = repo.get_exercises(conn, (item.exercise_id.lower() for day in days for item in day.exercises))
    raise_if(plan_exercise_problems(days, known, company_id, client_id))
