"""``generate_plan``: a whole plan from a ``PlanRequest``, the same plan for the same request.

The plan is the weeks of ``progression`` laid out by ``layout``, the race day last, with its phases,
a weekly summary, the paces used and a fingerprint of the request. Decision 0065.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from knowledge.endurance.pace import SECONDS_PER_MINUTE
from knowledge.plan_generation.events import Event, Experience
from knowledge.plan_safety.long_run_caps import long_run_cap
from services.training.plans.generator.guard import guarded_weeks
from services.training.plans.generator.paces import (
    PLAN_VDOT_MAX,
    PLAN_VDOT_MIN,
    RaceEstimate,
    ZonePaces,
    estimated_vdot,
    race_estimate,
    zone_paces,
)
from services.training.plans.generator.progression import Phase, WeekSpec, plan_weeks
from services.training.plans.generator.request import PlanRequest
from services.training.plans.generator.workouts import Workout

# Changes whenever the same request would give another plan, so a fingerprint never names two.
GENERATOR_VERSION: Final = "3"
EASY_SHARE_OF_LONG: Final = 0.8
EASY_MAX_MINUTES: Final = 90
# "athlete_thresholds": the athlete's own VDOT (their profile's thresholds), which a signed-in
# athlete's plan is built from (issue 30: one source for paces; decision 0065, "VDOT and paces").
VdotSource = Literal["recent_race", "estimate", "athlete_thresholds"]

PHASE_FOCUS: Final[dict[Phase, str]] = {
    "base": "Aerobic base: easy volume grows steadily; short fast repetitions keep speed and form.",
    "build": "Build: volume keeps growing and the key sessions (intervals, threshold) begin.",
    "peak": "Peak: the highest volume and the most race-specific sessions and long runs.",
    "taper": "Taper: volume falls, a little intensity stays, to arrive fresh on race day.",
}


@dataclass(frozen=True)
class PhaseSpan:
    name: Phase
    start: date
    end: date
    focus: str


@dataclass(frozen=True)
class WeekSummary:
    """One week as planned: its running kilometres (the race included), long run, TSS."""

    week_start: date
    phase: Phase
    planned_km: float
    long_run_km: float
    planned_tss: float
    cutback: bool


@dataclass(frozen=True)
class GeneratedPlan:
    """A plan for ``request``: ``workouts`` in date order, the race last."""

    plan_id: str
    request: PlanRequest
    event: Event
    vdot: float
    vdot_source: VdotSource
    paces: ZonePaces
    race: RaceEstimate
    phases: tuple[PhaseSpan, ...]
    weeks: tuple[WeekSummary, ...]
    workouts: tuple[Workout, ...]

    @property
    def first_day(self) -> date:
        return self.weeks[0].week_start

    @property
    def race_day(self) -> date:
        return self.request.race_date


def plan_vdot(request: PlanRequest, athlete_vdot: float | None = None) -> tuple[float, VdotSource]:
    if athlete_vdot is not None and math.isfinite(athlete_vdot) and athlete_vdot > 0:
        return min(PLAN_VDOT_MAX, max(PLAN_VDOT_MIN, athlete_vdot)), "athlete_thresholds"
    if request.recent_race is not None:
        return request.recent_race.vdot, "recent_race"
    vdot = estimated_vdot(request.weekly_volume_km, request.experience)
    return min(PLAN_VDOT_MAX, max(PLAN_VDOT_MIN, vdot)), "estimate"


def long_run_cap_km(event: Event, experience: Experience, paces: ZonePaces) -> float:
    """The long-run cap of the event and level in km (``knowledge.plan_safety.long_run_caps``, the
    table the engine judges by), or what its time cap covers at the middle of easy pace."""
    cap = long_run_cap(event.id, experience)
    by_time = cap.minutes * SECONDS_PER_MINUTE / paces.easy.middle
    return min(cap.km, by_time)


def easy_run_cap_km(long_cap_km: float, paces: ZonePaces) -> float:
    """An easy run: at most 80 % of the long run's cap and 90 minutes."""
    return min(EASY_SHARE_OF_LONG * long_cap_km, EASY_MAX_MINUTES * SECONDS_PER_MINUTE / paces.easy.middle)


def generate_plan(request: PlanRequest, athlete_vdot: float | None = None) -> GeneratedPlan:
    """The plan for ``request``; paces from ``athlete_vdot`` (the athlete's thresholds) when given,
    else the request's recent race, else an estimate."""
    vdot, source = plan_vdot(request, athlete_vdot)
    paces = zone_paces(vdot)
    event = request.event
    long_cap = long_run_cap_km(event, request.experience, paces)
    specs = plan_weeks(
        event,
        request.experience,
        request.days_per_week,
        request.first_monday,
        request.weeks,
        request.weekly_volume_km,
        request.longest_run_km,
        long_cap,
        easy_run_cap_km(long_cap, paces),
    )
    weekly = guarded_weeks(specs, request, paces)
    return GeneratedPlan(
        plan_id=fingerprint(request, None if source != "athlete_thresholds" else vdot),
        request=request,
        event=event,
        vdot=vdot,
        vdot_source=source,
        paces=paces,
        race=race_estimate(event, vdot),
        phases=_phases(specs, request.race_date),
        weeks=tuple(_summary(spec, workouts) for spec, workouts in zip(specs, weekly, strict=True)),
        workouts=tuple(workout for workouts in weekly for workout in workouts),
    )


def _phases(specs: tuple[WeekSpec, ...], race_date: date) -> tuple[PhaseSpan, ...]:
    spans: list[PhaseSpan] = []
    for spec in specs:
        end = min(spec.monday + timedelta(days=6), race_date)
        if spans and spans[-1].name == spec.phase:
            spans[-1] = PhaseSpan(spec.phase, spans[-1].start, end, spans[-1].focus)
        else:
            spans.append(PhaseSpan(spec.phase, spec.monday, end, PHASE_FOCUS[spec.phase]))
    return tuple(spans)


def _summary(spec: WeekSpec, workouts: list[Workout]) -> WeekSummary:
    return WeekSummary(
        week_start=spec.monday,
        phase=spec.phase,
        planned_km=round(math.fsum(w.distance_m for w in workouts) / 1000, 1),
        long_run_km=round(
            max((w.distance_m for w in workouts if w.workout_type == "LONG"), default=0) / 1000, 1
        ),
        planned_tss=round(math.fsum(w.planned_tss for w in workouts), 1),
        cutback=spec.cutback,
    )


def fingerprint(request: PlanRequest, athlete_vdot: float | None = None) -> str:
    """A deterministic ID of the request (and the generator's version, and the athlete's VDOT when
    it set the paces): the same inputs, the same ID."""
    race = request.recent_race
    canonical = {
        "version": GENERATOR_VERSION,
        "event": request.event_id,
        "raceDate": request.race_date.isoformat(),
        "startDate": request.start_date.isoformat(),
        "weeklyVolumeKm": request.weekly_volume_km,
        "longestRunKm": request.longest_run_km,
        "recentRace": None if race is None else {"distanceM": race.distance_m, "timeS": race.time_s},
        "daysPerWeek": request.days_per_week,
        "experience": request.experience,
    }
    if athlete_vdot is not None:
        canonical["athleteVdot"] = round(athlete_vdot, 2)
    digest = hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return f"plan-{digest[:24]}"
