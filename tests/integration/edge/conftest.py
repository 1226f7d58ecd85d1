"""An in-process Kinetic: the four services on port 0 and the real edge app under uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
import pytest_asyncio
import uvicorn

from edge.app import create_app
from edge.backends import Backends
from edge.flood_gate import RefusedAddresses
from edge.http_protocol import http_protocol
from kinetic.auth.v1 import auth_pb2
from kinetic.grpc_server import RunningServer
from kinetic.ports import bind_listener
from kinetic.protected_resources import METRIC
from kinetic.settings import EdgeSettings, ServiceSettings
from services.analytics import bootstrap as analytics
from services.auth import bootstrap as auth
from services.sessions import bootstrap as sessions
from services.sessions.service_layer.session_support import utc_now
from services.training import bootstrap as training
from tests.conftest import EngineFactory

START_TIMEOUT_SECONDS = 20.0


@dataclass
class Stack:
    base_url: str
    mcp_url: str
    backends: Backends
    account_id: str
    api_key: str
    servers: dict[str, RunningServer]
    settings: EdgeSettings

    async def access_token(self, audience: str | None = None, scopes: tuple[str, ...] = ("training",)) -> str:
        response = await self.backends.auth.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=self.account_id, audience=audience or self.mcp_url, scopes=list(scopes)
            )
        )
        return str(response.access_token)


@pytest.fixture
async def stack(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Stack]:
    async with running_stack(sqlite_engines, tmp_path) as running:
        yield running


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def module_stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    """One stack for a whole module, cheaper than a stack per test: its tests share the account, so
    each makes what it reads. The module runs on the fixture's event loop: it declares
    ``pytestmark = pytest.mark.asyncio(loop_scope="module")``."""
    tmp_path = tmp_path_factory.mktemp("stack")
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(factory, tmp_path) as running:
            yield running
    finally:
        factory.close()


@pytest_asyncio.fixture(loop_scope="module")
async def account_stack(module_stack: Stack) -> Stack:
    """The module's stack with a new account and API key of the test's own: a test written for a fresh
    stack (an empty library, a budget of its own) runs on the module's servers at the cost of one
    account (decision 0079). A test that stops a server, moves a clock or needs the whole store keeps
    ``stack``, marked ``pytest.mark.asyncio(loop_scope="function")`` in a module on the module's loop."""
    return await _with_account(
        module_stack.settings,
        module_stack.backends,
        module_stack.servers,
        email=f"ada-{uuid.uuid4().hex[:12]}@example.com",
    )


@pytest.fixture
async def stack_on_each_database(engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Stack]:
    """The stack with every service storing in SQLite, then in PostgreSQL."""
    async with running_stack(engines, tmp_path) as running:
        yield running


@contextlib.asynccontextmanager
async def running_stack(
    engines: EngineFactory,
    tmp_path: Path,
    *,
    sessions_clock: Callable[[], datetime] | None = None,
    training_clock: Callable[[], datetime] | None = None,
) -> AsyncIterator[Stack]:
    """The four services on ``engines``' database and the edge, with one account and its API key;
    ``sessions_clock`` (real time when None) dates the sessions, to log weeks of training at once;
    ``training_clock`` (real time when None) is training's, to age deletion previews."""
    # Bound as edge/__main__.py binds it (kinetic.ports): a socket made with socket.socket() has
    # protocol 0, asyncio then leaves TCP_NODELAY off on its connections, and every answer after the
    # first on a kept-alive connection waits ~40 ms for the client's delayed ACK (decision 0109).
    sock = bind_listener("127.0.0.1", 0)
    port = sock.getsockname()[1]
    base_url = f"http://127.0.0.1:{port}"
    # The auth service signs tokens with the edge's public origin as issuer.
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": base_url}
    servers: dict[str, RunningServer] = {}
    servers["auth"] = await auth.start(ServiceSettings.from_env("auth", env), port=0, engine=engines("auth"))
    servers["training"] = await training.start(
        ServiceSettings.from_env("training", env),
        port=0,
        engine=engines("training"),
        clock=training_clock or utc_now,
        # Analytics starts later, on a port not known yet (decision 0096).
        analytics_target=lambda: f"127.0.0.1:{servers['analytics'].port}",
    )
    # Sessions marks occurrences in training, so occurrence sessions work through the stack.
    servers["sessions"] = await sessions.start(
        ServiceSettings.from_env("sessions", env),
        port=0,
        engine=engines("sessions"),
        training_target=f"127.0.0.1:{servers['training'].port}",
        clock=sessions_clock or utc_now,
    )
    servers["analytics"] = await analytics.start(
        ServiceSettings.from_env("analytics", env),
        port=0,
        engine=engines("analytics"),
        sessions_target=f"127.0.0.1:{servers['sessions'].port}",
        training_target=f"127.0.0.1:{servers['training'].port}",
    )
    targets = {name: f"127.0.0.1:{server.port}" for name, server in servers.items()}

    settings = EdgeSettings(host="127.0.0.1", port=port, public_url=base_url, targets=targets)
    backends = Backends.connect(targets)
    try:
        async with serve_edge(settings, backends, sock):
            yield await _with_account(settings, backends, servers)
    finally:
        await backends.close()
        for running in servers.values():
            await running.stop(0)
        sock.close()


async def _with_account(
    settings: EdgeSettings,
    backends: Backends,
    servers: dict[str, RunningServer],
    email: str = "ada@example.com",
) -> Stack:
    account = await backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=email, password="correct horse battery", display_name="Ada", time_zone="UTC"
        )
    )
    key = await backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account.account.account_id, name="tests", scopes=["training"])
    )
    base_url = settings.public_url
    return Stack(
        base_url, base_url + METRIC.path, backends, account.account.account_id, key.secret, servers, settings
    )


@contextlib.asynccontextmanager
async def serve_edge(settings: EdgeSettings, backends: Backends, sock: socket.socket) -> AsyncIterator[str]:
    """The real edge app under uvicorn on ``sock``, with the edge's HTTP protocol; yields its base URL."""
    # As edge/__main__.py: the app and the protocol share the addresses turned away (edge.flood_gate).
    refused_addresses = RefusedAddresses()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(settings, backends, refused_addresses),
            http=http_protocol(settings, refused_addresses),
            log_level="warning",
            lifespan="on",
            proxy_headers=False,  # as edge/__main__.py: only KINETIC_TRUSTED_PROXY_HOPS reads the header
        )
    )
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        async with asyncio.timeout(START_TIMEOUT_SECONDS):
            while not server.started:  # noqa: ASYNC110 - uvicorn exposes only this flag
                await asyncio.sleep(0.01)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        await serving


@contextlib.asynccontextmanager
async def edge_replica(settings: EdgeSettings, backends: Backends) -> AsyncIterator[str]:
    """Another edge instance on the same backends (a second replica); yields its base URL."""
    # Bound as edge/__main__.py binds it (kinetic.ports): a socket made with socket.socket() has
    # protocol 0, asyncio then leaves TCP_NODELAY off on its connections, and every answer after the
    # first on a kept-alive connection waits ~40 ms for the client's delayed ACK (decision 0109).
    sock = bind_listener("127.0.0.1", 0)
    try:
        async with serve_edge(settings, backends, sock) as url:
            yield url
    finally:
        sock.close()
