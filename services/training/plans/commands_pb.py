"""MutatePlanRequest into a ``MutateCommand``: the oneof's case into its command, its goal and drafts
into values as sent (docs/decisions/0102-training-without-protobuf-inside.md, 0113); and
GeneratePlan's and WritePlan's requests into ``GenerateAsk`` and ``WriteCommand``. The readers copy,
never check: every problem is still found and named by ``rules``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kinetic.proto_enums import read_twins, word_of, words_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.domain.planned_stress import Thresholds
from services.training.entrypoints.edit_input_pb import endurance_input_from_pb
from services.training.plans import commands as c
from services.training.plans.generated_goal_pb import fill_goal, workout_drafts
from services.training.plans.generator import GeneratedPlan
from services.training.plans.plans_pb import goal_fields_from_pb
from services.training.service_layer.write_support import request_hash

_THRESHOLDS = (
    "ftp_watts",
    "threshold_pace_seconds_per_km",
    "css_seconds_per_100m",
    "threshold_hr_bpm",
    "max_hr_bpm",
    "resting_hr_bpm",
    "vdot",
)


def thresholds_from_pb(message: plans_pb2.AthleteThresholds) -> Thresholds:
    """The request's thresholds; each unset one is unknown (None)."""
    return Thresholds(
        **{name: getattr(message, name) if message.HasField(name) else None for name in _THRESHOLDS}
    )


def goal_draft(goal: plans_pb2.Goal) -> c.GoalDraft:
    """A request's goal as sent (its coaching summaries are never kept: left out)."""
    return c.GoalDraft(goal.name, goal.notes, goal_fields_from_pb(goal, summaries=False))


def workout_draft(draft: plans_pb2.WorkoutDraft) -> c.WorkoutDraft:
    """A workout draft as sent; its workout type the enum twin when set, else the string (the
    previous release's edge sends only the string: decision 0129)."""
    return c.WorkoutDraft(
        name=draft.name,
        notes=draft.notes,
        scheduled_date=draft.scheduled_date,
        order=draft.order,
        workout_type=word_of(draft, "workout_type"),
        endurance=endurance_input_from_pb(draft.endurance) if draft.HasField("endurance") else None,
    )


def _filter(message: plans_pb2.ReplaceFilter) -> c.DayFilter:
    return c.DayFilter(message.from_day, message.to_day, tuple(words_of(message, "sports")))  # 0129


def _create_goal(m: plans_pb2.CreateGoal) -> c.CreateGoal:
    return c.CreateGoal(goal_draft(m.goal), tuple(map(workout_draft, m.workouts)), m.activate)


def _update_goal(m: plans_pb2.UpdateGoal) -> c.UpdateGoal:
    return c.UpdateGoal(m.goal_id, goal_draft(m.goal), tuple(m.update_mask.paths))


def _import_workouts(m: plans_pb2.ImportWorkouts) -> c.ImportWorkouts:
    replace = _filter(m.replace_filter) if m.HasField("replace_filter") else None
    return c.ImportWorkouts(m.goal_id, tuple(map(workout_draft, m.workouts)), replace, m.lock_planned_tss)


def _modify_workouts(m: plans_pb2.ModifyWorkouts) -> c.ModifyWorkouts:
    return c.ModifyWorkouts(
        tuple(
            c.WorkoutChange(x.workout_id, workout_draft(x.workout), tuple(x.update_mask.paths))
            for x in m.changes
        )
    )


def _delete_workouts(m: plans_pb2.DeleteWorkouts) -> c.DeleteWorkouts:
    return c.DeleteWorkouts(
        tuple(m.workout_ids), m.goal_id, _filter(m.filter) if m.HasField("filter") else None
    )


_COMMANDS: dict[str, Callable[[Any], c.PlanMutation]] = {
    "create_goal": _create_goal,
    "update_goal": _update_goal,
    "set_active_goal": lambda m: c.SetActiveGoal(m.goal_id),
    "delete_goal": lambda m: c.DeleteGoal(m.goal_id, m.permanent),
    "import_workouts": _import_workouts,
    "modify_workouts": _modify_workouts,
    "reschedule_workouts": lambda m: c.RescheduleWorkouts(
        tuple(c.WorkoutMove(x.workout_id, x.scheduled_date, x.order) for x in m.moves)
    ),
    "shift_plan_dates": lambda m: c.ShiftPlanDates(m.goal_id, m.delta_days, m.from_day, m.to_day),
    "swap_workouts": lambda m: c.SwapWorkouts(m.first_workout_id, m.second_workout_id),
    "delete_workouts": _delete_workouts,
    "mark_workouts": lambda m: c.MarkWorkouts(
        tuple(c.WorkoutStatus(x.workout_id, x.completed, x.linked_activity_id) for x in m.statuses)
    ),
    "restore_snapshot": lambda m: c.RestoreSnapshot(m.snapshot_id, m.goal_id),
    "recalibrate": lambda m: c.Recalibrate(m.goal_id, m.preserve_locked_tss),
    "save_coaching_summary": lambda m: c.SaveCoachingSummary(m.goal_id, m.week_start, m.text),
}


def mutate_command(
    request: plans_pb2.MutatePlanRequest, read: c.PlanMutation | None = None
) -> c.MutateCommand:
    """The request as a command; ``read``: its mutation, read already."""
    kind = request.WhichOneof("mutation")
    if read is None and kind:
        read = _COMMANDS[kind](getattr(request, kind))
    return _command(request, kind, read, _asked(request))


def _command(
    request: plans_pb2.MutatePlanRequest,
    kind: str | None,
    read: c.PlanMutation | None,
    asked: plans_pb2.MutatePlanRequest,
) -> c.MutateCommand:
    """The command of ``request`` (who asks, the thresholds and zone), doing ``read``, whose hash is
    that of ``asked`` (the request as ``_asked`` makes it)."""
    return c.MutateCommand(
        account_id=request.account_id,
        device_id=request.device_id,
        time_zone=request.time_zone,
        idempotency_key=request.idempotency_key,
        thresholds=thresholds_from_pb(request.thresholds),
        kind=kind,
        mutation=read,
        request_hash=request_hash(asked.SerializeToString(deterministic=True).hex()),
    )


def _asked(request: plans_pb2.MutatePlanRequest) -> plans_pb2.MutatePlanRequest:
    """What a retry must repeat to replay: the mutation and who asks, not the thresholds or zone the
    caller looked up for it, which may have changed since the first try (decision 0062). In words
    only, as the previous release hashed it: a retry through an edge of either release (enum twins
    sent or not) replays its first answer (decision 0129)."""
    asked = plans_pb2.MutatePlanRequest()
    asked.CopyFrom(request)
    asked.ClearField("thresholds")
    asked.ClearField("time_zone")
    read_twins(asked)
    return asked


def generate_ask(request: plans_pb2.GeneratePlanRequest) -> c.GenerateAsk:
    return c.GenerateAsk(
        request.arguments_json, request.today, request.with_safety_advisories, request.as_goal
    )


def write_command(request: plans_pb2.WritePlanRequest) -> c.WriteCommand:
    """WritePlan's request. A generated plan's goal replaces the mutation sent: the command of
    that ``CreateGoal`` is made from the request as if the caller had sent it (its hash too)."""
    return c.WriteCommand(
        mutation=mutate_command(request.mutation),
        look_up_thresholds=request.look_up_thresholds,
        first_weekday=request.first_weekday,
        generate=generate_ask(request.generate) if request.HasField("generate") else None,
        min_sessions_sequence=request.min_sessions_sequence,
        create_generated=partial(_create_generated, request.mutation),
    )


def _create_generated(
    sent: plans_pb2.MutatePlanRequest, plan: GeneratedPlan, activate: bool
) -> c.MutateCommand:
    """The command of ``sent`` with the generated goal's ``CreateGoal`` as its mutation, hashed as
    ``_asked`` hashes that request. The goal is made once, in words only, into the hashed request
    (``fill_goal``): the bytes ``_asked`` left of it made with its twins, copied and walked, without
    the copies and the walk (decision 0123, fourth pass). Its workouts are not read back from it
    (0123, third pass)."""
    asked = _asked(sent)  # what was sent besides its mutation, which the goal replaces
    asked.ClearField("create_goal")
    create = asked.create_goal
    fill_goal(create, plan, activate=activate, twins=False)
    read = c.CreateGoal(goal_draft(create.goal), workout_drafts(plan), activate)
    return _command(sent, "create_goal", read, asked)
