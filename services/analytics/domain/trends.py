"""Observed trends, next load and rep suggestions and plan adjustment proposals.

The rule, in short (decision 0021 has the reasoning): fit a least-squares line through the
per-session estimated one-rep maxes of the window; predict the next session; turn the prediction
back into a load at the last session's reps. Every suggestion carries its sample, date range and
one standard error of the prediction.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from datetime import datetime

from services.analytics.domain.lifting import MAX_E1RM_REPS, Formula, load_factor, load_for

LOAD_STEP_KG = 2.5  # plates come in pairs of 1.25 kg
MAX_STEP_UP = 0.05  # never suggest more than 5 % over the last load
# Below these there is not enough data for a trend, and so for a suggestion or a deload: four
# sessions leave two degrees of freedom for the slope's standard error, and two weeks is the least
# a slope in kg per week can be read from (decision 0037 has the reasoning).
MIN_TREND_SESSIONS = 4
MIN_TREND_SPAN_DAYS = 14
MIN_SUGGESTION_SESSIONS = MIN_TREND_SESSIONS
MIN_DELOAD_SESSIONS = 4
DELOAD_FRACTION = 0.9


@dataclass(frozen=True)
class SessionE1rm:
    """One session's best estimated one-rep max and the set it came from."""

    started_at: datetime
    day: str
    e1rm_kg: float
    weight_kg: float
    reps: float


@dataclass(frozen=True)
class Fit:
    """A least-squares line through (days since the first session, e1RM)."""

    n: int
    slope_per_day: float
    intercept: float
    mean_x: float
    sxx: float
    residual_sd: float | None  # None below three points
    xs: list[float]

    def at(self, x: float) -> float:
        """The line's value at ``x`` days."""
        return self.intercept + self.slope_per_day * x

    @property
    def slope_standard_error_per_day(self) -> float | None:
        """Standard error of the slope; None below three points."""
        if self.residual_sd is None or self.sxx == 0:
            return None
        return self.residual_sd / math.sqrt(self.sxx)

    def prediction_standard_error(self, x: float) -> float | None:
        """Standard error of a new observation at ``x``; None below three points."""
        if self.residual_sd is None or self.sxx == 0:
            return None
        return self.residual_sd * math.sqrt(1 + 1 / self.n + (x - self.mean_x) ** 2 / self.sxx)


def fit(points: list[SessionE1rm]) -> Fit:
    """Least squares over ``points`` (two or more, oldest first)."""
    origin = points[0].started_at
    xs = [(p.started_at - origin).total_seconds() / 86400 for p in points]
    ys = [p.e1rm_kg for p in points]
    n = len(points)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    intercept = mean_y - slope * mean_x
    residual_sd = None
    if n >= 3:
        ss = sum((y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys, strict=True))
        residual_sd = math.sqrt(ss / (n - 2))
    return Fit(n, slope, intercept, mean_x, sxx, residual_sd, xs)


@dataclass(frozen=True)
class TrendFigures:
    """The observed trend of one exercise."""

    sample_size: int
    from_day: str
    to_day: str
    first_e1rm_kg: float
    last_e1rm_kg: float
    slope_kg_per_week: float
    slope_standard_error_kg_per_week: float | None
    direction: str


def direction(slope: float, standard_error: float | None) -> str:
    """rising/falling when the slope is further from 0 than one standard error (or, with two
    points, than 0); flat otherwise."""
    margin = standard_error or 0.0
    if slope > margin:
        return "rising"
    if slope < -margin:
        return "falling"
    return "flat"


def span_days(points: list[SessionE1rm]) -> float:
    """Days from the first session's start to the last one's (``points`` oldest first)."""
    return (points[-1].started_at - points[0].started_at).total_seconds() / 86400


def enough_for_trend(points: list[SessionE1rm]) -> bool:
    """Whether ``points`` (oldest first) hold MIN_TREND_SESSIONS over MIN_TREND_SPAN_DAYS or more."""
    return len(points) >= MIN_TREND_SESSIONS and span_days(points) >= MIN_TREND_SPAN_DAYS


def trend(points: list[SessionE1rm]) -> TrendFigures | None:
    """The trend of ``points`` (oldest first); None when there is not enough data for one."""
    if not enough_for_trend(points):
        return None
    line = fit(points)
    se = line.slope_standard_error_per_day
    slope_week = line.slope_per_day * 7
    se_week = se * 7 if se is not None else None
    return TrendFigures(
        len(points),
        points[0].day,
        points[-1].day,
        points[0].e1rm_kg,
        points[-1].e1rm_kg,
        slope_week,
        se_week,
        direction(slope_week, se_week),
    )


@dataclass(frozen=True)
class SuggestionFigures:
    """A next load and rep suggestion."""

    kind: str  # increase_load, add_rep or hold
    load_kg: float
    reps: int
    uncertainty_kg: float
    predicted_e1rm_kg: float
    basis: str


def _floor_step(value: float) -> float:
    # Rounded to 10 g first so 107.49999 (float noise) still reaches the 107.5 kg step.
    return math.floor(round(value, 2) / LOAD_STEP_KG) * LOAD_STEP_KG


def suggest(points: list[SessionE1rm], formula: Formula) -> SuggestionFigures | None:
    """The next session's load and reps; None when there is not enough data for a trend."""
    if len(points) < MIN_SUGGESTION_SESSIONS or not enough_for_trend(points):
        return None
    line = fit(points)
    gaps = [b - a for a, b in zip(line.xs, line.xs[1:], strict=False)]
    next_x = line.xs[-1] + max(1.0, statistics.median(gaps))
    predicted = line.at(next_x)
    se_e1rm = line.prediction_standard_error(next_x) or 0.0
    last = points[-1]
    reps = round(last.reps)
    uncertainty = se_e1rm / load_factor(reps, formula)
    slope_se = line.slope_standard_error_per_day or 0.0
    trend_word = direction(line.slope_per_day, slope_se)
    if trend_word == "rising":
        ceiling = _floor_step(last.weight_kg * (1 + MAX_STEP_UP))
        load = min(_floor_step(load_for(predicted, reps, formula)), ceiling)
        if load > last.weight_kg:
            return SuggestionFigures(
                "increase_load",
                load,
                reps,
                uncertainty,
                predicted,
                f"rising trend: the load whose {reps} reps give the predicted estimated 1RM, "
                f"rounded down to {LOAD_STEP_KG} kg and at most {MAX_STEP_UP:.0%} over the last load",
            )
    if trend_word in ("rising", "flat"):
        if reps < MAX_E1RM_REPS:
            return SuggestionFigures(
                "add_rep",
                last.weight_kg,
                reps + 1,
                uncertainty,
                predicted,
                "steady trend: the same load for one more rep",
            )
        return SuggestionFigures(
            "increase_load",
            last.weight_kg + LOAD_STEP_KG,
            8,
            uncertainty,
            predicted,
            f"reps at the {MAX_E1RM_REPS:.0f}-rep ceiling: {LOAD_STEP_KG} kg more for 8 reps",
        )
    return SuggestionFigures(
        "hold",
        last.weight_kg,
        reps,
        uncertainty,
        predicted,
        "falling trend: repeat the last load and reps",
    )


def deload_load(points: list[SessionE1rm], figures: TrendFigures) -> float | None:
    """A deload load to propose for a falling trend over MIN_DELOAD_SESSIONS or more; else None."""
    if figures.direction != "falling" or figures.sample_size < MIN_DELOAD_SESSIONS:
        return None
    return _floor_step(points[-1].weight_kg * DELOAD_FRACTION)
