"""The baseline: Metric's ``read_training`` served by ONE process, the MCP tool straight on storage.

``python -m benchmarks.inprocess_server <data_dir> <port> [account_id]`` serves ``read_training``
(the exercises and calendar views) with the same MCP settings and the same rendering code as the
edge (``edge.profiles.metric.reads.TrainingReads``), but Training's servicer runs in this process on
the same SQLite file: no gRPC hop, no token check, no limiter, no separate services. Like the edge,
it logs nothing per request (the SDK's loggers at WARNING, no access log). Every call
reads for ``account_id`` (the account the edge run uses), so both sides read the same library.
"""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import uvicorn
from mcp.server import MCPServer
from mcp.types import CallToolResult, TextContent
from pydantic import Field
from starlette.applications import Starlette
from starlette.routing import Route

from edge.app import McpEndpoint
from edge.profiles.metric.reads import TrainingReads
from kinetic.storage import make_engine
from services.training.bootstrap import prepare

BENCH_ACCOUNT = "00000000-0000-4000-8000-00000000bench"


class InProcessTraining:
    """Training's servicer called in this process, in place of the gRPC stub the edge holds."""

    def __init__(self, servicer: object) -> None:
        self._servicer = servicer

    def __getattr__(self, rpc: str) -> Callable[..., Awaitable[Any]]:
        method = getattr(self._servicer, rpc)

        async def call(request: object, **options: object) -> Any:
            return await method(request, None)  # the servicers never touch the context

        return call


def build_app(data_dir: Path, account_id: str = BENCH_ACCOUNT) -> Starlette:
    """A single-process MCP server over the training service's SQLite file."""
    training = InProcessTraining(
        prepare(make_engine("training", data_dir=data_dir, database_url=None)).servicer()
    )
    reads = TrainingReads(lambda: training, lambda: training, lambda: training)
    server: MCPServer = MCPServer("kinetic-inprocess-baseline")

    @server.tool(name="read_training")
    async def read_training(
        view: str,
        query: str | None = None,
        pageSize: int | None = None,
        timeZone: str | None = None,
        from_: Annotated[str | None, Field(validation_alias="from")] = None,
        to: str | None = None,
        weekStartsOn: int | None = None,
    ) -> CallToolResult:
        given = {
            "view": view,
            "query": query,
            "pageSize": pageSize,
            "timeZone": timeZone,
            "from": from_,
            "to": to,
            "weekStartsOn": weekStartsOn,
        }
        payload = await reads.read(account_id, {k: v for k, v in given.items() if v is not None})
        text = json.dumps(payload, separators=(",", ":"))
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=payload)

    server.streamable_http_app(streamable_http_path="/", stateless_http=True, json_response=True)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with server.session_manager.run():
            yield

    return Starlette(routes=[Route("/mcp", McpEndpoint(server), methods=["POST"])], lifespan=lifespan)


def exit_cleanly(signum: int, _frame: object) -> NoReturn:
    raise SystemExit(0)


if __name__ == "__main__":
    account = sys.argv[3] if len(sys.argv) > 3 else BENCH_ACCOUNT
    app = build_app(Path(sys.argv[1]), account)
    # As on the edge (edge/__main__.py): the SDK's per-request INFO line ("Terminating session")
    # is not part of the work being compared. Set after MCPServer has configured its logging.
    logging.getLogger("mcp").setLevel(logging.WARNING)
    # As on the edge: uvicorn re-raises SIGTERM after draining; exiting with SystemExit instead lets
    # cProfile write this process's profile under ``edge_vs_inprocess --profile``.
    signal.signal(signal.SIGTERM, exit_cleanly)
    # The same event loop and HTTP parser as the edge (edge/__main__.py).
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=int(sys.argv[2]),
        log_level="warning",
        access_log=False,
        loop="uvloop",
        http="httptools",
    )
