"""Protobuf in and out for the plan reads: planned workouts as received (checked in the domain,
so every problem is named at once), advisories and the completion assessment (decision 0062), their
closed sets as the proto's enums (decision 0101)."""

from __future__ import annotations

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.proto_enums import enum_value
from services.analytics.domain.plan_loads import PlanLoad
from services.analytics.entrypoints.endurance_pb import athlete_figures_response
from services.analytics.service_layer.endurance_queries import (
    CompletionAnswer,
    PlanningContextAnswer,
    PlanSafetyAnswer,
)


def plan_load(workout: pb.PlannedLoad) -> PlanLoad:
    return PlanLoad(
        workout_id=workout.workout_id,
        day=workout.day,
        sport=workout.sport,
        workout_type=workout.workout_type,
        planned_tss=workout.planned_tss,
        distance_meters=workout.distance_meters if workout.HasField("distance_meters") else None,
        duration_seconds=workout.duration_seconds if workout.HasField("duration_seconds") else None,
    )


def safety_response(answer: PlanSafetyAnswer) -> pb.EvaluatePlanSafetyResponse:
    return pb.EvaluatePlanSafetyResponse(
        advisories=[
            pb.SafetyAdvisory(
                level=enum_value(pb.AdvisoryLevel, advisory.level),
                rule=enum_value(pb.AdvisoryRule, advisory.rule),
                message=advisory.message,
                day=advisory.day.isoformat(),
            )
            for advisory in answer.advisories
        ],
        as_of_sequence=answer.as_of_sequence,
    )


def completion_response(answer: CompletionAnswer) -> pb.AssessCompletionResponse:
    found = answer.assessment
    return pb.AssessCompletionResponse(
        outcome=enum_value(pb.CompletionOutcome, found.outcome),
        tss_ratio=found.tss_ratio,
        activity_tss=found.activity_tss,
        message=found.message,
        as_of_sequence=answer.as_of_sequence,
    )


def planning_context_response(answer: PlanningContextAnswer) -> pb.GetPlanningContextResponse:
    return pb.GetPlanningContextResponse(
        figures=athlete_figures_response(answer.figures) if answer.figures is not None else None,
        today=answer.today.isoformat(),
        history_start=answer.history.since.isoformat(),
        completed_days=[
            pb.CompletedDayLoad(
                day=day.day.isoformat(),
                tss=day.tss,
                run_meters=day.run_m,
                ride_meters=day.bike_m,
                swim_meters=day.swim_m,
            )
            for day in answer.history.days
        ],
        loads_day=answer.seed.day.isoformat(),
        ctl=answer.seed.ctl,
        atl=answer.seed.atl,
        as_of_sequence=answer.as_of_sequence,
    )
