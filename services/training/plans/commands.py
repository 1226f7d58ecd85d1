"""MutatePlan's mutations as commands: one frozen dataclass per case of the request's oneof, built
by ``commands_pb`` in the entrypoint, dispatched by ``handlers`` (docs/decisions/0102).

Attribute names are the messages' own, so a handler reads a command as it read the message. The
drafts and the goal of CreateGoal, UpdateGoal, ImportWorkouts and ModifyWorkouts are values as
sent (``WorkoutDraft``, ``GoalDraft``): ``commands_pb`` copies the message without checking it, and
``rules`` checks them field by field and names each problem by the message's path, as it did on the
message (docs/decisions/0113-library-answers-as-values.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from services.training.domain.edit_input import EnduranceInput
from services.training.domain.planned_stress import Thresholds
from services.training.plans.generator import GeneratedPlan
from services.training.plans.goal import GoalFields


@dataclass(frozen=True)
class GoalDraft:
    """A ``Goal`` as sent: its name and notes (the library plan's) and its own fields, copied
    unchecked (a phase target's figure not sent is None, as ``HasField`` said)."""

    name: str
    notes: str
    fields: GoalFields


@dataclass(frozen=True)
class WorkoutDraft:
    """A ``WorkoutDraft`` as sent, unchecked; ``endurance`` None: not sent."""

    name: str = ""
    notes: str = ""
    scheduled_date: str = ""
    order: int = 0
    workout_type: str = ""
    endurance: EnduranceInput | None = None


@dataclass(frozen=True)
class DayFilter:
    """Which workouts of a goal: days in [from_day, to_day] (YYYY-MM-DD; empty: open), these sports
    (empty: every sport)."""

    from_day: str = ""
    to_day: str = ""
    sports: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreateGoal:
    goal: GoalDraft
    workouts: tuple[WorkoutDraft, ...]
    activate: bool = False


@dataclass(frozen=True)
class UpdateGoal:
    goal_id: str
    goal: GoalDraft
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
    workouts: tuple[WorkoutDraft, ...]
    replace_filter: DayFilter | None = None  # None: nothing is replaced
    lock_planned_tss: bool = False


@dataclass(frozen=True)
class WorkoutChange:
    workout_id: str
    workout: WorkoutDraft
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


@dataclass(frozen=True)
class GenerateAsk:
    """One GeneratePlan call (or a WritePlan's ``generate``): the tool's arguments as JSON, the
    athlete's day, and what to answer besides the plan."""

    arguments_json: str
    today: str
    with_safety_advisories: bool = False
    as_goal: bool = False


# The MutatePlan a WritePlan asks for once the generated plan replaces its mutation: the
# ``CreateGoal`` of that plan (active or not), read and hashed by the entrypoint as if the caller
# had sent it, so a retry of a generated plan's write replays (decisions 0096, 0113).
CreateGenerated = Callable[[GeneratedPlan, bool], MutateCommand]


@dataclass(frozen=True)
class WriteCommand:
    """One WritePlan call: the mutation as sent, whether to read the thresholds from analytics, the
    plan to generate (None: none), and the week's first day and feed position for the advisories."""

    mutation: MutateCommand
    look_up_thresholds: bool
    first_weekday: int
    generate: GenerateAsk | None
    min_sessions_sequence: int
    create_generated: CreateGenerated
