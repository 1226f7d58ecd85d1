"""Client registration (dynamic and static) and racing redemptions straight on storage, both backends."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import pytest

from kinetic.auth.v1 import oauth_pb2
from kinetic.errors import AlreadyExists, DomainError, InvalidArgument
from kinetic.storage import upgrade
from services.auth.bootstrap import MIGRATIONS, AuthApp, build_app
from services.auth.service_layer.oauth_authorizations import AuthorizationParameters
from services.auth.service_layer.oauth_tokens import TokenGrantRequest
from tests.integration.auth.oauth_support import (
    ISSUER,
    METRIC,
    MUSE,
    MUSE_CALLBACK,
    PASSWORD,
    Clock,
    failure,
    offline_fetcher,
    pkce,
    query,
)


def registration(**fields: object) -> str:
    body: dict[str, object] = {"redirect_uris": ["https://app.example/cb"], "client_name": "Desk"}
    body.update(fields)
    return json.dumps(body)


async def test_dynamic_registration_returns_an_rfc7591_body(harness):
    request = oauth_pb2.RegisterClientRequest(metadata_json=registration(), remote_address="198.51.100.1")
    result = await harness.oauth.RegisterClient(request)
    body = json.loads(result.response_json)
    assert body["client_id"] == result.client.client_id and result.client.kind == "registered"
    assert body["token_endpoint_auth_method"] == "none"
    assert body["grant_types"] == ["authorization_code", "refresh_token"]
    assert body["client_id_issued_at"] == int(harness.clock().timestamp())
    fetched = await harness.oauth.GetClient(oauth_pb2.GetClientRequest(client_id=result.client.client_id))
    assert fetched.client == result.client


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (registration(redirect_uris=["http://app.example/cb"]), "invalid_redirect_uri"),
        (registration(token_endpoint_auth_method="client_secret_basic"), "invalid_client_metadata"),
        (registration(grant_types=["authorization_code", "implicit"]), "invalid_client_metadata"),
        ("not json", "invalid_client_metadata"),
        ("[]", "invalid_client_metadata"),
    ],
)
async def test_invalid_registrations(harness, body, reason):
    request = oauth_pb2.RegisterClientRequest(metadata_json=body, remote_address="198.51.100.1")
    error = await failure(harness.oauth.RegisterClient(request))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason)


async def test_registration_is_limited_to_twenty_per_address_per_hour(harness):
    def request(address: str) -> oauth_pb2.RegisterClientRequest:
        return oauth_pb2.RegisterClientRequest(metadata_json=registration(), remote_address=address)

    for _ in range(20):
        await harness.oauth.RegisterClient(request("203.0.113.9"))
    limited = await failure(harness.oauth.RegisterClient(request("203.0.113.9")))
    assert (limited.code, limited.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "rate_limited")
    assert (await harness.oauth.RegisterClient(request("203.0.113.10"))).client.client_id
    harness.clock.advance(3601)
    assert (await harness.oauth.RegisterClient(request("203.0.113.9"))).client.client_id


@pytest.fixture
def app(engines) -> AuthApp:
    engine = engines("auth")
    upgrade(engine, MIGRATIONS)
    fetcher, _ = offline_fetcher()
    return build_app(engine, issuer=ISSUER, clock=Clock(), fetcher=fetcher)


def test_static_registration(app):
    client = app.clients.register_static_client(
        "desk-app", "Desk App", ["https://desk.example/cb", "http://127.0.0.1/cb"]
    )
    assert app.clients.get_client("desk-app") == client
    assert client.kind == "static"
    with pytest.raises(AlreadyExists):
        app.clients.register_static_client("desk-app", "Desk App", ["https://desk.example/cb"])
    with pytest.raises(AlreadyExists):
        app.clients.register_static_client(MUSE, "Fake Muse", ["https://evil.example/cb"])
    for client_id, uris in (
        ("https://x.example/c", ["https://x.example/cb"]),
        ("ok", ["http://evil.example/cb"]),
        ("ok", []),
    ):
        with pytest.raises(InvalidArgument):
            app.clients.register_static_client(client_id, "X", uris)


def _approved_code(app: AuthApp) -> tuple[str, str]:
    account = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    verifier, challenge = pkce()
    started = app.authorizations.start(
        AuthorizationParameters("code", MUSE, MUSE_CALLBACK, "training", METRIC, "s", challenge, "S256")
    )
    decided = app.authorizations.decide(started.authorization_id, account.account_id, True)
    return query(decided.redirect_to)["code"], verifier


def _race(call, attempts: int = 8) -> tuple[list[Any], list[DomainError]]:
    """Run ``call`` in several threads released at once; returns (results, domain errors)."""
    barrier = threading.Barrier(attempts)

    def attempt() -> object:
        barrier.wait()
        try:
            return call()
        except DomainError as error:
            return error

    with ThreadPoolExecutor(attempts) as pool:
        outcomes = list(pool.map(lambda _: attempt(), range(attempts)))
    errors = [o for o in outcomes if isinstance(o, DomainError)]
    return [o for o in outcomes if not isinstance(o, DomainError)], errors


def test_racing_code_redemptions_in_threads_have_one_winner(app):
    code, verifier = _approved_code(app)
    request = TokenGrantRequest("authorization_code", MUSE, code, MUSE_CALLBACK, verifier, resource=METRIC)
    won, lost = _race(lambda: app.oauth_tokens.exchange(request))
    assert len(won) == 1
    assert {error.reason for error in lost} == {"invalid_grant"}


def test_racing_refreshes_in_threads_have_at_most_one_winner_and_end_the_family(app):
    code, verifier = _approved_code(app)
    first = app.oauth_tokens.exchange(
        TokenGrantRequest("authorization_code", MUSE, code, MUSE_CALLBACK, verifier, resource=METRIC)
    )
    request = TokenGrantRequest("refresh_token", MUSE, refresh_token=first.refresh_token, resource=METRIC)
    won, lost = _race(lambda: app.oauth_tokens.exchange(request))
    assert len(won) <= 1 and {error.reason for error in lost} == {"invalid_grant"}
    # The losers presented a rotated token: the family is revoked, the winner's tokens included.
    for response in won:
        refresh = TokenGrantRequest(
            "refresh_token", MUSE, refresh_token=response.refresh_token, resource=METRIC
        )
        with pytest.raises(DomainError):
            app.oauth_tokens.exchange(refresh)
