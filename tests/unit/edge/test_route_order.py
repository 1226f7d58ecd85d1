"""The edge's router tries the MCP paths first (decision 0124).

Starlette tries routes in order, one regular expression each; tool calls are most of what the edge
serves, so every route ahead of the MCP paths was a match tried on every call (33 for a Metric
call). The MCP paths are exact and no other route answers them, so they go first; the REST mount
under Metric's prefix must still come after Metric's MCP path.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.routing import Mount, Route

import edge.app
from edge.backends import Backends
from kinetic.protected_resources import (
    CLIENT_AI,
    METRIC,
    OPEN_WORKOUT_SCHEMA,
    PRIMED,
    PUBLIC_PLANGEN_PATH,
    RUNFLOW,
)
from kinetic.settings import EdgeSettings

TARGETS = {name: "127.0.0.1:1" for name in ("auth", "training", "sessions", "analytics")}
MCP_PATHS = {r.path for r in (METRIC, CLIENT_AI, OPEN_WORKOUT_SCHEMA, PRIMED, RUNFLOW)} | {
    PUBLIC_PLANGEN_PATH
}


def _router_routes(app: Any) -> list[Any]:
    while not isinstance(app, Starlette):
        app = app.app  # the layers in front of the router (CORS, and tracing when a provider is set)
    return list(app.router.routes)


async def test_the_mcp_paths_are_the_first_routes_tried_and_precede_the_rest_mounts() -> None:
    settings = EdgeSettings(host="127.0.0.1", port=8000, public_url="http://kinetic.test", targets=TARGETS)
    backends = Backends.connect(TARGETS)
    try:
        routes = _router_routes(edge.app.create_app(settings, backends))
    finally:
        await backends.close()
    served = {path for p in MCP_PATHS for path in (p, p + "/")}
    first = routes[: len(served)]
    assert {r.path for r in first if isinstance(r, Route)} == served, [getattr(r, "path", r) for r in first]
    metric_rest = next(
        i for i, r in enumerate(routes) if isinstance(r, Mount) and r.path == "/api/connectors/muse"
    )
    metric_mcp = next(i for i, r in enumerate(routes) if isinstance(r, Route) and r.path == METRIC.path)
    assert metric_mcp < metric_rest
