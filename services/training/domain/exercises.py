"""Exercises and the fixed vocabularies that describe them.

Muscles, equipment and tracking modes are closed vocabularies so that filters are exact matches and
every profile can map them to its own contract without guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from knowledge.training import rules

# The contract's six modes, defined once in the shared rule table.
TRACKING_MODES: tuple[str, ...] = tuple(rules.TRACKING_MODES)

MUSCLES: tuple[str, ...] = (
    "chest",
    "front_delts",
    "side_delts",
    "rear_delts",
    "rotator_cuff",
    "triceps",
    "biceps",
    "forearms",
    "lats",
    "upper_back",
    "traps",
    "lower_back",
    "abs",
    "obliques",
    "glutes",
    "quads",
    "hamstrings",
    "adductors",
    "abductors",
    "calves",
    "hip_flexors",
    "neck",
    "full_body",
    "cardio",
)

EQUIPMENT: tuple[str, ...] = (
    "bodyweight",
    "barbell",
    "dumbbell",
    "kettlebell",
    "ez_bar",
    "trap_bar",
    "plate",
    "landmine",
    "cable",
    "machine",
    "smith_machine",
    "bench",
    "box",
    "pull_up_bar",
    "dip_station",
    "rings",
    "parallettes",
    "suspension_trainer",
    "band",
    "medicine_ball",
    "slam_ball",
    "sandbag",
    "sled",
    "ghd",
    "ab_wheel",
    "stability_ball",
    "foam_roller",
    "jump_rope",
    "battle_rope",
    "climbing_rope",
    "weight_vest",
    "rower",
    "bike",
    "ski_erg",
    "treadmill",
    "pool",
)

MAX_NAME_CHARS = 120
MAX_ALIASES = 30
MAX_ALIAS_CHARS = 60
MAX_ID_CHARS = 64
CUSTOM_PREFIX = "custom-"

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_CUSTOM_ID = re.compile(r"custom-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@dataclass(frozen=True)
class Exercise:
    """One movement a workout can reference, from the shared catalog or an account's custom list."""

    exercise_id: str  # catalog: lowercase slug like "barbell-back-squat"; custom: "custom-<uuid>"
    name: str
    aliases: tuple[str, ...]  # other names + shorthand people type
    primary_muscles: tuple[str, ...]
    secondary_muscles: tuple[str, ...]
    equipment: tuple[str, ...]
    tracking_modes: tuple[str, ...]  # subset of TRACKING_MODES, first = usual one
    custom: bool = False


def validate_exercise(ex: Exercise) -> list[tuple[str, str]]:
    """Every problem with ``ex`` as ``(field, problem)`` pairs; an empty list means it is valid."""
    problems: list[tuple[str, str]] = []
    problems += _id_problems(ex)
    problems += _name_problems(ex.name)
    problems += _alias_problems(ex.name, ex.aliases)
    problems += _vocabulary_problems("primary_muscles", ex.primary_muscles, MUSCLES, required=True)
    problems += _vocabulary_problems("secondary_muscles", ex.secondary_muscles, MUSCLES, required=False)
    overlap = sorted(set(ex.primary_muscles) & set(ex.secondary_muscles))
    if overlap:
        problems.append(("secondary_muscles", f"also listed as primary: {', '.join(overlap)}"))
    problems += _vocabulary_problems("equipment", ex.equipment, EQUIPMENT, required=True)
    problems += _vocabulary_problems("tracking_modes", ex.tracking_modes, TRACKING_MODES, required=True)
    return problems


def _id_problems(ex: Exercise) -> list[tuple[str, str]]:
    if not isinstance(ex.exercise_id, str) or not ex.exercise_id:
        return [("exercise_id", "is required")]
    if len(ex.exercise_id) > MAX_ID_CHARS:
        return [("exercise_id", f"is longer than {MAX_ID_CHARS} characters")]
    if ex.custom:
        if not _CUSTOM_ID.fullmatch(ex.exercise_id):
            return [("exercise_id", "a custom exercise ID must be 'custom-' followed by a lowercase UUID")]
        return []
    if ex.exercise_id.startswith(CUSTOM_PREFIX):
        # The prefix is how readers tell an account's own exercise from a shared one.
        return [("exercise_id", "only custom exercises may start with 'custom-'")]
    if not _SLUG.fullmatch(ex.exercise_id):
        return [("exercise_id", "must be a lowercase slug of letters, digits and single hyphens")]
    return []


def _name_problems(name: str) -> list[tuple[str, str]]:
    if not isinstance(name, str) or not name.strip():
        return [("name", "is required")]
    if len(name) > MAX_NAME_CHARS:
        return [("name", f"is {len(name)} characters; use at most {MAX_NAME_CHARS}")]
    if name != name.strip():
        return [("name", "has leading or trailing spaces")]
    return []


def _alias_problems(name: str, aliases: tuple[str, ...]) -> list[tuple[str, str]]:
    if not isinstance(aliases, tuple):
        return [("aliases", "must be a tuple of strings")]
    problems: list[tuple[str, str]] = []
    if len(aliases) > MAX_ALIASES:
        problems.append(("aliases", f"has {len(aliases)} entries; use at most {MAX_ALIASES}"))
    seen: set[str] = {name.casefold()} if isinstance(name, str) else set()
    for alias in aliases:
        if not isinstance(alias, str) or not alias.strip():
            problems.append(("aliases", "contains an empty alias"))
        elif len(alias) > MAX_ALIAS_CHARS:
            problems.append(
                ("aliases", f"alias {alias[:20]!r}... is longer than {MAX_ALIAS_CHARS} characters")
            )
        elif alias.casefold() in seen:
            problems.append(("aliases", f"alias {alias!r} repeats the name or another alias"))
        else:
            seen.add(alias.casefold())
    return problems


def _vocabulary_problems(
    field: str, values: tuple[str, ...], vocabulary: tuple[str, ...], *, required: bool
) -> list[tuple[str, str]]:
    if not isinstance(values, tuple):
        return [(field, "must be a tuple of strings")]
    problems: list[tuple[str, str]] = []
    if required and not values:
        problems.append((field, "needs at least one value"))
    unknown = [v for v in values if v not in vocabulary]
    if unknown:
        problems.append((field, f"unknown value(s) {', '.join(map(repr, unknown))}"))
    if len(set(values)) != len(values):
        problems.append((field, "lists a value more than once"))
    return problems
