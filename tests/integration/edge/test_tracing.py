"""One MCP tool call is one trace: edge HTTP span → gRPC client → training's gRPC server → SQL."""

from __future__ import annotations

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind


@pytest.fixture(scope="module")
def exporter() -> InMemorySpanExporter:
    # The global provider can be set once per process; reuse it if another test set it first.
    if not isinstance(trace.get_tracer_provider(), TracerProvider):
        trace.set_tracer_provider(TracerProvider())
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    memory = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    return memory


def _ancestors(span: ReadableSpan, by_id: dict[int, ReadableSpan]) -> list[ReadableSpan]:
    chain = []
    current: ReadableSpan | None = span
    while current is not None and current.parent is not None:
        current = by_id.get(current.parent.span_id)
        if current is not None:
            chain.append(current)
    return chain


async def test_tool_call_is_one_trace_from_http_to_sql(exporter, stack):
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {stack.api_key}"}) as http,
        Client(streamable_http_client(stack.mcp_url, http_client=http)) as client,
    ):
        exporter.clear()
        result = await client.call_tool("read_training", {"view": "exercises", "query": "squat"})
    assert not result.is_error

    spans = exporter.get_finished_spans()
    sql = [s for s in spans if s.attributes and s.attributes.get("db.system") in ("sqlite", "postgresql")]
    grpc_server = [
        s
        for s in spans
        if s.kind == SpanKind.SERVER and s.name == "/kinetic.training.v1.TrainingService/SearchExercises"
    ]
    assert sql, [s.name for s in spans]
    assert len(grpc_server) == 1, [s.name for s in spans]

    by_id = {s.context.span_id: s for s in spans}
    # Auth's SQL (API key check) is in the trace too; follow a statement of the training service.
    training_sql = [s for s in sql if grpc_server[0] in _ancestors(s, by_id)]
    assert training_sql, [(s.name, [a.name for a in _ancestors(s, by_id)]) for s in sql]
    chain = _ancestors(training_sql[0], by_id)
    names = [s.name for s in chain]
    assert any(s.kind == SpanKind.CLIENT and "SearchExercises" in s.name for s in chain), names
    http_roots = [s for s in chain if s.kind == SpanKind.SERVER and s.name.startswith("POST")]
    assert http_roots, names
    assert chain[-1].parent is None, "the chain ends at the root"
    assert chain[-1] is http_roots[-1], "the root is the edge's HTTP server span"
    assert len({s.context.trace_id for s in [training_sql[0], *chain]}) == 1
