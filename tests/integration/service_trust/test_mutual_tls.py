"""Service-to-service trust (decision 0043): the four services on port 0 with certificates this test
makes, each requiring a client certificate from Kinetic's CA and admitting only the callers
``CALLERS`` lists; the services' own calls to each other work over the same TLS."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx2
import pytest
import uvicorn
from grpc_health.v1 import health_pb2, health_pb2_grpc

from edge.app import create_app
from edge.backends import Backends
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.grpc_server import RunningServer
from kinetic.service_trust import CALLERS, PROCESS_NAMES, open_channel
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import SERVICE_NAMES, EdgeSettings, ServiceSettings, TlsSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.analytics import bootstrap as analytics
from services.auth import bootstrap as auth
from services.auth.adapters import erasure_outbox
from services.sessions import bootstrap as sessions
from services.training import bootstrap as training
from tests.conftest import EngineFactory
from tests.eventually import eventually
from tests.integration.service_trust.certificates import CertificateAuthority

PASSWORD = "correct horse battery"
ACCOUNT = "00000000-0000-4000-8000-000000000001"


@dataclass
class TrustedKinetic:
    servers: dict[str, RunningServer]
    targets: dict[str, str]
    certificates: dict[str, TlsSettings]
    foreign_edge: TlsSettings
    auth_engine: Any


def settings_for(name: str, tmp_path: Path, tls_dir: Path) -> ServiceSettings:
    # Through the environment, as a pod's KINETIC_TLS_DIR; the plaintext health port on any free port.
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_TLS_DIR": str(tls_dir)}
    return dataclasses.replace(ServiceSettings.from_env(name, env), health_port=0)


@contextlib.asynccontextmanager
async def trusted_kinetic(engines: EngineFactory, tmp_path: Path) -> AsyncIterator[TrustedKinetic]:
    authority = CertificateAuthority.create("kinetic-test-ca")
    certificates = {
        name: authority.issue(name, tmp_path / "tls" / name) for name in (*PROCESS_NAMES, "intruder")
    }
    foreign_edge = CertificateAuthority.create("someone-else").issue("edge", tmp_path / "foreign" / "edge")
    settings = {name: settings_for(name, tmp_path, tmp_path / "tls" / name) for name in SERVICE_NAMES}
    servers: dict[str, RunningServer] = {}
    try:
        servers["training"] = await training.start(
            settings["training"],
            port=0,
            engine=engines("training"),
            # Analytics starts later, on a port not known yet (decision 0096).
            analytics_target=lambda: f"127.0.0.1:{servers['analytics'].port}",
        )
        training_target = f"127.0.0.1:{servers['training'].port}"
        servers["sessions"] = await sessions.start(
            settings["sessions"], port=0, engine=engines("sessions"), training_target=training_target
        )
        servers["analytics"] = await analytics.start(
            settings["analytics"],
            port=0,
            engine=engines("analytics"),
            sessions_target=f"127.0.0.1:{servers['sessions'].port}",
            training_target=training_target,
        )
        targets = {name: f"127.0.0.1:{server.port}" for name, server in servers.items()}
        auth_engine = engines("auth")
        servers["auth"] = await auth.start(
            settings["auth"], port=0, engine=auth_engine, erasure_targets=dict(targets)
        )
        targets["auth"] = f"127.0.0.1:{servers['auth'].port}"
        yield TrustedKinetic(servers, targets, certificates, foreign_edge, auth_engine)
    finally:
        for running in servers.values():
            await running.stop(0)


@pytest.fixture
async def kinetic(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[TrustedKinetic]:
    async with trusted_kinetic(sqlite_engines, tmp_path) as running:
        yield running


# One cheap call per service that reads or erases nothing of a real account.
def _call(service: str) -> Callable[[grpc.aio.Channel], Awaitable[Any]]:
    async def call(channel: grpc.aio.Channel) -> Any:
        if service == "auth":
            return await auth_pb2_grpc.AuthServiceStub(channel).GetJwks(auth_pb2.GetJwksRequest(), timeout=5)
        if service == "training":
            stub = training_pb2_grpc.TrainingServiceStub(channel)
            return await stub.EraseAccount(training_pb2.EraseAccountRequest(account_id=ACCOUNT), timeout=5)
        if service == "sessions":
            stub = sessions_pb2_grpc.SessionsServiceStub(channel)
            return await stub.EraseAccount(sessions_pb2.EraseAccountRequest(account_id=ACCOUNT), timeout=5)
        stub = analytics_pb2_grpc.AnalyticsServiceStub(channel)
        return await stub.EraseAccount(analytics_pb2.EraseAccountRequest(account_id=ACCOUNT), timeout=5)

    return call


async def call_as(kinetic: TrustedKinetic, caller: TlsSettings, service: str) -> grpc.StatusCode:
    channel = open_channel(kinetic.targets[service], caller)
    try:
        await _call(service)(channel)
        return grpc.StatusCode.OK
    except grpc.aio.AioRpcError as error:
        return error.code()
    finally:
        await channel.close(None)


async def test_each_service_admits_exactly_the_callers_the_allow_list_names(kinetic: TrustedKinetic):
    answered = {
        (caller, service): await call_as(kinetic, kinetic.certificates[caller], service)
        for caller in (*PROCESS_NAMES, "intruder")
        for service in SERVICE_NAMES
    }
    expected = {
        (caller, service): grpc.StatusCode.OK
        if caller in CALLERS[service]
        else grpc.StatusCode.PERMISSION_DENIED
        for caller, service in answered
    }
    assert answered == expected
    # The graph the code dials today: the edge everything, sessions training, analytics sessions and
    # training, training analytics (decision 0096), auth the three it asks to erase accounts. A new
    # edge is added here and to CALLERS.
    assert {
        (caller, service) for (caller, service), code in answered.items() if code == grpc.StatusCode.OK
    } == {
        *(("edge", service) for service in SERVICE_NAMES),
        ("sessions", "training"),
        ("analytics", "training"),
        ("analytics", "sessions"),
        ("training", "analytics"),
        ("auth", "training"),
        ("auth", "sessions"),
        ("auth", "analytics"),
    }


async def test_a_refusal_names_the_caller_and_the_service(kinetic: TrustedKinetic):
    channel = open_channel(kinetic.targets["auth"], kinetic.certificates["sessions"])
    try:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await _call("auth")(channel)
    finally:
        await channel.close(None)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert refused.value.details() == (
        "caller 'sessions' may not call the auth service; it admits edge (kinetic/service_trust.py CALLERS)"
    )


async def test_the_edge_backends_reach_every_service_over_mutual_tls(kinetic: TrustedKinetic):
    backends = Backends.connect(kinetic.targets, tls=kinetic.certificates["edge"])
    try:
        account = await backends.auth.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email="ada@example.com", password=PASSWORD, display_name="Ada", time_zone="UTC"
            )
        )
        account_id = account.account.account_id
        library = await backends.training.GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id))
        assert library.library.epoch
        # Analytics reads sessions' and training's feeds itself, with its own certificate.
        await backends.analytics.GetFeedPosition(analytics_pb2.GetFeedPositionRequest(account_id=account_id))
        # Sessions asks training about the occurrence with its own certificate: training's answer
        # (the workout is unknown) comes back, not a refusal.
        with pytest.raises(grpc.aio.AioRpcError) as unknown:
            await backends.sessions.StartOrResumeSession(
                sessions_pb2.StartOrResumeSessionRequest(
                    account_id=account_id,
                    workout_id="no-such-workout",
                    original_scheduled_day="2026-09-21",
                    title="Strength A",
                    device_id="muse",
                )
            )
        assert unknown.value.code() == grpc.StatusCode.NOT_FOUND, unknown.value.details()
        # Auth asks training, sessions and analytics to erase the account, with its own certificate.
        await backends.auth.DeleteAccount(
            auth_pb2.DeleteAccountRequest(account_id=account_id, password=PASSWORD)
        )

        def outbox_empty() -> bool:
            with kinetic.auth_engine.connect() as conn:
                return not erasure_outbox.pending(conn)

        await eventually(outbox_empty, within=10, what="every service confirming the erasure")
    finally:
        await backends.close()


async def test_a_client_without_a_certificate_cannot_connect(kinetic: TrustedKinetic):
    ca_only = grpc.ssl_channel_credentials(
        root_certificates=kinetic.certificates["edge"].ca_file.read_bytes()
    )
    for channel in (
        grpc.aio.secure_channel(kinetic.targets["training"], ca_only),
        grpc.aio.insecure_channel(kinetic.targets["training"]),
    ):
        try:
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await _call("training")(channel)
        finally:
            await channel.close(None)
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


async def test_a_certificate_from_another_ca_is_refused(kinetic: TrustedKinetic):
    # Named "edge" and trusting Kinetic's CA for the server: only its issuer is wrong.
    foreign = kinetic.foreign_edge
    credentials = grpc.ssl_channel_credentials(
        root_certificates=kinetic.certificates["edge"].ca_file.read_bytes(),
        private_key=foreign.key_file.read_bytes(),
        certificate_chain=foreign.cert_file.read_bytes(),
    )
    channel = grpc.aio.secure_channel(kinetic.targets["training"], credentials)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await _call("training")(channel)
    finally:
        await channel.close(None)
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


async def test_health_answers_any_authenticated_caller_and_probes_on_the_plaintext_port(
    kinetic: TrustedKinetic,
):
    check = health_pb2.HealthCheckRequest(service="")
    serving = health_pb2.HealthCheckResponse.SERVING
    for name, server in kinetic.servers.items():
        # The intruder is admitted to nothing else, but health is open to any certificate of the CA.
        secured = open_channel(kinetic.targets[name], kinetic.certificates["intruder"])
        # The kubelet's gRPC probe: plaintext, no certificate, on the health port.
        probe = grpc.aio.insecure_channel(f"127.0.0.1:{server.health_port}")
        try:
            assert (await health_pb2_grpc.HealthStub(secured).Check(check, timeout=5)).status == serving
            assert (await health_pb2_grpc.HealthStub(probe).Check(check, timeout=5)).status == serving
            # The health port serves health only.
            with pytest.raises(grpc.aio.AioRpcError) as other:
                await _call(name)(probe)
            assert other.value.code() == grpc.StatusCode.UNIMPLEMENTED
        finally:
            await secured.close(None)
            await probe.close(None)


async def test_a_draining_service_reads_not_serving_on_the_probe_port(kinetic: TrustedKinetic):
    server = kinetic.servers["training"]
    probe = grpc.aio.insecure_channel(f"127.0.0.1:{server.health_port}")
    try:
        server.health.enter_graceful_shutdown()
        answer = await health_pb2_grpc.HealthStub(probe).Check(
            health_pb2.HealthCheckRequest(service=""), timeout=5
        )
        assert answer.status == health_pb2.HealthCheckResponse.NOT_SERVING
    finally:
        await probe.close(None)


async def test_the_edge_app_with_its_certificate_is_ready_and_follows_revocations_locally(
    kinetic: TrustedKinetic,
):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = EdgeSettings(
        host="127.0.0.1",
        port=sock.getsockname()[1],
        public_url=base_url,
        targets=kinetic.targets,
        tls=kinetic.certificates["edge"],
    )
    # No backends passed: the app dials the services itself from its settings, as `python -m edge`.
    server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await eventually(lambda: server.started, within=20, what="the edge starting")
        async with httpx2.AsyncClient(base_url=base_url, timeout=10) as client:
            ready = await client.get("/readyz")
            assert ready.status_code == 200, ready.text
            # The revocation stream (edge -> auth, server streaming) runs over mutual TLS too.
            await eventually_ready_locally(client)
    finally:
        server.should_exit = True
        await serving
        sock.close()


async def eventually_ready_locally(client: httpx2.AsyncClient) -> None:
    started = time.monotonic()
    while (await client.get("/readyz")).json()["credential_checks"] != "local":
        assert time.monotonic() - started < 10, "the edge never followed auth's revocation stream"
        await asyncio.sleep(0.02)


async def test_a_stream_is_refused_to_an_unlisted_caller_before_it_yields(kinetic: TrustedKinetic):
    channel = open_channel(kinetic.targets["auth"], kinetic.certificates["analytics"])
    try:
        stream = auth_pb2_grpc.AuthServiceStub(channel).WatchRevocations(
            auth_pb2.WatchRevocationsRequest(), timeout=5
        )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await stream.read()
    finally:
        await channel.close(None)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
