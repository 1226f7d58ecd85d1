"""What one Metric read costs in backend calls once the edge is warm (issue 33, decision 0124).

``read_training`` answers the exercise search and the calendar from one Training RPC each. The
credential carries the account's time zone (decision 0090) and the revoked set is current
(decision 0030), so in steady state the edge asks auth nothing: no ``CheckAccessToken``, no
``VerifyApiKey``, no ``GetAccount`` for the zone a read without ``timeZone`` is read in (0105).
Counted from the call's own trace: every gRPC call the edge makes is a client span in it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from tests.eventually import POLL_SECONDS

# How long the revocation stream may take to become current after the edge starts.
STREAM_CURRENT_WITHIN_CALLS = 200


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


async def _rpcs_of_one_call(
    exporter: InMemorySpanExporter, client: Client, arguments: dict[str, Any]
) -> list[str]:
    """The gRPC methods the edge called while answering one ``read_training`` call, in order."""
    exporter.clear()
    result = await client.call_tool("read_training", arguments)
    assert not result.is_error, result
    spans = sorted(exporter.get_finished_spans(), key=lambda s: s.start_time or 0)
    return [s.name for s in spans if s.kind == SpanKind.CLIENT and s.name.startswith("/kinetic.")]


async def _steady_rpcs(
    exporter: InMemorySpanExporter, client: Client, arguments: dict[str, Any]
) -> list[str]:
    """The RPCs of a call once the revocation stream is current: until then the guard asks auth
    per request (fail closed), so calls are repeated, a poll capped at a number of calls, until one
    makes no ``CheckAccessToken`` and no ``VerifyApiKey``."""
    for _ in range(STREAM_CURRENT_WITHIN_CALLS):
        rpcs = await _rpcs_of_one_call(exporter, client, arguments)
        if not any(name.endswith(("/CheckAccessToken", "/VerifyApiKey")) for name in rpcs):
            # Once more: the first call after the stream is current may still fill a cache.
            return await _rpcs_of_one_call(exporter, client, arguments)
        await asyncio.sleep(POLL_SECONDS)
    raise AssertionError(f"the guard still asked auth after {STREAM_CURRENT_WITHIN_CALLS} calls")


@pytest.mark.parametrize("credential", ["access_token", "api_key"])
async def test_a_read_without_time_zone_is_one_training_rpc_and_none_to_auth(exporter, stack, credential):
    secret = await stack.access_token() if credential == "access_token" else stack.api_key
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {secret}"}) as http,
        Client(streamable_http_client(stack.mcp_url, http_client=http)) as client,
    ):
        exercises = await _steady_rpcs(exporter, client, {"view": "exercises", "query": "squat"})
        calendar = await _rpcs_of_one_call(
            exporter, client, {"view": "calendar", "from": "2026-01-05", "to": "2026-04-06"}
        )
        zoned = await _rpcs_of_one_call(
            exporter, client, {"view": "exercises", "query": "squat", "timeZone": "Europe/Amsterdam"}
        )

    assert exercises == ["/kinetic.training.v1.TrainingService/SearchExercises"], exercises
    assert calendar == ["/kinetic.training.v1.TrainingService/ListOccurrences"], calendar
    assert zoned == ["/kinetic.training.v1.TrainingService/SearchExercises"], zoned
