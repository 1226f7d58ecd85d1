"""Helpers for EndurancePlanService tests: one real training server on port 0 with both services,
drafts of plan workouts, and a client that mutates as the edge does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import grpc
from sqlalchemy import Engine

from kinetic.settings import ServiceSettings
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc as plans_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.bootstrap import start
from tests.integration.training.library_support import ACCOUNT, ZONE, SettableClock

# The clock's local day in ZONE (library_support.START is 20 September 2026, 11:00 in New York).
TODAY = date(2026, 9, 20)
THRESHOLDS = plans_pb2.AthleteThresholds(vdot=50, ftp_watts=250, threshold_hr_bpm=170, max_hr_bpm=190)


def day(offset: int) -> str:
    """TODAY + ``offset`` days, YYYY-MM-DD."""
    return (TODAY + timedelta(days=offset)).isoformat()


def run(on: str, minutes: int = 45, name: str = "Easy run", workout_type: str = "easy", order: int = 0):
    """A run of ``minutes`` in heart-rate zone 2."""
    return plans_pb2.WorkoutDraft(
        name=name,
        scheduled_date=on,
        order=order,
        workout_type=workout_type,
        endurance=training_pb2.EnduranceTarget(
            sport="run",
            planned_duration_seconds=minutes * 60,
            steps=[
                training_pb2.EnduranceStep(
                    type="interval",
                    role="work",
                    duration_seconds=minutes * 60,
                    target=training_pb2.StepTarget(kind="heart_rate", heart_rate_zone=2),
                )
            ],
        ),
    )


def strength(on: str, name: str = "Gym") -> plans_pb2.WorkoutDraft:
    return plans_pb2.WorkoutDraft(
        name=name,
        scheduled_date=on,
        workout_type="strength",
        endurance=training_pb2.EnduranceTarget(sport="strength", planned_duration_seconds=2700),
    )


def goal(name: str = "Autumn marathon", **fields: Any) -> plans_pb2.Goal:
    values: dict[str, Any] = {
        "name": name,
        "sport": "run",
        "race_type": "MARATHON",
        "plan_start_date": day(0),
        "race_date": day(167),
        "rest_days": [1],
        "strength_per_week": 1,
    }
    return plans_pb2.Goal(**(values | fields))


@dataclass
class PlanClient:
    """Both services of one server, and MutatePlan as the edge calls it."""

    plans: plans_pb2_grpc.EndurancePlanServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    account_id: str = ACCOUNT

    def as_account(self, account_id: str) -> PlanClient:
        return PlanClient(self.plans, self.training, account_id)

    async def mutate(self, key: str = "", **mutation: Any) -> plans_pb2.MutatePlanResponse:
        return await self.plans.MutatePlan(self.request(key, **mutation))

    def request(self, key: str = "", **mutation: Any) -> plans_pb2.MutatePlanRequest:
        return plans_pb2.MutatePlanRequest(
            account_id=self.account_id,
            device_id="mcp-runflow",
            time_zone=ZONE,
            idempotency_key=key,
            thresholds=THRESHOLDS,
            **mutation,
        )

    async def create(self, *workouts: plans_pb2.WorkoutDraft, activate: bool = False, **fields: Any):
        created = plans_pb2.CreateGoal(goal=goal(**fields), workouts=list(workouts), activate=activate)
        return await self.mutate(create_goal=created)

    async def plan(self, goal_id: str = "", **filters: Any) -> plans_pb2.GetPlanResponse:
        request = plans_pb2.GetPlanRequest(account_id=self.account_id, goal_id=goal_id, **filters)
        return await self.plans.GetPlan(request)

    async def goals(self, status: str = "") -> list[plans_pb2.Goal]:
        listed = await self.plans.ListGoals(
            plans_pb2.ListGoalsRequest(account_id=self.account_id, status=status)
        )
        return list(listed.goals)

    async def snapshots(self, goal_id: str = "") -> list[plans_pb2.PlanSnapshot]:
        request = plans_pb2.ListSnapshotsRequest(account_id=self.account_id, goal_id=goal_id)
        return list((await self.plans.ListSnapshots(request)).snapshots)


@asynccontextmanager
async def plan_client(engine: Engine, tmp_path: Any, clock: SettableClock) -> AsyncIterator[PlanClient]:
    """A real training server on port 0 over ``engine`` and a client of both its services."""
    settings = ServiceSettings.from_env("training", {"KINETIC_DATA_DIR": str(tmp_path)})
    running = await start(settings, port=0, engine=engine, clock=clock)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield PlanClient(
            plans_pb2_grpc.EndurancePlanServiceStub(channel), training_pb2_grpc.TrainingServiceStub(channel)
        )
    finally:
        await channel.close()
        await running.stop(0)


def content(response: plans_pb2.GetPlanResponse) -> plans_pb2.GetPlanResponse:
    """A plan without what every write moves on (versions, times, snapshot count): its content."""
    copy = plans_pb2.GetPlanResponse()
    copy.CopyFrom(response)
    for name in ("version", "create_time", "update_time", "snapshot_count"):
        copy.goal.ClearField(name)
    for workout in copy.workouts:
        workout.ClearField("version")
    return copy
