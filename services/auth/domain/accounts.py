"""Accounts and the rules for their fields."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from kinetic.errors import InvalidArgument
from kinetic.time_zones import is_time_zone

UNITS = ("metric", "imperial")
DEFAULT_TIME_ZONE = "UTC"
DEFAULT_UNITS = "metric"

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


def validate_password(password: str) -> str:
    """A password of at least ten characters (kept exactly as typed: spaces count)."""
    require("password", password)
    if len(password) < MIN_PASSWORD_CHARS:
        raise InvalidArgument.for_field("password", f"must be at least {MIN_PASSWORD_CHARS} characters")
    if len(password) > MAX_PASSWORD_CHARS:
        raise InvalidArgument.for_field("password", f"must be at most {MAX_PASSWORD_CHARS} characters")
    return password


def validate_display_name(display_name: str) -> str:
    """A trimmed, non-empty name of at most 100 characters."""
    display_name = require("display_name", display_name.strip())
    if len(display_name) > MAX_DISPLAY_NAME_CHARS:
        raise InvalidArgument.for_field(
            "display_name", f"must be at most {MAX_DISPLAY_NAME_CHARS} characters"
        )
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
