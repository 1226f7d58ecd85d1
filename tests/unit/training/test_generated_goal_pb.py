"""A generated goal's drafts made from the plan (``generated_goal_pb.workout_drafts``) are what
``commands_pb.workout_draft`` reads from the ``CreateGoal`` message made of it, type for type: a
double read back is a float, so 8000 metres is 8000.0 and is stored so (decision 0123, third pass).
``repr`` tells 8000 from 8000.0, which ``==`` does not. And the message, now made in place, has the
bytes it had when each part was made and copied: the request hash an idempotency key keeps."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from kinetic.proto_enums import twin_value
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.plans.commands_pb import workout_draft
from services.training.plans.generated_goal_pb import goal_of, workout_drafts
from services.training.plans.generator import EVENTS, Step, Workout, generate_plan, parse_request
from services.training.plans.generator.paces import vdot_for_threshold_pace

TODAY = date(2026, 3, 2)


def plans() -> list[tuple[str, dict[str, object], float | None]]:
    asked = []
    for event in EVENTS:
        # The shortest build and the longest (a timed event is among the events).
        for weeks in (event.min_weeks, event.max_weeks - 1):
            for days, experience in ((3, "beginner"), (5, "intermediate"), (7, "advanced")):
                arguments: dict[str, object] = {
                    "event": event.id,
                    "raceDate": (TODAY + timedelta(weeks=weeks, days=2)).isoformat(),
                    "weeklyVolumeKm": max(event.min_weekly_km, 25 if experience == "beginner" else 60),
                    "daysPerWeek": days,
                    "experience": experience,
                }
                for vdot in (None, vdot_for_threshold_pace(250)):
                    asked.append(
                        (f"{event.id}-{weeks}w-{days}d-{experience}-{vdot is not None}", arguments, vdot)
                    )
    return asked


PLANS = plans()
EACH_PLAN = pytest.mark.parametrize(
    ("arguments", "vdot"), [(a, v) for _, a, v in PLANS], ids=[n for n, _, _ in PLANS]
)


@EACH_PLAN
def test_the_drafts_made_from_the_plan_are_those_read_from_its_message(
    arguments: dict[str, object], vdot: float | None
) -> None:
    plan = generate_plan(parse_request(arguments, TODAY), vdot)
    read = tuple(workout_draft(message) for message in goal_of(plan, activate=True).workouts)

    made = workout_drafts(plan)

    assert made and repr(made) == repr(read)


def former_draft(workout: Workout) -> plans_pb2.WorkoutDraft:
    """A workout's draft as ``goal_of`` made it before decision 0123's third pass (each message made,
    then copied into its parent), with the enum twins of decision 0129: the bytes it sent."""
    endurance = training_pb2.EnduranceTarget(
        sport="run",
        sport_value=training_pb2.SPORT_RUN,
        planned_distance_meters=workout.distance_m,
        steps=[former_step(step) for step in workout.steps],
        planned_tss=workout.planned_tss,
    )
    if workout.duration_s is not None:
        endurance.planned_duration_seconds = workout.duration_s
    workout_type = workout.workout_type.lower()
    return plans_pb2.WorkoutDraft(
        name=workout.name,
        notes=workout.description,
        scheduled_date=workout.day.isoformat(),
        workout_type=workout_type,
        workout_type_value=twin_value(plans_pb2.WorkoutType, workout_type),
        endurance=endurance,
    )


def former_step(step: Step) -> training_pb2.EnduranceStep:
    message = training_pb2.EnduranceStep(
        type=step.type,
        role=step.role,
        notes=step.notes,
        repeat_count=step.repeat_count,
        type_value=twin_value(training_pb2.StepType, step.type),
        role_value=twin_value(training_pb2.StepRole, step.role),
    )
    if step.duration_s is not None:
        message.duration_seconds = step.duration_s
    if step.distance_m is not None:
        message.distance_meters = step.distance_m
    if step.target is not None:
        message.target.kind = "pace"
        message.target.kind_value = training_pb2.TARGET_KIND_PACE
        message.target.pace_low_seconds_per_km = step.target.low_s_per_km
        message.target.pace_high_seconds_per_km = step.target.high_s_per_km
        if step.target.zone is not None:
            message.target.pace_zone = step.target.zone
    message.steps.extend(former_step(inner) for inner in step.steps)
    return message


@EACH_PLAN
def test_the_goals_workouts_are_the_bytes_hashed_before(
    arguments: dict[str, object], vdot: float | None
) -> None:
    plan = generate_plan(parse_request(arguments, TODAY), vdot)

    made = goal_of(plan, activate=True)

    assert [w.SerializeToString(deterministic=True) for w in made.workouts] == [
        former_draft(workout).SerializeToString(deterministic=True) for workout in plan.workouts
    ]
