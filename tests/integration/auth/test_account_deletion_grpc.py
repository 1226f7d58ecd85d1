"""DeleteAccount over gRPC, both backends: the password is checked again, and every credential of
the account (API key, access token, refresh token, browser session) fails on the very next call."""

from __future__ import annotations

import grpc

from kinetic.auth.v1 import auth_pb2, oauth_pb2
from tests.integration.auth.oauth_support import PASSWORD, failure


async def _credentials(harness) -> tuple[oauth_pb2.ExchangeTokenResponse, str, str]:
    issued = await harness.tokens()
    key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name="laptop", scopes=["training"])
    )
    session = await harness.oauth.CreateBrowserSession(
        oauth_pb2.CreateBrowserSessionRequest(account_id=harness.account_id)
    )
    return issued, key.secret, session.session.session_token


async def test_a_wrong_password_deletes_nothing(harness):
    issued, secret, session_token = await _credentials(harness)
    error = await failure(
        harness.auth.DeleteAccount(
            auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password="not the password")
        )
    )
    assert (error.code, error.reason) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_CREDENTIALS")
    missing = await failure(harness.auth.DeleteAccount(auth_pb2.DeleteAccountRequest(account_id="x")))
    assert missing.code == grpc.StatusCode.INVALID_ARGUMENT and "password" in missing.message

    assert await harness.active(issued.access_token)
    assert (await harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=secret))).api_key.key_id
    await harness.oauth.GetBrowserSession(oauth_pb2.GetBrowserSessionRequest(session_token=session_token))
    await harness.refresh(issued.refresh_token)


async def test_deleting_the_account_ends_every_credential_at_once(harness):
    issued, secret, session_token = await _credentials(harness)
    other_id = await harness.create_account("grace@example.com")
    other_key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=other_id, name="other", scopes=["training"])
    )

    deleted = await harness.auth.DeleteAccount(
        auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password=PASSWORD)
    )
    assert (deleted.deleted_api_keys, deleted.deleted_grants, deleted.deleted_browser_sessions) == (1, 1, 1)

    assert not await harness.active(issued.access_token)
    key_error = await failure(harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=secret)))
    assert key_error.code == grpc.StatusCode.UNAUTHENTICATED
    session_error = await failure(
        harness.oauth.GetBrowserSession(oauth_pb2.GetBrowserSessionRequest(session_token=session_token))
    )
    assert session_error.code == grpc.StatusCode.UNAUTHENTICATED
    assert (await failure(harness.refresh(issued.refresh_token))).reason == "invalid_grant"
    gone = await failure(harness.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=harness.account_id)))
    assert gone.code == grpc.StatusCode.NOT_FOUND
    signin = await failure(
        harness.auth.VerifyPassword(
            auth_pb2.VerifyPasswordRequest(email="ada@example.com", password=PASSWORD)
        )
    )
    assert signin.code == grpc.StatusCode.UNAUTHENTICATED
    again = await failure(
        harness.auth.DeleteAccount(
            auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password=PASSWORD)
        )
    )
    assert again.code == grpc.StatusCode.UNAUTHENTICATED

    # Another account is untouched, and the email can be registered afresh.
    assert (await harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=other_key.secret))).api_key
    assert await harness.create_account("ada@example.com") != harness.account_id


async def test_a_code_approved_before_deletion_cannot_be_redeemed_after(harness):
    code, verifier = await harness.code()
    await harness.auth.DeleteAccount(
        auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password=PASSWORD)
    )
    error = await failure(harness.oauth.ExchangeToken(harness.exchange_request(code, verifier)))
    assert error.reason == "invalid_grant"
