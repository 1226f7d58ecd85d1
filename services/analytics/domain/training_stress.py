"""The training stress of one activity: which method applies and what it gives.

One method per activity, the first that applies, in this order (decision 0055):

1. ``power``: a ride with normalized power (or, without it, average power) and an FTP in force:
   Coggan's TSS = hours × IF² × 100, IF = NP / FTP (``knowledge.endurance.power``);
2. ``pace``: a run with a distance and a threshold pace in force (a threshold pace, or the T pace
   of a race result's VDOT, Daniels): rTSS = hours × IF² × 100, IF = speed / threshold speed;
3. ``swim``: a swim with a distance and a CSS in force: sTSS = hours × IF³ × 100;
4. ``heart_rate``: an average heart rate with resting and maximum heart rates in force (and the
   threshold heart rate, or one estimated from them): hrTSS from Banister's TRIMP;
5. ``rpe``: a perceived exertion of 1 to 10: session-RPE on the TSS scale, hours × (RPE/10)² × 100;
6. ``none``: 0.

A figure past the bounds no human activity crosses is never used (decision 0085,
``knowledge.endurance.plausibility``): a distance covered faster than anyone can is left out, so the
pace and swim methods do not apply, and a stress above 150 per hour is left out whole (0, "none").
Both are named in ``ActivityStress.implausible``.

Every method puts an hour at threshold at 100, which is what lets a run's stress add to a ride's
in the chart. The thresholds are those in force on the activity's local day: the latest value of
each kind whose effective day is on or before it.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Final, Literal

from knowledge.endurance import heart_rate, power, running, swimming
from knowledge.endurance.pace import SECONDS_PER_HOUR, SECONDS_PER_MINUTE, Pace
from knowledge.endurance.plausibility import Implausible, implausible_speed, implausible_stress
from knowledge.endurance.swimming import CriticalSwimSpeed
from services.analytics.domain.endurance_changes import ActivityFacts, ThresholdValue

StressMethod = Literal["power", "pace", "swim", "heart_rate", "rpe", "none"]

# Session RPE (Foster et al. 2001) scores minutes × RPE; on the TSS scale, RPE/10 stands for the
# intensity factor, so an hour at 10 of 10 (an hour flat out: threshold, by FTP's definition) is
# 100 and the cost grows with the square of intensity, as in TSS (decision 0055).
RPE_SCALE: Final = (1.0, 10.0)
RPE_AT_THRESHOLD: Final = 10.0
TSS_OF_AN_HOUR_AT_THRESHOLD: Final = 100.0


@dataclass(frozen=True)
class RunningThreshold:
    """The running threshold in force: the threshold pace, and the VDOT it goes with when known."""

    kind: str  # "threshold_pace" or "race_result"
    effective_day: date
    pace: Pace
    vdot: float | None


@dataclass(frozen=True)
class ThresholdsInForce:
    """The latest value of each threshold kind on one day, as figures the formulas take."""

    day: date
    ftp_w: float | None = None
    running: RunningThreshold | None = None
    css: CriticalSwimSpeed | None = None
    max_hr: float | None = None
    resting_hr: float | None = None
    threshold_hr: float | None = None
    values: dict[str, ThresholdValue] = field(default_factory=dict)


def vdot_of_threshold_pace(pace: Pace) -> float | None:
    """The VDOT whose T pace (88 % of VDOT, Daniels) is ``pace``; None outside 10-100."""
    vdot = running.oxygen_cost(pace.meters_per_second * SECONDS_PER_MINUTE) / running.THRESHOLD_FRACTION
    return vdot if running.VDOT_MIN <= vdot <= running.VDOT_MAX else None


def _positive(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) and value > 0 else None


def _running_threshold(value: ThresholdValue) -> RunningThreshold | None:
    try:
        if value.kind == "threshold_pace":
            seconds = _positive(value.seconds_per_km)
            if seconds is None:
                return None
            pace = Pace(seconds)
            return RunningThreshold(value.kind, value.effective_day, pace, vdot_of_threshold_pace(pace))
        vdot = _positive(value.vdot)
        if vdot is None and value.distance_m is not None and value.seconds is not None:
            vdot = running.vdot_from_race(value.distance_m, value.seconds)
        if vdot is None:
            return None
        return RunningThreshold(value.kind, value.effective_day, running.threshold_pace(vdot), vdot)
    except ValueError:
        return None  # a value the formulas refuse is as good as none


def _css(value: ThresholdValue) -> CriticalSwimSpeed | None:
    seconds = _positive(value.seconds_per_100m)
    if seconds is not None:
        return CriticalSwimSpeed(swimming.PACE_DISTANCE_M / seconds)
    if value.seconds_400m is None or value.seconds_200m is None:
        return None
    try:
        return swimming.critical_swim_speed(value.seconds_400m, value.seconds_200m)
    except ValueError:
        return None


class ThresholdHistory:
    """Every dated value of an account, answering which are in force on a day."""

    def __init__(self, values: Iterable[ThresholdValue]) -> None:
        by_kind: dict[str, list[ThresholdValue]] = {}
        for value in values:
            by_kind.setdefault(value.kind, []).append(value)
        self._by_kind = {
            kind: sorted(found, key=lambda v: (v.effective_day, v.threshold_id))
            for kind, found in by_kind.items()
        }
        self._days = {kind: [v.effective_day for v in found] for kind, found in self._by_kind.items()}
        self._cache: dict[date, ThresholdsInForce] = {}

    def latest(self, kind: str, day: date) -> ThresholdValue | None:
        """The latest value of ``kind`` in force on ``day`` (effective on or before it)."""
        index = bisect.bisect_right(self._days.get(kind, []), day)
        return self._by_kind[kind][index - 1] if index else None

    def in_force(self, day: date) -> ThresholdsInForce:
        """The thresholds in force on ``day``, as figures (computed once per day)."""
        found = self._cache.get(day)
        if found is None:
            found = self._cache[day] = self._figures(day)
        return found

    def _figures(self, day: date) -> ThresholdsInForce:
        values = {kind: value for kind in self._by_kind if (value := self.latest(kind, day)) is not None}

        def number(kind: str, name: str) -> float | None:
            value = values.get(kind)
            return None if value is None else _positive(getattr(value, name))

        # Of a threshold pace and a race result, the later one is in force; on the same day the
        # pace, which was measured as a pace.
        candidates = [
            threshold
            for kind in ("threshold_pace", "race_result")
            if kind in values and (threshold := _running_threshold(values[kind])) is not None
        ]
        running_threshold = max(candidates, key=lambda t: t.effective_day, default=None)
        css = values.get("css")
        return ThresholdsInForce(
            day=day,
            ftp_w=number("ftp", "watts"),
            running=running_threshold,
            css=None if css is None else _css(css),
            max_hr=number("max_hr", "bpm"),
            resting_hr=number("resting_hr", "bpm"),
            threshold_hr=number("threshold_hr", "bpm"),
            values=values,
        )


@dataclass(frozen=True)
class ActivityStress:
    """An activity's training stress, the method that gave it and the figures behind it.

    ``intensity_factor``: the IF of the power, pace and swim methods, RPE/10 for rpe, None
    otherwise. ``variability_index``: NP / average power whenever both are known (any method).
    ``trimp``: Banister's TRIMP whenever the average, resting and maximum heart rates allow it.
    ``implausible``: the figures left out of the stress as past their bounds (decision 0085).
    """

    tss: float
    method: StressMethod
    intensity_factor: float | None = None
    variability_index: float | None = None
    trimp: float | None = None
    implausible: tuple[Implausible, ...] = ()


def activity_stress(activity: ActivityFacts, thresholds: ThresholdsInForce) -> ActivityStress:
    """The stress of ``activity`` with ``thresholds`` (those in force on its local day)."""
    seconds = _positive(activity.stress_seconds)
    normalized = _positive(activity.normalized_power_w)
    average = _positive(activity.avg_power_w)
    vi = power.variability_index(normalized, average) if normalized and average else None
    trimp = _trimp(activity, thresholds, seconds)
    if seconds is None:
        return ActivityStress(0.0, "none", None, vi, trimp)
    speed = implausible_speed(activity.sport, activity.distance_m, activity.moving_time_s)
    found = (
        _power(activity, thresholds, seconds, normalized or average)
        or (None if speed else _pace(activity, thresholds, seconds))
        or (None if speed else _swim(activity, thresholds, seconds))
        or _heart_rate(activity, thresholds, seconds)
        or _rpe(activity, seconds)
        or (0.0, "none", None)
    )
    tss, method, intensity = found
    flagged = () if speed is None else (speed,)
    stress = implausible_stress(tss, seconds)
    if stress is not None:
        return ActivityStress(0.0, "none", None, vi, trimp, (*flagged, stress))
    return ActivityStress(tss, method, intensity, vi, trimp, flagged)


_Found = tuple[float, StressMethod, float | None] | None


def _power(
    activity: ActivityFacts, thresholds: ThresholdsInForce, seconds: float, watts: float | None
) -> _Found:
    # FTP is a cycling threshold: a run's or a rower's power is on another scale.
    if activity.sport != "ride" or watts is None or thresholds.ftp_w is None:
        return None
    return (
        power.training_stress_score(seconds, watts, thresholds.ftp_w),
        "power",
        power.intensity_factor(watts, thresholds.ftp_w),
    )


def _pace(activity: ActivityFacts, thresholds: ThresholdsInForce, seconds: float) -> _Found:
    distance = _positive(activity.distance_m)
    if activity.sport != "run" or distance is None or thresholds.running is None:
        return None
    stress = running.running_stress(seconds, distance, thresholds.running.pace)
    return stress.rtss, "pace", stress.intensity_factor


def _swim(activity: ActivityFacts, thresholds: ThresholdsInForce, seconds: float) -> _Found:
    distance = _positive(activity.distance_m)
    if activity.sport != "swim" or distance is None or thresholds.css is None:
        return None
    stress = swimming.swim_stress(distance, seconds, thresholds.css)
    return stress.stss, "swim", stress.intensity_factor


def threshold_heart_rate(thresholds: ThresholdsInForce) -> tuple[float, bool] | None:
    """The threshold heart rate in force, or one estimated from resting and maximum (Karvonen),
    with whether it was estimated; None when neither is possible."""
    if thresholds.threshold_hr is not None:
        return thresholds.threshold_hr, False
    if thresholds.resting_hr is None or thresholds.max_hr is None:
        return None
    try:
        return heart_rate.estimated_threshold_hr(thresholds.resting_hr, thresholds.max_hr), True
    except ValueError:
        return None


def _heart_rate(activity: ActivityFacts, thresholds: ThresholdsInForce, seconds: float) -> _Found:
    average = _positive(activity.avg_hr)
    threshold = threshold_heart_rate(thresholds)
    if average is None or thresholds.resting_hr is None or thresholds.max_hr is None or threshold is None:
        return None
    try:
        tss = heart_rate.hr_tss(seconds, average, thresholds.resting_hr, thresholds.max_hr, threshold[0])
    except ValueError:
        return None  # an average outside rest..max, or stale thresholds: the next method
    return tss, "heart_rate", None


def _rpe(activity: ActivityFacts, seconds: float) -> _Found:
    low, high = RPE_SCALE
    if activity.rpe is None or not low <= activity.rpe <= high:
        return None
    intensity = activity.rpe / RPE_AT_THRESHOLD
    return seconds / SECONDS_PER_HOUR * intensity**2 * TSS_OF_AN_HOUR_AT_THRESHOLD, "rpe", intensity


def _trimp(activity: ActivityFacts, thresholds: ThresholdsInForce, seconds: float | None) -> float | None:
    average = _positive(activity.avg_hr)
    if seconds is None or average is None or thresholds.resting_hr is None or thresholds.max_hr is None:
        return None
    try:
        return heart_rate.trimp(seconds, average, thresholds.resting_hr, thresholds.max_hr)
    except ValueError:
        return None
