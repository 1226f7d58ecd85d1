"""What an SRE sees of tool calls: one trace per call with filterable attributes, and /metrics.

Spans go to an in-memory exporter and metrics to Kinetic's own ``/metrics`` endpoint over an
in-memory reader, both installed before the stack is built (docs/decisions/0042).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send

from edge.mcp_profile.observed import account_hash
from edge.ratelimit import RateLimited, RatePolicy, build_limiter, metric_refusal
from kinetic.metrics_endpoint import MetricsEndpoint
from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, client_ai_key, gym_admin, open_gym
from tests.observability import metrics_endpoint, span_exporter


@pytest.fixture(scope="module")
def exporter() -> InMemorySpanExporter:
    return span_exporter()


@pytest.fixture(scope="module")
def scrape_endpoint() -> MetricsEndpoint:
    return metrics_endpoint()


@pytest.fixture
async def client_ai(stack, exporter, scrape_endpoint) -> AsyncIterator[str]:
    """A client with a gym and a Client AI key; yields the key."""
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        await open_gym(admin, stack.account_id)
        yield await client_ai_key(stack.backends, stack.account_id)
    finally:
        await channel.close(None)


async def call(url: str, credential: str, tool: str, arguments: dict[str, Any]) -> bool:
    """Call ``tool`` through the mcp client; whether the result is a tool error."""
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {credential}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        result = await client.call_tool(tool, arguments)
    return bool(result.is_error)


def _root(span: ReadableSpan, by_id: dict[int, ReadableSpan]) -> ReadableSpan:
    while span.parent is not None and span.parent.span_id in by_id:
        span = by_id[span.parent.span_id]
    return span


def tool_trace(exporter: InMemorySpanExporter, tool: str) -> tuple[ReadableSpan, list[ReadableSpan]]:
    """The span carrying ``tool``'s attributes and every span of its trace."""
    spans = exporter.get_finished_spans()
    tagged = [s for s in spans if s.attributes and s.attributes.get("gen_ai.tool.name") == tool]
    observed = [s for s in tagged if "kinetic.outcome" in (s.attributes or {})]
    assert len(observed) == 1, [(s.name, dict(s.attributes or {})) for s in tagged]
    trace_id = observed[0].context.trace_id
    return observed[0], [s for s in spans if s.context.trace_id == trace_id]


def assert_one_trace_to_sql(tool_span: ReadableSpan, trace: list[ReadableSpan], grpc_method: str) -> None:
    by_id = {s.context.span_id: s for s in trace}
    roots = {_root(s, by_id).context.span_id for s in trace}
    assert len(roots) == 1, "every span of the call hangs from one root"
    root = by_id[roots.pop()]
    assert root.kind == SpanKind.SERVER and root.name.startswith("POST"), root.name
    server = [s for s in trace if s.kind == SpanKind.SERVER and s.name.endswith(grpc_method)]
    assert server, [(s.kind, s.name) for s in trace if not s.name.startswith("SELECT")]
    sql = [s for s in trace if (s.attributes or {}).get("db.system") in ("sqlite", "postgresql")]
    assert sql, [s.name for s in trace]


def assert_no_raw_account_id(trace: list[ReadableSpan], account_id: str) -> None:
    for span in trace:
        for key, value in (span.attributes or {}).items():
            assert account_id not in str(value), (span.name, key)


async def test_a_metric_call_is_one_trace_with_profile_tool_account_hash_and_outcome(
    stack, exporter, scrape_endpoint
):
    exporter.clear()
    assert not await call(
        stack.mcp_url, stack.api_key, "read_training", {"view": "exercises", "query": "squat"}
    )

    span, trace = tool_trace(exporter, "read_training")
    attributes = dict(span.attributes or {})
    assert attributes["kinetic.profile"] == "kinetic-metric"
    assert attributes["kinetic.account.hash"] == account_hash(stack.account_id)
    assert attributes["kinetic.outcome"] == "ok"
    assert "error.type" not in attributes
    assert_one_trace_to_sql(span, trace, "TrainingService/SearchExercises")
    assert_no_raw_account_id(trace, stack.account_id)


async def test_a_client_ai_call_is_one_trace_and_a_refusal_names_its_reason(stack, exporter, client_ai):
    url = stack.base_url + CLIENT_AI_PATH
    exporter.clear()
    assert not await call(url, client_ai, "client_ai_list_my_workout_plans", {})

    span, trace = tool_trace(exporter, "client_ai_list_my_workout_plans")
    attributes = dict(span.attributes or {})
    assert attributes["kinetic.profile"] == "kinetic-client-ai"
    assert attributes["kinetic.account.hash"] == account_hash(stack.account_id)
    assert attributes["kinetic.outcome"] == "ok"
    assert_one_trace_to_sql(span, trace, "ClientWorkoutService/ListMyPlans")
    assert_no_raw_account_id(trace, stack.account_id)

    exporter.clear()
    assert await call(url, client_ai, "client_ai_get_my_workout_plan", {"plan_id": ""})
    span, trace = tool_trace(exporter, "client_ai_get_my_workout_plan")
    assert span.attributes is not None
    assert span.attributes["kinetic.outcome"] == "error"
    assert span.attributes["error.type"] == "invalid_request"


async def eventually_async(
    condition: Callable[[], Awaitable[bool]], *, within: float = 10.0, what: str
) -> None:
    """Wait until ``condition()`` holds, polling, failing after ``within`` seconds."""
    async with asyncio.timeout(within):
        while not await condition():  # noqa: ASYNC110 - the condition is another process's answer
            await asyncio.sleep(0.05)


async def scrape(endpoint: MetricsEndpoint) -> str:
    async with httpx2.AsyncClient(timeout=10) as http:
        response = await http.get(f"http://127.0.0.1:{endpoint.port}/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    return response.text


def sample(text: str, name: str, **labels: str) -> float:
    """The value of the one sample of ``name`` whose labels include ``labels``."""
    found = []
    for line in text.splitlines():
        match = re.fullmatch(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)", line)
        if match is None or match.group(1) != name:
            continue
        have = dict(re.findall(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"', match.group(2) or ""))
        if all(have.get(key) == value for key, value in labels.items()):
            found.append(float(match.group(3)))
    assert len(found) == 1, (name, labels, found)
    return found[0]


async def test_metrics_scrape_shows_tool_calls_errors_durations_rpc_methods_refusals_and_lag(
    stack, scrape_endpoint, client_ai
):
    tool = {"profile": "kinetic-metric", "tool": "read_training"}
    before = await scrape(scrape_endpoint)
    ok_before = (
        sample(before, "kinetic_mcp_tool_calls_total", **tool, outcome="ok")
        if "read_training" in before
        else 0
    )

    for _ in range(3):
        assert not await call(
            stack.mcp_url, stack.api_key, "read_training", {"view": "exercises", "query": "row"}
        )
    url = stack.base_url + CLIENT_AI_PATH
    assert await call(url, client_ai, "client_ai_get_my_workout_plan", {"plan_id": ""})

    text = await scrape(scrape_endpoint)
    assert sample(text, "kinetic_mcp_tool_calls_total", **tool, outcome="ok") == ok_before + 3
    assert "# TYPE kinetic_mcp_tool_duration_seconds histogram" in text
    assert sample(text, "kinetic_mcp_tool_duration_seconds_count", **tool, outcome="ok") == ok_before + 3
    assert (
        sample(text, "kinetic_mcp_tool_duration_seconds_bucket", **tool, outcome="ok", le="+Inf")
        == ok_before + 3
    )
    assert sample(text, "kinetic_mcp_tool_duration_seconds_sum", **tool, outcome="ok") > 0
    refused_plan = {"profile": "kinetic-client-ai", "tool": "client_ai_get_my_workout_plan"}
    assert sample(text, "kinetic_mcp_tool_errors_total", **refused_plan, error="invalid_request") >= 1
    assert sample(text, "kinetic_mcp_tool_calls_total", **refused_plan, outcome="error") >= 1

    # The services' side, per method and status code.
    search = {"rpc_service": "kinetic.training.v1.TrainingService", "rpc_method": "SearchExercises"}
    assert (
        sample(text, "rpc_server_call_duration_seconds_count", **search, rpc_response_status_code="OK") >= 3
    )

    # The edge follows auth's revocation stream: its lag is reported once the stream is current,
    # and stays within a few heartbeats (one a second) while it is.
    lag_line = re.compile(r"^kinetic_edge_revocation_stream_lag_seconds (\S+)$", re.MULTILINE)
    latest = {"text": text}

    async def lag_reported() -> bool:
        latest["text"] = await scrape(scrape_endpoint)
        return lag_line.search(latest["text"]) is not None

    await eventually_async(lag_reported, what="the revocation stream's lag in /metrics")
    lags = [float(value) for value in lag_line.findall(latest["text"])]
    assert lags and all(0 <= lag < 10 for lag in lags), lags


async def test_rate_limit_refusals_are_counted_by_policy(scrape_endpoint):
    async def ok(scope: Scope, receive: Receive, send: Send) -> None:
        await PlainTextResponse("ok")(scope, receive, send)

    policy = RatePolicy("observability_test_minute", 2, 60)
    limiter = build_limiter(None)
    app = RateLimited(ok, limiter, policy, lambda scope: "one-account", metric_refusal)
    async with httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://edge.test"
    ) as http:
        statuses = [(await http.get("/")).status_code for _ in range(4)]
    await limiter.close()
    assert statuses == [200, 200, 429, 429]
    text = await scrape(scrape_endpoint)
    assert sample(text, "kinetic_edge_rate_limit_refusals_total", policy="observability_test_minute") == 2
