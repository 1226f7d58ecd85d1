"""The edge's revocation watcher against a scripted stream: its states, logs, metric and resume."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader, NumberDataPoint

from edge.revocation_watcher import FALLBACK, STARTING, RevocationWatcher
from kinetic.auth.v1 import auth_pb2
from tests.eventually import eventually

LATER = Timestamp(seconds=4_000_000_000)
SECRET = "rf_" + "ab" * 32


class ScriptedCall:
    """One WatchRevocations call whose messages (or error) the test feeds."""

    def __init__(self) -> None:
        self.feed: asyncio.Queue[auth_pb2.WatchRevocationsResponse | BaseException | object] = asyncio.Queue()
        self.cancelled = False

    async def read(self) -> object:
        item = await self.feed.get()
        if isinstance(item, BaseException):
            raise item
        return item

    def cancel(self) -> None:
        self.cancelled = True


class ScriptedAuth:
    """Stands in for the AuthService stub: records each request and hands out scripted calls."""

    def __init__(self) -> None:
        self.requests: list[auth_pb2.WatchRevocationsRequest] = []
        self.calls: list[ScriptedCall] = []

    def WatchRevocations(self, request: auth_pb2.WatchRevocationsRequest) -> ScriptedCall:
        self.requests.append(request)
        self.calls.append(ScriptedCall())
        return self.calls[-1]


def unavailable() -> grpc.aio.AioRpcError:
    return grpc.aio.AioRpcError(
        grpc.StatusCode.UNAVAILABLE, grpc.aio.Metadata(), grpc.aio.Metadata(), "auth is down"
    )


def message(
    sequence: int, *subjects: tuple[str, str], snapshot: bool = False, current: bool = True
) -> auth_pb2.WatchRevocationsResponse:
    revocations = []
    for kind, subject in subjects:
        revocations.append(auth_pb2.Revocation(expire_time=LATER))
        setattr(revocations[-1], kind, subject)
    return auth_pb2.WatchRevocationsResponse(
        revocations=revocations, snapshot=snapshot, current=current, sequence=sequence
    )


@pytest.fixture
def reader() -> InMemoryMetricReader:
    return InMemoryMetricReader()


@pytest.fixture
async def watched(reader: InMemoryMetricReader) -> AsyncIterator[tuple[ScriptedAuth, RevocationWatcher]]:
    auth = ScriptedAuth()
    meter = MeterProvider(metric_readers=[reader]).get_meter("test")
    watcher = RevocationWatcher(auth, meter=meter, first_retry=0.01, max_retry=0.02)
    task = asyncio.create_task(watcher.run())
    try:
        yield auth, watcher
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


def connected_gauge(reader: InMemoryMetricReader) -> int:
    data = reader.get_metrics_data()
    assert data is not None
    for resource in data.resource_metrics:
        for scope in resource.scope_metrics:
            for metric in scope.metrics:
                if metric.name == "kinetic.edge.revocation_stream.connected":
                    point = next(iter(metric.data.data_points))
                    assert isinstance(point, NumberDataPoint)
                    return int(point.value)
    raise AssertionError("no connected gauge")


async def test_a_snapshot_makes_the_watcher_local_and_later_changes_apply(watched, reader, caplog) -> None:
    auth, watcher = watched
    caplog.set_level(logging.INFO, logger="edge.revocation_watcher")
    await eventually(lambda: len(auth.calls) == 1, what="the first call")
    assert auth.requests[0].after_sequence == 0 and watcher.state == STARTING
    assert connected_gauge(reader) == 0

    call = auth.calls[0]
    call.feed.put_nowait(message(3, ("token_id", "jti-1"), snapshot=True, current=False))
    call.feed.put_nowait(message(5, ("grant_id", "grant-1"), current=False))
    await eventually(lambda: call.feed.empty(), what="the snapshot pages being read")
    assert watcher.state == STARTING and len(watcher.revoked) == 0, "half a snapshot is not applied"
    call.feed.put_nowait(message(5, current=True))
    await eventually(lambda: watcher.local, what="the stream becoming current")
    assert len(watcher.revoked) == 2 and watcher.sequence == 5
    assert connected_gauge(reader) == 1

    watcher.api_keys.put(SECRET, "key-1", "acc-1", frozenset())
    call.feed.put_nowait(message(6, ("api_key_id", "key-1")))
    await eventually(lambda: watcher.sequence == 6, what="the live change")
    assert watcher.api_keys.get(SECRET) is None and watcher.revoked.api_key_revoked("key-1", "acc-1")
    assert [r.levelname for r in caplog.records] == ["INFO"]


async def test_a_broken_stream_falls_back_once_and_resumes_after_its_sequence(
    watched, reader, caplog
) -> None:
    auth, watcher = watched
    caplog.set_level(logging.INFO, logger="edge.revocation_watcher")
    await eventually(lambda: len(auth.calls) == 1, what="the first call")
    auth.calls[0].feed.put_nowait(message(4, ("account_id", "acc-1"), snapshot=True))
    await eventually(lambda: watcher.local, what="the stream becoming current")
    watcher.api_keys.put(SECRET, "key-2", "acc-2", frozenset())

    auth.calls[0].feed.put_nowait(unavailable())
    await eventually(lambda: len(auth.calls) == 2, what="a reconnect")
    assert watcher.state == FALLBACK and connected_gauge(reader) == 0
    assert auth.calls[0].cancelled
    assert len(watcher.api_keys) == 0, "the cache is not trusted while the stream is down"
    assert auth.requests[1].after_sequence == 4
    auth.calls[1].feed.put_nowait(unavailable())
    await eventually(lambda: len(auth.calls) == 3, what="another reconnect")
    assert watcher.state == FALLBACK

    auth.calls[2].feed.put_nowait(message(4, current=True))
    await eventually(lambda: watcher.local, what="recovery")
    assert watcher.revoked.api_key_revoked("any", "acc-1"), "a resume keeps what was held"
    levels = [(r.levelname, "down" in r.getMessage()) for r in caplog.records]
    assert levels == [("INFO", False), ("WARNING", True), ("INFO", False)], "one line per transition"


async def test_a_silent_stream_counts_as_down(reader) -> None:
    auth = ScriptedAuth()
    meter = MeterProvider(metric_readers=[reader]).get_meter("test")
    watcher = RevocationWatcher(auth, meter=meter, first_retry=0.01, silence_limit=0.05)
    task = asyncio.create_task(watcher.run())
    try:
        await eventually(lambda: len(auth.calls) == 1, what="the first call")
        auth.calls[0].feed.put_nowait(message(1, snapshot=True))
        await eventually(lambda: watcher.local, what="the stream becoming current")
        await eventually(lambda: watcher.state == FALLBACK, what="the silent stream being given up")
        assert auth.calls[0].cancelled
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_a_stream_auth_ends_counts_as_down(watched) -> None:
    auth, watcher = watched
    await eventually(lambda: len(auth.calls) == 1, what="the first call")
    auth.calls[0].feed.put_nowait(message(1, snapshot=True))
    await eventually(lambda: watcher.local, what="the stream becoming current")
    auth.calls[0].feed.put_nowait(grpc.aio.EOF)
    await eventually(lambda: watcher.state == FALLBACK, what="the ended stream being noticed")
    await eventually(lambda: len(auth.calls) == 2, what="a reconnect")
    assert auth.requests[1].after_sequence == 1
