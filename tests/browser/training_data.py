"""An account with training to show on ``/training``: two activity files with power and heart rate,
a few weeks of recorded runs and rides, strength sets, thresholds and an active plan whose next
seven days hold workouts. Everything goes in through the services' own calls, as an upload, an
assistant or a plan write would put it there."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.sessions.v1 import endurance_pb2, endurance_pb2_grpc, workout_log_pb2, workout_log_pb2_grpc
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc as plans_pb2_grpc
from kinetic.training.v1 import training_pb2
from tests.conftest import EngineFactory
from tests.fixtures.activity_files.generate import FIXTURES
from tests.integration.edge.conftest import Stack, running_stack

RECENT_WEEKS = 6
PLAN_NAME = "Spring half marathon"
CALL_SECONDS = 60.0


@dataclass(frozen=True)
class Seeded:
    """What was put in: the counts the page must show."""

    activities: int
    recorded_days: list[date]
    plan_workouts: list[str]


def _timestamp(moment: datetime) -> Timestamp:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


@dataclass(frozen=True)
class _Direct:
    """Stubs straight to the services, without the edge's deadlines: setting up a test's data on a
    loaded machine is not what the edge's deadlines judge. Every call gets ``CALL_SECONDS``."""

    endurance: endurance_pb2_grpc.EnduranceServiceStub
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub
    endurance_plans: plans_pb2_grpc.EndurancePlanServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub


async def seed_training(stack: Stack, account_id: str) -> Seeded:
    """Give ``account_id`` (UTC days) everything the page draws."""
    channels = {
        name: grpc.aio.insecure_channel(f"127.0.0.1:{stack.servers[name].port}")
        for name in ("sessions", "training", "analytics")
    }
    try:
        return await _seed(
            _Direct(
                endurance_pb2_grpc.EnduranceServiceStub(channels["sessions"]),
                workout_log_pb2_grpc.WorkoutLogServiceStub(channels["sessions"]),
                plans_pb2_grpc.EndurancePlanServiceStub(channels["training"]),
                analytics_pb2_grpc.AnalyticsServiceStub(channels["analytics"]),
            ),
            account_id,
        )
    finally:
        for channel in channels.values():
            await channel.close()


async def _seed(backends: _Direct, account_id: str) -> Seeded:
    thresholds: tuple[tuple[str, dict[str, Any]], ...] = (
        ("ftp", {"watts": 250.0}),
        ("max_hr", {"bpm": 190.0}),
        ("resting_hr", {"bpm": 50.0}),
        ("threshold_pace", {"seconds_per_km": 270.0}),
    )
    for kind, extra in thresholds:
        await backends.endurance.SetThreshold(
            endurance_pb2.SetThresholdRequest(
                account_id=account_id,
                threshold=endurance_pb2.Threshold(kind=kind, effective_day="2026-01-01", **extra),
            ),
            timeout=CALL_SECONDS,
        )
    for name in ("ride.fit", "run.fit"):
        await backends.endurance.ImportActivityFile(
            endurance_pb2.ImportActivityFileRequest(
                account_id=account_id, data=(FIXTURES / name).read_bytes()
            ),
            timeout=CALL_SECONDS,
        )
    today = datetime.now(UTC).date()
    days = []
    for week in range(RECENT_WEEKS):
        week_of: tuple[tuple[int, str, int, dict[str, Any]], ...] = (
            # One of each stress method: pace, power, heart rate, perceived exertion.
            (1, "run", 45, {"distance_m": 9000.0}),
            (3, "ride", 90, {"distance_m": 42000.0, "avg_power_w": 180.0, "normalized_power_w": 195.0}),
            (5, "run", 40, {"avg_hr": 148.0, "max_hr": 170.0}),
            (6, "other", 30, {"rpe": 6.0}),
        )
        for offset, sport, minutes, extra in week_of:
            day = today - timedelta(days=7 * week + offset)
            days.append(day)
            start = datetime(day.year, day.month, day.day, 7, 0, tzinfo=UTC)
            await backends.endurance.RecordActivity(
                endurance_pb2.RecordActivityRequest(
                    account_id=account_id,
                    activity=endurance_pb2.ActivityInput(
                        sport=sport,
                        start_time=_timestamp(start),
                        duration_s=minutes * 60.0,
                        name=f"{sport.capitalize()} {day:%d %b}",
                        **extra,
                    ),
                ),
                timeout=CALL_SECONDS,
            )
    one_set = workout_log_pb2.LoggedSetInput(reps=5, load_kg=100)
    await backends.workout_log.LogWorkout(
        workout_log_pb2.LogWorkoutRequest(
            account_id=account_id,
            idempotency_key=f"{account_id}-strength",
            day=str(today - timedelta(days=2)),
            time_zone="UTC",
            entries=[
                workout_log_pb2.EntryInput(words="barbell back squat", sets=[one_set, one_set]),
                workout_log_pb2.EntryInput(
                    words="barbell bench press", sets=[workout_log_pb2.LoggedSetInput(reps=8, load_kg=70)]
                ),
            ],
        ),
        timeout=CALL_SECONDS,
    )
    drafts = [
        plans_pb2.WorkoutDraft(
            name=name,
            scheduled_date=str(today + timedelta(days=offset)),
            workout_type=kind,
            endurance=training_pb2.EnduranceTarget(sport="run", planned_duration_seconds=minutes * 60),
        )
        for offset, name, kind, minutes in (
            (0, "Easy run", "easy", 40),
            (2, "Tempo run", "tempo", 50),
            (5, "Long run", "long", 100),
            (9, "Beyond the week", "easy", 30),
        )
    ]
    await backends.endurance_plans.MutatePlan(
        plans_pb2.MutatePlanRequest(
            account_id=account_id,
            create_goal=plans_pb2.CreateGoal(
                goal=plans_pb2.Goal(name=PLAN_NAME, sport="run", race_date=str(today + timedelta(days=60))),
                workouts=drafts,
                activate=True,
            ),
        ),
        timeout=CALL_SECONDS,
    )
    # Analytics catches up with the feeds on its first read; done here, the page's five reads find
    # the projections current and stay within the edge's read deadline on a loaded machine.
    await backends.analytics.GetFeedPosition(
        analytics_pb2.GetFeedPositionRequest(account_id=account_id), timeout=CALL_SECONDS
    )
    return Seeded(
        activities=2 + 4 * RECENT_WEEKS,
        recorded_days=days,
        plan_workouts=["Easy run", "Tempo run", "Long run"],
    )


@pytest.fixture
async def full_stack(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Stack]:
    """The four services and the edge, with one account (ada@example.com) and nothing else."""
    async with running_stack(sqlite_engines, tmp_path) as running:
        yield running
