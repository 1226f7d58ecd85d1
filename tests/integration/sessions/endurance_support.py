"""Helpers for the endurance records' tests (EnduranceService, decision 0054): a sessions stack
with an EnduranceService stub and the sessions engine, the fixture files, constant recordings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import Engine, func, select

from kinetic.sessions.v1 import endurance_pb2 as en
from kinetic.sessions.v1 import endurance_pb2_grpc, sessions_pb2
from services.sessions.endurance.adapters.tables import (
    activities,
    activity_streams,
    athlete_thresholds,
    daily_readiness,
)
from tests.fixtures.activity_files import generate
from tests.integration.sessions.session_support import ACCOUNT, Stack, session_stack

FIXTURES = Path(generate.__file__).resolve().parent
READABLE = ("ride.fit", "run.fit", "run.tcx", "ride.tcx", "run_hr.gpx", "run_plain.gpx")
BROKEN = tuple(sorted(p.name for p in FIXTURES.iterdir() if p.name.startswith("broken_")))
ENDURANCE_TABLES = (activities, activity_streams, athlete_thresholds, daily_readiness)


class _Recording:
    """An engine factory that remembers the engine it made for each service."""

    def __init__(self, engines: Any) -> None:
        self._engines = engines
        self.made: dict[str, Engine] = {}

    def __call__(self, service: str) -> Engine:
        self.made[service] = self._engines(service)
        return self.made[service]


@dataclass
class EnduranceStack:
    """The sessions stack, its EnduranceService stub and the sessions store (to count rows)."""

    stack: Stack
    endurance: endurance_pb2_grpc.EnduranceServiceStub
    engine: Engine

    @property
    def sessions(self) -> Any:
        return self.stack.sessions

    def rows(self, account_id: str = ACCOUNT) -> dict[str, int]:
        """The account's rows in each endurance table."""
        with self.engine.connect() as conn:
            return {
                table.name: conn.execute(
                    select(func.count()).select_from(table).where(table.c.account_id == account_id)
                ).scalar_one()
                for table in ENDURANCE_TABLES
            }

    async def feed(self, account_id: str = ACCOUNT) -> list[sessions_pb2.Change]:
        request = sessions_pb2.ListChangesRequest(account_id=account_id)
        return list((await self.stack.sessions.ListChanges(request)).changes)

    async def import_file(self, data: bytes, account_id: str = ACCOUNT, **extra: Any) -> Any:
        request = en.ImportActivityFileRequest(account_id=account_id, data=data, **extra)
        return await self.endurance.ImportActivityFile(request)

    async def set_threshold(self, account_id: str = ACCOUNT, **fields: Any) -> en.Threshold:
        request = en.SetThresholdRequest(account_id=account_id, threshold=en.Threshold(**fields))
        return (await self.endurance.SetThreshold(request)).threshold


@asynccontextmanager
async def endurance_stack(engines: Any, tmp_path: Any) -> AsyncIterator[EnduranceStack]:
    recording = _Recording(engines)
    async with session_stack(recording, tmp_path) as stack:
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{stack.sessions_port}")
        try:
            yield EnduranceStack(
                stack, endurance_pb2_grpc.EnduranceServiceStub(channel), recording.made["sessions"]
            )
        finally:
            await channel.close()


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def constant_ride(start: datetime, seconds: int, watts: int, bpm: int) -> bytes:
    """A TCX ride recorded every second from 0 to ``seconds`` at ``watts`` and ``bpm``."""
    samples = tuple(
        generate.Sample(offset, power=watts, heart_rate=bpm, speed=8.0, distance=8.0 * offset)
        for offset in range(seconds + 1)
    )
    return generate.write_tcx(generate.Recorded(start, samples), "Biking")


def summary(**fields: Any) -> en.ActivityInput:
    """A 45-minute run by hand, overridable."""
    fields.setdefault("sport", "run")
    fields.setdefault("duration_s", 2700)
    fields.setdefault("start_time", stamp(datetime(2026, 5, 1, 6, 0, tzinfo=UTC)))
    return en.ActivityInput(**fields)


def day_after(moment: datetime, days: int = 1) -> str:
    return (moment + timedelta(days=days)).date().isoformat()
