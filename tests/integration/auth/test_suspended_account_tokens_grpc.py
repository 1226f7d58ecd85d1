"""A suspended account obtains no token (issue 27, decision 0078): the code exchange and the refresh
grant answer invalid_grant, and the tokens issued before stop being active."""

from __future__ import annotations

import grpc

from kinetic.auth.v1 import auth_pb2
from tests.integration.auth.oauth_support import failure


async def suspend(harness, status: str = "suspended") -> None:
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, account_status=status)
    )


async def test_a_suspended_account_gets_no_token_and_its_tokens_stop_working(harness):
    before = await harness.tokens()
    code, verifier = await harness.code()
    await suspend(harness)

    exchanged = await failure(harness.oauth.ExchangeToken(harness.exchange_request(code, verifier)))
    assert (exchanged.code, exchanged.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "invalid_grant")
    assert "suspended" in exchanged.message
    refreshed = await failure(harness.refresh(before.refresh_token))
    assert (refreshed.reason, "suspended" in refreshed.message) == ("invalid_grant", True)
    assert not await harness.active(before.access_token)

    await suspend(harness, "active")  # reinstated: a new authorization works again
    assert (await harness.tokens()).access_token
