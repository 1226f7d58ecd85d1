"""Which catalog exercise an app's exercise name is: "Bench Press (Barbell)" is the barbell bench press.

Strong and Hevy name an exercise ``Name (Equipment)``; Kinetic's catalog puts the equipment in
front ("Barbell Bench Press") or leaves it out where it goes without saying ("Squat" is the
barbell back squat). So a few spellings of the name are tried with ``resolve_exercise``, which only
ever resolves an exact name, alias or remembered choice, never a near one. The rules and why:
docs/decisions/0047-workout-imports-and-exports.md ("Importing: exercise names").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from knowledge.training.catalog import CatalogExercise, catalog_by_id
from knowledge.training.exercise_names import resolve_exercise

_NAME_AND_EQUIPMENT: Final = re.compile(r"^(?P<name>.+?)\s*\((?P<equipment>[^()]+)\)\s*$")

# The apps' equipment words and the catalog equipment they mean. A name without its equipment
# ("Squat" of "Squat (Barbell)") is only taken when the exercise it resolves to uses one of these:
# "Squat (Bodyweight)" must not become the barbell back squat. A word missing here ("Assisted",
# "Weighted") describes a variation, not equipment, so such a name is never shortened.
EQUIPMENT: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "barbell": frozenset({"barbell", "ez_bar"}),  # the apps file EZ-bar lifts under "Barbell"
        "dumbbell": frozenset({"dumbbell"}),
        "cable": frozenset({"cable"}),
        "machine": frozenset({"machine", "smith_machine"}),
        "smith machine": frozenset({"smith_machine"}),
        "kettlebell": frozenset({"kettlebell"}),
        "band": frozenset({"band"}),
        "resistance band": frozenset({"band"}),
        "ez bar": frozenset({"ez_bar"}),
        "trap bar": frozenset({"trap_bar"}),
        "plate": frozenset({"plate"}),
        "bodyweight": frozenset({"bodyweight", "pull_up_bar", "dip_station", "rings", "parallettes"}),
    }
)


def split_equipment(app_name: str) -> tuple[str, str]:
    """``("Bench Press", "Barbell")`` from ``"Bench Press (Barbell)"``; ``(name, "")`` without one."""
    found = _NAME_AND_EQUIPMENT.match(app_name.strip())
    if found is None:
        return app_name.strip(), ""
    return found["name"], found["equipment"].strip()


def name_forms(app_name: str) -> Iterator[str]:
    """The spellings tried, in order: as written, then the equipment word before each word of the
    name ("Barbell Bench Press", "Bench Barbell Press", "Bench Press Barbell").

    Every position, because the catalog puts it where the English reads: "Incline Bench Press
    (Dumbbell)" is "Incline Dumbbell Bench Press".
    """
    yield app_name
    name, equipment = split_equipment(app_name)
    if not equipment:
        return
    words = name.split()
    for position in range(len(words) + 1):
        yield " ".join([*words[:position], equipment, *words[position:]])


def catalog_exercise_for(app_name: str, *, catalog: Sequence[CatalogExercise]) -> str | None:
    """The exercise ID ``app_name`` names, or None when no spelling resolves to exactly one.

    The spellings of ``name_forms`` first; then the name without its equipment, taken only when
    the exercise it resolves to uses that equipment (``EQUIPMENT``). What the account confirmed
    before for a name that resolves to none is the sessions service's to find (it looks the words
    of an entry without an exercise ID up among them).
    """
    for form in name_forms(app_name):
        resolution = resolve_exercise(form, catalog=catalog)
        if resolution.kind == "resolved":
            return resolution.exercise_id
    name, equipment = split_equipment(app_name)
    fits = EQUIPMENT.get(" ".join(equipment.casefold().split()))
    if not fits:
        return None
    resolution = resolve_exercise(name, catalog=catalog)
    if resolution.kind != "resolved" or resolution.exercise_id is None:
        return None
    exercise = catalog_by_id().get(resolution.exercise_id)
    if exercise is None or not fits & set(exercise.equipment):
        return None
    return resolution.exercise_id
