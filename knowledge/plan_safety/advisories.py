"""What the engine answers: advisories, each with the contract's three fields and typed details.

The contract's object is ``{level, rule, message}`` (``Advisory.as_contract``); ``detail`` carries the
same finding as values a program can use (the week, the dates, the figures and the threshold), so
a caller never parses a message. Decision 0060.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from knowledge.plan_safety.inputs import Sport, WorkoutType

Level = Literal["info", "warning", "critical"]
Rule = Literal["weekly_volume_spike", "long_run_cap", "consecutive_hard_days", "projected_tsb_overload"]
# What a weekly volume is measured in: each distance sport's metres, and TSS over all sports.
VolumeMetric = Literal["run_distance_m", "bike_distance_m", "swim_distance_m", "tss"]


@dataclass(frozen=True)
class VolumeSpike:
    """A week whose ``metric`` rose more than ``threshold_pct`` over both bases.

    ``weeks_averaged`` is how many complete weeks (1 to 4) the rolling average covers; an increase
    is None when its base is 0 (an increase from nothing). ``minimum_base`` is the smallest base
    a week is compared with (a base below it counts as it).
    """

    week_start: date
    metric: VolumeMetric
    week_total: float
    prior_week_total: float
    rolling_average: float
    weeks_averaged: int
    increase_vs_prior_pct: float | None
    increase_vs_average_pct: float | None
    threshold_pct: float
    minimum_base: float


@dataclass(frozen=True)
class LongRun:
    """A run carrying more than ``threshold_pct`` of its week's running distance."""

    week_start: date
    run_day: date
    workout_id: str
    workout_type: WorkoutType
    run_distance_m: float
    week_run_distance_m: float
    share_pct: float
    threshold_pct: float
    minimum_week_distance_m: float


@dataclass(frozen=True)
class HardSession:
    """One hard workout of a back-to-back pair of days."""

    day: date
    sport: Sport
    workout_type: WorkoutType
    workout_id: str


@dataclass(frozen=True)
class ConsecutiveHardDays:
    """Two adjacent calendar days that both hold hard work; ``sessions`` are all of them, by day."""

    first_day: date
    second_day: date
    sessions: tuple[HardSession, ...]


@dataclass(frozen=True)
class TsbOverload:
    """A run of consecutive days whose projected form (TSB going into the day) is below the
    threshold: the first and last day, the form on the first, and the lowest and its day."""

    first_day: date
    last_day: date
    first_tsb: float
    lowest_tsb: float
    lowest_day: date
    threshold: float


Detail = VolumeSpike | LongRun | ConsecutiveHardDays | TsbOverload


@dataclass(frozen=True)
class Advisory:
    """One finding. ``day`` is the date it is filed under: a week's first day for the weekly rules, the
    run's day, the first of two hard days, the first day of a run of overload."""

    level: Level
    rule: Rule
    message: str
    day: date
    detail: Detail

    def as_contract(self) -> dict[str, str]:
        """The contract's ``safetyAdvisory`` object."""
        return {"level": self.level, "rule": self.rule, "message": self.message}


def has_critical(advisories: Iterable[Advisory]) -> bool:
    """Whether any advisory is critical: what a plan generator's plans must never have."""
    return any(advisory.level == "critical" for advisory in advisories)
