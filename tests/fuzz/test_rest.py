"""The whole /openapi.json, fuzzed: schemathesis's cases, then hostile values in every parameter.

On SQLite and PostgreSQL: no 5xx, every response as documented, no ERROR or traceback in any log;
a hostile value is refused with a 400 that names its field (or the JSON body), and a refused
request stores nothing. Operations come from the document, so a new REST path is covered by being
documented.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import httpx2
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES, FuzzStack
from tests.fuzz.json_schema_values import HOSTILE_NUMBERS, HOSTILE_TEXT, SURROGATES
from tests.fuzz.rest_keys import RotatingKeys
from tests.fuzz.watch import RowCounts, broken_calls, changed
from tests.integration.edge.openapi_fuzzing import fuzz

RUN_TIMEOUT_SECONDS = 600
METHODS = ("get", "post", "put", "patch", "delete")


async def document_of(base_url: str) -> dict[str, Any]:
    async with httpx2.AsyncClient(base_url=base_url) as http:
        return dict((await http.get("/openapi.json")).json())


async def test_schemathesis_over_the_whole_document_on_each_database(fuzz_stack: FuzzStack):
    stack = fuzz_stack.stack
    document = await document_of(stack.base_url)
    keys = RotatingKeys(stack, asyncio.get_running_loop())
    with broken_calls() as log:
        statuses = await asyncio.wait_for(
            asyncio.to_thread(fuzz, document, stack.base_url, keys, max(EXAMPLES // 3, 5), DERANDOMIZE),
            RUN_TIMEOUT_SECONDS,
        )
    assert not log.report()
    assert not any(status >= 500 for _, status in statuses), statuses
    assert {path for path, _ in statuses} == set(document["paths"]), "every path was exercised"


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def _targets(operation: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, name) of every query parameter and top-level JSON body property."""
    found = [("query", p["name"]) for p in operation.get("parameters", ()) if p.get("in") == "query"]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    properties: dict[str, Any] = {}
    for option in [schema, *schema.get("oneOf", ()), *schema.get("anyOf", ())]:
        properties.update(option.get("properties", {}))
    found.extend(("body", name) for name in properties)
    return found


def _base(operation: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The required query parameters and body properties, each with a value it accepts (its first
    enum value, else "x"), so a hostile value in another argument is not refused for their absence."""

    def accepted(schema: dict[str, Any]) -> Any:
        return schema["enum"][0] if schema.get("enum") else "x"

    query = {
        p["name"]: accepted(p.get("schema", {}))
        for p in operation.get("parameters", ())
        if p.get("in") == "query" and p.get("required")
    }
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    option = (schema.get("oneOf") or schema.get("anyOf") or [schema])[0]
    properties = option.get("properties", {})
    fields = {name: accepted(properties.get(name, {})) for name in option.get("required", ())}
    return query, fields


HOSTILE_JSON = st.sampled_from([*HOSTILE_TEXT, *SURROGATES, *HOSTILE_NUMBERS])
# A query string carries text only: numbers arrive as their digits.
HOSTILE_QUERY = st.sampled_from([*HOSTILE_TEXT, *(str(n) for n in HOSTILE_NUMBERS)])


def hostile_requests(
    base_url: str,
    document: dict[str, Any],
    keys: RotatingKeys,
    rows: RowCounts,
    sent: Counter[str],
) -> None:
    """Per operation, ``EXAMPLES`` requests with one hostile value in one parameter (blocking)."""
    with httpx2.Client(base_url=base_url, timeout=30) as http:
        for method, path, operation in _operations(document):
            if _targets(operation):
                hostile_operation(http, method, path, operation, keys, rows, sent)


def hostile_operation(
    http: httpx2.Client,
    method: str,
    path: str,
    operation: dict[str, Any],
    keys: RotatingKeys,
    rows: RowCounts,
    sent: Counter[str],
) -> None:
    base_query, base_body = _base(operation)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(target=st.sampled_from(_targets(operation)), data=st.data())
    def example(target: tuple[str, str], data: st.DataObject) -> None:
        where, name = target
        headers = {"Authorization": f"Bearer {keys()}"}
        before = rows()
        if where == "query":
            params = {**base_query, name: data.draw(HOSTILE_QUERY)}
            response = http.request(method, path, params=params, headers=headers)
        else:
            body = json.dumps({**base_body, name: data.draw(HOSTILE_JSON)})  # surrogates as \u escapes
            headers["content-type"] = "application/json"
            response = http.request(method, path, content=body, headers=headers)
        sent[f"{method.upper()} {path}"] += 1
        assert response.status_code < 500, (path, name, response.text[:300])
        if response.status_code >= 400:
            assert "error" in response.json(), response.text[:300]
            assert not changed(before, rows()), (path, name, "stored while refusing")

    example()


async def test_hostile_values_in_every_rest_parameter_on_each_database(fuzz_stack: FuzzStack):
    stack = fuzz_stack.stack
    document = await document_of(stack.base_url)
    keys = RotatingKeys(stack, asyncio.get_running_loop())
    rows = RowCounts(fuzz_stack.engines)
    sent: Counter[str] = Counter()
    with broken_calls() as log:
        await asyncio.wait_for(
            asyncio.to_thread(hostile_requests, stack.base_url, document, keys, rows, sent),
            RUN_TIMEOUT_SECONDS,
        )
    assert not log.report()
    with_arguments = [op for op in _operations(document) if _targets(op[2])]
    assert len(sent) == len(with_arguments) >= 6, sent
