"""The shared exercise catalog (``catalog.json`` beside this module), read once per process.

The loader checks the file's shape (fields, types, unique IDs and names) so every reader gets
well-formed records. Whether muscles, equipment and tracking modes come from training's vocabularies
is the training service's rule: it checks each entry again when it seeds the catalog.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

CATALOG_PATH: Final = Path(__file__).with_name("catalog.json")

_LIST_FIELDS: Final = ("aliases", "primary_muscles", "secondary_muscles", "equipment", "tracking_modes")
_FIELDS: Final = frozenset({"exercise_id", "name", *_LIST_FIELDS})


@dataclass(frozen=True)
class CatalogExercise:
    """One exercise of the shared catalog as the file states it."""

    exercise_id: str  # a lowercase slug such as "barbell-back-squat"
    name: str
    aliases: tuple[str, ...]
    primary_muscles: tuple[str, ...]
    secondary_muscles: tuple[str, ...]
    equipment: tuple[str, ...]
    tracking_modes: tuple[str, ...]  # the first one is the usual one


@cache
def load_catalog() -> tuple[CatalogExercise, ...]:
    """Every catalog exercise in file order; raises ``ValueError`` naming the first bad entry.

    Cached: the file ships with the code, so one read per process is enough.
    """
    return parse_catalog_entries(json.loads(CATALOG_PATH.read_text(encoding="utf-8")))


@cache
def catalog_by_id() -> Mapping[str, CatalogExercise]:
    """The catalog exercises by ``exercise_id``, read-only because every caller shares it."""
    return MappingProxyType({exercise.exercise_id: exercise for exercise in load_catalog()})


def parse_catalog_entries(entries: Any) -> tuple[CatalogExercise, ...]:
    """Exercises from decoded catalog JSON: a list of objects with exactly the catalog's fields.

    IDs and names (ignoring case) must be unique, because workouts and people refer to them.
    """
    if not isinstance(entries, list):
        raise ValueError("the exercise catalog must be a JSON list of objects")
    exercises: list[CatalogExercise] = []
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for index, entry in enumerate(entries):
        exercise = _parse_entry(index, entry)
        label = f"catalog entry {index} ({exercise.exercise_id!r})"
        if exercise.exercise_id in seen_ids:
            raise ValueError(f"{label}: exercise_id is used by an earlier entry")
        if exercise.name.casefold() in seen_names:
            raise ValueError(f"{label}: name {exercise.name!r} is used by an earlier entry")
        seen_ids.add(exercise.exercise_id)
        seen_names.add(exercise.name.casefold())
        exercises.append(exercise)
    return tuple(exercises)


def _parse_entry(index: int, entry: Any) -> CatalogExercise:
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
    return CatalogExercise(
        exercise_id=entry["exercise_id"],
        name=entry["name"],
        aliases=lists["aliases"],
        primary_muscles=lists["primary_muscles"],
        secondary_muscles=lists["secondary_muscles"],
        equipment=lists["equipment"],
        tracking_modes=lists["tracking_modes"],
    )
