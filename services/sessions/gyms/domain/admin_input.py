"""What a gym admin may write: every rule on the way in, as pure functions over the input.

Each ``*_problems`` function returns every violation it finds, named by its field path
(``plan.days[0].exercises[2].target_reps``), so one answer lists everything to fix; the use cases
raise them together with :func:`~.model.raise_if`. The ``parse_*``/``require_*`` functions check one
value the rest depends on and raise at once. Nothing here reads storage: checks that need stored
records (the plan's exercises) take them as arguments. Choices: docs/decisions/0018-gyms.md.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from kinetic.errors import FieldViolation, InvalidArgument
from services.sessions.domain.object_ids import is_object_id
from services.sessions.gyms.domain.equipment import EquipmentItem, profile_problems
from services.sessions.gyms.domain.model import (
    EMPTY_TEXT,
    MAX_DAYS,
    MAX_EXERCISES_PER_DAY,
    MAX_MODULE_CHARS,
    MAX_MODULES,
    MAX_NAME_CHARS,
    MAX_SETUP_FIELDS,
    MAX_SETUP_KEY_CHARS,
    MAX_SETUP_VALUE_CHARS,
    MAX_TARGET_SETS,
    MAX_TEXT_CHARS,
    PRESET_SCOPES,
    ClientMcpPolicy,
    GymExercise,
    Localized,
    PresetScope,
    SetupField,
    localized_problems,
    name_problems,
)

_MODULE_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_SETUP_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_TARGET_REPS = re.compile(r"^(\d{1,3}(-\d{1,3})?|AMRAP)$")
MAX_ACCOUNT_ID_CHARS = 36
MAX_TARGET_WEIGHT_KG = 1000.0
MAX_REST_SECONDS = 3600
COMPANY_FIELDS = frozenset({"name", "mcp_integration_enabled", "client_mcp_policy"})
CLIENT_FIELDS = frozenset({"name", "health_data_consent"})


@dataclass(frozen=True)
class NewPlanExercise:
    """An exercise of a plan day as an admin describes it (IDs are assigned on the way in)."""

    exercise_id: str
    target_sets: int | None = None
    target_reps: str = ""
    target_weight_kg: float | None = None
    rest_seconds: int | None = None
    notes: Localized = EMPTY_TEXT


@dataclass(frozen=True)
class NewPlanDay:
    """A plan day as an admin describes it."""

    name: Localized
    visible: bool = True
    exercises: tuple[NewPlanExercise, ...] = ()


def require_id(field_name: str, value: str) -> str:
    """A 24-hex-character ObjectId, lowercased; InvalidArgument naming the field otherwise."""
    if not is_object_id(value):
        raise InvalidArgument.for_field(field_name, "must be a 24-character hexadecimal ObjectId")
    return value.lower()


def require_mask(mask: Collection[str], allowed: frozenset[str]) -> None:
    """An update mask naming at least one field, each one that may change."""
    if not mask:
        raise InvalidArgument.for_field("update_mask", f"name at least one of {', '.join(sorted(allowed))}")
    unknown = sorted(set(mask) - allowed)
    if unknown:
        raise InvalidArgument.for_field(
            "update_mask", f"{', '.join(unknown)} cannot be changed; use {', '.join(sorted(allowed))}"
        )


def parse_scope(value: str) -> PresetScope:
    """One of the preset scopes."""
    for scope in PRESET_SCOPES:
        if value == scope:
            return scope
    raise InvalidArgument.for_field("preset.scope", f"must be one of {', '.join(PRESET_SCOPES)}")


def require_one_owner(company_id: str, owner_client_id: str) -> None:
    """An exercise belongs to a company or to one client, never both and never neither."""
    if bool(company_id) == bool(owner_client_id):
        raise InvalidArgument.for_field("exercise.company_id", "set company_id or owner_client_id, not both")


def preset_coach_id(scope: PresetScope, coach_id: str) -> str:
    """The preset's coach: required (an ObjectId, lowercased) for coach_private, refused otherwise."""
    if scope == "coach_private":
        return require_id("preset.coach_id", coach_id)
    if coach_id:
        raise InvalidArgument.for_field("preset.coach_id", "is only for coach_private presets")
    return ""


def company_update_problems(
    mask: Collection[str], name: str, policy: ClientMcpPolicy
) -> list[FieldViolation]:
    """Problems with the masked fields of a company update (fields outside the mask are ignored)."""
    problems: list[FieldViolation] = []
    if "name" in mask:
        problems += name_problems("company.name", name)
    if "client_mcp_policy" in mask:
        problems += policy_problems(policy)
    return problems


def profile_input_problems(items: tuple[EquipmentItem, ...]) -> list[FieldViolation]:
    """Problems with an equipment profile, named under ``profile.``."""
    return [replace(p, field=f"profile.{p.field}") for p in profile_problems(items)]


def policy_problems(policy: ClientMcpPolicy) -> list[FieldViolation]:
    """Problems with a client MCP policy: at most 20 modules, each a module key."""
    problems: list[FieldViolation] = []
    if len(policy.allowed_modules) > MAX_MODULES:
        problems.append(FieldViolation("client_mcp_policy.allowed_modules", f"use at most {MAX_MODULES}"))
    for index, module in enumerate(policy.allowed_modules):
        if not _MODULE_KEY.match(module) or len(module) > MAX_MODULE_CHARS:
            problems.append(
                FieldViolation(
                    f"client_mcp_policy.allowed_modules[{index}]",
                    "must be a module key such as client_ai_workout_v2 "
                    f"(a-z, 0-9, _; at most {MAX_MODULE_CHARS})",
                )
            )
    return problems


def normalized_policy(policy: ClientMcpPolicy) -> ClientMcpPolicy:
    """The policy as stored: each module once, in the order first given."""
    return replace(policy, allowed_modules=tuple(dict.fromkeys(policy.allowed_modules)))


def client_problems(account_id: str, name: str) -> list[FieldViolation]:
    """Problems with a new client: its name and the Kinetic account it stands for."""
    problems = name_problems("client.name", name)
    if not account_id or len(account_id) > MAX_ACCOUNT_ID_CHARS:
        problems.append(FieldViolation("client.account_id", f"is required, at most {MAX_ACCOUNT_ID_CHARS}"))
    return problems


def exercise_problems(
    *,
    company_id: str,
    catalog_exercise_id: str,
    name: Localized,
    instructions: Localized,
    catalog_slugs: Collection[str],
) -> list[FieldViolation]:
    """Problems with a new exercise; a company exercise maps to a slug of ``catalog_slugs``."""
    problems = localized_problems("exercise.name", name, required=True, limit=MAX_NAME_CHARS)
    problems += localized_problems(
        "exercise.instructions", instructions, required=False, limit=MAX_TEXT_CHARS
    )
    if company_id and not catalog_exercise_id:
        problems.append(FieldViolation("exercise.catalog_exercise_id", "is required for a company exercise"))
    if catalog_exercise_id and catalog_exercise_id not in catalog_slugs:
        problems.append(
            FieldViolation(
                "exercise.catalog_exercise_id",
                f"{catalog_exercise_id[:60]!r} is not a Kinetic catalog exercise (e.g. barbell-bench-press)",
            )
        )
    return problems


def plan_problems(
    name: Localized, description: Localized, days: Sequence[NewPlanDay]
) -> list[FieldViolation]:
    """Problems with a new plan: its name and description, then its days."""
    problems = localized_problems("plan.name", name, required=True, limit=MAX_NAME_CHARS)
    problems += localized_problems("plan.description", description, required=False, limit=MAX_TEXT_CHARS)
    return problems + days_problems(days)


def days_problems(days: Sequence[NewPlanDay]) -> list[FieldViolation]:
    """Problems with a plan's days: how many, their names, each exercise's targets."""
    problems: list[FieldViolation] = []
    if len(days) > MAX_DAYS:
        problems.append(FieldViolation("plan.days", f"has {len(days)} days; use at most {MAX_DAYS}"))
    for d, day in enumerate(days):
        path = f"plan.days[{d}]"
        problems += localized_problems(f"{path}.name", day.name, required=True, limit=MAX_NAME_CHARS)
        if len(day.exercises) > MAX_EXERCISES_PER_DAY:
            problems.append(FieldViolation(f"{path}.exercises", f"use at most {MAX_EXERCISES_PER_DAY}"))
        for e, item in enumerate(day.exercises):
            problems += target_problems(f"{path}.exercises[{e}]", item)
    return problems


def target_problems(path: str, item: NewPlanExercise) -> list[FieldViolation]:
    """Problems with one plan exercise's ID, targets and notes, under ``path``."""
    problems: list[FieldViolation] = []
    if not is_object_id(item.exercise_id):
        problems.append(FieldViolation(f"{path}.exercise_id", "must be a 24-character hexadecimal ObjectId"))
    if item.target_sets is not None and not 1 <= item.target_sets <= MAX_TARGET_SETS:
        problems.append(FieldViolation(f"{path}.target_sets", f"must be between 1 and {MAX_TARGET_SETS}"))
    if item.target_reps and not _TARGET_REPS.match(item.target_reps):
        problems.append(FieldViolation(f"{path}.target_reps", 'must be like "8", "8-10" or "AMRAP"'))
    if item.target_weight_kg is not None and not 0 <= item.target_weight_kg <= MAX_TARGET_WEIGHT_KG:
        problems.append(
            FieldViolation(f"{path}.target_weight_kg", f"must be between 0 and {MAX_TARGET_WEIGHT_KG:g}")
        )
    if item.rest_seconds is not None and not 0 <= item.rest_seconds <= MAX_REST_SECONDS:
        problems.append(FieldViolation(f"{path}.rest_seconds", f"must be between 0 and {MAX_REST_SECONDS}"))
    problems += localized_problems(f"{path}.notes", item.notes, required=False, limit=MAX_TEXT_CHARS)
    return problems


def plan_exercise_problems(
    days: Sequence[NewPlanDay], known: Mapping[str, GymExercise], company_id: str, client_id: str
) -> list[FieldViolation]:
    """Plan exercises that are neither the plan company's nor the client's own (``known``: the
    stored exercises by lowercase ID)."""
    problems: list[FieldViolation] = []
    for d, day in enumerate(days):
        for e, item in enumerate(day.exercises):
            exercise = known.get(item.exercise_id.lower())
            usable = exercise is not None and (
                exercise.company_id == company_id or exercise.owner_client_id == client_id
            )
            if not usable:
                problems.append(
                    FieldViolation(
                        f"plan.days[{d}].exercises[{e}].exercise_id",
                        "is not an exercise of the plan's company or the client's own",
                    )
                )
    return problems


def fields_problems(fields: Sequence[SetupField]) -> list[FieldViolation]:
    """Problems with a preset's setup fields: how many, unique keys, labels, value lengths."""
    problems: list[FieldViolation] = []
    if len(fields) > MAX_SETUP_FIELDS:
        problems.append(
            FieldViolation("preset.fields", f"has {len(fields)} fields; use at most {MAX_SETUP_FIELDS}")
        )
    seen: set[str] = set()
    for index, item in enumerate(fields):
        path = f"preset.fields[{index}]"
        if not _SETUP_KEY.match(item.key) or len(item.key) > MAX_SETUP_KEY_CHARS:
            problems.append(FieldViolation(f"{path}.key", "must be a key such as seat_height (a-z, 0-9, _)"))
        elif item.key in seen:
            problems.append(FieldViolation(f"{path}.key", f"{item.key!r} is used twice"))
        seen.add(item.key)
        problems += localized_problems(f"{path}.label", item.label, required=True, limit=MAX_NAME_CHARS)
        if isinstance(item.value, str) and len(item.value) > MAX_SETUP_VALUE_CHARS:
            problems.append(
                FieldViolation(f"{path}.value", f"use at most {MAX_SETUP_VALUE_CHARS} characters")
            )
    return problems
