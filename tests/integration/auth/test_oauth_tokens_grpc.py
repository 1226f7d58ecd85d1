"""OAuthService token endpoint, revocation and checks over gRPC (RFC 9700 checklist), both backends."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from kinetic.auth.v1 import auth_pb2, oauth_pb2
from tests.integration.auth.oauth_support import ISSUER, METRIC, MUSE, PRIMED, claims, failure, pkce, query


async def test_code_exchange_issues_a_metric_token_and_a_refresh_token(harness):
    issued = await harness.tokens(scope="training:read training:write")
    assert (issued.token_type, issued.expires_in, issued.scope) == ("Bearer", 900, "training")
    assert len(issued.refresh_token) >= 43
    body = claims(issued.access_token)
    assert body["aud"] == METRIC and body["scope"] == "training" and body["client_id"] == MUSE
    assert body["iss"] == ISSUER and body["sub"] == harness.account_id
    assert body["exp"] - body["iat"] == 900
    assert await harness.active(issued.access_token)


async def test_a_reused_code_fails_and_revokes_what_it_issued(harness):
    code, verifier = await harness.code()
    first = await harness.oauth.ExchangeToken(harness.exchange_request(code, verifier))
    again = await failure(harness.oauth.ExchangeToken(harness.exchange_request(code, verifier)))
    assert (again.code, again.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "invalid_grant")
    assert not await harness.active(first.access_token)
    refreshed = await failure(harness.refresh(first.refresh_token))
    assert refreshed.reason == "invalid_grant"


async def test_two_racing_redemptions_exactly_one_wins(harness):
    for _ in range(3):
        code, verifier = await harness.code()
        request = harness.exchange_request(code, verifier)
        results = await asyncio.gather(
            harness.oauth.ExchangeToken(request), harness.oauth.ExchangeToken(request), return_exceptions=True
        )
        won = [r for r in results if isinstance(r, oauth_pb2.ExchangeTokenResponse)]
        lost = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
        assert (len(won), len(lost)) == (1, 1)
        assert lost[0].code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_a_code_expires_after_sixty_seconds(harness):
    code, verifier = await harness.code()
    harness.clock.advance(61)
    error = await failure(harness.oauth.ExchangeToken(harness.exchange_request(code, verifier)))
    assert error.reason == "invalid_grant" and "expired" in error.message


async def test_a_code_still_works_at_fifty_nine_seconds(harness):
    code, verifier = await harness.code()
    harness.clock.advance(59)
    assert (await harness.oauth.ExchangeToken(harness.exchange_request(code, verifier))).access_token


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"code_verifier": "A" * 43}, "invalid_grant"),  # wrong verifier
        ({"code_verifier": "short"}, "invalid_grant"),  # malformed verifier
        ({"redirect_uri": "https://agent.meta.ai/api/hatch/oauth/callback"}, "invalid_grant"),
        ({"client_id": "someone-else"}, "invalid_grant"),
        ({"resource": PRIMED}, "invalid_target"),  # resource differs from the authorized one
        ({"code": "not-a-code"}, "invalid_grant"),
    ],
)
async def test_code_exchange_checks_every_binding(harness, overrides, reason):
    code, verifier = await harness.code()
    request = harness.exchange_request(code, verifier)
    for name, value in overrides.items():
        setattr(request, name, value)
    error = await failure(harness.oauth.ExchangeToken(request))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason)
    # A failed check does not burn the code for the legitimate client.
    assert (await harness.oauth.ExchangeToken(harness.exchange_request(code, verifier))).access_token


@pytest.mark.parametrize("field", ["client_id", "code", "redirect_uri", "code_verifier", "resource"])
async def test_missing_fields_are_invalid_request_naming_the_field(harness, field):
    code, verifier = await harness.code()
    request = harness.exchange_request(code, verifier)
    setattr(request, field, "")
    error = await failure(harness.oauth.ExchangeToken(request))
    assert (error.reason, error.metadata["field"]) == ("invalid_request", field)
    assert [v.field for v in error.violations] == [field]
    assert (await harness.oauth.ExchangeToken(harness.exchange_request(code, verifier))).access_token


async def test_an_unknown_code_or_refresh_token_is_invalid_grant_before_other_fields(harness):
    code = oauth_pb2.ExchangeTokenRequest(grant_type="authorization_code", client_id=MUSE, code="nope")
    assert (await failure(harness.oauth.ExchangeToken(code))).reason == "invalid_grant"
    refresh = oauth_pb2.ExchangeTokenRequest(grant_type="refresh_token", client_id=MUSE, refresh_token="nope")
    assert (await failure(harness.oauth.ExchangeToken(refresh))).reason == "invalid_grant"
    issued = await harness.tokens()
    no_resource = await failure(harness.refresh(issued.refresh_token, resource=""))
    assert (no_resource.reason, no_resource.metadata["field"]) == ("invalid_request", "resource")


async def test_unknown_grant_type_is_unsupported(harness):
    for grant_type in ("client_credentials", "password"):
        request = oauth_pb2.ExchangeTokenRequest(grant_type=grant_type, client_id=MUSE)
        assert (await failure(harness.oauth.ExchangeToken(request))).reason == "unsupported_grant_type"
    missing = await failure(harness.oauth.ExchangeToken(oauth_pb2.ExchangeTokenRequest(client_id=MUSE)))
    assert (missing.reason, missing.metadata["field"]) == ("invalid_request", "grant_type")


async def test_refresh_rotates_and_a_reused_one_revokes_the_family(harness):
    first = await harness.tokens()
    second = await harness.refresh(first.refresh_token)
    assert second.refresh_token != first.refresh_token and second.scope == "training"
    assert await harness.active(second.access_token)
    third = await harness.refresh(second.refresh_token)

    reused = await failure(harness.refresh(first.refresh_token))
    assert reused.reason == "invalid_grant"
    for issued in (first, second, third):
        assert not await harness.active(issued.access_token)
    assert (await failure(harness.refresh(third.refresh_token))).reason == "invalid_grant"


async def test_refresh_checks_resource_client_and_scope(harness):
    issued = await harness.tokens()
    mismatch = await failure(harness.refresh(issued.refresh_token, resource=PRIMED))
    assert (mismatch.reason, mismatch.metadata["field"]) == ("invalid_target", "resource")
    assert (await failure(harness.refresh(issued.refresh_token, client_id="other"))).reason == "invalid_grant"
    assert (await failure(harness.refresh(issued.refresh_token, scope="mcp:full"))).reason == "invalid_scope"
    legacy = await harness.refresh(issued.refresh_token, scope="training:read")
    assert legacy.scope == "training"


async def test_refresh_token_expires_after_thirty_days(harness):
    issued = await harness.tokens()
    harness.clock.advance(30 * 86400 + 1)
    assert (await failure(harness.refresh(issued.refresh_token))).reason == "invalid_grant"


async def test_revoking_an_access_token_ends_only_that_token(harness):
    issued = await harness.tokens()
    await harness.oauth.RevokeToken(oauth_pb2.RevokeTokenRequest(token=issued.access_token, client_id=MUSE))
    assert not await harness.active(issued.access_token)
    assert (await harness.refresh(issued.refresh_token)).access_token


async def test_revoking_a_refresh_token_ends_the_grant(harness):
    issued = await harness.tokens()
    await harness.oauth.RevokeToken(
        oauth_pb2.RevokeTokenRequest(
            token=issued.refresh_token, token_type_hint="refresh_token", client_id=MUSE
        )
    )
    assert not await harness.active(issued.access_token)
    assert (await failure(harness.refresh(issued.refresh_token))).reason == "invalid_grant"


async def test_unknown_or_foreign_tokens_are_revoked_silently(harness):
    issued = await harness.tokens()
    for token in ("no-such-token", "a.b.c", issued.refresh_token, issued.access_token):
        await harness.oauth.RevokeToken(oauth_pb2.RevokeTokenRequest(token=token, client_id="another-client"))
    assert await harness.active(issued.access_token)  # another client's revocation left it alone
    error = await failure(harness.oauth.RevokeToken(oauth_pb2.RevokeTokenRequest()))
    assert (error.reason, error.metadata["field"]) == ("invalid_request", "token")


async def test_check_access_token_for_tokens_issued_outside_oauth(harness):
    request = auth_pb2.IssueAccessTokenRequest(
        account_id=harness.account_id, audience=METRIC, scopes=["training"]
    )
    direct = await harness.auth.IssueAccessToken(request)
    assert await harness.active(direct.access_token)
    unknown = await harness.oauth.CheckAccessToken(oauth_pb2.CheckAccessTokenRequest(token_id="unknown-jti"))
    assert not unknown.active
    error = await failure(harness.oauth.CheckAccessToken(oauth_pb2.CheckAccessTokenRequest()))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT


async def test_disconnect_revokes_grants_tokens_and_outstanding_codes(harness):
    issued = await harness.tokens()
    pending_code, verifier = await harness.code()  # approved, not redeemed yet
    listed = await harness.oauth.ListGrants(oauth_pb2.ListGrantsRequest(account_id=harness.account_id))
    assert [(g.client.client_id, g.client.client_name, g.resource) for g in listed.grants] == [
        (MUSE, "Muse", METRIC)
    ]
    assert list(listed.grants[0].scopes) == ["training"]

    done = await harness.oauth.RevokeClientGrants(
        oauth_pb2.RevokeClientGrantsRequest(account_id=harness.account_id, client_id=MUSE)
    )
    assert done.revoked_count == 2  # the redeemed approval and the one still holding its code
    assert not await harness.active(issued.access_token)
    assert (await failure(harness.refresh(issued.refresh_token))).reason == "invalid_grant"
    late = await failure(harness.oauth.ExchangeToken(harness.exchange_request(pending_code, verifier)))
    assert late.reason == "invalid_grant"
    listed = await harness.oauth.ListGrants(oauth_pb2.ListGrantsRequest(account_id=harness.account_id))
    assert list(listed.grants) == []


async def test_revoke_account_grants_ends_every_connection_and_token(harness):
    metric = await harness.tokens()
    primed_code, verifier = await harness.code(resource=PRIMED, scope="")
    primed = await harness.oauth.ExchangeToken(
        harness.exchange_request(primed_code, verifier, resource=PRIMED)
    )
    assert (
        primed.scope == "primed:profile:read primed:coaching:read primed:training:read primed:activities:read"
    )
    direct = await harness.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(account_id=harness.account_id, audience=METRIC, scopes=["training"])
    )
    other_account = await harness.create_account("grace@example.com")
    harness.account_id, own = other_account, harness.account_id
    survivor = await harness.tokens()
    done = await harness.oauth.RevokeAccountGrants(oauth_pb2.RevokeAccountGrantsRequest(account_id=own))
    assert done.revoked_count == 2
    for token in (metric.access_token, primed.access_token, direct.access_token):
        assert not await harness.active(token)
    assert await harness.active(survivor.access_token)


async def test_browser_sessions_live_twelve_hours_and_end_on_sign_out(harness):
    created = (
        await harness.oauth.CreateBrowserSession(
            oauth_pb2.CreateBrowserSessionRequest(account_id=harness.account_id)
        )
    ).session
    assert len(created.session_token) >= 43 and len(created.csrf_secret) == 64
    read = (
        await harness.oauth.GetBrowserSession(
            oauth_pb2.GetBrowserSessionRequest(session_token=created.session_token)
        )
    ).session
    assert (read.account_id, read.csrf_secret, read.session_token) == (
        harness.account_id,
        created.csrf_secret,
        "",
    )

    harness.clock.advance(12 * 3600)
    expired = await failure(
        harness.oauth.GetBrowserSession(
            oauth_pb2.GetBrowserSessionRequest(session_token=created.session_token)
        )
    )
    assert (expired.code, expired.reason) == (grpc.StatusCode.UNAUTHENTICATED, "session_expired")

    fresh = (
        await harness.oauth.CreateBrowserSession(
            oauth_pb2.CreateBrowserSessionRequest(account_id=harness.account_id)
        )
    ).session
    await harness.oauth.EndBrowserSession(
        oauth_pb2.EndBrowserSessionRequest(session_token=fresh.session_token)
    )
    ended = await failure(
        harness.oauth.GetBrowserSession(oauth_pb2.GetBrowserSessionRequest(session_token=fresh.session_token))
    )
    assert ended.reason == "session_expired"
    for token in ("", "unknown"):
        error = await failure(
            harness.oauth.GetBrowserSession(oauth_pb2.GetBrowserSessionRequest(session_token=token))
        )
        assert error.reason == "session_expired"
    await harness.oauth.EndBrowserSession(oauth_pb2.EndBrowserSessionRequest(session_token="unknown"))
    nobody = await failure(
        harness.oauth.CreateBrowserSession(
            oauth_pb2.CreateBrowserSessionRequest(account_id="no-such-account")
        )
    )
    assert nobody.code == grpc.StatusCode.NOT_FOUND


async def test_pkce_challenge_of_another_verifier_fails(harness):
    _, challenge = pkce()
    other_verifier, _ = pkce()
    started = await harness.start(challenge)
    decided = await harness.decide(started.authorization_id)
    code = query(decided.redirect_to)["code"]
    error = await failure(harness.oauth.ExchangeToken(harness.exchange_request(code, other_verifier)))
    assert error.reason == "invalid_grant" and "code_verifier" in error.message


async def test_an_approval_is_listed_at_once_and_lapses_with_its_unredeemed_code(harness):
    def listing():
        return harness.oauth.ListGrants(oauth_pb2.ListGrantsRequest(account_id=harness.account_id))

    await harness.code()
    listed = (await listing()).grants
    assert [(g.client.client_name, list(g.scopes)) for g in listed] == [("Muse", ["training"])]
    harness.clock.advance(61)
    assert list((await listing()).grants) == []
    issued = await harness.tokens()
    harness.clock.advance(3600)  # a redeemed grant lives as long as its refresh token
    assert len((await listing()).grants) == 1
    assert await harness.refresh(issued.refresh_token)
