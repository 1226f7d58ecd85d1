"""Load class, training state, the drivers behind them and how fresh the data is.

Everything is judged going into the day: the loads at the end of the day before (TSB is the form
going into the day, decision 0051) and the activities of the 7 days before against the 28 before
those. Bands, the state table and their sources: docs/decisions/0058-daily-coaching-decision.md;
the load is judged as RunFlow's overtraining risk judges it, on the weekly acute:chronic ratio of
rolling sums and the ramp rate (docs/decisions/0112-load-judged-on-weekly-sums.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Literal

from knowledge.endurance.load import OvertrainingRisk, overtraining_risk
from services.analytics.domain.coaching import recovery
from services.analytics.domain.coaching.inputs import CoachingInputs, LoadGoingIn
from services.analytics.domain.coaching.recovery import Level, Recovery

LoadStatus = Literal["optimal", "elevated", "low"]
LoadRisk = OvertrainingRisk
TrainingState = Literal["productive", "maintaining", "peaking", "recovery", "overloaded"]

# Acute:chronic workload ratio on rolling weekly sums (Gabbett 2016; decision 0112): 0.8-1.3 the
# "sweet spot"; above 1.3 risk rises; from 1.5 the danger zone.
RATIO_LOW_BELOW: Final = 0.8
RATIO_ELEVATED_ABOVE: Final = 1.3
RATIO_OVERLOADED_FROM: Final = 1.5
# Ramp rate, CTL gained in a week (decision 0051): above 5 a moderate build, above 8 aggressive.
RAMP_MODERATE_ABOVE: Final = 5.0
RAMP_ELEVATED_ABOVE: Final = 8.0
RAMP_PRODUCTIVE_FROM: Final = 1.0
RAMP_RECOVERY_BELOW: Final = -5.0
# Form (TSB) going into the day.
TSB_OVERLOADED_BELOW: Final = -30.0
TSB_LOW_BELOW: Final = -10.0
TSB_FRESH_ABOVE: Final = 5.0
# 7-day volume against the weekly mean of the 28 days before: a driver from ±10 %.
VOLUME_WEEK_DAYS: Final = 7
VOLUME_BASELINE_DAYS: Final = 28
VOLUME_CHANGE_FROM: Final = 0.10
FRESHNESS_WINDOW: Final = timedelta(hours=48)


@dataclass(frozen=True)
class Driver:
    code: str
    summary: str


@dataclass(frozen=True)
class TrainingStatus:
    """The status going into ``inputs.day``; ``no_data`` when nothing was ever recorded (then the
    classes are empty strings)."""

    training_state: TrainingState | Literal[""]
    recovery_status: Level | Literal[""]
    load_status: LoadStatus | Literal[""]
    drivers: tuple[Driver, ...]
    recovery: Recovery
    data_synced_at: datetime | None
    stale: bool
    no_data: bool


def load_risk(load: LoadGoingIn) -> LoadRisk:
    """RunFlow's overtraining risk of the day before, from the same ratio and ramp (decision 0112):
    what Primed's load class and decision rest on, so the two profiles agree."""
    return overtraining_risk(load.ramp_rate, load.workload_ratio) or "low"


def load_status(load: LoadGoingIn) -> LoadStatus:
    """Elevated when the overtraining risk is moderate or above (a ratio above 1.3 or a ramp above
    5); low below a ratio of 0.8 or without a chronic load."""
    ratio = load.workload_ratio
    if load_risk(load) != "low":
        return "elevated"
    if ratio is None or ratio < RATIO_LOW_BELOW:
        return "low"
    return "optimal"


def training_state(load: LoadGoingIn, loads: LoadStatus, recovery_status: Level) -> TrainingState:
    """The first row that applies: overloaded, recovery, peaking, productive, else maintaining."""
    ratio = load.workload_ratio
    ramp = load.ramp_rate if load.ramp_rate is not None else 0.0
    if (
        load.tsb < TSB_OVERLOADED_BELOW
        or (ratio is not None and ratio >= RATIO_OVERLOADED_FROM)
        or (loads == "elevated" and recovery_status == "red")
    ):
        return "overloaded"
    if ramp < RAMP_RECOVERY_BELOW:
        return "recovery"
    if ramp < 0 and load.tsb > TSB_FRESH_ABOVE:
        return "peaking"
    if ramp >= RAMP_PRODUCTIVE_FROM:
        return "productive"
    return "maintaining"


def is_stale(synced_at: datetime | None, at: datetime) -> bool:
    """Older than the 48-hour window (no data at all is stale too)."""
    return synced_at is None or at - synced_at > FRESHNESS_WINDOW


def training_status(inputs: CoachingInputs, at: datetime) -> TrainingStatus:
    """The status going into ``inputs.day``, evaluated at the instant ``at``."""
    found = recovery.assess(inputs.readiness, inputs.day)
    stale = is_stale(inputs.latest_update, at)
    if not inputs.has_history:
        return TrainingStatus("", "", "", (), found, None, True, True)
    loads = load_status(inputs.load)
    state = training_state(inputs.load, loads, found.status)
    drivers = (*_load_drivers(inputs), *(Driver(s.code, s.summary) for s in found.signals))
    return TrainingStatus(state, found.status, loads, drivers, found, inputs.latest_update, stale, False)


def volume_change(inputs: CoachingInputs) -> float | None:
    """The 7-day duration against the weekly mean of the 28 days before, as a fraction (+0.18 is
    18 % above); None when the 28 days hold nothing."""
    week_start = inputs.day - timedelta(days=VOLUME_WEEK_DAYS)
    base_start = week_start - timedelta(days=VOLUME_BASELINE_DAYS)
    week = math.fsum(a.seconds for a in inputs.activities if week_start <= a.day < inputs.day)
    base = math.fsum(a.seconds for a in inputs.activities if base_start <= a.day < week_start)
    weekly_mean = base * VOLUME_WEEK_DAYS / VOLUME_BASELINE_DAYS
    return None if weekly_mean <= 0 else week / weekly_mean - 1


def _load_drivers(inputs: CoachingInputs) -> list[Driver]:
    load = inputs.load
    drivers = []
    change = volume_change(inputs)
    if change is not None and abs(change) >= VOLUME_CHANGE_FROM:
        direction = "above" if change > 0 else "below"
        drivers.append(
            Driver(
                f"volume_{direction}_baseline",
                f"Recent 7-day training volume {change * 100:+.0f}% {direction} rolling baseline",
            )
        )
    ratio = load.workload_ratio
    if ratio is not None and ratio > RATIO_ELEVATED_ABOVE:
        drivers.append(Driver("load_elevated", f"Acute:chronic workload ratio {ratio:.2f}, above 1.3"))
    elif ratio is not None and ratio < RATIO_LOW_BELOW:
        drivers.append(Driver("load_low", f"Acute:chronic workload ratio {ratio:.2f}, below 0.8"))
    if load.ramp_rate is not None and load.ramp_rate > RAMP_ELEVATED_ABOVE:
        drivers.append(Driver("ramp_high", f"Fitness (CTL) up {load.ramp_rate:.1f} in 7 days, above 8"))
    elif load.ramp_rate is not None and load.ramp_rate > RAMP_MODERATE_ABOVE:
        drivers.append(
            Driver(
                "ramp_moderate", f"Fitness (CTL) up {load.ramp_rate:.1f} in 7 days, above 5: a solid build"
            )
        )
    if load.tsb < TSB_OVERLOADED_BELOW:
        drivers.append(Driver("tsb_very_low", f"Form (TSB) {load.tsb:.0f}, below -30: deep fatigue"))
    elif load.tsb < TSB_LOW_BELOW:
        drivers.append(Driver("tsb_low", f"Form (TSB) {load.tsb:.0f}: carrying fatigue"))
    elif load.tsb > TSB_FRESH_ABOVE:
        drivers.append(Driver("tsb_fresh", f"Form (TSB) {load.tsb:+.0f}: fresh"))
    return drivers
