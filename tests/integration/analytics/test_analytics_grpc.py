"""AnalyticsService through real servers on port 0: sets logged through sessions show up at once."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import dataclass

import grpc

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.grpc_server import RunningServer
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2_grpc
from services.analytics.bootstrap import start as start_analytics
from services.sessions.bootstrap import start as start_sessions
from services.training.bootstrap import start as start_training
from tests.integration.sessions.session_support import ACCOUNT, BENCH, bench_set, client_gym, log_request
from tests.integration.training.library_support import SettableClock


@dataclass
class Servers:
    """Real training, sessions and analytics servers on port 0, stubs to each, and their clock."""

    training: training_pb2_grpc.TrainingServiceStub
    sessions: sessions_pb2_grpc.SessionsServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub
    clock: SettableClock
    running: dict[str, RunningServer]


@asynccontextmanager
async def servers(engines, tmp_path, training_target: str | None = None):
    """Training, sessions and analytics (reading both feeds over gRPC); ``training_target`` points
    analytics elsewhere (an address where nothing answers)."""
    clock = SettableClock()
    env = {"KINETIC_DATA_DIR": str(tmp_path)}
    training = await start_training(
        ServiceSettings.from_env("training", env), port=0, engine=engines("training"), clock=clock
    )
    sessions = await start_sessions(
        ServiceSettings.from_env("sessions", env),
        port=0,
        engine=engines("sessions"),
        clock=clock,
        training_target=f"127.0.0.1:{training.port}",
        gyms=client_gym(),
    )
    analytics = await start_analytics(
        ServiceSettings.from_env("analytics", env),
        port=0,
        engine=engines("analytics"),
        sessions_target=f"127.0.0.1:{sessions.port}",
        training_target=training_target or f"127.0.0.1:{training.port}",
        clock=clock,
    )
    running = {"training": training, "sessions": sessions, "analytics": analytics}
    channels = [grpc.aio.insecure_channel(f"127.0.0.1:{s.port}") for s in running.values()]
    try:
        yield Servers(
            training_pb2_grpc.TrainingServiceStub(channels[0]),
            sessions_pb2_grpc.SessionsServiceStub(channels[1]),
            analytics_pb2_grpc.AnalyticsServiceStub(channels[2]),
            clock,
            running,
        )
    finally:
        for channel in channels:
            await channel.close()
        for server in (analytics, sessions, training):
            await server.stop(0)


@asynccontextmanager
async def analytics_stack(engines, tmp_path):
    """The sessions and analytics stubs of :func:`servers`."""
    async with servers(engines, tmp_path) as running:
        yield running.sessions, running.analytics


async def records(analytics, **extra) -> analytics_pb2.GetPersonalRecordsResponse:
    return await analytics.GetPersonalRecords(
        analytics_pb2.GetPersonalRecordsRequest(account_id=ACCOUNT, **extra)
    )


async def test_a_logged_set_is_a_record_at_once_and_a_correction_follows(engines, tmp_path):
    async with analytics_stack(engines, tmp_path) as (sessions, analytics):
        assert (await records(analytics)).as_of_sequence == 0
        started = await sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT)
        )
        session_id = started.session.session_id
        logged = await sessions.LogPerformance(log_request(session_id, [bench_set(1, weight=100, reps=5)]))

        # Asked immediately: the record is there, and the answer says which sequence it reflects.
        answer = await records(analytics)
        latest = (
            await sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=ACCOUNT))
        ).latest_sequence
        assert answer.as_of_sequence == latest == 2
        (bench,) = answer.exercises
        assert bench.exercise_id == BENCH
        assert bench.heaviest_load.value == 100
        assert bench.heaviest_load.set.session_id == session_id
        assert bench.heaviest_load.set.performance_id == logged.performance.performance_id
        assert bench.heaviest_load.set.set_number == 1
        assert bench.heaviest_load.set.day == "2026-09-20"  # the session start, UTC
        assert bench.estimated_one_rep_max.value == 116.7  # 100 x (1 + 5/30), to 0.1 kg (decision 0037)
        assert bench.estimated_one_rep_max.formula == "epley"
        assert bench.best_set_volume.value == 500

        # The load was 90 kg: logging set 1 again corrects every record.
        await sessions.LogPerformance(
            log_request(
                session_id,
                [bench_set(1, weight=90, reps=5)],
                performance_id=logged.performance.performance_id,
            )
        )
        corrected = await records(analytics, formula="brzycki")
        (bench,) = corrected.exercises
        assert corrected.as_of_sequence == 3 and corrected.formula == "brzycki"
        assert bench.heaviest_load.value == 90
        assert bench.estimated_one_rep_max.value == 101.3  # 90 x 36 / 32 = 101.25, to 0.1 kg
        assert bench.estimated_one_rep_max.formula == "brzycki"

        progress = await analytics.GetProgress(
            analytics_pb2.GetProgressRequest(account_id=ACCOUNT, exercise_id=BENCH, metric="volume")
        )
        assert [p.value for p in progress.points] == [450] and progress.as_of_sequence == 3
        insights = await analytics.GetInsights(analytics_pb2.GetInsightsRequest(account_id=ACCOUNT))
        assert insights.disclaimer.endswith("not medical advice.") and insights.as_of_sequence == 3
        # A gym ObjectId, but logged with the catalog exercise it maps to (barbell-bench-press).
        assert insights.balance.unmapped_exercise_ids == []
        balance = await analytics.GetFocusBalance(analytics_pb2.GetFocusBalanceRequest(account_id=ACCOUNT))
        (week,) = balance.balance.weeks
        assert week.unmapped_sets == 0 and balance.as_of_sequence == 3
        assert {m.muscle: m.weighted_sets for m in week.muscles} == {
            "chest": 1.0,
            "triceps": 0.5,
            "front_delts": 0.5,
        }


async def test_bad_input_is_invalid_argument_naming_the_field(sqlite_engines, tmp_path):
    async with analytics_stack(sqlite_engines, tmp_path) as (_, analytics):
        try:
            await analytics.GetProgress(
                analytics_pb2.GetProgressRequest(account_id=ACCOUNT, exercise_id=BENCH, metric="1rm")
            )
        except grpc.aio.AioRpcError as error:
            failure = RemoteError.from_rpc(error)
        else:
            raise AssertionError("GetProgress accepted metric 1rm")
        assert failure.code == grpc.StatusCode.INVALID_ARGUMENT
        assert [v.field for v in failure.violations] == ["metric"]
