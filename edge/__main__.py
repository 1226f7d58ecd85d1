"""``python -m edge``: serve the edge with uvicorn until SIGTERM."""

from __future__ import annotations

import logging
import signal
import sys
from typing import NoReturn

import uvicorn
from uvicorn.config import STARTUP_FAILURE

from edge.app import create_app
from edge.flood_gate import RefusedAddresses
from edge.http_protocol import http_protocol
from kinetic.log_format import configure_logging
from kinetic.metrics import start_metrics_or_exit
from kinetic.ports import PortInUse, bind_listener, exit_port_in_use
from kinetic.settings import load_settings_or_exit
from kinetic.telemetry import configure_telemetry


def _exit_cleanly(signum: int, _frame: object) -> NoReturn:
    raise SystemExit(0)


def main() -> None:
    """Read settings (exit 2 when malformed), claim the port (exit 2 when taken), build the app, serve."""
    all_settings = load_settings_or_exit("edge")
    settings = all_settings.edge
    # Bound here, before anything else runs, and handed to uvicorn: a taken port is one line naming
    # KINETIC_EDGE_PORT, and no other process can take it between a check and the bind.
    try:
        listener = bind_listener(settings.host, settings.port, "edge")
    except PortInUse as error:
        exit_port_in_use(error)
    configure_logging("edge", all_settings.observability.log_format)
    # The MCP SDK logs every stateless request at INFO; keep the edge's log for what matters.
    logging.getLogger("mcp").setLevel(logging.WARNING)
    configure_telemetry("edge", all_settings.tracing)
    start_metrics_or_exit("edge", all_settings, settings.host)
    # uvicorn drains on SIGTERM/SIGINT, then re-raises the signal under the handler that was in
    # place before it started; this one makes a graceful stop exit with status 0, and a SIGTERM
    # before uvicorn runs (the launcher ending while the edge starts) still ends the process.
    signal.signal(signal.SIGTERM, _exit_cleanly)
    signal.signal(signal.SIGINT, _exit_cleanly)
    refused_addresses = RefusedAddresses()  # shared by the app and the protocol (edge.flood_gate)
    config = uvicorn.Config(
        create_app(settings, refused_addresses=refused_addresses),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        log_config=None,  # uvicorn's lines go through the root handler: JSON when KINETIC_LOG_FORMAT=json
        access_log=False,  # one line per request; tracing and the services' logs say what matters
        lifespan="on",
        # uvloop and httptools: less CPU per request than asyncio's loop and h11
        # (docs/decisions/0031-edge-performance.md); httptools' protocol with head and body
        # timeouts and a cap on connections per address (docs/decisions/0036).
        loop="uvloop",
        http=http_protocol(settings, refused_addresses),
        timeout_graceful_shutdown=5,
        # Client addresses come from KINETIC_TRUSTED_PROXY_HOPS alone (edge.ratelimit.keys): uvicorn's
        # own X-Forwarded-For handling would trust any caller on 127.0.0.1 (decision 0066).
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[listener])
    if not server.started:
        sys.exit(STARTUP_FAILURE)


if __name__ == "__main__":
    main()
