"""End to end: an edge replica told to stop finishes the call it is in the middle of
(docs/decisions/0044-zero-failed-calls-on-restart.md).

Two edges (real processes) share one Redis for their rate limits and one set of services, as
replicas behind a load balancer. For each edge in turn: a keyed write is under way (its head and
half its body sent) when the edge gets SIGTERM; the edge stops taking connections, and the write,
finished afterwards, is answered 200 and stored, while the other edge keeps serving.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
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
    start_edge,
    start_replica,
)
from tests.eventually import status_becomes

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="real processes and signals"),
]

PREFIX = "/api/connectors/muse"
SLOW_CLIENT_SECONDS = 1.0
REDIS_URL = os.environ.get("KINETIC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@dataclass
class Edges:
    ports: list[int]
    edges: list[Process]
    api_key: str


@pytest.fixture
def edges(tmp_path: Path) -> Iterator[Edges]:
    logs = tmp_path / "logs"
    logs.mkdir()
    edge_ports = [free_port(), free_port()]
    # Replicas behind one load balancer share the public URL and, here, the rate limits' Redis.
    shared = {"KINETIC_REDIS_URL": REDIS_URL, "KINETIC_PUBLIC_URL": f"http://127.0.0.1:{edge_ports[0]}"}
    env, ports = replicated_env(tmp_path / "var", 1, shared)
    api_key = ensure_demo(env)
    services = [service_replica(name, ports[name][0], env, logs) for name in ports]
    edges = [edge_replica(port, env, logs) for port in edge_ports]
    try:
        for service, port in zip(services, [ports[name][0] for name in ports], strict=True):
            start_replica(service, port)
        for edge, port in zip(edges, edge_ports, strict=True):
            start_edge(edge, port)
        yield Edges(edge_ports, edges, api_key)
    finally:
        for process in [*edges, *services]:
            process.kill()


async def _refuses_connections(port: int) -> int:
    """1 once nothing accepts connections on ``port`` (the edge closed its listener), else 0."""
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return 1
    writer.close()
    return 0


def _create_workout(epoch: str, key: str) -> bytes:
    body = {
        "epoch": epoch,
        "timeZone": "Europe/Berlin",
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {
            "action": "createWorkout",
            "workout": {
                "name": f"drain {key}",
                "kind": "fullBody",
                "schedule": {"type": "weekdays", "weekdays": [3]},
                "exercises": [
                    {
                        "exerciseID": "barbell-back-squat",
                        "trackingMode": "sets",
                        "targetSets": 3,
                        "targetReps": 5,
                    }
                ],
            },
        },
    }
    return json.dumps(body).encode()


async def _write_across_a_sigterm(
    port: int, edge: Process, api_key: str, body: bytes
) -> tuple[str, dict[str, Any]]:
    """Send half of a write, SIGTERM the edge, wait until it refuses new connections, send the
    rest; returns the status line and the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (
        f"POST {PREFIX}/training/edits HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n"
        f"authorization: Bearer {api_key}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    ).encode()
    half = len(body) // 2
    writer.write(head + body[:half])
    await writer.drain()
    edge.running.send_signal(signal.SIGTERM)
    await status_becomes(lambda: _refuses_connections(port), 1, within=5)
    # The call's own slowness (a client on a slow link), not a wait for the edge: its drain must
    # outlast a call that goes on well past the moment it stopped taking connections.
    await asyncio.sleep(SLOW_CLIENT_SECONDS)
    writer.write(body[half:])
    await writer.drain()
    status = (await reader.readline()).decode().strip()
    if not status:
        return "the edge closed the connection without an answer", {}
    headers: dict[str, str] = {}
    while (line := (await reader.readline()).decode().strip()) != "":
        name, _, value = line.partition(":")
        headers[name.lower()] = value.strip()
    raw = await reader.readexactly(int(headers.get("content-length", "0")))
    answer = json.loads(raw) if headers.get("content-type") == "application/json" else {"text": raw.decode()}
    writer.close()
    return status, answer


async def test_each_edge_replica_drains_without_cutting_the_call_in_flight(edges: Edges):
    headers = {"Authorization": f"Bearer {edges.api_key}"}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        urls = [f"http://127.0.0.1:{port}" for port in edges.ports]
        epoch = (await http.get(urls[0] + PREFIX + "/training", params={"view": "plans"})).json()["epoch"]
        for index, (port, edge) in enumerate(zip(edges.ports, edges.edges, strict=True)):
            key = f"edge-drain-{index:04d}"
            status, answer = await _write_across_a_sigterm(
                port, edge, edges.api_key, _create_workout(epoch, key)
            )
            assert status == "HTTP/1.1 200 OK", answer
            assert [workout["name"] for workout in answer["workouts"]] == [f"drain {key}"]
            assert await asyncio.to_thread(edge.running.wait, 20) == 0
            if index == 0:
                # The other replica served throughout, and holds what the drained one wrote.
                listed = await http.get(urls[1] + PREFIX + "/training", params={"view": "workouts"})
                assert listed.status_code == 200
                assert f"drain {key}" in [w["name"] for w in listed.json()["data"]["workouts"]]
                # The drained replica comes back, as a rolling update would start it.
                edges.edges[0] = edge_replica(port, edge.env, edge.log_path.parent)
                await asyncio.to_thread(start_edge, edges.edges[0], port)
