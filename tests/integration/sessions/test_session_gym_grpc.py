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
