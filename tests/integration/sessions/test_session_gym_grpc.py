"""Sessions against the real gym module: a gym built through its admin API, as bootstrap wires it.

The other session tests use ``GymDirectoryDouble``; this one checks the same rules hold with the
gym module's own directory (SqlGymDirectory) on SQLite and PostgreSQL.
"""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2
from tests.integration.sessions.gym_support import ACCOUNT_A, ACCOUNT_B, client_gym, gym_server
from tests.integration.sessions.session_support import bench_set, failure, fields, log_request


async def test_a_client_starts_and_logs_a_plan_day_of_the_gym_module(engines, tmp_path):
    async with gym_server(engines, tmp_path) as stubs:
        gym = await client_gym(stubs.admin)
        plan = gym.plans["Push / Pull"]
        push, secret = plan.days[0], plan.days[1]
        wod = gym.plans["Hero WOD"]

        def start(account_id: str, plan_id: str, moment_id: str) -> sessions_pb2.StartOrResumeSessionRequest:
            return sessions_pb2.StartOrResumeSessionRequest(
                account_id=account_id, plan_id=plan_id, plan_moment_id=moment_id, language="nl"
            )

        started = await stubs.sessions.StartOrResumeSession(start(ACCOUNT_A, plan.id, push.id))
        session_id = started.session.session_id
        bench = gym.exercises["bench"].id
        logged = await stubs.sessions.LogPerformance(
            log_request(
                session_id,
                [bench_set(1), bench_set(2)],
                bench,
                account_id=ACCOUNT_A,
                plan_exercise_id=push.exercises[0].id,
            )
        )
        own = await stubs.sessions.LogPerformance(
            log_request(session_id, [bench_set(1)], gym.exercises["own"].id, account_id=ACCOUNT_A)
        )
        hidden = await failure(
            stubs.sessions.LogPerformance(
                log_request(session_id, [bench_set(1)], gym.exercises["hidden"].id, account_id=ACCOUNT_A)
            )
        )
        wrong_plan_exercise = await failure(
            stubs.sessions.LogPerformance(
                log_request(
                    session_id,
                    [bench_set(1)],
                    gym.exercises["deadlift"].id,
                    account_id=ACCOUNT_A,
                    plan_exercise_id=secret.exercises[0].id,
                )
            )
        )
        secret_day = await failure(stubs.sessions.StartOrResumeSession(start(ACCOUNT_A, plan.id, secret.id)))
        wod_day = await failure(stubs.sessions.StartOrResumeSession(start(ACCOUNT_A, wod.id, wod.days[0].id)))
        stranger = await failure(stubs.sessions.StartOrResumeSession(start(ACCOUNT_B, plan.id, push.id)))

        assert started.session.title == "Push-dag"  # the day's name in the requested language
        assert started.session.company_id == gym.company.id
        assert logged.performance.plan_exercise_id == push.exercises[0].id
        assert not own.replayed
        assert (hidden.code, hidden.reason) == (grpc.StatusCode.NOT_FOUND, "EXERCISE_NOT_VISIBLE")
        assert fields(wrong_plan_exercise) == ["planExerciseId"]
        assert secret_day.reason == "PLAN_DAY_NOT_FOUND"
        assert (wod_day.code, wod_day.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "WOD_NOT_SUPPORTED")
        assert stranger.reason == "PLAN_DAY_NOT_FOUND"


async def test_each_performance_names_its_exercise_and_catalog_exercise(engines, tmp_path):
    # Decision 0037: the name and mapping are recorded when the exercise is logged, so the session,
    # the live snapshot and the feed (and analytics, which reads it) all carry them.
    async with gym_server(engines, tmp_path) as stubs:
        gym = await client_gym(stubs.admin)
        plan = gym.plans["Push / Pull"]
        started = await stubs.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT_A, plan_id=plan.id, plan_moment_id=plan.days[0].id
            )
        )
        session_id = started.session.session_id
        bench, own = gym.exercises["bench"].id, gym.exercises["own"].id
        for exercise_id in (bench, own):
            await stubs.sessions.LogPerformance(
                log_request(session_id, [bench_set(1)], exercise_id, account_id=ACCOUNT_A)
            )
        dutch = await stubs.sessions.LogPerformance(
            log_request(session_id, [bench_set(2)], bench, account_id=ACCOUNT_A, language="nl")
        )

        read = await stubs.sessions.GetSession(
            sessions_pb2.GetSessionRequest(account_id=ACCOUNT_A, session_id=session_id)
        )
        live = await stubs.sessions.GetLiveSnapshot(sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT_A))
        feed = await stubs.sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=ACCOUNT_A))

    expected = {bench: ("Bankdrukken", "barbell-bench-press"), own: ("Ada's band pull", "")}
    assert (dutch.performance.exercise_name, dutch.performance.catalog_exercise_id) == expected[bench]
    for performances in (read.session.performances, live.snapshot.session.performances):
        assert {p.exercise_id: (p.exercise_name, p.catalog_exercise_id) for p in performances} == expected
    logged = [c.performance_logged for c in feed.changes if c.kind == "performance.logged"]
    assert [(p.performance.exercise_name, p.performance.catalog_exercise_id) for p in logged] == [
        ("Bench Press", "barbell-bench-press"),
        expected[own],
        expected[bench],  # the latest log names it in its own language
    ]
    assert [p.catalog_exercise_id for p in logged] == ["barbell-bench-press", "", "barbell-bench-press"]
