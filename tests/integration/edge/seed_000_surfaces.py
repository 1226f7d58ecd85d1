"""Seed 000's two surfaces for one fresh account: the MCP tools (one raw POST per call) and their REST
mirror, answering alike so one test body checks both (tests/integration/edge/test_seed_000_*)."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

import httpx2

from kinetic.auth.v1 import auth_pb2
from tests.integration.edge.metric_calls import NO_STORE, PREFIX

SURFACES = ("mcp", "rest")
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
# Which REST request mirrors each tool (edge/profiles/metric/rest.py).
_DELETION_STEPS = {"preview_training_deletion": "preview", "confirm_training_deletion": "commit"}


@dataclass
class Answer:
    """One call's outcome: ``refused`` is a tool error over MCP, a 4xx/5xx over REST."""

    surface: str
    status: int
    refused: bool
    body: dict[str, Any]
    headers: httpx2.Headers


class Muse:
    """A new Metric account, signed in as the ``metric-muse`` OAuth client would be."""

    def __init__(self, stack: Any, account_id: str, token: str) -> None:
        self.stack = stack
        self.account_id = account_id
        self.token = token
        self._calls = 0

    @classmethod
    async def connect(cls, stack: Any) -> Muse:
        account = await stack.backends.auth.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email=f"muse-{uuid.uuid4().hex[:12]}@example.com",
                password="correct horse battery",
                display_name="Muse",
                time_zone="UTC",
            )
        )
        account_id = account.account.account_id
        issued = await stack.backends.auth.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account_id, audience=stack.mcp_url, scopes=["training"], client_id="metric-muse"
            )
        )
        return cls(stack, account_id, issued.access_token)

    def http(self, token: str | None = None) -> httpx2.AsyncClient:
        headers = {"Authorization": f"Bearer {token or self.token}"}
        return httpx2.AsyncClient(base_url=self.stack.base_url, headers=headers, timeout=30)

    async def mcp(self, tool: str, arguments: dict[str, Any], token: str | None = None) -> Answer:
        """``tools/call`` in one POST: a tool error's text is Metric's ``{error, error_description}`` JSON."""
        self._calls += 1
        request = {
            "jsonrpc": "2.0",
            "id": self._calls,
            "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        }
        async with self.http(token) as http:
            response = await http.post(self.stack.mcp_url, json=request, headers=MCP_HEADERS)
        message = response.json()
        if "result" not in message:  # refused before any tool ran (401, 403, 429): Metric's JSON
            return Answer("mcp", response.status_code, True, message, response.headers)
        result = message["result"]
        payload = json.loads(result["content"][0]["text"])
        if not result.get("isError"):
            assert result["structuredContent"] == payload, "structured content and text say the same"
        return Answer("mcp", response.status_code, bool(result.get("isError")), payload, response.headers)

    async def mcp_list(self) -> list[str]:
        """The names ``tools/list`` gives."""
        async with self.http() as http:
            response = await http.post(
                self.stack.mcp_url,
                json={"jsonrpc": "2.0", "id": 0, "method": "tools/list"},
                headers=MCP_HEADERS,
            )
        return [tool["name"] for tool in response.json()["result"]["tools"]]

    async def rest(self, tool: str, arguments: dict[str, Any], token: str | None = None) -> Answer:
        """The same call through the REST mirror under /api/connectors/muse."""
        async with self.http(token) as http:
            if tool == "get_workout_guidance":
                response = await http.get(PREFIX + "/workout-guidance")
            elif tool == "read_training":
                params = {k: str(v) for k, v in arguments.items() if v is not None}
                response = await http.get(PREFIX + "/training", params=params)
            elif tool == "edit_training":
                response = await http.post(PREFIX + "/training/edits", json=arguments)
            else:
                body = {"step": _DELETION_STEPS[tool], **arguments}
                response = await http.post(PREFIX + "/training/deletions", json=body)
        return Answer(
            "rest", response.status_code, response.status_code >= 400, response.json(), response.headers
        )

    async def call(self, surface: str, tool: str, arguments: dict[str, Any]) -> Answer:
        return await (self.mcp if surface == "mcp" else self.rest)(tool, arguments)

    async def ok(self, surface: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        answer = await self.call(surface, tool, arguments)
        assert not answer.refused and answer.status == 200, answer
        assert answer.headers["cache-control"] == NO_STORE
        return answer.body

    async def read(self, view: str, **arguments: Any) -> dict[str, Any]:
        return await self.ok("mcp", "read_training", {"view": view, **arguments})

    async def epoch(self) -> str:
        return str((await self.read("plans"))["epoch"])

    async def exercise_id(self, query: str) -> str:
        found = await self.read("exercises", query=query, pageSize=1)
        return str(found["data"]["exercises"][0]["id"])


def refused(answer: Answer, status: int, error: str, field: str | None = None) -> dict[str, Any]:
    """Seed 000: "Errors are JSON with an error code and error_description", with the contract's HTTP
    status over REST; over MCP a tool error (HTTP 200, ``isError``) with the same JSON (decision 0075)."""
    assert answer.refused, answer
    assert answer.status == (status if answer.surface == "rest" else 200), answer
    assert answer.headers["cache-control"] == NO_STORE, answer.headers
    assert answer.body["error"] == error, answer.body
    assert isinstance(answer.body["error_description"], str) and answer.body["error_description"]
    if field is not None:
        assert answer.body.get("field") == field, answer.body
    return answer.body
