"""schemathesis against /openapi.json on the real edge: no 500s, nothing outside the schema.

Valid and invalid requests are generated from the document for every operation and sent with
the stack's API key. The budget stays under the account's 300 requests a minute (a 429 would be
documented, but it would stop the fuzzing from reaching the handlers).
"""

from __future__ import annotations

import asyncio

import httpx2
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# Every operation x mode x example stays under the account's 300 requests a minute, so no answer is a 429.
EXAMPLES_PER_OPERATION_AND_MODE = 20
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def _fuzz(document: dict, base_url: str, api_key: str) -> int:
    schema = schemathesis.openapi.from_dict(document)
    headers = {"Authorization": f"Bearer {api_key}"}
    sent = 0
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
                nonlocal sent
                response = case.call(base_url=base_url, headers=headers, timeout=30)
                sent += 1
                case.validate_response(response, checks=CHECKS)

            check()
    return sent


async def test_schemathesis_finds_no_500s_and_nothing_outside_the_schema(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    # schemathesis calls are blocking; the edge serves them on this test's event loop meanwhile.
    sent = await asyncio.wait_for(
        asyncio.to_thread(_fuzz, document, stack.base_url, stack.api_key), timeout=120
    )
    assert sent >= 4 * 10, "every operation was exercised"
