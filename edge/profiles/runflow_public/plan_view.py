"""A generated plan as the public builder reads it: Training's ``GeneratePlan`` answer (the
generator's JSON, decision 0065 "Output") as the few typed parts the page, the calendar file and
the link tool show. The generator lives in Training (decision 0096); the edge only renders.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2


@dataclass(frozen=True)
class PaceTarget:
    low_s_per_km: int
    high_s_per_km: int


@dataclass(frozen=True)
class ZonePaces:
    easy: PaceTarget
    marathon: PaceTarget
    threshold: PaceTarget
    interval: PaceTarget
    repetition: PaceTarget


@dataclass(frozen=True)
class EventView:
    id: str
    name: str


@dataclass(frozen=True)
class RaceEstimate:
    distance_m: float
    duration_s: float


@dataclass(frozen=True)
class Inputs:
    """The inputs as the generator used them (defaults filled in)."""

    start_date: date
    race_date: date
    days_per_week: int


@dataclass(frozen=True)
class PhaseSpan:
    name: str
    start: date
    end: date
    focus: str


@dataclass(frozen=True)
class WeekSummary:
    week_start: date
    phase: str
    planned_km: float
    long_run_km: float
    planned_tss: float
    cutback: bool


@dataclass(frozen=True)
class Workout:
    day: date
    workout_type: str
    name: str
    description: str
    distance_m: float
    duration_s: int | None
    planned_tss: float


@dataclass(frozen=True)
class GeneratedPlan:
    """What the generator answered (``answer``, the tool's JSON as is) and its parts, typed."""

    answer: dict[str, Any]
    plan_id: str
    event: EventView
    request: Inputs
    first_day: date
    vdot: float
    vdot_source: str
    paces: ZonePaces
    race: RaceEstimate
    phases: tuple[PhaseSpan, ...]
    weeks: tuple[WeekSummary, ...]
    workouts: tuple[Workout, ...]

    @property
    def race_day(self) -> date:
        return self.request.race_date


def _pace(given: dict[str, Any]) -> PaceTarget:
    return PaceTarget(given["paceLowSecondsPerKm"], given["paceHighSecondsPerKm"])


def plan_view(response: plans_pb2.GeneratePlanResponse) -> GeneratedPlan:
    answer: dict[str, Any] = json.loads(response.plan_json)
    inputs, paces = answer["inputs"], answer["paces"]
    return GeneratedPlan(
        answer=answer,
        plan_id=answer["planId"],
        event=EventView(answer["event"]["id"], answer["event"]["name"]),
        request=Inputs(
            date.fromisoformat(inputs["startDate"]),
            date.fromisoformat(inputs["raceDate"]),
            inputs["daysPerWeek"],
        ),
        first_day=date.fromisoformat(answer["planStartDate"]),
        vdot=answer["vdot"]["value"],
        vdot_source=answer["vdot"]["source"],
        paces=ZonePaces(*(_pace(paces[zone]) for zone in ("E", "M", "T", "I", "R"))),
        # Unrounded: the JSON rounds the estimate, the page shows it as a clock.
        race=RaceEstimate(response.race_distance_meters, response.race_duration_seconds),
        phases=tuple(
            PhaseSpan(p["name"], date.fromisoformat(p["start"]), date.fromisoformat(p["end"]), p["focus"])
            for p in answer["phases"]
        ),
        weeks=tuple(
            WeekSummary(
                date.fromisoformat(w["weekStart"]),
                w["phase"],
                w["plannedKm"],
                w["longRunKm"],
                w["plannedTss"],
                w["cutback"],
            )
            for w in answer["weeks"]
        ),
        workouts=tuple(
            Workout(
                date.fromisoformat(w["date"]),
                w["workoutType"],
                w["name"],
                w["description"],
                w["distanceM"],
                w["durationS"],
                w["plannedTss"],
            )
            for w in answer["workouts"]
        ),
    )
