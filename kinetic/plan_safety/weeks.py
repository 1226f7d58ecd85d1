"""Calendar weeks of the record: ISO weeks, Monday to Sunday, with their volumes.

The record runs from the history's first day (or the plan's first day, without history) to the
plan's last day. Every week in it is listed, empty ones too (a week off is a week of 0). A week
that starts before the record is incomplete: its totals are real but partial, so it is never a base
to compare another week with (decision 0060, Weeks).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from kinetic.plan_safety.advisories import VolumeMetric
from kinetic.plan_safety.inputs import PlannedWorkout, TrainingHistory

VOLUME_METRICS: Final[tuple[VolumeMetric, ...]] = (
    "run_distance_m",
    "bike_distance_m",
    "swim_distance_m",
    "tss",
)
_METRIC_OF_SPORT: Final[Mapping[str, VolumeMetric]] = {
    "RUN": "run_distance_m",
    "BIKE": "bike_distance_m",
    "SWIM": "swim_distance_m",
}


@dataclass(frozen=True)
class Week:
    """One week: its Monday, whether the record covers all 7 days, its totals (completed and
    planned together) and its planned workouts in date order."""

    start: date
    complete: bool
    totals: Mapping[VolumeMetric, float]
    planned: tuple[PlannedWorkout, ...]

    @property
    def end(self) -> date:
        return self.start + timedelta(days=6)


def week_start(day: date) -> date:
    """The Monday of the ISO week holding ``day``."""
    return day - timedelta(days=day.weekday())


def record_weeks(workouts: Sequence[PlannedWorkout], history: TrainingHistory | None) -> tuple[Week, ...]:
    """Every week from the record's first to the plan's last, oldest first.

    ``workouts`` is the plan, sorted and not empty.
    """
    record_start = history.since if history is not None else workouts[0].day
    amounts: dict[date, dict[VolumeMetric, list[float]]] = defaultdict(lambda: defaultdict(list))
    planned: dict[date, list[PlannedWorkout]] = defaultdict(list)
    for done in history.days if history is not None else ():
        week = amounts[week_start(done.day)]
        week["tss"].append(done.tss)
        week["run_distance_m"].append(done.run_m)
        week["bike_distance_m"].append(done.bike_m)
        week["swim_distance_m"].append(done.swim_m)
    for workout in workouts:
        monday = week_start(workout.day)
        planned[monday].append(workout)
        amounts[monday]["tss"].append(workout.planned_tss)
        metric = _METRIC_OF_SPORT.get(workout.sport)
        if metric is not None and workout.distance_m is not None:
            amounts[monday][metric].append(workout.distance_m)
    weeks: list[Week] = []
    monday = week_start(record_start)
    while monday <= workouts[-1].day:
        sums = amounts.get(monday, {})
        totals = {metric: math.fsum(sums.get(metric, ())) for metric in VOLUME_METRICS}
        weeks.append(Week(monday, monday >= record_start, totals, tuple(planned.get(monday, ()))))
        monday += timedelta(days=7)
    return tuple(weeks)
