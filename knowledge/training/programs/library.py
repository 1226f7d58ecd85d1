"""The program library (``programs.json`` beside this module), read and checked once per process.

Every published version of every program is in the file; a version, once published, never changes
(a new version is a new entry), so a workout linked to ``kp:five-by-five`` version 1 keeps meaning
what it meant. The loader checks the shape, that every exercise is in the shared catalog, that day
keys are unique, and that credit and disclaimer say what the Open Workout Schema asks of them.
Why: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, cast

from knowledge.training.catalog import catalog_by_id
from knowledge.training.programs.model import (
    LEVELS,
    PROGRAM_EQUIPMENT,
    Level,
    PlannedExercise,
    Program,
    ProgramDay,
    Progression,
    RuleKind,
    TargetRule,
)

PROGRAMS_PATH: Final = Path(__file__).with_name("programs.json")

PROGRAM_ID: Final = re.compile(r"^kp:[a-z0-9]+(?:-[a-z0-9]+)*$")
# Seed 003 writes program IDs as ``lcp:<name>`` (e.g. lcp:push-pull-legs): the same names under its
# prefix. Accepted as aliases; answers carry the library's own ``kp:`` ID (decision 0077).
SEED_PREFIX: Final = "lcp:"
RULE_KINDS: Final = frozenset({"increment", "training_max_percent", "percent_of_day", "rpe", "bodyweight"})
# The two things every disclaimer must say, whatever its wording.
NOT_MEDICAL_ADVICE: Final = "not medical advice"
NO_ENDORSEMENT: Final = re.compile(r"\bendorses? Kinetic\b")

_PROGRAM_FIELDS: Final = frozenset(
    {
        "program_id", "version", "name", "summary", "credit", "disclaimer", "changes", "level",
        "days_per_week", "equipment", "weeks", "schedule", "main_lifts", "progression", "days",
    }
)  # fmt: skip
_PROGRESSION_FIELDS: Final = frozenset(
    {
        "description", "upper_body_increment_kg", "lower_body_increment_kg",
        "increments_by_exercise_kg", "deload_after_misses", "deload_percent",
    }
)  # fmt: skip
_EXERCISE_FIELDS: Final = frozenset(
    {
        "exercise_id",
        "sets",
        "reps",
        "last_set_amrap",
        "rule",
        "percents",
        "of_day",
        "percent",
        "rpe",
        "per_day",
    }
)
_REP_RANGE: Final = re.compile(r"^(\d+)-(\d+)$")


class ProgramNotFound(LookupError):
    """No program (or no such version of one) in the library; the message says what exists."""


@cache
def load_programs() -> tuple[Program, ...]:
    """Every published version of every program, in file order; ``ValueError`` names a bad entry."""
    return parse_programs(json.loads(PROGRAMS_PATH.read_text(encoding="utf-8")))


@cache
def versions_by_id() -> Mapping[str, tuple[Program, ...]]:
    """Each program's published versions, oldest first; read-only because every caller shares it."""
    grouped: dict[str, list[Program]] = {}
    for program in load_programs():
        grouped.setdefault(program.program_id, []).append(program)
    return MappingProxyType(
        {program_id: tuple(sorted(found, key=lambda p: p.version)) for program_id, found in grouped.items()}
    )


def latest_programs() -> tuple[Program, ...]:
    """The latest version of each program, ordered by ID so listings are stable."""
    return tuple(versions[-1] for _, versions in sorted(versions_by_id().items()))


def canonical_program_id(program_id: str) -> str:
    """The library's ID for ``program_id``: seed 003's ``lcp:<name>`` is ``kp:<name>``."""
    if program_id.startswith(SEED_PREFIX):
        return "kp:" + program_id[len(SEED_PREFIX) :]
    return program_id


def get_program(program_id: str, version: int | None = None) -> Program:
    """One published version (the latest when ``version`` is None), else ``ProgramNotFound``.

    ``program_id`` may be in seed 003's form (``lcp:<name>`` for ``kp:<name>``).
    """
    versions = versions_by_id().get(canonical_program_id(program_id))
    if versions is None:
        known = ", ".join(sorted(versions_by_id()))
        raise ProgramNotFound(f"no program {program_id!r}; the library has: {known}")
    if version is None:
        return versions[-1]
    for program in versions:
        if program.version == version:
            return program
    published = ", ".join(str(program.version) for program in versions)
    raise ProgramNotFound(f"{program_id} has no version {version}; published versions: {published}")


def search_programs(
    query: str | None = None,
    days_per_week: int | None = None,
    equipment: str | None = None,
    level: str | None = None,
    limit: int = 50,
) -> list[Program]:
    """Latest versions matching every filter given, ordered by ID (never by popularity).

    ``query``: every word must appear, as a word prefix ignoring case, in the name, the summary or a
    sets-by-reps scheme the program writes, so "push pull", "dumbbell" and "5x5" find what a person
    would expect. ``equipment``: the program uses it.
    ``limit`` is clamped to 1..100 even though the caller checks it, so a slip cannot list nothing
    or everything.
    """
    words = _words(query or "")
    found = [
        program
        for program in latest_programs()
        if (days_per_week is None or program.days_per_week == days_per_week)
        and (equipment is None or equipment.strip().lower() in program.equipment)
        and (level is None or program.level == level.strip().lower())
        and _matches_words(program, words)
    ]
    return found[: max(1, min(limit, 100))]


def day_keys(program: Program) -> tuple[str, ...]:
    """The program's day keys in rotation order: what a workout can be linked to."""
    return tuple(day.key for day in program.days)


def has_day(program: Program, key: str) -> bool:
    """Whether ``key`` names a day of this program (exact match: keys are identifiers)."""
    return key in day_keys(program)


def find_day(program: Program, key: str) -> ProgramDay | None:
    """The day named ``key``, or None."""
    return find_day_in(program.days, key)


def find_day_in(days: tuple[ProgramDay, ...], key: str) -> ProgramDay | None:
    """The day named ``key`` among ``days``, or None."""
    return next((day for day in days if day.key == key), None)


def _by_exercise(day: ProgramDay) -> dict[str, PlannedExercise]:
    return {planned.exercise_id: planned for planned in day.exercises}


# A sets-by-reps scheme however it is typed ("5x5", "5×5", "5 x 5", "5*5") is one word, "5x5"
# (decision 0108).
_SCHEME = re.compile(r"(\d+)\s*[x×*]\s*(\d+)")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", _SCHEME.sub(r"\1x\2", text.lower()))


def _schemes(program: Program) -> str:
    """Every sets-by-reps scheme the program writes ("5×5", "3×8-12"): what people search it by."""
    return " ".join(sorted({planned.reps_text for day in program.days for planned in day.exercises}))


def _matches_words(program: Program, words: list[str]) -> bool:
    haystack = _words(f"{program.name} {program.summary} {_schemes(program)}")
    return all(any(candidate.startswith(word) for candidate in haystack) for word in words)


def parse_programs(entries: Any) -> tuple[Program, ...]:
    """Programs from decoded JSON: a list of objects with exactly the library's fields.

    Each (program, version) appears once, versions of a program run 1, 2, ... without gaps.
    """
    if not isinstance(entries, list):
        raise ValueError("the program library must be a JSON list of objects")
    programs = tuple(_parse_program(index, entry) for index, entry in enumerate(entries))
    seen: dict[str, list[int]] = {}
    for program in programs:
        seen.setdefault(program.program_id, []).append(program.version)
    for program_id, versions in seen.items():
        if sorted(versions) != list(range(1, len(versions) + 1)):
            raise ValueError(f"{program_id}: versions must be 1, 2, ... once each, found {versions}")
    return programs


def _parse_program(index: int, entry: Any) -> Program:
    if not isinstance(entry, dict):
        raise ValueError(f"program entry {index}: must be a JSON object")
    label = f"program entry {index} ({entry.get('program_id')!r} v{entry.get('version')})"
    _exact_fields(label, entry, _PROGRAM_FIELDS)
    program_id = _text(label, entry, "program_id")
    if not PROGRAM_ID.match(program_id):
        raise ValueError(f"{label}: program_id must look like 'kp:five-by-five'")
    version = _positive_int(label, entry, "version")
    level = _text(label, entry, "level")
    if level not in LEVELS:
        raise ValueError(f"{label}: level must be one of {LEVELS}")
    equipment = _strings(label, entry, "equipment")
    if not equipment or not set(equipment) <= PROGRAM_EQUIPMENT:
        raise ValueError(f"{label}: equipment must be a non-empty subset of {sorted(PROGRAM_EQUIPMENT)}")
    credit = _text(label, entry, "credit")
    disclaimer = _text(label, entry, "disclaimer")
    if NOT_MEDICAL_ADVICE not in disclaimer or not NO_ENDORSEMENT.search(disclaimer):
        raise ValueError(
            f"{label}: the disclaimer must say it is not medical advice and who does not endorse Kinetic"
        )
    changes = entry["changes"]
    if not isinstance(changes, str) or (version > 1) != bool(changes.strip()):
        raise ValueError(f"{label}: changes must say what changed, for versions after 1 only")
    days = _parse_days(label, entry["days"])
    used = {planned.exercise_id for day in days for planned in day.exercises}
    main_lifts = _strings(label, entry, "main_lifts")
    if not set(main_lifts) <= used:
        raise ValueError(f"{label}: main_lifts {sorted(set(main_lifts) - used)} are on no day")
    for day in days:
        for planned in day.exercises:
            of_day = planned.rule.of_day
            if of_day is None:
                continue
            other = find_day_in(days, of_day)
            base = None if other is None else _by_exercise(other).get(planned.exercise_id)
            if other is None or other.key == day.key or base is None or base.rule.kind == "percent_of_day":
                raise ValueError(
                    f"{label}: day {day.key!r} takes a share of {of_day!r}, which must be another day "
                    f"with {planned.exercise_id} on a rule of its own (no chains, so no loops)"
                )
    return Program(
        program_id=program_id,
        version=version,
        name=_text(label, entry, "name"),
        summary=_text(label, entry, "summary"),
        credit=credit,
        disclaimer=disclaimer,
        changes=changes,
        level=cast(Level, level),
        days_per_week=_positive_int(label, entry, "days_per_week"),
        equipment=tuple(sorted(equipment)),
        weeks=_positive_int(label, entry, "weeks"),
        schedule=_text(label, entry, "schedule"),
        days=days,
        main_lifts=main_lifts,
        progression=_parse_progression(label, entry["progression"], used),
    )


def _parse_days(label: str, raw: Any) -> tuple[ProgramDay, ...]:
    # An empty list is a listing-only entry: a program described in words that people follow with
    # routines of their own (start_program's routine_ids), decision 0046.
    if not isinstance(raw, list):
        raise ValueError(f"{label}: days must be a list (empty for a listing-only entry)")
    days: list[ProgramDay] = []
    for position, day in enumerate(raw):
        if not isinstance(day, dict) or set(day) != {"key", "name", "exercises"}:
            raise ValueError(f"{label}: day {position} must have exactly key, name and exercises")
        day_label = f"{label} day {day.get('key')!r}"
        key, name = _text(day_label, day, "key"), _text(day_label, day, "name")
        if any(existing.key == key for existing in days):
            raise ValueError(f"{day_label}: the key is used by an earlier day")
        exercises = day["exercises"]
        if not isinstance(exercises, list) or not exercises:
            raise ValueError(f"{day_label}: exercises must be a non-empty list")
        days.append(ProgramDay(key, name, tuple(_parse_exercise(day_label, item) for item in exercises)))
    return tuple(days)


def _parse_exercise(label: str, raw: Any) -> PlannedExercise:
    if not isinstance(raw, dict):
        raise ValueError(f"{label}: each exercise must be a JSON object")
    label = f"{label} exercise {raw.get('exercise_id')!r}"
    if not {"exercise_id", "sets", "reps", "rule"} <= raw.keys() or not raw.keys() <= _EXERCISE_FIELDS:
        raise ValueError(
            f"{label}: needs exercise_id, sets, reps and rule; allowed: {sorted(_EXERCISE_FIELDS)}"
        )
    exercise_id = _text(label, raw, "exercise_id")
    if exercise_id not in catalog_by_id():
        raise ValueError(f"{label}: not a catalog exercise")
    sets = _positive_int(label, raw, "sets")
    reps, reps_top = _parse_reps(label, raw["reps"], sets)
    rule = _parse_rule(label, raw, sets)
    if rule.kind in ("increment", "percent_of_day") and len(set(reps)) != 1:
        raise ValueError(f"{label}: a {rule.kind} rule needs the same reps on every set")
    last_set_amrap = raw.get("last_set_amrap", False)
    if not isinstance(last_set_amrap, bool):
        raise ValueError(f"{label}: last_set_amrap must be true or false")
    return PlannedExercise(exercise_id, sets, reps, reps_top, last_set_amrap, rule)


def _parse_reps(label: str, raw: Any, sets: int) -> tuple[tuple[int | None, ...], int | None]:
    """``5``, ``"8-12"`` (a range), ``"AMRAP"`` or one count per set ``[5, 3, 1]``."""
    if raw == "AMRAP":
        return (None,) * sets, None
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0:
        return (raw,) * sets, None
    if isinstance(raw, str) and (found := _REP_RANGE.match(raw)):
        low, high = int(found[1]), int(found[2])
        if 0 < low < high:
            return (low,) * sets, high
    if isinstance(raw, list) and len(raw) == sets and all(isinstance(r, int) and r > 0 for r in raw):
        return tuple(raw), None
    raise ValueError(f"{label}: reps must be a count, 'low-high', 'AMRAP' or one count per set")


def _parse_rule(label: str, raw: Mapping[str, Any], sets: int) -> TargetRule:
    kind = raw["rule"]
    if kind not in RULE_KINDS:
        raise ValueError(f"{label}: rule must be one of {sorted(RULE_KINDS)}")
    allowed = {
        "increment": {"per_day"},
        "training_max_percent": {"percents"},
        "percent_of_day": {"of_day", "percent"},
        "rpe": {"rpe"},
        "bodyweight": set(),
    }[kind]
    given = raw.keys() & {"percents", "of_day", "percent", "rpe", "per_day"}
    required = allowed - {"per_day"}
    if not given <= allowed or not required <= given:
        raise ValueError(f"{label}: a {kind} rule takes {sorted(allowed)} (all but per_day required)")
    percents = raw.get("percents", [])
    if kind == "training_max_percent" and (
        len(percents) != sets or not all(_is_number(p) and 0 < p <= 110 for p in percents)
    ):
        raise ValueError(f"{label}: percents must give one percentage of the training max per set")
    percent, rpe = raw.get("percent"), raw.get("rpe")
    if percent is not None and not (_is_number(percent) and 0 < percent <= 100):
        raise ValueError(f"{label}: percent must be above 0 and at most 100")
    if rpe is not None and not (_is_number(rpe) and 5 <= rpe <= 10):
        raise ValueError(f"{label}: rpe must be from 5 to 10")
    per_day = raw.get("per_day", False)
    if not isinstance(per_day, bool):
        raise ValueError(f"{label}: per_day must be true or false")
    return TargetRule(
        kind=cast(RuleKind, kind),
        percents=tuple(float(p) for p in percents),
        of_day=raw.get("of_day"),
        percent=None if percent is None else float(percent),
        rpe=None if rpe is None else float(rpe),
        per_day=per_day,
    )


def _parse_progression(label: str, raw: Any, used: set[str]) -> Progression:
    if not isinstance(raw, dict):
        raise ValueError(f"{label}: progression must be a JSON object")
    _exact_fields(f"{label} progression", raw, _PROGRESSION_FIELDS)
    by_exercise = raw["increments_by_exercise_kg"]
    if not isinstance(by_exercise, dict) or not all(
        exercise_id in used and _is_number(kg) and kg >= 0 for exercise_id, kg in by_exercise.items()
    ):
        raise ValueError(f"{label}: increments_by_exercise_kg maps the program's exercises to kilograms ≥ 0")
    numbers = {
        field: raw[field]
        for field in ("upper_body_increment_kg", "lower_body_increment_kg", "deload_percent")
    }
    if not all(_is_number(value) and 0 <= value < 100 for value in numbers.values()):
        raise ValueError(f"{label}: increments and deload_percent must be numbers from 0 to under 100")
    return Progression(
        description=_text(label, raw, "description"),
        upper_body_increment_kg=float(numbers["upper_body_increment_kg"]),
        lower_body_increment_kg=float(numbers["lower_body_increment_kg"]),
        increments_by_exercise_kg=tuple(sorted((key, float(kg)) for key, kg in by_exercise.items())),
        deload_after_misses=_positive_int(label, raw, "deload_after_misses"),
        deload_percent=float(numbers["deload_percent"]),
    )


def _exact_fields(label: str, entry: Mapping[str, Any], fields: frozenset[str]) -> None:
    missing, unknown = sorted(fields - entry.keys()), sorted(entry.keys() - fields)
    if missing or unknown:
        raise ValueError(f"{label}: missing fields {missing}, unknown fields {unknown}")


def _text(label: str, entry: Mapping[str, Any], field: str) -> str:
    value = entry[field]
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{label}: {field} must be a non-empty string")
    return value


def _strings(label: str, entry: Mapping[str, Any], field: str) -> tuple[str, ...]:
    value = entry[field]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{label}: {field} must be a list of strings")
    return tuple(value)


def _positive_int(label: str, entry: Mapping[str, Any], field: str) -> int:
    value = entry[field]
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{label}: {field} must be a whole number of at least 1")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
