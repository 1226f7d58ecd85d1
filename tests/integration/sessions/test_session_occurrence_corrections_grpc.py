"""Cancelling, stopping and deleting sessions from Training occurrences, with a real training server
on port 0: the occurrence shows what its remaining sessions say (decision 0017), on SQLite and
PostgreSQL."""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc, workout_log_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.sessions.bootstrap import start as start_sessions
from services.training.bootstrap import start as start_training
from tests.integration.sessions.session_support import (
    ACCOUNT,
    Stack,
    changes,
    client_gym,
    failure,
    log_request,
    session_stack,
)
from tests.integration.sessions.test_session_occurrences_grpc import (
    create_workout,
    occurrence_status,
    start_occurrence,
)
from tests.integration.training.library_support import SettableClock


def status(session_id: str, value: str) -> sessions_pb2.UpdateSessionStatusRequest:
    return sessions_pb2.UpdateSessionStatusRequest(
        account_id=ACCOUNT, session_id=session_id, status=value, device_id="muse"
    )


def delete(session_id: str) -> sessions_pb2.DeleteSessionRequest:
    return sessions_pb2.DeleteSessionRequest(account_id=ACCOUNT, session_id=session_id, device_id="muse")


async def start(stack: Stack, workout_id: str) -> str:
    return (await stack.sessions.StartOrResumeSession(start_occurrence(workout_id))).session.session_id


async def test_cancel_and_delete_give_the_occurrence_back_while_stop_leaves_it_active(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        workout_id = await create_workout(stack)
        stack.clock.advance(days=1)

        first = await start(stack, workout_id)
        await stack.sessions.UpdateSessionStatus(status(first, "paused"))
        await stack.sessions.UpdateSessionStatus(status(first, "cancelled"))
        after_cancel = await occurrence_status(stack)

        second = await start(stack, workout_id)
        after_restart = await occurrence_status(stack)
        await stack.sessions.UpdateSessionStatus(status(second, "stopped"))
        after_stop = await occurrence_status(stack)
        await stack.sessions.DeleteSession(delete(second))  # no work of the occurrence is left
        after_deleting_stopped = await occurrence_status(stack)

        third = await start(stack, workout_id)
        await stack.sessions.DeleteSession(delete(third))
        after_deleting_active = await occurrence_status(stack)
        await stack.sessions.DeleteSession(delete(first))  # cancelled: nothing more to undo

        assert after_cancel == "scheduled"
        assert (after_restart, after_stop) == ("active", "active")
        assert after_deleting_stopped == "scheduled"
        assert after_deleting_active == "scheduled"
        assert await occurrence_status(stack) == "scheduled"
        listed = await stack.sessions.ListSessions(sessions_pb2.ListSessionsRequest(account_id=ACCOUNT))
        assert listed.total_count == 0


async def test_a_completed_session_keeps_the_occurrence_completed(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        workout_id = await create_workout(stack)
        stack.clock.advance(days=1)
        done = await start(stack, workout_id)
        squat = sessions_pb2.PerformanceSet(set_number=1, weight_kg=100, reps_number=5, completed=True)
        await stack.sessions.LogPerformance(log_request(done, [squat], "barbell-back-squat"))
        await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=done)
        )

        extra = await start(stack, workout_id)  # the occurrence again, after it was completed
        assert await occurrence_status(stack) == "active"
        await stack.sessions.UpdateSessionStatus(status(extra, "cancelled"))
        after_cancel = await occurrence_status(stack)
        await stack.sessions.DeleteSession(delete(done))  # Training's completed record stays
        after_deleting_completed = await occurrence_status(stack)

        assert (after_cancel, after_deleting_completed) == ("completed", "completed")
        logged = [c.performance_logged for c in await changes(stack) if c.kind == "performance.logged"]
        # Occurrence sessions log catalog exercises, so the catalog ID is the exercise ID.
        assert [p.catalog_exercise_id for p in logged] == ["barbell-back-squat"]


async def test_an_occurrence_training_no_longer_has_does_not_block_a_cancel(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        workout_id = await create_workout(stack)
        stack.clock.advance(days=1)
        session_id = await start(stack, workout_id)
        await stack.training.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=ACCOUNT))

        cancelled = await stack.sessions.UpdateSessionStatus(status(session_id, "cancelled"))

        assert cancelled.session.status == "cancelled"


async def test_with_training_down_a_cancel_or_delete_stores_nothing(sqlite_engines, tmp_path):
    clock = SettableClock()
    env = {"KINETIC_DATA_DIR": str(tmp_path)}
    training = await start_training(
        ServiceSettings.from_env("training", env), port=0, engine=sqlite_engines("training"), clock=clock
    )
    sessions = await start_sessions(
        ServiceSettings.from_env("sessions", env),
        port=0,
        engine=sqlite_engines("sessions"),
        clock=clock,
        training_target=f"127.0.0.1:{training.port}",
        gyms=client_gym(),
    )
    channels = [grpc.aio.insecure_channel(f"127.0.0.1:{s.port}") for s in (sessions, training)]
    try:
        stack = Stack(
            sessions_pb2_grpc.SessionsServiceStub(channels[0]),
            training_pb2_grpc.TrainingServiceStub(channels[1]),
            clock,
            client_gym(),
            workout_log_pb2_grpc.WorkoutLogServiceStub(channels[0]),
            sessions.port,
        )
        workout_id = await create_workout(stack)
        clock.advance(days=1)
        session_id = await start(stack, workout_id)
        before = await changes(stack)
        await training.stop(0)

        cancel = await failure(stack.sessions.UpdateSessionStatus(status(session_id, "cancelled")))
        removal = await failure(stack.sessions.DeleteSession(delete(session_id)))
        stopped = await stack.sessions.UpdateSessionStatus(status(session_id, "stopped"))  # needs no training
        after = await changes(stack)
    finally:
        for channel in channels:
            await channel.close()
        await sessions.stop(0)
        await training.stop(0)

    for error in (cancel, removal):
        assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "TRAINING_UNAVAILABLE")
    assert stopped.session.status == "stopped"
    assert [c.kind for c in after] == [c.kind for c in before] + ["session.stopped"]
