"""The typo search's distance and scores, and the working load of a logged entry (decision 0108)."""

from __future__ import annotations

import pytest

from knowledge.training.programs.model import LoggedEntry, LoggedSet
from services.training.domain.catalog import load_catalog
from services.training.domain.search import edit_distance, rank, typo_rank


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("squat", "squat", 0),
        ("sqaut", "squat", 1),
        ("squt", "squat", 1),
        ("deadlfit", "deadlift", 1),
        ("bech", "bench", 1),
        ("curl", "squat", 4),
    ],
)
def test_edit_distance_counts_a_swap_as_one_edit(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, cap=3) == distance


def test_edit_distance_stops_past_its_cap() -> None:
    assert edit_distance("abcdefgh", "zyxwvuts", cap=2) == 3


def test_a_typo_finds_the_movement_and_short_words_must_be_as_written() -> None:
    catalog = load_catalog()
    squat = next(ex for ex in catalog if ex.exercise_id == "barbell-back-squat")
    assert rank("sqaut", squat) is None and typo_rank("sqaut", squat) is not None
    assert typo_rank("rwo", squat) is None  # three letters: no typo allowed
    best = max(catalog, key=lambda ex: typo_rank("sqaut", ex) or -1.0)
    assert "squat" in best.name.lower()
    assert all(typo_rank("zzzqqq", ex) is None for ex in catalog)


def _entry(*sets: tuple[int, float]) -> LoggedEntry:
    return LoggedEntry("barbell-back-squat", tuple(LoggedSet(reps, load) for reps, load in sets))


def test_a_heavier_single_after_the_written_sets_is_not_the_working_load() -> None:
    assert _entry(*[(5, 105.0)] * 5, (3, 120.0)).working_load_kg(5) == 105.0
    assert _entry(*[(5, 105.0)] * 5, *[(5, 110.0)] * 5).working_load_kg(5) == 110.0
    assert _entry((5, 100.0), (5, 102.5), (5, 105.0)).working_load_kg(5) == 105.0  # a ramp: the top
    assert _entry(*[(5, 100.0)] * 3, (1, 120.0)).working_load_kg(5) == 100.0  # short, at the load done most
    assert _entry((5, 0.0)).working_load_kg(1) == 0.0
    assert LoggedEntry("x", (LoggedSet(5, None),)).working_load_kg(5) is None
