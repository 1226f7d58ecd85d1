"""A generated plan as JSON (camelCase), what the plan tools answer with (decision 0065, "Output").

Step fields are spelt as training's endurance steps are in JSON (``paceLowSecondsPerKm``,
``paceZone``, ``repeatCount``), so a client can send a workout back to the plan tools unchanged.
"""

from __future__ import annotations

from typing import Any

from services.training.plans.generator.paces import PaceTarget
from services.training.plans.generator.plan import GeneratedPlan
from services.training.plans.generator.request import PlanRequest
from services.training.plans.generator.workouts import Step, Workout


def plan_json(plan: GeneratedPlan) -> dict[str, Any]:
    paces = plan.paces
    return {
        "planId": plan.plan_id,
        "event": {
            "id": plan.event.id,
            "name": plan.event.name,
            "distanceM": plan.event.distance_m,
            "durationS": plan.event.duration_s,
        },
        "inputs": request_json(plan.request),
        "planStartDate": plan.first_day.isoformat(),
        "vdot": {"value": round(plan.vdot, 1), "source": plan.vdot_source},
        "paces": {zone: _target(paces.of(zone)) for zone in ("E", "M", "T", "I", "R")},
        "raceEstimate": {"distanceM": round(plan.race.distance_m), "durationS": round(plan.race.duration_s)},
        "phases": [
            {"name": p.name, "start": p.start.isoformat(), "end": p.end.isoformat(), "focus": p.focus}
            for p in plan.phases
        ],
        "weeks": [
            {
                "weekStart": w.week_start.isoformat(),
                "phase": w.phase,
                "plannedKm": w.planned_km,
                "longRunKm": w.long_run_km,
                "plannedTss": w.planned_tss,
                "cutback": w.cutback,
            }
            for w in plan.weeks
        ],
        "workouts": [workout_json(w) for w in plan.workouts],
    }


def request_json(request: PlanRequest) -> dict[str, Any]:
    """The inputs as used (defaults filled in), in the arguments' own names."""
    race = request.recent_race
    return {
        "event": request.event_id,
        "raceDate": request.race_date.isoformat(),
        "startDate": request.start_date.isoformat(),
        "weeklyVolumeKm": request.weekly_volume_km,
        "longestRunKm": request.longest_run_km,
        "recentRace": (
            None if race is None else {"distanceKm": race.distance_m / 1000, "timeSeconds": race.time_s}
        ),
        "daysPerWeek": request.days_per_week,
        "experience": request.experience,
    }


def workout_json(workout: Workout) -> dict[str, Any]:
    return {
        "date": workout.day.isoformat(),
        "sport": workout.sport,
        "workoutType": workout.workout_type,
        "name": workout.name,
        "description": workout.description,
        "distanceM": workout.distance_m,
        "durationS": workout.duration_s,
        "plannedTss": workout.planned_tss,
        "structuredSteps": [step_json(step) for step in workout.steps],
    }


def step_json(step: Step) -> dict[str, Any]:
    if step.type == "repeat":
        steps = [step_json(inner) for inner in step.steps]
        return {"type": "repeat", "repeatCount": step.repeat_count, "steps": steps}
    answer: dict[str, Any] = {"type": step.type}
    if step.role:
        answer["role"] = step.role
    if step.distance_m is not None:
        answer["distanceMeters"] = step.distance_m
    if step.duration_s is not None:
        answer["durationSeconds"] = step.duration_s
    if step.target is not None:
        answer["target"] = {"kind": "pace", **_target(step.target)}
    return answer


def _target(target: PaceTarget) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "paceLowSecondsPerKm": target.low_s_per_km,
        "paceHighSecondsPerKm": target.high_s_per_km,
    }
    if target.zone is not None:
        answer["paceZone"] = target.zone
    return answer
