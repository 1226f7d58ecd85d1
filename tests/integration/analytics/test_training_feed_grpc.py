"""Analytics reads Training's library feed through real training, sessions and analytics servers on
port 0: training edits and occurrence sessions are in the very next answer, an erased library leaves
nothing derived from it, and an unreachable training service fails the answer with UNAVAILABLE."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from kinetic.analytics.v1 import analytics_pb2
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.analytics.test_analytics_grpc import Servers, servers
from tests.integration.sessions.session_support import ACCOUNT
from tests.integration.training.library_support import ZONE, edit_request, strength_a

SQUAT = "barbell-back-squat"


async def edit(stack: Servers, key: str, action: dict[str, Any], expected: dict[str, str] | None = None):
    library = await stack.training.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    return await stack.training.EditTraining(edit_request(library.library.epoch, key, action, expected))


async def workout(stack: Servers, workout_id: str) -> training_pb2.Workout:
    found = await stack.training.ListWorkouts(
        training_pb2.ListWorkoutsRequest(account_id=ACCOUNT, workout_ids=[workout_id])
    )
    return found.workouts[0]


async def training_latest(stack: Servers) -> int:
    page = await stack.training.ListLibraryChanges(training_pb2.ListLibraryChangesRequest(account_id=ACCOUNT))
    return page.latest_sequence


async def insights(stack: Servers) -> analytics_pb2.GetInsightsResponse:
    return await stack.analytics.GetInsights(
        analytics_pb2.GetInsightsRequest(account_id=ACCOUNT, time_zone=ZONE)
    )


async def occurrence_session(stack: Servers, workout_id: str, original_day: str, load: float) -> str:
    """Start the occurrence's session, log one squat set and complete it; returns the session ID."""
    started = await stack.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=ACCOUNT,
            workout_id=workout_id,
            original_scheduled_day=original_day,
            title="Occurrence",
            device_id="tests",
        )
    )
    session_id = started.session.session_id
    await stack.sessions.LogPerformance(
        sessions_pb2.LogPerformanceRequest(
            account_id=ACCOUNT,
            session_id=session_id,
            exercise_id=SQUAT,
            sets=[sessions_pb2.PerformanceSet(set_number=1, weight_kg=load, reps_number=5, completed=True)],
        )
    )
    await stack.sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session_id, device_id="tests")
    )
    return session_id


def choices(answer: analytics_pb2.GetInsightsResponse) -> dict[str, tuple[int, ...]]:
    """Per workout name: (completed, moved, replaced, replaced others, sessions, completed sessions)."""
    return {
        c.workout_name: (
            c.occurrences_completed,
            c.occurrences_moved,
            c.occurrences_replaced,
            c.replaced_others,
            c.sessions,
            c.sessions_completed,
        )
        for c in answer.workout_choices
    }


async def test_training_edits_and_occurrence_sessions_are_in_the_next_answer(engines, tmp_path):
    async with servers(engines, tmp_path) as stack:
        # An empty library feed: analytics answers, at training sequence 0.
        position = await stack.analytics.GetFeedPosition(
            analytics_pb2.GetFeedPositionRequest(account_id=ACCOUNT)
        )
        assert (position.sessions_sequence, position.training_sequence) == (0, 0)
        assert (await insights(stack)).workout_choices == []

        squat = {
            "exerciseID": SQUAT,
            "trackingMode": "sets",
            "targetSets": 3,
            "targetReps": 5,
            "targetWeightKg": 100,
        }
        a = (await edit(stack, "analytics-a-0001", strength_a(exercises=[squat]))).workouts[0]
        b = (await edit(stack, "analytics-b-0001", strength_a(name="Strength B", schedule=None))).workouts[0]
        position = await stack.analytics.GetFeedPosition(
            analytics_pb2.GetFeedPositionRequest(account_id=ACCOUNT)
        )
        assert position.training_sequence == await training_latest(stack) == 2

        # Monday 21 September: Strength A's occurrence is done through a session.
        stack.clock.advance(days=1)
        await occurrence_session(stack, a.id, "2026-09-21", 100)
        answer = await insights(stack)
        assert answer.as_of_training_sequence == await training_latest(stack)  # active, then completed
        assert choices(answer) == {"Strength A": (1, 0, 0, 0, 1, 1)}

        # Thursday: Wednesday's occurrence is moved to today; the very next answer has it.
        stack.clock.advance(days=3)
        move = {
            "action": "moveOccurrence",
            "workoutID": a.id,
            "originalScheduledDay": "2026-09-23",
            "destinationDay": "2026-09-24",
        }
        await edit(
            stack, "analytics-move-0001", move, {f"workout:{a.id}": (await workout(stack, a.id)).version}
        )
        answer = await insights(stack)
        assert answer.as_of_training_sequence == await training_latest(stack)
        assert choices(answer) == {"Strength A": (1, 1, 0, 0, 1, 1)}

        # Saturday: Friday's occurrence was replaced by Strength B and done as that.
        stack.clock.advance(days=2)
        replace = {
            "action": "replaceOccurrence",
            "workoutID": a.id,
            "originalScheduledDay": "2026-09-25",
            "replacementWorkoutID": b.id,
        }
        await edit(
            stack, "analytics-repl-0001", replace, {f"workout:{a.id}": (await workout(stack, a.id)).version}
        )
        await occurrence_session(stack, a.id, "2026-09-25", 102.5)
        answer = await insights(stack)
        assert choices(answer) == {"Strength A": (1, 1, 1, 0, 1, 1), "Strength B": (0, 0, 0, 1, 1, 1)}
        (replaced,) = answer.workout_choices[0].replaced_by
        assert (replaced.workout_id, replaced.workout_name, replaced.occurrences) == (b.id, "Strength B", 1)
        assert answer.session_sources.training_workout_sessions == 2
        # Two completed sessions, but of two different workouts: nothing to compare yet.
        assert answer.comparable_workouts == []

        # Erasing the library drops everything derived from it; the sessions stay, tied to nothing.
        await stack.training.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=ACCOUNT))
        answer = await insights(stack)
        assert answer.as_of_training_sequence == await training_latest(stack)
        assert answer.workout_choices == [] and answer.session_sources.removed_workout_sessions == 2
        # Logged sets are not the library's: still there, though two sessions are too few for a trend.
        assert answer.trends == [] and [s.exercise_id for s in answer.not_enough_data] == [SQUAT]


async def test_an_unreachable_training_service_fails_every_answer_with_unavailable(sqlite_engines, tmp_path):
    async with servers(sqlite_engines, tmp_path) as stack:
        await stack.running["training"].stop(0)
        calls = [
            stack.analytics.GetInsights(analytics_pb2.GetInsightsRequest(account_id=ACCOUNT)),
            stack.analytics.GetPersonalRecords(analytics_pb2.GetPersonalRecordsRequest(account_id=ACCOUNT)),
            stack.analytics.GetFeedPosition(analytics_pb2.GetFeedPositionRequest(account_id=ACCOUNT)),
        ]
        for call in calls:
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await call
            failure = RemoteError.from_rpc(info.value)
            assert failure.code == grpc.StatusCode.UNAVAILABLE and failure.reason == "FEED_UNAVAILABLE"
            assert failure.metadata["feed"] == "training"
