"""The plan's weeks before any workout exists: phase, volume, long run and quality sessions.

Rules and their reasons are decision 0065 ("Weeks"): phases base, build, peak, taper; a cut-back
week every 4th week (every 3rd for beginners) at 75 % of the last building week; building weeks
grow at most 8 % and never more than 9 % above both the week before and the 4-week average (the
safety engine's spike rule is 10 % above both); the long run grows 2 km a week (1.5 for
beginners) within the event's caps and a third of the week; the taper cuts volume by distance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from knowledge.plan_generation.events import Event, Experience
from services.training.plans.generator.workouts import QualityKind

Phase = Literal["base", "build", "peak", "taper"]
Group = Literal["short", "middle", "long", "marathon", "ultra"]

# The smallest week a plan starts from: three runs of 3-4 km.
MIN_START_KM: Final = 10.0
GROWTH: Final = 1.08
# The spike rule's 10 %, with a margin for rounding: a week never exceeds both bases by more.
SPIKE_MARGIN: Final = 1.09
# The engine's smallest base (decision 0060): from less, growth is measured against 15 km.
SPIKE_MIN_BASE_KM: Final = 15.0
CUTBACK: Final = 0.75
# The long run's share of its week: a third (the engine warns above 35 % once a week has 30 km);
# smaller weeks may go to 45 %, joined so the cap never falls as volume rises.
LONG_SHARE: Final = 0.33
SMALL_WEEK_LONG_SHARE: Final = 0.45
JUDGED_WEEK_KM: Final = 30.0
LONG_STEP_KM: Final[dict[Experience, float]] = {"beginner": 1.5, "intermediate": 2.0, "advanced": 2.0}
# Without a stated longest run, the athlete's long run is taken as 30 % of the stated week.
DEFAULT_LONG_SHARE: Final = 0.3
# The long run is at least a fifth of the week, so it stays the week's longest run.
MIN_LONG_SHARE: Final = 0.2
# Taper: each week's volume as a share of the peak week (the race week's is its training without
# the race), and each taper long run as a share of the peak long run (none in the race week).
TAPER_VOLUME: Final[dict[int, tuple[float, ...]]] = {1: (0.6,), 2: (0.75, 0.5), 3: (0.8, 0.65, 0.45)}
TAPER_LONG: Final[dict[int, tuple[float, ...]]] = {1: (0.0,), 2: (0.65, 0.0), 3: (0.8, 0.6, 0.0)}

# Quality sessions by event group and phase, first and second of the week (Daniels' order: speed
# and economy (R) early, then VO2max (I) and threshold (T), then what the race itself asks for).
QUALITY_ORDER: Final[dict[Group, dict[Phase, tuple[QualityKind, ...]]]] = {
    "short": {"base": ("R", "T"), "build": ("I", "R"), "peak": ("I", "R"), "taper": ("R",)},
    "middle": {"base": ("R", "T"), "build": ("I", "T"), "peak": ("T", "I"), "taper": ("T",)},
    "long": {"base": ("R", "T"), "build": ("T", "I"), "peak": ("T", "I"), "taper": ("T",)},
    "marathon": {"base": ("R", "T"), "build": ("T", "M"), "peak": ("M", "T"), "taper": ("M",)},
    "ultra": {"base": ("T", "R"), "build": ("T", "M"), "peak": ("M", "T"), "taper": ("T",)},
}
QUALITY_COUNT: Final[dict[Experience, dict[Phase, int]]] = {
    "beginner": {"base": 0, "build": 1, "peak": 1, "taper": 1},
    "intermediate": {"base": 1, "build": 2, "peak": 2, "taper": 1},
    "advanced": {"base": 2, "build": 2, "peak": 2, "taper": 1},
}
# How much of a quality session's work an athlete does: beginners 80 %, a taper 70 %, a cut-back 80 %.
BEGINNER_QUALITY: Final = 0.8
TAPER_QUALITY: Final = 0.7
CUTBACK_QUALITY: Final = 0.8
GROUPS: Final[dict[str, Group]] = {
    "MILE": "short",
    "3000M": "short",
    "5K": "short",
    "8K": "middle",
    "10K": "middle",
    "15K": "middle",
    "10_MILE": "long",
    "20K": "long",
    "HALF_MARATHON": "long",
    "MARATHON": "marathon",
}


@dataclass(frozen=True)
class WeekSpec:
    """One week as planned: what the workouts of it are then built to."""

    monday: date
    phase: Phase
    cutback: bool
    volume_km: float
    long_km: float
    quality: tuple[QualityKind, ...]
    quality_scale: float
    easy_cap_km: float


def phase_lengths(training_weeks: int) -> tuple[int, int, int]:
    """Base, build and peak weeks: peak a fifth, build about a third, base the rest (each >= 1)."""
    peak = max(1, round(training_weeks * 0.2))
    build = max(1, round(training_weeks * 0.35))
    return training_weeks - build - peak, build, peak


def long_share_cap(volume_km: float) -> float:
    return min(SMALL_WEEK_LONG_SHARE * volume_km, max(LONG_SHARE * volume_km, LONG_SHARE * JUDGED_WEEK_KM))


def _one_decimal(km: float) -> float:
    return round(km, 1)


def plan_weeks(
    event: Event,
    experience: Experience,
    days_per_week: int,
    first_monday: date,
    weeks: int,
    weekly_km: float,
    longest_run_km: float | None,
    long_cap_km: float,
    easy_cap_km: float,
) -> tuple[WeekSpec, ...]:
    """Every week from ``first_monday``; the last is the race week (its training, not the race).

    A week never holds more than its days can: the long run's cap plus an easy run's cap on each
    other day (no doubles); an athlete stating more starts at that.
    """
    taper = event.taper_weeks
    training = weeks - taper
    base, build, _ = phase_lengths(training)
    cycle = 3 if experience == "beginner" else 4
    group = GROUPS.get(event.id, "ultra")
    capacity_km = long_cap_km + (days_per_week - 1) * easy_cap_km
    start_km = min(capacity_km, max(weekly_km, MIN_START_KM))
    target_km = min(capacity_km, max(start_km, event.peak_for(experience)))
    volumes: list[float] = [weekly_km] * 4  # the stated weeks before the plan, as the engine sees them
    specs: list[WeekSpec] = []
    last_build_km = start_km
    stated_long = weekly_km * DEFAULT_LONG_SHARE if longest_run_km is None else longest_run_km
    last_build_long = 0.0
    for index in range(training):
        phase: Phase = "base" if index < base else "build" if index < base + build else "peak"
        cutback = (index + 1) % cycle == 0 and index != training - 1
        if index == 0:
            volume = start_km
        elif cutback:
            volume = CUTBACK * last_build_km
        else:
            bases = (max(volumes[-1], SPIKE_MIN_BASE_KM), max(math.fsum(volumes[-4:]) / 4, SPIKE_MIN_BASE_KM))
            volume = min(target_km, last_build_km * GROWTH, SPIKE_MARGIN * max(bases))
        volume = _one_decimal(volume)
        cap = min(long_cap_km, long_share_cap(volume))
        if index == 0:
            long_km = min(cap, max(stated_long, MIN_LONG_SHARE * volume))
        elif cutback:
            long_km = min(cap, CUTBACK * last_build_long)
        else:
            long_km = min(cap, max(last_build_long + LONG_STEP_KM[experience], MIN_LONG_SHARE * volume))
        long_km = _one_decimal(long_km)
        if not cutback:
            last_build_km, last_build_long = volume, long_km
        count = QUALITY_COUNT[experience][phase]
        if days_per_week == 3 or cutback:
            count = min(count, 1)
        scale = (BEGINNER_QUALITY if experience == "beginner" else 1.0) * (
            CUTBACK_QUALITY if cutback else 1.0
        )
        specs.append(
            WeekSpec(
                monday=first_monday + timedelta(weeks=index),
                phase=phase,
                cutback=cutback,
                volume_km=volume,
                long_km=long_km,
                quality=QUALITY_ORDER[group][phase][:count],
                quality_scale=scale,
                easy_cap_km=easy_cap_km,
            )
        )
        volumes.append(volume)
    peak_km = max(spec.volume_km for spec in specs)
    peak_long = max(spec.long_km for spec in specs)
    count = min(QUALITY_COUNT[experience]["taper"], 1)
    taper_scale = (BEGINNER_QUALITY if experience == "beginner" else 1.0) * TAPER_QUALITY
    for offset, (volume_share, long_share) in enumerate(
        zip(TAPER_VOLUME[taper], TAPER_LONG[taper], strict=True)
    ):
        volume = _one_decimal(peak_km * volume_share)
        specs.append(
            WeekSpec(
                monday=first_monday + timedelta(weeks=training + offset),
                phase="taper",
                cutback=False,
                volume_km=volume,
                long_km=_one_decimal(min(peak_long * long_share, long_share_cap(volume))),
                quality=QUALITY_ORDER[group]["taper"][:count],
                quality_scale=taper_scale,
                easy_cap_km=easy_cap_km,
            )
        )
    return tuple(specs)
