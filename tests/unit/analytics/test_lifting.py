"""Which sets count and the figures of one session, against hand-computed values."""

from __future__ import annotations

import pytest

from services.analytics.domain.lifting import SetFact, check_formula, load_for, one_rep_max, session_figures


def working(number: int, weight: float | None, reps: float | None, **extra: object) -> SetFact:
    fields: dict[str, object] = {"set_type": "N", "completed": True, "estimated": False} | extra
    return SetFact("p1", number, weight_kg=weight, reps=reps, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("weight", "reps", "formula", "expected"),
    [
        (100, 5, "epley", 116.6667),  # 100 x (1 + 5/30)
        (100, 5, "brzycki", 112.5),  # 100 x 36 / 32
        (80, 10, "epley", 106.6667),  # 80 x (1 + 10/30)
        (80, 10, "brzycki", 106.6667),  # 80 x 36 / 27: the formulas meet at 10 reps
        (140, 3, "epley", 154.0),  # 140 x 1.1
        (140, 3, "brzycki", 148.2353),  # 140 x 36 / 34
        (180, 1, "epley", 180.0),  # a single is its own max
        (180, 1, "brzycki", 180.0),
    ],
)
def test_one_rep_max_by_both_formulas(weight, reps, formula, expected):
    assert one_rep_max(weight, reps, formula) == pytest.approx(expected, abs=1e-4)
    assert load_for(expected, reps, formula) == pytest.approx(weight, abs=1e-3)


@pytest.mark.parametrize("reps", [0.5, 13, 40])
def test_no_one_rep_max_outside_one_to_twelve_reps(reps):
    assert one_rep_max(100, reps, "epley") is None
    assert one_rep_max(100, reps, "brzycki") is None


def test_formula_names():
    assert check_formula("") == "epley"
    assert check_formula("brzycki") == "brzycki"
    assert check_formula("Epley") is None


def test_session_figures_count_only_done_measured_working_sets():
    sets = [
        working(1, 60, 10, set_type="W"),  # warm-up: balance no, records no
        working(2, 100, 5),  # 500 volume, e1RM 116.67 / 112.5
        working(3, 100, 6, set_type="F"),  # 600 volume, e1RM 120 / 116.129
        working(4, 120, 2, estimated=True),  # estimated: balance yes, records no
        working(5, 90, None, set_type="D"),  # "AMRAP" (text reps): balance yes, records no
        working(6, 130, 1, completed=False),  # not done: nowhere
        working(7, 85, 8, set_type="D"),  # 680 volume, e1RM 107.67 / 105.5172
    ]
    figures = session_figures(sets)
    assert figures.record_sets == 3
    assert figures.balance_sets == 5  # sets 2, 3, 4, 5, 7
    assert figures.volume == pytest.approx(500 + 600 + 680)
    assert figures.top_set is not None and (figures.top_set.value, figures.top_set.reps) == (100, 6)
    assert figures.top_set.set_number == 3  # same load, more reps wins
    assert figures.e1rm_epley is not None and figures.e1rm_epley.set_number == 3
    assert figures.e1rm_epley.value == pytest.approx(120.0)  # 100 x (1 + 6/30)
    assert figures.e1rm_brzycki is not None
    assert figures.e1rm_brzycki.value == pytest.approx(116.1290, abs=1e-4)  # 100 x 36/31
    assert figures.best_set_volume is not None
    assert (figures.best_set_volume.value, figures.best_set_volume.set_number) == (680, 7)


def test_a_session_without_qualifying_sets_has_no_figures():
    figures = session_figures([working(1, 40, 12, set_type="W"), working(2, None, 10)])
    assert figures.top_set is None and figures.e1rm_epley is None and figures.volume is None
    assert (figures.record_sets, figures.balance_sets) == (0, 1)


def test_equal_sets_keep_the_lower_set_number():
    figures = session_figures([working(2, 100, 5), working(1, 100, 5)])
    assert figures.top_set is not None and figures.top_set.set_number == 1
    assert figures.best_set_volume is not None and figures.best_set_volume.set_number == 1
