"""A plan's workouts as the caller sends them, checked and turned into the safety engine's inputs.

The caller (the edge, with Training's ``plan_loads``) speaks Kinetic's vocabulary, lower case:
sports ``run``, ``ride``, ``swim``, ``strength``, ``other``; workout types the engine's twelve. The
engine (decision 0060) speaks the plan contract's: RUN, BIKE, SWIM, STRENGTH and upper-case types.
Every problem of a request is listed at once, each naming its ``workouts[i].field`` (or
``first_weekday``, the day the athlete's weeks start on), and nothing is evaluated. Decision 0062,
Safety evaluation; weeks: decision 0060, Weeks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from kinetic.errors import FieldViolation, InvalidArgument

# Training's own limits for a planned workout (decisions 0056, 0091), so whatever Training stores passes.
from knowledge.limits.endurance_plans import MAX_DISTANCE_METERS, MAX_DURATION_SECONDS, MAX_PLANNED_TSS
from knowledge.plan_safety import PlannedWorkout
from knowledge.plan_safety.kinetic_plans import (
    DISTANCE_SPORTS,
    ENGINE_SPORTS,
    ENGINE_TYPES,
    MONDAY,
    SUNDAY,
    UNSET_FIRST_WEEKDAY,
    WORKOUT_TYPE_NAMES,
    history_start,
    week_starts_on,
)

__all__ = ["MONDAY", "UNSET_FIRST_WEEKDAY", "PlanLoad", "history_start", "planned_workouts", "week_starts_on"]

# The longest plan evaluated: a workout this many days after today at most (ten years and a bit,
# as the other analytics reads), so a mistyped year cannot make one call project centuries.
MAX_DAYS_AHEAD: Final = 3700
MAX_WORKOUTS: Final = 2000


@dataclass(frozen=True)
class PlanLoad:
    """One planned workout as received (protobuf fields, unchecked)."""

    workout_id: str
    day: str
    sport: str
    workout_type: str
    planned_tss: float
    distance_meters: float | None = None
    duration_seconds: int | None = None


def planned_workouts(
    loads: Sequence[PlanLoad], today: date, account_id: str, first_weekday: int = UNSET_FIRST_WEEKDAY
) -> list[PlannedWorkout]:
    """The workouts from ``today`` on, as the engine's inputs; those before today are checked too,
    then left out (what was done counts instead). Raises ``InvalidArgument`` listing every problem
    (``account_id`` and ``first_weekday`` included, so one answer says everything to fix)."""
    problems: list[FieldViolation] = []
    if not account_id:
        problems.append(FieldViolation("account_id", "is required"))
    if not UNSET_FIRST_WEEKDAY <= first_weekday <= SUNDAY:
        problems.append(
            FieldViolation(
                "first_weekday",
                f"must be an ISO weekday, 1 (Monday) to 7 (Sunday), or 0 for Monday; not {first_weekday}",
            )
        )
    if len(loads) > MAX_WORKOUTS:
        problems.append(FieldViolation("workouts", f"must hold at most {MAX_WORKOUTS}, not {len(loads)}"))
        raise _invalid(problems)
    workouts = []
    for n, load in enumerate(loads):
        workout = _workout(f"workouts[{n}]", load, today, problems)
        if workout is not None and workout.day >= today:
            workouts.append(workout)
    if problems:
        raise _invalid(problems)
    return workouts


def _workout(path: str, load: PlanLoad, today: date, problems: list[FieldViolation]) -> PlannedWorkout | None:
    found = len(problems)

    def problem(field: str, description: str) -> None:
        problems.append(FieldViolation(f"{path}.{field}", description))

    day = _day(load.day)
    if day is None:
        problem("day", f"must be a day as YYYY-MM-DD, not {load.day[:32]!r}")
    elif (day - today).days > MAX_DAYS_AHEAD:
        problem("day", f"must be at most {MAX_DAYS_AHEAD} days after today ({today}), not {day}")
    sport = ENGINE_SPORTS.get(load.sport)
    if sport is None:
        problem("sport", f"must be one of {', '.join(ENGINE_SPORTS)}, not {load.sport[:32]!r}")
    kind = ENGINE_TYPES.get(load.workout_type)
    if kind is None:
        problem(
            "workout_type",
            f"must be one of {', '.join(WORKOUT_TYPE_NAMES)}, not {load.workout_type[:32]!r}",
        )
    if not _within(load.planned_tss, MAX_PLANNED_TSS):
        problem("planned_tss", f"must be from 0 to {MAX_PLANNED_TSS:g}, not {load.planned_tss:g}")
    distance = load.distance_meters
    if distance is not None:
        if load.sport == "strength":
            problem("distance_meters", "a strength workout has no distance; leave it out")
        elif not _within(distance, MAX_DISTANCE_METERS):
            problem("distance_meters", f"must be from 0 to {MAX_DISTANCE_METERS:g}, not {distance:g}")
    seconds = load.duration_seconds
    if seconds is not None and not 0 <= seconds <= MAX_DURATION_SECONDS:
        problem("duration_seconds", f"must be from 0 to {MAX_DURATION_SECONDS}, not {seconds}")
    if len(problems) > found or day is None or sport is None or kind is None:
        return None
    return PlannedWorkout(
        day=day,
        sport=sport,
        workout_type=kind,
        planned_tss=load.planned_tss,
        # Only the engine's distance sports carry one: "other" keeps its TSS, not its kilometres.
        distance_m=distance if load.sport in DISTANCE_SPORTS else None,
        duration_s=float(seconds) if seconds is not None else None,
        workout_id=load.workout_id,
    )


def _day(value: str) -> date | None:
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return None
    # YYYY-MM-DD exactly: fromisoformat also reads "20260302" and week dates.
    return day if len(value) == 10 and value == day.isoformat() else None


def _within(value: float, highest: float) -> bool:
    return math.isfinite(value) and 0 <= value <= highest


def _invalid(problems: Sequence[FieldViolation]) -> InvalidArgument:
    message = "; ".join(f"{v.field}: {v.description}" for v in problems)
    return InvalidArgument(message, violations=problems)
