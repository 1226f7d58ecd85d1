"""DeleteSession and DeletePerformance through a real server, on SQLite and PostgreSQL, and the
catalog exercise every performance.logged change names."""

from __future__ import annotations

from datetime import UTC

import grpc

from kinetic.sessions.v1 import sessions_pb2
from services.sessions.service_layer.gym_directory import VisibleExercise
from tests.integration.sessions.session_support import (
    ACCOUNT,
    BENCH,
    DEADLIFT,
    OTHER_ACCOUNT,
    PLAN,
    PUSH_DAY,
    bench_set,
    changes,
    failure,
    fields,
    log_request,
    session_stack,
    start_freestyle,
)


def delete_session(session_id: str, account_id: str = ACCOUNT) -> sessions_pb2.DeleteSessionRequest:
    return sessions_pb2.DeleteSessionRequest(account_id=account_id, session_id=session_id)


def delete_performance(
    session_id: str, performance_id: str, account_id: str = ACCOUNT
) -> sessions_pb2.DeletePerformanceRequest:
    return sessions_pb2.DeletePerformanceRequest(
        account_id=account_id, session_id=session_id, performance_id=performance_id
    )


async def test_deleting_a_completed_session_removes_it_its_performances_and_its_points(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        kept = (await start_freestyle(stack)).session_id
        await stack.sessions.LogPerformance(log_request(kept, [bench_set(1)]))
        await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=kept)
        )
        doomed = (await start_freestyle(stack)).session_id
        bench = await stack.sessions.LogPerformance(log_request(doomed, [bench_set(1), bench_set(2)]))
        deadlift = await stack.sessions.LogPerformance(log_request(doomed, [bench_set(1)], DEADLIFT))
        done = await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=doomed)
        )
        assert (done.experience_points_awarded, done.total_experience_points) == (30, 40)

        other = await failure(stack.sessions.DeleteSession(delete_session(doomed, OTHER_ACCOUNT)))
        deleted = await stack.sessions.DeleteSession(delete_session(doomed.upper()))
        retry = await failure(stack.sessions.DeleteSession(delete_session(doomed)))

        assert (other.code, other.reason) == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")
        assert (deleted.session_id, deleted.deleted_performance_count) == (doomed, 2)
        assert (deleted.experience_points_removed, deleted.total_experience_points) == (30, 10)
        assert (retry.code, retry.reason) == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")
        gone = await failure(
            stack.sessions.GetSession(sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=doomed))
        )
        assert gone.reason == "SESSION_NOT_FOUND"
        listed = await stack.sessions.ListSessions(sessions_pb2.ListSessionsRequest(account_id=ACCOUNT))
        assert [s.session_id for s in listed.sessions] == [kept]
        history = await stack.sessions.GetExerciseHistory(
            sessions_pb2.GetExerciseHistoryRequest(account_id=ACCOUNT, exercise_id=BENCH)
        )
        assert [e.session_id for e in history.entries] == [kept]

        last = (await changes(stack))[-1]
        payload = last.session_deleted
        assert (last.kind, last.record_id) == ("session.deleted", doomed)
        assert payload.session.session_id == doomed and payload.session.status == "completed"
        assert payload.performance_ids == [
            bench.performance.performance_id,
            deadlift.performance.performance_id,
        ]
        assert payload.delete_time.ToDatetime(tzinfo=UTC) == stack.clock()


async def test_an_active_session_can_be_deleted_and_its_source_starts_afresh(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        started = await stack.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT, plan_id=PLAN, plan_moment_id=PUSH_DAY
            )
        )
        session_id = started.session.session_id
        await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)]))

        deleted = await stack.sessions.DeleteSession(delete_session(session_id))
        snapshot = await stack.sessions.GetLiveSnapshot(
            sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT)
        )
        again = await stack.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT, plan_id=PLAN, plan_moment_id=PUSH_DAY
            )
        )

        assert (deleted.deleted_performance_count, deleted.experience_points_removed) == (1, 0)
        assert not snapshot.HasField("snapshot")
        assert not again.resumed and again.session.session_id != session_id
        never = await failure(stack.sessions.DeleteSession(delete_session("0" * 24)))
        bad = await failure(stack.sessions.DeleteSession(delete_session("not-an-id")))
        assert never.reason == "SESSION_NOT_FOUND"
        assert (bad.code, fields(bad)) == (grpc.StatusCode.INVALID_ARGUMENT, ["sessionId"])


async def test_deleting_a_performance_removes_its_sets_and_keeps_the_order_of_the_rest(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session_id = (await start_freestyle(stack)).session_id
        bench = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1), bench_set(2)]))
        deadlift = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)], DEADLIFT))
        bench_id = bench.performance.performance_id

        stack.clock.advance(minutes=2)
        after = await stack.sessions.DeletePerformance(delete_performance(session_id, bench_id))
        retry = await failure(stack.sessions.DeletePerformance(delete_performance(session_id, bench_id)))
        # The exercise can be logged afresh; it comes after the deadlift, which kept its place.
        relogged = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(3)]))
        session = (
            await stack.sessions.GetSession(
                sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=session_id)
            )
        ).session

        assert [p.performance_id for p in after.session.performances] == [deadlift.performance.performance_id]
        assert after.session.performance_count == 1
        assert after.session.update_time.ToDatetime() == stack.clock().replace(tzinfo=None)
        assert (retry.code, retry.reason) == (grpc.StatusCode.NOT_FOUND, "PERFORMANCE_NOT_FOUND")
        assert relogged.performance.performance_id != bench_id
        assert [s.set_number for s in relogged.performance.sets] == [3]  # the old sets went with it
        assert [p.exercise_id for p in session.performances] == [DEADLIFT, BENCH]
        assert session.performance_count == 2

        feed = await changes(stack)
        deleted = [c for c in feed if c.kind == "performance.deleted"]
        assert [c.record_id for c in deleted] == [bench_id]
        assert deleted[0].performance_deleted == sessions_pb2.PerformanceDeleted(
            performance_id=bench_id,
            session_id=session_id,
            exercise_id=BENCH,
            delete_time=deleted[0].create_time,  # deleted when the change was written
        )
        assert deleted[0].create_time.ToDatetime(tzinfo=UTC) == stack.clock()


async def test_performances_are_only_deleted_from_active_sessions_of_the_account(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session_id = (await start_freestyle(stack)).session_id
        logged = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)]))
        performance_id = logged.performance.performance_id
        other_account = await failure(
            stack.sessions.DeletePerformance(delete_performance(session_id, performance_id, OTHER_ACCOUNT))
        )
        other_session = (await start_freestyle(stack, OTHER_ACCOUNT)).session_id
        wrong_session = await failure(
            stack.sessions.DeletePerformance(delete_performance(other_session, performance_id, OTHER_ACCOUNT))
        )
        missing = await failure(stack.sessions.DeletePerformance(delete_performance("x", "")))
        await stack.sessions.UpdateSessionStatus(
            sessions_pb2.UpdateSessionStatusRequest(
                account_id=ACCOUNT, session_id=session_id, status="paused"
            )
        )
        paused = await stack.sessions.DeletePerformance(delete_performance(session_id, performance_id))
        logged = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)]))
        await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session_id)
        )
        completed = await failure(
            stack.sessions.DeletePerformance(
                delete_performance(session_id, logged.performance.performance_id)
            )
        )

        assert other_account.reason == "SESSION_NOT_FOUND"
        assert wrong_session.reason == "PERFORMANCE_NOT_FOUND"
        assert fields(missing) == ["sessionId", "performanceId"]
        assert paused.session.performance_count == 0  # paused is still active
        assert (completed.code, completed.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "SESSION_NOT_ACTIVE",
        )


async def test_performance_logged_names_the_catalog_exercise_of_gym_and_occurrence_exercises(
    engines, tmp_path
):
    async with session_stack(engines, tmp_path) as stack:
        own = "64b64c0f2f5f4c001234567c"
        stack.gyms.exercises[(ACCOUNT, own)] = VisibleExercise(own, "My cable row", "")
        session_id = (await start_freestyle(stack)).session_id
        await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)]))
        await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)], DEADLIFT))
        await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)], own))
        replay = await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)], own))

        logged = [c.performance_logged for c in await changes(stack) if c.kind == "performance.logged"]
        assert replay.replayed  # a retry appends nothing
        assert [(p.performance.exercise_id, p.catalog_exercise_id) for p in logged] == [
            (BENCH, "barbell-bench-press"),
            (DEADLIFT, "barbell-deadlift"),
            (own, ""),  # a client's own exercise maps to no catalog exercise
        ]
