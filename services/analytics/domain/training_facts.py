"""The Training library as analytics keeps it: workouts, plans and occurrences, only what insights use.

They come from training's change feed (``ListLibraryChanges``) and replace what was stored for the
same record, so applying a change twice leaves the same facts (docs/decisions/0024).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime


@dataclass(frozen=True)
class MovementFact:
    """One movement instance of a workout and its targets (None where it prescribes nothing)."""

    movement_id: str
    exercise_id: str  # a catalog or custom exercise ID
    position: int
    block_id: str | None  # the CrossFit block the movement belongs to, if any
    target_sets: int | None = None
    target_reps: int | None = None
    target_weight_kg: float | None = None
    target_distance_meters: float | None = None
    target_duration_seconds: int | None = None


@dataclass(frozen=True)
class BlockFact:
    """One CrossFit block: its timer format, rounds and duration, in workout order."""

    block_id: str
    position: int
    format: str
    rounds: int
    duration_seconds: int


@dataclass(frozen=True)
class WorkoutFact:
    """A workout as the feed last gave it."""

    workout_id: str
    version: str
    name: str
    kind: str
    plan_id: str
    phase_id: str
    movements: tuple[MovementFact, ...] = ()
    blocks: tuple[BlockFact, ...] = ()


@dataclass(frozen=True)
class PlanFact:
    """A plan as the feed last gave it."""

    plan_id: str
    version: str
    name: str


@dataclass(frozen=True)
class OccurrenceFact:
    """One occurrence's state, identified by its workout and original day."""

    workout_id: str
    original_day: date
    day: date
    status: str  # scheduled, moved, replaced, active or completed
    replacement_workout_id: str  # "" when not replaced
    completed_at: datetime | None

    @property
    def moved(self) -> bool:
        """On another day than the schedule put it (whatever happened to it since)."""
        return self.day != self.original_day


TrainingRecord = WorkoutFact | PlanFact | OccurrenceFact
