"""What the endurance plans' use cases answer, as values; ``plans_pb`` renders them as the
contract's messages (docs/decisions/0113-library-answers-as-values.md, "The endurance plans").

A MutatePlan answer is kept under its idempotency key as the bytes of its message, as before, so a
retry answers byte for byte the first answer: the use case is handed ``PlanForms`` to make those
bytes (and to read the forms stored before, which only the entrypoint knows), and answers a retry
``Replayed(stored)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from kinetic.errors import RemoteError
from knowledge.plan_safety import Advisory
from services.training.domain.planned_stress import Thresholds
from services.training.plans.generator import GeneratedPlan
from services.training.plans.goal import SnapshotContent
from services.training.plans.views import Entry, GoalState
from services.training.service_layer.answers import Replayed


@dataclass(frozen=True)
class PlanLoad:
    """A workout as the safety engine sees it (the ``PlanLoad`` message's fields)."""

    workout_id: str
    day: str
    sport: str
    workout_type: str
    planned_tss: float
    distance_meters: float | None
    duration_seconds: int | None
    completed: bool

    @classmethod
    def of(cls, entry: Entry) -> PlanLoad:
        endurance = entry.workout.content.endurance
        return cls(
            workout_id=entry.workout.id,
            day=entry.day.isoformat(),
            sport=entry.sport,
            workout_type=entry.row.workout_type,
            planned_tss=(endurance.planned_tss or 0.0) if endurance else 0.0,
            distance_meters=endurance.planned_distance_meters if endurance else None,
            duration_seconds=endurance.planned_duration_seconds if endurance else None,
            completed=entry.row.completed,
        )


@dataclass(frozen=True)
class MutateAnswer:
    """MutatePlan's fresh answer. ``goal`` None: the goal was deleted (nothing else is said of
    it); ``workouts`` are the ones the mutation created or changed, ``plan_loads`` every workout
    from today on, both in the plan's order."""

    snapshot_id: str = ""
    pre_restore_snapshot_id: str = ""
    active_goal_id: str = ""
    restored_snapshot_id: str = ""
    created_workout_ids: tuple[str, ...] = ()
    deleted_workout_ids: tuple[str, ...] = ()
    goal: GoalState | None = None
    snapshot_count: int = 0
    workouts: tuple[Entry, ...] = ()
    plan_loads: tuple[PlanLoad, ...] = ()


PlanAnswer = MutateAnswer | Replayed


@dataclass(frozen=True)
class WrittenPlan:
    """What the safety engine reads of a write's answer: the loads, and the goal's creation mode
    and race type (empty for a deleted goal)."""

    plan_loads: tuple[PlanLoad, ...]
    creation_mode: str
    race_type: str

    @classmethod
    def of(cls, answer: MutateAnswer) -> WrittenPlan:
        fields = answer.goal.fields if answer.goal is not None else None
        return cls(
            answer.plan_loads,
            fields.creation_mode if fields else "",
            fields.race_type if fields else "",
        )


class PlanForms(Protocol):
    """The forms only the entrypoint makes or reads: MutatePlan's answer as the bytes of its message
    (kept for a retry), a retried answer's loads, and a snapshot stored before decision 0102."""

    def mutate_answer(self, answer: MutateAnswer) -> bytes:
        """The answer's message, serialized: what a retry of its key answers."""

    def written(self, stored: bytes) -> WrittenPlan:
        """What a stored answer (a retry's) tells the safety engine."""

    def legacy_snapshot(self, stored: bytes) -> SnapshotContent:
        """A snapshot stored as the serialized ``GetPlanResponse``."""


@dataclass(frozen=True)
class DayLoad:
    """One completed day's load, as analytics sends it for a plan write."""

    day: str
    tss: float
    run_meters: float
    ride_meters: float
    swim_meters: float


@dataclass(frozen=True)
class PlanningContext:
    """Analytics' answer for a plan write: its today, the completed days, yesterday's fitness and
    fatigue (on ``loads_day``) and the athlete's thresholds (all unknown unless asked for)."""

    today: str
    loads_day: str
    ctl: float
    atl: float
    completed_days: tuple[DayLoad, ...]
    thresholds: Thresholds


@dataclass(frozen=True)
class GeneratedAnswer:
    """GeneratePlan's answer: the plan, the tool's JSON answer, and whether to offer the plan as a
    goal to create (``activate``: that goal's own flag; None: not asked for as a goal)."""

    plan: GeneratedPlan
    plan_json: str
    activate: bool | None = None


@dataclass(frozen=True)
class WriteAnswer:
    """WritePlan's answer: the mutation's, the generated plan (None: none), and the safety engine's
    advisories, or analytics' failure when they could not be judged."""

    result: PlanAnswer
    generated: GeneratedPlan | None = None
    advisories: tuple[Advisory, ...] = ()
    unanswered: RemoteError | None = None
