"""The generated plan through the safety engine (decision 0060), as an anonymous athlete's.

An anonymous athlete has no recorded training, so the starting point is projected from what they
state (decision 0065, "Safety"): the four weeks before the plan are taken as four repeats of the
plan's first week scaled to the stated weekly volume (the first week is built at that volume), and
the starting loads as that week's steady state (CTL = ATL = its TSS / 7, form 0).

The race enters whole, its stress included, as a stored plan's race does: the engine does not judge
the race's own recovery days (decision 0060, "Race recovery"), so an ultra's fatigue after the
finish is no advisory, while every rule still sees the race (nothing hard the day before it, the
week's distance).
"""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Final

from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety import (
    Advisory,
    CompletedDay,
    GoalRace,
    PlannedWorkout,
    TrainingHistory,
    evaluate_plan_safety,
)
from services.training.plans.generator.plan import GeneratedPlan

HISTORY_WEEKS: Final = 4


def planned_workouts(plan: GeneratedPlan) -> tuple[PlannedWorkout, ...]:
    """The plan as the engine sees it."""
    return tuple(
        PlannedWorkout(
            day=w.day,
            sport=w.sport,
            workout_type=w.workout_type,
            planned_tss=w.planned_tss,
            distance_m=w.distance_m,
            duration_s=w.duration_s,
            workout_id=f"{plan.plan_id}-{index + 1}",
        )
        for index, w in enumerate(plan.workouts)
    )


def projected_history(plan: GeneratedPlan) -> TrainingHistory:
    """Four weeks of the stated volume, each shaped like the plan's first week."""
    first = plan.first_day
    week = [w for w in plan.workouts if w.day < first + timedelta(weeks=1)]
    week_m = math.fsum(w.distance_m for w in week)
    scale = plan.request.weekly_volume_km * 1000 / week_m if week_m else 0.0
    days = [
        CompletedDay(w.day - timedelta(weeks=back), tss=w.planned_tss * scale, run_m=w.distance_m * scale)
        for back in range(1, HISTORY_WEEKS + 1)
        for w in week
    ]
    return TrainingHistory.of(first - timedelta(weeks=HISTORY_WEEKS), days)


def projected_seed(plan: GeneratedPlan) -> PmcSeed:
    """Steady loads of the projected weeks on the day before the plan: CTL = ATL, form 0."""
    history = projected_history(plan)
    daily = math.fsum(day.tss for day in history.days) / (HISTORY_WEEKS * 7)
    return PmcSeed(plan.first_day - timedelta(days=1), ctl=daily, atl=daily)


def safety_check(plan: GeneratedPlan) -> tuple[Advisory, ...]:
    """The engine's advisories for the plan from the projected start; a generated plan must have
    no critical one (``knowledge.plan_safety.has_critical``)."""
    # Monday weeks: the generator builds its weeks Monday to Sunday and the anonymous caller has
    # no account, so no first weekday of their own (decision 0060, Weeks).
    return evaluate_plan_safety(
        planned_workouts(plan),
        projected_history(plan),
        projected_seed(plan),
        week_starts_on=1,
        goal=goal_race(plan),
    )


def goal_race(plan: GeneratedPlan) -> GoalRace:
    """The plan's event and the athlete's level: the long-run rule judges the plan by the table
    the generator built it by (``knowledge.plan_safety.long_run_caps``, decision 0114)."""
    return GoalRace(plan.event.id, plan.request.experience)
