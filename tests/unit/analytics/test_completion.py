"""The completion bands at and around their edges, judged at the answered precision (decision 0062,
Completion assessment)."""

from __future__ import annotations

from datetime import date

import pytest

from services.analytics.domain import completion
from services.analytics.domain.plan_loads import history_start


@pytest.mark.parametrize(
    ("activity_tss", "outcome", "ratio"),
    [
        (115.0, "on_target", 1.15),
        (115.49, "on_target", 1.15),  # 1.1549 is answered 1.15: judged as shown
        (115.5, "harder_than_planned", 1.16),
        (85.0, "on_target", 0.85),
        (84.49, "easier_than_planned", 0.84),
        (150.0, "harder_than_planned", 1.5),
        (49.0, "easier_than_planned", 0.49),
    ],
)
def test_bands(activity_tss, outcome, ratio):
    found = completion.compared(100.0, activity_tss)
    assert (found.outcome, found.tss_ratio) == (outcome, ratio)


def test_the_advice_grows_with_the_gap():
    assert "keep tomorrow easy" in completion.compared(100.0, 149.0).message
    assert "next two days easy" in completion.compared(100.0, 150.0).message
    assert "cut short" in completion.compared(100.0, 49.0).message
    assert "cut short" not in completion.compared(100.0, 50.0).message


def test_history_starts_on_the_monday_four_whole_weeks_before_the_first_week():
    assert history_start(date(2026, 3, 19)) == date(2026, 2, 16)  # a Thursday
    assert history_start(date(2026, 3, 16)) == date(2026, 2, 16)  # a Monday
    assert history_start(date(2026, 3, 22)) == date(2026, 2, 16)  # a Sunday


def test_history_starts_on_the_first_day_of_the_athlete_s_week_four_whole_weeks_before():
    """Sunday weeks: Thu 19 March is in the week of Sun 15 March, so the history starts on Sun 15
    February; Sun 22 March starts its own week, so Sun 22 February."""
    assert history_start(date(2026, 3, 19), 7) == date(2026, 2, 15)
    assert history_start(date(2026, 3, 22), 7) == date(2026, 2, 22)
    assert history_start(date(2026, 3, 21), 7) == date(2026, 2, 15)  # a Saturday, the week's last day
    assert history_start(date(2026, 3, 19), 4) == date(2026, 2, 19)  # Thursday weeks
    assert history_start(date(2026, 3, 19), 1) == history_start(date(2026, 3, 19))
