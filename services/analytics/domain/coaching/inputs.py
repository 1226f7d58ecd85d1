"""What the coaching engine reads: plain frozen values, built by the caller from its stored data.

Every figure is at full precision; nothing here knows about storage or protobuf (decision 0058).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

SPORTS = ("run", "ride", "swim", "strength", "other")


@dataclass(frozen=True)
class PlannedStep:
    """One step of a planned session (repeats counted, not expanded)."""

    label: str = ""
    duration_seconds: int | None = None
    distance_meters: float | None = None
    target: str = ""
    repeat: int = 1


@dataclass(frozen=True)
class PlannedWorkout:
    """A session a plan puts on the day, or one the engine prescribes (``workout_id`` empty)."""

    sport: str
    title: str = ""
    workout_id: str = ""
    duration_minutes: float | None = None
    target_intensity: str = ""
    description: str = ""
    intervals: tuple[PlannedStep, ...] = ()
    planned_tss: float | None = None


@dataclass(frozen=True)
class ReadinessDay:
    """A day's readiness entry; None where nothing was recorded. Scores are 1 to 5: soreness,
    fatigue and stress 5 worst; sleep quality and mood 5 best (the sessions contract)."""

    day: date
    sleep_hours: float | None = None
    resting_hr: float | None = None
    hrv_ms: float | None = None
    soreness: int | None = None
    fatigue: int | None = None
    sleep_quality: int | None = None
    stress: int | None = None
    mood: int | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True)
class RecentActivity:
    """An activity of the recent window: its local day, how long it lasted and its stress."""

    activity_id: str
    sport: str
    day: date
    seconds: float
    tss: float
    updated_at: datetime | None = None


@dataclass(frozen=True)
class LoadGoingIn:
    """The combined loads at the end of the day before (the state going into the day).

    ``tsb`` is CTL - ATL of that day, the form going into the day (decision 0051, previous_day);
    ``ramp_rate`` CTL gained over the 7 days before; ``workload_ratio`` ATL / CTL (None while CTL is
    below 1).
    """

    ctl: float
    atl: float
    ramp_rate: float | None
    workload_ratio: float | None

    @property
    def tsb(self) -> float:
        return self.ctl - self.atl


@dataclass(frozen=True)
class CoachingInputs:
    """Everything a status or decision for ``day`` rests on.

    ``readiness``: entries of the day and of the 66 days before it (the HRV week and its 60-day
    baseline, decision 0115; the other baselines read the last 28), whenever recorded (0112).
    ``activities``: those that started in the 35 days before the day (the 7-day volume against the
    28 days before it). ``latest_update``: the newest stored time
    of any activity or readiness entry on or before the evaluated instant, also outside the windows
    (None when there is none). ``has_history``: any activity or readiness entry at all before it.
    """

    day: date
    time_zone: str
    load: LoadGoingIn
    readiness: tuple[ReadinessDay, ...] = ()
    activities: tuple[RecentActivity, ...] = ()
    planned: tuple[PlannedWorkout, ...] = ()
    latest_update: datetime | None = None
    has_history: bool = False
