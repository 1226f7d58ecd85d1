"""OAuthService authorization requests over gRPC (RFC 9700 checklist, first half), both backends."""

from __future__ import annotations

import json

import grpc
import pytest

from kinetic.auth.v1 import oauth_pb2
from tests.integration.auth.oauth_support import (
    CIMD_ID,
    ISSUER,
    METRIC,
    MUSE,
    MUSE_CALLBACK,
    PRIMED,
    RUNFLOW,
    failure,
    pkce,
    query,
)


async def register(harness, *redirect_uris: str) -> str:
    body = json.dumps({"redirect_uris": list(redirect_uris), "client_name": "Desk App"})
    request = oauth_pb2.RegisterClientRequest(metadata_json=body, remote_address="198.51.100.7")
    return (await harness.oauth.RegisterClient(request)).client.client_id


async def test_metric_muse_is_a_static_client_with_exactly_the_seed_callbacks(harness):
    client = (await harness.oauth.GetClient(oauth_pb2.GetClientRequest(client_id=MUSE))).client
    assert (client.client_name, client.kind) == ("Muse", "static")
    assert list(client.redirect_uris) == [
        "https://agent.meta.ai/api/hatch/oauth/callback",
        "https://muse.ai/connect/oauth-callback",
    ]
    unknown = await failure(harness.oauth.GetClient(oauth_pb2.GetClientRequest(client_id="nobody")))
    assert (unknown.code, unknown.reason) == (grpc.StatusCode.NOT_FOUND, "invalid_client")


async def test_metadata_document_client_resolves_through_the_fetcher(harness):
    client = (await harness.oauth.GetClient(oauth_pb2.GetClientRequest(client_id=CIMD_ID))).client
    assert (client.kind, client.client_name) == ("metadata_document", "Muse (CIMD)")
    _, challenge = pkce()
    started = await harness.start(challenge, client_id=CIMD_ID)
    assert started.client.client_id == CIMD_ID and started.status == "pending"


@pytest.mark.parametrize(
    "redirect_uri",
    [
        MUSE_CALLBACK + "/extra",  # extra path
        MUSE_CALLBACK + "?next=evil",  # extra query
        "https://Muse.ai/connect/oauth-callback",  # different case
        "https://evil.example/connect/oauth-callback",  # foreign host
        "https://muse.ai/connect/oauth-callback/",  # trailing slash
    ],
)
async def test_redirect_uri_must_match_exactly_and_is_never_redirected_to(harness, redirect_uri):
    _, challenge = pkce()
    error = await failure(
        harness.oauth.StartAuthorization(harness.params(challenge, redirect_uri=redirect_uri))
    )
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "invalid_request")
    assert error.metadata["redirect"] == "false"
    assert error.metadata["field"] == "redirect_uri"


async def test_unknown_client_is_not_redirected(harness):
    _, challenge = pkce()
    error = await failure(harness.oauth.StartAuthorization(harness.params(challenge, client_id="who")))
    assert (error.reason, error.metadata["redirect"]) == ("invalid_client", "false")


async def test_loopback_redirect_may_use_another_port_but_nothing_else(harness):
    client_id = await register(harness, "http://127.0.0.1:8765/callback", "http://[::1]/cb")
    _, challenge = pkce()
    ok = await harness.start(challenge, client_id=client_id, redirect_uri="http://127.0.0.1:50123/callback")
    assert ok.redirect_uri == "http://127.0.0.1:50123/callback"
    assert (await harness.start(challenge, client_id=client_id, redirect_uri="http://[::1]:4000/cb")).status
    for wrong in (
        "http://127.0.0.1:50123/callback/x",
        "http://127.0.0.1:50123/callback?x=1",
        "http://localhost:8765/callback",
        "https://127.0.0.1:8765/callback",
    ):
        error = await failure(
            harness.oauth.StartAuthorization(
                harness.params(challenge, client_id=client_id, redirect_uri=wrong)
            )
        )
        assert (error.reason, error.metadata["redirect"]) == ("invalid_request", "false"), wrong


@pytest.mark.parametrize(
    ("overrides", "reason", "field"),
    [
        ({"response_type": "token"}, "unsupported_response_type", "response_type"),
        ({"code_challenge_method": "plain"}, "invalid_request", "code_challenge_method"),
        ({"code_challenge": "", "code_challenge_method": ""}, "invalid_request", "code_challenge"),
        ({"code_challenge_method": ""}, "invalid_request", "code_challenge_method"),
        ({"resource": ""}, "invalid_target", "resource"),
        ({"resource": ISSUER + "/mcp/unknown"}, "invalid_target", "resource"),
        ({"resource": METRIC + "/"}, "invalid_target", "resource"),
        ({"scope": "training admin"}, "invalid_scope", "scope"),
        ({"scope": "mcp:full"}, "invalid_scope", "scope"),  # a scope of another resource
    ],
)
async def test_errors_after_the_redirect_is_trusted_go_back_to_the_client(harness, overrides, reason, field):
    _, challenge = pkce()
    error = await failure(harness.oauth.StartAuthorization(harness.params(challenge, **overrides)))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason)
    assert error.metadata["redirect"] == "true"
    assert error.metadata["redirect_uri"] == MUSE_CALLBACK
    assert error.metadata["field"] == field
    assert error.message.startswith(field)


@pytest.mark.parametrize(
    ("resource", "scope", "expected"),
    [
        (METRIC, "", ["training"]),
        (METRIC, "training:read training:write training:delete", ["training"]),
        (METRIC, "training:read training", ["training"]),
        (
            PRIMED,
            "",
            ["primed:profile:read", "primed:coaching:read", "primed:training:read", "primed:activities:read"],
        ),
        (PRIMED, "primed:coaching:read", ["primed:coaching:read"]),
        (RUNFLOW, "", ["mcp:full"]),
        (ISSUER + "/mcp/client-ai", "", ["client_ai"]),
        (ISSUER + "/mcp/ows", "ows", ["ows"]),
    ],
)
async def test_scopes_are_normalized_per_resource(harness, resource, scope, expected):
    _, challenge = pkce()
    started = await harness.start(challenge, resource=resource, scope=scope)
    assert list(started.scopes) == expected
    assert started.resource == resource


async def test_pending_request_is_readable_and_its_id_unguessable(harness):
    _, challenge = pkce()
    started = await harness.start(challenge)
    assert len(started.authorization_id) >= 43
    assert started.expire_time.ToDatetime().timestamp() == pytest.approx(harness.clock().timestamp() + 600)
    read = await harness.oauth.GetAuthorization(
        oauth_pb2.GetAuthorizationRequest(authorization_id=started.authorization_id)
    )
    assert read.authorization == started
    assert (read.authorization.client.client_name, read.authorization.status) == ("Muse", "pending")
    missing = await failure(
        harness.oauth.GetAuthorization(oauth_pb2.GetAuthorizationRequest(authorization_id="x"))
    )
    assert missing.code == grpc.StatusCode.NOT_FOUND


async def test_approval_redirect_carries_code_state_and_iss(harness):
    _, challenge = pkce()
    started = await harness.start(challenge, state="xyz")
    decided = await harness.decide(started.authorization_id)
    assert decided.status == "approved"
    assert decided.redirect_to.startswith(MUSE_CALLBACK + "?")
    params = query(decided.redirect_to)
    assert (params["state"], params["iss"]) == ("xyz", ISSUER)
    assert len(params["code"]) >= 43
    read = await harness.oauth.GetAuthorization(
        oauth_pb2.GetAuthorizationRequest(authorization_id=started.authorization_id)
    )
    assert read.authorization.redirect_to == decided.redirect_to  # the waiting browser continues with it


async def test_denial_redirect_carries_access_denied_state_and_iss(harness):
    _, challenge = pkce()
    started = await harness.start(challenge, state="abc")
    decided = await harness.decide(started.authorization_id, approve=False)
    assert decided.status == "denied"
    assert query(decided.redirect_to) == {"error": "access_denied", "state": "abc", "iss": ISSUER}


async def test_redirect_uri_with_a_query_gets_parameters_appended(harness):
    client_id = await register(harness, "https://app.example/cb?tenant=7")
    _, challenge = pkce()
    started = await harness.start(
        challenge, client_id=client_id, redirect_uri="https://app.example/cb?tenant=7"
    )
    decided = await harness.decide(started.authorization_id, approve=False)
    assert decided.redirect_to.startswith("https://app.example/cb?tenant=7&error=access_denied&")
    assert query(decided.redirect_to)["iss"] == ISSUER


async def test_a_request_is_decided_once(harness):
    _, challenge = pkce()
    started = await harness.start(challenge)
    await harness.decide(started.authorization_id)
    for approve in (True, False):
        error = await failure(harness.decide(started.authorization_id, approve))
        assert (error.code, error.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "authorization_already_decided",
        )


async def test_a_pending_request_expires_after_ten_minutes(harness):
    _, challenge = pkce()
    started = await harness.start(challenge)
    harness.clock.advance(601)
    read = await harness.oauth.GetAuthorization(
        oauth_pb2.GetAuthorizationRequest(authorization_id=started.authorization_id)
    )
    assert read.authorization.status == "expired"
    error = await failure(harness.decide(started.authorization_id))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "authorization_expired")
