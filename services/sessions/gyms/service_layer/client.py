"""What a client's AI assistant may read, always about the caller's own client and nothing else.

Every use case starts from the caller's account ID, resolves it to its client and that client's one
company, checks the module's gates, and only then reads, with the client and company in every
query. A record of another client answers NOT_FOUND, exactly like a record that does not exist.
The sessions core's ``GymDirectory`` (``adapters/directory.py``) reads through the same scoped reads
(``adapters/client_reads.py``), so the two never disagree on what a client sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine

from kinetic import page_tokens
from kinetic.errors import DomainError, FieldViolation, InvalidArgument, NotFound
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.object_ids import is_object_id
from services.sessions.gyms.adapters import plan_repository as plan_repo
from services.sessions.gyms.adapters import repository as repo
from services.sessions.gyms.adapters import setup_repository as setup_repo
from services.sessions.gyms.adapters.client_reads import own_plan, resolve, visible_exercises
from services.sessions.gyms.domain.access import ClientContext, check_gates, not_a_client
from services.sessions.gyms.domain.equipment import (
    MAX_PROFILE_ITEMS,
    EquipmentItem,
    EquipmentKind,
    kind_named,
    visible_catalog,
)
from services.sessions.gyms.domain.model import (
    CLIENT_VISIBLE_SCOPES,
    MAX_DAYS,
    WORKOUT_V2_MODULE,
    EffectiveField,
    GymExercise,
    Plan,
    PlanDay,
    PlanExercise,
    PlanStatus,
    SetupField,
    SetupScalar,
    effective_setup,
    parse_language,
    parse_status,
)
from services.sessions.gyms.domain.next_day import NextDay, next_day
from services.sessions.gyms.service_layer.progress import ClientProgress
from services.sessions.service_layer import gym_directory as directory

DEFAULT_LIMIT = 20
MAX_LIMIT = 50
MAX_ACCOUNT_ID_CHARS = 36


class WodNotSupported(DomainError):
    """WOD and group content belong to another module (FAILED_PRECONDITION)."""

    default_reason = "WOD_NOT_SUPPORTED"


@dataclass(frozen=True)
class PlanListing:
    """A plan as the list shows it: its number of visible days and the day that comes next."""

    plan: Plan
    day_count: int
    next_day: NextDay | None


@dataclass(frozen=True)
class PlanPage:
    """One page of the client's plans."""

    plans: list[PlanListing]
    total_count: int
    next_page_token: str


@dataclass(frozen=True)
class DaySummary:
    """A visible day with its position among all days and its visible exercise count."""

    day: PlanDay
    position: int
    exercise_count: int


@dataclass(frozen=True)
class PlanView:
    """A plan with bounded summaries of its visible days."""

    plan: Plan
    coach_name: str
    days: list[DaySummary]
    days_truncated: bool
    next_day: NextDay | None


@dataclass(frozen=True)
class DayView:
    """A visible day with the exercises the client can see, each with its exercise."""

    plan: Plan
    day: PlanDay
    position: int
    exercises: list[tuple[PlanExercise, GymExercise]]


@dataclass(frozen=True)
class PresetView:
    """The setup fields a client may see for an exercise."""

    exercise_id: str
    company_fields: tuple[SetupField, ...]
    system_fields: tuple[SetupField, ...]
    effective_fields: tuple[EffectiveField, ...]
    next_setup_values: tuple[tuple[str, SetupScalar], ...]


@dataclass(frozen=True)
class EquipmentView:
    """The client's equipment (with catalog names) and the visible catalog."""

    items: list[tuple[EquipmentItem, EquipmentKind]]
    catalog: tuple[EquipmentKind, ...]
    max_items: int


def _require_account(account_id: str) -> None:
    if not account_id or len(account_id) > MAX_ACCOUNT_ID_CHARS:
        raise InvalidArgument.for_field("account_id", "is required (the authenticated caller's account)")


def _require_id(field_name: str, value: str) -> str:
    if not is_object_id(value):
        raise InvalidArgument.for_field(field_name, "must be a 24-character hexadecimal ObjectId")
    return value.lower()


class PlanNotFound(NotFound):
    """No plan with this ID is assigned to the client."""

    default_reason = "PLAN_NOT_FOUND"


class PlanDayNotFound(NotFound):
    """The plan has no visible day with this ID (the session core's reason for the same fact)."""

    default_reason = "PLAN_DAY_NOT_FOUND"


class ExerciseNotVisible(NotFound):
    """Not allowlisted by the client's company and not the client's own (the session core's reason)."""

    default_reason = "EXERCISE_NOT_VISIBLE"


def _not_found(kind: type[NotFound], field_name: str, what: str) -> NotFound:
    # Each record its own reason, so the tools answer plan_not_found rather than a bare not_found
    # (decision 0020); missing and another client's read the same.
    description = f"no {what} with this ID is visible to you"
    return kind(f"{field_name}: {description}", violations=[FieldViolation(field_name, description)])


class ClientWorkouts:
    """The client-facing reads of the Client AI Workout V2 module."""

    def __init__(self, engine: Engine, progress: ClientProgress) -> None:
        self._engine = read_engine(engine)  # reads only
        self._progress = progress

    def _context(self, conn: Connection, account_id: str, module: str, write: bool) -> ClientContext:
        _require_account(account_id)
        context = resolve(conn, account_id)
        if context is None:
            raise not_a_client(account_id)
        check_gates(context, module, write)
        return context

    def check_access(self, account_id: str, module: str, write: bool) -> ClientContext:
        """The caller's client and company if every gate of ``module`` passes; the gate's error if not."""
        if not module:
            raise InvalidArgument.for_field("module", "is required, e.g. client_ai_workout_v2")
        with self._engine.connect() as conn:
            return self._context(conn, account_id, module, write)

    def check_access_with_exercise(
        self, account_id: str, module: str, write: bool, exercise_id: str
    ) -> directory.GatedExercise | None:
        """``check_access`` (same errors, same order), and in the same query the exercise as the
        sessions core's directory sees it; None when ``exercise_id`` is no ObjectId (nothing to read)."""
        if not is_object_id(exercise_id):
            self.check_access(account_id, module, write)
            return None
        if not module:
            raise InvalidArgument.for_field("module", "is required, e.g. client_ai_workout_v2")
        _require_account(account_id)
        with self._engine.connect() as conn:
            context, exercise = repo.client_context_and_exercise(conn, account_id, exercise_id.lower())
        if context is None:
            raise not_a_client(account_id)
        check_gates(context, module, write)
        if exercise is None or not exercise.visible_to(context.client.id, context.company.id):
            return directory.GatedExercise(exercise_id.lower(), lambda _language: None)
        found = exercise

        def visible(language: str) -> directory.VisibleExercise:
            return directory.VisibleExercise(
                found.id, found.name.get(parse_language(language)), found.catalog_exercise_id
            )

        return directory.GatedExercise(exercise_id.lower(), visible)

    def list_my_plans(
        self, account_id: str, status: str, language: str, page_size: int, page_token: str = "", skip: int = 0
    ) -> PlanPage:
        """A page of the client's non-WOD plans, newest first (token plus ``skip``)."""
        parse_language(language)
        plan_status: PlanStatus | None = parse_status(status) if status else None
        query = ("plans", account_id, status)
        offset, size = page_tokens.page_window(
            page_size, page_token, skip, query, default=DEFAULT_LIMIT, maximum=MAX_LIMIT
        )
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            plans, total = plan_repo.list_client_plans(
                conn, context.client.id, context.company.id, plan_status, offset, size
            )
        done = self._progress.last_completed_days(account_id, [plan.id for plan, _ in plans])
        listings = [PlanListing(plan, count, next_day(plan, done.get(plan.id))) for plan, count in plans]
        return PlanPage(listings, total, page_tokens.next_page_token(offset, size, total, query))

    def _plan(self, conn: Connection, context: ClientContext, plan_id: str) -> Plan:
        plan = own_plan(conn, context, plan_id)
        if plan is None:
            raise _not_found(PlanNotFound, "plan_id", "plan")
        if plan.is_wod:
            raise WodNotSupported(
                "plan_id: this plan is a WOD (workout of the day); the client_ai_workout_v2 module does not "
                "handle WOD or group content. Use the client_ai_wod module or the client app.",
                metadata={"plan_id": plan.id},
            )
        return plan

    def get_my_plan(self, account_id: str, plan_id: str, language: str) -> PlanView:
        """One non-WOD plan of the client with summaries of up to 50 visible days."""
        parse_language(language)
        plan_id = _require_id("plan_id", plan_id)
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            plan = self._plan(conn, context, plan_id)
            coach = repo.get_coach(conn, plan.coach_id)
            summaries = [
                DaySummary(day, position, len(visible_exercises(conn, context, day.exercises)))
                for position, day in enumerate(plan.days, start=1)
                if day.visible
            ]
        done = self._progress.last_completed_days(account_id, [plan.id]).get(plan.id)
        return PlanView(
            plan,
            coach.name if coach else "",
            summaries[:MAX_DAYS],
            len(summaries) > MAX_DAYS,
            next_day(plan, done),
        )

    def get_my_plan_day(self, account_id: str, plan_id: str, plan_moment_id: str, language: str) -> DayView:
        """One visible day of a non-WOD plan of the client."""
        parse_language(language)
        plan_id = _require_id("plan_id", plan_id)
        plan_moment_id = _require_id("plan_moment_id", plan_moment_id)
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            plan = self._plan(conn, context, plan_id)
            for position, day in enumerate(plan.days, start=1):
                if day.id == plan_moment_id and day.visible:
                    return DayView(plan, day, position, visible_exercises(conn, context, day.exercises))
        raise _not_found(PlanDayNotFound, "plan_moment_id", "visible day of this plan")

    def _exercise(self, conn: Connection, context: ClientContext, exercise_id: str) -> GymExercise:
        exercise = repo.get_exercise(conn, exercise_id)
        if exercise is None or not exercise.visible_to(context.client.id, context.company.id):
            raise _not_found(ExerciseNotVisible, "exercise_id", "allowlisted or own exercise")
        return exercise

    def get_exercise(self, account_id: str, exercise_id: str, language: str) -> GymExercise:
        """An exercise allowlisted by the client's company, or the client's own."""
        parse_language(language)
        exercise_id = _require_id("exercise_id", exercise_id)
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            return self._exercise(conn, context, exercise_id)

    def get_machine_preset(self, account_id: str, exercise_id: str, language: str) -> PresetView:
        """The setup of a visible exercise and the values the client kept for next time.

        Coach-private presets are never read.
        """
        parse_language(language)
        exercise_id = _require_id("exercise_id", exercise_id)
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            self._exercise(conn, context, exercise_id)
            presets = setup_repo.presets_for_exercise(conn, exercise_id, CLIENT_VISIBLE_SCOPES)
        company = tuple(f for p in presets if p.scope == "company" for f in p.fields)
        system = tuple(f for p in presets if p.scope == "system" for f in p.fields)
        kept = tuple(self._progress.next_setup_values(account_id, exercise_id))
        return PresetView(exercise_id, company, system, effective_setup(system, company), kept)

    def get_equipment_profile(self, account_id: str, language: str) -> EquipmentView:
        """The client's home equipment and the catalog it draws from."""
        parse_language(language)
        with self._engine.connect() as conn:
            context = self._context(conn, account_id, WORKOUT_V2_MODULE, False)
            items = setup_repo.get_profile(conn, context.client.id) or ()
        shown = []
        for item in items:
            kind = kind_named(item.equipment_key)
            if kind is not None:  # a kind retired after the profile was saved is left out
                shown.append((item, kind))
        return EquipmentView(shown[:MAX_PROFILE_ITEMS], visible_catalog(), MAX_PROFILE_ITEMS)
