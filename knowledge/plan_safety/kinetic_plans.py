"""Kinetic's stored plans as the engine reads them: the sports and workout types Training stores
(lower case) as the engine's, the weeks the athlete's first weekday starts, and the history window
the volume rule looks back over. Analytics judges the plans it is sent with them and Training the
plan it has just priced (decision 0096), so both read one plan the same way.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Final

from knowledge.plan_safety.inputs import WORKOUT_TYPES, Sport, WorkoutType
from knowledge.plan_safety.weeks import week_start

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
# The sports whose planned distance the engine judges.
DISTANCE_SPORTS: Final = ("run", "ride", "swim")
WORKOUT_TYPE_NAMES: Final[tuple[str, ...]] = tuple(kind.lower() for kind in WORKOUT_TYPES)
ENGINE_TYPES: Final[dict[str, WorkoutType]] = {kind.lower(): kind for kind in WORKOUT_TYPES}
# An athlete's first weekday: ISO 1 (Monday) to 7 (Sunday); 0, proto3's unset, is Monday.
UNSET_FIRST_WEEKDAY: Final = 0
MONDAY: Final = 1
SUNDAY: Final = 7


def week_starts_on(first_weekday: int) -> int:
    """The engine's ISO weekday for a checked ``first_weekday`` (0, unset, is Monday)."""
    return first_weekday or MONDAY


def history_start(first_day: date, week_starts_on: int = MONDAY) -> date:
    """The first day of the week four whole weeks before the week of ``first_day``, weeks starting
    on the ISO weekday ``week_starts_on``: the rolling average of the volume rule looks back four
    complete weeks of the athlete's own (decision 0060)."""
    return week_start(first_day, week_starts_on) - timedelta(weeks=4)
