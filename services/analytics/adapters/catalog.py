"""The Training exercise catalog's names and muscles, read as static data.

The catalog ships with every image in the training knowledge package
(``knowledge.training.catalog``, docs/decisions/0026-training-knowledge-package.md) and
cannot change while a process runs, so analytics reads it once instead of asking training over gRPC
on every balance (decision 0021). Only the fields analytics needs are kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from knowledge.training.catalog import load_catalog


@dataclass(frozen=True)
class ExerciseMuscles:
    """One catalog exercise's name and the muscles it trains."""

    name: str
    primary: tuple[str, ...]
    secondary: tuple[str, ...]


class MuscleCatalog:
    """Exercise ID to name and muscles; IDs not in the catalog (gym ObjectIds) are unknown."""

    def __init__(self, exercises: dict[str, ExerciseMuscles]) -> None:
        self._exercises = exercises

    @classmethod
    def load(cls) -> MuscleCatalog:
        """The shipped catalog; fails fast (``ValueError`` naming the entry) when it is malformed."""
        return cls(
            {
                exercise.exercise_id: ExerciseMuscles(
                    exercise.name, exercise.primary_muscles, exercise.secondary_muscles
                )
                for exercise in load_catalog()
            }
        )

    def get(self, exercise_id: str) -> ExerciseMuscles | None:
        """The exercise's muscles, None when it is not a catalog exercise."""
        return self._exercises.get(exercise_id)

    def name(self, exercise_id: str) -> str:
        """The catalog name, "" when unknown."""
        found = self._exercises.get(exercise_id)
        return found.name if found else ""
