"""Workout history files: reading Strong and Hevy CSV exports, writing a Strong-layout one.

Pure: bytes in, values out (and text out), no database, no network, no clock. The CLI and the
REST upload wire it to accounts; they apply the person's time zone to the wall times read here and
use each workout's ``source_key`` to make a second import of the same file change nothing.

- ``parse_workout_csv(data, *, unit=None, distance_unit=None) -> ImportResult``
- ``write_strong_csv(workouts, *, unit, distance_unit=None) -> str``

Columns, units, set types, times, the key's recipe and what is skipped:
docs/decisions/0047-workout-imports-and-exports.md.
"""

from __future__ import annotations

from services.sessions.workout_log.files.model import (
    DistanceUnit,
    FileFormat,
    ImportedEntry,
    ImportedSet,
    ImportedWorkout,
    ImportResult,
    SetType,
    SkippedRow,
    UnitRequired,
    UnreadableFile,
    WeightUnit,
    WorkoutFileError,
)
from services.sessions.workout_log.files.reading import parse_workout_csv
from services.sessions.workout_log.files.strong_writer import write_strong_csv

__all__ = [
    "DistanceUnit",
    "FileFormat",
    "ImportResult",
    "ImportedEntry",
    "ImportedSet",
    "ImportedWorkout",
    "SetType",
    "SkippedRow",
    "UnitRequired",
    "UnreadableFile",
    "WeightUnit",
    "WorkoutFileError",
    "parse_workout_csv",
    "write_strong_csv",
]
