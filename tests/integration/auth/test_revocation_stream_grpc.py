"""AuthService.WatchRevocations over gRPC, both backends: what each revocation pushes, the
snapshot and resume protocol, a second replica on the same database, deletion and purging."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta

import grpc
import pytest
from sqlalchemy import Engine, func, select

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc, oauth_pb2
from kinetic.grpc_server import RunningServer
from kinetic.settings import ServiceSettings
from services.auth.adapters.purge_repository import purge_expired
from services.auth.adapters.tables import revocations
from services.auth.bootstrap import start
from services.auth.domain.revocations import TOKEN_REVOCATION_TTL
from tests.integration.auth.oauth_support import ISSUER, PASSWORD, Clock, claims, offline_fetcher

# Generous: a poll is 150 ms, but CI machines are shared.
ARRIVAL_SECONDS = 5.0


class Stream:
    """One WatchRevocations call, read message by message with a cap."""

    def __init__(self, auth: auth_pb2_grpc.AuthServiceStub, after_sequence: int = 0) -> None:
        self.call = auth.WatchRevocations(auth_pb2.WatchRevocationsRequest(after_sequence=after_sequence))

    async def next(self) -> auth_pb2.WatchRevocationsResponse:
        async with asyncio.timeout(ARRIVAL_SECONDS):
            message = await self.call.read()
        assert isinstance(message, auth_pb2.WatchRevocationsResponse), message
        return message

    async def next_revocation(self) -> auth_pb2.Revocation:
        """The next message that carries revocations (heartbeats are skipped); exactly one."""
        while not (message := await self.next()).revocations:
            pass
        assert len(message.revocations) == 1 and message.current
        return message.revocations[0]


@contextlib.asynccontextmanager
async def auth_replica(engine: Engine, tmp_path, clock) -> AsyncIterator[RunningServer]:
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": ISSUER}
    fetcher, _ = offline_fetcher()
    running = await start(
        ServiceSettings.from_env("auth", env), port=0, engine=engine, clock=clock, fetcher=fetcher
    )
    try:
        yield running
    finally:
        await running.stop(0)


@pytest.fixture
async def stream(harness) -> AsyncIterator[Stream]:
    watching = Stream(harness.auth)
    first = await watching.next()
    assert (first.snapshot, first.current, list(first.revocations)) == (True, True, [])
    try:
        yield watching
    finally:
        watching.call.cancel()


async def test_disconnect_pushes_the_grant_named_in_the_tokens_sid(harness, stream) -> None:
    issued = await harness.tokens()
    sid = claims(issued.access_token)["sid"]
    await harness.oauth.RevokeClientGrants(
        oauth_pb2.RevokeClientGrantsRequest(account_id=harness.account_id, client_id="metric-muse")
    )
    revoked = await stream.next_revocation()
    assert revoked.grant_id == sid and revoked.sequence > 0
    assert (
        revoked.expire_time.ToDatetime(harness.clock.now.tzinfo) == harness.clock.now + TOKEN_REVOCATION_TTL
    )


async def test_a_refresh_token_replay_pushes_its_grant(harness, stream) -> None:
    issued = await harness.tokens()
    await harness.refresh(issued.refresh_token)
    with pytest.raises(grpc.aio.AioRpcError):
        await harness.refresh(issued.refresh_token)
    assert (await stream.next_revocation()).grant_id == claims(issued.access_token)["sid"]


async def test_revoking_account_grants_pushes_grants_and_grantless_tokens(harness, stream) -> None:
    issued = await harness.tokens()
    plain = await harness.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(account_id=harness.account_id, audience=ISSUER, scopes=["training"])
    )
    assert claims(plain.access_token)["sid"] == plain.token_id
    await harness.oauth.RevokeAccountGrants(
        oauth_pb2.RevokeAccountGrantsRequest(account_id=harness.account_id)
    )
    while not (message := await stream.next()).revocations:
        pass
    subjects = {(r.WhichOneof("subject"), getattr(r, r.WhichOneof("subject"))) for r in message.revocations}
    assert subjects == {("grant_id", claims(issued.access_token)["sid"]), ("token_id", plain.token_id)}


async def test_revoking_an_api_key_and_an_access_token_push_them(harness, stream) -> None:
    key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name="laptop", scopes=["training"])
    )
    revoke = auth_pb2.RevokeApiKeyRequest(account_id=harness.account_id, key_id=key.api_key.key_id)
    await harness.auth.RevokeApiKey(revoke)
    assert (await stream.next_revocation()).api_key_id == key.api_key.key_id
    await harness.auth.RevokeApiKey(revoke)  # again: nothing new to push
    issued = await harness.tokens()
    await harness.oauth.RevokeToken(
        oauth_pb2.RevokeTokenRequest(token=issued.access_token, client_id="metric-muse")
    )
    assert (await stream.next_revocation()).token_id == claims(issued.access_token)["jti"]


async def test_deletion_leaves_one_tombstone_and_purging_removes_it(harness, stream, engines) -> None:
    await harness.tokens()
    await harness.oauth.RevokeClientGrants(
        oauth_pb2.RevokeClientGrantsRequest(account_id=harness.account_id, client_id="metric-muse")
    )
    await stream.next_revocation()
    await harness.auth.DeleteAccount(
        auth_pb2.DeleteAccountRequest(account_id=harness.account_id, password=PASSWORD)
    )
    assert (await stream.next_revocation()).account_id == harness.account_id

    engine = engines.made[0]
    with engine.connect() as conn:
        rows = conn.execute(select(revocations.c.kind, revocations.c.account_id)).all()
    assert rows == [("account", harness.account_id)], "the account's earlier revocations went with it"
    later = harness.clock.now + timedelta(days=1)
    with engine.begin() as conn:
        assert purge_expired(conn, later, later).revocations == 1
        assert conn.execute(select(func.count()).select_from(revocations)).scalar_one() == 0


async def test_resume_sends_only_what_followed_and_an_unknown_sequence_gets_a_snapshot(
    harness, stream
) -> None:
    for name in ("one", "two"):
        key = await harness.auth.CreateApiKey(
            auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name=name, scopes=["training"])
        )
        await harness.auth.RevokeApiKey(
            auth_pb2.RevokeApiKeyRequest(account_id=harness.account_id, key_id=key.api_key.key_id)
        )
    first = await stream.next_revocation()
    second = await stream.next_revocation()

    resumed = Stream(harness.auth, after_sequence=first.sequence)
    caught_up = await resumed.next()
    assert not caught_up.snapshot and caught_up.current
    assert [r.sequence for r in caught_up.revocations] == [second.sequence]
    resumed.call.cancel()

    beyond = Stream(harness.auth, after_sequence=second.sequence + 1000)
    snapshot = await beyond.next()
    assert snapshot.snapshot and snapshot.current and snapshot.sequence == second.sequence
    assert [r.sequence for r in snapshot.revocations] == [first.sequence, second.sequence]
    beyond.call.cancel()


async def test_a_second_replica_streams_what_the_first_one_wrote(harness, engines, tmp_path) -> None:
    async with auth_replica(engines.made[0], tmp_path, harness.clock) as replica:
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{replica.port}")
        try:
            other = Stream(auth_pb2_grpc.AuthServiceStub(channel))
            assert (await other.next()).current
            key = await harness.auth.CreateApiKey(
                auth_pb2.CreateApiKeyRequest(
                    account_id=harness.account_id, name="laptop", scopes=["training"]
                )
            )
            await harness.auth.RevokeApiKey(
                auth_pb2.RevokeApiKeyRequest(account_id=harness.account_id, key_id=key.api_key.key_id)
            )
            assert (await other.next_revocation()).api_key_id == key.api_key.key_id
            other.call.cancel()
        finally:
            await channel.close()


async def test_stopping_the_server_ends_its_streams(engines, tmp_path) -> None:
    async with auth_replica(engines("auth"), tmp_path, Clock()) as replica:
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{replica.port}")
        try:
            watching = Stream(auth_pb2_grpc.AuthServiceStub(channel))
            assert (await watching.next()).current
            async with asyncio.timeout(ARRIVAL_SECONDS):
                await replica.stop(grace=30)  # returns at once: the stream does not hold the grace
                with contextlib.suppress(grpc.aio.AioRpcError):
                    while (await watching.call.read()) is not grpc.aio.EOF:
                        pass
        finally:
            await channel.close()


async def test_a_plan_or_status_change_pushes_the_accounts_standing(harness, stream) -> None:
    account = auth_pb2.UpdateAccountRequest(account_id=harness.account_id)
    account.plan_tier = "pro"
    await harness.auth.UpdateAccount(account)
    pushed = await stream.next_revocation()
    assert pushed.WhichOneof("subject") == "account_standing"
    standing = pushed.account_standing
    assert (standing.account_id, standing.plan_tier, standing.account_status) == (
        harness.account_id,
        "pro",
        "active",
    )
    assert pushed.expire_time.ToSeconds() > 0
    # Neither another field nor the same plan again is a change of standing: nothing is pushed.
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, units="imperial")
    )
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, plan_tier="pro")
    )
    suspended = auth_pb2.UpdateAccountRequest(account_id=harness.account_id, account_status="suspended")
    await harness.auth.UpdateAccount(suspended)
    standing = (await stream.next_revocation()).account_standing
    assert (standing.plan_tier, standing.account_status) == ("pro", "suspended")
    # A new watcher's snapshot carries both, oldest first: the latest standing wins on the edge.
    snapshot = Stream(harness.auth)
    try:
        first = await snapshot.next()
        assert first.snapshot and first.current
        assert [r.account_standing.account_status for r in first.revocations] == ["active", "suspended"]
    finally:
        snapshot.call.cancel()


async def test_verify_api_key_says_the_owners_plan_and_status(harness) -> None:
    key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name="laptop", scopes=["mcp:full"])
    )
    verified = await harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=key.secret))
    assert (verified.plan_tier, verified.account_status) == ("free", "active")
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, plan_tier="coach")
    )
    verified = await harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=key.secret))
    assert (verified.api_key.key_id, verified.plan_tier) == (key.api_key.key_id, "coach")


async def test_credentials_carry_the_settings_a_plan_write_needs_and_a_change_is_pushed(
    harness, stream
) -> None:
    """Time zone and first weekday travel with the credential (decision 0090); changing either pushes
    the account's standing, so the edge stops trusting what older credentials say."""
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, time_zone="Europe/Amsterdam")
    )
    pushed = await stream.next_revocation()
    assert pushed.account_standing.account_id == harness.account_id
    await harness.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=harness.account_id, first_weekday=7)
    )
    assert (await stream.next_revocation()).account_standing.account_id == harness.account_id

    key = await harness.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=harness.account_id, name="laptop", scopes=["mcp:full"])
    )
    verified = await harness.auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=key.secret))
    assert (verified.time_zone, verified.first_weekday) == ("Europe/Amsterdam", 7)
    issued = await harness.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(account_id=harness.account_id, audience=ISSUER, scopes=["training"])
    )
    said = claims(issued.access_token)
    assert (said["kinetic_tz"], said["kinetic_week"]) == ("Europe/Amsterdam", 7)
