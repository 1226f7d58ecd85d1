"""Accounts and the rules for their fields.

Name, time zone, units, the two consents and the endurance attributes (primary sport, status, plan
tier, distance unit, first weekday) are the account's own, one value for every profile
(docs/decisions/0048-account-consents-and-attributes.md, "Endurance attributes").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.text_input import name_problem
from kinetic.time_zones import is_time_zone

UNITS = ("metric", "imperial")
DEFAULT_TIME_ZONE = "UTC"
DEFAULT_UNITS = "metric"

# The endurance attributes' allowed values, in the order messages and the account page list them.
PRIMARY_SPORTS = ("running", "cycling", "swimming", "triathlon", "strength")
ACCOUNT_STATUSES = ("active", "trial", "suspended")
PLAN_TIERS = ("free", "pro", "coach")
# Empty: distances follow ``units`` (metric shows km, imperial mi), so no account needs choosing.
DISTANCE_UNITS = ("", "km", "mi")
DEFAULT_PRIMARY_SPORT = "strength"
DEFAULT_ACCOUNT_STATUS = "active"
DEFAULT_PLAN_TIER = "free"
DEFAULT_DISTANCE_UNIT = ""
# The first day of the athlete's training week, an ISO weekday (1 = Monday ... 7 = Sunday). Monday
# is the ISO week and what the plan safety engine counted in before the setting (decision 0060).
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DEFAULT_FIRST_WEEKDAY = 1
# Profiles refuse a suspended account; auth issues it no OAuth token and reports its access tokens
# inactive (decision 0078); sign-in does not read it.
SUSPENDED = "suspended"

MAX_EMAIL_CHARS = 254  # the longest address SMTP can carry (RFC 5321 path limit)
MAX_DISPLAY_NAME_CHARS = 100
MIN_PASSWORD_CHARS = 10
# Bounds the work one request can ask of the KDF; no one types a longer password.
MAX_PASSWORD_CHARS = 1024


@dataclass(frozen=True)
class Account:
    """A person who keeps training data in Kinetic. Never carries the password hash."""

    account_id: str
    email: str
    display_name: str
    time_zone: str
    units: str
    created_at: datetime
    # Both false until the person gives them on the account page (decision 0048).
    logging_consent: bool
    health_data_consent: bool
    # Endurance attributes (migration 0006): data here; what a status means is the profiles' rule.
    primary_sport: str
    account_status: str
    plan_tier: str
    distance_unit: str
    # Migration 0007: the ISO weekday the athlete's weeks start on (decision 0060, Weeks).
    first_weekday: int


@dataclass(frozen=True)
class AccountChanges:
    """Validated fields of an account update; None leaves a field as it is. Each field is named as
    the ``accounts`` column it changes."""

    display_name: str | None = None
    time_zone: str | None = None
    units: str | None = None
    logging_consent: bool | None = None
    health_data_consent: bool | None = None
    primary_sport: str | None = None
    account_status: str | None = None
    plan_tier: str | None = None
    distance_unit: str | None = None
    first_weekday: int | None = None


@dataclass(frozen=True)
class NewAccount:
    """Validated input of account creation (password still in clear text, about to be hashed)."""

    email: str
    password: str
    display_name: str
    time_zone: str
    units: str


def require(field_name: str, value: str) -> str:
    """Return ``value``, or raise InvalidArgument naming ``field_name`` when it is empty."""
    if not value:
        raise InvalidArgument.for_field(field_name, "is required")
    return value


def normalize_email(email: str, field_name: str = "email") -> str:
    """Trim and lower-case an email; it must have one "@" with text on both sides and no spaces."""
    email = require(field_name, email.strip()).lower()
    local, at, domain = email.partition("@")
    if not at or not local or not domain or "@" in domain or any(ch.isspace() for ch in email):
        raise InvalidArgument.for_field(field_name, "must be an email address like name@example.com")
    if len(email) > MAX_EMAIL_CHARS:
        raise InvalidArgument.for_field(field_name, f"must be at most {MAX_EMAIL_CHARS} characters")
    return email


def validate_time_zone(time_zone: str) -> str:
    """An IANA time zone name such as ``Europe/Amsterdam``; empty means ``UTC``."""
    time_zone = time_zone.strip() or DEFAULT_TIME_ZONE
    if not is_time_zone(time_zone):
        raise InvalidArgument.for_field(
            "time_zone", f"unknown time zone {time_zone[:64]!r}; use an IANA name such as Europe/Amsterdam"
        )
    return time_zone


def validate_units(units: str) -> str:
    """``metric`` or ``imperial``; empty means ``metric``."""
    units = units.strip().lower() or DEFAULT_UNITS
    if units not in UNITS:
        raise InvalidArgument.for_field("units", f"must be one of {', '.join(UNITS)}")
    return units


def _one_of(field_name: str, value: str, allowed: tuple[str, ...], empty_means: str = "") -> str:
    """``value`` trimmed and lower-cased (as units), or InvalidArgument naming ``field_name`` and
    every allowed value (``empty_means`` says what an allowed empty value does)."""
    normalized = value.strip().lower()
    if normalized not in allowed:
        shown = ", ".join(choice for choice in allowed if choice)
        if empty_means:
            shown += f", or empty to {empty_means}"
        raise InvalidArgument.for_field(field_name, f"must be one of {shown}; got {value[:32]!r}")
    return normalized


def validate_primary_sport(primary_sport: str) -> str:
    """One of ``PRIMARY_SPORTS``."""
    return _one_of("primary_sport", primary_sport, PRIMARY_SPORTS)


def validate_account_status(account_status: str) -> str:
    """One of ``ACCOUNT_STATUSES``."""
    return _one_of("account_status", account_status, ACCOUNT_STATUSES)


def validate_plan_tier(plan_tier: str) -> str:
    """One of ``PLAN_TIERS``."""
    return _one_of("plan_tier", plan_tier, PLAN_TIERS)


def validate_distance_unit(distance_unit: str) -> str:
    """``km``, ``mi`` or empty (follow ``units``)."""
    return _one_of("distance_unit", distance_unit, DISTANCE_UNITS, empty_means="follow units")


def validate_first_weekday(first_weekday: int) -> int:
    """An ISO weekday, 1 (Monday) to 7 (Sunday)."""
    if isinstance(first_weekday, bool) or first_weekday not in range(1, len(WEEKDAY_NAMES) + 1):
        days = ", ".join(f"{number} ({name})" for number, name in enumerate(WEEKDAY_NAMES, start=1))
        raise InvalidArgument.for_field(
            "first_weekday", f"must be an ISO weekday from 1 to 7: {days}; got {first_weekday!r}"
        )
    return first_weekday


def validate_password(password: str) -> str:
    """A password of at least ten characters (kept exactly as typed: spaces count)."""
    require("password", password)
    if len(password) < MIN_PASSWORD_CHARS:
        raise InvalidArgument.for_field("password", f"must be at least {MIN_PASSWORD_CHARS} characters")
    if len(password) > MAX_PASSWORD_CHARS:
        raise InvalidArgument.for_field("password", f"must be at most {MAX_PASSWORD_CHARS} characters")
    return password


def validate_display_name(display_name: str) -> str:
    """A trimmed, non-empty name of at most 100 characters that shows as typed (one line, no
    control characters: ``kinetic.text_input.name_problem``, decision 0032)."""
    display_name = require("display_name", display_name.strip())
    if len(display_name) > MAX_DISPLAY_NAME_CHARS:
        raise InvalidArgument.for_field(
            "display_name", f"must be at most {MAX_DISPLAY_NAME_CHARS} characters"
        )
    problem = name_problem(display_name)
    if problem:
        raise InvalidArgument.for_field("display_name", problem)
    return display_name


def validate_new_account(
    email: str, password: str, display_name: str, time_zone: str = "", units: str = ""
) -> NewAccount:
    """Check every field of a new account, in the order a form shows them."""
    return NewAccount(
        email=normalize_email(email),
        password=validate_password(password),
        display_name=validate_display_name(display_name),
        time_zone=validate_time_zone(time_zone),
        units=validate_units(units),
    )


def _changed_time_zone(time_zone: str) -> str:
    # Creation reads an empty zone as "UTC"; a change to nothing is a mistake, not a reset.
    return validate_time_zone(require("time_zone", time_zone.strip()))


def _changed_units(units: str) -> str:
    return validate_units(require("units", units.strip()))


_Field = TypeVar("_Field", str, int)


def validate_account_changes(
    display_name: str | None = None,
    time_zone: str | None = None,
    units: str | None = None,
    logging_consent: bool | None = None,
    health_data_consent: bool | None = None,
    primary_sport: str | None = None,
    account_status: str | None = None,
    plan_tier: str | None = None,
    distance_unit: str | None = None,
    first_weekday: int | None = None,
) -> AccountChanges:
    """Check each field given (None: unchanged); every invalid one is named in one InvalidArgument,
    so a caller changing several fields learns of all its mistakes at once."""
    violations: list[FieldViolation] = []

    def checked(value: _Field | None, validate: Callable[[_Field], _Field]) -> _Field | None:
        if value is None:
            return None
        try:
            return validate(value)
        except InvalidArgument as invalid:
            violations.extend(invalid.violations)
            return None

    changes = AccountChanges(
        display_name=checked(display_name, validate_display_name),
        time_zone=checked(time_zone, _changed_time_zone),
        units=checked(units, _changed_units),
        logging_consent=logging_consent,
        health_data_consent=health_data_consent,
        primary_sport=checked(primary_sport, validate_primary_sport),
        account_status=checked(account_status, validate_account_status),
        plan_tier=checked(plan_tier, validate_plan_tier),
        distance_unit=checked(distance_unit, validate_distance_unit),
        first_weekday=checked(first_weekday, validate_first_weekday),
    )
    if violations:
        message = "; ".join(f"{v.field}: {v.description}" for v in violations)
        raise InvalidArgument(message, violations=violations)
    return changes
