"""What an activity given as a summary (RecordActivity) or an import's options must satisfy.

The ranges of recorded values are the activity-file reader's own (``activity_files.limits``,
decision 0053): a summary typed by hand is held to what a recording may hold. The others are
chosen in decision 0054 (Validation).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from kinetic.record_ranges import ACTIVITY_START
from kinetic.text_input import name_problem, text_problem
from services.sessions.domain.session_rules import Violations
from services.sessions.endurance.activity_files import limits
from services.sessions.endurance.domain.endurance_model import (
    SPORTS,
    ActivitySource,
    ActivityValues,
    Sport,
)

MAX_DURATION_S = float(limits.MAX_ELAPSED_S)  # 72 hours: 259 200 s
MAX_ELEVATION_GAIN_M = 30_000.0  # a 72-hour effort in the mountains stays far below
RPE_RANGE = (1.0, 10.0)
MAX_NAME = 200
MAX_DESCRIPTION = 4000
MAX_SOURCE_APP = 100
SUMMARY_SOURCES: tuple[ActivitySource, ...] = ("manual", "sync")
MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class ActivityInput:
    """RecordActivity's activity as received: None is "not given"."""

    sport: str
    start: datetime | None
    duration_s: float
    moving_time_s: float | None = None
    distance_m: float | None = None
    elevation_gain_m: float | None = None
    avg_power_w: float | None = None
    normalized_power_w: float | None = None
    max_power_w: float | None = None
    avg_hr: float | None = None
    max_hr: float | None = None
    avg_cadence: float | None = None
    name: str = ""
    description: str = ""
    source: str = ""
    source_app: str = ""
    external_provider: bool = False
    rpe: float | None = None


def check_text(out: Violations, field: str, value: str, limit: int) -> str:
    """Free text (a description): at most ``limit`` characters, no NUL or control characters."""
    problem = text_problem(value)
    if problem:
        out.add(field, problem)
    elif len(value) > limit:
        out.add(field, f"must be at most {limit} characters (got {len(value)})")
    return value


def check_name(out: Violations, field: str, value: str, limit: int) -> str:
    """A one-line name (an activity's, an app's, a file's): stripped, at most ``limit``."""
    value = value.strip()
    problem = name_problem(value)
    if problem:
        out.add(field, problem)
    elif len(value) > limit:
        out.add(field, f"must be at most {limit} characters (got {len(value)})")
    return value


def check_sport(out: Violations, field: str, value: str) -> Sport | None:
    """One of run, ride, swim, strength, other."""
    if value not in SPORTS:
        out.add(field, f"must be one of {', '.join(SPORTS)} (got {value!r})")
        return None
    return value


def _number(
    out: Violations, field: str, value: float | None, low: float, high: float, unit: str
) -> float | None:
    if value is None:
        return None
    if not math.isfinite(value) or not low <= value <= high:
        out.add(field, f"must be a number of {unit} from {low:g} to {high:g} (got {value:g})")
        return None
    return float(value)


def _source(out: Violations, value: str, external_provider: bool) -> ActivitySource:
    """ "manual" by default, "sync" for an external provider's activity (which cannot be manual)."""
    if not value:
        return "sync" if external_provider else "manual"
    if value not in SUMMARY_SOURCES:
        out.add(
            "activity.source",
            f"must be manual or sync (got {value!r}); files come through ImportActivityFile",
        )
        return "manual"
    if external_provider and value != "sync":
        out.add("activity.source", "must be sync for an external provider's activity")
    return value


def _start(out: Violations, value: datetime | None, now: datetime) -> datetime:
    if value is None:
        out.add("activity.start_time", "is required")
        return now
    problem = ACTIVITY_START.problem(value, now)
    if problem is not None:
        out.add("activity.start_time", problem)
    return value


def _at_most(out: Violations, field: str, value: float | None, bound: float | None, what: str) -> None:
    if value is not None and bound is not None and value > bound:
        out.add(field, f"must not be above {what} ({value:g} > {bound:g})")


def check_activity(given: ActivityInput, now: datetime) -> ActivityValues:
    """The checked values of a summary; raises InvalidArgument naming every bad field."""
    out = Violations()
    sport = check_sport(out, "activity.sport", given.sport)
    start = _start(out, given.start, now)
    duration = _number(out, "activity.duration_s", given.duration_s, 1, MAX_DURATION_S, "seconds")
    moving = _number(out, "activity.moving_time_s", given.moving_time_s, 0, MAX_DURATION_S, "seconds")
    _at_most(out, "activity.moving_time_s", moving, duration, "duration_s")
    power_low, power_high = limits.POWER_W
    hr_low, hr_high = limits.HEART_RATE_BPM
    values = ActivityValues(
        sport=sport or "other",
        start=start,
        duration_s=duration or 1.0,
        moving_time_s=moving if moving is not None else (duration or 1.0),
        distance_m=_number(out, "activity.distance_m", given.distance_m, *limits.DISTANCE_M, "metres"),
        elevation_gain_m=_number(
            out, "activity.elevation_gain_m", given.elevation_gain_m, 0, MAX_ELEVATION_GAIN_M, "metres"
        ),
        avg_power_w=_number(out, "activity.avg_power_w", given.avg_power_w, power_low, power_high, "watts"),
        normalized_power_w=_number(
            out, "activity.normalized_power_w", given.normalized_power_w, power_low, power_high, "watts"
        ),
        max_power_w=_number(out, "activity.max_power_w", given.max_power_w, power_low, power_high, "watts"),
        avg_hr=_number(out, "activity.avg_hr", given.avg_hr, hr_low, hr_high, "beats per minute"),
        max_hr=_number(out, "activity.max_hr", given.max_hr, hr_low, hr_high, "beats per minute"),
        avg_cadence=_number(
            out, "activity.avg_cadence", given.avg_cadence, *limits.CADENCE_PER_MIN, "per minute"
        ),
        name=check_name(out, "activity.name", given.name, MAX_NAME),
        description=check_text(out, "activity.description", given.description, MAX_DESCRIPTION),
        source=_source(out, given.source, given.external_provider),
        source_app=check_name(out, "activity.source_app", given.source_app, MAX_SOURCE_APP),
        external_provider=given.external_provider,
        rpe=_number(out, "activity.rpe", given.rpe, *RPE_RANGE, "points"),
    )
    _at_most(out, "activity.avg_power_w", values.avg_power_w, values.max_power_w, "max_power_w")
    _at_most(out, "activity.avg_hr", values.avg_hr, values.max_hr, "max_hr")
    out.raise_if_any()
    return values


@dataclass(frozen=True)
class ImportOptions:
    """ImportActivityFile's request besides the bytes, checked."""

    filename: str
    source_app: str
    sport: Sport | None


def check_import(size: int, filename: str, source_app: str, sport: str) -> ImportOptions:
    """The import's options; a file over 64 MiB is refused before it is read."""
    out = Violations()
    if size > MAX_FILE_BYTES:
        out.add("data", f"is {size / 2**20:.1f} MiB; an activity file may be at most 64 MiB")
    checked = ImportOptions(
        filename=check_name(out, "filename", filename, 255),
        source_app=check_name(out, "source_app", source_app, MAX_SOURCE_APP),
        sport=check_sport(out, "sport", sport) if sport else None,
    )
    out.raise_if_any()
    return checked
