"""Trend fitting and the next load and rep rule, against hand-computed values; the minimum data a
trend needs (decision 0037)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from services.analytics.domain.trends import (
    MIN_TREND_SESSIONS,
    MIN_TREND_SPAN_DAYS,
    SessionE1rm,
    deload_load,
    suggest,
    trend,
)

START = datetime(2026, 3, 2, 18, tzinfo=UTC)


def series(
    values: list[tuple[float, float, float]], every: timedelta = timedelta(days=7)
) -> list[SessionE1rm]:
    """(e1RM, load, reps) per session, one session every ``every``."""
    out = []
    for index, (e1rm, weight, reps) in enumerate(values):
        moment = START + every * index
        out.append(SessionE1rm(moment, moment.date().isoformat(), e1rm, weight, reps))
    return out


def test_the_minimums_are_four_sessions_over_two_weeks():
    assert (MIN_TREND_SESSIONS, MIN_TREND_SPAN_DAYS) == (4, 14)


def test_two_sessions_a_minute_apart_are_not_a_trend_nor_a_suggestion():
    # The reported case: 100 then 104 kg a minute apart read as a slope of tens of thousands of kg/week.
    close = series([(100, 90, 3), (104, 93, 3)], every=timedelta(minutes=1))
    assert trend(close) is None and suggest(close, "epley") is None


def test_too_few_sessions_or_too_short_a_span_is_not_a_trend():
    assert trend(series([(100, 90, 3)])) is None
    assert trend(series([(100, 90, 3), (102, 92, 3), (104, 93, 3)])) is None, "three sessions over 14 days"
    many_close = series([(100 + n, 90, 3) for n in range(10)], every=timedelta(hours=1))
    assert trend(many_close) is None and suggest(many_close, "epley") is None, "ten sessions in 9 hours"
    four_in_12_days = series([(100, 90, 3), (101, 90, 3), (103, 92, 3), (104, 93, 3)], timedelta(days=4))
    assert trend(four_in_12_days) is None
    four_in_15_days = series([(100, 90, 3), (101, 90, 3), (103, 92, 3), (104, 93, 3)], timedelta(days=5))
    assert trend(four_in_15_days) is not None


def test_a_trend_reports_slope_and_its_standard_error():
    # e1RM 100, 103, 104, 107 at days 0, 7, 14, 21: Sxx = 245, Sxy = 77, slope 77/245 per day =
    # 2.2 kg/week; fitted 100.2, 102.4, 104.6, 106.8, residuals -0.2, 0.6, -0.6, 0.2, so
    # s = sqrt(0.8 / 2) = 0.63246 and SE(slope) = s / sqrt(245) per day = 0.28284 kg/week.
    four = trend(series([(100, 90, 3), (103, 92, 3), (104, 93, 3), (107, 95, 3)]))
    assert four is not None
    assert four.slope_kg_per_week == pytest.approx(2.2)
    assert four.slope_standard_error_kg_per_week == pytest.approx(0.28284, abs=1e-4)
    assert (four.first_e1rm_kg, four.last_e1rm_kg, four.sample_size) == (100, 107, 4)
    assert (four.from_day, four.to_day, four.direction) == ("2026-03-02", "2026-03-23", "rising")


def test_rising_trend_suggests_the_load_for_the_predicted_max_at_the_same_reps():
    # Epley, 5 reps: loads 100, 102.5, 105, 107.5 -> e1RM exactly linear, 2.9167 kg a week.
    points = series([(w * (1 + 5 / 30), w, 5) for w in (100, 102.5, 105, 107.5)])
    suggestion = suggest(points, "epley")
    assert suggestion is not None and suggestion.kind == "increase_load"
    # Next session in 7 days: predicted 110 x (1 + 5/30) = 128.333 -> 110 kg for 5 reps.
    assert suggestion.predicted_e1rm_kg == pytest.approx(128.3333, abs=1e-3)
    assert (suggestion.load_kg, suggestion.reps) == (110, 5)
    assert suggestion.uncertainty_kg == pytest.approx(0.0, abs=1e-3)  # a perfect line


def test_the_step_up_is_capped_at_five_percent():
    points = series([(100, 85.7, 5), (120, 102.9, 5), (140, 120, 5), (160, 120, 5)])
    suggestion = suggest(points, "epley")
    assert suggestion is not None and suggestion.load_kg == 125.0  # 120 x 1.05 = 126 -> 125


def test_flat_trend_adds_a_rep_and_falling_holds():
    flat = suggest(series([(110, 90, 6), (111, 90, 6.5), (110, 90, 6), (111, 90, 6)]), "epley")
    assert flat is not None and (flat.kind, flat.load_kg, flat.reps) == ("add_rep", 90, 7)
    assert flat.uncertainty_kg > 0
    falling = series([(120, 100, 6), (117, 97.5, 6), (114, 95, 6), (111, 92.5, 6)])
    held = suggest(falling, "brzycki")
    assert held is not None and (held.kind, held.load_kg, held.reps) == ("hold", 92.5, 6)
    figures = trend(falling)
    assert figures is not None and figures.direction == "falling"
    assert deload_load(falling, figures) == 82.5  # 92.5 x 0.9 = 83.25 -> 82.5
    assert suggest(series([(100, 90, 3), (103, 92, 3), (104, 93, 3)]), "epley") is None  # no trend
