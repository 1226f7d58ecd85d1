"""The Training exercise catalog's names and muscles, read as static data.

The catalog ships as ``services/training/domain/catalog.json`` in the same image and cannot change
while a process runs, so analytics reads the file once instead of asking training over gRPC on every
balance (decision 0021). Only the fields analytics needs are kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

CATALOG_PATH = Path(__file__).resolve().parents[2] / "training" / "domain" / "catalog.json"


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
    def load(cls, path: Path = CATALOG_PATH) -> MuscleCatalog:
        """Read the catalog file; fails fast naming the file when it is missing or malformed."""
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                {
                    str(e["exercise_id"]): ExerciseMuscles(
                        str(e["name"]), tuple(e["primary_muscles"]), tuple(e["secondary_muscles"])
                    )
                    for e in entries
                }
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise RuntimeError(f"cannot read the exercise catalog {path}: {error}") from error

    def get(self, exercise_id: str) -> ExerciseMuscles | None:
        """The exercise's muscles, None when it is not a catalog exercise."""
        return self._exercises.get(exercise_id)

    def name(self, exercise_id: str) -> str:
        """The catalog name, "" when unknown."""
        found = self._exercises.get(exercise_id)
        return found.name if found else ""
