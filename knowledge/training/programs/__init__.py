"""The program library: well-known training programs, described in Kinetic's own words.

Pure functions over data that ships with the code (``programs.json``, read once and checked):

- ``search_programs``, ``get_program`` (``ProgramNotFound``), ``day_keys``, ``has_day``: the library;
- ``program_targets``: suggested loads (prescriptions, never weights lifted) from a program's rules,
  the person's starting numbers and their log;
- ``program_progress``: the next day and how a run's sessions went (as written, changed or partly
  done; never missed, late or failed);
- ``suggest_program_match``: the one program recent workouts look like, if any.

Callers read their own storage and pass plain values in (``LoggedSession`` and friends); nothing
here does I/O beyond its data file. Results keep every number in a field of its own next to the
words, so a calm view can leave numbers out by dropping fields (see each result's docstring).
Every program carries a credit and a disclaimer to pass on exactly when the program is named.
Why: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

from knowledge.training.programs.library import (
    ProgramNotFound,
    day_keys,
    get_program,
    has_day,
    latest_programs,
    load_programs,
    search_programs,
)
from knowledge.training.programs.matching import ProgramMatch, suggest_program_match
from knowledge.training.programs.model import (
    LoggedEntry,
    LoggedSession,
    LoggedSet,
    PlannedExercise,
    Program,
    ProgramDay,
    Progression,
    TargetRule,
)
from knowledge.training.programs.progress import (
    LiftProgress,
    ProgramProgress,
    SessionReview,
    program_progress,
)
from knowledge.training.programs.targets import (
    DayTargets,
    ExerciseTarget,
    ProgramTargets,
    program_targets,
)

__all__ = [
    "DayTargets",
    "ExerciseTarget",
    "LiftProgress",
    "LoggedEntry",
    "LoggedSession",
    "LoggedSet",
    "PlannedExercise",
    "Program",
    "ProgramDay",
    "ProgramMatch",
    "ProgramNotFound",
    "ProgramProgress",
    "ProgramTargets",
    "Progression",
    "SessionReview",
    "TargetRule",
    "day_keys",
    "get_program",
    "has_day",
    "latest_programs",
    "load_programs",
    "program_progress",
    "program_targets",
    "search_programs",
    "suggest_program_match",
]
