"""What a dated threshold value must satisfy, its derived fields, and which values are in force.

Each kind takes exactly its own fields; a field of another kind is refused, a derived field
(``vdot``, ``seconds_per_100m``) given in a request is ignored and computed again. Ranges and why:
docs/decisions/0054-endurance-records.md (Thresholds).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import date

from kinetic.record_ranges import CALENDAR_DAY
from knowledge.endurance import running, swimming
from knowledge.limits.sessions import THRESHOLDS
from services.sessions.domain.session_rules import Violations
from services.sessions.endurance.domain.endurance_model import (
    THRESHOLD_KINDS,
    THRESHOLD_SOURCES,
    Threshold,
    ThresholdKind,
    ThresholdValue,
)

# The value fields each kind uses, with their units; the ranges are data shared with RunFlow, which
# publishes them (decision 0091). Derived fields are computed, never taken.
_UNITS: dict[str, str] = {
    "seconds_per_km": "seconds per kilometre",
    "distance_m": "metres",
    "seconds": "seconds",
    "watts": "watts",
    "seconds_400m": "seconds",
    "seconds_200m": "seconds",
    "bpm": "beats per minute",
}
_RANGES: dict[ThresholdKind, dict[str, tuple[float, float, str]]] = {
    kind: {name: (*THRESHOLDS[kind][name], _UNITS[name]) for name in THRESHOLDS[kind]}
    for kind in THRESHOLD_KINDS
}
_VALUE_FIELDS = (
    "seconds_per_km",
    "distance_m",
    "seconds",
    "watts",
    "seconds_400m",
    "seconds_200m",
    "bpm",
)
MAX_READINESS_DAYS = 3700


def check_day(out: Violations, field: str, value: str, *, required: bool = True) -> date | None:
    """A day as YYYY-MM-DD."""
    if not value:
        if required:
            out.add(field, "is required (YYYY-MM-DD)")
        return None
    try:
        if len(value) != 10:
            raise ValueError(value)
        day = date.fromisoformat(value)
    except ValueError:
        out.add(field, f"must be a day as YYYY-MM-DD (got {value!r})")
        return None
    problem = CALENDAR_DAY.problem(day)  # decision 0070
    if problem is not None:
        out.add(field, problem)
        return None
    return day


def check_threshold(given: ThresholdValue) -> ThresholdValue:
    """The checked value with its derived fields; raises InvalidArgument naming every bad field."""
    out = Violations()
    if given.kind not in THRESHOLD_KINDS:
        out.add("threshold.kind", f"must be one of {', '.join(THRESHOLD_KINDS)} (got {given.kind!r})")
        out.raise_if_any()
    kind = given.kind
    check_day(out, "threshold.effective_day", given.effective_day)
    source = given.source or "manual"
    if source not in THRESHOLD_SOURCES:
        out.add("threshold.source", f"must be one of {', '.join(THRESHOLD_SOURCES)} (got {source!r})")
    ranges = _RANGES[kind]
    for name in _VALUE_FIELDS:
        value = getattr(given, name)
        if name not in ranges:
            if value is not None:
                out.add(f"threshold.{name}", f"is not a field of a {kind} threshold; leave it unset")
            continue
        low, high, unit = ranges[name]
        if value is None:
            out.add(f"threshold.{name}", f"is required for a {kind} threshold ({unit})")
        elif not math.isfinite(value) or not low <= value <= high:
            out.add(
                f"threshold.{name}", f"must be a number of {unit} from {low:g} to {high:g} (got {value:g})"
            )
    out.raise_if_any()
    checked = replace(given, source=source, vdot=None, seconds_per_100m=None)
    return _derived(checked, out)


def _in_equations_range(distance_m: float) -> bool:
    """The race distances the VDOT equations hold for; outside them a race stores no VDOT."""
    return running.SHORTEST_DISTANCE_M <= distance_m <= running.LONGEST_DISTANCE_M


def _derived(value: ThresholdValue, out: Violations) -> ThresholdValue:
    """VDOT of a race within the equations' distances; CSS pace from the two trials."""
    distance, seconds = value.distance_m, value.seconds
    long_trial, short_trial = value.seconds_400m, value.seconds_200m
    try:
        if distance is not None and seconds is not None and _in_equations_range(distance):
            return replace(value, vdot=running.vdot_from_race(distance, seconds))
        if long_trial is not None and short_trial is not None:
            speed = swimming.critical_swim_speed(long_trial, short_trial)
            return replace(value, seconds_per_100m=speed.seconds_per_100m)
    except ValueError as problem:
        field = "threshold.seconds" if value.kind == "race_result" else "threshold.seconds_400m"
        out.add(field, str(problem))
        out.raise_if_any()
    return value


def history_order(thresholds: Iterable[Threshold]) -> list[Threshold]:
    """By kind (in the order of ``THRESHOLD_KINDS``), then effective day."""
    rank = {kind: index for index, kind in enumerate(THRESHOLD_KINDS)}
    return sorted(thresholds, key=lambda t: (rank[t.value.kind], t.value.effective_day))


def in_force(thresholds: Sequence[Threshold], day: str) -> dict[ThresholdKind, Threshold]:
    """The latest value of each kind whose effective day is on or before ``day``."""
    found: dict[ThresholdKind, Threshold] = {}
    for threshold in history_order(thresholds):
        if threshold.value.effective_day <= day:
            found[threshold.value.kind] = threshold
    return found


def threshold_fields() -> tuple[str, ...]:
    """Every value field of ThresholdValue, derived ones included (storage columns)."""
    return tuple(f.name for f in fields(ThresholdValue) if f.name not in ("kind", "effective_day", "source"))


@dataclass(frozen=True)
class DayRange:
    """A checked range of days, both included."""

    first: str
    last: str


def check_day_range(from_day: str, to_day: str) -> DayRange:
    """Both days, in order, at most ``MAX_READINESS_DAYS`` apart."""
    out = Violations()
    first = check_day(out, "from_day", from_day)
    last = check_day(out, "to_day", to_day)
    if first is not None and last is not None:
        if last < first:
            out.add("to_day", "must not be before from_day")
        elif (last - first).days > MAX_READINESS_DAYS:
            out.add("to_day", f"must be at most {MAX_READINESS_DAYS} days after from_day")
    out.raise_if_any()
    return DayRange(from_day, to_day)
