"""The endurance records as the module keeps them: activities, their figures, laps and streams,
dated thresholds and daily readiness entries. No storage here; rules in the ``*_rules`` modules.

Units are SI (seconds, metres, watts, bpm) as in ``activity_files``; ``None`` is "not
recorded". Decision 0054 names what each record is for.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from knowledge.endurance.plausibility import Implausible, implausible_speed

Sport = Literal["run", "ride", "swim", "strength", "other"]
SPORTS: tuple[Sport, ...] = ("run", "ride", "swim", "strength", "other")
ActivitySource = Literal["manual", "file", "sync"]


@dataclass(frozen=True)
class PowerPoint:
    """The best mean power over one standard duration."""

    duration_s: int
    watts: float


@dataclass(frozen=True)
class Figures:
    """What the streams give with the thresholds in force on the activity's day.

    Zone lists are indexed from zone 1; empty when the stream or the threshold was missing.
    ``ftp_w`` and ``threshold_hr`` are the thresholds used, 0 when none was in force.
    """

    power_points: tuple[PowerPoint, ...] = ()
    heart_rate_zones: tuple[int, ...] = ()
    power_zones: tuple[int, ...] = ()
    ftp_w: float = 0.0
    threshold_hr: float = 0.0


@dataclass(frozen=True)
class ActivityLap:
    """One lap as the file marks it."""

    start: datetime
    duration_s: float
    moving_time_s: float
    distance_m: float | None = None
    avg_power_w: float | None = None
    avg_hr: float | None = None
    avg_cadence: float | None = None


@dataclass(frozen=True)
class StreamSet:
    """One value per elapsed second (NaN: none), every list the same length."""

    power_w: tuple[float, ...] = ()
    heart_rate: tuple[float, ...] = ()
    speed_mps: tuple[float, ...] = ()
    cadence: tuple[float, ...] = ()
    altitude_m: tuple[float, ...] = ()
    distance_m: tuple[float, ...] = ()

    @property
    def samples(self) -> int:
        return len(self.power_w)


@dataclass(frozen=True)
class ActivityValues:
    """An activity's summary as given (RecordActivity) or read from a file."""

    sport: Sport
    start: datetime
    duration_s: float
    moving_time_s: float
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
    source: ActivitySource = "manual"
    source_app: str = ""
    external_provider: bool = False
    rpe: float | None = None


@dataclass(frozen=True)
class Activity:
    """A stored activity without its streams (``has_streams`` says whether they are kept)."""

    activity_id: str
    values: ActivityValues
    figures: Figures
    has_streams: bool
    updated_at: datetime
    laps: tuple[ActivityLap, ...] = ()

    @property
    def implausible(self) -> tuple[Implausible, ...]:
        """The figures past the bounds no human activity crosses (decision 0085): the activity is
        kept, flagged in every answer, and these are left out of fitness and fatigue."""
        values = self.values
        speed = implausible_speed(values.sport, values.distance_m, values.moving_time_s)
        return () if speed is None else (speed,)

    @property
    def shareable(self) -> ActivityValues:
        """The values any answer or the feed may carry: an external provider's name and
        description stay stored but are never passed on (decision 0054, External providers)."""
        if not self.values.external_provider:
            return self.values
        return replace(self.values, name="", description="")


@dataclass(frozen=True)
class NewActivity:
    """What an import or a RecordActivity stores."""

    values: ActivityValues
    figures: Figures = field(default_factory=Figures)
    laps: tuple[ActivityLap, ...] = ()
    streams: StreamSet | None = None
    source_key: str = ""  # a file's content fingerprint; "" for a summary


ThresholdKind = Literal["threshold_pace", "race_result", "ftp", "css", "max_hr", "resting_hr", "threshold_hr"]
THRESHOLD_KINDS: tuple[ThresholdKind, ...] = (
    "threshold_pace",
    "race_result",
    "ftp",
    "css",
    "max_hr",
    "resting_hr",
    "threshold_hr",
)
THRESHOLD_SOURCES = ("manual", "test", "race", "estimated", "recalibrated")


@dataclass(frozen=True)
class ThresholdValue:
    """A threshold's kind, day and the values its kind uses (derived ones included)."""

    kind: ThresholdKind
    effective_day: str  # YYYY-MM-DD
    source: str = "manual"
    seconds_per_km: float | None = None
    distance_m: float | None = None
    seconds: float | None = None
    vdot: float | None = None
    watts: float | None = None
    seconds_400m: float | None = None
    seconds_200m: float | None = None
    seconds_per_100m: float | None = None
    bpm: float | None = None


@dataclass(frozen=True)
class Threshold:
    """A stored dated threshold value."""

    threshold_id: str
    value: ThresholdValue


# The readiness fields, in the order of the DailyReadiness message; the first three are decimals.
READINESS_DECIMALS = ("sleep_hours", "resting_hr", "hrv_ms", "body_weight_kg")
READINESS_WHOLE = (
    "soreness",
    "fatigue",
    "sleep_quality",
    "stress",
    "mood",
    "steps",
    "water_intake_ml",
    "active_calories",
)
READINESS_FIELDS = (*READINESS_DECIMALS, *READINESS_WHOLE)


@dataclass(frozen=True)
class Readiness:
    """One day's entry: field name to value, only the recorded fields present."""

    day: str
    values: dict[str, float]
    updated_at: datetime
