"""What the safety engine reads: plain frozen values the caller builds from its stored plan.

Vocabulary (decision 0060, Input model): sports and workout types are the plan contract's own
spellings (RUN, BIKE, SWIM, STRENGTH; EASY, LONG, TEMPO, ...), so the tools that serve that contract
pass them through unchanged. Distances are metres, durations seconds, stress TSS.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal, get_args

Sport = Literal["RUN", "BIKE", "SWIM", "STRENGTH"]
WorkoutType = Literal[
    "EASY",
    "RECOVERY",
    "LONG",
    "TEMPO",
    "INTERVALS",
    "REPETITIONS",
    "RIDE_ENDURANCE",
    "RIDE_INTERVALS",
    "SWIM_TECHNIQUE",
    "STRENGTH",
    "CROSS_TRAINING",
    "RACE",
]

SPORTS: Final[tuple[Sport, ...]] = get_args(Sport)
WORKOUT_TYPES: Final[tuple[WorkoutType, ...]] = get_args(WorkoutType)
# The contract's list of hard sessions, word for word; the type, not the sport, makes a session
# hard (INTERVALS in the pool is as hard as on the track). LONG is not hard: it is long, at an easy
# pace, and has its own rule (decision 0060).
HARD_TYPES: Final[frozenset[WorkoutType]] = frozenset(
    {"INTERVALS", "TEMPO", "REPETITIONS", "RIDE_INTERVALS", "RACE"}
)
# Sports whose weekly distance is judged, each on its own (a bike kilometre is not a run kilometre).
DISTANCE_SPORTS: Final[tuple[Sport, ...]] = ("RUN", "BIKE", "SWIM")


@dataclass(frozen=True)
class PlannedWorkout:
    """One planned session. ``distance_m`` is None where the sport has no distance (STRENGTH) or
    none was planned; ``planned_tss`` is required (0 allowed): the load projection cannot guess."""

    day: date
    sport: Sport
    workout_type: WorkoutType
    planned_tss: float
    distance_m: float | None = None
    duration_s: float | None = None
    workout_id: str = ""

    def __post_init__(self) -> None:
        where = f"the workout on {self.day}{f' ({self.workout_id})' if self.workout_id else ''}"
        if self.sport not in SPORTS:
            raise ValueError(f"{where}: sport is one of {', '.join(SPORTS)}, not {self.sport!r}")
        if self.workout_type not in WORKOUT_TYPES:
            raise ValueError(
                f"{where}: workout type is one of {', '.join(WORKOUT_TYPES)}, not {self.workout_type!r}"
            )
        _check_amount(self.planned_tss, f"{where}: planned TSS")
        if self.distance_m is not None:
            if self.sport not in DISTANCE_SPORTS:
                raise ValueError(f"{where}: a {self.sport} workout has no distance; leave it out")
            _check_amount(self.distance_m, f"{where}: distance")
        if self.duration_s is not None:
            _check_amount(self.duration_s, f"{where}: duration")


def plan_order(workout: PlannedWorkout) -> tuple[date, str, str, str, float, float, float]:
    """A total order of workouts (an absent distance or duration first), so that the engine's
    answer never depends on the order it was given them in."""
    return (
        workout.day,
        workout.sport,
        workout.workout_type,
        workout.workout_id,
        workout.planned_tss,
        -1.0 if workout.distance_m is None else workout.distance_m,
        -1.0 if workout.duration_s is None else workout.duration_s,
    )


@dataclass(frozen=True, order=True)
class CompletedDay:
    """What was done on one day before the plan: its stress and its distance per sport."""

    day: date
    tss: float = 0.0
    run_m: float = 0.0
    bike_m: float = 0.0
    swim_m: float = 0.0

    def __post_init__(self) -> None:
        for name in ("tss", "run_m", "bike_m", "swim_m"):
            _check_amount(getattr(self, name), f"the completed day {self.day}: {name}")


@dataclass(frozen=True)
class TrainingHistory:
    """The completed training from ``since`` to the day before the plan's first day.

    ``since`` is the first day the record covers: a day from then on without an entry was a rest
    day, a week that starts before it is incomplete and is never used as a base for comparison.
    Several entries for one day are added up.
    """

    since: date
    days: tuple[CompletedDay, ...] = ()

    @classmethod
    def of(cls, since: date, days: Iterable[CompletedDay]) -> TrainingHistory:
        return cls(since, tuple(sorted(days)))

    def __post_init__(self) -> None:
        early = [d.day for d in self.days if d.day < self.since]
        if early:
            raise ValueError(f"completed day {min(early)} is before the history's start {self.since}")


def _check_amount(value: float, what: str) -> None:
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{what} is a finite number, 0 or more, not {value}")
