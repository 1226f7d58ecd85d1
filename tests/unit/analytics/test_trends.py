"""Trend fitting and the next load and rep rule, against hand-computed values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from services.analytics.domain.trends import SessionE1rm, deload_load, suggest, trend

START = datetime(2026, 3, 2, 18, tzinfo=UTC)


def series(values: list[tuple[float, float, float]], every_days: int = 7) -> list[SessionE1rm]:
    """(e1RM, load, reps) per session, one session every ``every_days`` days."""
    out = []
    for index, (e1rm, weight, reps) in enumerate(values):
        moment = START + timedelta(days=every_days * index)
        out.append(SessionE1rm(moment, moment.date().isoformat(), e1rm, weight, reps))
    return out


def test_a_trend_needs_two_sessions_and_reports_slope_and_its_error():
    assert trend(series([(100, 90, 3)])) is None
    two = trend(series([(100, 90, 3), (102, 92, 3)]))
    assert two is not None and two.slope_kg_per_week == pytest.approx(2.0)
    assert two.slope_standard_error_kg_per_week is None and two.direction == "rising"
    # e1RM 100, 103, 104 at days 0, 7, 14: slope 2/7 per day = 2 kg/week; residuals -1/3, 2/3, -1/3
    # so s = sqrt((1/9 + 4/9 + 1/9) / 1) = 0.8165; SE(slope) = s / sqrt(98) per day = 0.5774 kg/week.
    three = trend(series([(100, 90, 3), (103, 92, 3), (104, 93, 3)]))
    assert three is not None
    assert three.slope_kg_per_week == pytest.approx(2.0)
    assert three.slope_standard_error_kg_per_week == pytest.approx(0.57735, abs=1e-4)
    assert (three.first_e1rm_kg, three.last_e1rm_kg, three.sample_size) == (100, 104, 3)
    assert (three.from_day, three.to_day, three.direction) == ("2026-03-02", "2026-03-16", "rising")


def test_rising_trend_suggests_the_load_for_the_predicted_max_at_the_same_reps():
    # Epley, 5 reps: loads 100, 102.5, 105 -> e1RM 116.667, 119.583, 122.5 (exactly linear).
    points = series([(w * (1 + 5 / 30), w, 5) for w in (100, 102.5, 105)])
    suggestion = suggest(points, "epley")
    assert suggestion is not None and suggestion.kind == "increase_load"
    # Next session in 7 days: predicted 125.417 -> 125.417 / (1 + 5/30) = 107.5 kg for 5 reps.
    assert suggestion.predicted_e1rm_kg == pytest.approx(125.4167, abs=1e-3)
    assert (suggestion.load_kg, suggestion.reps) == (107.5, 5)
    assert suggestion.uncertainty_kg == pytest.approx(0.0, abs=1e-3)  # a perfect line


def test_the_step_up_is_capped_at_five_percent():
    points = series([(100, 85.7, 5), (120, 102.9, 5), (140, 120, 5)])
    suggestion = suggest(points, "epley")
    assert suggestion is not None and suggestion.load_kg == 125.0  # 120 x 1.05 = 126 -> 125


def test_flat_trend_adds_a_rep_and_falling_holds():
    flat = suggest(series([(110, 90, 6), (111, 90, 6.5), (110, 90, 6)]), "epley")
    assert flat is not None and (flat.kind, flat.load_kg, flat.reps) == ("add_rep", 90, 7)
    assert flat.uncertainty_kg > 0
    falling = series([(120, 100, 6), (117, 97.5, 6), (114, 95, 6), (111, 92.5, 6)])
    held = suggest(falling, "brzycki")
    assert held is not None and (held.kind, held.load_kg, held.reps) == ("hold", 92.5, 6)
    figures = trend(falling)
    assert figures is not None and figures.direction == "falling"
    assert deload_load(falling, figures) == 82.5  # 92.5 x 0.9 = 83.25 -> 82.5
    assert suggest(series([(100, 90, 3), (103, 92, 3)]), "epley") is None  # under three sessions
