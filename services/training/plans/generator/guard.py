"""Each week laid out, then held to the safety engine's rules on what it actually holds.

``progression`` plans kilometres; the laid-out week may hold a little more (runs have a minimum
length), and its stress depends on its sessions. So each week is laid out and measured against two
of the engine's rules (decision 0060), with a margin:

- spike: its running distance or TSS may be at most 9 % above both the week before and the 4-week
  average (the engine warns above 10 %; bases below 15 km or 150 TSS count as those);
- form: the projected TSB (the engine's own chart, from the projected start of ``safety``) may not
  fall below -25 after any of its days (the engine's critical line is -30; a real athlete's
  fitness may lag the projection by a few points: decision 0065, issue 30 amendment).

A week over either is lowered in volume and quality in proportion and laid out again, a few times
at most. The race week is held to the form rule only: the race's distance is the event's, and the
race itself counts no stress (see ``safety``). Decision 0065, "Weeks" and "Safety".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Final

from knowledge.endurance.load import ATL_GAIN, CTL_GAIN, next_load
from services.training.plans.generator.layout import week_workouts
from services.training.plans.generator.paces import ZonePaces
from services.training.plans.generator.progression import (
    SPIKE_MARGIN,
    SPIKE_MIN_BASE_KM,
    WeekSpec,
    long_share_cap,
)
from services.training.plans.generator.request import PlanRequest
from services.training.plans.generator.workouts import Workout

SPIKE_MIN_BASE_TSS: Final = 150.0
LOWEST_FORM: Final = -25.0
# When form is the problem, each attempt takes a tenth off.
FORM_STEP: Final = 1.1
MAX_ATTEMPTS: Final = 8
AVERAGE_WEEKS: Final = 4


@dataclass(frozen=True)
class Loads:
    """Fitness (CTL) and fatigue (ATL) at the end of a day."""

    ctl: float
    atl: float

    def after(self, stress: float) -> Loads:
        return Loads(next_load(self.ctl, stress, CTL_GAIN), next_load(self.atl, stress, ATL_GAIN))

    @property
    def form(self) -> float:
        """TSB going into the next day."""
        return self.ctl - self.atl


def counted_stress(workout: Workout) -> float:
    """The stress the safety check counts: none for the race (see ``safety``)."""
    return 0.0 if workout.workout_type == "RACE" else workout.planned_tss


def week_loads(start: Loads, spec: WeekSpec, workouts: list[Workout]) -> tuple[Loads, float]:
    """The loads at the end of the week and the lowest form after any of its days."""
    by_day: dict[int, float] = {}
    for workout in workouts:
        offset = (workout.day - spec.monday).days
        by_day[offset] = by_day.get(offset, 0.0) + counted_stress(workout)
    # ``Loads.after`` and ``form`` day by day, on the two figures (no value made per day: a plan's
    # weeks are laid out and measured about twenty times; decision 0123, third pass).
    ctl, atl, lowest = start.ctl, start.atl, math.inf
    for offset in range(7):
        stress = by_day.get(offset, 0.0)
        ctl, atl = next_load(ctl, stress, CTL_GAIN), next_load(atl, stress, ATL_GAIN)
        lowest = min(lowest, ctl - atl)
    return Loads(ctl, atl), lowest


def _limit(totals: list[float], floor: float) -> float:
    prior = max(totals[-1], floor)
    recent = totals[-AVERAGE_WEEKS:]
    return SPIKE_MARGIN * max(prior, max(math.fsum(recent) / len(recent), floor))


def _totals(workouts: list[Workout]) -> tuple[float, float]:
    return (
        math.fsum(w.distance_m for w in workouts) / 1000,
        math.fsum(counted_stress(w) for w in workouts),
    )


def guarded_weeks(specs: tuple[WeekSpec, ...], request: PlanRequest, paces: ZonePaces) -> list[list[Workout]]:
    weeks: list[list[Workout]] = []
    km_totals: list[float] = []
    tss_totals: list[float] = []
    loads = Loads(0.0, 0.0)
    for index, spec in enumerate(specs):
        race_week = index == len(specs) - 1
        workouts = week_workouts(spec, request.days_per_week, request.race_date, request.event, paces)
        km, tss = _totals(workouts)
        if index == 0:
            # The stated weeks before the plan, shaped like this one, and their steady loads
            # (``safety.projected_history`` and ``projected_seed``).
            scale = request.weekly_volume_km / km if km else 0.0
            km_totals = [request.weekly_volume_km] * AVERAGE_WEEKS
            tss_totals = [tss * scale] * AVERAGE_WEEKS
            loads = Loads(tss * scale / 7, tss * scale / 7)
            end, _ = week_loads(loads, spec, workouts)
        else:
            for _ in range(MAX_ATTEMPTS):
                end, lowest = week_loads(loads, spec, workouts)
                over = 1.0 if lowest >= LOWEST_FORM else FORM_STEP
                if not race_week:
                    spike = max(
                        km / _limit(km_totals, SPIKE_MIN_BASE_KM),
                        tss / _limit(tss_totals, SPIKE_MIN_BASE_TSS),
                    )
                    over = max(over, spike)
                if over <= 1:
                    break
                spec = _lowered(spec, over)
                workouts = week_workouts(spec, request.days_per_week, request.race_date, request.event, paces)
                km, tss = _totals(workouts)
            end, _ = week_loads(loads, spec, workouts)
        weeks.append(workouts)
        km_totals.append(km)
        tss_totals.append(tss)
        loads = end
    return weeks


def _lowered(spec: WeekSpec, factor: float) -> WeekSpec:
    volume = round(spec.volume_km / factor - 0.1, 1)
    return replace(
        spec,
        volume_km=volume,
        long_km=min(spec.long_km, round(long_share_cap(volume, spec.long_share), 1)),
        quality_scale=spec.quality_scale / factor,
    )
