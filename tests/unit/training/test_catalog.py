"""The shipped exercise catalog and the exercise validation rules."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from knowledge.training.catalog import CATALOG_PATH
from services.training.domain.catalog import load_catalog, parse_catalog
from services.training.domain.exercises import (
    EQUIPMENT,
    MUSCLES,
    TRACKING_MODES,
    Exercise,
    validate_exercise,
)
from services.training.domain.search import normalize

GOOD = Exercise(
    exercise_id="test-goblet-squat",
    name="Test Goblet Squat",
    aliases=("tgs",),
    primary_muscles=("quads",),
    secondary_muscles=("glutes",),
    equipment=("kettlebell",),
    tracking_modes=("sets",),
)


def test_catalog_loads_at_least_250_valid_exercises() -> None:
    catalog = load_catalog()
    assert len(catalog) >= 250
    for exercise in catalog:
        assert validate_exercise(exercise) == [], exercise.exercise_id
        assert not exercise.custom


def test_ids_and_names_are_unique() -> None:
    catalog = load_catalog()
    assert len({e.exercise_id for e in catalog}) == len(catalog)
    assert len({e.name.casefold() for e in catalog}) == len(catalog)
    # Spacing and punctuation do not tell names apart for people typing them either.
    assert len({normalize(e.name).replace(" ", "") for e in catalog}) == len(catalog)


def test_every_alias_belongs_to_one_exercise_and_is_no_other_name() -> None:
    owners: dict[str, str] = {normalize(e.name).replace(" ", ""): e.exercise_id for e in load_catalog()}
    for exercise in load_catalog():
        for alias in exercise.aliases:
            key = normalize(alias).replace(" ", "")
            assert key not in owners, f"{alias!r} of {exercise.exercise_id} clashes with {owners.get(key)}"
            owners[key] = exercise.exercise_id


def test_generic_words_are_not_aliases() -> None:
    aliases = {normalize(a) for e in load_catalog() for a in e.aliases}
    assert not aliases & {"press", "curl", "raise", "fly", "extension", "carry", "stretch"}


def test_load_catalog_returns_a_fresh_list() -> None:
    first = load_catalog()
    first.clear()
    assert load_catalog()


def test_catalog_ids_are_slugs_of_the_names() -> None:
    for exercise in load_catalog():
        assert exercise.exercise_id == normalize(exercise.name).replace(" ", "-")


def test_vocabulary_filters_are_meaningful() -> None:
    catalog = load_catalog()

    def with_equipment(item: str) -> int:
        return sum(item in e.equipment for e in catalog)

    def with_primary(muscle: str) -> int:
        return sum(muscle in e.primary_muscles for e in catalog)

    assert with_equipment("dumbbell") >= 10
    assert with_equipment("barbell") >= 10
    assert with_equipment("kettlebell") >= 5
    assert with_equipment("cable") >= 5
    assert with_equipment("machine") >= 5
    assert with_equipment("bodyweight") >= 10
    assert with_equipment("band") >= 5
    assert with_primary("hamstrings") >= 5
    assert with_primary("chest") >= 5
    assert with_primary("lats") >= 5
    assert with_primary("quads") >= 10
    assert with_primary("abs") >= 5
    used_muscles = {m for e in catalog for m in (*e.primary_muscles, *e.secondary_muscles)}
    used_equipment = {q for e in catalog for q in e.equipment}
    assert used_muscles == set(MUSCLES)
    assert used_equipment == set(EQUIPMENT)


def test_every_tracking_mode_is_used_and_conditioning_is_covered() -> None:
    catalog = load_catalog()
    by_id = {e.exercise_id: e for e in catalog}
    assert {m for e in catalog for m in e.tracking_modes} == set(TRACKING_MODES)
    assert by_id["plank"].tracking_modes[0] == "duration"
    assert {"distance", "calories", "intervals"} <= set(by_id["rowing-machine"].tracking_modes)
    assert "distance" in by_id["sled-push"].tracking_modes
    assert "checkOff" in by_id["worlds-greatest-stretch"].tracking_modes
    for movement in ("wall-ball", "thruster", "double-under", "toes-to-bar", "ring-muscle-up", "box-jump"):
        assert movement in by_id


def test_valid_exercise_has_no_problems() -> None:
    assert validate_exercise(GOOD) == []
    custom = replace(GOOD, exercise_id="custom-0f8fad5b-d9cb-469f-a165-70867728950e", custom=True)
    assert validate_exercise(custom) == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 121}, "name"),
        ({"name": " Padded "}, "name"),
        ({"exercise_id": ""}, "exercise_id"),
        ({"exercise_id": "Goblet Squat"}, "exercise_id"),
        ({"exercise_id": "custom-goblet"}, "exercise_id"),
        ({"exercise_id": "x" * 65}, "exercise_id"),
        ({"custom": True}, "exercise_id"),
        ({"aliases": tuple(f"alias {i}" for i in range(31))}, "aliases"),
        ({"aliases": ("a" * 61,)}, "aliases"),
        ({"aliases": ("",)}, "aliases"),
        ({"aliases": ("tgs", "TGS")}, "aliases"),
        ({"aliases": ("test goblet squat",)}, "aliases"),
        ({"primary_muscles": ()}, "primary_muscles"),
        ({"primary_muscles": ("quadriceps",)}, "primary_muscles"),
        ({"secondary_muscles": ("pecs",)}, "secondary_muscles"),
        ({"secondary_muscles": ("quads",)}, "secondary_muscles"),
        ({"equipment": ()}, "equipment"),
        ({"equipment": ("spaceship",)}, "equipment"),
        ({"equipment": ("kettlebell", "kettlebell")}, "equipment"),
        ({"tracking_modes": ()}, "tracking_modes"),
        ({"tracking_modes": ("reps",)}, "tracking_modes"),
    ],
)
def test_validate_exercise_reports_each_bad_field(change: dict[str, object], field: str) -> None:
    problems = validate_exercise(replace(GOOD, **change))  # type: ignore[arg-type]
    assert [f for f, _ in problems] == [field], problems


def test_a_bad_entry_is_named_in_the_error() -> None:
    entries = json.loads(CATALOG_PATH.read_text(encoding="utf-8"))[:3]
    entries[2] = {**entries[2], "equipment": ["hoverboard"]}
    with pytest.raises(ValueError, match=entries[2]["exercise_id"]):
        parse_catalog(entries)


def test_missing_fields_and_duplicates_are_refused() -> None:
    entries = json.loads(CATALOG_PATH.read_text(encoding="utf-8"))[:2]
    with pytest.raises(ValueError, match="missing fields"):
        parse_catalog([{k: v for k, v in entries[0].items() if k != "aliases"}])
    with pytest.raises(ValueError, match="must be a list of strings"):
        parse_catalog([{**entries[0], "aliases": "rdl"}])
    with pytest.raises(ValueError, match="exercise_id is used"):
        parse_catalog([entries[0], {**entries[1], "exercise_id": entries[0]["exercise_id"]}])
    with pytest.raises(ValueError, match="name"):
        parse_catalog([entries[0], {**entries[1], "name": entries[0]["name"].upper()}])
