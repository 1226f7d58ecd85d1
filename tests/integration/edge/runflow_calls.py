"""Calls to the RunFlow profile (``/mcp/runflow``) for the edge tests: through the real mcp client,
and as raw JSON-RPC POSTs where the HTTP status is what is tested."""

from __future__ import annotations

import json
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import Tool

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import RUNFLOW
from tests.integration.edge.primed_calls import mcp_error_in, post_tool_call

SCOPE = "mcp:full"


async def pro(stack: Any, tier: str = "pro") -> None:
    """Put the stack's account on ``tier`` (auth's default is free, which RunFlow refuses)."""
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=stack.account_id, plan_tier=tier)
    )


async def runflow_key(stack: Any) -> str:
    """A personal API key carrying ``mcp:full``."""
    key = await stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=stack.account_id, name="runflow", scopes=[SCOPE])
    )
    return str(key.secret)


async def runflow_token(stack: Any) -> str:
    """An OAuth access token for RunFlow's resource carrying ``mcp:full``."""
    token: str = await stack.access_token(audience=stack.base_url + RUNFLOW.path, scopes=(SCOPE,))
    return token


class RunFlow:
    """The tools for one bearer credential."""

    def __init__(self, stack: Any, token: str) -> None:
        self.url = stack.base_url + RUNFLOW.path
        self.token = token

    def _http(self) -> httpx2.AsyncClient:
        return httpx2.AsyncClient(headers={"Authorization": f"Bearer {self.token}"}, timeout=30)

    async def __call__(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        async with self._http() as http, Client(streamable_http_client(self.url, http_client=http)) as client:
            result = await client.call_tool(tool, arguments or {})
        assert not result.is_error, result.content
        payload: dict[str, Any] = json.loads(result.content[0].text)  # type: ignore[union-attr]
        assert result.structured_content == payload
        return payload

    async def list_tools(self) -> list[Tool]:
        async with self._http() as http, Client(streamable_http_client(self.url, http_client=http)) as client:
            return list((await client.list_tools()).tools)

    async def error(self, tool: str, arguments: dict[str, Any] | None = None, code: int = -32002) -> MCPError:
        """The JSON-RPC error the mcp client raises for the call: -32002 is the paid-tier gate's, -32602
        an unknown tool (decision 0075)."""
        try:
            await self(tool, arguments)
        except Exception as raised:  # the client's task groups may wrap it in exception groups
            error = mcp_error_in(raised)
            assert error.code == code, error
            return error
        raise AssertionError(f"{tool} was not refused")

    async def refusal(self, tool: str, arguments: dict[str, Any] | None = None) -> str:
        """The text of the tool error (``isError``) the mcp client hands over for the call."""
        async with self._http() as http, Client(streamable_http_client(self.url, http_client=http)) as client:
            result = await client.call_tool(tool, arguments or {})
        assert result.is_error, result.content
        return str(result.content[0].text)  # type: ignore[union-attr]

    async def post(
        self, tool: str, arguments: dict[str, Any] | None = None, ident: int = 1
    ) -> httpx2.Response:
        """One raw ``tools/call`` POST (stateless: no initialize needed)."""
        return await post_tool_call(self.url, self.token, tool, arguments, ident)


def tool_error_text(response: httpx2.Response) -> str:
    """The text of a raw POST's tool error: HTTP 200, a result with ``isError`` (decision 0075)."""
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result["isError"] is True, result
    return str(result["content"][0]["text"])
