"""Input limits of the sessions service, checked before anything is stored.

Every check reports the field to fix by the name seed 002 (Client AI Workout V2) uses, camelCase
with indexes (``sets[0].rpe``), and all bad fields of a request are reported together. Rules and
their reasons: docs/decisions/0017-sessions.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.text_input import name_problem
from kinetic.time_zones import day_start, time_zone

# Limits are data shared with the profiles that publish them (decision 0091); the ones imported
# "as" themselves are read through this module by the service layer.
from knowledge.limits.sessions import DEFAULT_PAGE_LIMIT as DEFAULT_PAGE_LIMIT
from knowledge.limits.sessions import MAX_EXERCISE_ID as MAX_EXERCISE_ID
from knowledge.limits.sessions import MAX_IDEMPOTENCY_KEY as MAX_IDEMPOTENCY_KEY
from knowledge.limits.sessions import (
    MAX_LOAD_KG,
    MAX_LOAD_LB,
    MAX_REPS_TEXT,
    MAX_SET_NOTES,
    MAX_SET_NUMBER,
    MAX_SETS_PER_CALL,
    MAX_SETUP_KEY,
    MAX_SETUP_TEXT,
    MAX_SETUP_VALUES,
    MAX_WINDOW_DAYS,
    METERS,
    REPS,
    RPE_SEED_002,
    SECONDS,
)
from knowledge.limits.sessions import MAX_NOTES as MAX_NOTES
from knowledge.limits.sessions import MAX_PAGE_LIMIT as MAX_PAGE_LIMIT
from knowledge.limits.sessions import MAX_TITLE as MAX_TITLE
from services.sessions.domain.object_ids import is_object_id
from services.sessions.domain.session_model import (
    SET_TYPES,
    SOURCE_KINDS,
    STATUSES,
    LoggedSet,
    SetupValue,
    SourceKind,
)

# The limits are data in knowledge.limits.sessions, which Client AI publishes (decision 0091).
MAX_PERFORMANCES_PER_SESSION = 100
LANGUAGES = ("en", "nl")

# Inclusive ranges of a set's numbers (kilograms, meters, seconds).
SET_RANGES: dict[str, tuple[str, float, float]] = {
    "weight_kg": ("weight", 0, MAX_LOAD_KG),
    "time_seconds": ("timeSeconds", *SECONDS),
    "distance_meters": ("distanceMeters", *METERS),
    "rest_seconds": ("restSeconds", *SECONDS),
    "rpe": ("rpe", *RPE_SEED_002),
}
REPS_RANGE = REPS
LOAD_UNITS = ("", "kg", "lb")
# A load as given: up to the 1000 kg limit expressed in pounds (decision 0049).
LOAD_VALUE_RANGE = (0, MAX_LOAD_LB)


class Violations:
    """Collects bad fields; ``raise_if_any`` turns them into one InvalidArgument naming them all."""

    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, field: str, description: str) -> None:
        """Record one bad field."""
        self.items.append(FieldViolation(field, description))

    def raise_if_any(self) -> None:
        """Raise InvalidArgument if anything was recorded."""
        if self.items:
            message = "; ".join(f"{v.field}: {v.description}" for v in self.items)
            raise InvalidArgument(message, violations=self.items)


def require_account(account_id: str) -> str:
    """Every call names the account it acts for."""
    if not account_id:
        raise InvalidArgument.for_field("account_id", "is required")
    return account_id


def require_idempotency_key(value: str) -> str:
    """Every idempotent write of a room (workout log, endurance records) names its key."""
    if not value:
        raise InvalidArgument.for_field("idempotency_key", "is required (any unique string per write)")
    if len(value) > MAX_IDEMPOTENCY_KEY or name_problem(value):
        raise InvalidArgument.for_field(
            "idempotency_key", f"must be 1 to {MAX_IDEMPOTENCY_KEY} printable characters"
        )
    return value


def check_object_id(out: Violations, field: str, value: str, *, required: bool) -> str:
    """A 24-hex-character ObjectId, lowercased; empty when optional and absent."""
    if not value:
        if required:
            out.add(field, "is required (a 24-character ObjectId)")
        return ""
    if not is_object_id(value):
        out.add(field, "must be a 24-character ObjectId (hexadecimal)")
        return ""
    return value.lower()


def check_text(out: Violations, field: str, value: str, limit: int) -> str:
    """Text of at most ``limit`` characters."""
    if len(value) > limit:
        out.add(field, f"must be at most {limit} characters (got {len(value)})")
    return value


def check_language(out: Violations, value: str) -> str:
    """Content language, "en" by default."""
    if value and value not in LANGUAGES:
        out.add("language", f"must be one of {', '.join(LANGUAGES)}")
    return value or "en"


def check_number(out: Violations, field: str, value: float | None, low: float, high: float) -> None:
    """A finite number within [low, high], when present."""
    if value is None:
        return
    if not math.isfinite(value) or not low <= value <= high:
        out.add(field, f"must be a number from {low:g} to {high:g}")


def check_exercise_id(out: Violations, value: str, *, gym: bool) -> str:
    """A gym exercise (ObjectId) for plan day and freestyle sessions; any catalog ID otherwise."""
    if gym:
        return check_object_id(out, "exerciseId", value, required=True)
    if not value:
        out.add("exerciseId", "is required")
    elif len(value) > MAX_EXERCISE_ID or not value.isprintable() or value.strip() != value:
        out.add("exerciseId", f"must be an exercise ID of at most {MAX_EXERCISE_ID} characters")
    return value


def check_sets(out: Violations, sets: Sequence[LoggedSet]) -> None:
    """1 to 50 sets, each within the set limits, set numbers unique within the call."""
    if not 1 <= len(sets) <= MAX_SETS_PER_CALL:
        out.add("sets", f"must hold 1 to {MAX_SETS_PER_CALL} sets (got {len(sets)})")
    seen: set[int] = set()
    for i, entry in enumerate(sets):
        at = f"sets[{i}]"
        if not 1 <= entry.set_number <= MAX_SET_NUMBER:
            out.add(f"{at}.setNumber", f"must be an integer from 1 to {MAX_SET_NUMBER}")
        elif entry.set_number in seen:
            out.add(f"{at}.setNumber", f"repeats set number {entry.set_number}; send each set once")
        seen.add(entry.set_number)
        if entry.set_type not in SET_TYPES:
            out.add(f"{at}.setType", "must be one of N, W, D, F (normal, warm-up, drop, failure)")
        for attribute, (name, low, high) in SET_RANGES.items():
            check_number(out, f"{at}.{name}", getattr(entry, attribute), low, high)
        if isinstance(entry.reps, str):
            if not 1 <= len(entry.reps) <= MAX_REPS_TEXT or entry.reps.strip() != entry.reps:
                out.add(f"{at}.reps", f"as text must be 1 to {MAX_REPS_TEXT} characters, e.g. AMRAP")
        else:
            check_number(out, f"{at}.reps", entry.reps, *REPS_RANGE)
        check_text(out, f"{at}.notes", entry.notes, MAX_SET_NOTES)
        if entry.load_unit not in LOAD_UNITS:
            out.add(f"{at}.loadUnit", "must be kg or lb (empty means kilograms)")
        check_number(out, f"{at}.loadValue", entry.load_value, *LOAD_VALUE_RANGE)


def check_setup_values(out: Violations, field: str, values: Sequence[SetupValue] | None) -> None:
    """Up to 8 {key, value} pairs with unique keys."""
    if values is None:
        return
    if len(values) > MAX_SETUP_VALUES:
        out.add(field, f"must hold at most {MAX_SETUP_VALUES} values (got {len(values)})")
    keys: set[str] = set()
    for i, item in enumerate(values):
        at = f"{field}[{i}]"
        if not 1 <= len(item.key) <= MAX_SETUP_KEY:
            out.add(f"{at}.key", f"must be 1 to {MAX_SETUP_KEY} characters")
        elif item.key in keys:
            out.add(f"{at}.key", f"repeats key {item.key!r}")
        keys.add(item.key)
        if isinstance(item.value, str):
            check_text(out, f"{at}.value", item.value, MAX_SETUP_TEXT)
        elif not isinstance(item.value, bool) and not math.isfinite(item.value):
            out.add(f"{at}.value", "must be a string, a finite number or a boolean")


def check_status(out: Violations, value: str) -> str:
    """A session status filter; empty means any."""
    if value and value not in STATUSES:
        out.add("status", f"must be one of {', '.join(STATUSES)}")
    return value


def check_sources(out: Violations, values: Sequence[str]) -> tuple[SourceKind, ...]:
    """A source filter (plan_day, occurrence, freestyle); empty means every source."""
    wanted = tuple(kind for kind in SOURCE_KINDS if kind in values)
    if len(set(values)) != len(wanted):
        out.add("sources", f"each must be one of {', '.join(SOURCE_KINDS)}")
    return wanted


def _parse_instant(value: str, zone: ZoneInfo) -> tuple[datetime, bool] | None:
    # (the instant in UTC, whether it was a date alone). A date alone is that day in the account's
    # zone, a date-time without an offset a wall time there (decision 0105).
    try:
        day = date.fromisoformat(value)
    except ValueError:
        pass
    else:
        try:
            return day_start(day, zone), True
        except OverflowError:  # year 1 or 9999 moved past Python's calendar: refused by its year
            return datetime.combine(day, time(0), tzinfo=UTC), True
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    try:
        return (moment if moment.tzinfo else moment.replace(tzinfo=zone)).astimezone(UTC), False
    except OverflowError:  # year 1 or 9999 moved past Python's calendar: refused by its year
        return moment.replace(tzinfo=UTC), False


def check_window_zone(out: Violations, name: str) -> ZoneInfo:
    """The zone a window's days are read in: an IANA name, empty is UTC."""
    zone = time_zone(name or "UTC")
    if zone is None:
        out.add("time_zone", "must be an IANA time zone such as Europe/Amsterdam")
        return ZoneInfo("UTC")
    return zone


def _next_day_start(day_start_at: datetime, zone: ZoneInfo) -> datetime:
    # The local day after the one starting at ``day_start_at``: 23 or 25 hours on a clock change.
    day = day_start_at.astimezone(zone).date()
    try:
        return day_start(day + timedelta(days=1), zone)
    except OverflowError:
        return day_start_at + timedelta(days=1)


# The years a window may name: beyond any workout, and far enough from Python's years 1 and 9999
# that the 366-day arithmetic cannot overflow (a window at 9999-12-31 answered "unavailable"; 0081).
WINDOW_YEARS = (1900, 2999)


def check_window(
    out: Violations, date_from: str, date_to: str, now: datetime, zone: ZoneInfo | None = None
) -> tuple[datetime, datetime]:
    """A [start, end) window of at most 366 days between dateFrom and dateTo, as UTC instants.

    A missing dateTo is dateFrom + 366 days, a missing dateFrom is dateTo - 366 days, neither is the
    366 days up to now. Days are ``zone``'s (UTC when None); a dateTo given as a date alone includes
    that whole day there, to the next local midnight.
    """
    zone = zone or ZoneInfo("UTC")
    parsed_from = _parse_instant(date_from, zone) if date_from else None
    parsed_to = _parse_instant(date_to, zone) if date_to else None
    if date_from and parsed_from is None:
        out.add("dateFrom", "must be an ISO 8601 date or date-time, e.g. 2026-06-01")
    if date_to and parsed_to is None:
        out.add("dateTo", "must be an ISO 8601 date or date-time, e.g. 2026-09-01")
    span = timedelta(days=MAX_WINDOW_DAYS)
    beyond = [
        field
        for field, parsed in (("dateFrom", parsed_from), ("dateTo", parsed_to))
        if parsed is not None and not WINDOW_YEARS[0] <= parsed[0].year <= WINDOW_YEARS[1]
    ]
    for field in beyond:
        out.add(field, f"must be in the years {WINDOW_YEARS[0]} to {WINDOW_YEARS[1]}")
    if beyond:  # refused; no window arithmetic near Python's year 9999
        return now - span, now
    to_point = parsed_to[0] if parsed_to else None
    start = parsed_from[0] if parsed_from else None
    if start is None and to_point is None:
        return now - span, now + timedelta(microseconds=1)  # through now, inclusive
    if to_point is None:
        assert start is not None
        return start, start + span
    if start is None:
        start = to_point - span
    if to_point < start:
        out.add("dateTo", "must not be before dateFrom")
    elif to_point - start > span:
        out.add("dateFrom", f"the window from dateFrom to dateTo must be at most {MAX_WINDOW_DAYS} days")
    if parsed_to is not None and parsed_to[1]:
        return start, _next_day_start(to_point, zone)
    return start, to_point
