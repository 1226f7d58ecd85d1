"""What a workout session is: its source, status, performances and sets. No storage here.

Units are kilograms, meters and seconds. Limits and rules: docs/decisions/0017-sessions.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

SessionStatus = Literal["planned", "in_progress", "paused", "completed", "stopped", "cancelled"]
STATUSES: tuple[SessionStatus, ...] = (
    "planned",
    "in_progress",
    "paused",
    "completed",
    "stopped",
    "cancelled",
)
# Sessions that can still take sets and be completed, and that a start of the same source resumes.
ACTIVE_STATUSES: tuple[SessionStatus, ...] = ("in_progress", "paused")

SourceKind = Literal["plan_day", "occurrence", "freestyle"]
SOURCE_KINDS: tuple[SourceKind, ...] = ("plan_day", "occurrence", "freestyle")
SET_TYPES = ("N", "W", "D", "F")  # normal, warm-up, drop, failure

SetupScalar = str | float | bool


@dataclass(frozen=True)
class SessionSource:
    """Where a session came from: a gym plan day, a Training occurrence, or nothing (freestyle)."""

    kind: SourceKind
    plan_id: str = ""
    plan_moment_id: str = ""
    workout_id: str = ""
    original_scheduled_day: str = ""

    @property
    def key(self) -> str:
        """One string per source: a start with the same key resumes the active session."""
        if self.kind == "plan_day":
            return f"plan_day:{self.plan_id}:{self.plan_moment_id}"
        if self.kind == "occurrence":
            return f"occurrence:{self.workout_id}:{self.original_scheduled_day}"
        return "freestyle"


@dataclass(frozen=True)
class SetupValue:
    """One machine setup value."""

    key: str
    value: SetupScalar


@dataclass(frozen=True)
class LoggedSet:
    """One set as logged; logging the same set number again replaces it whole."""

    set_number: int
    set_type: str = "N"
    weight_kg: float | None = None
    reps: float | str | None = None
    time_seconds: float | None = None
    distance_meters: float | None = None
    rest_seconds: float | None = None
    rpe: float | None = None
    completed: bool = False
    notes: str = ""
    estimated: bool = False
    # The load as the person gave it (e.g. 225 with "lb"); ``weight_kg`` stays the figure every
    # calculation uses. None with "kg" or "" (kilograms, or no load). Decision 0049.
    load_value: float | None = None
    load_unit: str = ""


@dataclass(frozen=True)
class Performance:
    """One exercise of a session and its sets (ascending set number)."""

    performance_id: str
    session_id: str
    exercise_id: str
    plan_exercise_id: str
    notes: str
    rest_seconds: float | None
    is_completed: bool
    setup_values: tuple[SetupValue, ...]
    next_setup_values: tuple[SetupValue, ...]
    setup_settings_enabled: bool
    show_set_rpe: bool
    sets: tuple[LoggedSet, ...]
    created_at: datetime
    updated_at: datetime
    # What the exercise was called and which catalog exercise it maps to when it was last logged, so
    # every reader (history, the live snapshot, the feed and analytics) names it (decision 0037).
    exercise_name: str = ""
    catalog_exercise_id: str = ""


@dataclass(frozen=True)
class Session:
    """One workout someone did or is doing."""

    session_id: str
    account_id: str
    source: SessionSource
    company_id: str
    status: SessionStatus
    title: str
    notes: str
    started_at: datetime
    ended_at: datetime | None
    updated_at: datetime
    experience_points: int
    performance_count: int
    performances: tuple[Performance, ...] = field(default=())
    # The program day this workout was, labelled by the workout log (decision 0049); "" when none.
    program_id: str = ""
    program_day: str = ""

    @property
    def is_active(self) -> bool:
        """Whether the session still takes sets and can be completed."""
        return self.status in ACTIVE_STATUSES
