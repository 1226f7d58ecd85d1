"""OpenTelemetry metrics, configured once per process; nothing is measured when nothing reads them.

``configure_metrics`` installs the SDK's ``MeterProvider`` only when something will read it: the
Prometheus scrape endpoint (``KINETIC_<PROCESS>_METRICS_PORT``) or OTLP export
(``OTEL_EXPORTER_OTLP_ENDPOINT``). Code on the request path asks ``metrics_active()`` once, when it
is built, and builds no instrument (and adds no work per call) when it is False: the rule decision
0031 set for tracing (docs/decisions/0042-metrics-traces-logs.md).
"""

from __future__ import annotations

import logging
import sys
import threading

from opentelemetry import metrics
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import (
    ConsoleMetricExporter,
    InMemoryMetricReader,
    MetricReader,
    PeriodicExportingMetricReader,
)
from opentelemetry.sdk.resources import Resource

from kinetic.metrics_endpoint import MetricsEndpoint
from kinetic.ports import PORT_IN_USE_EXIT_STATUS
from kinetic.settings import Settings

log = logging.getLogger(__name__)

# Seconds: from a fast cached read (~1 ms) to the edge's 30 s body timeout.
DURATION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

_lock = threading.Lock()
_configured = False


def metrics_active() -> bool:
    """Whether an SDK meter provider is installed, i.e. whether measurements go anywhere."""
    return isinstance(metrics.get_meter_provider(), MeterProvider)


def _export_reader(exporter: str | None) -> MetricReader | None:
    if exporter == "console":
        return PeriodicExportingMetricReader(ConsoleMetricExporter())
    if exporter == "otlp":
        from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter

        # Reads the endpoint, headers, TLS and interval settings from OTEL_* itself.
        return PeriodicExportingMetricReader(OTLPMetricExporter())
    return None


def configure_metrics(process: str, settings: Settings, host: str) -> MetricsEndpoint | None:
    """Install the global meter provider (once) and start ``/metrics`` if a port is set.

    Returns the running endpoint, or None. Raises ``OSError`` when the port is taken.
    """
    global _configured
    with _lock:
        if _configured or metrics_active():
            return None
        _configured = True
        observability = settings.observability
        readers: list[MetricReader] = []
        endpoint: MetricsEndpoint | None = None
        port = observability.metrics_port(process)
        if port is not None:
            scraped = InMemoryMetricReader()
            endpoint = MetricsEndpoint(scraped, host, port)
            readers.append(scraped)
        exported = _export_reader(observability.metrics_exporter)
        if exported is not None:
            readers.append(exported)
        if not readers:
            return None
        resource = Resource.create({"service.name": settings.tracing.service_name or process})
        metrics.set_meter_provider(MeterProvider(resource=resource, metric_readers=readers))
        if endpoint is not None:
            endpoint.start()
            log.info("%s serves metrics at http://%s:%d/metrics", process, host, endpoint.port)
        return endpoint


def start_metrics_or_exit(process: str, settings: Settings, host: str) -> None:
    """``configure_metrics``; a taken ``/metrics`` port ends the process with status 2 and one line."""
    try:
        configure_metrics(process, settings, host)
    except OSError as error:
        variable = f"KINETIC_{process.upper()}_METRICS_PORT"
        port = settings.observability.metrics_port(process)
        where = f"{host}:{port}"
        print(
            f"{process}: cannot serve /metrics on {where} ({error.strerror}); set {variable} to a free port",
            file=sys.stderr,
        )
        raise SystemExit(PORT_IN_USE_EXIT_STATUS) from None
