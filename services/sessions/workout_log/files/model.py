"""What an imported workout file holds once read, and the errors that refuse a whole file.

Every value stays as the file states it: loads in the file's unit (never converted), times as the
local wall time the file shows (naive; the caller applies the person's time zone). Only distances
become metres, since the formats spell them in three different units.
See docs/decisions/0047-workout-imports-and-exports.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

FileFormat = Literal["strong", "hevy"]
WeightUnit = Literal["kg", "lb"]
DistanceUnit = Literal["km", "mi"]
SetType = Literal["normal", "warmup", "drop", "failure"]


@dataclass(frozen=True, slots=True)
class ImportedSet:
    """One set as logged. ``None`` means the file recorded nothing for that measure."""

    load: float | None
    unit: WeightUnit | None  # the unit of ``load``; None exactly when ``load`` is None
    reps: int | None
    distance_m: float | None
    duration_s: int | None
    rpe: float | None
    set_type: SetType


@dataclass(frozen=True, slots=True)
class ImportedEntry:
    """The sets of one exercise within a workout, in the order they were done."""

    exercise_name: str
    notes: str
    sets: tuple[ImportedSet, ...]


@dataclass(frozen=True, slots=True)
class ImportedWorkout:
    """One workout. ``source_key`` fingerprints its content so a re-import can be recognised."""

    source_key: str
    started_at: datetime  # naive: the local wall time written in the file
    ended_at: datetime | None
    title: str
    notes: str
    entries: tuple[ImportedEntry, ...]


@dataclass(frozen=True, slots=True)
class SkippedRow:
    """A row left out, by its line in the file (the header is line 1) and why."""

    line: int
    reason: str


@dataclass(frozen=True, slots=True)
class ImportResult:
    """A read file: its format, its workouts by start, and the rows that could not be used."""

    format: FileFormat
    workouts: tuple[ImportedWorkout, ...]
    skipped: tuple[SkippedRow, ...]
    # Workouts kept without their end, by the first row saying so: a duration of days (decision 0088).
    dropped_durations: tuple[SkippedRow, ...] = ()


class WorkoutFileError(ValueError):
    """A file refused as a whole; ``reason`` says why in words fit to show the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnreadableFile(WorkoutFileError):
    """Not UTF-8 CSV text, or a header that is neither a Strong nor a Hevy export."""


class NotCsvFile(WorkoutFileError):
    """A JSON document (such as Kinetic's account export) given where a CSV export is read: refused
    by its format before the CSV reader meets it (decision 0107)."""


class UnitRequired(WorkoutFileError):
    """A Strong export whose weights carry no unit, read without the caller stating one."""
