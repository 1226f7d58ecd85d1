"""The plan's weeks before any workout exists: phase, volume, long run and quality sessions.

Rules and their reasons are decision 0065 ("Weeks", amended for issue 30): phases base, build,
peak, taper; a cut-back week every 4th week holds the last building week's volume, its long run
75 % and its quality 80 % (a step back that still builds); building weeks grow at most 9 %
and never more than 9 % above both the week before and the 4-week average (the safety engine's
spike rule is 10 % above both); the long run grows 2 km a week (1.5 for beginners) within the
event's caps (distance and time) and 34 % of the week (Daniels' route: the week rises to carry the
long run, within the engine's 35 %); the taper cuts volume by event, deepest before ultras.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from knowledge.plan_generation.events import Event, Experience
from knowledge.plan_safety.long_run_caps import GENERATOR_MARGIN_PCT, long_run_cap
from services.training.plans.generator.workouts import QualityKind

Phase = Literal["base", "build", "peak", "taper"]
Group = Literal["short", "middle", "long", "marathon", "ultra"]

# The smallest week a plan starts from: three runs of 3-4 km.
MIN_START_KM: Final = 10.0
GROWTH: Final = 1.09
# The spike rule's 10 %, with a margin for rounding: a week never exceeds both bases by more.
SPIKE_MARGIN: Final = 1.09
# The engine's smallest base (decision 0060): from less, growth is measured against 15 km.
SPIKE_MIN_BASE_KM: Final = 15.0
# A cut-back week (every 4th) that still builds: the week's volume holds at the last building
# week's while its long run steps back 25 % and its one quality session to 80 % (Higdon's step-back
# weeks shorten the long run most). Cutting the volume too (Pfitzinger's ~80-85 %) cost every
# cycle its growth under the 10 % rule: the 4-week average fell, so the next week could only return.
CUTBACK: Final = 1.0
CUTBACK_LONG: Final = 0.75
CUTBACK_CYCLE: Final = 4
# The long run's share of its week: 34 % (the engine warns above 35 % once a week has 30 km;
# Daniels holds it to 25-30 %, Pfitzinger's peak weeks to about 35 %); smaller weeks may go to 45 %,
# joined so the cap never falls as volume rises.
LONG_SHARE: Final = 0.34
SMALL_WEEK_LONG_SHARE: Final = 0.45
# Higdon's route, where the plan cannot reach the week the event asks for (a 4-day week's easy runs
# stop at 90 minutes; a small start grows 9 % a week at most): the long run may take the share the
# engine allows a plan towards the event at the level (``knowledge.plan_safety.long_run_caps``, one
# table for both), less a point for rounding: 45 % of the week, so it still reaches its norm and the
# engine does not warn against a plan Kinetic made (decision 0114).
JUDGED_WEEK_KM: Final = 30.0
LONG_STEP_KM: Final[dict[Experience, float]] = {"beginner": 1.5, "intermediate": 2.0, "advanced": 2.0}
# Without a stated longest run, the athlete's long run is taken as 30 % of the stated week.
DEFAULT_LONG_SHARE: Final = 0.3
# The long run is at least a fifth of the week, so it stays the week's longest run.
MIN_LONG_SHARE: Final = 0.2
# Taper: each week's volume as a share of the peak week (the race week's is its training without
# the race), and each taper long run as a share of the peak long run (none in the race week).
# Ultras taper deeper in the race week (its training is a shake-out around a day-long race): Koerner
# and Roes cut the last week to a quarter to a third of the peak.
TAPER_VOLUME: Final[dict[int, tuple[float, ...]]] = {1: (0.55,), 2: (0.75, 0.5), 3: (0.8, 0.65, 0.45)}
ULTRA_TAPER_VOLUME: Final[dict[int, tuple[float, ...]]] = {2: (0.7, 0.3), 3: (0.75, 0.55, 0.3)}
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
    long_share: float = LONG_SHARE
    long_cap_km: float = math.inf


def phase_lengths(training_weeks: int) -> tuple[int, int, int]:
    """Base, build and peak weeks: peak a fifth, build about a third, base the rest (each >= 1)."""
    peak = max(1, round(training_weeks * 0.2))
    build = max(1, round(training_weeks * 0.35))
    return training_weeks - build - peak, build, peak


def higdon_long_share(event: Event, experience: Experience, days_per_week: int) -> float:
    """The long run's share on Higdon's route (FIRST's in three runs a week): the table's, a margin
    under the engine's line."""
    cap = long_run_cap(event.id, experience)
    return (cap.share(days_per_week) - GENERATOR_MARGIN_PCT) / 100


def long_run_share(
    reachable_km: float, wanted_km: float, event: Event, experience: Experience, days_per_week: int
) -> float:
    """Daniels' route (34 %) where the plan can reach the week the event asks for, else Higdon's
    (45 %; FIRST's 49-55 % in three runs a week towards the marathon or longer)."""
    if reachable_km >= wanted_km:
        return LONG_SHARE
    return higdon_long_share(event, experience, days_per_week)


def reachable_km(start_km: float, capacity_km: float, training_weeks: int) -> float:
    """The largest week the plan can build to: its days' capacity, and the start grown 9 % in three
    weeks of every four (the spike rule's pace; the fourth, the cut-back, holds)."""
    growth: float = GROWTH ** (training_weeks * (CUTBACK_CYCLE - 1) / CUTBACK_CYCLE)
    return min(capacity_km, start_km * growth)


def days_capacity_km(long_cap_km: float, easy_cap_km: float, days_per_week: int) -> float:
    """The most a week of ``days_per_week`` holds: the long run's cap and an easy run's on each other day."""
    return long_cap_km + (days_per_week - 1) * easy_cap_km


def long_share_cap(volume_km: float, share: float = LONG_SHARE) -> float:
    small = max(SMALL_WEEK_LONG_SHARE, share) * volume_km
    return min(small, max(share * volume_km, share * JUDGED_WEEK_KM))


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
    cycle = CUTBACK_CYCLE
    group = GROUPS.get(event.id, "ultra")
    capacity_km = days_capacity_km(long_cap_km, easy_cap_km, days_per_week)
    start_km = min(capacity_km, max(weekly_km, MIN_START_KM))
    wanted_km = max(start_km, event.peak_for(experience))
    target_km = min(capacity_km, wanted_km)
    share = long_run_share(
        reachable_km(start_km, capacity_km, training), wanted_km, event, experience, days_per_week
    )
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
        cap = min(long_cap_km, long_share_cap(volume, share))
        if index == 0:
            long_km = min(cap, max(stated_long, MIN_LONG_SHARE * volume))
        elif cutback:
            long_km = min(cap, CUTBACK_LONG * last_build_long)
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
                long_share=share,
                long_cap_km=long_cap_km,
            )
        )
        volumes.append(volume)
    peak_km = max(spec.volume_km for spec in specs)
    peak_long = max(spec.long_km for spec in specs)
    count = min(QUALITY_COUNT[experience]["taper"], 1)
    taper_scale = (BEGINNER_QUALITY if experience == "beginner" else 1.0) * TAPER_QUALITY
    for offset, (volume_share, long_share) in enumerate(
        zip((ULTRA_TAPER_VOLUME if event.ultra else TAPER_VOLUME)[taper], TAPER_LONG[taper], strict=True)
    ):
        volume = _one_decimal(peak_km * volume_share)
        specs.append(
            WeekSpec(
                monday=first_monday + timedelta(weeks=training + offset),
                phase="taper",
                cutback=False,
                volume_km=volume,
                long_km=_one_decimal(min(peak_long * long_share, long_share_cap(volume, share))),
                quality=QUALITY_ORDER[group]["taper"][:count],
                quality_scale=taper_scale,
                easy_cap_km=easy_cap_km,
                long_share=share,
                long_cap_km=long_cap_km,
            )
        )
    return tuple(specs)
