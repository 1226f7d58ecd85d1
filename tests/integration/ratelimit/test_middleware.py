"""The ASGI wrapper over a tiny Starlette app, two edges on one Redis: 429s in each profile's shape."""

from __future__ import annotations

import asyncio
import json
from typing import cast

import httpx2
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from edge.guard import Principal, ProtectedResource, TokenChecker
from edge.ratelimit import (
    ACCOUNT_PER_MINUTE,
    IP_PER_HOUR,
    TOKEN_PER_MINUTE,
    ClientAddress,
    RateLimited,
    RateLimiter,
    account_key,
    metric_refusal,
    primed_refusal,
    runflow_refusal,
    token_key,
)

WAIT_CAP_SECONDS = 5.0


class FakeChecker:
    """Stands in for the token check: the bearer value is the account."""

    async def authenticate(self, authorization, audience, *, accepts_api_keys=True):
        return Principal(authorization.removeprefix("Bearer "), frozenset({"training"}), "access_token")


async def ok(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


def client(app) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://edge.test", timeout=10
    )


def metric_edge(limiter: RateLimiter) -> ProtectedResource:
    """As the lead wires Metric: the guard outside, the account limit inside it."""
    limited = RateLimited(
        Starlette(routes=[Route("/", ok)]), limiter, ACCOUNT_PER_MINUTE, account_key, metric_refusal
    )
    return ProtectedResource(
        limited,
        resource_url="http://edge.test/api/connectors/muse/mcp",
        metadata_url="http://edge.test/.well-known/oauth-protected-resource/api/connectors/muse/mcp",
        required_scopes=("training",),
        checker=lambda: cast(TokenChecker, FakeChecker()),
    )


async def test_metric_the_301st_request_across_two_edges_is_a_429(replicas):
    first, second = (client(metric_edge(replica)) for replica in replicas)
    async with first, second:
        headers = {"Authorization": "Bearer acct-metric"}
        statuses = []
        for n in range(300):
            response = await (first, second)[n % 2].get("/", headers=headers)
            statuses.append(response.status_code)
        assert statuses == [200] * 300
        assert response.headers["ratelimit-limit"] == "300"
        assert response.headers["ratelimit-remaining"] == "0"
        refused = await second.get("/", headers=headers)
        other_account = await first.get("/", headers={"Authorization": "Bearer acct-other"})
    assert refused.status_code == 429
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= 60
    assert refused.headers["cache-control"] == "private, no-store"
    assert refused.headers["content-type"] == "application/json"
    body = refused.json()
    assert body == {
        "error": "rate_limited",
        "error_description": f"rate limit reached; retry after {retry_after} seconds",
    }
    assert other_account.status_code == 200


def jsonrpc(n: int) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": "get_primed_profile"}}


async def test_primed_the_61st_call_per_token_is_a_jsonrpc_429(replicas):
    edges = [
        client(
            RateLimited(
                Starlette(routes=[Route("/mcp", ok, methods=["POST"])]),
                r,
                TOKEN_PER_MINUTE,
                token_key,
                primed_refusal,
            )
        )
        for r in replicas
    ]
    headers = {"Authorization": "Bearer primed-token-1"}
    async with edges[0], edges[1]:
        statuses = [
            (await edges[n % 2].post("/mcp", json=jsonrpc(n), headers=headers)).status_code for n in range(60)
        ]
        refused = await edges[0].post("/mcp", json=jsonrpc(61), headers=headers)
    assert statuses == [200] * 60
    assert refused.status_code == 429
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= 60
    assert refused.headers["cache-control"] == "private, no-store"
    message = f"rate limit reached; retry after {retry_after} seconds"
    assert refused.json() == {
        "jsonrpc": "2.0",
        "error": {
            "code": -32001,
            "message": message,
            "data": {"code": "RATE_LIMITED", "message": message, "retryAfterSeconds": retry_after},
        },
        "id": 61,
    }


async def test_primed_the_eleventh_concurrent_call_is_refused_across_edges(replicas):
    release = asyncio.Event()
    all_inside = asyncio.Event()
    inside = 0

    async def slow(request: Request) -> JSONResponse:
        nonlocal inside
        inside += 1
        if inside == 10:
            all_inside.set()
        await release.wait()
        return JSONResponse({"ok": True})

    edges = [
        client(
            RateLimited(
                Starlette(routes=[Route("/mcp", slow, methods=["POST"])]),
                r,
                TOKEN_PER_MINUTE,
                token_key,
                primed_refusal,
            )
        )
        for r in replicas
    ]
    headers = {"Authorization": "Bearer primed-token-2"}
    async with edges[0], edges[1]:
        in_flight = [
            asyncio.create_task(edges[n % 2].post("/mcp", json=jsonrpc(n), headers=headers))
            for n in range(10)
        ]
        await asyncio.wait_for(all_inside.wait(), WAIT_CAP_SECONDS)
        refused = await edges[1].post("/mcp", json=jsonrpc(11), headers=headers)
        release.set()
        finished = await asyncio.gather(*in_flight)
        after = await edges[0].post("/mcp", json=jsonrpc(12), headers=headers)
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "1"
    assert refused.json()["error"]["data"] == {
        "code": "RATE_LIMITED",
        "message": "too many requests at once: at most 10 of this credential's requests run together; "
        "retry after 1 second",
        "retryAfterSeconds": 1,
    }
    assert refused.json()["id"] == 11
    assert [r.status_code for r in finished] == [200] * 10
    assert after.status_code == 200


@pytest.mark.parametrize("trusted_hops", [0, 1])
async def test_runflow_public_the_11th_call_per_address_in_an_hour_is_refused(replicas, trusted_hops):
    # Behind one trusted proxy the address comes from X-Forwarded-For; otherwise from the socket.
    app = Starlette(routes=[Route("/mcp/public", ok, methods=["POST"])])
    edges = [
        client(RateLimited(app, r, IP_PER_HOUR, ClientAddress(trusted_hops), runflow_refusal))
        for r in replicas
    ]
    headers = {"X-Forwarded-For": "198.51.100.23"}
    async with edges[0], edges[1]:
        statuses = [
            (await edges[n % 2].post("/mcp/public", json=jsonrpc(n), headers=headers)).status_code
            for n in range(10)
        ]
        refused = await edges[1].post("/mcp/public", content=b"not json", headers=headers)
        elsewhere = await edges[0].post(
            "/mcp/public", json=jsonrpc(1), headers={"X-Forwarded-For": "198.51.100.99"}
        )
    assert statuses == [200] * 10
    assert refused.status_code == 429
    retry_after = int(refused.headers["retry-after"])
    assert 3590 <= retry_after <= 3600
    assert refused.json() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": -32000,  # a spent budget; -32002 is RunFlow's paid-tier gate's (decision 0075)
            "message": f"RunFlow public MCP: rate limit reached; retry after {retry_after} seconds",
        },
    }
    # Only a trusted proxy's header can make two callers on one socket address different clients.
    assert elsewhere.status_code == (200 if trusted_hops else 429)
    assert json.loads(refused.content)["id"] is None
