"""DeleteAccount over gRPC, both backends: the password is checked again, and every credential of
the account (API key, access token, refresh token, browser session) fails on the very next call."""

from __future__ import annotations

import grpc
from sqlalchemy import select

from kinetic.auth.v1 import auth_pb2, oauth_pb2
from services.auth.adapters import tables
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


async def test_deletion_leaves_no_row_of_the_account_in_any_auth_table(harness, engines):
    """Every auth table is enumerated from the metadata, so a new table is checked the day it is made.

    The rows left are the deletion's own tombstone in the revocation log, naming only the account
    ID, which edges need until the account's last token expires (decision 0030), and the erasure
    outbox's rows, which go as the other services confirm (decision 0033)."""
    await _credentials(harness)
    await harness.code()  # an authorization request and a code besides the redeemed ones
    key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name="revoked", scopes=["training"])
    )
    await harness.auth.RevokeApiKey(
        auth_pb2.RevokeApiKeyRequest(account_id=harness.account_id, key_id=key.api_key.key_id)
    )
    engine = engines.made[0]
    owned = [table for table in tables.metadata.sorted_tables if "account_id" in table.c]

    def rows_of_the_account() -> dict[str, list[tuple[object, ...]]]:
        with engine.connect() as conn:
            found = {
                table.name: [
                    tuple(row)
                    for row in conn.execute(select(table).where(table.c.account_id == harness.account_id))
                ]
                for table in owned
            }
        return {name: rows for name, rows in found.items() if rows}

    before = rows_of_the_account()
    assert {"accounts", "api_keys", "grants", "access_tokens", "revocations"} <= before.keys()

    await harness.auth.DeleteAccount(
        auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password=PASSWORD)
    )
    after = rows_of_the_account()
    assert sorted(after) == ["account_erasures", "revocations"]
    with engine.connect() as conn:
        tombstone = conn.execute(select(tables.revocations.c.kind, tables.revocations.c.subject)).all()
    assert tombstone == [("account", harness.account_id)]
    # The erasure outbox: no other service runs here, so every one of them is still to confirm
    # (tests/integration/erasure covers the whole way, decision 0033).
    assert sorted(str(row[1]) for row in after["account_erasures"]) == ["analytics", "sessions", "training"]
