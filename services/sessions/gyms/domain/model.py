"""Gyms as the Client AI Workout V2 module sees them: companies, coaches, clients, exercises, plans.

No storage here. Content (names, descriptions, instructions, notes, labels) is kept in English and
Dutch; people and companies keep one name (a proper noun). Choices: docs/decisions/0018-gyms.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Literal

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.text_input import name_problem

Language = Literal["en", "nl"]
LANGUAGES: tuple[Language, ...] = ("en", "nl")
DEFAULT_LANGUAGE: Language = "en"

PlanStatus = Literal["Active", "Inactive", "Draft"]
PLAN_STATUSES: tuple[PlanStatus, ...] = ("Active", "Inactive", "Draft")

PresetScope = Literal["company", "system", "coach_private"]
PRESET_SCOPES: tuple[PresetScope, ...] = ("company", "system", "coach_private")
CLIENT_VISIBLE_SCOPES: tuple[PresetScope, ...] = ("company", "system")

WORKOUT_V2_MODULE = "client_ai_workout_v2"

MAX_NAME_CHARS = 200
MAX_TEXT_CHARS = 4000
MAX_MODULES = 20
MAX_MODULE_CHARS = 64
MAX_DAYS = 50
MAX_EXERCISES_PER_DAY = 50
MAX_TARGET_SETS = 50
MAX_TARGET_REPS_CHARS = 20
MAX_SETUP_FIELDS = 20
MAX_SETUP_KEY_CHARS = 64
MAX_SETUP_VALUE_CHARS = 200

SetupScalar = str | float | bool


@dataclass(frozen=True)
class Localized:
    """One text in English and Dutch."""

    en: str = ""
    nl: str = ""

    def get(self, language: Language) -> str:
        """The text in ``language``; the other language when that one was left empty."""
        primary, fallback = (self.nl, self.en) if language == "nl" else (self.en, self.nl)
        return primary or fallback


EMPTY_TEXT = Localized()


@dataclass(frozen=True)
class ClientMcpPolicy:
    """What a company lets its clients' AI assistants do."""

    allowed_modules: tuple[str, ...] = ()
    write_tools_allowed: bool = False


@dataclass(frozen=True)
class Company:
    """A gym."""

    id: str
    name: str
    mcp_integration_enabled: bool
    policy: ClientMcpPolicy


@dataclass(frozen=True)
class Coach:
    """A coach of one company."""

    id: str
    company_id: str
    name: str


@dataclass(frozen=True)
class Client:
    """A Kinetic account known to a gym (one client per account)."""

    id: str
    account_id: str
    name: str
    health_data_consent: bool


@dataclass(frozen=True)
class Relationship:
    """A client's link to its one company."""

    client_id: str
    company_id: str
    client_ai_access_enabled: bool


@dataclass(frozen=True)
class GymExercise:
    """A company exercise (``company_id``) or a client's own exercise (``owner_client_id``)."""

    id: str
    company_id: str
    owner_client_id: str
    catalog_exercise_id: str
    name: Localized
    instructions: Localized
    allowlisted: bool

    @property
    def own(self) -> bool:
        """Whether a client owns it."""
        return bool(self.owner_client_id)

    def visible_to(self, client_id: str, company_id: str) -> bool:
        """Allowlisted by the client's company, or the client's own."""
        if self.owner_client_id:
            return self.owner_client_id == client_id
        return self.allowlisted and self.company_id == company_id


@dataclass(frozen=True)
class PlanExerciseContent:
    """An exercise of a day with the coach's targets (kilograms, seconds): what an admin writes."""

    exercise_id: str
    target_sets: int | None = None
    target_reps: str = ""
    target_weight_kg: float | None = None
    rest_seconds: int | None = None
    notes: Localized = EMPTY_TEXT


@dataclass(frozen=True, kw_only=True)
class PlanExercise(PlanExerciseContent):
    """A stored exercise of a day: its content and the ID it was given on the way in."""

    id: str

    @classmethod
    def identified(cls, id: str, content: PlanExerciseContent) -> PlanExercise:
        """``content`` stored under ``id``."""
        return cls(id=id, **{item.name: getattr(content, item.name) for item in fields(PlanExerciseContent)})


@dataclass(frozen=True)
class PlanDay:
    """One day (moment) of a plan."""

    id: str
    name: Localized
    visible: bool = True
    exercises: tuple[PlanExercise, ...] = ()


@dataclass(frozen=True)
class Plan:
    """A Workout V2 plan a coach assigned to a client."""

    id: str
    company_id: str
    coach_id: str
    client_id: str
    name: Localized
    description: Localized
    status: PlanStatus
    is_wod: bool
    days: tuple[PlanDay, ...] = ()

    @property
    def visible_days(self) -> tuple[PlanDay, ...]:
        """The days the client sees, in order."""
        return tuple(day for day in self.days if day.visible)


@dataclass(frozen=True)
class SetupField:
    """One machine setup value, e.g. seat height 4."""

    key: str
    label: Localized
    value: SetupScalar


@dataclass(frozen=True)
class MachinePreset:
    """The setup of one scope for an exercise's machine."""

    id: str
    exercise_id: str
    scope: PresetScope
    coach_id: str
    fields: tuple[SetupField, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class EffectiveField:
    """A setup field as a client should set it, and whose preset gives it."""

    setup_field: SetupField
    source: PresetScope


def effective_setup(
    system: Sequence[SetupField], company: Sequence[SetupField]
) -> tuple[EffectiveField, ...]:
    """The system's fields, each replaced by the company's field of the same key, then the company's others.

    The company knows its own machines, so its value wins over the system default for a key.
    """
    by_company = {f.key: f for f in company}
    system_keys = {f.key for f in system}
    merged = [
        EffectiveField(by_company[f.key], "company") if f.key in by_company else EffectiveField(f, "system")
        for f in system
    ]
    merged.extend(EffectiveField(f, "company") for f in company if f.key not in system_keys)
    return tuple(merged)


def parse_language(value: str) -> Language:
    """``en`` or ``nl``; empty means ``en``."""
    if value == "":
        return DEFAULT_LANGUAGE
    for language in LANGUAGES:
        if value == language:
            return language
    raise InvalidArgument.for_field("language", f"must be one of en, nl; got {value[:20]!r}")


def parse_status(value: str, field_name: str = "status") -> PlanStatus:
    """One of the plan statuses, spelled as seed 002 spells them."""
    for status in PLAN_STATUSES:
        if value == status:
            return status
    raise InvalidArgument.for_field(
        field_name, f"must be one of {', '.join(PLAN_STATUSES)}; got {value[:20]!r}"
    )


def name_problems(field_name: str, value: str) -> list[FieldViolation]:
    """Problems with a required single-language name."""
    if not value.strip():
        return [FieldViolation(field_name, "is required")]
    unshowable = name_problem(value)
    if unshowable:
        return [FieldViolation(field_name, unshowable)]
    if len(value) > MAX_NAME_CHARS:
        return [FieldViolation(field_name, f"is {len(value)} characters; use at most {MAX_NAME_CHARS}")]
    return []


def localized_problems(
    field_name: str, text: Localized, *, required: bool, limit: int
) -> list[FieldViolation]:
    """Problems with a localized text: both languages when required, each within ``limit``."""
    problems: list[FieldViolation] = []
    for language in LANGUAGES:
        value = getattr(text, language)
        path = f"{field_name}.{language}"
        if required and not value.strip():
            problems.append(FieldViolation(path, "is required (content is kept in English and Dutch)"))
        elif len(value) > limit:
            problems.append(FieldViolation(path, f"is {len(value)} characters; use at most {limit}"))
    return problems


def raise_if(problems: list[FieldViolation]) -> None:
    """Raise one InvalidArgument naming every bad field, if there is any."""
    if problems:
        message = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise InvalidArgument(message, violations=problems)
