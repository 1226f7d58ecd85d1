"""A generated plan as ``generate_running_plan`` answers it: camelCase JSON, the seed's style (0066).

Everything an assistant needs to present the plan without another call: the event and the expected
race, the paces used and where they came from, the phases, a summary per week (the figures the
page's chart draws) and every workout with its structured steps. Distances are in kilometres for
reading and in metres where a step is exact; paces are seconds per km with their "m:ss" text.
"""

from __future__ import annotations

from typing import Any

from kinetic.endurance.pace import clock_text
from kinetic.plan_generator.paces import PaceTarget
from kinetic.plan_generator.plan import GeneratedPlan, PhaseSpan, WeekSummary
from kinetic.plan_generator.workouts import Step, Workout

Json = dict[str, Any]


def km(meters: float) -> float:
    return round(meters / 1000, 2)


def pace_json(target: PaceTarget) -> Json:
    return {
        "zone": target.zone,
        "fastSecondsPerKm": target.low_s_per_km,
        "slowSecondsPerKm": target.high_s_per_km,
        "text": f"{clock_text(target.low_s_per_km)}-{clock_text(target.high_s_per_km)} /km",
    }


def step_json(step: Step) -> Json:
    out: Json = {"type": step.type}
    if step.role:
        out["role"] = step.role
    if step.type == "repeat":
        out["repeatCount"] = step.repeat_count
        out["steps"] = [step_json(inner) for inner in step.steps]
        return out
    if step.distance_m is not None:
        out["distanceM"] = round(step.distance_m)
    if step.duration_s is not None:
        out["durationS"] = step.duration_s
    if step.target is not None:
        out["pace"] = pace_json(step.target)
    if step.notes:
        out["notes"] = step.notes
    return out


def workout_json(workout: Workout) -> Json:
    return {
        "date": workout.day.isoformat(),
        "dayOfWeek": f"{workout.day:%A}",
        "sport": workout.sport,
        "workoutType": workout.workout_type,
        "name": workout.name,
        "description": workout.description,
        "distanceKm": km(workout.distance_m),
        "durationS": workout.duration_s,
        "plannedTss": workout.planned_tss,
        "structuredSteps": [step_json(step) for step in workout.steps],
    }


def phase_json(phase: PhaseSpan) -> Json:
    return {
        "phase": phase.name,
        "startDate": phase.start.isoformat(),
        "endDate": phase.end.isoformat(),
        "focus": phase.focus,
    }


def week_json(number: int, week: WeekSummary) -> Json:
    return {
        "week": number,
        "weekStart": week.week_start.isoformat(),
        "phase": week.phase,
        "plannedKm": week.planned_km,
        "longRunKm": week.long_run_km,
        "plannedTss": week.planned_tss,
        "cutback": week.cutback,
    }


def plan_json(plan: GeneratedPlan) -> Json:
    """The whole plan, in date order."""
    request = plan.request
    paces = plan.paces
    return {
        "planId": plan.plan_id,
        "event": {"id": plan.event.id, "name": plan.event.name},
        "raceDate": plan.race_day.isoformat(),
        "startDate": plan.first_day.isoformat(),
        "weeks": len(plan.weeks),
        "daysPerWeek": request.days_per_week,
        "experience": request.experience,
        "vdot": round(plan.vdot, 1),
        "vdotSource": "recentRace" if plan.vdot_source == "recent_race" else "estimate",
        "expectedRace": {
            "distanceKm": km(plan.race.distance_m),
            "time": clock_text(plan.race.duration_s),
            "pace": f"{clock_text(plan.race.pace_s_per_km)} /km",
        },
        "paces": {
            "easy": pace_json(paces.easy),
            "marathon": pace_json(paces.marathon),
            "threshold": pace_json(paces.threshold),
            "interval": pace_json(paces.interval),
            "repetition": pace_json(paces.repetition),
        },
        "phases": [phase_json(phase) for phase in plan.phases],
        "weeklySummaries": [week_json(n, week) for n, week in enumerate(plan.weeks, start=1)],
        "workouts": [workout_json(workout) for workout in plan.workouts],
    }
