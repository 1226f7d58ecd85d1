"""Planned training stress of an endurance workout, and pace targets named by their VDOT pace.

A plan's stress is what the safety engine projects (decision 0060), so each planned workout needs a
number before it is stored. The model is the one every TSS shares: hours x IF^2 x 100 (an hour at
threshold scores 100), IF^3 for swimming as in sTSS, summed over the steps with repeats expanded.
How each step's intensity factor is found, and what happens when nothing says, is in
docs/decisions/0062-endurance-plans.md ("Planned stress").
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from knowledge.endurance.pace import nearest_second
from knowledge.endurance.running import training_paces
from knowledge.limits.endurance_plans import PACE_SECONDS_PER_KM
from services.training.domain.endurance import EnduranceStep, EnduranceTarget, StepTarget


@dataclass(frozen=True)
class Thresholds:
    """The athlete's thresholds a plan is computed from; None when unknown."""

    ftp_watts: float | None = None
    threshold_pace_seconds_per_km: float | None = None
    css_seconds_per_100m: float | None = None
    threshold_hr_bpm: float | None = None
    max_hr_bpm: float | None = None
    resting_hr_bpm: float | None = None
    vdot: float | None = None


# Intensity factor of a named VDOT pace against threshold (T) pace: Daniels' fractions of VDOT
# (E ~0.7, M ~0.8, T 0.88, I 0.975, R ~1.05) over T's 0.88, rounded.
PACE_ZONE_IF = {"E": 0.75, "M": 0.88, "T": 1.0, "I": 1.07, "R": 1.12}
# A heart-rate zone's typical intensity factor (Z1-Z6 of decision 0052, fractions of LTHR).
HR_ZONE_IF = {1: 0.65, 2: 0.75, 3: 0.85, 4: 0.92, 5: 1.0, 6: 1.05}
# RPE 1-10: 0.52 at 1, 1.0 at about 7.9 (threshold feels "hard"), 1.15 at 10.
RPE_IF_BASE, RPE_IF_STEP = 0.45, 0.07
# A step without a target is read by what it is for.
ROLE_IF = {"warm_up": 0.65, "cool_down": 0.65, "recovery": 0.55, "active": 0.75, "work": 0.85, "": 0.75}
# A session given only as a duration (no steps, no intensity): easy aerobic work, and strength
# training's whole-body load per hour as a moderate session.
DEFAULT_IF = 0.75
STRENGTH_IF = 0.65
# ± seconds per km around a single-pace zone (M, T, I, R), so a target is a band to run in.
PACE_BAND_SECONDS = 3
# A computed pace stays within what a step target accepts (decision 0091).
MIN_PACE_SECONDS, MAX_PACE_SECONDS = PACE_SECONDS_PER_KM


def planned_tss(endurance: EnduranceTarget, thresholds: Thresholds) -> float | None:
    """The workout's planned TSS to 0.1, or None when its length cannot be known (a distance step
    with no pace to time it by, or no steps and neither duration nor distance)."""
    if not endurance.steps:
        return _whole_session(endurance, thresholds)
    exponent = 3 if endurance.sport == "swim" else 2
    total = 0.0
    for step in _flattened(endurance.steps):
        factor = _step_if(step, endurance.sport, thresholds)
        seconds = _step_seconds(step, endurance.sport, factor, thresholds)
        if seconds is None:
            return None
        total += seconds / 3600 * factor**exponent * 100
    return round(total, 1)


def _whole_session(endurance: EnduranceTarget, thresholds: Thresholds) -> float | None:
    factor = STRENGTH_IF if endurance.sport == "strength" else _intensity_if(endurance)
    seconds: float | None = endurance.planned_duration_seconds
    if seconds is None and endurance.planned_distance_meters is not None:
        speed = _speed(endurance.sport, factor, thresholds)
        seconds = None if speed is None else endurance.planned_distance_meters / speed
    if seconds is None:
        return None
    exponent = 3 if endurance.sport == "swim" else 2
    return round(seconds / 3600 * factor**exponent * 100, 1)


def _intensity_if(endurance: EnduranceTarget) -> float:
    """The overall intensity label read as a factor: "Z3" as heart-rate zone 3, "T" as T pace, a
    number as RPE; anything else is easy aerobic work."""
    if endurance.intensity is None:
        return DEFAULT_IF
    label = endurance.intensity.label.strip().upper()
    if label in PACE_ZONE_IF:
        return PACE_ZONE_IF[label]
    if len(label) == 2 and label[0] == "Z" and label[1].isdigit() and int(label[1]) in HR_ZONE_IF:
        return HR_ZONE_IF[int(label[1])]
    if label.isdigit() and 1 <= int(label) <= 10:
        return RPE_IF_BASE + RPE_IF_STEP * int(label)
    return DEFAULT_IF


def _flattened(steps: tuple[EnduranceStep, ...]) -> Iterator[EnduranceStep]:
    for step in steps:
        if step.type == "repeat":
            for _ in range(step.repeat_count):
                yield from _flattened(step.steps)
        else:
            yield step


def _step_if(step: EnduranceStep, sport: str, thresholds: Thresholds) -> float:
    target = step.target
    found = None if target is None else _target_if(target, sport, thresholds)
    if found is not None:
        return found
    return ROLE_IF.get(step.role if step.type == "interval" else step.type, DEFAULT_IF)


def _target_if(target: StepTarget, sport: str, thresholds: Thresholds) -> float | None:
    if target.kind == "power":
        if target.ftp_percent_low is not None and target.ftp_percent_high is not None:
            return (target.ftp_percent_low + target.ftp_percent_high) / 200
        if target.watts_low is not None and target.watts_high is not None and thresholds.ftp_watts:
            return (target.watts_low + target.watts_high) / 2 / thresholds.ftp_watts
        return None
    if target.kind == "pace":
        threshold = _threshold_pace(sport, thresholds)
        if threshold and target.pace_low_seconds_per_km and target.pace_high_seconds_per_km:
            return threshold / ((target.pace_low_seconds_per_km + target.pace_high_seconds_per_km) / 2)
        return PACE_ZONE_IF.get(target.pace_zone or "")
    if target.kind == "heart_rate":
        if target.heart_rate_zone is not None:
            return HR_ZONE_IF[target.heart_rate_zone]
        threshold_hr = _threshold_hr(thresholds)
        if target.bpm_low is not None and target.bpm_high is not None and threshold_hr:
            return (target.bpm_low + target.bpm_high) / 2 / threshold_hr
        return None
    if target.kind == "rpe" and target.rpe is not None:
        return RPE_IF_BASE + RPE_IF_STEP * target.rpe
    return None


def _threshold_pace(sport: str, thresholds: Thresholds) -> float | None:
    """Threshold pace in seconds per km: T pace for running, CSS for swimming."""
    if sport == "swim":
        return None if thresholds.css_seconds_per_100m is None else thresholds.css_seconds_per_100m * 10
    if sport != "run":
        return None  # a ride or a strength day has no threshold pace
    if thresholds.threshold_pace_seconds_per_km is not None:
        return thresholds.threshold_pace_seconds_per_km
    if thresholds.vdot is not None:
        return training_paces(thresholds.vdot).threshold.seconds_per_km
    return None


def _threshold_hr(thresholds: Thresholds) -> float | None:
    if thresholds.threshold_hr_bpm is not None:
        return thresholds.threshold_hr_bpm
    if thresholds.max_hr_bpm is not None and thresholds.resting_hr_bpm is not None:
        # Karvonen at 85 % of the reserve, as decision 0052 estimates LTHR.
        return thresholds.resting_hr_bpm + 0.85 * (thresholds.max_hr_bpm - thresholds.resting_hr_bpm)
    return None


def _step_seconds(step: EnduranceStep, sport: str, factor: float, thresholds: Thresholds) -> float | None:
    if step.duration_seconds is not None:
        return float(step.duration_seconds)
    if step.distance_meters is None:
        return None
    target = step.target
    if target is not None and target.pace_low_seconds_per_km and target.pace_high_seconds_per_km:
        pace = (target.pace_low_seconds_per_km + target.pace_high_seconds_per_km) / 2
        return step.distance_meters / 1000 * pace
    speed = _speed(sport, factor, thresholds)
    return None if speed is None else step.distance_meters / speed


def _speed(sport: str, factor: float, thresholds: Thresholds) -> float | None:
    """Meters per second at ``factor`` of threshold speed, when a threshold pace is known."""
    threshold = _threshold_pace(sport, thresholds)
    if threshold is None:
        return None
    return 1000 / threshold * factor


def with_resolved_paces(endurance: EnduranceTarget, vdot: float | None) -> EnduranceTarget:
    """``endurance`` with every pace target that names a VDOT pace given its seconds for ``vdot``
    (unchanged when ``vdot`` is None: see ``unresolved_pace_zones``)."""
    if vdot is None or not math.isfinite(vdot) or vdot <= 0:
        return endurance
    steps = _resolved_steps(endurance.steps, vdot)
    # Values are frozen: what nothing changed in is kept as it is, not copied (decision 0123).
    return endurance if steps is endurance.steps else replace(endurance, steps=steps)


def _resolved_steps(steps: tuple[EnduranceStep, ...], vdot: float) -> tuple[EnduranceStep, ...]:
    """``steps`` resolved; the same tuple when none changed."""
    resolved = tuple(_resolved_step(step, vdot) for step in steps)
    return steps if all(new is old for new, old in zip(resolved, steps, strict=True)) else resolved


def _resolved_step(step: EnduranceStep, vdot: float) -> EnduranceStep:
    if step.type == "repeat":
        inner = _resolved_steps(step.steps, vdot)
        return step if inner is step.steps else replace(step, steps=inner)
    target = step.target
    if target is None or target.kind != "pace" or target.pace_zone is None:
        return step
    low, high = zone_pace_band(target.pace_zone, vdot)
    sent = (target.pace_low_seconds_per_km, target.pace_high_seconds_per_km)
    if sent == (low, high) and all(type(value) is int for value in sent):  # 300.0 would store as 300
        return step
    return replace(step, target=replace(target, pace_low_seconds_per_km=low, pace_high_seconds_per_km=high))


# A plan's steps name a handful of zones at one VDOT: each band is solved once, not once a step
# (the race predictions behind the paces are iterative; decision 0090 measured them per write).
@lru_cache(maxsize=256)
def zone_pace_band(zone: str, vdot: float) -> tuple[int, int]:
    """(fast end, slow end) in whole seconds per km of a named VDOT pace: E is its own range, the
    others their pace +/- ``PACE_BAND_SECONDS``, kept within the targets' 120-1200 s/km."""
    paces = training_paces(vdot)
    if zone == "E":
        low, high = paces.easy.fastest.seconds_per_km, paces.easy.slowest.seconds_per_km
    else:
        single = {"M": paces.marathon, "T": paces.threshold, "I": paces.interval, "R": paces.repetition}
        middle = single[zone].seconds_per_km
        low, high = middle - PACE_BAND_SECONDS, middle + PACE_BAND_SECONDS
    return (
        min(max(nearest_second(low), MIN_PACE_SECONDS), MAX_PACE_SECONDS),
        min(max(nearest_second(high), MIN_PACE_SECONDS), MAX_PACE_SECONDS),
    )


def unresolved_pace_zones(endurance: EnduranceTarget) -> bool:
    """Whether a pace target names a VDOT pace without its seconds (it needs the athlete's VDOT)."""

    def unresolved(step: EnduranceStep) -> bool:
        if step.type == "repeat":
            return any(unresolved(inner) for inner in step.steps)
        target = step.target
        return (
            target is not None
            and target.kind == "pace"
            and target.pace_zone is not None
            and target.pace_low_seconds_per_km is None
        )

    return any(unresolved(step) for step in endurance.steps)
