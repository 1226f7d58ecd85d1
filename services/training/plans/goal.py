"""A goal's own fields and a plan snapshot, as values: what the plan tables hold besides the
library's plan and workouts (docs/decisions/0102-training-without-protobuf-inside.md).

Days stay the contract's ``YYYY-MM-DD`` text (empty: not set), as they are stored; the rules that
read them (``rules``) take them apart where they compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from services.training.domain.endurance import EnduranceTarget


@dataclass(frozen=True)
class PhaseTarget:
    """A weekly target for one sport within a phase block; None: not set."""

    sport: str
    weekly_distance_meters: float | None = None
    weekly_duration_seconds: int | None = None
    weekly_tss: float | None = None
    sessions_per_week: int | None = None


@dataclass(frozen=True)
class PhaseBlock:
    """A named part of a plan over local days."""

    name: str
    start_date: str
    end_date: str
    focus: str = ""
    targets: tuple[PhaseTarget, ...] = ()


@dataclass(frozen=True)
class SportFrequency:
    """Sessions a week of one sport."""

    sport: str
    sessions_per_week: int = 0


@dataclass(frozen=True)
class CoachingSummary:
    """A note on one week; ``updated_at`` is None only for a note stored without its time."""

    week_start: str
    text: str
    updated_at: datetime | None = None


@dataclass(frozen=True)
class GoalFields:
    """A goal's own fields (``plan_goals``); its name, notes, version and times are its library plan's."""

    goal_id: str
    sport: str = ""
    race_type: str = ""
    race_date: str = ""
    plan_start_date: str = ""
    training_focus: str = ""
    phase_blocks: tuple[PhaseBlock, ...] = ()
    frequencies: tuple[SportFrequency, ...] = ()
    strength_per_week: int = 0
    rest_days: tuple[int, ...] = ()
    is_active: bool = False
    status: str = ""
    creation_mode: str = ""
    coaching_summaries: tuple[CoachingSummary, ...] = ()


@dataclass(frozen=True)
class SnapshotWorkout:
    """One workout as a snapshot keeps it."""

    workout_id: str
    version: str
    name: str
    notes: str
    day: date
    order: int
    workout_type: str
    completed: bool
    linked_activity_id: str
    completed_at: datetime | None
    # None only for a plan workout whose endurance part was removed through the library.
    endurance: EnduranceTarget | None


@dataclass(frozen=True)
class SnapshotContent:
    """A goal and all its workouts as they were before a mutation."""

    name: str
    notes: str
    fields: GoalFields
    workouts: tuple[SnapshotWorkout, ...]
