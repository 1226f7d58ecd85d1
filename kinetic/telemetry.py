"""OpenTelemetry, configured once per process from the standard ``OTEL_*`` variables.

``kinetic.settings`` reads them into ``TracingSettings``: ``OTEL_SERVICE_NAME`` names the process
(default: the service name passed in); ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or
``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``) turns on OTLP/gRPC export; ``OTEL_TRACES_EXPORTER=console``
prints spans; ``OTEL_SDK_DISABLED=true`` turns tracing off.

With no exporter configured nothing would ever leave the process, so no SDK provider is installed
and the HTTP, gRPC and SQL hooks are left out: they cost about a millisecond of CPU per tool call
across the edge and a service (docs/decisions/0006-tracing.md). Hooks are installed whenever a
provider is active when a server, channel or engine is built, including one a test installs.
"""

from __future__ import annotations

import threading
from typing import Any

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter

from kinetic.settings import TracingSettings

_lock = threading.Lock()
_configured = False


def _exporter(tracing: TracingSettings) -> SpanExporter | None:
    if tracing.exporter == "console":
        return ConsoleSpanExporter()
    if tracing.exporter == "otlp":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()  # reads the endpoint, headers and TLS settings from OTEL_* itself
    return None


def configure_telemetry(service_name: str, tracing: TracingSettings) -> None:
    """Install the global tracer provider once; later calls (and tests that set their own) win nothing."""
    global _configured
    with _lock:
        if _configured:
            return
        _configured = True
        exporter = _exporter(tracing)
        if exporter is None or tracing_active():
            return
        resource = Resource.create({"service.name": tracing.service_name or service_name})
        provider = TracerProvider(resource=resource)
        provider.add_span_processor(BatchSpanProcessor(exporter))
        trace.set_tracer_provider(provider)


def tracing_active() -> bool:
    """Whether an SDK tracer provider is installed, i.e. whether spans go anywhere."""
    return isinstance(trace.get_tracer_provider(), TracerProvider)


def grpc_server_interceptors() -> list[Any]:
    """Interceptors that continue the caller's trace on a ``grpc.aio`` server."""
    if not tracing_active():
        return []
    from opentelemetry.instrumentation.grpc import aio_server_interceptor

    return [aio_server_interceptor()]  # type: ignore[no-untyped-call]


def grpc_client_interceptors() -> list[Any]:
    """Interceptors that send the current trace context on ``grpc.aio`` calls."""
    if not tracing_active():
        return []
    from opentelemetry.instrumentation.grpc import aio_client_interceptors

    return list(aio_client_interceptors())  # type: ignore[no-untyped-call]


def instrument_engine(engine: Any) -> None:
    """Emit a span per SQL statement on ``engine``.

    Uses the instrumentation's per-engine tracer directly: ``SQLAlchemyInstrumentor().instrument``
    is a process-wide singleton that instruments only the first engine it is given.
    """
    if not tracing_active():
        return
    from opentelemetry import metrics
    from opentelemetry.instrumentation.sqlalchemy import engine as sqlalchemy_tracing

    tracer = trace.get_tracer("opentelemetry.instrumentation.sqlalchemy")
    usage = metrics.get_meter("opentelemetry.instrumentation.sqlalchemy").create_up_down_counter(
        name="db.client.connections.usage", unit="connections"
    )
    sqlalchemy_tracing.EngineTracer(tracer, engine, usage, enable_commenter=False)  # type: ignore[no-untyped-call]
