"""MutatePlan's mutations as commands: one frozen dataclass per case of the request's oneof, built
by ``commands_pb`` in the entrypoint, dispatched by ``handlers`` (docs/decisions/0102).

Attribute names are the messages' own, so a handler reads a command as it read the message. The
drafts and the goal of CreateGoal, UpdateGoal, ImportWorkouts and ModifyWorkouts are still their
messages (``WorkoutDraft``, ``Goal``): ``rules`` checks them field by field and names each problem
by the message's path; they become values (``DraftValues``, ``GoalFields``) once checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.domain.planned_stress import Thresholds


@dataclass(frozen=True)
class DayFilter:
    """Which workouts of a goal: days in [from_day, to_day] (YYYY-MM-DD; empty: open), these sports
    (empty: every sport)."""

    from_day: str = ""
    to_day: str = ""
    sports: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreateGoal:
    goal: plans_pb2.Goal
    workouts: tuple[plans_pb2.WorkoutDraft, ...]
    activate: bool = False


@dataclass(frozen=True)
class UpdateGoal:
    goal_id: str
    goal: plans_pb2.Goal
    update_mask: tuple[str, ...]


@dataclass(frozen=True)
class SetActiveGoal:
    goal_id: str


@dataclass(frozen=True)
class DeleteGoal:
    goal_id: str
    permanent: bool = False


@dataclass(frozen=True)
class ImportWorkouts:
    goal_id: str
    workouts: tuple[plans_pb2.WorkoutDraft, ...]
    replace_filter: DayFilter | None = None  # None: nothing is replaced
    lock_planned_tss: bool = False


@dataclass(frozen=True)
class WorkoutChange:
    workout_id: str
    workout: plans_pb2.WorkoutDraft
    update_mask: tuple[str, ...]


@dataclass(frozen=True)
class ModifyWorkouts:
    changes: tuple[WorkoutChange, ...]


@dataclass(frozen=True)
class WorkoutMove:
    workout_id: str
    scheduled_date: str
    order: int = 0


@dataclass(frozen=True)
class RescheduleWorkouts:
    moves: tuple[WorkoutMove, ...]


@dataclass(frozen=True)
class ShiftPlanDates:
    goal_id: str
    delta_days: int
    from_day: str = ""
    to_day: str = ""


@dataclass(frozen=True)
class SwapWorkouts:
    first_workout_id: str
    second_workout_id: str


@dataclass(frozen=True)
class DeleteWorkouts:
    workout_ids: tuple[str, ...]
    goal_id: str = ""
    filter: DayFilter | None = None


@dataclass(frozen=True)
class WorkoutStatus:
    workout_id: str
    completed: bool
    linked_activity_id: str = ""


@dataclass(frozen=True)
class MarkWorkouts:
    statuses: tuple[WorkoutStatus, ...]


@dataclass(frozen=True)
class RestoreSnapshot:
    snapshot_id: str = ""
    goal_id: str = ""


@dataclass(frozen=True)
class Recalibrate:
    goal_id: str
    preserve_locked_tss: bool = False


@dataclass(frozen=True)
class SaveCoachingSummary:
    goal_id: str
    week_start: str
    text: str


PlanMutation = (
    CreateGoal
    | UpdateGoal
    | SetActiveGoal
    | DeleteGoal
    | ImportWorkouts
    | ModifyWorkouts
    | RescheduleWorkouts
    | ShiftPlanDates
    | SwapWorkouts
    | DeleteWorkouts
    | MarkWorkouts
    | RestoreSnapshot
    | Recalibrate
    | SaveCoachingSummary
)


@dataclass(frozen=True)
class MutateCommand:
    """One MutatePlan call: who asks, the mutation, and what a retry must repeat to replay.

    ``kind`` is the mutation's name in the contract (``import_workouts``), which also names the
    snapshot taken before it; ``mutation`` None: none was sent. ``request_hash`` is the hash of
    the asked-for change (``commands_pb.request_hash``) an idempotency key is bound to.
    """

    account_id: str
    device_id: str
    time_zone: str
    idempotency_key: str
    thresholds: Thresholds
    kind: str | None
    mutation: PlanMutation | None
    request_hash: str
