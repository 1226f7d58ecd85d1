"""Builds the auth service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine

from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from kinetic.grpc_server import RunningServer, ServerTrust, ServiceBinding, create_server
from kinetic.settings import AuthSettings, PurgeSettings, ServiceSettings
from kinetic.storage import engine_for, upgrade
from services.auth.adapters import service_erasers
from services.auth.adapters.cimd import MetadataDocumentFetcher
from services.auth.domain.passwords import PasswordHasher
from services.auth.entrypoints.grpc import AuthServicer
from services.auth.entrypoints.oauth_grpc import OAuthServicer
from services.auth.service_layer.account_deletion import AccountDeletionService
from services.auth.service_layer.accounts import AccountService
from services.auth.service_layer.api_keys import ApiKeyService
from services.auth.service_layer.erasure_outbox import Eraser, ErasureOutbox, Wait
from services.auth.service_layer.oauth_authorizations import AuthorizationService
from services.auth.service_layer.oauth_clients import ClientService
from services.auth.service_layer.oauth_grants import BrowserSessionService, GrantService
from services.auth.service_layer.oauth_tokens import OAuthTokenService
from services.auth.service_layer.purge import PeriodicPurge, PurgeService
from services.auth.service_layer.revocations import RevocationLog
from services.auth.service_layer.tokens import TokenService

MIGRATIONS = Path(__file__).parent / "migrations"
SERVICE_NAME = "kinetic.auth.v1.AuthService"
OAUTH_SERVICE_NAME = "kinetic.auth.v1.OAuthService"


@dataclass
class AuthApp:
    """Everything the auth service's entrypoints use."""

    engine: Engine
    issuer: str
    accounts: AccountService
    api_keys: ApiKeyService
    tokens: TokenService
    clients: ClientService
    authorizations: AuthorizationService
    oauth_tokens: OAuthTokenService
    grants: GrantService
    browser_sessions: BrowserSessionService
    deletion: AccountDeletionService
    purge: PurgeService
    revocations: RevocationLog
    erasure: ErasureOutbox


def _utc_now() -> datetime:
    return datetime.now(UTC)


def build_app(
    engine: Engine,
    *,
    issuer: str,
    auth_settings: AuthSettings | None = None,
    clock: Callable[[], datetime] | None = None,
    fetcher: MetadataDocumentFetcher | None = None,
    purge_grace_seconds: int | None = None,
    erasers: Mapping[str, Eraser] | None = None,
) -> AuthApp:
    """Wire the use cases on a migrated ``engine``; ``clock`` lets tests fix the time, ``fetcher``
    replaces the network fetch of Client ID Metadata Documents, ``purge_grace_seconds`` the
    settings' grace, ``erasers`` how each service erases a deleted account (none: the outbox only
    fills, as for the command line). ``auth_settings`` defaults to ``AuthSettings()``."""
    auth_settings = auth_settings or AuthSettings()
    clock = clock or _utc_now
    fetcher = fetcher or MetadataDocumentFetcher(auth_settings.cimd_allowed_hosts)
    grace = auth_settings.purge.grace_seconds if purge_grace_seconds is None else purge_grace_seconds
    tokens = TokenService(engine, issuer, clock)
    clients = ClientService(engine, clock, fetcher)
    hasher = PasswordHasher()
    revocations = RevocationLog(engine, clock)
    return AuthApp(
        engine=engine,
        issuer=issuer,
        accounts=AccountService(engine, hasher, clock, revocations),
        api_keys=ApiKeyService(engine, clock, revocations),
        tokens=tokens,
        clients=clients,
        authorizations=AuthorizationService(engine, issuer, clock, clients),
        oauth_tokens=OAuthTokenService(engine, issuer, clock, tokens, revocations),
        grants=GrantService(engine, clock, revocations),
        browser_sessions=BrowserSessionService(engine, clock),
        deletion=AccountDeletionService(engine, hasher, clock, revocations),
        purge=PurgeService(engine, clock, grace),
        revocations=revocations,
        erasure=ErasureOutbox(engine, clock, erasers or {}),
    )


def prepare(
    settings: ServiceSettings,
    engine: Engine | None = None,
    *,
    clock: Callable[[], datetime] | None = None,
    fetcher: MetadataDocumentFetcher | None = None,
    purge_grace_seconds: int | None = None,
    erasers: Mapping[str, Eraser] | None = None,
) -> AuthApp:
    """Open (unless given) and migrate storage, build the app, and make sure a signing key exists."""
    engine = engine or engine_for(settings)
    # Statements' bound values hold secrets (the approved redirect carries its code): keep them out
    # of SQLAlchemy's log lines and error messages (docs/decisions/0016).
    engine.hide_parameters = True
    upgrade(engine, MIGRATIONS)
    app = build_app(
        engine,
        issuer=settings.issuer,
        auth_settings=settings.auth,
        clock=clock,
        fetcher=fetcher,
        purge_grace_seconds=purge_grace_seconds,
        erasers=erasers,
    )
    app.tokens.ensure_signing_key()
    return app


async def start(
    settings: ServiceSettings,
    *,
    port: int | None = None,
    engine: Engine | None = None,
    clock: Callable[[], datetime] | None = None,
    fetcher: MetadataDocumentFetcher | None = None,
    purge: PurgeSettings | None = None,
    purge_wait: Callable[[float], Awaitable[object]] | None = None,
    erasure_targets: Mapping[str, str] | None = None,
    erasure_wait: Wait | None = None,
) -> RunningServer:
    """Prepare storage and start the gRPC server (``port=0`` picks a free port), the periodic
    purge of expired OAuth rows (``purge`` replaces ``settings.auth.purge``) and the erasure outbox,
    which asks training, sessions and analytics to erase deleted accounts at ``erasure_targets``
    (default ``settings.targets``) until each confirms (docs/decisions/0033).

    ``clock``, ``fetcher``, ``purge_wait`` (what the purge task awaits between runs) and
    ``erasure_wait`` (what the erasure task awaits between rounds) are for tests.
    """
    purge = purge or settings.auth.purge
    dialled = service_erasers.dial({**settings.targets, **(erasure_targets or {})}, settings.tls)
    app = prepare(
        settings,
        engine,
        clock=clock,
        fetcher=fetcher,
        purge_grace_seconds=purge.grace_seconds,
        erasers=dialled.erasers,
    )
    bindings = [
        ServiceBinding(AuthServicer(app), auth_pb2_grpc.add_AuthServiceServicer_to_server, SERVICE_NAME),
        ServiceBinding(
            OAuthServicer(app), oauth_pb2_grpc.add_OAuthServiceServicer_to_server, OAUTH_SERVICE_NAME
        ),
    ]
    running = await create_server(
        bindings, settings.listen_host, settings.port if port is None else port, ServerTrust.of(settings)
    )
    # Revocation streams never finish by themselves: end them before the graceful stop waits on them.
    running.before_stop.append(app.revocations.close)
    running.on_stop.append(_background(app.erasure.run(erasure_wait), "auth-erasure"))
    running.on_stop.append(dialled.close)
    if purge.interval_seconds > 0:
        periodic = PeriodicPurge(app.purge.purge, purge.interval_seconds, purge_wait or asyncio.sleep)
        running.on_stop.append(_background(periodic.run(), "auth-purge"))
    return running


def _background(work: Coroutine[object, object, None], name: str) -> Callable[[], Awaitable[None]]:
    """Start ``work`` as a task; returns what cancels it and waits for it to end."""
    task = asyncio.create_task(work, name=name)

    async def stop() -> None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    return stop
