"""StartOrResumeSession and CompleteSession through a real server, on SQLite and PostgreSQL."""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2
from services.sessions.domain.object_ids import is_object_id
from tests.integration.sessions.session_support import (
    ACCOUNT,
    BENCH,
    COMPANY,
    DEADLIFT,
    OTHER_ACCOUNT,
    PLAN,
    PUSH_DAY,
    WOD_DAY,
    bench_set,
    changes,
    failure,
    fields,
    log_request,
    session_stack,
    start_freestyle,
)


def start(**kwargs: str) -> sessions_pb2.StartOrResumeSessionRequest:
    kwargs.setdefault("account_id", ACCOUNT)
    return sessions_pb2.StartOrResumeSessionRequest(**kwargs)


async def test_a_freestyle_start_resumes_the_active_freestyle_session(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        first = await stack.sessions.StartOrResumeSession(start())
        stack.clock.advance(seconds=30)
        again = await stack.sessions.StartOrResumeSession(start())

        assert is_object_id(first.session.session_id)
        assert (first.resumed, again.resumed) == (False, True)
        assert again.session.session_id == first.session.session_id
        assert first.session.status == "in_progress"
        assert first.session.source == "freestyle"
        assert first.session.title == "Freestyle workout"
        assert first.session.start_time.ToDatetime() == again.session.start_time.ToDatetime()
        assert [c.kind for c in await changes(stack)] == ["session.started"]


async def test_a_plan_day_start_uses_the_day_and_resumes_it(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        first = await stack.sessions.StartOrResumeSession(start(plan_id=PLAN, plan_moment_id=PUSH_DAY))
        freestyle = await stack.sessions.StartOrResumeSession(start())
        again = await stack.sessions.StartOrResumeSession(
            start(plan_id=PLAN.upper(), plan_moment_id=PUSH_DAY.upper())
        )

        session = first.session
        assert (session.source, session.plan_id, session.plan_moment_id) == ("plan_day", PLAN, PUSH_DAY)
        assert (session.title, session.company_id) == ("Push day", COMPANY)
        assert freestyle.session.session_id != session.session_id  # another source, another session
        assert again.resumed and again.session.session_id == session.session_id


async def test_plan_days_that_are_unknown_unassigned_or_wod_are_refused_and_nothing_is_stored(
    engines, tmp_path
):
    async with session_stack(engines, tmp_path) as stack:
        unknown = await failure(
            stack.sessions.StartOrResumeSession(start(plan_id=PLAN, plan_moment_id="0" * 24))
        )
        other_client = await failure(
            stack.sessions.StartOrResumeSession(
                start(account_id=OTHER_ACCOUNT, plan_id=PLAN, plan_moment_id=PUSH_DAY)
            )
        )
        wod = await failure(stack.sessions.StartOrResumeSession(start(plan_id=PLAN, plan_moment_id=WOD_DAY)))

        assert (unknown.code, unknown.reason) == (grpc.StatusCode.NOT_FOUND, "PLAN_DAY_NOT_FOUND")
        assert other_client.reason == "PLAN_DAY_NOT_FOUND"
        assert (wod.code, wod.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "WOD_NOT_SUPPORTED")
        for account in (ACCOUNT, OTHER_ACCOUNT):
            listed = await stack.sessions.ListSessions(sessions_pb2.ListSessionsRequest(account_id=account))
            assert listed.total_count == 0
            assert await changes(stack, account) == []


async def test_bad_start_input_names_each_field(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        half_plan = await failure(stack.sessions.StartOrResumeSession(start(plan_id=PLAN)))
        not_ids = await failure(
            stack.sessions.StartOrResumeSession(start(plan_id="push", plan_moment_id="x" * 24))
        )
        both = await failure(
            stack.sessions.StartOrResumeSession(
                start(
                    plan_id=PLAN, plan_moment_id=PUSH_DAY, workout_id="w", original_scheduled_day="2026-09-21"
                )
            )
        )
        occurrence = await failure(
            stack.sessions.StartOrResumeSession(start(workout_id="w", original_scheduled_day="21-09-2026"))
        )
        long_title = await failure(stack.sessions.StartOrResumeSession(start(title="t" * 201)))
        language = await failure(stack.sessions.StartOrResumeSession(start(language="de")))
        no_account = await failure(stack.sessions.StartOrResumeSession(start(account_id="")))

        assert half_plan.code == grpc.StatusCode.INVALID_ARGUMENT
        assert fields(half_plan) == ["planMomentId"]
        assert fields(not_ids) == ["planId", "planMomentId"]
        assert fields(both) == ["planId"]
        assert fields(occurrence) == ["originalScheduledDay", "title"]
        assert fields(long_title) == ["title"]
        assert fields(language) == ["language"]
        assert fields(no_account) == ["account_id"]
        assert await changes(stack) == []


async def test_completion_awards_experience_once_and_a_retry_replays_it(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        warm_up = sessions_pb2.PerformanceSet(
            set_number=1, set_type="W", weight_kg=40, reps_number=10, completed=True
        )
        not_done = bench_set(5, completed=False)
        await stack.sessions.LogPerformance(
            log_request(session.session_id, [warm_up, bench_set(2), bench_set(3), bench_set(4), not_done])
        )
        stack.clock.advance(minutes=45)
        request = sessions_pb2.CompleteSessionRequest(
            account_id=ACCOUNT, session_id=session.session_id, notes="Felt strong"
        )
        done = await stack.sessions.CompleteSession(request)
        retry = await stack.sessions.CompleteSession(request)
        other_notes = await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(
                account_id=ACCOUNT, session_id=session.session_id, notes="changed"
            )
        )

        # 3 completed working sets: the warm-up and the set not done earn nothing.
        assert (done.experience_points_awarded, done.total_experience_points, done.replayed) == (
            30,
            30,
            False,
        )
        assert (retry.experience_points_awarded, retry.total_experience_points, retry.replayed) == (
            30,
            30,
            True,
        )
        assert other_notes.replayed and other_notes.session.notes == "Felt strong"
        assert done.session.status == "completed"
        assert done.session.end_time.ToDatetime() == stack.clock.now.replace(tzinfo=None)
        assert retry.session == done.session
        feed = await changes(stack)
        assert [c.kind for c in feed] == ["session.started", "performance.logged", "session.completed"]
        completed = sessions_pb2.Session()
        completed.CopyFrom(done.session)
        del completed.performances[:]  # performances travel in their own changes
        assert feed[-1].session == completed  # the typed payload: the session as completed
        assert feed[-1].session.experience_points == 30

        # A second session adds to the total.
        second = await start_freestyle(stack)
        assert second.session_id != session.session_id
        await stack.sessions.LogPerformance(log_request(second.session_id, [bench_set(1)]))
        finished = await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=second.session_id)
        )
        assert (finished.experience_points_awarded, finished.total_experience_points) == (10, 40)


async def test_experience_is_capped_per_session(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        for exercise in (BENCH, DEADLIFT):
            sets = [bench_set(n) for n in range(1, 31)]
            await stack.sessions.LogPerformance(log_request(session.session_id, sets, exercise_id=exercise))
        done = await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session.session_id)
        )
        assert done.experience_points_awarded == 500  # 60 working sets would be 600


async def test_a_completed_session_takes_no_sets_and_other_accounts_cannot_touch_it(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        complete = sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session.session_id)
        stranger = await failure(
            stack.sessions.CompleteSession(
                sessions_pb2.CompleteSessionRequest(account_id=OTHER_ACCOUNT, session_id=session.session_id)
            )
        )
        await stack.sessions.CompleteSession(complete)
        late = await failure(stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)])))
        bad_notes = await failure(
            stack.sessions.CompleteSession(
                sessions_pb2.CompleteSessionRequest(
                    account_id=ACCOUNT, session_id=session.session_id, notes="n" * 2001
                )
            )
        )
        bad_id = await failure(
            stack.sessions.CompleteSession(
                sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id="abc")
            )
        )

        assert (stranger.code, stranger.reason) == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")
        assert (late.code, late.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "SESSION_NOT_ACTIVE")
        assert fields(bad_notes) == ["notes"]
        assert fields(bad_id) == ["sessionId"]
        # After completion a new freestyle start is a new session.
        fresh = await stack.sessions.StartOrResumeSession(start())
        assert not fresh.resumed and fresh.session.session_id != session.session_id
        assert await changes(stack, OTHER_ACCOUNT) == []
