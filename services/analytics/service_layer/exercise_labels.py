"""What every analytics answer calls an exercise: its name and the catalog exercise it is.

A gym exercise (an ObjectId) is named as it was last logged, which the sessions service records
with each performance; a Training catalog exercise, and a gym exercise logged before names were
recorded, by the catalog's name (decision 0037). Custom exercises known by neither stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from services.analytics.adapters.catalog import MuscleCatalog


@dataclass(frozen=True)
class ExerciseLabel:
    """An exercise's name and its Training catalog ID ("" when unknown)."""

    name: str
    catalog_exercise_id: str


class ExerciseLabels:
    """Labels for one account's exercises, from its logged names and the static catalog."""

    def __init__(self, catalog: MuscleCatalog, logged: Mapping[str, tuple[str, str]]) -> None:
        self._catalog = catalog
        self._logged = logged  # exercise ID -> (name as last logged, catalog ID it maps to)

    def __call__(self, exercise_id: str) -> ExerciseLabel:
        name, catalog_id = self._logged.get(exercise_id, ("", ""))
        if not catalog_id and self._catalog.get(exercise_id) is not None:
            catalog_id = exercise_id
        return ExerciseLabel(name or self._catalog.name(catalog_id), catalog_id)
