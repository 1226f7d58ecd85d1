"""End to end: every service rolls, replica by replica, under load, and no call fails
(docs/decisions/0044-zero-failed-calls-on-restart.md).

Two replicas of each of the four services (real processes on one SQLite store) behind one edge
that dials each service at the list of its replicas. A few callers send Metric reads (training,
sessions and analytics views) and keyed writes through the edge without pause while each replica
in turn gets SIGTERM, drains, exits and is replaced by a new process on the same port. Every call
answers 200, and every acknowledged write is in the library exactly once.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.e2e.processes import free_port
from tests.e2e.replicas import (
    Process,
    edge_replica,
    ensure_demo,
    replicated_env,
    service_replica,
    serving,
    start_edge,
    start_replica,
)
from tests.eventually import eventually

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="real processes and signals"),
]

PREFIX = "/api/connectors/muse"
CALLERS = 4
READ_VIEWS = ("workouts", "history", "insights")
# Training first: sessions and analytics call it, so its roll is felt by the most callers.
ROLL_ORDER = ("training", "sessions", "analytics", "auth")
CALLS_BEFORE_ROLLING = 20
NAME_PREFIX = "rolling-"


@dataclass
class Load:
    """What the callers saw."""

    calls: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)

    def p99_ms(self) -> float:
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


@dataclass
class Deployment:
    env: dict[str, str]
    ports: dict[str, list[int]]
    replicas: dict[str, list[Process]]
    edge_url: str
    api_key: str
    logs: Path


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    logs = tmp_path / "logs"
    logs.mkdir()
    env, ports = replicated_env(tmp_path / "var", 2, {})
    api_key = ensure_demo(env)
    replicas = {name: [service_replica(name, port, env, logs) for port in ports[name]] for name in ports}
    edge_port = free_port()
    # The account budget (300 a minute) would refuse the load long before the roll ends.
    edge = edge_replica(edge_port, env, logs, module="benchmarks.bench_edge")
    try:
        # The first replica of each service migrates its store; the others start on a migrated one.
        for index in range(2):
            for group in replicas.values():
                group[index].start()
            for name, group in replicas.items():
                group[index].wait_ready(functools.partial(serving, ports[name][index]))
        start_edge(edge, edge_port)
        yield Deployment(env, ports, replicas, f"http://127.0.0.1:{edge_port}", api_key, logs)
    finally:
        edge.kill()
        for group in replicas.values():
            for replica in group:
                replica.kill()


def _create_workout(epoch: str, key: str) -> dict[str, Any]:
    return {
        "epoch": epoch,
        "timeZone": "Europe/Berlin",
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {
            "action": "createWorkout",
            "workout": {
                "name": NAME_PREFIX + key,
                "kind": "fullBody",
                "schedule": {"type": "weekdays", "weekdays": [2, 4]},
                "exercises": [
                    {
                        "exerciseID": "barbell-back-squat",
                        "trackingMode": "sets",
                        "targetSets": 3,
                        "targetReps": 8,
                    }
                ],
            },
        },
    }


async def _call(load: Load, request: Any, what: str) -> httpx2.Response | None:
    started = time.monotonic()
    try:
        response = await request
    except httpx2.TransportError as error:
        load.failures.append(f"{what}: {error!r}")
        return None
    finally:
        load.calls += 1
        load.seconds.append(time.monotonic() - started)
    if response.status_code != 200:
        load.failures.append(f"{what}: {response.status_code} {response.text[:300]}")
        return None
    return response


async def _caller(http: httpx2.AsyncClient, caller: int, epoch: str, load: Load, stop: asyncio.Event) -> None:
    n = 0
    while not stop.is_set():
        view = READ_VIEWS[n % len(READ_VIEWS)]
        await _call(load, http.get(PREFIX + "/training", params={"view": view}), f"read {view}")
        key = f"roll-{caller}-{n:05d}"
        if await _call(load, http.post(PREFIX + "/training/edits", json=_create_workout(epoch, key)), key):
            load.acknowledged.append(NAME_PREFIX + key)
        n += 1


def _roll(deployment: Deployment) -> list[str]:
    """Replace every replica, one at a time; returns what each step took."""
    steps = []
    for name in ROLL_ORDER:
        for index, port in enumerate(deployment.ports[name]):
            code, drained = deployment.replicas[name][index].terminate()
            assert code == 0, f"{name}:{port} exited with {code}"
            replacement = service_replica(name, port, deployment.env, deployment.logs)
            deployment.replicas[name][index] = replacement
            ready = start_replica(replacement, port)
            steps.append(f"{name}:{port} drained in {drained:.2f} s, back in {ready:.2f} s")
    return steps


async def _stored_names(http: httpx2.AsyncClient) -> Counter[str]:
    names: Counter[str] = Counter()
    token = None
    while True:
        params: dict[str, str | int] = {"view": "workouts", "pageSize": 100}
        if token:
            params["pageToken"] = token
        data = (await http.get(PREFIX + "/training", params=params)).json()["data"]
        names.update(w["name"] for w in data["workouts"] if w["name"].startswith(NAME_PREFIX))
        token = data["nextPageToken"]
        if not token:
            return names


async def test_rolling_every_service_fails_no_call_and_loses_or_doubles_no_write(deployment):
    headers = {"Authorization": f"Bearer {deployment.api_key}"}
    async with httpx2.AsyncClient(base_url=deployment.edge_url, headers=headers, timeout=30) as http:
        epoch = (await http.get(PREFIX + "/training", params={"view": "plans"})).json()["epoch"]
        load, stop = Load(), asyncio.Event()
        callers = [asyncio.create_task(_caller(http, n, epoch, load, stop)) for n in range(CALLERS)]
        try:
            await eventually(lambda: load.calls >= CALLS_BEFORE_ROLLING, within=30, what="load")
            calls_before, started = load.calls, time.monotonic()
            seconds_before = len(load.seconds)
            steps = await asyncio.to_thread(_roll, deployment)
            rolled_for = time.monotonic() - started
        finally:
            stop.set()
            await asyncio.gather(*callers)
        during = Load(seconds=load.seconds[seconds_before:])
        print(
            f"\n{load.calls} calls ({load.calls - calls_before} during a {rolled_for:.1f} s roll of "
            f"{len(steps)} replicas), {len(load.failures)} failed, {len(load.acknowledged)} writes "
            f"acknowledged, p99 during the roll {during.p99_ms():.0f} ms, p99 overall {load.p99_ms():.0f} ms"
        )
        print("\n".join(steps))
        kinds = Counter(failure.split(": ", 1)[1][:160] for failure in load.failures)
        assert load.failures == [], kinds.most_common(8)
        stored = await _stored_names(http)
    doubled = {name: count for name, count in stored.items() if count > 1}
    lost = set(load.acknowledged) - set(stored)
    assert (doubled, lost) == ({}, set())
