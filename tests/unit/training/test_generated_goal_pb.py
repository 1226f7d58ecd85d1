"""A generated goal's drafts made from the plan (``generated_goal_pb.workout_drafts``) are what
``commands_pb.workout_draft`` reads from the ``CreateGoal`` message made of it, type for type: a
double read back is a float, so 8000 metres is 8000.0 and is stored so (decision 0123, third pass).
``repr`` tells 8000 from 8000.0, which ``==`` does not. And the message, now made in place, has the
bytes it had when each part was made and copied: the request hash an idempotency key keeps."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from kinetic.proto_enums import read_twins, twin_value
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.plans.commands import CreateGoal, MutateCommand
from services.training.plans.commands_pb import _create_generated, goal_draft, mutate_command, workout_draft
from services.training.plans.generated_goal_pb import fill_goal, goal_of, workout_drafts
from services.training.plans.generator import (
    EVENTS,
    GeneratedPlan,
    Step,
    Workout,
    generate_plan,
    parse_request,
)
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


def former_command(sent: plans_pb2.MutatePlanRequest, plan: GeneratedPlan, activate: bool) -> MutateCommand:
    """A generated goal's command as made before decision 0123's fourth pass: the goal made with its
    twins, copied into a copy of the request sent, and that copy hashed by ``_asked`` (copied again
    and walked)."""
    mutation = plans_pb2.MutatePlanRequest()
    mutation.CopyFrom(sent)
    create = mutation.create_goal
    create.CopyFrom(goal_of(plan, activate=activate))
    return mutate_command(
        mutation, CreateGoal(goal_draft(create.goal), workout_drafts(plan), create.activate)
    )


SENT = (
    plans_pb2.MutatePlanRequest(account_id="a", device_id="mcp-runflow", time_zone="UTC"),
    plans_pb2.MutatePlanRequest(
        account_id="a",
        device_id="d",
        time_zone="Europe/Paris",
        idempotency_key="runflow:0123",
        thresholds=plans_pb2.AthleteThresholds(vdot=50.0, ftp_watts=250),
    ),
    # A mutation sent beside the generator's ask is replaced by the goal, twins and all.
    plans_pb2.MutatePlanRequest(
        account_id="a",
        create_goal=plans_pb2.CreateGoal(
            goal=plans_pb2.Goal(name="Mine", sport="ride", sport_value=plans_pb2.GOAL_SPORT_RIDE),
            workouts=[plans_pb2.WorkoutDraft(name="x", workout_type_value=plans_pb2.WORKOUT_TYPE_EASY)],
        ),
    ),
    plans_pb2.MutatePlanRequest(account_id="a", delete_goal=plans_pb2.DeleteGoal(goal_id="g")),
)


@EACH_PLAN
def test_the_generated_goals_command_and_hash_are_those_made_before(
    arguments: dict[str, object], vdot: float | None
) -> None:
    plan = generate_plan(parse_request(arguments, TODAY), vdot)
    in_words = plans_pb2.CreateGoal()
    fill_goal(in_words, plan, activate=True, twins=False)

    assert in_words.SerializeToString(deterministic=True) == read_twins(
        goal_of(plan, activate=True)
    ).SerializeToString(deterministic=True)
    for sent in SENT:
        for activate in (True, False):
            made = _create_generated(sent, plan, activate)
            assert made == former_command(sent, plan, activate)
            assert made.request_hash == former_command(sent, plan, activate).request_hash
