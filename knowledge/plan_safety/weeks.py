"""Calendar weeks of the record, starting on the athlete's first weekday, with their volumes.

A week starts on the ISO weekday ``week_starts_on`` (1 = Monday, the default, ... 7 = Sunday): the
athlete's own week, the one their training is planned and counted in. The record runs from the
history's first day (or the plan's first day, without history) to the plan's last day. Every week
in it is listed, empty ones too (a week off is a week of 0). A week that starts before the record is
incomplete: its totals are real but partial, so it is never a base to compare another week with
(decision 0060, Weeks).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from knowledge.plan_safety.advisories import VolumeMetric
from knowledge.plan_safety.inputs import PlannedWorkout, TrainingHistory

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
# A planned session with a duration and no distance covers about this many metres a second: an
# easy run at 6:00 /km, an endurance ride at 25 km/h, a swim at 2:00 /100 m (decision 0060,
# "Duration-only sessions"). Counting nothing made such a week look empty and the next one a spike.
ESTIMATED_SPEED_M_PER_S: Final[Mapping[str, float]] = {
    "RUN": 1000 / 360,
    "BIKE": 25_000 / 3600,
    "SWIM": 100 / 120,
}


def counted_distance_m(workout: PlannedWorkout) -> float | None:
    """The planned distance, or for a duration-only session of a distance sport its estimate."""
    if workout.distance_m is not None:
        return workout.distance_m
    speed = ESTIMATED_SPEED_M_PER_S.get(workout.sport)
    if speed is None or workout.duration_s is None:
        return None
    return workout.duration_s * speed


@dataclass(frozen=True)
class Week:
    """One week: its first day, whether the record covers all 7 days, its totals (completed and
    planned together) and its planned workouts in date order."""

    start: date
    complete: bool
    totals: Mapping[VolumeMetric, float]
    planned: tuple[PlannedWorkout, ...]
    # The totals without any RACE: the load the athlete chose to train, which the volume rule
    # judges (a race's distance is the event's, and a taper must not read as a spike).
    training_totals: Mapping[VolumeMetric, float] | None = None
    # The days of the week with running (completed or planned): a week of three runs is FIRST's
    # route, whose long run may take more of the week (``long_run_caps``).
    run_days: int = 0

    @property
    def trained(self) -> Mapping[VolumeMetric, float]:
        return self.totals if self.training_totals is None else self.training_totals

    @property
    def end(self) -> date:
        return self.start + timedelta(days=6)


MONDAY: Final = 1
SUNDAY: Final = 7


def check_week_starts_on(week_starts_on: int) -> int:
    """``week_starts_on`` itself, or ValueError unless it is an ISO weekday, 1 (Monday) to 7 (Sunday)."""
    if isinstance(week_starts_on, bool) or not isinstance(week_starts_on, int):
        raise ValueError(f"week_starts_on is an ISO weekday, an int from 1 to 7, not {week_starts_on!r}")
    if not MONDAY <= week_starts_on <= SUNDAY:
        raise ValueError(f"week_starts_on is an ISO weekday, 1 (Monday) to 7 (Sunday), not {week_starts_on}")
    return week_starts_on


def week_start(day: date, week_starts_on: int = MONDAY) -> date:
    """The first day of the week holding ``day``, for weeks starting on the ISO weekday
    ``week_starts_on`` (1 = Monday ... 7 = Sunday)."""
    return day - timedelta(days=(day.isoweekday() - check_week_starts_on(week_starts_on)) % 7)


def record_weeks(
    workouts: Sequence[PlannedWorkout], history: TrainingHistory | None, week_starts_on: int = MONDAY
) -> tuple[Week, ...]:
    """Every week from the record's first to the plan's last, oldest first, each starting on the
    ISO weekday ``week_starts_on``.

    ``workouts`` is the plan, sorted and not empty.
    """
    record_start = history.since if history is not None else workouts[0].day
    amounts: dict[date, dict[VolumeMetric, list[float]]] = defaultdict(lambda: defaultdict(list))
    races: dict[date, dict[VolumeMetric, list[float]]] = defaultdict(lambda: defaultdict(list))
    planned: dict[date, list[PlannedWorkout]] = defaultdict(list)
    running: dict[date, set[date]] = defaultdict(set)
    for done in history.days if history is not None else ():
        if done.run_m > 0:
            running[week_start(done.day, week_starts_on)].add(done.day)
        week = amounts[week_start(done.day, week_starts_on)]
        week["tss"].append(done.tss)
        week["run_distance_m"].append(done.run_m)
        week["bike_distance_m"].append(done.bike_m)
        week["swim_distance_m"].append(done.swim_m)
    for workout in workouts:
        first = week_start(workout.day, week_starts_on)
        planned[first].append(workout)
        amounts[first]["tss"].append(workout.planned_tss)
        if workout.workout_type == "RACE":
            races[first]["tss"].append(workout.planned_tss)
        metric = _METRIC_OF_SPORT.get(workout.sport)
        distance = counted_distance_m(workout)
        if metric is not None and distance is not None:
            if workout.sport == "RUN" and distance > 0:
                running[first].add(workout.day)
            amounts[first][metric].append(distance)
            if workout.workout_type == "RACE":
                races[first][metric].append(distance)
    weeks: list[Week] = []
    first = week_start(record_start, week_starts_on)
    while first <= workouts[-1].day:
        sums = amounts.get(first, {})
        raced = races.get(first, {})
        totals = {metric: math.fsum(sums.get(metric, ())) for metric in VOLUME_METRICS}
        training = {metric: totals[metric] - math.fsum(raced.get(metric, ())) for metric in VOLUME_METRICS}
        weeks.append(
            Week(
                first,
                first >= record_start,
                totals,
                tuple(planned.get(first, ())),
                training,
                len(running.get(first, ())),
            )
        )
        first += timedelta(days=7)
    return tuple(weeks)
