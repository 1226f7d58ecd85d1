"""The concurrency promise on PostgreSQL too: 20 parallel identical log calls through an edge whose
sessions service stores in PostgreSQL write each set once (the stack itself runs on SQLite)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from edge.backends import Backends
from kinetic.sessions.v1 import sessions_pb2
from kinetic.settings import ServiceSettings
from services.sessions import bootstrap as sessions
from tests.conftest import EngineFactory
from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    ClientAi,
    Gym,
    client_ai_key,
    gym_admin,
    open_gym,
)
from tests.integration.edge.conftest import edge_replica


@dataclass
class PostgresEdge:
    backends: Backends
    gym: Gym
    tools: ClientAi


@pytest.fixture
async def postgres_edge(stack: Any, tmp_path: Path) -> AsyncIterator[PostgresEdge]:
    factory = EngineFactory("postgresql", tmp_path)
    running = await sessions.start(
        ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": str(tmp_path)}),
        port=0,
        engine=factory("sessions"),
        training_target=f"127.0.0.1:{stack.servers['training'].port}",
    )
    targets = {name: f"127.0.0.1:{server.port}" for name, server in stack.servers.items()}
    targets["sessions"] = f"127.0.0.1:{running.port}"
    backends = Backends.connect(targets)
    channel, admin = gym_admin(running.port)
    try:
        async with edge_replica(stack.settings, backends) as url:
            gym = await open_gym(admin, stack.account_id)
            key = await client_ai_key(stack.backends, stack.account_id)
            yield PostgresEdge(backends, gym, ClientAi(url + CLIENT_AI_PATH, key))
    finally:
        await channel.close(None)
        await backends.close()
        await running.stop(0)
        factory.close()


async def test_twenty_parallel_identical_logs_store_each_set_once_on_postgresql(postgres_edge, stack):
    tools, gym = postgres_edge.tools, postgres_edge.gym
    session = (
        await tools(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
        )
    )["session"]
    arguments = {
        "sessionId": session["id"],
        "exerciseId": gym.exercises["bench"],
        "sets": [{"setNumber": n, "weight": 80, "reps": 8, "rpe": 8} for n in (1, 2, 3)],
    }
    feed = postgres_edge.backends.sessions
    before = (
        await feed.ListChanges(sessions_pb2.ListChangesRequest(account_id=stack.account_id))
    ).latest_sequence

    results = await asyncio.gather(
        *(tools("client_ai_log_my_workout_performance", arguments) for _ in range(20))
    )

    assert sum(1 for r in results if not r["replayed"]) == 1
    after = await feed.ListChanges(sessions_pb2.ListChangesRequest(account_id=stack.account_id))
    assert after.latest_sequence == before + 1
    read = (await tools("client_ai_get_my_workout_session", {"sessionId": session["id"]}))["session"]
    assert read["performanceCount"] == 1
    assert [s["setNumber"] for s in read["performances"][0]["sets"]] == [1, 2, 3]
