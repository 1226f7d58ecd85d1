"""The anonymous PlanGen budget on the real edge app: 10 tool calls per client address per hour, the
11th a 429 with Retry-After and a JSON-RPC error saying when; the handshake, tools/list, ping and
notifications free; a trusted proxy's X-Forwarded-For honoured, an untrusted one not; the figure
configurable; the same on Redis, shared by two edges (decision 0066)."""

from __future__ import annotations

import uuid

import pytest
from redis.asyncio import Redis

from tests.integration.edge.plangen_calls import HALF, PublicEdge, public_edge
from tests.integration.ratelimit.conftest import REDIS_URL

INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {},
    "clientInfo": {"name": "t", "version": "1"},
}


def an_address() -> str:
    """A client address no other test (or earlier run on the shared Redis) has used: its own /64."""
    return f"2001:db8:{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}::1"


def forwarded(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def free_calls(edge: PublicEdge, headers: dict[str, str] | None = None) -> list[int]:
    """Everything but a tool call, twice over: none of it may spend the budget."""
    statuses = []
    for _ in range(2):
        statuses += [
            (await edge.post("initialize", INITIALIZE, headers=headers)).status_code,
            (await edge.post("notifications/initialized", ident=None, headers=headers)).status_code,
            (await edge.post("tools/list", headers=headers)).status_code,
            (await edge.post("ping", headers=headers)).status_code,
            (await edge.post("logging/setLevel", {"level": "info"}, headers=headers)).status_code,
        ]
    return statuses


def assert_refused(response, limit: int = 10) -> int:
    assert response.status_code == 429
    retry_after = int(response.headers["retry-after"])
    assert 3590 <= retry_after <= 3600
    assert response.headers["cache-control"] == "private, no-store"
    assert response.json() == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32000,  # a spent budget; -32002 is the paid-tier gate's (decision 0075)
            "message": f"RunFlow public MCP: rate limit reached; retry after {retry_after} seconds",
        },
    }
    return retry_after


async def test_the_11th_tool_call_in_an_hour_from_one_address_is_429():
    async with public_edge() as edge:
        free_before = await free_calls(edge)
        statuses = [(await edge.tool_call("generate_running_plan", HALF)).status_code for _ in range(9)]
        bad_input = await edge.tool_call("export_plan_url", {"event": "MARATHON"})  # refused, but counted
        eleventh = await edge.tool_call("export_plan_url", HALF)
        free_after = await free_calls(edge)

    assert free_before == [200, 202, 200, 200, 200] * 2
    assert statuses == [200] * 9
    assert bad_input.status_code == 200 and bad_input.json()["result"]["isError"] is True
    assert bad_input.headers["ratelimit-remaining"] == "0"
    assert_refused(eleventh)
    assert free_after == free_before  # a spent budget still lets a client connect and list tools


async def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_budget():
    first, second = an_address(), an_address()
    async with public_edge(trusted_proxy_hops=1) as edge:
        spent = [
            (await edge.tool_call("generate_running_plan", HALF, headers=forwarded(first))).status_code
            for _ in range(10)
        ]
        refused = await edge.tool_call("generate_running_plan", HALF, headers=forwarded(first))
        # The client's own claim left of the proxy's entry changes nothing.
        spoofed = await edge.tool_call(
            "generate_running_plan", HALF, headers=forwarded(f"203.0.113.9, {first}")
        )
        other = await edge.tool_call("generate_running_plan", HALF, headers=forwarded(second))

    assert spent == [200] * 10
    assert_refused(refused)
    assert_refused(spoofed)
    assert other.status_code == 200


async def test_without_trusted_proxies_a_forwarded_address_is_ignored():
    async with public_edge() as edge:
        spent = [
            (await edge.tool_call("generate_running_plan", HALF, headers=forwarded(an_address()))).status_code
            for _ in range(10)
        ]
        refused = await edge.tool_call("generate_running_plan", HALF, headers=forwarded(an_address()))

    assert spent == [200] * 10
    assert_refused(refused)  # every call came from 127.0.0.1, whatever the header claimed


async def test_the_budget_is_configurable():
    async with public_edge(plangen_per_hour=3) as edge:
        statuses = [(await edge.tool_call("generate_running_plan", HALF)).status_code for _ in range(4)]
        listed = await edge.post("initialize", INITIALIZE)
    assert statuses == [200, 200, 200, 429]
    assert "3 times an hour" in listed.json()["result"]["instructions"]


@pytest.fixture
async def redis_keys():
    """Deletes the budgets the test's addresses left in the shared Redis."""
    addresses: list[str] = []
    yield addresses
    client = Redis.from_url(REDIS_URL, decode_responses=True)
    for address in addresses:
        keys = [key async for key in client.scan_iter(match=f"*ip_hour*{address.split('::')[0]}*")]
        if keys:
            await client.delete(*keys)
    await client.aclose()


async def test_on_redis_two_edges_share_one_budget_per_address(redis_keys):
    address, other = an_address(), an_address()
    redis_keys += [address, other]
    async with (
        public_edge(redis_url=REDIS_URL, trusted_proxy_hops=1) as first,
        public_edge(redis_url=REDIS_URL, trusted_proxy_hops=1) as second,
    ):
        statuses = [
            (
                await (first, second)[n % 2].tool_call(
                    "generate_running_plan", HALF, headers=forwarded(address)
                )
            ).status_code
            for n in range(10)
        ]
        free = await free_calls(second, headers=forwarded(address))
        refused = await first.tool_call("generate_running_plan", HALF, headers=forwarded(address))
        elsewhere = await second.tool_call("generate_running_plan", HALF, headers=forwarded(other))

    assert statuses == [200] * 10
    assert free == [200, 202, 200, 200, 200] * 2
    assert_refused(refused)
    assert elsewhere.status_code == 200


async def test_free_messages_past_the_per_minute_ceiling_are_turned_away_at_the_door(monkeypatch):
    """Pings are free of the hourly tool budget but not of the per-minute ceiling on every message:
    past it a 429 in the path's style, then the connection protocol turns the address away before
    routing until the minute is over (decision 0067). The ceiling is lowered to 5 to keep this short."""
    from edge import app as edge_app
    from edge.ratelimit import RatePolicy

    monkeypatch.setattr(
        edge_app, "plangen_messages_policy", lambda per_hour: RatePolicy("ip_messages_minute", 5, 60)
    )
    async with public_edge() as edge:
        served = [(await edge.post("ping")).status_code for _ in range(5)]
        refused = await edge.post("ping")
        at_the_door = await edge.post("tools/list")

    assert served == [200] * 5
    assert refused.status_code == 429
    assert refused.json()["error"]["message"].startswith("RunFlow public MCP: rate limit reached")
    assert at_the_door.status_code == 429
    assert at_the_door.headers["connection"] == "close"
    assert at_the_door.text.startswith("too many refused requests from your address")
    assert 1 <= int(at_the_door.headers["retry-after"]) <= 60
