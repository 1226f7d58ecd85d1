"""The words a person used for an exercise, resolved to the catalog or their own exercises.

Against the real shipped catalog: the everyday words must resolve there, and the catalog must not
hold two exercises that only an open, hyphenated or plural spelling tells apart. Rules:
docs/decisions/0045-log-text-parsing.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from knowledge.training.catalog import catalog_by_id, load_catalog
from knowledge.training.exercise_names import (
    MAX_CANDIDATES,
    Candidate,
    Resolution,
    normalize_words,
    resolve_exercise,
)

CATALOG = load_catalog()


def resolve(
    words: str, *, custom: Sequence[tuple[str, str]] = (), remembered: Mapping[str, str] | None = None
) -> Resolution:
    return resolve_exercise(words, catalog=CATALOG, custom=custom, remembered=remembered or {})


@pytest.mark.parametrize(
    ("words", "exercise_id"),
    [
        ("squat", "barbell-back-squat"),
        ("bench", "barbell-bench-press"),
        ("Bench Press", "barbell-bench-press"),
        ("dips", "parallel-bar-dip"),
        ("dip", "parallel-bar-dip"),
        ("pull-ups", "pull-up"),
        ("pull ups", "pull-up"),
        ("Pullups", "pull-up"),
        ("chin-ups", "chin-up"),
        ("plank", "plank"),
        ("deadlift", "barbell-deadlift"),
        ("ohp", "overhead-press"),
        ("rdl", "romanian-deadlift"),
        ("weighted pull ups", "weighted-pull-up"),
        ("hammer curls", "hammer-curl"),
        ("cable flyes", "cable-fly"),
        ("skull crushers", "skull-crusher"),
        ("kb clean and press", "kettlebell-clean-and-press"),
        ("erg", "rowing-machine"),
        ("run", "run"),
    ],
)
def test_a_name_or_alias_of_one_exercise_resolves(words: str, exercise_id: str) -> None:
    assert resolve(words) == Resolution("resolved", exercise_id, ())


@pytest.mark.parametrize("words", ["press", "curl", "fly", "row", "bike", "db press"])
def test_words_several_exercises_share_are_ambiguous_with_candidates(words: str) -> None:
    resolution = resolve(words)
    assert resolution.kind == "ambiguous"
    assert resolution.exercise_id is None
    assert 2 <= len(resolution.candidates) <= MAX_CANDIDATES
    assert len({candidate.exercise_id for candidate in resolution.candidates}) == len(resolution.candidates)
    for candidate in resolution.candidates:
        assert candidate.name == catalog_by_id()[candidate.exercise_id].name


def test_row_offers_both_a_barbell_row_and_the_rowing_machine() -> None:
    """ "row" alone is a barbell row to a lifter and the erg to a rower: the person is asked."""
    offered = [candidate.exercise_id for candidate in resolve("row").candidates]
    assert offered[:2] == ["barbell-bent-over-row", "rowing-machine"]


def test_ambiguous_candidates_put_the_closest_name_first() -> None:
    offered = [candidate.exercise_id for candidate in resolve("db press").candidates]
    assert offered[0] == "dumbbell-bench-press"  # "flat db press": two words of three
    assert "dumbbell-shoulder-press" in offered


def test_words_no_exercise_has_are_unknown_with_near_candidates() -> None:
    leg_day = resolve("leg day")
    assert leg_day.kind == "unknown"
    assert leg_day.exercise_id is None
    assert leg_day.candidates
    assert all("leg" in normalize_words(candidate.name) for candidate in leg_day.candidates)


def test_words_only_one_exercise_contains_are_offered_not_guessed() -> None:
    assert resolve("hack") == Resolution("unknown", None, (Candidate("hack-squat", "Hack Squat"),))


@pytest.mark.parametrize("words", ["zumba", "", "  ", "!!"])
def test_words_sharing_nothing_are_unknown_without_candidates(words: str) -> None:
    assert resolve(words) == Resolution("unknown", None, ())


def test_what_the_person_chose_before_wins_over_every_match() -> None:
    remembered = {normalize_words("row"): "rowing-machine", normalize_words("squat"): "front-squat"}
    assert resolve("rows", remembered=remembered) == Resolution("resolved", "rowing-machine", ())
    assert resolve("Squat", remembered=remembered) == Resolution("resolved", "front-squat", ())


def test_a_remembered_exercise_that_no_longer_exists_is_ignored() -> None:
    remembered = {normalize_words("squat"): "deleted-exercise"}
    assert resolve("squat", remembered=remembered) == Resolution("resolved", "barbell-back-squat", ())


def test_the_accounts_own_exercise_resolves_and_can_be_remembered() -> None:
    custom = [("own-1", "Zercher Carry Complex")]
    assert resolve("zercher carry complexes", custom=custom) == Resolution("resolved", "own-1", ())
    remembered = {normalize_words("complex"): "own-1"}
    assert resolve("complex", custom=custom, remembered=remembered) == Resolution("resolved", "own-1", ())


def test_the_accounts_own_name_wins_over_a_catalog_alias() -> None:
    custom = [("own-squat", "Squat")]
    assert resolve("squat", custom=custom) == Resolution("resolved", "own-squat", ())


def test_two_own_exercises_spelled_alike_are_ambiguous() -> None:
    custom = [("own-1", "Sled Sprint"), ("own-2", "sled sprints")]
    assert resolve("sled-sprint", custom=custom) == Resolution(
        "ambiguous", None, (Candidate("own-1", "Sled Sprint"), Candidate("own-2", "sled sprints"))
    )


def test_own_exercises_are_candidates_too() -> None:
    custom = [("own-1", "Banded Row Burnout")]
    offered = [candidate.exercise_id for candidate in resolve("row", custom=custom).candidates]
    assert "own-1" in offered


@pytest.mark.parametrize(
    "spellings",
    [
        ("pull-ups", "pull up", "pullups", "Pull Ups", "PULL-UP"),
        ("flyes", "fly", "flies"),
        ("farmer's walk", "farmers walk", "Farmer\u2019s Walk"),
        ("bench presses", "bench press", "bench-press"),
        ("crunches", "crunch"),
    ],
)
def test_spellings_of_one_name_share_one_key(spellings: tuple[str, ...]) -> None:
    assert len({normalize_words(spelling) for spelling in spellings}) == 1


def test_different_names_keep_different_keys() -> None:
    assert normalize_words("press") != normalize_words("pres")
    assert normalize_words("leg curl") != normalize_words("leg press")


def test_no_two_catalog_exercises_share_a_normalized_name_or_alias() -> None:
    """Folding spaces, hyphens and plurals must never merge two exercises, or resolving would guess."""
    owners: dict[str, set[str]] = {}
    for exercise in CATALOG:
        for label in (exercise.name, *exercise.aliases):
            owners.setdefault(normalize_words(label), set()).add(exercise.exercise_id)
    shared = {key: ids for key, ids in owners.items() if len(ids) > 1}
    assert shared == {}
