"""OpenTelemetry, configured once per process from the standard ``OTEL_*`` variables.

``OTEL_SERVICE_NAME`` names the process (default: the service name passed in);
``OTEL_EXPORTER_OTLP_ENDPOINT`` (or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``) turns on OTLP/gRPC export;
``OTEL_TRACES_EXPORTER=console`` prints spans; ``OTEL_SDK_DISABLED=true`` turns tracing off.
Without an exporter the provider still runs, so trace context still crosses gRPC and reaches logs.
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
        if not isinstance(trace.get_tracer_provider(), TracerProvider):
            resource = Resource.create({"service.name": env.get("OTEL_SERVICE_NAME", service_name)})
            provider = TracerProvider(resource=resource)
            exporter = _exporter(env)
            if exporter is not None:
                provider.add_span_processor(BatchSpanProcessor(exporter))
            trace.set_tracer_provider(provider)


def grpc_server_interceptors() -> list[Any]:
    """Interceptors that continue the caller's trace on a ``grpc.aio`` server."""
    from opentelemetry.instrumentation.grpc import aio_server_interceptor

    return [aio_server_interceptor()]  # type: ignore[no-untyped-call]


def grpc_client_interceptors() -> list[Any]:
    """Interceptors that send the current trace context on ``grpc.aio`` calls."""
    from opentelemetry.instrumentation.grpc import aio_client_interceptors

    return list(aio_client_interceptors())  # type: ignore[no-untyped-call]


def instrument_engine(engine: Any) -> None:
    """Emit a span per SQL statement on ``engine``.

    Uses the instrumentation's per-engine tracer directly: ``SQLAlchemyInstrumentor().instrument``
    is a process-wide singleton that instruments only the first engine it is given.
    """
    from opentelemetry import metrics
    from opentelemetry.instrumentation.sqlalchemy import engine as sqlalchemy_tracing

    tracer = trace.get_tracer("opentelemetry.instrumentation.sqlalchemy")
    usage = metrics.get_meter("opentelemetry.instrumentation.sqlalchemy").create_up_down_counter(
        name="db.client.connections.usage", unit="connections"
    )
    sqlalchemy_tracing.EngineTracer(tracer, engine, usage, enable_commenter=False)  # type: ignore[no-untyped-call]
