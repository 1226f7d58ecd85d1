"""The endurance changes of the sessions feed as analytics reads them: only the facts its figures use.

The sessions feed adapter decodes the five endurance kinds ("activity.recorded", "activity.deleted",
"threshold.set", "threshold.deleted", "readiness.recorded") into these, so nothing past it sees
protobuf (docs/decisions/0029-gyms-hexagon-and-typed-feed.md). An activity never carries its
streams: its summary and the figures the sessions service computed from them (power points, time
in zones) are all analytics gets (docs/decisions/0055-endurance-analytics.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

# The sports an activity may have, in the order answers list them.
SPORTS = ("run", "ride", "swim", "strength", "other")

THRESHOLD_KINDS = ("threshold_pace", "race_result", "ftp", "css", "max_hr", "resting_hr", "threshold_hr")


@dataclass(frozen=True)
class PowerPoint:
    """The best mean power an activity held over one duration."""

    duration_s: int
    watts: float


@dataclass(frozen=True)
class ZoneSeconds:
    """Seconds an activity spent in one zone, as the sessions service counted them."""

    zone: int
    seconds: int


@dataclass(frozen=True)
class ActivityFacts:
    """An activity's summary after a change (its whole state: it replaces the stored one).

    ``name`` is always empty for an external-provider activity, whatever the feed says: its
    provider's terms forbid passing the name on (decision 0054).
    """

    activity_id: str
    sport: str
    start_time: datetime
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
    rpe: float | None = None
    name: str = ""
    source: str = ""
    source_app: str = ""
    external_provider: bool = False
    power_points: tuple[PowerPoint, ...] = ()
    heart_rate_zones: tuple[ZoneSeconds, ...] = ()
    power_zones: tuple[ZoneSeconds, ...] = ()
    updated_at: datetime | None = None

    @property
    def stress_seconds(self) -> float:
        """The seconds training stress counts: moving time, or elapsed time when none was given."""
        return self.moving_time_s if self.moving_time_s > 0 else self.duration_s


@dataclass(frozen=True)
class ActivityRemoved:
    """An activity.deleted payload: which activity went (and when it had started, when known)."""

    activity_id: str
    sport: str
    start_time: datetime | None


@dataclass(frozen=True)
class ThresholdValue:
    """One dated threshold value; exactly the fields its kind uses are set."""

    threshold_id: str
    kind: str
    effective_day: date
    seconds_per_km: float | None = None
    distance_m: float | None = None
    seconds: float | None = None
    vdot: float | None = None
    watts: float | None = None
    seconds_400m: float | None = None
    seconds_200m: float | None = None
    seconds_per_100m: float | None = None
    bpm: float | None = None
    source: str = ""


@dataclass(frozen=True)
class ThresholdRemoved:
    """A threshold.deleted payload."""

    threshold_id: str
    kind: str
    effective_day: date | None


@dataclass(frozen=True)
class ReadinessEntry:
    """A whole day's health and readiness entry; None where nothing was recorded."""

    day: date
    sleep_hours: float | None = None
    resting_hr: float | None = None
    hrv_ms: float | None = None
    soreness: int | None = None
    fatigue: int | None = None
    sleep_quality: int | None = None
    stress: int | None = None
    mood: int | None = None
    body_weight_kg: float | None = None
    steps: int | None = None
    water_intake_ml: int | None = None
    active_calories: int | None = None
    updated_at: datetime | None = None


READINESS_FIELDS = (
    "sleep_hours",
    "resting_hr",
    "hrv_ms",
    "soreness",
    "fatigue",
    "sleep_quality",
    "stress",
    "mood",
    "body_weight_kg",
    "steps",
    "water_intake_ml",
    "active_calories",
)
