"""Calls to the Primed profile (``/mcp/primed``) for the edge tests: through the real mcp client, and
as raw JSON-RPC POSTs where the HTTP status and headers are what is tested."""

from __future__ import annotations

import json
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from kinetic.protected_resources import PRIMED

ALL_SCOPES = PRIMED.scopes
PROTOCOL = "2025-06-18"


async def primed_token(stack: Any, *scopes: str) -> str:
    """An RS256 access token for Primed's resource carrying ``scopes`` (all four when none given)."""
    token: str = await stack.access_token(audience=stack.base_url + PRIMED.path, scopes=scopes or ALL_SCOPES)
    return token


async def post_tool_call(
    url: str, token: str, tool: str, arguments: dict[str, Any] | None = None, ident: int = 1
) -> httpx2.Response:
    """One raw JSON-RPC ``tools/call`` POST to a profile's MCP ``url`` (stateless: no initialize),
    for tests of what the mcp client hides: the HTTP status and headers."""
    body = {
        "jsonrpc": "2.0",
        "id": ident,
        "method": "tools/call",
        "params": {"name": tool, "arguments": arguments or {}},
    }
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": PROTOCOL,
    }
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(url, json=body, headers=headers)


class Primed:
    """The five tools for one bearer credential."""

    def __init__(self, stack: Any, token: str) -> None:
        self.url = stack.base_url + PRIMED.path
        self.token = token

    async def __call__(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {self.token}"}, timeout=30) as http,
            Client(streamable_http_client(self.url, http_client=http)) as client,
        ):
            result = await client.call_tool(tool, arguments or {})
        assert not result.is_error
        payload: dict[str, Any] = json.loads(result.content[0].text)  # type: ignore[union-attr]
        assert result.structured_content == payload
        return payload

    async def error(self, tool: str, arguments: dict[str, Any] | None = None) -> MCPError:
        """The JSON-RPC error the mcp client raises for the call."""
        try:
            await self(tool, arguments)
        except Exception as raised:  # the client's task groups may wrap it in exception groups
            error = mcp_error_in(raised)
            assert error.code == -32001
            assert error.data["message"] == error.message
            return error
        raise AssertionError(f"{tool} was not refused")

    async def post(
        self, tool: str, arguments: dict[str, Any] | None = None, ident: int = 1
    ) -> httpx2.Response:
        """One raw ``tools/call`` POST (stateless: no initialize needed)."""
        return await post_tool_call(self.url, self.token, tool, arguments, ident)


def mcp_error_in(raised: BaseException) -> MCPError:
    """The ``MCPError`` inside ``raised`` (possibly nested in exception groups)."""
    if isinstance(raised, MCPError):
        return raised
    if isinstance(raised, BaseExceptionGroup):
        for inner in raised.exceptions:
            try:
                return mcp_error_in(inner)
            except AssertionError:
                continue
    raise AssertionError(f"not a JSON-RPC error: {raised!r}") from raised


def data_code(response: httpx2.Response) -> str:
    """``error.data.code`` of a raw JSON-RPC error answer."""
    body = response.json()
    assert body["error"]["code"] == -32001, body
    code: str = body["error"]["data"]["code"]
    return code
