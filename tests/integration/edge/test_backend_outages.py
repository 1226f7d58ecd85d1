"""A hung or stopped backend through the real edge: deadlines, circuits, contract-shaped 503s (0035).

Real in-process gRPC servers on port 0 and the real Starlette app under uvicorn. A hung backend is a
real gRPC server whose handlers await an event nobody sets; a stopped one is a real service stopped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx2
import pytest

from edge.backends import Backends, guarded, open_channel
from edge.circuits import BACKEND_DOWN, FAILURES_TO_OPEN, Circuits
from edge.deadlines import DEADLINE_SECONDS, CallKind
from edge.jwks import FRESH_SECONDS, JwksCache
from kinetic.auth.v1 import auth_pb2
from kinetic.errors import RemoteError
from kinetic.grpc_server import RunningServer
from kinetic.protected_resources import CLIENT_AI, METRIC
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.analytics import bootstrap as analytics
from services.auth import bootstrap as auth
from services.training import bootstrap as training
from tests.eventually import status_becomes
from tests.integration.edge.backend_outages import edge_on, free_socket, hung_server, timed
from tests.integration.edge.metric_calls import call_tool

READ = DEADLINE_SECONDS[CallKind.READ]
# Scheduling on a loaded two-core machine, uvicorn, the MCP SDK: what a response may add.
MARGIN = 1.0
AT_ONCE = 0.5
EXERCISES = "/api/connectors/muse/training?view=exercises&query=bench"


@dataclass
class Outage:
    base_url: str
    backends: Backends
    api_key: str
    client_ai_key: str
    hung: Any  # the hung server's handler: how many calls reached it
    targets: dict[str, str]


@pytest.fixture
async def outage(sqlite_engines, tmp_path: Path) -> AsyncIterator[Outage]:
    """Auth and analytics real; training and sessions hung (analytics' feeds too)."""
    sock = free_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": base_url}
    servers: list[RunningServer] = []
    async with hung_server() as (hung, handler):
        try:
            servers.append(
                await auth.start(ServiceSettings.from_env("auth", env), port=0, engine=sqlite_engines("auth"))
            )
            servers.append(
                await analytics.start(
                    ServiceSettings.from_env("analytics", env),
                    port=0,
                    engine=sqlite_engines("analytics"),
                    sessions_target=hung,
                    training_target=hung,
                )
            )
            targets = {
                "auth": f"127.0.0.1:{servers[0].port}",
                "analytics": f"127.0.0.1:{servers[1].port}",
                "training": hung,
                "sessions": hung,
            }
            async with edge_on(targets, base_url, sock) as backends:
                account = await backends.auth.CreateAccount(
                    auth_pb2.CreateAccountRequest(
                        email="ada@example.com",
                        password="correct horse battery",
                        display_name="Ada",
                        time_zone="UTC",
                    )
                )
                account_id = account.account.account_id
                keys = [
                    await backends.auth.CreateApiKey(
                        auth_pb2.CreateApiKeyRequest(account_id=account_id, name=scope, scopes=[scope])
                    )
                    for scope in ("training", "client_ai")
                ]
                yield Outage(base_url, backends, keys[0].secret, keys[1].secret, handler, targets)
        finally:
            for server in servers:
                await server.stop(0)
            sock.close()


def assert_unavailable(response: httpx2.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.json()["error"] == "temporarily_unavailable"
    assert int(response.headers["retry-after"]) >= 1
    assert "Traceback" not in response.text


async def test_a_hung_backend_costs_one_deadline_then_the_circuit_answers_at_once(outage):
    headers = {"Authorization": f"Bearer {outage.api_key}"}
    async with httpx2.AsyncClient(base_url=outage.base_url, headers=headers, timeout=30) as http:
        first, response = await timed(http.get(EXERCISES))
        assert_unavailable(response)
        assert READ - 0.1 <= first <= READ + MARGIN, f"the read deadline, not the old 10 s: {first:.2f} s"
        for _ in range(FAILURES_TO_OPEN - 1):
            assert_unavailable(await http.get(EXERCISES))
        calls_before = outage.hung.calls
        opened, response = await timed(http.get(EXERCISES))
        assert_unavailable(response)
        assert opened <= AT_ONCE, f"the circuit is open: {opened:.2f} s"
        assert outage.hung.calls == calls_before, "the open circuit sent nothing to the hung address"
        ready = (await http.get("/readyz")).json()
    assert ready["circuits"][outage.targets["training"]] == "open"
    assert ready["circuits"][outage.targets["auth"]] == "closed"
    print(f"\nhung training: first call {first:.2f} s, with the circuit open {opened * 1000:.0f} ms")


async def test_every_profile_answers_a_hung_backend_in_its_own_error_style(outage):
    async def metric_tool() -> tuple[bool, dict[str, Any]]:
        return await call_tool(
            outage.base_url + METRIC.path,
            outage.api_key,
            "read_training",
            {"view": "exercises", "query": "row"},
        )

    async def client_ai_tool() -> tuple[bool, dict[str, Any]]:
        return await call_tool(
            outage.base_url + CLIENT_AI.path, outage.client_ai_key, "client_ai_list_my_workout_plans", {}
        )

    for call in (metric_tool, client_ai_tool):
        seconds, (is_error, payload) = await timed(call())
        assert is_error, payload
        assert payload["error"] == "temporarily_unavailable", payload
        assert payload["retryAfter"] >= 1
        assert seconds <= READ + MARGIN + 1.0, f"{call.__name__}: {seconds:.2f} s"


async def test_analytics_still_catching_up_answers_within_the_read_deadline(outage):
    # Analytics is up but its feeds hang: the read says so, with when to retry, before the
    # edge's deadline, and analytics' circuit stays closed (it answered).
    headers = {"Authorization": f"Bearer {outage.api_key}"}
    async with httpx2.AsyncClient(base_url=outage.base_url, headers=headers, timeout=30) as http:
        for _ in range(FAILURES_TO_OPEN + 1):
            seconds, response = await timed(http.get("/api/analytics/records"))
            assert_unavailable(response)
            assert "still catching up" in response.json()["error_description"]
            assert seconds <= READ + MARGIN, f"{seconds:.2f} s"
        circuits = (await http.get("/readyz")).json()["circuits"]
    assert circuits[outage.targets["analytics"]] == "closed"


async def test_jwks_with_auth_stopped_answers_from_the_keys_the_edge_holds(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as http:
        before = await http.get("/.well-known/jwks.json")
        assert before.status_code == 200
        await stack.servers["auth"].stop(0)
        seconds, after = await timed(http.get("/.well-known/jwks.json"))
    assert after.status_code == 200
    assert after.json() == before.json()
    assert seconds <= AT_ONCE, f"{seconds:.2f} s"


async def test_jwks_with_auth_stopped_and_no_keys_held_is_a_503_with_retry_after(stack):
    await stack.servers["auth"].stop(0)
    sock = free_socket()
    public_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    async with (
        edge_on(stack.settings.targets, public_url, sock),
        httpx2.AsyncClient(base_url=public_url) as http,
    ):
        seconds, response = await timed(http.get("/.well-known/jwks.json"))
    assert_unavailable(response)
    assert seconds <= READ + MARGIN, f"{seconds:.2f} s"


async def test_a_stopped_backend_is_refused_at_once_once_its_circuit_is_open(stack):
    headers = {"Authorization": f"Bearer {stack.api_key}"}
    async with httpx2.AsyncClient(base_url=stack.base_url, headers=headers, timeout=30) as http:
        assert (await http.get(EXERCISES)).status_code == 200
        await stack.servers["training"].stop(0)
        first, response = await timed(http.get(EXERCISES))
        assert_unavailable(response)
        for _ in range(FAILURES_TO_OPEN - 1):
            assert_unavailable(await http.get(EXERCISES))
        opened, response = await timed(http.get(EXERCISES))
        assert_unavailable(response)
        ready = (await http.get("/readyz")).json()
    assert opened <= AT_ONCE
    assert ready["circuits"][stack.settings.targets["training"]] == "open"
    assert ready["circuits"][stack.settings.targets["sessions"]] == "closed"
    print(
        f"\nstopped training: first call {first * 1000:.0f} ms, with the circuit open {opened * 1000:.0f} ms"
    )


async def test_one_replica_down_never_refuses_calls_to_another_address(sqlite_engines, tmp_path):
    # The edge dials one address per service; two replicas are two addresses, each with its own
    # circuit in one registry. Replica A stops and comes back on the same port; B serves throughout.
    settings = ServiceSettings.from_env("training", {"KINETIC_DATA_DIR": str(tmp_path)})
    engine = sqlite_engines("training")
    replica_a = await training.start(settings, port=0, engine=engine)
    replica_b = await training.start(settings, port=0, engine=engine)
    address_a, address_b = f"127.0.0.1:{replica_a.port}", f"127.0.0.1:{replica_b.port}"
    circuits = Circuits(open_seconds=0.5)
    channels = [open_channel(address_a), open_channel(address_b)]
    via_a, via_b = (
        guarded(training_pb2_grpc.TrainingServiceStub, channel, circuits[address])
        for channel, address in zip(channels, (address_a, address_b), strict=True)
    )
    request = training_pb2.SearchExercisesRequest(
        account_id="11111111-1111-4111-8111-111111111111", query="bench"
    )
    restarted = None
    try:
        await via_a.SearchExercises(request)
        await replica_a.stop(0)
        for _ in range(FAILURES_TO_OPEN):
            with pytest.raises(grpc.aio.AioRpcError) as failed:
                await via_a.SearchExercises(request)
            assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
        seconds, _ = await timed(_refusal(via_a.SearchExercises(request)))
        assert seconds <= AT_ONCE
        assert circuits.states() == {address_a: "open", address_b: "closed"}
        for _ in range(5):
            assert (await via_b.SearchExercises(request)).exercises, "the healthy replica still serves"

        restarted = await training.start(settings, port=replica_a.port, engine=engine)

        async def answered() -> int:
            try:
                await via_a.SearchExercises(request)
            except grpc.aio.AioRpcError:
                return 503
            return 200

        # Refused until open_seconds pass; then one probe goes out, succeeds and closes it.
        await status_becomes(answered, 200, within=10)
        assert circuits.states()[address_a] == "closed"
    finally:
        for channel in channels:
            await channel.close(None)
        for server in (replica_a, replica_b, restarted):
            if server is not None:
                await server.stop(0)


async def _refusal(call: Awaitable[Any]) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call
    assert RemoteError.from_rpc(refused.value).reason == BACKEND_DOWN


async def test_the_edge_keeps_the_last_jwks_when_a_refresh_fails(stack):
    moment = [0.0]
    cache = JwksCache(lambda: stack.backends.auth, monotonic=lambda: moment[0])
    document = await cache.fetch()
    assert cache.fresh == document
    await stack.servers["auth"].stop(0)
    moment[0] += FRESH_SECONDS + 1
    assert cache.fresh is None, "stale: the next request asks auth"
    with pytest.raises(grpc.aio.AioRpcError):
        await cache.fetch()
    assert cache.last == document, "what /.well-known/jwks.json then serves"
