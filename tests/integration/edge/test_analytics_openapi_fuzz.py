"""schemathesis against the analytics operations of /openapi.json, on their own account budget.

The whole-document run (test_openapi_fuzz.py) reaches the analytics paths last, after the Metric
operations have spent much of the account's 300 requests a minute; this run sends only the
analytics operations' cases, so every one reaches a handler (docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx2
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.core.result import Ok

from tests.integration.edge.test_openapi_fuzz import CHECKS, EXAMPLES_PER_OPERATION_AND_MODE

ANALYTICS_PREFIX = "/api/analytics/"


def _fuzz(document: dict, base_url: str, api_key: str) -> Counter[tuple[str, int]]:
    """Statuses per (path, status) of every generated case, each checked against the document."""
    schema = schemathesis.openapi.from_dict(document)
    headers = {"Authorization": f"Bearer {api_key}"}
    statuses: Counter[tuple[str, int]] = Counter()
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), f"the document is invalid: {result}"
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(
                max_examples=EXAMPLES_PER_OPERATION_AND_MODE,
                deadline=None,
                database=None,
                derandomize=True,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
            def check(case):
                response = case.call(base_url=base_url, headers=headers, timeout=30)
                statuses[case.operation.path, response.status_code] += 1
                case.validate_response(response, checks=CHECKS)

            check()
    return statuses


async def test_schemathesis_over_the_analytics_paths_finds_no_500s_and_nothing_outside_the_schema(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    paths = {path: item for path, item in document["paths"].items() if path.startswith(ANALYTICS_PREFIX)}
    assert sorted(paths) == [f"{ANALYTICS_PREFIX}{p}" for p in ("balance", "progress", "records")]

    statuses = await asyncio.wait_for(
        asyncio.to_thread(_fuzz, document | {"paths": paths}, stack.base_url, stack.api_key), timeout=120
    )

    assert not any(status == 429 for _, status in statuses), "the run stays within the account's budget"
    for path in paths:
        assert statuses[path, 200] > 0 and statuses[path, 400] > 0, (path, statuses)
