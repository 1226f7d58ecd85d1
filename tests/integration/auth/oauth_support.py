"""Helpers of the OAuthService tests: a movable clock, a fake CIMD transport, one-call flows."""

from __future__ import annotations

import base64
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import grpc
import pytest

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc, oauth_pb2, oauth_pb2_grpc
from kinetic.errors import RemoteError
from services.auth.adapters.cimd import FetchTarget, HttpReply, MetadataDocumentFetcher
from services.auth.domain.oauth_flow import s256

ISSUER = "https://kinetic.test"
METRIC = f"{ISSUER}/api/connectors/muse/mcp"
PRIMED = f"{ISSUER}/mcp/primed"
RUNFLOW = f"{ISSUER}/mcp/runflow"
MUSE = "metric-muse"
MUSE_CALLBACK = "https://muse.ai/connect/oauth-callback"
CIMD_ID = "https://muse.ai/oauth/client.json"
PASSWORD = "correct horse battery"
START = datetime(2030, 5, 17, 8, 0, tzinfo=UTC)


class Clock:
    """A clock that stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def cimd_document(client_id: str = CIMD_ID, **fields: object) -> bytes:
    body: dict[str, object] = {
        "client_id": client_id,
        "client_name": "Muse (CIMD)",
        "redirect_uris": [MUSE_CALLBACK],
        "token_endpoint_auth_method": "none",
    }
    body.update(fields)
    return json.dumps(body).encode()


def offline_fetcher(reply: HttpReply | None = None, addresses: tuple[str, ...] = ("93.184.216.34",)):
    """A fetcher whose DNS and HTTP are canned; ``targets`` records what it would have fetched."""
    targets: list[FetchTarget] = []

    def transport(target: FetchTarget) -> HttpReply:
        targets.append(target)
        return reply or HttpReply(200, cimd_document())

    fetcher = MetadataDocumentFetcher(
        ["muse.ai"], resolver=lambda host, port: list(addresses), transport=transport
    )
    return fetcher, targets


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    return verifier, s256(verifier)


def query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def claims(access_token: str) -> dict[str, Any]:
    payload = access_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


async def failure(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


@dataclass
class OAuthHarness:
    """Both stubs of one running auth service, its clock, and a signed-up account."""

    oauth: oauth_pb2_grpc.OAuthServiceStub
    auth: auth_pb2_grpc.AuthServiceStub
    clock: Clock
    account_id: str = ""

    async def create_account(self, email: str = "ada@example.com") -> str:
        request = auth_pb2.CreateAccountRequest(email=email, password=PASSWORD, display_name="Ada")
        return (await self.auth.CreateAccount(request)).account.account_id

    def params(self, challenge: str, **overrides: str) -> oauth_pb2.StartAuthorizationRequest:
        fields = {
            "response_type": "code",
            "client_id": MUSE,
            "redirect_uri": MUSE_CALLBACK,
            "scope": "training",
            "resource": METRIC,
            "state": "s-" + secrets.token_hex(4),
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        fields.update(overrides)
        return oauth_pb2.StartAuthorizationRequest(**fields)

    async def start(self, challenge: str, **overrides: str) -> oauth_pb2.Authorization:
        return (await self.oauth.StartAuthorization(self.params(challenge, **overrides))).authorization

    async def decide(self, authorization_id: str, approve: bool = True) -> oauth_pb2.Authorization:
        request = oauth_pb2.DecideAuthorizationRequest(
            authorization_id=authorization_id, account_id=self.account_id, approve=approve
        )
        return (await self.oauth.DecideAuthorization(request)).authorization

    async def code(self, **overrides: str) -> tuple[str, str]:
        """Start and approve a request; returns (code, verifier)."""
        verifier, challenge = pkce()
        started = await self.start(challenge, **overrides)
        decided = await self.decide(started.authorization_id)
        return query(decided.redirect_to)["code"], verifier

    def exchange_request(self, code: str, verifier: str, **overrides: str) -> oauth_pb2.ExchangeTokenRequest:
        fields = {
            "grant_type": "authorization_code",
            "client_id": MUSE,
            "code": code,
            "redirect_uri": MUSE_CALLBACK,
            "code_verifier": verifier,
            "resource": METRIC,
        }
        fields.update(overrides)
        return oauth_pb2.ExchangeTokenRequest(**fields)

    async def tokens(self, **overrides: str) -> oauth_pb2.ExchangeTokenResponse:
        """A full flow for Muse on the Metric resource."""
        code, verifier = await self.code(**overrides)
        return await self.oauth.ExchangeToken(self.exchange_request(code, verifier))

    async def refresh(self, refresh_token: str, **overrides: str) -> oauth_pb2.ExchangeTokenResponse:
        fields = {
            "grant_type": "refresh_token",
            "client_id": MUSE,
            "refresh_token": refresh_token,
            "resource": METRIC,
        }
        fields.update(overrides)
        return await self.oauth.ExchangeToken(oauth_pb2.ExchangeTokenRequest(**fields))

    async def active(self, access_token: str) -> bool:
        jti = str(claims(access_token)["jti"])
        return (await self.oauth.CheckAccessToken(oauth_pb2.CheckAccessTokenRequest(token_id=jti))).active
