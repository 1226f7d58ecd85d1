"""Each week laid out, then held to the safety engine's spike rule on what it actually holds.

``progression`` plans kilometres; the laid-out week may hold a little more (runs have a minimum
length) and its stress depends on its sessions. So each week is laid out and measured: if its
running distance or its TSS is more than 9 % above both the week before and the 4-week average
(the engine warns at 10 %, decision 0060; bases below 15 km or 150 TSS count as those), its volume
and its quality work are lowered in proportion and it is laid out again (a few times at most). The
race week is not held to it: the race's distance is the event's. Decision 0065, "Weeks".
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

from kinetic.plan_generator.layout import week_workouts
from kinetic.plan_generator.paces import ZonePaces
from kinetic.plan_generator.progression import SPIKE_MARGIN, SPIKE_MIN_BASE_KM, WeekSpec, long_share_cap
from kinetic.plan_generator.request import PlanRequest
from kinetic.plan_generator.workouts import Workout

SPIKE_MIN_BASE_TSS: Final = 150.0
MAX_ATTEMPTS: Final = 6
AVERAGE_WEEKS: Final = 4


def _limit(totals: list[float], floor: float) -> float:
    prior = max(totals[-1], floor)
    average = max(math.fsum(totals[-AVERAGE_WEEKS:]) / len(totals[-AVERAGE_WEEKS:]), floor)
    return SPIKE_MARGIN * max(prior, average)


def _totals(workouts: list[Workout]) -> tuple[float, float]:
    return (
        math.fsum(w.distance_m for w in workouts) / 1000,
        math.fsum(w.planned_tss for w in workouts),
    )


def guarded_weeks(specs: tuple[WeekSpec, ...], request: PlanRequest, paces: ZonePaces) -> list[list[Workout]]:
    weeks: list[list[Workout]] = []
    km_totals: list[float] = []
    tss_totals: list[float] = []
    for index, spec in enumerate(specs):
        workouts = week_workouts(spec, request.days_per_week, request.race_date, request.event, paces)
        km, tss = _totals(workouts)
        if index == 0:
            # The stated weeks before the plan, shaped like this one (see ``safety``).
            scale = request.weekly_volume_km / km if km else 0.0
            km_totals = [request.weekly_volume_km] * AVERAGE_WEEKS
            tss_totals = [tss * scale] * AVERAGE_WEEKS
        elif index < len(specs) - 1:
            for _ in range(MAX_ATTEMPTS):
                over = max(
                    km / _limit(km_totals, SPIKE_MIN_BASE_KM), tss / _limit(tss_totals, SPIKE_MIN_BASE_TSS)
                )
                if over <= 1:
                    break
                volume = round(spec.volume_km / over - 0.1, 1)
                spec = replace(
                    spec,
                    volume_km=volume,
                    long_km=min(spec.long_km, round(long_share_cap(volume), 1)),
                    quality_scale=spec.quality_scale / over,
                )
                workouts = week_workouts(spec, request.days_per_week, request.race_date, request.event, paces)
                km, tss = _totals(workouts)
        weeks.append(workouts)
        km_totals.append(km)
        tss_totals.append(tss)
    return weeks
