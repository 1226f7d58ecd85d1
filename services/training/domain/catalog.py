"""The shared exercise catalog shipped with the training service as ``catalog.json``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from services.training.domain.exercises import Exercise, validate_exercise

CATALOG_PATH = Path(__file__).with_name("catalog.json")

_LIST_FIELDS = ("aliases", "primary_muscles", "secondary_muscles", "equipment", "tracking_modes")
_FIELDS = frozenset({"exercise_id", "name", *_LIST_FIELDS})


def load_catalog() -> list[Exercise]:
    """Every catalog exercise, in file order; raises ``ValueError`` naming the first bad entry."""
    return list(_load(CATALOG_PATH))


def parse_catalog(entries: Any) -> tuple[Exercise, ...]:
    """Exercises from decoded catalog JSON: a list of objects, each checked with ``validate_exercise``.

    IDs and names (ignoring case) must be unique, because workouts and people refer to them.
    """
    if not isinstance(entries, list):
        raise ValueError("the exercise catalog must be a JSON list of objects")
    exercises: list[Exercise] = []
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for index, entry in enumerate(entries):
        exercise = _parse_entry(index, entry)
        label = f"catalog entry {index} ({exercise.exercise_id!r})"
        problems = validate_exercise(exercise)
        if problems:
            raise ValueError(f"{label}: " + "; ".join(f"{field} {problem}" for field, problem in problems))
        if exercise.exercise_id in seen_ids:
            raise ValueError(f"{label}: exercise_id is used by an earlier entry")
        if exercise.name.casefold() in seen_names:
            raise ValueError(f"{label}: name {exercise.name!r} is used by an earlier entry")
        seen_ids.add(exercise.exercise_id)
        seen_names.add(exercise.name.casefold())
        exercises.append(exercise)
    return tuple(exercises)


@cache
def _load(path: Path) -> tuple[Exercise, ...]:
    # Read once per process: the file ships with the code and cannot change while it runs.
    return parse_catalog(json.loads(path.read_text(encoding="utf-8")))


def _parse_entry(index: int, entry: Any) -> Exercise:
    if not isinstance(entry, dict):
        raise ValueError(f"catalog entry {index}: must be a JSON object")
    label = f"catalog entry {index} ({entry.get('exercise_id')!r})"
    missing = sorted(_FIELDS - entry.keys())
    unknown = sorted(entry.keys() - _FIELDS)
    if missing or unknown:
        raise ValueError(f"{label}: missing fields {missing}, unknown fields {unknown}")
    for field in ("exercise_id", "name"):
        if not isinstance(entry[field], str):
            raise ValueError(f"{label}: {field} must be a string")
    lists: dict[str, tuple[str, ...]] = {}
    for field in _LIST_FIELDS:
        value = entry[field]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ValueError(f"{label}: {field} must be a list of strings")
        lists[field] = tuple(value)
    return Exercise(
        exercise_id=entry["exercise_id"],
        name=entry["name"],
        aliases=lists["aliases"],
        primary_muscles=lists["primary_muscles"],
        secondary_muscles=lists["secondary_muscles"],
        equipment=lists["equipment"],
        tracking_modes=lists["tracking_modes"],
    )
