"""In-memory telemetry for tests: one tracer and one meter provider per test process.

The global providers can be set once per process; every test that reads spans or metrics shares
these (the first caller installs them). Install them before building the servers or the edge:
hooks and instruments are decided when those are built (docs/decisions/0042).
"""

from __future__ import annotations

import functools

from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from kinetic.metrics_endpoint import MetricsEndpoint


@functools.cache
def span_exporter() -> InMemorySpanExporter:
    """An exporter receiving every span this process ends from now on."""
    if not isinstance(trace.get_tracer_provider(), TracerProvider):
        trace.set_tracer_provider(TracerProvider())
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    memory = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    return memory


@functools.cache
def metrics_endpoint() -> MetricsEndpoint:
    """Kinetic's ``/metrics`` endpoint on a free port, over this process's meter provider."""
    reader = InMemoryMetricReader()
    metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))
    assert isinstance(metrics.get_meter_provider(), MeterProvider), "another meter provider came first"
    endpoint = MetricsEndpoint(reader, "127.0.0.1", 0)
    endpoint.start()
    return endpoint
