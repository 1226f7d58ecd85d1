"""The anonymous PlanGen path (``/mcp/runflow/public``) for the edge tests: the real edge app under
uvicorn with Training alone behind it (its stateless ``GeneratePlan`` makes the plans, decision
0096), called through the mcp client and as raw JSON-RPC POSTs where the HTTP status and headers
are what is tested."""

from __future__ import annotations

import contextlib
import json
import socket
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from edge.backends import Backends
from kinetic.protected_resources import PUBLIC_PLANGEN_PATH
from kinetic.settings import EdgeSettings, ServiceSettings
from kinetic.storage import make_engine
from services.training import bootstrap as training
from tests.integration.edge.conftest import serve_edge
from tests.integration.edge.primed_calls import mcp_error_in

PROTOCOL = "2025-06-18"
LINK_SECRET = "a-plan-link-secret-for-tests"
# A race far enough ahead for every event's shortest plan, near enough for its longest.
RACE_DAY = date.today() + timedelta(weeks=20)
HALF = {"event": "HALF_MARATHON", "raceDate": RACE_DAY.isoformat(), "weeklyVolumeKm": 30}


@dataclass(frozen=True)
class PublicEdge:
    base_url: str

    @property
    def url(self) -> str:
        return self.base_url + PUBLIC_PLANGEN_PATH

    async def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """A tool's answer through the mcp client: initialize, then the call, no credentials."""
        async with (
            httpx2.AsyncClient(timeout=30) as http,
            Client(streamable_http_client(self.url, http_client=http)) as client,
        ):
            result = await client.call_tool(tool, arguments)
        assert not result.is_error, result.content
        payload: dict[str, Any] = json.loads(result.content[0].text)  # type: ignore[union-attr]
        assert result.structured_content == payload
        return payload

    async def refusal(self, tool: str, arguments: dict[str, Any]) -> str:
        """The text of the tool error (``isError``) the mcp client hands over for the call (decision 0075)."""
        async with (
            httpx2.AsyncClient(timeout=30) as http,
            Client(streamable_http_client(self.url, http_client=http)) as client,
        ):
            result = await client.call_tool(tool, arguments)
        assert result.is_error, result.content
        return str(result.content[0].text)  # type: ignore[union-attr]

    async def protocol_error(self, tool: str, arguments: dict[str, Any]) -> MCPError:
        """The JSON-RPC error the mcp client raises for the call (an unknown tool: -32602)."""
        try:
            await self.call(tool, arguments)
        except Exception as raised:  # the client's task groups may wrap it in exception groups
            return mcp_error_in(raised)
        raise AssertionError(f"{tool} was not refused")

    async def post(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        *,
        ident: int | None = 1,
        headers: dict[str, str] | None = None,
    ) -> httpx2.Response:
        """One raw JSON-RPC POST (stateless: no initialize needed); ``ident`` None: a notification."""
        body: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            body["params"] = params
        if ident is not None:
            body["id"] = ident
        sent = {
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
            "MCP-Protocol-Version": PROTOCOL,
            **(headers or {}),
        }
        async with httpx2.AsyncClient(timeout=30) as http:
            return await http.post(self.url, json=body, headers=sent)

    async def tool_call(
        self, tool: str, arguments: dict[str, Any], headers: dict[str, str] | None = None
    ) -> httpx2.Response:
        return await self.post("tools/call", {"name": tool, "arguments": arguments}, headers=headers)


def public_settings(port: int, training_target: str = "127.0.0.1:9", **changes: Any) -> EdgeSettings:
    """Edge settings for a stack with Training alone: the other targets are never dialled by this
    path."""
    base = f"http://127.0.0.1:{port}"
    unused = {name: "127.0.0.1:9" for name in ("auth", "training", "sessions", "analytics")}
    settings = EdgeSettings(
        host="127.0.0.1",
        port=port,
        public_url=base,
        targets={**unused, "training": training_target},
        plan_link_secret=LINK_SECRET,
    )
    return replace(settings, **changes)


@contextlib.asynccontextmanager
async def public_edge(**changes: Any) -> AsyncIterator[PublicEdge]:
    """The edge app and Training on free ports; ``changes`` override settings (limit, proxy hops,
    Redis)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    with tempfile.TemporaryDirectory() as data_dir:
        engine = make_engine("training", data_dir=Path(data_dir), database_url=None)
        server = await training.start(ServiceSettings.from_env("training", {}), port=0, engine=engine)
        settings = public_settings(sock.getsockname()[1], f"127.0.0.1:{server.port}", **changes)
        backends = Backends.connect(settings.targets)
        try:
            async with serve_edge(settings, backends, sock) as base_url:
                yield PublicEdge(base_url)
        finally:
            await backends.close()
            await server.stop(0)
            engine.dispose()
            sock.close()
