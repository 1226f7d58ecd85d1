"""A Training edit's ``input`` as sent, before any check: plain values the edit rules read.

Each class mirrors one input message of the contract (``EditInput`` and what it holds, decision
0027) field for field, with the same attribute names, so the rules read it as they read the
message. What protobuf tells with ``HasField`` is told here by ``None``: a field not sent is
``None``, a list not sent is ``None`` (an empty one is ``()``). Fields the contract gives no
presence (an endurance part's ``sport``, a step's ``repeatCount``) keep their default, as on the
wire. ``services/training/entrypoints/edit_input_pb.py`` builds these from the message; the
rules (``documents``, ``workout_rules``, ``block_rules``, ``plan_rules``, ``endurance_rules``)
turn them into checked values or name every problem. See docs/decisions/0110-library-edits-as-values.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class ScheduleInput:
    type: str | None = None
    weekdays: tuple[int, ...] = ()
    interval_days: int | None = None


@dataclass(frozen=True)
class MovementInput:
    workout_exercise_id: str | None = None
    exercise_id: str | None = None
    tracking_mode: str | None = None
    notes: str | None = None
    target_sets: int | None = None
    target_reps: int | None = None
    target_weight_kg: float | None = None
    target_duration_seconds: int | None = None
    target_distance_meters: float | None = None
    target_calories: int | None = None
    interval_work_seconds: int | None = None
    interval_rest_seconds: int | None = None
    interval_rounds: int | None = None
    rest_seconds: int | None = None


@dataclass(frozen=True)
class BlockConfigurationInput:
    format: str | None = None
    duration_seconds: int | None = None
    rounds: int | None = None
    interval_seconds: int | None = None


@dataclass(frozen=True)
class CrossFitBlockInput:
    id: str | None = None
    configuration: BlockConfigurationInput | None = None
    exercise_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class IntensityInput:
    kind: str = ""
    label: str = ""


@dataclass(frozen=True)
class StepTargetInput:
    kind: str = ""
    pace_low_seconds_per_km: int | None = None
    pace_high_seconds_per_km: int | None = None
    watts_low: int | None = None
    watts_high: int | None = None
    ftp_percent_low: float | None = None
    ftp_percent_high: float | None = None
    bpm_low: int | None = None
    bpm_high: int | None = None
    heart_rate_zone: int | None = None
    rpe: int | None = None
    pace_zone: str | None = None


@dataclass(frozen=True)
class EnduranceStepInput:
    type: str = ""
    role: str = ""
    duration_seconds: int | None = None
    distance_meters: float | None = None
    target: StepTargetInput | None = None
    notes: str = ""
    repeat_count: int = 0
    steps: tuple[EnduranceStepInput, ...] = ()


@dataclass(frozen=True)
class EnduranceInput:
    sport: str = ""
    planned_duration_seconds: int | None = None
    planned_distance_meters: float | None = None
    intensity: IntensityInput | None = None
    steps: tuple[EnduranceStepInput, ...] = ()
    planned_tss: float | None = None
    planned_tss_locked: bool = False


@dataclass(frozen=True)
class WorkoutInput:
    name: str | None = None
    kind: str | None = None
    notes: str | None = None
    schedule: ScheduleInput | None = None
    exercises: tuple[MovementInput, ...] | None = None
    cross_fit_blocks: tuple[CrossFitBlockInput, ...] | None = None
    endurance: EnduranceInput | None = None
    clear_endurance: bool | None = None

    def sends_nothing(self) -> bool:
        """Whether no field at all was sent (an empty list counts as sent)."""
        return all(getattr(self, name) is None for name in self.__dataclass_fields__)


@dataclass(frozen=True)
class PhaseInput:
    name: str | None = None
    start_day: str | None = None
    end_day_exclusive: str | None = None
    workouts: tuple[WorkoutInput, ...] = ()
    existing_workout_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlanInput:
    name: str | None = None
    notes: str | None = None
    phases: tuple[PhaseInput, ...] = ()


@dataclass(frozen=True)
class PlanChangesInput:
    name: str | None = None
    notes: str | None = None


# --- The actions: exactly one is sent; an EditInput with none is ``NoAction``. -----------------


@dataclass(frozen=True)
class CreateWorkoutAction:
    workout: WorkoutInput | None = None


@dataclass(frozen=True)
class UpdateWorkoutAction:
    workout_id: str | None = None
    workout: WorkoutInput | None = None


@dataclass(frozen=True)
class CreatePlanAction:
    plan: PlanInput | None = None


@dataclass(frozen=True)
class UpdatePlanAction:
    plan_id: str | None = None
    plan: PlanChangesInput | None = None


@dataclass(frozen=True)
class MoveOccurrenceAction:
    workout_id: str | None = None
    original_scheduled_day: str | None = None
    destination_day: str | None = None


@dataclass(frozen=True)
class ReplaceOccurrenceAction:
    workout_id: str | None = None
    original_scheduled_day: str | None = None
    replacement_workout_id: str | None = None


@dataclass(frozen=True)
class ChangeScheduleAction:
    """``recurrence`` is which of the contract's choices was sent: a schedule, or stopRecurring."""

    workout_id: str | None = None
    effective_day: str | None = None
    recurrence: Literal["schedule", "stop_recurring"] | None = None
    schedule: ScheduleInput | None = None


@dataclass(frozen=True)
class NoAction:
    """An input naming no action."""


ActionInput = (
    CreateWorkoutAction
    | UpdateWorkoutAction
    | CreatePlanAction
    | UpdatePlanAction
    | MoveOccurrenceAction
    | ReplaceOccurrenceAction
    | ChangeScheduleAction
    | NoAction
)

# Each action's seed 000 name, in the contract's order (the error for a missing action lists them).
ACTION_NAMES: dict[type[ActionInput], str] = {
    CreateWorkoutAction: "createWorkout",
    UpdateWorkoutAction: "updateWorkout",
    CreatePlanAction: "createPlan",
    UpdatePlanAction: "updatePlan",
    MoveOccurrenceAction: "moveOccurrence",
    ReplaceOccurrenceAction: "replaceOccurrence",
    ChangeScheduleAction: "changeSchedule",
}


def action_name(action: ActionInput) -> str:
    """The seed 000 name of the action (``createWorkout``), or "" for none."""
    return ACTION_NAMES.get(type(action), "")
