"""The per-account budget through the real edge: two replicas on one Redis share it."""

from __future__ import annotations

import dataclasses
import os

import httpx2

from tests.integration.edge.conftest import edge_replica

REDIS_URL = os.environ.get("KINETIC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


async def test_two_edges_share_300_per_account_per_minute(stack):
    settings = dataclasses.replace(stack.settings, redis_url=REDIS_URL)
    headers = {"Authorization": f"Bearer {stack.api_key}"}
    path = "/api/connectors/muse/workout-guidance"
    async with (
        edge_replica(settings, stack.backends) as first,
        edge_replica(settings, stack.backends) as second,
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
    ):
        responses = [await http.get((first if i % 2 == 0 else second) + path) for i in range(310)]
    statuses = [r.status_code for r in responses]
    assert statuses[:300] == [200] * 300
    assert statuses[300:] == [429] * 10, "the 301st request in the minute is refused, on either replica"
    refused = responses[300]
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.headers["cache-control"] == "private, no-store"
    assert refused.json()["error"] == "rate_limited"
