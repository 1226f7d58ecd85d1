"""What the plan tools' schemas cannot say, checked before any call (decision 0064)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from edge.mcp_profile.builder import Arguments
from edge.mcp_profile.validation import Violation
from edge.profiles.runflow.plan_requests import CHANGE_ARGUMENTS, GOAL_MASK
from edge.profiles.runflow.plan_schemas import THRESHOLD_ARGUMENTS
from knowledge.endurance import running, swimming

Rule = Callable[[Arguments], Sequence[Violation]]


def _day(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def real_dates(*fields: str) -> Rule:
    """Each of ``fields`` given is a day on the calendar (the schema checks only its shape)."""

    def rule(arguments: Arguments) -> Sequence[Violation]:
        return [
            Violation(field, f"{arguments[field]!r} is not a date; use YYYY-MM-DD, e.g. 2026-10-14")
            for field in fields
            if field in arguments and _day(arguments[field]) is None
        ]

    return rule


def ordered_window(arguments: Arguments) -> Sequence[Violation]:
    """fromDate on or before toDate."""
    first, last = _day(arguments.get("fromDate", "")), _day(arguments.get("toDate", ""))
    if first and last and last < first:
        return [Violation("toDate", f"toDate {last} is before fromDate {first}")]
    return []


def goal_change(arguments: Arguments) -> Sequence[Violation]:
    """update_training_plan_phases changes at least one field."""
    if any(word in arguments for word in GOAL_MASK):
        return []
    return [Violation("name", f"nothing to update: give at least one of {', '.join(GOAL_MASK)}")]


def workout_changes(field: str | None) -> Rule:
    """Each change (the items of ``field``, or the arguments themselves) names a field to change."""

    def rule(arguments: Arguments) -> Sequence[Violation]:
        items = arguments[field] if field else [arguments]
        return [
            Violation(
                f"{field}[{index}]" if field else "workoutId",
                f"nothing to change: give at least one of {', '.join(CHANGE_ARGUMENTS)}",
            )
            for index, item in enumerate(items)
            if not any(word in item for word in CHANGE_ARGUMENTS)
        ]

    return rule


def ids_or_filter(arguments: Arguments) -> Sequence[Violation]:
    """delete_workouts_batch: workoutIds, or a date/sport filter (with an optional goalId)."""
    filtered = [word for word in ("fromDate", "toDate", "sports") if word in arguments]
    if "workoutIds" in arguments:
        extra = filtered + (["goalId"] if "goalId" in arguments else [])
        if extra:
            return [Violation(extra[0], "give workoutIds or a date/sport filter, not both")]
        return []
    if not filtered:
        return [
            Violation("workoutIds", "give workoutIds, or fromDate, toDate or sports to choose what to delete")
        ]
    return []


def some_shift(arguments: Arguments) -> Sequence[Violation]:
    if arguments["deltaDays"] == 0:
        return [Violation("deltaDays", "must not be 0: give the days to move by, e.g. 7 or -2")]
    return []


def threshold_values(arguments: Arguments) -> Sequence[Violation]:
    """recalibrate_thresholds gives at least one value, and the race and swim trials make sense
    (the sessions service's own equations), so nothing is stored for a call that would be refused."""
    if not any(word in arguments for word in THRESHOLD_ARGUMENTS):
        return [
            Violation(
                "ftpWatts", f"nothing to recalibrate: give at least one of {', '.join(THRESHOLD_ARGUMENTS)}"
            )
        ]
    problems: list[Violation] = []
    if "raceResult" in arguments:
        race = arguments["raceResult"]
        try:
            running.vdot_from_race(float(race["distanceMeters"]), float(race["timeSeconds"]))
        except ValueError as problem:
            problems.append(Violation("raceResult.timeSeconds", str(problem)))
    if "cssTest" in arguments:
        trials = arguments["cssTest"]
        try:
            swimming.critical_swim_speed(float(trials["seconds400m"]), float(trials["seconds200m"]))
        except ValueError as problem:
            problems.append(Violation("cssTest.seconds400m", str(problem)))
    return problems
