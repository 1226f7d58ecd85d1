"""The shared exercise catalog as training's ``Exercise`` records, each checked by training's rules.

The catalog itself ships in the training knowledge package (``knowledge.training.catalog``,
docs/decisions/0026-training-knowledge-package.md), which checks its shape; training, which owns
the vocabularies of muscles, equipment and tracking modes, also checks every entry against them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from knowledge.training import catalog as shipped
from services.training.domain.exercises import Exercise, validate_exercise


def load_catalog() -> list[Exercise]:
    """Every catalog exercise, in file order; raises ``ValueError`` naming the first bad entry."""
    return list(_validated_shipped_catalog())


def parse_catalog(entries: Any) -> tuple[Exercise, ...]:
    """Exercises from decoded catalog JSON, with the shape checks of the knowledge package
    (unique IDs and names) and ``validate_exercise`` on every entry."""
    return _validated(shipped.parse_catalog_entries(entries))


@cache
def _validated_shipped_catalog() -> tuple[Exercise, ...]:
    # Checked once per process: the file ships with the code and cannot change while it runs.
    return _validated(shipped.load_catalog())


def _validated(entries: Iterable[shipped.CatalogExercise]) -> tuple[Exercise, ...]:
    exercises: list[Exercise] = []
    for index, entry in enumerate(entries):
        exercise = Exercise(
            exercise_id=entry.exercise_id,
            name=entry.name,
            aliases=entry.aliases,
            primary_muscles=entry.primary_muscles,
            secondary_muscles=entry.secondary_muscles,
            equipment=entry.equipment,
            tracking_modes=entry.tracking_modes,
        )
        problems = validate_exercise(exercise)
        if problems:
            raise ValueError(
                f"catalog entry {index} ({exercise.exercise_id!r}): "
                + "; ".join(f"{field} {problem}" for field, problem in problems)
            )
        exercises.append(exercise)
    return tuple(exercises)
