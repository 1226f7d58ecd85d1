"""Helpers for the endurance analytics tests: feed entries as the sessions service writes them, and a
tiny fake upstream (SessionsService.ListChanges from a list, an empty training library feed) so
analytics runs as a real gRPC server against it.

The sessions side of the endurance records is built separately; these builders follow its contract
(protos/kinetic/sessions/v1/endurance.proto and ``Change`` fields 10-14), nothing more.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import grpc

from kinetic.analytics.v1 import endurance_pb2_grpc
from kinetic.grpc_server import RunningServer
from kinetic.sessions.v1 import endurance_pb2, sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.analytics.bootstrap import start as start_analytics
from tests.integration.analytics.analytics_support import ListFeed, stamp


def summary(
    activity_id: str,
    sport: str,
    start: datetime,
    seconds: float,
    *,
    power_points: dict[int, float] | None = None,
    heart_rate_zones: dict[int, int] | None = None,
    **fields: Any,
) -> endurance_pb2.ActivitySummary:
    """An ActivitySummary as activity.recorded carries it (moving time defaults to ``seconds``)."""
    figures = endurance_pb2.ActivityFigures(
        power_points=[
            endurance_pb2.PowerPoint(duration_s=d, watts=w) for d, w in sorted((power_points or {}).items())
        ],
        heart_rate_zones=[
            endurance_pb2.ZoneSeconds(zone=z, seconds=s) for z, s in sorted((heart_rate_zones or {}).items())
        ],
    )
    return endurance_pb2.ActivitySummary(
        activity_id=activity_id,
        sport=sport,
        start_time=stamp(start),
        duration_s=seconds,
        moving_time_s=fields.pop("moving_time_s", seconds),
        source=fields.pop("source", "manual"),
        figures=figures,
        update_time=stamp(start),
        **fields,
    )


def threshold(threshold_id: str, kind: str, effective_day: date, **values: Any) -> endurance_pb2.Threshold:
    return endurance_pb2.Threshold(
        threshold_id=threshold_id,
        kind=kind,
        effective_day=effective_day.isoformat(),
        source=values.pop("source", "manual"),
        **values,
    )


@dataclass
class EnduranceFeed(ListFeed):
    """A sessions feed list with endurance entries, also as the protobuf changes a server returns."""

    messages: list[sessions_pb2.Change] = field(default_factory=list)

    def add(self, kind: str, record_id: str, at: datetime | None = None, **payload: Any) -> Any:
        change = (
            super().add(kind, record_id, at, **payload) if at else super().add(kind, record_id, **payload)
        )
        self.messages.append(
            sessions_pb2.Change(
                sequence=change.sequence,
                kind=kind,
                record_id=record_id,
                create_time=stamp(change.created_at),
                **payload,
            )
        )
        return change

    def record(self, activity: endurance_pb2.ActivitySummary) -> None:
        self.add("activity.recorded", activity.activity_id, activity=activity)

    def delete_activity(self, activity_id: str, sport: str = "", start: datetime | None = None) -> None:
        deleted = endurance_pb2.ActivityDeleted(activity_id=activity_id, sport=sport)
        if start is not None:
            deleted.start_time.CopyFrom(stamp(start))
        self.add("activity.deleted", activity_id, activity_deleted=deleted)

    def set_threshold(self, value: endurance_pb2.Threshold) -> None:
        self.add("threshold.set", value.threshold_id, threshold=value)

    def delete_threshold(self, threshold_id: str, kind: str, effective_day: date) -> None:
        deleted = endurance_pb2.ThresholdDeleted(
            threshold_id=threshold_id, kind=kind, effective_day=effective_day.isoformat()
        )
        self.add("threshold.deleted", threshold_id, threshold_deleted=deleted)

    def readiness(self, day: date, **values: Any) -> None:
        entry = endurance_pb2.DailyReadiness(day=day.isoformat(), **values)
        self.add("readiness.recorded", day.isoformat(), readiness=entry)


class FakeSessions(sessions_pb2_grpc.SessionsServiceServicer):
    """ListChanges over each account's ``EnduranceFeed``; every other RPC is unimplemented."""

    def __init__(self) -> None:
        self.feeds: dict[str, EnduranceFeed] = {}

    def feed(self, account_id: str) -> EnduranceFeed:
        return self.feeds.setdefault(account_id, EnduranceFeed())

    async def ListChanges(
        self, request: sessions_pb2.ListChangesRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.ListChangesResponse:
        messages = self.feed(request.account_id).messages
        after = [m for m in messages if m.sequence > request.after_sequence]
        return sessions_pb2.ListChangesResponse(
            changes=after[: request.page_size or 500],
            latest_sequence=messages[-1].sequence if messages else 0,
        )


class EmptyLibrary(training_pb2_grpc.TrainingServiceServicer):
    """A training service whose every account has an empty library feed."""

    async def ListLibraryChanges(
        self, request: training_pb2.ListLibraryChangesRequest, context: grpc.aio.ServicerContext
    ) -> training_pb2.ListLibraryChangesResponse:
        return training_pb2.ListLibraryChangesResponse(latest_sequence=0)


@dataclass
class EnduranceStack:
    """Analytics on port 0 reading a fake upstream, and a stub of its endurance service."""

    sessions: FakeSessions
    analytics: endurance_pb2_grpc.EnduranceAnalyticsServiceStub
    server: RunningServer


@asynccontextmanager
async def endurance_stack(engines: Any, tmp_path: Any, now: datetime) -> AsyncIterator[EnduranceStack]:
    """The fake upstream (sessions and training on one port) and analytics following it."""
    upstream = grpc.aio.server()
    sessions = FakeSessions()
    sessions_pb2_grpc.add_SessionsServiceServicer_to_server(sessions, upstream)
    training_pb2_grpc.add_TrainingServiceServicer_to_server(EmptyLibrary(), upstream)
    port = upstream.add_insecure_port("127.0.0.1:0")
    await upstream.start()
    target = f"127.0.0.1:{port}"
    analytics = await start_analytics(
        ServiceSettings.from_env("analytics", {"KINETIC_DATA_DIR": str(tmp_path)}),
        port=0,
        engine=engines("analytics"),
        sessions_target=target,
        training_target=target,
        clock=lambda: now,
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{analytics.port}")
    try:
        yield EnduranceStack(sessions, endurance_pb2_grpc.EnduranceAnalyticsServiceStub(channel), analytics)
    finally:
        await channel.close()
        await analytics.stop(0)
        await upstream.stop(0)
