"""The baseline: the same exercises search served by ONE process, MCP tool straight on storage.

``python -m benchmarks.inprocess_server <data_dir> <port>`` serves ``read_training`` (exercises
view) with the same MCP settings and result shape as the edge, but calls the training use case
in-process on the same SQLite file: no gRPC hop, no token check, no separate services.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import uvicorn
from mcp.server import MCPServer
from mcp.types import CallToolResult, TextContent
from starlette.applications import Starlette
from starlette.routing import Route

from edge.app import McpEndpoint
from edge.profiles.metric.reads import CONTENT_TRUST, exercise_json
from kinetic.storage import make_engine
from services.training.entrypoints.grpc import exercise_to_pb
from services.training.service_layer.exercise_catalog import ExerciseCatalog

BENCH_ACCOUNT = "00000000-0000-4000-8000-00000000bench"


def build_app(data_dir: Path) -> Starlette:
    """A single-process MCP server over the training service's SQLite file."""
    catalog = ExerciseCatalog(make_engine("training", data_dir=data_dir, database_url=None))
    server: MCPServer = MCPServer("kinetic-inprocess-baseline")

    @server.tool(name="read_training")
    async def read_training(
        view: str, query: str | None = None, pageSize: int | None = None
    ) -> CallToolResult:
        page = catalog.search(BENCH_ACCOUNT, query=query or "", page_size=pageSize or 0)
        payload = {
            "timeZone": "UTC",
            "contentTrust": CONTENT_TRUST,
            "view": view,
            "data": {
                "exercises": [exercise_json(exercise_to_pb(ex)) for ex in page.exercises],
                "totalSize": page.total_size,
                "nextPageToken": page.next_page_token or None,
            },
        }
        text = json.dumps(payload, separators=(",", ":"))
        return CallToolResult(content=[TextContent(type="text", text=text)])

    server.streamable_http_app(streamable_http_path="/", stateless_http=True, json_response=True)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with server.session_manager.run():
            yield

    return Starlette(routes=[Route("/mcp", McpEndpoint(server), methods=["POST"])], lifespan=lifespan)


if __name__ == "__main__":
    uvicorn.run(build_app(Path(sys.argv[1])), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
