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
from datetime import date, timedelta
from typing import Final

from kinetic.errors import FieldViolation, InvalidArgument

# Training's own limits for a planned workout (decisions 0056, 0091), so whatever Training stores passes.
from knowledge.limits.endurance_plans import MAX_DISTANCE_METERS, MAX_DURATION_SECONDS, MAX_PLANNED_TSS
from knowledge.plan_safety import WORKOUT_TYPES, PlannedWorkout, Sport, WorkoutType, week_start

# Kinetic's sports to the engine's. "other" (rowing, hiking, yoga ...) takes the engine's sport
# without a weekly distance: its stress counts in the week's TSS and the load projection, its type
# says whether it is hard, and its distance is left out (a rowing kilometre is none of running,
# cycling or swimming distance, and the engine judges no fourth distance).
ENGINE_SPORTS: Final[dict[str, Sport]] = {
    "run": "RUN",
    "ride": "BIKE",
    "swim": "SWIM",
    "strength": "STRENGTH",
    "other": "STRENGTH",
}
WORKOUT_TYPE_NAMES: Final[tuple[str, ...]] = tuple(kind.lower() for kind in WORKOUT_TYPES)
_ENGINE_TYPES: Final[dict[str, WorkoutType]] = {kind.lower(): kind for kind in WORKOUT_TYPES}
# The longest plan evaluated: a workout this many days after today at most (ten years and a bit,
# as the other analytics reads), so a mistyped year cannot make one call project centuries.
MAX_DAYS_AHEAD: Final = 3700
MAX_WORKOUTS: Final = 2000
# The request's first weekday: ISO 1 (Monday) to 7 (Sunday); 0, proto3's unset, is Monday.
UNSET_FIRST_WEEKDAY: Final = 0
MONDAY: Final = 1
SUNDAY: Final = 7


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
    kind = _ENGINE_TYPES.get(load.workout_type)
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
        distance_m=distance if load.sport in ("run", "ride", "swim") else None,
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


def week_starts_on(first_weekday: int) -> int:
    """The engine's ISO weekday for a checked request's ``first_weekday`` (0, unset, is Monday)."""
    return first_weekday or MONDAY


def history_start(first_day: date, week_starts_on: int = MONDAY) -> date:
    """The first day of the week four whole weeks before the week of ``first_day``, weeks starting
    on the ISO weekday ``week_starts_on``: the rolling average of the volume rule looks back four
    complete weeks of the athlete's own (decision 0060)."""
    return week_start(first_day, week_starts_on) - timedelta(weeks=4)
