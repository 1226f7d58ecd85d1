"""schemathesis against /openapi.json on the real edge: no 500s, nothing outside the schema.

Valid and invalid requests are generated from the document for every operation and sent with
the stack's API key. The budget stays under the account's 300 requests a minute (a 429 would be
documented, but it would stop the fuzzing from reaching the handlers).
"""

from __future__ import annotations

import asyncio

import httpx2

from tests.integration.edge.openapi_fuzzing import fuzz


async def test_schemathesis_finds_no_500s_and_nothing_outside_the_schema(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    # schemathesis calls are blocking; the edge serves them on this test's event loop meanwhile.
    statuses = await asyncio.wait_for(
        asyncio.to_thread(fuzz, document, stack.base_url, stack.api_key), timeout=120
    )
    assert sum(statuses.values()) >= 4 * 10, "every operation was exercised"
