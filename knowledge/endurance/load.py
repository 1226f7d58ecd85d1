"""The performance management chart: training load over days, from a daily training-stress series.

Banister's impulse-response model (Banister et al. 1975) reads each day's training stress as an
impulse whose effect decays exponentially: slowly for fitness, quickly for fatigue. Coggan's
performance management chart uses it with TSS as the impulse:

- chronic training load, CTL ("fitness"): time constant 42 days;
- acute training load, ATL ("fatigue"): time constant 7 days;
- training stress balance, TSB ("form"): yesterday's CTL - yesterday's ATL, the form going into
  the day, before the day's own training;
- ramp rate: CTL today - CTL 7 days earlier, the chronic load gained in a week;
- workload ratio: the acute:chronic workload ratio on rolling sums (Gabbett 2016; Hulin et al.
  2014): the stress of the last 7 days against the weekly mean of the last 28 (both ending with the
  day), None while that mean is below ``MIN_CHRONIC_LOAD`` a day. Not ATL / CTL: with time
  constants of 7 and 42 days that ratio swings with the days of a weekly routine (a hard Saturday
  lifts it above 1.3 every Sunday), while rolling weekly sums see a routine as flat
  (docs/decisions/0112-load-judged-on-weekly-sums.md);
- an overtraining-risk class from the ramp rate and the workload ratio.

Each day's load follows from the day before in one step (CTL_d = CTL_{d-1} + (TSS_d - CTL_{d-1}) ×
(1 - e^(-1/42))), so a whole series is one pass over its days: O(days), ten years in milliseconds.
A day without an entry is a rest day (0 TSS). Figures keep full precision; a service rounds them.
Formula, constants, conventions and bands, with their sources:
docs/decisions/0051-power-stress-and-training-load.md.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

DailyStress = Mapping[date, float]
OvertrainingRisk = Literal["low", "moderate", "high", "very_high"]

CTL_TIME_CONSTANT_DAYS: Final = 42
ATL_TIME_CONSTANT_DAYS: Final = 7
# The share of the gap between today's stress and yesterday's load that today closes: the exact
# daily step of an exponential decay with the time constant (Banister's model), not its 1/τ
# approximation.
CTL_GAIN: Final = 1 - math.exp(-1 / CTL_TIME_CONSTANT_DAYS)
ATL_GAIN: Final = 1 - math.exp(-1 / ATL_TIME_CONSTANT_DAYS)
RAMP_DAYS: Final = 7
# The acute and chronic windows of the workload ratio (Gabbett 2016): a week against four.
ACUTE_DAYS: Final = 7
CHRONIC_DAYS: Final = 28

# Below 1 TSS a day of chronic load (about one 10-minute easy ride a week) there is no chronic
# base to compare with: the ratio would be a division by almost nothing, so it is None.
MIN_CHRONIC_LOAD: Final = 1.0

# Workload ratio bands (Gabbett 2016): 0.8-1.3 is the "sweet spot", 1.5 and above the "danger
# zone". Between 1.3 and 1.5 risk rises (moderate); from 2.0, acute load double the chronic, very
# high. Below 0.8 the athlete is unloading: a risk of losing fitness, not of overtraining (low).
RATIO_MODERATE_ABOVE: Final = 1.3
RATIO_HIGH_FROM: Final = 1.5
RATIO_VERY_HIGH_FROM: Final = 2.0
# Ramp rate bands, CTL gained per week: up to 5 a steady build, above 8 aggressive, above 12 (half
# as much again as aggressive) very high.
RAMP_MODERATE_ABOVE: Final = 5.0
RAMP_HIGH_ABOVE: Final = 8.0
RAMP_VERY_HIGH_ABOVE: Final = 12.0

_RISK_ORDER: Final[tuple[OvertrainingRisk, ...]] = ("low", "moderate", "high", "very_high")


@dataclass(frozen=True)
class PmcSeed:
    """The loads at the end of ``day``, carried in instead of re-reading every day before it."""

    day: date
    ctl: float
    atl: float


@dataclass(frozen=True)
class PmcDay:
    """One day of the chart, after the day's training (except TSB, which is the form going in).

    ``ramp_rate`` is None when CTL 7 days earlier is not known (before a seed); ``workload_ratio``
    when the chronic weekly mean is below ``MIN_CHRONIC_LOAD`` a day; ``risk`` when both are None.
    ``acute_week`` is the stress of the 7 days ending with the day, ``chronic_week`` the weekly
    mean of the 28 days ending with it (their ratio is ``workload_ratio``).
    """

    day: date
    stress: float
    ctl: float
    atl: float
    tsb: float
    ramp_rate: float | None
    workload_ratio: float | None
    risk: OvertrainingRisk | None
    acute_week: float = 0.0
    chronic_week: float = 0.0


@dataclass(frozen=True)
class SportLoads:
    """The chart of each sport, and of all of them together (the sum), over the same days."""

    by_sport: Mapping[str, tuple[PmcDay, ...]]
    combined: tuple[PmcDay, ...]


def next_load(previous: float, stress: float, gain: float) -> float:
    """One day of an exponentially weighted load: load_d = load_{d-1} + (TSS_d - load_{d-1}) × gain."""
    return previous + (stress - previous) * gain


def workload_ratio(acute_week: float, chronic_week: float) -> float | None:
    """The week's stress over the weekly mean of four weeks; None while that mean is below
    ``MIN_CHRONIC_LOAD`` a day."""
    return acute_week / chronic_week if chronic_week >= MIN_CHRONIC_LOAD * ACUTE_DAYS else None


def overtraining_risk(ramp_rate: float | None, ratio: float | None) -> OvertrainingRisk | None:
    """The higher of the classes of the ramp rate and of the workload ratio (either may be None).

    Bounds, each the top of the lower class: ratio ≤ 1.3 low, < 1.5 moderate, < 2.0 high, else very
    high (1.5 itself is high, as Gabbett's danger zone starts there); ramp ≤ 5 low, ≤ 8 moderate,
    ≤ 12 high, else very high (8 itself is not yet aggressive).
    """
    classes: list[OvertrainingRisk] = []
    if ratio is not None:
        if ratio >= RATIO_VERY_HIGH_FROM:
            classes.append("very_high")
        elif ratio >= RATIO_HIGH_FROM:
            classes.append("high")
        elif ratio > RATIO_MODERATE_ABOVE:
            classes.append("moderate")
        else:
            classes.append("low")
    if ramp_rate is not None:
        if ramp_rate > RAMP_VERY_HIGH_ABOVE:
            classes.append("very_high")
        elif ramp_rate > RAMP_HIGH_ABOVE:
            classes.append("high")
        elif ramp_rate > RAMP_MODERATE_ABOVE:
            classes.append("moderate")
        else:
            classes.append("low")
    return max(classes, key=_RISK_ORDER.index, default=None)


def pmc_series(
    first: date, last: date, daily_stress: DailyStress, seed: PmcSeed | None = None
) -> tuple[PmcDay, ...]:
    """The chart for every day from ``first`` to ``last`` (both included), in one pass.

    Without a seed, nothing was trained before the series' earliest day (or ``first``, if earlier):
    every load starts at 0 and the pass starts there, so days before ``first`` count. With a seed,
    its loads stand for everything up to ``seed.day`` (which must be before ``first``): entries on or
    before it are ignored, the pass starts the day after, and a ramp rate that would need CTL from
    before ``seed.day`` is None. The workload ratio's rolling sums read ``daily_stress`` for the 27
    days before each day whatever the seed: a caller with a seed passes those days too.
    """
    if last < first:
        raise ValueError(f"the last day {last} is before the first {first}")
    if seed is None:
        start = min(first, *daily_stress) if daily_stress else first
        ctl = atl = 0.0
        known_before_start = True  # CTL was 0 on every day before the start
    else:
        if seed.day >= first:
            raise ValueError(f"a seed is for a day before the first day {first}, not {seed.day}")
        start = seed.day + timedelta(days=1)
        ctl, atl = _checked_load(seed.ctl), _checked_load(seed.atl)
        known_before_start = False
    # ctl_history[i] is CTL at the end of day start + i - 1 (index 0: the day before the start).
    ctl_history = [ctl]
    chart: list[PmcDay] = []
    window = _StressWindow(daily_stress, start)
    for offset in range((last - start).days + 1):
        day = start + timedelta(days=offset)
        stress = _checked_stress(daily_stress.get(day, 0.0), day)
        acute, chronic = window.add(day, stress)
        tsb = ctl - atl
        ctl = next_load(ctl, stress, CTL_GAIN)
        atl = next_load(atl, stress, ATL_GAIN)
        ctl_history.append(ctl)
        if day < first:
            continue
        week_ago_index = offset + 1 - RAMP_DAYS
        if week_ago_index >= 0:
            ramp: float | None = ctl - ctl_history[week_ago_index]
        else:
            ramp = ctl if known_before_start else None
        ratio = workload_ratio(acute, chronic)
        chart.append(
            PmcDay(day, stress, ctl, atl, tsb, ramp, ratio, overtraining_risk(ramp, ratio), acute, chronic)
        )
    return tuple(chart)


class _StressWindow:
    """The rolling 7- and 28-day sums of daily stress, moved one day at a time (the 27 days before
    the pass's start are read from the series, also before a seed)."""

    def __init__(self, daily_stress: DailyStress, start: date) -> None:
        before = [start - timedelta(days=n) for n in range(CHRONIC_DAYS - 1, 0, -1)]
        self._recent = [_checked_stress(daily_stress.get(day, 0.0), day) for day in before]

    def add(self, day: date, stress: float) -> tuple[float, float]:
        """The 7-day sum and the 28-day weekly mean ending with ``day`` (its ``stress``)."""
        self._recent.append(stress)
        # Exact sums of the windows (no drift from adding and subtracting over years of days).
        acute = math.fsum(self._recent[-ACUTE_DAYS:])
        chronic = math.fsum(self._recent[-CHRONIC_DAYS:])
        if len(self._recent) > CHRONIC_DAYS:
            self._recent.pop(0)
        return acute, chronic * ACUTE_DAYS / CHRONIC_DAYS


def pmc_on(day: date, daily_stress: DailyStress, seed: PmcSeed | None = None) -> PmcDay:
    """The chart on one past (or any) day: the same pass as ``pmc_series``, ending there."""
    return pmc_series(day, day, daily_stress, seed)[0]


def pmc_by_sport(
    first: date,
    last: date,
    stress_by_sport: Mapping[str, DailyStress],
    seeds: Mapping[str, PmcSeed] | None = None,
) -> SportLoads:
    """Each sport's chart and the combined one, from ``first`` to ``last``.

    The model is linear, so the combined CTL, ATL, TSB and ramp rate are the sums of the sports'
    (the same as the chart of the summed daily stress from the same starting loads); the workload
    ratio and risk are not sums, they are worked out again from the combined loads. A combined ramp
    rate is None on a day any sport's is. ``seeds`` gives a sport its ``PmcSeed``; a sport without
    one starts from nothing, as in ``pmc_series``.
    """
    seeds = seeds or {}
    by_sport = {
        sport: pmc_series(first, last, stress, seeds.get(sport)) for sport, stress in stress_by_sport.items()
    }
    if not by_sport:
        return SportLoads({}, pmc_series(first, last, {}))
    combined = tuple(_sum_days(days) for days in zip(*by_sport.values(), strict=True))
    return SportLoads(by_sport, combined)


def _sum_days(days: tuple[PmcDay, ...]) -> PmcDay:
    ctl = math.fsum(day.ctl for day in days)
    atl = math.fsum(day.atl for day in days)
    ramps = [day.ramp_rate for day in days]
    ramp = None if None in ramps else math.fsum(r for r in ramps if r is not None)
    acute = math.fsum(day.acute_week for day in days)
    chronic = math.fsum(day.chronic_week for day in days)
    ratio = workload_ratio(acute, chronic)
    return PmcDay(
        day=days[0].day,
        stress=math.fsum(day.stress for day in days),
        ctl=ctl,
        atl=atl,
        tsb=math.fsum(day.tsb for day in days),
        ramp_rate=ramp,
        workload_ratio=ratio,
        risk=overtraining_risk(ramp, ratio),
        acute_week=acute,
        chronic_week=chronic,
    )


def _checked_stress(stress: float, day: date) -> float:
    if not math.isfinite(stress) or stress < 0:
        raise ValueError(f"training stress on {day} is a finite number, 0 or more, not {stress}")
    return float(stress)


def _checked_load(load: float) -> float:
    if not math.isfinite(load) or load < 0:
        raise ValueError(f"a seed's load is a finite number, 0 or more, not {load}")
    return float(load)
