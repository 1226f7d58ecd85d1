"""What the MCP SDK alone costs per tool call: a no-op tool, nothing of Kinetic's around it.

``python -m benchmarks.mcp_sdk_noop`` serves one tool that returns a constant through the SDK's
low-level ``mcp.server.lowlevel.Server`` with the edge's streamable-HTTP settings (stateless,
JSON responses, the same ``McpEndpoint`` in a Starlette app, uvicorn at log level warning), in its
own process, and drives it with ``benchmarks.http_load`` at 1 and 8 callers. Printed per variant:
p50, calls/s and the server process's CPU milliseconds per call (from ``/proc``).

The variants reconcile decision 0007's "about 2.5 ms of CPU per call" with the ~0.45 ms measured
for a no-op tool when the project started (docs/decisions/0031-edge-performance.md):

- ``lean``: the SDK's loggers at WARNING and its per-message tracing middleware removed, as the
  edge runs without an exporter;
- ``tracing-middleware``: the SDK's default ``OpenTelemetryMiddleware`` kept (no exporter);
- ``info-log``: the SDK's loggers at INFO on a stream handler, so every stateless request logs
  "Terminating session: None";
- ``modern-protocol``: the ``lean`` server called the 2026-07-28 way (``MCP-Protocol-Version``,
  ``Mcp-Method`` and ``Mcp-Name`` headers, the protocol version in ``_meta``): the SDK's public
  single-exchange path answers in the ASGI task, without the per-request transport, memory streams
  and task of the stateless 2025 path that Kinetic's clients use today.

``--serve VARIANT PORT`` is the server half, started by the driver.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from typing import Any

from mcp.types import CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY

from benchmarks.http_load import run_load, tool_call_body
from benchmarks.processes import free_port, process_cpu_seconds, stop_kinetic, wait_ready

VARIANTS = ("lean", "tracing-middleware", "info-log", "modern-protocol")
MODERN_VERSION = "2026-07-28"
MODERN_HEADERS = (
    ("MCP-Protocol-Version", MODERN_VERSION),
    ("Mcp-Method", "tools/call"),
    ("Mcp-Name", "noop"),
)
CALLS = {1: 2000, 8: 4000}
WARMUP_CALLS = 300
ROUNDS = 4


def build_app(variant: str) -> Any:
    """The no-op tool's Starlette app, set up as ``variant`` says."""
    from mcp.server._otel import OpenTelemetryMiddleware as SdkTracingMiddleware
    from mcp.server.context import ServerRequestContext
    from mcp.server.lowlevel import Server
    from mcp.types import (
        CallToolRequestParams,
        CallToolResult,
        ListToolsResult,
        PaginatedRequestParams,
        TextContent,
        Tool,
    )
    from starlette.applications import Starlette
    from starlette.routing import Route

    from edge.app import McpEndpoint

    noop = Tool(name="noop", description="returns a constant", input_schema={"type": "object"})
    answer = CallToolResult(content=[TextContent(type="text", text="{}")], structured_content={})

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(tools=[noop])

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
        return answer

    server: Server[Any] = Server("noop", on_list_tools=list_tools, on_call_tool=call_tool)
    if variant != "tracing-middleware":
        server.middleware[:] = [m for m in server.middleware if not isinstance(m, SdkTracingMiddleware)]
    server.streamable_http_app(streamable_http_path="/", stateless_http=True, json_response=True)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with server.session_manager.run():
            yield

    return Starlette(routes=[Route("/mcp", McpEndpoint(server), methods=["POST"])], lifespan=lifespan)


def serve(variant: str, port: int) -> None:
    """The server half: the no-op app under uvicorn on ``port``."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("mcp").setLevel(logging.INFO if variant == "info-log" else logging.WARNING)
    uvicorn.run(
        build_app("lean" if variant == "modern-protocol" else variant),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )


async def drive(urls: dict[str, str], pids: dict[str, int]) -> None:
    """Every variant at 1 and 8 callers, taking turns in short rounds; one line each."""
    body = [tool_call_body("noop", {}, 1)]
    modern = json.loads(body[0])
    modern["params"]["_meta"] = {PROTOCOL_VERSION_META_KEY: MODERN_VERSION, CLIENT_CAPABILITIES_META_KEY: {}}
    bodies = {name: [json.dumps(modern).encode()] if name == "modern-protocol" else body for name in urls}
    headers = {name: MODERN_HEADERS if name == "modern-protocol" else () for name in urls}
    for name, url in urls.items():
        await run_load(url, None, bodies[name], 4, WARMUP_CALLS, headers[name])
    print(f"{'variant':<20}{'callers':>8}{'p50 ms':>9}{'calls/s':>9}{'CPU ms/call':>13}")
    for callers, calls in CALLS.items():
        latencies: dict[str, list[float]] = {name: [] for name in urls}
        wall = dict.fromkeys(urls, 0.0)
        cpu = dict.fromkeys(urls, 0.0)
        for _ in range(ROUNDS):
            for name, url in urls.items():
                before = process_cpu_seconds([pids[name]])
                result = await run_load(url, None, bodies[name], callers, calls // ROUNDS, headers[name])
                cpu[name] += process_cpu_seconds([pids[name]]) - before
                latencies[name] += result.latencies_ms
                wall[name] += result.wall_seconds
        for name in urls:
            ordered = sorted(latencies[name])
            count = len(ordered)
            print(
                f"{name:<20}{callers:>8}{ordered[count // 2]:>9.2f}{count / wall[name]:>9.0f}"
                f"{cpu[name] * 1000 / count:>13.3f}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Start one server per variant, measure them side by side, stop them."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mcp_sdk_noop", description=__doc__)
    parser.add_argument("--serve", nargs=2, metavar=("VARIANT", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return 0
    servers: dict[str, subprocess.Popen[bytes]] = {}
    urls: dict[str, str] = {}
    try:
        for variant in VARIANTS:
            port = free_port()
            servers[variant] = subprocess.Popen(
                [sys.executable, "-m", "benchmarks.mcp_sdk_noop", "--serve", variant, str(port)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            urls[variant] = f"http://127.0.0.1:{port}/mcp"
            wait_ready(urls[variant], {variant: servers[variant]}, expect=405)
        asyncio.run(drive(urls, {name: process.pid for name, process in servers.items()}))
    finally:
        stop_kinetic(servers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
