"""Recovery class (green, amber, red) from the day's readiness entry against the athlete's own
rolling baselines.

A baseline is the mean and sample standard deviation of one measure over the 28 days before the
day (the day itself excluded), counted only from ``MIN_BASELINE_ENTRIES`` entries with that
measure: fewer, and the signal is not judged (``baseline_building``). Absolute bands (a night under
5 hours, a subjective score of 4 or 5) need no baseline. The class is the worst signal's. Bands and
sources: docs/decisions/0058-daily-coaching-decision.md (Recovery).
"""

from __future__ import annotations

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
# A perfectly steady HRV baseline (SD 0) would make any dip "many SDs" low; 1 ms is below what
# a wrist or chest-strap reading resolves day to day.
MIN_HRV_SD_MS: Final = 1.0
HRV_AMBER_SD: Final = 1.0
HRV_RED_SD: Final = 2.0
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


def assess(entries: Sequence[ReadinessDay], day: date) -> Recovery:
    """The recovery class of ``day`` from its entry (none: green, ``no_readiness_data``)."""
    entry = next((e for e in entries if e.day == day), None)
    if entry is None:
        return Recovery(
            "green", (Signal("no_readiness_data", "green", "No readiness entry for the day."),), None
        )
    signals = [
        *_hrv(entry, baseline(entries, day, "hrv_ms")),
        *_resting_hr(entry, baseline(entries, day, "resting_hr")),
        *_sleep(entry, baseline(entries, day, "sleep_hours")),
        *_high_score(entry.soreness, "soreness_high", "Soreness"),
        *_high_score(entry.fatigue, "fatigue_high", "Fatigue"),
        *_high_score(entry.stress, "stress_high", "Stress"),
        *_low_score(entry.sleep_quality, "sleep_quality_low", "Sleep quality"),
        *_low_score(entry.mood, "mood_low", "Mood"),
    ]
    building = [
        field
        for field in ("hrv_ms", "resting_hr", "sleep_hours")
        if getattr(entry, field) is not None and baseline(entries, day, field) is None
    ]
    if building:
        names = ", ".join(_FIELD_NAMES[field] for field in building)
        signals.append(
            Signal(
                "baseline_building",
                "green",
                f"Baseline still building for {names} (fewer than {MIN_BASELINE_ENTRIES} entries in "
                f"the last {BASELINE_DAYS} days).",
            )
        )
    return Recovery(worst([s.level for s in signals]), tuple(signals), entry)


_FIELD_NAMES: Final = {"hrv_ms": "HRV", "resting_hr": "resting heart rate", "sleep_hours": "sleep"}


def _hrv(entry: ReadinessDay, base: Baseline | None) -> list[Signal]:
    if entry.hrv_ms is None or base is None:
        return []
    sd = max(base.sd, MIN_HRV_SD_MS)
    below = (base.mean - entry.hrv_ms) / sd
    if below <= HRV_AMBER_SD:
        return []
    level: Level = "red" if below > HRV_RED_SD else "amber"
    return [
        Signal(
            "hrv_below_baseline",
            level,
            f"HRV {entry.hrv_ms:.0f} ms is {below:.1f} SD below the {BASELINE_DAYS}-day baseline of "
            f"{base.mean:.0f} ms.",
        )
    ]


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
