"""Decision 0030's promise with real processes: auth, training, sessions, analytics and TWO edge
processes (the launcher's, and a second ``python -m edge`` on the same backends and public URL).

An API key revocation, an erasure's RevokeAccountGrants and an account deletion each refuse the
next request at both edges within one second of auth committing it, with no request to auth per
call in between (both edges report ``credential_checks: local`` first).
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
import httpx2
import pytest

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc, oauth_pb2, oauth_pb2_grpc
from tests.e2e.processes import REPO, RunningKinetic, free_port, start_kinetic, stop_kinetic

pytestmark = pytest.mark.e2e

PROMISE_SECONDS = 1.0
# How long a refusal is waited for before the test fails (and says how long it took).
GIVE_UP_SECONDS = 10.0
LOCAL_TIMEOUT_SECONDS = 60.0
METRIC_PATH = "/api/connectors/muse/mcp"
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
TOOLS_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
PASSWORD = "correct horse battery"


@dataclass
class TwoEdges:
    kinetic: RunningKinetic
    edge_urls: tuple[str, str]
    auth: auth_pb2_grpc.AuthServiceStub
    oauth: oauth_pb2_grpc.OAuthServiceStub
    http: httpx2.AsyncClient

    @property
    def resource(self) -> str:
        return self.kinetic.base_url + METRIC_PATH

    async def status(self, edge_url: str, credential: str) -> int:
        response = await self.http.post(
            edge_url + METRIC_PATH,
            json=TOOLS_LIST,
            headers={**MCP_HEADERS, "authorization": f"Bearer {credential}"},
        )
        return response.status_code

    async def statuses(self, credential: str) -> list[int]:
        return [await self.status(url, credential) for url in self.edge_urls]

    async def seconds_until_refused(self, credential: str, started: float) -> list[float]:
        """How long after ``started`` (monotonic) each edge answers 401 to ``credential``."""

        async def one(edge_url: str) -> float:
            while await self.status(edge_url, credential) != 401:
                if time.monotonic() - started > GIVE_UP_SECONDS:
                    return GIVE_UP_SECONDS
                await asyncio.sleep(0.01)
            return time.monotonic() - started

        return list(await asyncio.gather(*(one(url) for url in self.edge_urls)))


async def _wait_until_local(http: httpx2.AsyncClient, url: str, edge: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + LOCAL_TIMEOUT_SECONDS
    while True:
        assert edge.poll() is None, "the second edge exited"
        try:
            body = (await http.get(url + "/readyz")).json()
            if body.get("credential_checks") == "local":
                return
        except httpx2.TransportError:
            pass  # not listening yet
        assert time.monotonic() < deadline, f"{url} never checked credentials locally"
        await asyncio.sleep(0.05)


def _spawn_edge(env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    with log_path.open("wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "edge"], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT
        )


def _stop_edge(edge: subprocess.Popen[bytes]) -> None:
    if edge.poll() is None:
        edge.send_signal(signal.SIGTERM)
        try:
            edge.wait(timeout=30)
        except subprocess.TimeoutExpired:
            edge.kill()
            edge.wait()


@pytest.fixture
async def two_edges(tmp_path: Path) -> AsyncIterator[TwoEdges]:
    port = free_port()
    # Replicas behind one load balancer share the public URL: the tokens' issuer and audience.
    kinetic = start_kinetic(tmp_path / "var", port, {"KINETIC_PUBLIC_URL": f"http://127.0.0.1:{port}"})
    edge: subprocess.Popen[bytes] | None = None
    channel: grpc.aio.Channel | None = None
    try:
        second_port = free_port()
        edge = _spawn_edge(
            {**kinetic.env, "KINETIC_EDGE_PORT": str(second_port)}, tmp_path / "second-edge.log"
        )
        urls = (kinetic.base_url, f"http://127.0.0.1:{second_port}")
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{kinetic.env['KINETIC_AUTH_PORT']}")
        async with httpx2.AsyncClient(timeout=30) as http:
            for url in urls:
                await _wait_until_local(http, url, edge)
            yield TwoEdges(
                kinetic,
                urls,
                auth_pb2_grpc.AuthServiceStub(channel),
                oauth_pb2_grpc.OAuthServiceStub(channel),
                http,
            )
    finally:
        if channel is not None:
            await channel.close()
        if edge is not None:
            _stop_edge(edge)
        if kinetic.process.poll() is None:
            stop_kinetic(kinetic)


async def _refused_at_both_within_the_promise(
    edges: TwoEdges, credentials: list[str], revoke: Callable[[], Awaitable[object]]
) -> None:
    for credential in credentials:
        assert await edges.statuses(credential) == [200, 200]
    await revoke()
    committed = time.monotonic()
    took = await asyncio.gather(*(edges.seconds_until_refused(c, committed) for c in credentials))
    assert max(max(each) for each in took) <= PROMISE_SECONDS, f"refused after {took} s at the two edges"


async def test_an_api_key_revocation_reaches_both_edges_within_a_second(two_edges: TwoEdges) -> None:
    demo = await two_edges.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=two_edges.kinetic.api_key))
    account_id = demo.api_key.account_id
    created = await two_edges.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="laptop", scopes=["training"])
    )
    revoke = auth_pb2.RevokeApiKeyRequest(account_id=account_id, key_id=created.api_key.key_id)
    await _refused_at_both_within_the_promise(
        two_edges, [created.secret], lambda: two_edges.auth.RevokeApiKey(revoke)
    )
    assert await two_edges.statuses(two_edges.kinetic.api_key) == [200, 200], "other keys keep working"


async def test_an_erasure_reaches_both_edges_within_a_second(two_edges: TwoEdges) -> None:
    demo = await two_edges.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=two_edges.kinetic.api_key))
    account_id = demo.api_key.account_id
    issued = await two_edges.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=two_edges.resource, scopes=["training"]
        )
    )
    # Erasing the library revokes every grant of the account first (decision 0016).
    revoke = oauth_pb2.RevokeAccountGrantsRequest(account_id=account_id)
    await _refused_at_both_within_the_promise(
        two_edges, [issued.access_token], lambda: two_edges.oauth.RevokeAccountGrants(revoke)
    )


async def test_an_account_deletion_reaches_both_edges_within_a_second(two_edges: TwoEdges) -> None:
    account = await two_edges.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(email="grace@example.com", password=PASSWORD, display_name="Grace")
    )
    account_id = account.account.account_id
    issued = await two_edges.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=two_edges.resource, scopes=["training"]
        )
    )
    key = await two_edges.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="laptop", scopes=["training"])
    )
    delete = auth_pb2.DeleteAccountRequest(account_id=account_id, password=PASSWORD)
    await _refused_at_both_within_the_promise(
        two_edges, [issued.access_token, key.secret], lambda: two_edges.auth.DeleteAccount(delete)
    )
