"""``python -m edge``: serve the edge with uvicorn until SIGTERM."""

from __future__ import annotations

import logging
import signal

import uvicorn

from edge.app import create_app
from edge.http_protocol import http_protocol
from kinetic.settings import load_settings_or_exit
from kinetic.telemetry import configure_telemetry


def main() -> None:
    """Read settings (exit 2 when malformed), build the app, serve."""
    all_settings = load_settings_or_exit("edge")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s edge %(levelname)s %(message)s")
    # The MCP SDK logs every stateless request at INFO; keep the edge's log for what matters.
    logging.getLogger("mcp").setLevel(logging.WARNING)
    configure_telemetry("edge", all_settings.tracing)
    settings = all_settings.edge
    # uvicorn drains on SIGTERM/SIGINT, then re-raises the signal under the handler that was in
    # place before it started; ignoring them here makes a graceful stop exit with status 0.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        access_log=False,  # one line per request; tracing and the services' logs say what matters
        lifespan="on",
        # uvloop and httptools: less CPU per request than asyncio's loop and h11
        # (docs/decisions/0031-edge-performance.md); httptools' protocol with head and body
        # timeouts and a cap on connections per address (docs/decisions/0036).
        loop="uvloop",
        http=http_protocol(settings),
        timeout_graceful_shutdown=5,
    )


if __name__ == "__main__":
    main()
