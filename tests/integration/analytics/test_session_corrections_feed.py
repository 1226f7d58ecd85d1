"""Analytics follows the sessions feed's corrections end to end (real training, sessions and analytics
servers on port 0): a deleted performance, a cancelled session and a deleted session each take their
sets out of the records, and the record falls back to the best set left."""

from __future__ import annotations

from kinetic.analytics.v1 import analytics_pb2
from kinetic.sessions.v1 import sessions_pb2
from tests.integration.analytics.test_analytics_grpc import analytics_stack, records
from tests.integration.sessions.session_support import ACCOUNT, BENCH, bench_set, log_request


async def heaviest(analytics) -> tuple[float, str, int]:
    """The bench press heaviest-load record: (kg, session, the feed sequence it reflects)."""
    answer = await records(analytics)
    (bench,) = [e for e in answer.exercises if e.exercise_id == BENCH]
    return bench.heaviest_load.value, bench.heaviest_load.set.session_id, answer.as_of_sequence


async def latest(sessions) -> int:
    page = await sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=ACCOUNT))
    return page.latest_sequence


async def freestyle_with_bench(sessions, weight: float) -> tuple[str, str]:
    started = await sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT)
    )
    session_id = started.session.session_id
    logged = await sessions.LogPerformance(log_request(session_id, [bench_set(1, weight=weight, reps=5)]))
    return session_id, logged.performance.performance_id


async def complete(sessions, session_id: str) -> None:
    await sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session_id)
    )


async def test_records_follow_deleted_performances_cancelled_and_deleted_sessions(engines, tmp_path):
    async with analytics_stack(engines, tmp_path) as (sessions, analytics):
        base, _ = await freestyle_with_bench(sessions, 100)
        await complete(sessions, base)

        # A heavier set whose performance is then deleted.
        second, performance_id = await freestyle_with_bench(sessions, 120)
        assert (await heaviest(analytics))[:2] == (120, second)
        await sessions.DeletePerformance(
            sessions_pb2.DeletePerformanceRequest(
                account_id=ACCOUNT, session_id=second, performance_id=performance_id
            )
        )
        assert await heaviest(analytics) == (100, base, await latest(sessions))

        # Logged again in the same session, which is then cancelled: cancelled sessions do not count.
        await sessions.LogPerformance(log_request(second, [bench_set(1, weight=110, reps=5)]))
        assert (await heaviest(analytics))[:2] == (110, second)
        await sessions.UpdateSessionStatus(
            sessions_pb2.UpdateSessionStatusRequest(account_id=ACCOUNT, session_id=second, status="cancelled")
        )
        assert await heaviest(analytics) == (100, base, await latest(sessions))

        # A completed session that is deleted outright.
        third, _ = await freestyle_with_bench(sessions, 130)
        await complete(sessions, third)
        assert (await heaviest(analytics))[:2] == (130, third)
        await sessions.DeleteSession(sessions_pb2.DeleteSessionRequest(account_id=ACCOUNT, session_id=third))
        assert await heaviest(analytics) == (100, base, await latest(sessions))

        progress = await analytics.GetProgress(
            analytics_pb2.GetProgressRequest(account_id=ACCOUNT, exercise_id=BENCH, metric="volume")
        )
        assert [p.value for p in progress.points] == [500]  # only the base session is left

        # Deleting the last session leaves no record at all.
        await sessions.DeleteSession(sessions_pb2.DeleteSessionRequest(account_id=ACCOUNT, session_id=base))
        answer = await records(analytics)
        assert [e.exercise_id for e in answer.exercises] == []
        assert answer.as_of_sequence == await latest(sessions)
