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

from functools import cache
from typing import Any

from kinetic.proto_enums import read_twins, twin_value
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.domain.edit_input import EnduranceInput, EnduranceStepInput, StepTargetInput
from services.training.plans.commands import WorkoutDraft
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generator import GeneratedPlan, Step, Workout


def goal_of(plan: GeneratedPlan, *, activate: bool) -> plans_pb2.CreateGoal:
    """The plan as a new active (unless told otherwise) goal with all its workouts."""
    message = plans_pb2.CreateGoal()
    fill_goal(message, plan, activate=activate)
    return message


def fill_goal(
    message: plans_pb2.CreateGoal, plan: GeneratedPlan, *, activate: bool, twins: bool = True
) -> None:
    """Fill an empty ``message`` with ``goal_of(plan)``. Without ``twins``: in words only, the bytes
    ``read_twins`` leaves of it (each twin read into its string and cleared), which is what
    ``commands_pb._asked`` hashes, made at once rather than made with the twins, copied and walked
    (decision 0123, fourth pass; ``test_generated_goal_pb`` compares the bytes)."""
    request = plan.request
    source = plan.vdot_source.replace("_", " ")
    message.goal.CopyFrom(
        plans_pb2.Goal(
            name=f"{plan.event.name} on {request.race_date.isoformat()}"[:120],
            sport="run",
            sport_value=plans_pb2.GOAL_SPORT_RUN if twins else None,
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
                    sport="run",
                    sport_value=training_pb2.SPORT_RUN if twins else None,
                    sessions_per_week=request.days_per_week,
                )
            ],
            creation_mode=CREATION_MODE,
            notes=f"Generated plan {plan.plan_id}: VDOT {plan.vdot:.1f} ({source}).",
        )
    )
    message.activate = activate
    # Each workout and step made in place, not made and copied into its parent (0123, third pass):
    # the same fields set, so the same bytes (the request is hashed as sent).
    for workout in plan.workouts:
        _add_draft(message.workouts, workout, twins)


def _add_draft(drafts: Any, workout: Workout, twins: bool) -> None:
    """One workout; with ``twins`` each word beside its enum, else as ``read_twins`` leaves it."""
    workout_type = workout.workout_type.lower()
    draft = drafts.add(
        name=workout.name,
        notes=workout.description,
        scheduled_date=workout.day.isoformat(),
        workout_type=workout_type if twins else _type_in_words(workout_type),
        workout_type_value=twin_value(plans_pb2.WorkoutType, workout_type) if twins else None,
    )
    endurance = draft.endurance
    endurance.sport = "run"
    if twins:
        endurance.sport_value = training_pb2.SPORT_RUN
    if workout.duration_s is not None:
        endurance.planned_duration_seconds = workout.duration_s
    endurance.planned_distance_meters = workout.distance_m
    for step in workout.steps:
        _add_step(endurance.steps, step, twins)
    endurance.planned_tss = workout.planned_tss


def _add_step(steps: Any, step: Step, twins: bool) -> None:
    """One step (None: a field not set, as before), its words as ``_add_draft`` says."""
    target = step.target
    kind, role = (step.type, step.role) if twins else _step_in_words(step.type, step.role)
    message = steps.add(
        type=kind,
        role=role,
        notes=step.notes,
        repeat_count=step.repeat_count,
        type_value=twin_value(training_pb2.StepType, step.type) if twins else None,
        role_value=twin_value(training_pb2.StepRole, step.role) if twins else None,
        duration_seconds=step.duration_s,
        distance_meters=step.distance_m,
        target=None
        if target is None
        else training_pb2.StepTarget(
            kind="pace",
            kind_value=training_pb2.TARGET_KIND_PACE if twins else None,
            pace_low_seconds_per_km=target.low_s_per_km,
            pace_high_seconds_per_km=target.high_s_per_km,
            pace_zone=target.zone,
        ),
    )
    for inner in step.steps:
        _add_step(message.steps, inner, twins)


# What ``read_twins`` leaves in a string its writer filled with the word and its twin: found by
# reading a message so filled, once per word (the generator's words are a handful).
@cache
def _type_in_words(workout_type: str) -> str:
    draft = plans_pb2.WorkoutDraft(
        workout_type=workout_type, workout_type_value=twin_value(plans_pb2.WorkoutType, workout_type)
    )
    read_twins(draft)
    return draft.workout_type


@cache
def _step_in_words(kind: str, role: str) -> tuple[str, str]:
    step = training_pb2.EnduranceStep(
        type=kind,
        role=role,
        type_value=twin_value(training_pb2.StepType, kind),
        role_value=twin_value(training_pb2.StepRole, role),
    )
    read_twins(step)
    return step.type, step.role


# --- the drafts as read from that message ----------------------------------------------------------
#
# ``goal_of``'s workouts as ``commands_pb.workout_draft`` reads them back, made from the plan without
# reading the message (decision 0123, third pass): the message is still made, to be hashed, but 49
# workouts' steps are not read back field by field. What reading would do is done here: a double's
# value is a float (a whole number of metres sent as 8000 is read as 8000.0, and stored so), an
# optional field not set is None, the other fields their value. ``test_generated_goal_pb`` checks
# these are the values read from the message, type for type, over every event and level.


def workout_drafts(plan: GeneratedPlan) -> tuple[WorkoutDraft, ...]:
    """The drafts of ``goal_of(plan)``'s workouts, as ``commands_pb.workout_draft`` reads them."""
    return tuple(_draft_value(workout) for workout in plan.workouts)


def _draft_value(workout: Workout) -> WorkoutDraft:
    return WorkoutDraft(
        name=workout.name,
        notes=workout.description,
        scheduled_date=workout.day.isoformat(),
        workout_type=workout.workout_type.lower(),
        endurance=EnduranceInput(
            sport="run",
            planned_duration_seconds=workout.duration_s,
            planned_distance_meters=float(workout.distance_m),
            steps=tuple(map(_step_value, workout.steps)),
            planned_tss=float(workout.planned_tss),
        ),
    )


def _step_value(step: Step) -> EnduranceStepInput:
    target = step.target
    return EnduranceStepInput(
        type=step.type,
        role=step.role,
        duration_seconds=step.duration_s,
        distance_meters=None if step.distance_m is None else float(step.distance_m),
        target=None
        if target is None
        else StepTargetInput(
            kind="pace",
            pace_low_seconds_per_km=target.low_s_per_km,
            pace_high_seconds_per_km=target.high_s_per_km,
            pace_zone=target.zone,
        ),
        notes=step.notes,
        repeat_count=step.repeat_count,
        steps=tuple(map(_step_value, step.steps)),
    )
