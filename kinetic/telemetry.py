"""OpenTelemetry, configured once per process from the standard ``OTEL_*`` variables.

``OTEL_SERVICE_NAME`` names the process (default: the service name passed in);
``OTEL_EXPORTER_OTLP_ENDPOINT`` (or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``) turns on OTLP/gRPC export;
``OTEL_TRACES_EXPORTER=console`` prints spans; ``OTEL_SDK_DISABLED=true`` turns tracing off.

With no exporter configured nothing would ever leave the process, so no SDK provider is installed
and the HTTP, gRPC and SQL hooks are left out: they cost about a millisecond of CPU per tool call
across the edge and a service (docs/decisions/0006-tracing.md). Hooks are installed whenever a
provider is active when a server, channel or engine is built, including one a test installs.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from typing import Any

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter

_lock = threading.Lock()
_configured = False


def _exporter(env: Mapping[str, str]) -> SpanExporter | None:
    names = {n.strip() for n in env.get("OTEL_TRACES_EXPORTER", "otlp").split(",")}
    endpoint = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_ENDPOINT")
    if "console" in names:
        return ConsoleSpanExporter()
    if "otlp" in names and endpoint:
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()  # reads the endpoint, headers and TLS settings from OTEL_* itself
    return None


def configure_telemetry(service_name: str, env: Mapping[str, str] | None = None) -> None:
    """Install the global tracer provider once; later calls (and tests that set their own) win nothing."""
    global _configured
    env = os.environ if env is None else env
    with _lock:
        if _configured or env.get("OTEL_SDK_DISABLED", "").lower() == "true":
            return
        _configured = True
        exporter = _exporter(env)
        if exporter is None or tracing_active():
            return
        resource = Resource.create({"service.name": env.get("OTEL_SERVICE_NAME", service_name)})
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
