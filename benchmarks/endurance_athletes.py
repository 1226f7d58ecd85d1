"""Endurance athletes for the benchmarks: an account with the logging consent and an API key, and
years of daily activities stored through the real path (``RecordActivity`` on the sessions service,
thresholds through ``SetThreshold``)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, date, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.sessions.v1 import endurance_pb2_grpc as records_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc

FILL_CONCURRENCY = 8


def _stamp(moment: datetime) -> Timestamp:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


def daily_activity(day: date) -> records_pb2.ActivityInput:
    """One summary a day, the four sports in turn (each takes its own stress method)."""
    start = _stamp(datetime(day.year, day.month, day.day, 7, tzinfo=UTC))
    match day.toordinal() % 4:
        case 0:
            return records_pb2.ActivityInput(
                sport="ride", start_time=start, duration_s=3600, avg_power_w=190, normalized_power_w=205
            )
        case 1:
            return records_pb2.ActivityInput(sport="run", start_time=start, duration_s=2700, distance_m=8500)
        case 2:
            return records_pb2.ActivityInput(sport="swim", start_time=start, duration_s=1800, distance_m=1800)
        case _:
            return records_pb2.ActivityInput(sport="strength", start_time=start, duration_s=3000, rpe=7)


async def new_account(auth: auth_pb2_grpc.AuthServiceStub, name: str, time_zone: str) -> tuple[str, str]:
    """An account with the logging consent and an API key of the workout log's resource."""
    created = await auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"{name}-{uuid.uuid4().hex[:8]}@bench.kinetic.test",
            password="bench password 1",
            display_name=name,
            time_zone=time_zone,
        )
    )
    account_id = created.account.account_id
    await auth.UpdateAccount(auth_pb2.UpdateAccountRequest(account_id=account_id, logging_consent=True))
    key = await auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name=name, scopes=["ows"])
    )
    return account_id, key.secret


async def fill(records: records_grpc.EnduranceServiceStub, account_id: str, first: date, last: date) -> int:
    """Thresholds in force from the first day, then one activity a day through ``RecordActivity``."""
    effective = first.isoformat()
    for threshold in (
        records_pb2.Threshold(kind="ftp", effective_day=effective, watts=250),
        records_pb2.Threshold(kind="threshold_pace", effective_day=effective, seconds_per_km=270),
        records_pb2.Threshold(kind="css", effective_day=effective, seconds_400m=400, seconds_200m=190),
    ):
        await records.SetThreshold(
            records_pb2.SetThresholdRequest(account_id=account_id, threshold=threshold)
        )
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    queue = iter(days)

    async def worker() -> None:
        for day in queue:
            await records.RecordActivity(
                records_pb2.RecordActivityRequest(
                    account_id=account_id, activity=daily_activity(day), idempotency_key=f"bench-{day}"
                )
            )

    await asyncio.gather(*(worker() for _ in range(FILL_CONCURRENCY)))
    return len(days)


async def fill_readiness(
    records: records_grpc.EnduranceServiceStub, account_id: str, first: date, last: date
) -> int:
    """A readiness entry every morning, varying a little from day to day."""
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    queue = iter(days)

    async def worker() -> None:
        for day in queue:
            wobble = day.toordinal() % 5
            entry = records_pb2.DailyReadiness(
                day=day.isoformat(),
                sleep_hours=6.5 + wobble * 0.3,
                resting_hr=48 + wobble,
                hrv_ms=60 + 2 * wobble,
            )
            await records.RecordReadiness(
                records_pb2.RecordReadinessRequest(account_id=account_id, readiness=entry)
            )

    await asyncio.gather(*(worker() for _ in range(FILL_CONCURRENCY)))
    return len(days)


async def plan_daily_run(training: training_pb2_grpc.TrainingServiceStub, account_id: str) -> None:
    """One planned endurance workout every day: the calendar always has a session to decide on."""
    library = await training.GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id))
    workout = training_pb2.WorkoutInput(
        name="Steady run",
        kind="cardio",
        schedule=training_pb2.ScheduleInput(type="everyNDays", interval_days=1),
        endurance=training_pb2.EnduranceTarget(
            sport="run",
            planned_duration_seconds=3000,
            intensity=training_pb2.IntensityTarget(kind="heart_rate", label="Z2"),
            planned_tss=50,
        ),
    )
    await training.EditTraining(
        training_pb2.EditTrainingRequest(
            account_id=account_id,
            device_id="bench",
            epoch=library.library.epoch,
            time_zone="UTC",
            idempotency_key=f"bench-plan-{account_id}",
            edit_input=training_pb2.EditInput(
                create_workout=training_pb2.CreateWorkoutAction(workout=workout)
            ),
        )
    )
