"""What the workout log is asked to store or change, and what it keeps per account. No storage here.

A workout is a session, an entry one of its performances and a set a performance set
(``services.sessions.domain.session_model``); these are the log's requests over them and its own
records (preferences, the current program). Rules: docs/decisions/0049-workout-log.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from services.sessions.domain.session_model import SourceKind

# Source of every workout the log creates: it resumes and is resumed like any freestyle session.
WORKOUT_SOURCE: SourceKind = "freestyle"
DEFAULT_TITLE = "Workout"

RecordKind = Literal["workout", "entry", "set"]


@dataclass(frozen=True)
class SetInput:
    """One set to store; None is "not given". Loads in kilograms, the given unit beside."""

    reps: int | None = None
    load_kg: float | None = None
    load_value: float | None = None
    load_unit: str = ""
    duration_s: int | None = None
    distance_m: float | None = None
    rpe: float | None = None
    warmup: bool = False
    estimated: bool = False


@dataclass(frozen=True)
class EntryInput:
    """One exercise with its sets: by exercise ID, or by the words the person used."""

    exercise_id: str = ""
    exercise_name: str = ""
    words: str = ""
    notes: str = ""
    sets: tuple[SetInput, ...] = ()


@dataclass(frozen=True)
class ProgramDay:
    """A day of a program, e.g. ("kp:five-by-five", "A")."""

    program_id: str
    day: str


@dataclass(frozen=True)
class WorkoutInput:
    """LogWorkout: one finished workout."""

    entries: tuple[EntryInput, ...]
    day: str = ""
    time_zone: str = ""
    title: str = ""
    notes: str = ""
    program: ProgramDay | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None


@dataclass(frozen=True)
class AddSetsInput:
    """AddSets: sets for one entry of the session in progress, a named workout or a named entry."""

    entry: EntryInput
    workout_id: str = ""
    entry_id: str = ""
    time_zone: str = ""


@dataclass(frozen=True)
class SetChange:
    """The fields of a set to change; None (and False) leave a field as it is."""

    reps: int | None = None
    load_kg: float | None = None
    load_value: float | None = None
    load_unit: str = ""
    remove_load: bool = False
    duration_s: int | None = None
    distance_m: float | None = None
    rpe: float | None = None
    warmup: bool | None = None


@dataclass(frozen=True)
class RecordTarget:
    """A workout (session ID), an entry (performance ID) or a set ("<performance ID>:<number>")."""

    kind: RecordKind | None
    record_id: str


@dataclass(frozen=True)
class RecordChange:
    """UpdateLogRecord: what to change on one workout, entry or set."""

    target: RecordTarget
    title: str | None = None
    day: str = ""
    notes: str | None = None
    end_time: datetime | None = None
    exercise_id: str = ""
    exercise_name: str = ""
    set_change: SetChange | None = None
    time_zone: str = ""


@dataclass(frozen=True)
class CurrentProgram:
    """The program an account follows."""

    program_id: str
    version: int
    started_on: str
    routine_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class LogProfile:
    """The log's preferences for one account; the defaults are an account that never set any."""

    goals: str = ""
    equipment: tuple[str, ...] = ()
    limitations: str = ""
    training_days: tuple[str, ...] = ()
    calm_mode: bool = False
    program_suggestions: bool = True
    remembered_exercises: dict[str, str] = field(default_factory=dict)
    current_program: CurrentProgram | None = None


@dataclass(frozen=True)
class ProfileChange:
    """UpdateLogProfile: the preferences given; None leaves one as it is."""

    goals: str | None = None
    equipment: tuple[str, ...] | None = None
    limitations: str | None = None
    training_days: tuple[str, ...] | None = None
    calm_mode: bool | None = None
    program_suggestions: bool | None = None


@dataclass(frozen=True)
class WorkoutFilter:
    """ListLoggedWorkouts: a window of local days and optional exercise and program filters."""

    from_day: str = ""
    to_day: str = ""
    time_zone: str = ""
    exercise_ids: tuple[str, ...] = ()
    limit: int = 0
    program_id: str = ""
