"""Builds the Open Workout Schema tools' handlers over the edge's backend stubs, once per app."""

from __future__ import annotations

from collections.abc import Callable

from edge.profiles.ows.context import ContextSource
from edge.profiles.ows.exercises import ExerciseNames
from edge.profiles.ows.logging_tools import WorkoutLogTools
from edge.profiles.ows.profile_tools import ProfileTools
from edge.profiles.ows.program_calendar import ProgramCalendar
from edge.profiles.ows.programs_tools import ProgramTools
from edge.profiles.ows.reading_tools import ReadingTools
from edge.profiles.ows.records import NewRecords
from edge.profiles.ows.tools import OwsHandlers
from kinetic.analytics.v1 import analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2_grpc
from kinetic.sessions.v1 import sessions_pb2_grpc, workout_log_pb2_grpc
from kinetic.training.v1 import training_pb2_grpc


def build_ows_handlers(
    *,
    auth: Callable[[], auth_pb2_grpc.AuthServiceStub],
    log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
    training: Callable[[], training_pb2_grpc.TrainingServiceStub],
    analytics: Callable[[], analytics_pb2_grpc.AnalyticsServiceStub],
    sessions: Callable[[], sessions_pb2_grpc.SessionsServiceStub] | None = None,
) -> OwsHandlers:
    """The four handler groups, sharing one context source and one exercise resolver."""
    contexts = ContextSource(auth, log)
    names = ExerciseNames(training, log)
    return OwsHandlers(
        logging=WorkoutLogTools(contexts, log, names, NewRecords(analytics), sessions),
        reading=ReadingTools(contexts, log, training, analytics, names),
        profile=ProfileTools(contexts, auth, log),
        programs=ProgramTools(contexts, log, ProgramCalendar(training)),
    )
