"""schemathesis against the analytics operations of /openapi.json, on their own account budget.

The whole-document run (test_openapi_fuzz.py) reaches the analytics paths last, after the Metric
operations have spent much of the account's 300 requests a minute; this run sends only the
analytics operations' cases, so every one reaches a handler (docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

import asyncio

import httpx2

from tests.integration.edge.openapi_fuzzing import fuzz

ANALYTICS_PREFIX = "/api/analytics/"


async def test_schemathesis_over_the_analytics_paths_finds_no_500s_and_nothing_outside_the_schema(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    paths = {path: item for path, item in document["paths"].items() if path.startswith(ANALYTICS_PREFIX)}
    assert sorted(paths) == [f"{ANALYTICS_PREFIX}{p}" for p in ("balance", "progress", "records")]

    statuses = await asyncio.wait_for(
        asyncio.to_thread(fuzz, document | {"paths": paths}, stack.base_url, stack.api_key), timeout=120
    )

    assert not any(status == 429 for _, status in statuses), "the run stays within the account's budget"
    for path in paths:
        assert statuses[path, 200] > 0 and statuses[path, 400] > 0, (path, statuses)
