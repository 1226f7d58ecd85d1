"""What a day's readiness entry must satisfy, and how a new one merges into the stored one.

Ranges (decision 0054, Readiness): beyond them a value is a wrong unit or a typo, never a person.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date

from kinetic.record_ranges import READINESS_DAY
from knowledge.limits.sessions import READINESS
from services.sessions.domain.session_rules import Violations
from services.sessions.endurance.domain.endurance_model import READINESS_FIELDS, READINESS_WHOLE
from services.sessions.endurance.domain.threshold_rules import check_day

# Ranges are data shared with RunFlow, which publishes them (decision 0091); units say them.
_UNITS: dict[str, str] = {
    "sleep_hours": "hours",
    "resting_hr": "beats per minute",
    "hrv_ms": "milliseconds",
    "soreness": "points",
    "fatigue": "points",
    "sleep_quality": "points",
    "stress": "points",
    "mood": "points",
    "body_weight_kg": "kilograms",
    "steps": "steps",
    "water_intake_ml": "millilitres",
    "active_calories": "kilocalories",
}
READINESS_RANGES: dict[str, tuple[float, float, str]] = {
    name: (*READINESS[name], unit) for name, unit in _UNITS.items()
}


def check_readiness(day: str, given: Mapping[str, float], today: date | None = None) -> dict[str, float]:
    """The fields to set, checked; raises InvalidArgument naming every bad field.

    ``today`` (UTC) bounds the day: readiness is measured, so at most tomorrow (decision 0070).
    """
    out = Violations()
    checked_day = check_day(out, "readiness.day", day)
    if checked_day is not None and (problem := READINESS_DAY.problem(checked_day, today)) is not None:
        out.add("readiness.day", problem)
    if not given:
        out.add("readiness", f"must set at least one of {', '.join(READINESS_FIELDS)}")
    checked: dict[str, float] = {}
    for name, value in given.items():
        low, high, unit = READINESS_RANGES[name]
        if not math.isfinite(value) or not low <= value <= high:
            out.add(
                f"readiness.{name}", f"must be a number of {unit} from {low:g} to {high:g} (got {value:g})"
            )
        else:
            checked[name] = float(int(value)) if name in READINESS_WHOLE else float(value)
    out.raise_if_any()
    return checked


def merged(stored: Mapping[str, float], given: Mapping[str, float]) -> dict[str, float]:
    """The stored entry with the given fields replacing theirs, the others kept."""
    return {**stored, **given}
