"""Analytics follows what the workout log writes (real training, sessions and analytics servers on
port 0, decision 0049): a logged workout's sets are records, a deletion takes them out and an undo
brings them back, because the log appends the changes analytics already applies."""

from __future__ import annotations

import grpc
import pytest

from kinetic.sessions.v1 import workout_log_pb2 as wl
from kinetic.sessions.v1 import workout_log_pb2_grpc
from tests.integration.analytics.test_analytics_grpc import records, servers
from tests.integration.sessions.session_support import ACCOUNT
from tests.integration.sessions.workout_log_support import BENCH_ID, log_request


async def heaviest_bench(analytics) -> float | None:
    answer = await records(analytics)
    found = [e.heaviest_load.value for e in answer.exercises if e.exercise_id == BENCH_ID]
    return found[0] if found else None


async def test_records_follow_logged_deleted_and_restored_workouts(engines, tmp_path):
    async with servers(engines, tmp_path) as running:
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.running['sessions'].port}")
        log = workout_log_pb2_grpc.WorkoutLogServiceStub(channel)
        try:
            pounds = wl.LoggedSetInput(reps=5, load_value=225, load_unit="lb")
            logged = await log.LogWorkout(
                log_request(entries=[wl.EntryInput(exercise_id=BENCH_ID, sets=[pounds])], day="2026-09-18")
            )
            assert await heaviest_bench(running.analytics) == pytest.approx(102.06, abs=0.01)

            deleted = await log.DeleteLogRecord(
                wl.DeleteLogRecordRequest(account_id=ACCOUNT, workout_id=logged.workout.session_id)
            )
            assert await heaviest_bench(running.analytics) is None

            await log.UndoDelete(wl.UndoDeleteRequest(account_id=ACCOUNT, undo_token=deleted.undo_token))
            assert await heaviest_bench(running.analytics) == pytest.approx(102.06, abs=0.01)
        finally:
            await channel.close()
