"""The coach's table: what the generator plans for every event x level x days a week, beside the
published norm each figure is held to (issue 30; decision 0065, "Coach's table").

Each row is a plan for a standard athlete of the level (``STANDARD_START_KM``, at least the event's
entry minimum, no race given) over the event's usual plan length (``STANDARD_WEEKS``): its peak
week, peak long run, the largest share one long run takes of a judged week (30 km and up), the
taper's weeks and volumes, and the race week's training. ``GROUP_NORMS`` and ``EVENT_NORMS`` are
the published plans' figures; ``CoachRow.misses`` says which a row misses (none, by the tests).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from knowledge.endurance.pace import SECONDS_PER_MINUTE
from knowledge.plan_generation.events import EVENTS, EVENTS_BY_ID, EXPERIENCES, Event, Experience
from knowledge.plan_safety.long_run_caps import (
    FIRST_THREE_RUN_SHARE_PCT,
    PUBLISHED_ROUTE_SHARE_PCT,
    long_run_cap,
)
from services.training.plans.generator.plan import (
    GeneratedPlan,
    easy_run_cap_km,
    generate_plan,
    long_run_cap_km,
)
from services.training.plans.generator.progression import (
    GROUPS,
    MIN_START_KM,
    Group,
    days_capacity_km,
    long_run_share,
    reachable_km,
)
from services.training.plans.generator.progression import LONG_SHARE as PROGRESSION_LONG_SHARE
from services.training.plans.generator.request import PlanRequest, RecentRace

# A Tuesday: the standard plans start on the Monday after.
TABLE_TODAY: Final = date(2026, 12, 1)
STANDARD_START_KM: Final[dict[Experience, float]] = {"beginner": 25.0, "intermediate": 40.0, "advanced": 60.0}
# Published plans' usual length in weeks (Higdon: 8-12 for 5K/10K, 12 for the half, 18 for the
# marathon; ultra plans of Koerner and Roes 16-24 weeks).
STANDARD_WEEKS: Final[dict[Group, int]] = {"short": 10, "middle": 10, "long": 12, "marathon": 18, "ultra": 24}
# A judged week: the long-run rule's 30 km (decision 0060).
JUDGED_WEEK_KM: Final = 30.0
# The long run counts as reaching its time cap within 10 % of what the cap covers at easy pace.
AT_TIME_CAP: Final = 0.9
# The event's norms hold from 4 days a week; the peak week's only where the days can hold its low
# end (easy runs stop at 90 minutes, so a 4-day week holds less than the published 5-6-day plans).
# A 3-day week has its own norms (``three_day_norms``): FIRST's route.
LONG_NORM_FROM_DAYS: Final = 4
THREE_DAYS: Final = 3
# FIRST's three key runs ("Run Less, Run Faster", Pierce, Murr and Moss): key run 1 track repeats,
# 4-7 mi with warm-up and cool-down; key run 2 a tempo run, 4-10 mi with them; key run 3 the long
# run (the marathon's 13 to 20 mi). A 3-day week is its long run plus 13-27 km of key runs.
FIRST_KEY_RUNS_KM: Final = (13.0, 27.0)
FIRST_SOURCE: Final = "FIRST 3-day plans: long run as the event's (marathon 20 mi) + key runs 4-7 and 4-10 mi"
# A beginner's ultra on three runs a week: no published plan prepares one (FIRST is not a beginner's
# plan and has no ultra plan; the ultra plans of Koerner and Roes run 4-6 days), so the norm is the
# most a novice's long run is taken to, Higdon Novice's 20 mi or about 3 hours.
NOVICE_LONG_RUN_MINUTES: Final = 180
NOVICE_ULTRA_SOURCE: Final = (
    "beginner ultra on 3 days: Higdon Novice long run, 20 mi or ~3 h (no 3-day ultra plan)"
)


@dataclass(frozen=True)
class Norm:
    """A published range (km) and where it comes from."""

    low: float
    high: float
    source: str

    def text(self) -> str:
        return f"{self.low:.0f}-{self.high:.0f} ({self.source})"


Ranges = tuple[tuple[float, float], ...]


def _norms(
    long_runs: Ranges, weeks: Ranges, long_src: str, week_src: str
) -> dict[Experience, tuple[Norm, Norm]]:
    return {
        level: (Norm(*long_runs[i], long_src), Norm(*weeks[i], week_src))
        for i, level in enumerate(EXPERIENCES)
    }


_SHORT = _norms(
    ((8, 14), (11, 18), (14, 20)),
    ((25, 40), (38, 60), (55, 85)),
    "Higdon 5K novice-advanced 3-8 mi; Pfitzinger FRR 5K 10-13 mi",
    "Higdon 5K 15-30 mi/wk; Pfitzinger FRR 5K 30-55 mi/wk",
)
_MIDDLE = _norms(
    ((10, 15), (13, 20), (16, 24)),
    ((28, 45), (42, 65), (60, 95)),
    "Higdon 10K novice 6-7 mi, intermediate 8-12 mi; Pfitzinger FRR 10K-15K 12-15 mi",
    "Higdon 10K 18-35 mi/wk; Pfitzinger FRR 10K 35-60 mi/wk",
)
_LONG = _norms(
    ((15, 20), (19, 24), (22, 27)),
    ((35, 55), (48, 75), (65, 105)),
    "novice half 10-12 mi (Higdon Novice 1: 10 mi); Higdon intermediate 12 mi; Pfitzinger half 15-17 mi",
    "Higdon half 20-35 mi/wk; Pfitzinger half 47-63 mi/wk",
)
_MARATHON = _norms(
    ((24, 32), (29, 34), (32, 35)),
    ((55, 72), (70, 95), (90, 120)),
    "Higdon Novice 20 mi (or ~3 h); Higdon Intermediate 20 mi; Pfitzinger 18-week 20-22 mi",
    "Higdon Novice 40 mi/wk; Pfitzinger 18/55 and 18/70",
)
_ULTRA_SHORT = _norms(
    ((26, 40), (29, 40), (32, 40)),
    ((55, 80), (75, 105), (95, 135)),
    "Roes/Koerner 50K-6 h plans: 18-25 mi long runs",
    "Koerner 50K 35-70 mi/wk; Roes 50K 40-80 mi/wk",
)
_ULTRA_MIDDLE = _norms(
    ((29, 42), (32, 45), (35, 45)),
    ((60, 92), (80, 115), (105, 145)),
    "Koerner/Roes 50 mi-100K: 20-28 mi long runs (~4-5 h)",
    "Koerner 50 mi 40-80 mi/wk; Roes 100K 50-90 mi/wk",
)
_ULTRA_LONG = _norms(
    ((32, 50), (35, 50), (38, 50)),
    ((65, 100), (85, 130), (110, 160)),
    "Koerner 100 mi: 25-31 mi long runs (~5-5.5 h)",
    "Koerner 100 mi 50-100 mi/wk",
)
ULTRA_NORMS: Final = {
    "50K": _ULTRA_SHORT,
    "6H": _ULTRA_SHORT,
    "50_MILE": _ULTRA_MIDDLE,
    "100K": _ULTRA_MIDDLE,
    "12H": _ULTRA_MIDDLE,
    "100_MILE": _ULTRA_LONG,
    "24H": _ULTRA_LONG,
}
_15K = _norms(
    ((11, 17), (14, 21), (17, 24)),
    ((30, 50), (45, 70), (60, 100)),
    "between the 10K and half plans: Pfitzinger FRR 15K 12-15 mi",
    "between the 10K and half plans",
)
GROUP_NORMS: Final = {"short": _SHORT, "middle": _MIDDLE, "long": _LONG, "marathon": _MARATHON}
EVENT_NORMS: Final = {**ULTRA_NORMS, "15K": _15K}
# Taper (Bosquet et al. 2007 meta-analysis: 41-60 % less volume over about two weeks, intensity
# kept; Mujika & Padilla 2003): the race week's training at most 60 % of the peak week, under 35 %
# before an ultra (Koerner, Roes: the last week a shake-out).
RACE_WEEK_SHARE: Final = Norm(0, 60, "Bosquet 2007: -41 to -60 % volume; Pfitzinger race week ~35-45 %")
ULTRA_RACE_WEEK_SHARE: Final = Norm(0, 40, "Koerner, Roes: ultra race week a quarter to two fifths of peak")
# The long run's share of a judged week: the engine's 35 % (decision 0060), Daniels' 25-30 %, where
# the days hold the event's week; else Higdon's novice route, about half the week (at most 46 %).
LONG_SHARE: Final = Norm(0, 35, "Daniels route: engine 35 % (contract); Daniels 25-30 %")
HIGDON_SHARE: Final = Norm(
    0, PUBLISHED_ROUTE_SHARE_PCT, "Higdon route where the days cannot hold the week: about half"
)
FIRST_SHARE: Final = Norm(
    0,
    FIRST_THREE_RUN_SHARE_PCT,
    "FIRST 3-day, marathon and longer: 20 mi of 35-40 mi; a beginner 50, Higdon Novice 1",
)


def three_day_norms(event: Event, experience: Experience) -> tuple[Norm, Norm | None]:
    """A 3-day row's long-run and peak-week norms (None: no published 3-day week to hold it to)."""
    long_norm, _ = norms_for(event, experience)
    if event.ultra and experience == "beginner":
        novice, _ = norms_for(EVENTS_BY_ID["MARATHON"], "beginner")
        return Norm(novice.low, novice.high, NOVICE_ULTRA_SOURCE), None
    if event.ultra:
        return long_norm, None
    low, high = FIRST_KEY_RUNS_KM
    return Norm(long_norm.low, long_norm.high, FIRST_SOURCE), Norm(
        long_norm.low + low, long_norm.high + high, FIRST_SOURCE
    )


def norms_for(event: Event, experience: Experience) -> tuple[Norm, Norm]:
    """The peak long run's and the peak week's norm."""
    if event.id in EVENT_NORMS:
        return EVENT_NORMS[event.id][experience]
    return GROUP_NORMS[GROUPS[event.id]][experience]


@dataclass(frozen=True)
class CoachRow:
    event: Event
    experience: Experience
    days: int
    start_km: float
    weeks: int
    peak_km: float
    peak_long_km: float
    long_cap_km: float
    capacity_km: float
    long_share_pct: float
    taper_weeks: int
    taper_pct: tuple[float, ...]
    race_week_training_km: float
    long_norm: Norm
    week_norm: Norm | None
    share_norm: Norm

    @property
    def at_time_cap(self) -> bool:
        return self.peak_long_km >= AT_TIME_CAP * self.long_cap_km

    def misses(self) -> list[str]:
        """What is outside its norm (empty: the row is within every norm)."""
        missed: list[str] = []
        low, high = self.long_norm.low, self.long_norm.high
        short = self.peak_long_km < low and not self.at_time_cap
        if self.peak_long_km > high or short:
            missed.append(f"peak long run {self.peak_long_km} km not in {low:.0f}-{high:.0f} nor at its cap")
        if self.long_share_pct > self.share_norm.high:
            missed.append(f"long run {self.long_share_pct} % of a judged week")
        week = self.week_norm
        # A runner already above the norm holds their volume (decision 0065, "Volume").
        in_week_norm = week is None or week.low <= self.peak_km <= max(week.high, self.start_km)
        judged = week is not None and (self.days == THREE_DAYS or self.capacity_km >= week.low)
        if judged and not in_week_norm:
            assert week is not None
            missed.append(f"peak week {self.peak_km} km not in {week.low:.0f}-{week.high:.0f}")
        race_norm = ULTRA_RACE_WEEK_SHARE if self.event.ultra else RACE_WEEK_SHARE
        if self.taper_pct[-1] > race_norm.high:
            missed.append(f"race week training {self.taper_pct[-1]} % of peak")
        if list(self.taper_pct) != sorted(self.taper_pct, reverse=True):
            missed.append("taper volume does not fall week by week")
        return missed


def standard_request(event: Event, experience: Experience, days: int) -> PlanRequest:
    weeks = min(event.max_weeks, max(event.min_weeks, STANDARD_WEEKS[GROUPS.get(event.id, "ultra")]))
    first_monday = TABLE_TODAY + timedelta(days=(7 - TABLE_TODAY.weekday()) % 7)
    race = first_monday + timedelta(weeks=weeks - 1, days=6)
    start_km = max(event.min_weekly_km, STANDARD_START_KM[experience])
    return PlanRequest(event.id, race, TABLE_TODAY, start_km, None, None, days, experience)


def coach_row(plan: GeneratedPlan) -> CoachRow:
    request = plan.request
    weeks = plan.weeks
    training = [w for w in weeks if w.phase != "taper"]
    taper = [w for w in weeks if w.phase == "taper"]
    peak = max(w.planned_km for w in training)
    race_km = plan.race.distance_m / 1000
    taper_km = [w.planned_km for w in taper[:-1]] + [round(taper[-1].planned_km - race_km, 1)]
    shares = [w.long_run_km / w.planned_km * 100 for w in weeks[:-1] if w.planned_km >= JUDGED_WEEK_KM]
    long_norm: Norm
    week_norm: Norm | None
    long_norm, week_norm = norms_for(plan.event, request.experience)
    long_cap = long_run_cap_km(plan.event, request.experience, plan.paces)
    three_days = request.days_per_week == THREE_DAYS
    if three_days:
        long_norm, week_norm = three_day_norms(plan.event, request.experience)
    capacity = days_capacity_km(long_cap, easy_run_cap_km(long_cap, plan.paces), request.days_per_week)
    wanted = max(request.weekly_volume_km, plan.event.peak_for(request.experience))
    training_weeks = len(weeks) - len(taper)
    start = min(capacity, max(request.weekly_volume_km, MIN_START_KM))
    reachable = reachable_km(start, capacity, training_weeks)
    share = long_run_share(reachable, wanted, plan.event, request.experience, request.days_per_week)
    daniels = share == PROGRESSION_LONG_SHARE
    table_share = long_run_cap(plan.event.id, request.experience).share(request.days_per_week)
    share_norm = (
        LONG_SHARE
        if daniels
        else HIGDON_SHARE
        if table_share == HIGDON_SHARE.high
        else Norm(0, table_share, FIRST_SHARE.source)
    )
    # The cap a long run counts as reached: the event's, or a novice's 3 hours (a beginner's ultra on
    # three days a week, held to the novice marathoner's long run).
    norm_cap = long_cap
    if three_days and plan.event.ultra and request.experience == "beginner":
        norm_cap = NOVICE_LONG_RUN_MINUTES * SECONDS_PER_MINUTE / plan.paces.easy.middle
    return CoachRow(
        event=plan.event,
        experience=request.experience,
        days=request.days_per_week,
        start_km=request.weekly_volume_km,
        weeks=len(weeks),
        peak_km=peak,
        peak_long_km=max(w.long_run_km for w in weeks),
        long_cap_km=round(norm_cap, 1),
        capacity_km=round(capacity, 1),
        long_share_pct=round(max(shares, default=0.0), 1),
        taper_weeks=len(taper),
        taper_pct=tuple(round(km / peak * 100) for km in taper_km),
        race_week_training_km=taper_km[-1],
        long_norm=long_norm,
        week_norm=week_norm,
        share_norm=share_norm,
    )


def coach_rows() -> Iterator[CoachRow]:
    for event in EVENTS:
        for experience in EXPERIENCES:
            for days in range(3, 8):
                yield coach_row(generate_plan(standard_request(event, experience, days)))


def row_text(row: CoachRow) -> str:
    taper = "/".join(f"{p:.0f}" for p in row.taper_pct)
    cap = "*" if row.at_time_cap else ""
    return (
        f"{row.event.id:<13} {row.experience:<12} {row.days}  {row.start_km:>5.0f} {row.weeks:>3}  "
        f"{row.peak_km:>6.1f} {row.peak_long_km:>5.1f}{cap:<1} {row.long_share_pct:>5.1f}  "
        f"{row.taper_weeks} {taper:<10} {row.race_week_training_km:>5.1f}  "
        f"long {row.long_norm.low:.0f}-{row.long_norm.high:.0f} "
        + ("week -" if row.week_norm is None else f"week {row.week_norm.low:.0f}-{row.week_norm.high:.0f}")
        + f" share {row.share_norm.high:.0f}"
    )


HEADER: Final = (
    "event         level        d  start wks    peak  long   share  taper (% of peak) race-wk  norms (km)"
)


def case_request(
    event_id: str,
    weeks: int,
    weekly_km: float,
    experience: Experience,
    *,
    days: int = 4,
    longest_km: float | None = None,
    recent_race: RecentRace | None = None,
) -> PlanRequest:
    first_monday = TABLE_TODAY + timedelta(days=(7 - TABLE_TODAY.weekday()) % 7)
    race = first_monday + timedelta(weeks=weeks - 1, days=6)
    return PlanRequest(event_id, race, TABLE_TODAY, weekly_km, longest_km, recent_race, days, experience)


# The plans issue 30 names: (label, request).
ISSUE_CASES: Final = (
    ("marathon, beginner, 30 km/wk, 21 weeks", case_request("MARATHON", 21, 30, "beginner")),
    (
        "marathon, intermediate, 40 km/wk, half in 1:45",
        case_request("MARATHON", 18, 40, "intermediate", recent_race=RecentRace(21_097.5, 105 * 60)),
    ),
    (
        "half marathon, intermediate, 35 km/wk, longest 16.75 km",
        case_request("HALF_MARATHON", 12, 35, "intermediate", longest_km=16.75),
    ),
    ("5K, beginner, 20 km/wk, 11 weeks", case_request("5K", 11, 20, "beginner")),
    ("100 mile, intermediate, 70 km/wk, 6 days", case_request("100_MILE", 24, 70, "intermediate", days=6)),
)


def last_days_km(plan: GeneratedPlan, days: int = 3) -> list[float]:
    """The training kilometres of each of the ``days`` days before the race, earliest first."""
    race_day = plan.race_day
    days_km = [
        math.fsum(w.distance_m for w in plan.workouts if w.day == race_day - timedelta(days=back)) / 1000
        for back in range(days, 0, -1)
    ]
    return [round(km, 1) for km in days_km]


def issue_cases() -> Iterator[str]:
    for label, request in ISSUE_CASES:
        plan = generate_plan(request)
        row = coach_row(plan)
        yield f"{label}: VDOT {plan.vdot:.1f}"
        yield "  weeks (km/long): " + " ".join(f"{w.planned_km:.0f}/{w.long_run_km:.0f}" for w in plan.weeks)
        yield (
            f"  peak week {row.peak_km} km, peak long run {row.peak_long_km} km (cap {row.long_cap_km}), "
            f"share {row.long_share_pct} %, taper {row.taper_pct}, last 3 days {last_days_km(plan)} km"
        )
        first = [w for w in plan.workouts if w.day < plan.first_day + timedelta(weeks=2)]
        longest_easy = max((w.distance_m for w in first if w.workout_type == "EASY"), default=0)
        longest_long = max((w.distance_m for w in first if w.workout_type == "LONG"), default=0)
        yield f"  weeks 1-2: long run {longest_long / 1000} km, longest easy run {longest_easy / 1000} km"
