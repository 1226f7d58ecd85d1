"""The Training library's records as plain values: workouts, plans, schedules and occurrences.

These types are shared by the input parser (``documents``), the occurrence expansion
(``occurrences``), storage and the gRPC adapter. Days are local calendar days (``datetime.date``):
a workout "on Tuesdays" is on the user's Tuesday in whatever zone they read it from, so schedules
never shift with DST (docs/decisions/0011-training-library.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from knowledge.training import rules
from services.training.domain.endurance import EnduranceTarget

WORKOUT_KINDS = rules.WORKOUT_KINDS  # the contract's 16 kinds, defined once

ScheduleType = Literal["weekdays", "everyNDays"]
OccurrenceStatus = Literal["scheduled", "moved", "replaced", "active", "completed"]


@dataclass(frozen=True)
class Schedule:
    """When a workout recurs: on ``weekdays`` (1 = Sunday ... 7 = Saturday) or every N days."""

    type: ScheduleType
    weekdays: tuple[int, ...] = ()
    interval_days: int = 0
    # everyNDays: a day the series falls on. Set when the schedule is stored (the effective day).
    anchor_day: date | None = None


@dataclass(frozen=True)
class ScheduleSegment:
    """``schedule`` applies from ``effective_day`` (None: from the beginning) to the next segment."""

    effective_day: date | None
    schedule: Schedule | None


@dataclass(frozen=True)
class Targets:
    """A movement's targets; None means "not given". Units: kilograms, meters, seconds."""

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
class WorkoutExercise:
    """One movement instance: its own ``id`` (the workoutExerciseID), a catalog exercise, targets."""

    id: str
    exercise_id: str
    tracking_mode: str
    targets: Targets = Targets()
    notes: str = ""


@dataclass(frozen=True)
class BlockConfiguration:
    """A crossFitBlock's timer setup; unused settings hold the defaults 1200 s, 5 rounds, 60 s."""

    format: str
    duration_seconds: int
    rounds: int
    interval_seconds: int


@dataclass(frozen=True)
class CrossFitBlock:
    """Contiguous movements (by instance ID, in workout order) under one setup."""

    id: str
    configuration: BlockConfiguration
    exercise_ids: tuple[str, ...]


@dataclass(frozen=True)
class WorkoutContent:
    """What a user authors about a workout (everything but identity, version and plan placement)."""

    name: str
    kind: str
    notes: str
    exercises: tuple[WorkoutExercise, ...]
    cross_fit_blocks: tuple[CrossFitBlock, ...] = ()
    # Set on a planned endurance workout, which may then have no movements (decision 0056).
    endurance: EnduranceTarget | None = None


@dataclass(frozen=True)
class Workout:
    """A stored workout definition."""

    id: str
    version: str
    content: WorkoutContent
    segments: tuple[ScheduleSegment, ...] = ()
    plan_id: str | None = None
    phase_id: str | None = None
    active_from: date | None = None
    active_until: date | None = None  # exclusive
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True)
class Phase:
    """A named part of a plan over local days [start_day, end_day_exclusive)."""

    id: str
    name: str
    start_day: date
    end_day_exclusive: date
    workout_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plan:
    """A stored plan."""

    id: str
    version: str
    name: str
    notes: str = ""
    phases: tuple[Phase, ...] = ()
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True)
class OccurrenceOverride:
    """What happened to one occurrence, keyed by workout ID + original scheduled day.

    ``destination_day`` is set when moved; ``replacement_workout_id`` when another workout is done
    that day instead; ``status`` is "active" or "completed" once the sessions service says so.
    """

    workout_id: str
    original_day: date
    destination_day: date | None = None
    replacement_workout_id: str | None = None
    status: Literal["scheduled", "active", "completed"] = "scheduled"
    completed_at: datetime | None = None


@dataclass(frozen=True)
class Occurrence:
    """One session on the calendar. Identity: (workout_id, original_day), even after a move."""

    workout_id: str
    original_day: date
    day: date
    status: OccurrenceStatus
    replacement_workout_id: str | None = None
    completed_at: datetime | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False)
