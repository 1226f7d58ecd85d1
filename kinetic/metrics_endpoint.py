"""``GET /metrics`` on its own port, in Prometheus' text format, from an in-process metric reader.

The Prometheus exporter package is not among Kinetic's dependencies; the SDK's pull reader
(``InMemoryMetricReader``: collects on demand, cumulative) gives the same data, rendered here by
``kinetic.prometheus_text``. A thread serves it, so a scrape never waits on (or delays) the event
loop that serves calls.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from kinetic.prometheus_text import CONTENT_TYPE, render

Scrape = Callable[[], bytes]


class MetricsEndpoint:
    """An HTTP server answering ``/metrics``; ``port`` is the bound one (0 asks for any free port)."""

    def __init__(self, reader: InMemoryMetricReader, host: str, port: int) -> None:
        def scrape() -> bytes:
            return render(reader.get_metrics_data()).encode()

        self._server = ThreadingHTTPServer((host, port), _handler(scrape))
        self._server.daemon_threads = True
        self.port: int = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="metrics", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler(scrape: Scrape) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?", 1)[0] != "/metrics":
                self.send_error(404)
                return
            body = scrape()
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPE)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass  # a line per scrape says nothing

    return Handler
