"""An in-process Kinetic for the OAuth pages: the auth service on port 0 (and, when asked, the
training service) and the real edge app under uvicorn, its OAuth routes wired by ``create_app``.

Shared by ``tests/integration/oauth_edge`` and ``tests/browser``; the auth service's real
``kinetic.auth.v1.OAuthService`` serves every OAuth call.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import inspect
import secrets
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from edge.app import create_app
from edge.backends import Backends
from kinetic.auth.v1 import auth_pb2, oauth_pb2_grpc
from kinetic.grpc_server import RunningServer
from kinetic.protected_resources import METRIC
from kinetic.settings import EdgeSettings, ServiceSettings
from services.auth import bootstrap as auth

START_TIMEOUT_SECONDS = 20.0
EMAIL = "ada@example.com"
PASSWORD = "correct horse battery"
MUSE_CALLBACK = "https://muse.ai/connect/oauth-callback"


def real_oauth_service() -> bool:
    """Whether the auth service registers OAuthService (then the stand-in is not used)."""
    return "kinetic.auth.v1.OAuthService" in Path(auth.__file__).read_text(encoding="utf-8")


class Clock:
    """A clock tests move forward instead of sleeping."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def pkce_pair() -> tuple[str, str]:
    """A fresh (verifier, S256 challenge)."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


@dataclass
class OAuthStack:
    base_url: str
    resource: str
    backends: Backends
    oauth: oauth_pb2_grpc.OAuthServiceStub
    account_id: str
    clock: Clock
    clock_injected: bool
    real_service: bool

    def authorize_params(self, challenge: str, **overrides: str) -> dict[str, str]:
        """A valid authorization request for Muse, with ``overrides`` applied."""
        params = {
            "response_type": "code",
            "client_id": "metric-muse",
            "redirect_uri": MUSE_CALLBACK,
            "scope": "training",
            "resource": self.resource,
            "state": secrets.token_urlsafe(12),
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        params.update(overrides)
        return params


def _starlette(app: Any) -> Starlette:
    # create_app wraps the app in tracing middleware only when an exporter is configured.
    while not isinstance(app, Starlette):
        app = app.app
    return app


async def _callback(request: Any) -> HTMLResponse:
    return HTMLResponse("<!doctype html><title>callback</title><p id='callback'>callback received</p>")


@contextlib.asynccontextmanager
async def running_stack(
    engine: Any, data_dir: Path, training_engine: Any = None
) -> AsyncIterator[OAuthStack]:
    """Start auth (and training when ``training_engine`` is given) and the edge; stop everything
    afterwards. Without training, its channel points at auth, which answers UNIMPLEMENTED."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    base_url = f"http://127.0.0.1:{port}"
    env = {"KINETIC_DATA_DIR": str(data_dir), "KINETIC_PUBLIC_URL": base_url}
    clock = Clock()
    servers: list[RunningServer] = []
    # Where auth erases deleted accounts (decision 0033): training when it runs, else nowhere.
    erasure_targets = dict.fromkeys(("training", "sessions", "analytics"), "127.0.0.1:1")
    if training_engine is not None:
        # Imported here: the tests that need no training service do not depend on its code.
        from services.training import bootstrap as training

        servers.append(
            await training.start(ServiceSettings.from_env("training", env), port=0, engine=training_engine)
        )
        erasure_targets["training"] = f"127.0.0.1:{servers[-1].port}"
    options: dict[str, Any] = {"port": 0, "engine": engine, "erasure_targets": erasure_targets}
    clock_injected = "clock" in inspect.signature(auth.start).parameters
    if clock_injected:
        options["clock"] = clock
    servers.insert(0, await auth.start(ServiceSettings.from_env("auth", env), **options))
    auth_target = f"127.0.0.1:{servers[0].port}"
    # Only auth (and training, for the library erasure) is called; the other channels stay idle.
    targets = {name: auth_target for name in ("auth", "training", "sessions", "analytics")}
    if training_engine is not None:
        targets["training"] = erasure_targets["training"]
    backends = Backends.connect(targets)
    real = real_oauth_service()
    oauth = backends.oauth

    settings = EdgeSettings(host="127.0.0.1", port=port, public_url=base_url, targets=targets)
    app = create_app(settings, backends)
    _starlette(app).router.routes[:0] = [Route("/test/callback", _callback)]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        async with asyncio.timeout(START_TIMEOUT_SECONDS):
            while not server.started:  # noqa: ASYNC110 - uvicorn exposes only this flag
                await asyncio.sleep(0.01)
        account = await backends.auth.CreateAccount(
            auth_pb2.CreateAccountRequest(email=EMAIL, password=PASSWORD, display_name="Ada", time_zone="UTC")
        )
        yield OAuthStack(
            base_url,
            base_url + METRIC.path,
            backends,
            oauth,
            account.account.account_id,
            clock,
            clock_injected,
            real,
        )
    finally:
        server.should_exit = True
        await serving
        await backends.close()
        for running in servers:
            await running.stop(0)
        sock.close()
