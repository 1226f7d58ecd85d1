"""Sessions from Training occurrences: starting and completing mark the occurrence in a real training
server (on port 0, reached over gRPC at the configured target), on SQLite and PostgreSQL."""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings, load_settings
from kinetic.training.v1 import training_pb2
from services.sessions.bootstrap import start as start_sessions
from tests.integration.sessions.session_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    Stack,
    changes,
    client_gym,
    failure,
    fields,
    log_request,
    session_stack,
)
from tests.integration.training.library_support import ZONE, SettableClock, edit_request, strength_a

MONDAY = "2026-09-21"  # strength_a recurs Mon, Wed, Fri; the clock starts Sunday 20 September 2026


async def create_workout(stack: Stack) -> str:
    library = await stack.training.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    created = await stack.training.EditTraining(
        edit_request(library.library.epoch, "create-strength-a", strength_a())
    )
    return created.workouts[0].id


async def occurrence_status(stack: Stack, day: str = MONDAY) -> str:
    response = await stack.training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=ACCOUNT, time_zone=ZONE, from_day=day, to_day="2026-09-22", week_starts_on=2
        )
    )
    (occurrence,) = [o for o in response.occurrences if o.original_scheduled_day == day]
    return occurrence.status


def start_occurrence(workout_id: str, day: str = MONDAY, account_id: str = ACCOUNT):
    return sessions_pb2.StartOrResumeSessionRequest(
        account_id=account_id,
        workout_id=workout_id,
        original_scheduled_day=day,
        title="Strength A",
        device_id="muse",
    )


async def test_starting_and_completing_marks_the_occurrence_active_then_completed(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        workout_id = await create_workout(stack)
        assert await occurrence_status(stack) == "scheduled"
        stack.clock.advance(days=1)  # Monday

        started = await stack.sessions.StartOrResumeSession(start_occurrence(workout_id))
        assert await occurrence_status(stack) == "active"
        resumed = await stack.sessions.StartOrResumeSession(start_occurrence(workout_id))

        session = started.session
        assert (session.source, session.workout_id, session.original_scheduled_day, session.title) == (
            "occurrence",
            workout_id,
            MONDAY,
            "Strength A",
        )
        assert resumed.resumed and resumed.session.session_id == session.session_id

        # Occurrence sessions log Training catalog exercises, not gym ObjectIds.
        squat = sessions_pb2.PerformanceSet(set_number=1, weight_kg=100, reps_number=5, completed=True)
        logged = await stack.sessions.LogPerformance(
            log_request(session.session_id, [squat], "barbell-back-squat")
        )
        assert logged.performance.exercise_id == "barbell-back-squat"
        # Named from the catalog, its own catalog exercise (decision 0037).
        performance = logged.performance
        assert (performance.exercise_name, performance.catalog_exercise_id) == (
            "Barbell Back Squat",
            "barbell-back-squat",
        )

        stack.clock.advance(hours=1)
        done = await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(
                account_id=ACCOUNT, session_id=session.session_id, device_id="muse"
            )
        )
        assert done.experience_points_awarded == 10
        assert await occurrence_status(stack) == "completed"
        history = await stack.training.ListHistory(
            training_pb2.ListHistoryRequest(
                account_id=ACCOUNT, time_zone=ZONE, from_day=MONDAY, to_day="2026-09-22"
            )
        )
        assert [o.workout_id for o in history.occurrences] == [workout_id]


async def test_an_occurrence_training_does_not_know_is_refused_and_nothing_is_stored(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        workout_id = await create_workout(stack)
        unknown_workout = await failure(
            stack.sessions.StartOrResumeSession(start_occurrence("no-such-workout"))
        )
        tuesday = await failure(
            stack.sessions.StartOrResumeSession(start_occurrence(workout_id, "2026-09-22"))
        )
        other_account = await failure(
            stack.sessions.StartOrResumeSession(start_occurrence(workout_id, account_id=OTHER_ACCOUNT))
        )
        no_title = await failure(
            stack.sessions.StartOrResumeSession(
                sessions_pb2.StartOrResumeSessionRequest(
                    account_id=ACCOUNT, workout_id=workout_id, original_scheduled_day=MONDAY
                )
            )
        )

        assert (unknown_workout.code, unknown_workout.reason) == (
            grpc.StatusCode.NOT_FOUND,
            "WORKOUT_NOT_FOUND",
        )
        assert (tuesday.code, tuesday.reason) == (grpc.StatusCode.NOT_FOUND, "OCCURRENCE_NOT_FOUND")
        assert other_account.reason == "WORKOUT_NOT_FOUND"
        assert fields(no_title) == ["title"]
        assert await occurrence_status(stack) == "scheduled"
        listed = await stack.sessions.ListSessions(sessions_pb2.ListSessionsRequest(account_id=ACCOUNT))
        assert listed.total_count == 0
        assert await changes(stack) == []


async def test_with_training_unreachable_an_occurrence_start_stores_nothing(sqlite_engines, tmp_path):
    # The target comes from the settings; nothing listens on the port it names.
    target = load_settings({"KINETIC_TRAINING_PORT": "1"}).targets["training"]
    running = await start_sessions(
        ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": str(tmp_path)}),
        port=0,
        engine=sqlite_engines("sessions"),
        clock=SettableClock(),
        training_target=target,
        gyms=client_gym(),
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        stub = sessions_pb2_grpc.SessionsServiceStub(channel)
        error = await failure(stub.StartOrResumeSession(start_occurrence("any-workout")))
        freestyle = await stub.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT)
        )
        listed = await stub.ListSessions(sessions_pb2.ListSessionsRequest(account_id=ACCOUNT))
    finally:
        await channel.close()
        await running.stop(0)

    assert target == "127.0.0.1:1"
    assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "TRAINING_UNAVAILABLE")
    assert not freestyle.resumed  # sessions that need no training still start
    assert [s.source for s in listed.sessions] == ["freestyle"]
