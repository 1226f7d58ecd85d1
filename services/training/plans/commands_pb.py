"""MutatePlanRequest into a ``MutateCommand``: the oneof's case into its command
(docs/decisions/0102-training-without-protobuf-inside.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.plans import commands as c
from services.training.plans.stress import thresholds_from_pb
from services.training.service_layer.write_support import request_hash


def _filter(message: plans_pb2.ReplaceFilter) -> c.DayFilter:
    return c.DayFilter(message.from_day, message.to_day, tuple(message.sports))


def _create_goal(m: plans_pb2.CreateGoal) -> c.CreateGoal:
    return c.CreateGoal(m.goal, tuple(m.workouts), m.activate)


def _update_goal(m: plans_pb2.UpdateGoal) -> c.UpdateGoal:
    return c.UpdateGoal(m.goal_id, m.goal, tuple(m.update_mask.paths))


def _import_workouts(m: plans_pb2.ImportWorkouts) -> c.ImportWorkouts:
    replace = _filter(m.replace_filter) if m.HasField("replace_filter") else None
    return c.ImportWorkouts(m.goal_id, tuple(m.workouts), replace, m.lock_planned_tss)


def _modify_workouts(m: plans_pb2.ModifyWorkouts) -> c.ModifyWorkouts:
    return c.ModifyWorkouts(
        tuple(c.WorkoutChange(x.workout_id, x.workout, tuple(x.update_mask.paths)) for x in m.changes)
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


def mutate_command(request: plans_pb2.MutatePlanRequest) -> c.MutateCommand:
    kind = request.WhichOneof("mutation")
    return c.MutateCommand(
        account_id=request.account_id,
        device_id=request.device_id,
        time_zone=request.time_zone,
        idempotency_key=request.idempotency_key,
        thresholds=thresholds_from_pb(request.thresholds),
        kind=kind,
        mutation=_COMMANDS[kind](getattr(request, kind)) if kind else None,
        request_hash=request_hash(_asked(request).SerializeToString(deterministic=True).hex()),
    )


def _asked(request: plans_pb2.MutatePlanRequest) -> plans_pb2.MutatePlanRequest:
    """What a retry must repeat to replay: the mutation and who asks, not the thresholds or zone the
    caller looked up for it, which may have changed since the first try (decision 0062)."""
    asked = plans_pb2.MutatePlanRequest()
    asked.CopyFrom(request)
    asked.ClearField("thresholds")
    asked.ClearField("time_zone")
    return asked
