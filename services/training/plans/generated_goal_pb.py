"""A generated plan (``services.training.plans.generator``, decision 0065) as a ``CreateGoal``
message: the entrypoint's rendering of it (docs/decisions/0113-library-answers-as-values.md), for
GeneratePlan's ``goal`` and for the MutatePlan a WritePlan that generates asks for (read back into
the command by ``commands_pb`` and hashed as sent). For RunFlow's ``create_training_plan``
(issue 20; generated in Training since decision 0096): the standard builder's plan stored like any
other, so it is snapshot-protected, judged by the safety engine and on every calendar (0062).

The generator's pace targets carry their VDOT zone, so a later ``recalibrate_thresholds`` moves
them with the athlete's new VDOT. Planned TSS is Training's, from the athlete's stored thresholds;
the generator's own figure (from the VDOT it was given or estimated) is kept only when Training
cannot compute one.

Every closed-set word is sent with its enum twin, as the edges send theirs (decision 0129); the
command reads the twin, and the hash covers the words only (``commands_pb._asked``).
"""

from __future__ import annotations

from kinetic.proto_enums import twin_value
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generator import GeneratedPlan, Step, Workout


def goal_of(plan: GeneratedPlan, *, activate: bool) -> plans_pb2.CreateGoal:
    """The plan as a new active (unless told otherwise) goal with all its workouts."""
    request = plan.request
    goal = plans_pb2.Goal(
        name=f"{plan.event.name} on {request.race_date.isoformat()}"[:120],
        sport="run",
        sport_value=plans_pb2.GOAL_SPORT_RUN,
        race_type=plan.event.id,
        race_date=request.race_date.isoformat(),
        plan_start_date=plan.workouts[0].day.isoformat(),
        training_focus=f"{plan.event.name}: {request.experience}, {request.days_per_week} days a week",
        phase_blocks=[
            plans_pb2.PhaseBlock(
                name=phase.name.title(),
                start_date=phase.start.isoformat(),
                end_date=phase.end.isoformat(),
                focus=phase.focus,
            )
            for phase in plan.phases
        ],
        frequencies=[
            plans_pb2.SportFrequency(
                sport="run", sport_value=training_pb2.SPORT_RUN, sessions_per_week=request.days_per_week
            )
        ],
        creation_mode=CREATION_MODE,
        notes=f"Generated plan {plan.plan_id}: VDOT {plan.vdot:.1f} ({plan.vdot_source.replace('_', ' ')}).",
    )
    return plans_pb2.CreateGoal(goal=goal, workouts=[_draft(w) for w in plan.workouts], activate=activate)


def _draft(workout: Workout) -> plans_pb2.WorkoutDraft:
    endurance = training_pb2.EnduranceTarget(
        sport="run",
        sport_value=training_pb2.SPORT_RUN,
        planned_distance_meters=workout.distance_m,
        steps=[_step(step) for step in workout.steps],
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


def _step(step: Step) -> training_pb2.EnduranceStep:
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
    message.steps.extend(_step(inner) for inner in step.steps)
    return message
