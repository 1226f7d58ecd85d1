"""Recovery class (green, amber, red) from the day's readiness entry against the athlete's own
rolling baselines.

A baseline is the mean and sample standard deviation of one measure over the 28 days before the
day (the day itself excluded), counted only from ``MIN_BASELINE_ENTRIES`` entries with that
measure: fewer, and the signal is not judged (``baseline_building``). Absolute bands (a night under
5 hours, a subjective score of 4 or 5) need no baseline. The class is the worst signal's. Bands and
sources: docs/decisions/0058-daily-coaching-decision.md (Recovery).

HRV is judged as the literature judges it, not on the single morning (decision 0115): the 7-day
rolling mean of ln rMSSD against the smallest worthwhile change below the mean of the 60 days
before that week (Plews et al. 2012, 2013, 2014).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from services.analytics.domain.coaching.inputs import ReadinessDay

Level = Literal["green", "amber", "red"]
LEVELS: Final[tuple[Level, ...]] = ("green", "amber", "red")

BASELINE_DAYS: Final = 28
MIN_BASELINE_ENTRIES: Final = 7
# HRV (decision 0115): the mean of ln rMSSD over the 7 days ending with the day, from at least 3
# readings (Plews et al. 2014: 3 mornings a week give the weekly mean of all 7), against the mean and
# SD of the daily ln rMSSD of the 60 days before that week, from at least 14 readings. Below the
# mean by more than the smallest worthwhile change (0.5 SD; Plews et al. 2012, Javaloyes et al.
# 2019) is amber; by more than 1.5 SD (three SWCs, where a steady athlete's weekly mean does not
# go) red. The SD counts as at least 0.05 (5 % of rMSSD), so a near-constant baseline does not
# turn a 2 ms week into a signal.
HRV_WEEK_DAYS: Final = 7
HRV_MIN_WEEK_READINGS: Final = 3
HRV_BASELINE_DAYS: Final = 60
HRV_MIN_BASELINE_READINGS: Final = 14
HRV_SWC_SD: Final = 0.5
HRV_RED_SD: Final = 1.5
MIN_LN_HRV_SD: Final = 0.05
# Every readiness entry the judgement of a day reads: the HRV week and its baseline before it.
READINESS_WINDOW_DAYS: Final = HRV_WEEK_DAYS - 1 + HRV_BASELINE_DAYS  # 66 days before the day
RESTING_HR_AMBER_BPM: Final = 5.0
RESTING_HR_RED_BPM: Final = 10.0
SLEEP_AMBER_BELOW_HOURS: Final = 1.0
SLEEP_RED_UNDER_HOURS: Final = 5.0
# Soreness, fatigue and stress: 1 best, 5 worst. Sleep quality and mood: 1 worst, 5 best.
HIGH_SCORE_AMBER: Final = 4
HIGH_SCORE_RED: Final = 5
LOW_SCORE_AMBER: Final = 2


@dataclass(frozen=True)
class Baseline:
    mean: float
    sd: float
    entries: int


@dataclass(frozen=True)
class Signal:
    """One finding: a canonical code, its level and a plain-English sentence."""

    code: str
    level: Level
    summary: str


@dataclass(frozen=True)
class Recovery:
    """The recovery class of the day and the signals behind it (in rule order)."""

    status: Level
    signals: tuple[Signal, ...]
    entry: ReadinessDay | None


def worst(levels: Sequence[Level]) -> Level:
    return max(levels, key=LEVELS.index, default="green")


def baseline(entries: Sequence[ReadinessDay], day: date, field: str) -> Baseline | None:
    """Mean and SD of ``field`` over the 28 days before ``day``; None under 7 entries with it."""
    first = day - timedelta(days=BASELINE_DAYS)
    values = [
        float(value)
        for entry in entries
        if first <= entry.day < day and (value := getattr(entry, field)) is not None
    ]
    if len(values) < MIN_BASELINE_ENTRIES:
        return None
    return Baseline(statistics.fmean(values), statistics.stdev(values), len(values))


def ln_hrv(entries: Sequence[ReadinessDay], first: date, last: date) -> list[float]:
    """ln rMSSD of each entry from ``first`` to ``last`` (both included) that carries an HRV."""
    return [
        math.log(entry.hrv_ms)
        for entry in entries
        if first <= entry.day <= last and entry.hrv_ms is not None and entry.hrv_ms > 0
    ]


def assess(entries: Sequence[ReadinessDay], day: date) -> Recovery:
    """The recovery class of ``day`` from its entry and the HRV of its week (no entry for the day:
    ``no_readiness_data``, and only a low HRV week can make it other than green)."""
    entry = next((e for e in entries if e.day == day), None)
    hrv = _hrv(entries, day)
    if entry is None:
        signals = [Signal("no_readiness_data", "green", "No readiness entry for the day."), *hrv.signals]
        return Recovery(worst([s.level for s in signals]), tuple(signals), None)
    signals = [
        *hrv.signals,
        *_resting_hr(entry, baseline(entries, day, "resting_hr")),
        *_sleep(entry, baseline(entries, day, "sleep_hours")),
        *_high_score(entry.soreness, "soreness_high", "Soreness"),
        *_high_score(entry.fatigue, "fatigue_high", "Fatigue"),
        *_high_score(entry.stress, "stress_high", "Stress"),
        *_low_score(entry.sleep_quality, "sleep_quality_low", "Sleep quality"),
        *_low_score(entry.mood, "mood_low", "Mood"),
    ]
    building = [
        f"{_FIELD_NAMES[field]} (fewer than {MIN_BASELINE_ENTRIES} entries in the last {BASELINE_DAYS} days)"
        for field in ("resting_hr", "sleep_hours")
        if getattr(entry, field) is not None and baseline(entries, day, field) is None
    ]
    if hrv.building and entry.hrv_ms is not None:
        building.insert(
            0,
            f"HRV (fewer than {HRV_MIN_BASELINE_READINGS} readings in the {HRV_BASELINE_DAYS} days before "
            f"the last {HRV_WEEK_DAYS})",
        )
    if building:
        signals.append(
            Signal("baseline_building", "green", f"Baseline still building for {', '.join(building)}.")
        )
    return Recovery(worst([s.level for s in signals]), tuple(signals), entry)


_FIELD_NAMES: Final = {"resting_hr": "resting heart rate", "sleep_hours": "sleep"}


@dataclass(frozen=True)
class _HrvFinding:
    signals: tuple[Signal, ...]
    building: bool


def _hrv(entries: Sequence[ReadinessDay], day: date) -> _HrvFinding:
    """The HRV week against its baseline (decision 0115): one morning moves the 7-day mean by a
    seventh of its drop, a sustained drop by all of it. Higher than the baseline is never a concern
    here. Too few readings in the week: not judged, said; too few before it: the baseline builds."""
    week_first = day - timedelta(days=HRV_WEEK_DAYS - 1)
    week = ln_hrv(entries, week_first, day)
    if not week:
        return _HrvFinding((), False)
    if len(week) < HRV_MIN_WEEK_READINGS:
        summary = (
            f"HRV read on {len(week)} of the last {HRV_WEEK_DAYS} days: its {HRV_WEEK_DAYS}-day mean "
            f"needs {HRV_MIN_WEEK_READINGS} readings, so HRV is not judged today."
        )
        return _HrvFinding((Signal("hrv_too_few_readings", "green", summary),), False)
    before = ln_hrv(entries, week_first - timedelta(days=HRV_BASELINE_DAYS), week_first - timedelta(days=1))
    if len(before) < HRV_MIN_BASELINE_READINGS:
        return _HrvFinding((), True)
    mean = statistics.fmean(week)
    base = statistics.fmean(before)
    sd = max(statistics.stdev(before), MIN_LN_HRV_SD)
    below = (base - mean) / sd
    if below <= HRV_SWC_SD:
        return _HrvFinding((), False)
    level: Level = "red" if below > HRV_RED_SD else "amber"
    summary = (
        f"HRV {HRV_WEEK_DAYS}-day mean {math.exp(mean):.0f} ms is {below:.1f} SD below the "
        f"{HRV_BASELINE_DAYS}-day baseline of {math.exp(base):.0f} ms (ln rMSSD; {len(week)} readings "
        f"this week, the smallest worthwhile change is {HRV_SWC_SD} SD)."
    )
    return _HrvFinding((Signal("hrv_below_baseline", level, summary),), False)


def _resting_hr(entry: ReadinessDay, base: Baseline | None) -> list[Signal]:
    if entry.resting_hr is None or base is None:
        return []
    above = entry.resting_hr - base.mean
    if above <= RESTING_HR_AMBER_BPM:
        return []
    level: Level = "red" if above > RESTING_HR_RED_BPM else "amber"
    return [
        Signal(
            "resting_hr_elevated",
            level,
            f"Resting heart rate {entry.resting_hr:.0f} bpm is {above:.0f} bpm above the "
            f"{BASELINE_DAYS}-day baseline of {base.mean:.0f} bpm.",
        )
    ]


def _sleep(entry: ReadinessDay, base: Baseline | None) -> list[Signal]:
    hours = entry.sleep_hours
    if hours is None:
        return []
    if hours < SLEEP_RED_UNDER_HOURS:
        return [
            Signal("sleep_very_short", "red", f"Sleep {hours:.1f} h is under {SLEEP_RED_UNDER_HOURS:.0f} h.")
        ]
    if base is None:
        return []
    below = base.mean - hours
    if below <= SLEEP_AMBER_BELOW_HOURS:
        return []
    return [
        Signal(
            "sleep_below_baseline",
            "amber",
            f"Sleep {hours:.1f} h is {below:.1f} h below the {BASELINE_DAYS}-day baseline of "
            f"{base.mean:.1f} h.",
        )
    ]


def _high_score(score: int | None, code: str, name: str) -> list[Signal]:
    if score is None or score < HIGH_SCORE_AMBER:
        return []
    level: Level = "red" if score >= HIGH_SCORE_RED else "amber"
    return [Signal(code, level, f"{name} {score}/5 (5 is worst).")]


def _low_score(score: int | None, code: str, name: str) -> list[Signal]:
    if score is None or score > LOW_SCORE_AMBER:
        return []
    return [Signal(code, "amber", f"{name} {score}/5 (1 is worst).")]
