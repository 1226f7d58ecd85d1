"""Input rules of the workout log, checked before anything is read or stored (decision 0049).

Bad fields are collected and reported together, each by its proto field name in snake_case with
indexes (``entries[0].sets[2].rpe``). Texts refuse what every Kinetic field refuses
(``kinetic.text_input``); limits are the sessions service's (``session_rules``) where they overlap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from kinetic.errors import InvalidArgument
from kinetic.record_ranges import CALENDAR_DAY
from kinetic.text_input import name_problem, text_problem
from kinetic.time_zones import day_start, time_zone

# Limits are data shared with the OWS profile (decision 0091); the ones imported "as" themselves
# are read through this module by the service layer.
from knowledge.limits.sessions import MAX_ENTRIES, MAX_EXERCISE_ID, MAX_NOTES
from knowledge.limits.sessions import MAX_EXERCISE_NAME as MAX_EXERCISE_NAME
from knowledge.limits.sessions import MAX_PROGRAM_DAY as MAX_PROGRAM_DAY
from knowledge.limits.sessions import MAX_PROGRAM_ID as MAX_PROGRAM_ID
from knowledge.limits.sessions import MAX_SETS_PER_ENTRY as MAX_SETS_PER_ENTRY
from services.sessions.domain.object_ids import is_object_id
from services.sessions.domain.session_model import LoggedSet
from services.sessions.domain.session_rules import Violations
from services.sessions.workout_log.domain.log_model import EntryInput, RecordTarget
from services.sessions.workout_log.domain.set_rules import logged_set

MAX_WORDS = 200
UNCONFIRMED_PREFIX = "words:"
UTC_ZONE = ZoneInfo("UTC")

_SPACES = re.compile(r"\s+")


def normalize_words(words: str) -> str:
    """Words as remembered and looked up: lower case, "-" and "_" as spaces, spaces collapsed.

    LogWorkoutText stores words already normalized (``knowledge.training.exercise_names``),
    and so does the edge for log_workout's words; normalizing here again
    makes a direct gRPC caller's "Bench-Press " find the same entry as "bench press".
    """
    return _SPACES.sub(" ", words.lower().replace("-", " ").replace("_", " ")).strip()


def unconfirmed_exercise_id(words: str) -> str:
    """The exercise ID an entry of unknown ``words`` is stored under (cut to fit the column)."""
    return (UNCONFIRMED_PREFIX + words)[:MAX_EXERCISE_ID]


def is_unconfirmed(exercise_id: str) -> bool:
    """Whether an entry's exercise is still only the person's words."""
    return exercise_id.startswith(UNCONFIRMED_PREFIX)


# --- scalars -------------------------------------------------------------------------------------


def check_text(out: Violations, field: str, value: str, limit: int) -> str:
    """Free text (notes, goals): at most ``limit`` characters, no NUL or control characters."""
    problem = text_problem(value)
    if problem:
        out.add(field, problem)
    elif len(value) > limit:
        out.add(field, f"must be at most {limit} characters (got {len(value)})")
    return value


def check_name(out: Violations, field: str, value: str, limit: int, *, required: bool = False) -> str:
    """A one-line name or label (title, words, IDs of programs): stripped, at most ``limit``."""
    value = value.strip()
    problem = name_problem(value)
    if problem:
        out.add(field, problem)
    elif len(value) > limit:
        out.add(field, f"must be at most {limit} characters (got {len(value)})")
    elif required and not value:
        out.add(field, "is required")
    return value


def check_object_id(out: Violations, field: str, value: str, *, required: bool = True) -> str:
    """A 24-hex-character workout or entry ID, lowercased."""
    if not value:
        if required:
            out.add(field, "is required")
        return ""
    if not is_object_id(value):
        out.add(field, "must be a 24-character hexadecimal ID as the log returned it")
        return ""
    return value.lower()


def check_exercise_id(out: Violations, field: str, value: str) -> str:
    """A Training catalog or custom exercise ID; "words:" IDs are the log's own, never input."""
    if len(value) > MAX_EXERCISE_ID or not value.isprintable() or value.strip() != value:
        out.add(field, f"must be an exercise ID of at most {MAX_EXERCISE_ID} characters")
    elif is_unconfirmed(value):
        out.add(field, f"{UNCONFIRMED_PREFIX!r} IDs name unconfirmed entries; send the words instead")
    return value


# --- days and time zones ---------------------------------------------------------------------------


def check_zone(out: Violations, field: str, name: str) -> ZoneInfo:
    """An IANA time zone; empty is UTC."""
    if not name:
        return UTC_ZONE
    zone = time_zone(name)
    if zone is None:
        out.add(field, "must be an IANA time zone such as Europe/Amsterdam")
        return UTC_ZONE
    return zone


def check_day(out: Violations, field: str, value: str) -> date | None:
    """A local day as YYYY-MM-DD; None when empty (or bad, reported)."""
    if not value:
        return None
    try:
        if len(value) != 10:
            raise ValueError(value)
        day = date.fromisoformat(value)
    except ValueError:
        out.add(field, "must be a day as YYYY-MM-DD")
        return None
    problem = CALENDAR_DAY.problem(day)  # decision 0070
    if problem is not None:
        out.add(field, problem)
        return None
    return day


def local_day(moment: datetime, zone: ZoneInfo) -> date:
    """The day ``moment`` falls on in ``zone``."""
    return moment.astimezone(zone).date()


def local_midnight(day: date, zone: ZoneInfo) -> datetime:
    """The instant ``day`` starts in ``zone``, in UTC (decision 0105): the store compares instants
    by their UTC wall time, so a bound in any other zone would move the window by its offset."""
    return day_start(day, zone)


def workout_start(day: date | None, zone: ZoneInfo, now: datetime) -> datetime:
    """When a workout logged for ``day`` started: now for today (or no day), else noon that day.

    Noon keeps a workout on its day in any zone within 12 hours of ``zone`` too, so a person who
    travels does not see it on the day before.
    """
    if day is None or day == local_day(now, zone):
        return now
    return datetime.combine(day, time(12), tzinfo=zone).astimezone(now.tzinfo)


def moved_to_day(started_at: datetime, day: date, zone: ZoneInfo) -> datetime:
    """``started_at`` moved to ``day`` in ``zone``, keeping its local time of day."""
    local = started_at.astimezone(zone)
    moved = datetime.combine(day, local.timetz().replace(tzinfo=None), tzinfo=zone)
    return moved.astimezone(started_at.tzinfo)


# --- entries -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedEntry:
    """An entry whose fields passed: its exercise (ID or normalized words) and sets, numbered 1..n."""

    exercise_id: str
    exercise_name: str
    words: str
    notes: str
    sets: tuple[LoggedSet, ...]


def check_entry(out: Violations, at: str, entry: EntryInput, *, sets_only: bool = False) -> CheckedEntry:
    """One entry's fields (``at`` e.g. "entries[0]."); with ``sets_only`` only its sets are read."""
    exercise_id = exercise_name = words = notes = ""
    if not sets_only:
        if entry.exercise_id:
            exercise_id = check_exercise_id(out, f"{at}exercise_id", entry.exercise_id)
        exercise_name = check_name(out, f"{at}exercise_name", entry.exercise_name, MAX_EXERCISE_NAME)
        words = normalize_words(check_name(out, f"{at}words", entry.words, MAX_WORDS))
        if not exercise_id and not words:
            out.add(f"{at}exercise_id", "give exercise_id, or the words the person used")
        notes = check_text(out, f"{at}notes", entry.notes, MAX_NOTES)
    if not 1 <= len(entry.sets) <= MAX_SETS_PER_ENTRY:
        out.add(f"{at}sets", f"must hold 1 to {MAX_SETS_PER_ENTRY} sets (got {len(entry.sets)})")
    sets = tuple(logged_set(out, f"{at}sets[{i}].", given, i + 1) for i, given in enumerate(entry.sets))
    return CheckedEntry(exercise_id, exercise_name, words, notes, sets)


def check_entries(out: Violations, entries: Sequence[EntryInput]) -> list[CheckedEntry]:
    """LogWorkout's 1 to 50 entries."""
    if not 1 <= len(entries) <= MAX_ENTRIES:
        out.add("entries", f"must hold 1 to {MAX_ENTRIES} entries (got {len(entries)})")
    return [check_entry(out, f"entries[{i}].", entry) for i, entry in enumerate(entries)]


def check_program_day(out: Violations, field: str, program_id: str, day: str) -> tuple[str, str]:
    """A program day label: the program required, the day empty only for a listing-only entry
    (a program without written days, followed with the person's own routines; the edge knows which)."""
    return (
        check_name(out, f"{field}.program_id", program_id, MAX_PROGRAM_ID, required=True),
        check_name(out, f"{field}.day", day, MAX_PROGRAM_DAY),
    )


# --- targets -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetAddress:
    """A set's entry and number, from "<performance ID>:<set number>"."""

    entry_id: str
    set_number: int


def check_target(target: RecordTarget) -> RecordTarget:
    """Exactly one of workout_id, entry_id, set_id; the ID well formed."""
    if target.kind is None:
        raise InvalidArgument.for_field("target", "give one of workout_id, entry_id or set_id")
    out = Violations()
    if target.kind == "set":
        set_address(out, target.record_id)
        out.raise_if_any()
        return target
    record_id = check_object_id(out, f"{target.kind}_id", target.record_id)
    out.raise_if_any()
    return RecordTarget(target.kind, record_id)


def set_address(out: Violations, set_id: str) -> SetAddress:
    """The entry and number a set ID names."""
    entry_id, _, number = set_id.partition(":")
    if not is_object_id(entry_id) or not number.isdigit() or not 1 <= int(number) <= MAX_SETS_PER_ENTRY:
        out.add("set_id", "must be <entry ID>:<set number>, e.g. 64b64c0f2f5f4c0012345679:2")
        return SetAddress("", 0)
    return SetAddress(entry_id.lower(), int(number))


def next_numbers(existing: Sequence[LoggedSet], sets: Sequence[LoggedSet]) -> tuple[LoggedSet, ...]:
    """``sets`` renumbered to follow the highest of ``existing``."""
    start = max((s.set_number for s in existing), default=0)
    return tuple(replace(s, set_number=start + i + 1) for i, s in enumerate(sets))


def local_window(
    out: Violations, from_day: str, to_day: str, zone: ZoneInfo, now: datetime, *, max_days: int
) -> tuple[datetime, datetime]:
    """[start, end) of local days ``from_day`` to ``to_day`` inclusive.

    An empty ``to_day`` is today in ``zone``; an empty ``from_day`` is 29 days before ``to_day``
    (a 30-day window).
    """
    first = check_day(out, "from_day", from_day)
    last = check_day(out, "to_day", to_day) or local_day(now, zone)
    first = first or last - timedelta(days=29)
    if last < first:
        out.add("to_day", "must not be before from_day")
    elif (last - first).days > max_days:
        out.add("to_day", f"must be at most {max_days} days after from_day")
    return local_midnight(first, zone), local_midnight(last + timedelta(days=1), zone)
