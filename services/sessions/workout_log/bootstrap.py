"""Builds the workout log's use cases for the sessions service's bootstrap (and its tests).

Nothing is built at import time; the engine is the sessions service's, already migrated.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from kinetic.bounded_parse import ParseWorkers
from services.sessions.service_layer.session_support import Clock, utc_now
from services.sessions.workout_log.adapters.file_reading import workout_file_workers
from services.sessions.workout_log.service_layer.deletion import LogDeletion
from services.sessions.workout_log.service_layer.exercise_matching import AccountExercises, ExerciseMatching
from services.sessions.workout_log.service_layer.log_profile import LogProfileEditing
from services.sessions.workout_log.service_layer.log_queries import LogQueries
from services.sessions.workout_log.service_layer.record_editing import RecordEditing
from services.sessions.workout_log.service_layer.text_logging import TextLogging
from services.sessions.workout_log.service_layer.workout_files import WorkoutFiles
from services.sessions.workout_log.service_layer.workout_logging import WorkoutLogging


@dataclass(frozen=True)
class WorkoutLogModule:
    """Every use case of WorkoutLogService."""

    logging: WorkoutLogging
    editing: RecordEditing
    deletion: LogDeletion
    queries: LogQueries
    profile: LogProfileEditing
    text: TextLogging
    matching: ExerciseMatching
    files: WorkoutFiles  # imports and exports of workout history files (decision 0098)


def build_workout_log(
    engine: Engine,
    account_exercises: AccountExercises,
    clock: Clock = utc_now,
    file_workers: ParseWorkers | None = None,
) -> WorkoutLogModule:
    """The workout log over the sessions ``engine``, on ``clock`` (tests move it by hand);
    ``account_exercises`` finds the account's own exercises for words the catalog does not know."""
    logging = WorkoutLogging(engine, clock)
    matching = ExerciseMatching(engine, account_exercises)
    return WorkoutLogModule(
        logging,
        RecordEditing(engine, clock),
        LogDeletion(engine, clock),
        LogQueries(engine, clock),
        LogProfileEditing(engine, clock),
        TextLogging(logging, matching, clock),
        matching,
        WorkoutFiles(file_workers or workout_file_workers()),
    )
