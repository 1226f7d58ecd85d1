"""Checks of the plain values in a typed edit input: ranges, names, notes, IDs, days, list sizes.

The ``EditInput`` message already guarantees each value's type (docs/decisions/0027), so these
check only what a type cannot say. Every problem is collected with the path of the field to fix,
spelt as seed 000's JSON spells it (``input.workout.exercises[2].targetReps``), so one round trip
shows them all (docs/decisions/0012-training-edit-input.md).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Collection, Sequence
from datetime import date
from typing import Any, TypeVar

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.record_ranges import CALENDAR_DAY
from kinetic.text_input import name_problem
from knowledge.training.formats import LOCAL_DAY
from knowledge.training.rules import MAX_NAME_CHARS, MAX_NOTES_CHARS

NewID = Callable[[], str]

UUID_PATTERN = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def new_uuid() -> str:
    """A fresh random (version 4) ID for a movement, block or record."""
    return str(uuid.uuid4())


class Violations:
    """Every problem found in one input, each with the path of the field to fix."""

    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, path: str, description: str) -> None:
        """Record one problem."""
        self.items.append(FieldViolation(path, description))

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        """Raise ``InvalidArgument`` naming every problem, if there is one."""
        if self.items:
            raise invalid(self.items)


def invalid(violations: Sequence[FieldViolation]) -> InvalidArgument:
    """An ``InvalidArgument`` whose message lists each field and what to fix."""
    message = "; ".join(f"{v.field}: {v.description}" for v in violations)
    return InvalidArgument(message, violations=violations)


def read_int(problems: Violations, path: str, value: int, low: int, high: int, unit: str = "") -> int | None:
    """A whole number in [low, high]."""
    if not low <= value <= high:
        problems.add(path, f"must be between {low} and {high}{_in(unit)}, not {value}")
        return None
    return value


def read_number(
    problems: Violations, path: str, value: float, low: float, high: float, unit: str
) -> float | None:
    """A number in [low, high]."""
    if not low <= value <= high:
        problems.add(path, f"must be between {low:g} and {high:g}{_in(unit)}, not {value:g}")
        return None
    return value


def read_name(problems: Violations, path: str, value: str) -> str | None:
    """A name: text of 1-120 characters once leading and trailing spaces are trimmed."""
    name = value.strip()
    unshowable = name_problem(name) if name else None
    if unshowable:
        problems.add(path, unshowable)
        return None
    if not name or len(name) > MAX_NAME_CHARS:
        problems.add(path, f"must be 1-{MAX_NAME_CHARS} characters (after trimming), not {len(name)}")
        return None
    return name


def read_required_name(problems: Violations, path: str, sent: bool, value: str) -> str | None:
    """The ``name`` of the message at ``path``: required (``sent``), then read as :func:`read_name`."""
    return read_name(problems, f"{path}.name", value) if require(problems, path, sent, "name") else None


def read_notes(problems: Violations, path: str, value: str) -> str | None:
    """Free text of at most 4000 characters, kept as sent."""
    if len(value) > MAX_NOTES_CHARS:
        problems.add(path, f"must be at most {MAX_NOTES_CHARS} characters, not {len(value)}; shorten it")
        return None
    return value


def read_uuid(problems: Violations, path: str, value: str, hint: str = "") -> str | None:
    """A UUID in its 8-4-4-4-12 hex form, returned in lower case as stored IDs are."""
    if not UUID_PATTERN.match(value):
        problems.add(path, f"must be a UUID like 3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f{hint}")
        return None
    return value.lower()


def read_day(problems: Violations, path: str, value: str) -> date | None:
    """A local calendar day written YYYY-MM-DD, and nothing else."""
    if LOCAL_DAY.fullmatch(value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            pass
        else:
            # Plans, their workouts and phases live in CALENDAR_DAY (decision 0070): a day near
            # date.max overflowed the reads of the plan it was stored in.
            problem = CALENDAR_DAY.problem(day)
            if problem is None:
                return day
            problems.add(path, problem)
            return None
    problems.add(path, f"must be a calendar day written YYYY-MM-DD, not {show_value(value)}")
    return None


def check_count(
    problems: Violations, path: str, items: Sequence[Any], low: int, high: int, what: str
) -> bool:
    """Whether ``items`` has ``low``-``high`` entries; records the problem when it has not."""
    if not low <= len(items) <= high:
        count = f"at least {low}" if len(items) < low else f"at most {high}"
        problems.add(path, f"must list {count} {what}, not {len(items)}")
        return False
    return True


def read_choice(problems: Violations, path: str, value: str, choices: Collection[str]) -> str | None:
    """One of ``choices``, spelt exactly."""
    if value not in choices:
        problems.add(path, f"must be one of {', '.join(choices)}, not {show_value(value)}")
        return None
    return value


def require(problems: Violations, path: str, sent: bool, key: str, hint: str = "") -> bool:
    """``sent``; records "``path``.``key`` is required" when the field was not sent."""
    if not sent:
        problems.add(f"{path}.{key}", f"is required{hint}")
    return sent


T = TypeVar("T")


def required(problems: Violations, path: str, value: T | None, key: str, hint: str = "") -> T | None:
    """``value`` when it was sent (not None); else records "``path``.``key`` is required" (``require``)."""
    return value if require(problems, path, value is not None, key, hint) else None


def show_value(value: Any) -> str:
    """``value`` as JSON-ish text, cut short, for an error message."""
    text = repr(value) if value is not None else "null"
    return text if len(text) <= 60 else text[:57] + "..."


def _in(unit: str) -> str:
    return f" ({unit})" if unit and unit != "count" else ""
