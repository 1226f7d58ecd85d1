"""Rule 1, ``weekly_volume_spike`` (warning): "weekly distance or TSS increases by more than 10 %
vs. the prior week AND vs. the 4-week rolling average" (the plan contract, section 4).

Each metric is judged on its own (running, cycling and swimming distance, and TSS over all sports),
for every week from the plan's first to its last. Bases are complete weeks only: the prior week and
the average of up to 4 complete weeks before (fewer at the start of a record; none, no judgement).
A base below the metric's minimum counts as the minimum, so growing from almost nothing is judged
by absolute volume, not by an endless percentage. A RACE is judged as a race, not as training:
its distance and stress are left out of every week's total here (a taper never reads as a spike);
a duration-only session counts its estimated distance. Decision 0060, Weekly volume spike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from knowledge.plan_safety.advisories import Advisory, VolumeMetric, VolumeSpike
from knowledge.plan_safety.text import day_text, metric_name, percent, volume_text
from knowledge.plan_safety.weeks import VOLUME_METRICS, Week

THRESHOLD_PCT: Final = 10.0
ROLLING_WEEKS: Final = 4
# About three short easy sessions of the sport in a week (3 x 5 km running, 3 x 17 km cycling,
# 3 x 1 km swimming; ~150 TSS is about three easy hours): below it a percentage measures a handful
# of kilometres, not a load the body has not met.
MINIMUM_BASE: Final[Mapping[VolumeMetric, float]] = {
    "run_distance_m": 15_000.0,
    "bike_distance_m": 50_000.0,
    "swim_distance_m": 3_000.0,
    "tss": 150.0,
}


def volume_spikes(weeks: Sequence[Week], first_plan_week: int) -> list[Advisory]:
    """The spikes of the weeks from index ``first_plan_week`` on (the weeks before are history)."""
    advisories: list[Advisory] = []
    for index in range(first_plan_week, len(weeks)):
        before = [week for week in weeks[max(0, index - ROLLING_WEEKS) : index] if week.complete]
        if not before or before[-1].start != weeks[index - 1].start:
            continue  # no complete prior week: nothing to compare with
        for metric in VOLUME_METRICS:
            spike = _spike(weeks[index], weeks[index - 1], before, metric)
            if spike is not None:
                advisories.append(spike)
    return advisories


def _spike(week: Week, prior: Week, before: Sequence[Week], metric: VolumeMetric) -> Advisory | None:
    total = week.trained[metric]
    prior_total = prior.trained[metric]
    average = math.fsum(w.trained[metric] for w in before) / len(before)
    floor = MINIMUM_BASE[metric]
    prior_base, average_base = max(prior_total, floor), max(average, floor)
    if not (_increase(total, prior_base) > THRESHOLD_PCT and _increase(total, average_base) > THRESHOLD_PCT):
        return None
    detail = VolumeSpike(
        week_start=week.start,
        metric=metric,
        week_total=total,
        prior_week_total=prior_total,
        rolling_average=average,
        weeks_averaged=len(before),
        increase_vs_prior_pct=_increase(total, prior_total) if prior_total > 0 else None,
        increase_vs_average_pct=_increase(total, average) if average > 0 else None,
        threshold_pct=THRESHOLD_PCT,
        minimum_base=floor,
    )
    return Advisory("warning", "weekly_volume_spike", _message(detail), week.start, detail)


def _increase(total: float, base: float) -> float:
    return percent((total / base - 1) * 100)


def _message(spike: VolumeSpike) -> str:
    metric = spike.metric
    cap = (1 + THRESHOLD_PCT / 100) * max(spike.prior_week_total, spike.rolling_average, spike.minimum_base)
    prior = volume_text(metric, spike.prior_week_total)
    average = volume_text(metric, spike.rolling_average)
    span = f"{spike.weeks_averaged}-week average"
    return (
        f"Week of {day_text(spike.week_start)}: planned {metric_name(metric)} of "
        f"{volume_text(metric, spike.week_total)} is {_rise(spike.increase_vs_prior_pct)} the week "
        f"before ({prior}) and {_rise(spike.increase_vs_average_pct)} the {span} ({average}). "
        f"Load raised by more than {THRESHOLD_PCT:.0f} % in one week outpaces what muscles, tendons "
        f"and bones have adapted to, the classic path to overuse injury. Keep this week at or below "
        f"{volume_text(metric, cap)}, or spread the increase over more weeks."
    )


def _rise(increase_pct: float | None) -> str:
    """How far above a base; a base of 0 has no percentage."""
    return "up from nothing in" if increase_pct is None else f"{increase_pct:.1f} % above"
