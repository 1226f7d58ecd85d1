"""The guard with a revocation watcher: when it asks auth, and when the revoked set answers alone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from edge.guard import CredentialError, TokenChecker
from edge.revocation_watcher import FALLBACK, LOCAL, STARTING, RevocationWatcher
from kinetic.access_tokens import AccessTokenClaims
from kinetic.auth.v1 import auth_pb2, oauth_pb2

AUDIENCE = "https://kinetic.test/api/connectors/muse/mcp"
SECRET = "rf_" + "ab" * 32
LATER = Timestamp(seconds=4_000_000_000)


class FakeVerifier:
    """Stands in for the JWKS verifier: every token verifies to ``claims``."""

    def __init__(self, claims: AccessTokenClaims) -> None:
        self.claims = claims

    async def verify(self, token: str, *, audience: str) -> AccessTokenClaims:
        return self.claims


class FakeAuth:
    """Counts the per-request checks the guard makes; answers them as ``active`` says."""

    def __init__(self) -> None:
        self.checks = 0
        self.verifications = 0
        self.active = True
        self.during_verification: Any = None
        self.answer_after: asyncio.Event | None = None  # set: each verification waits for it

    async def CheckAccessToken(self, request: oauth_pb2.CheckAccessTokenRequest, **options: Any) -> Any:
        self.checks += 1
        return oauth_pb2.CheckAccessTokenResponse(active=self.active)

    async def VerifyApiKey(self, request: auth_pb2.VerifyApiKeyRequest, **options: Any) -> Any:
        self.verifications += 1
        if self.during_verification is not None:
            self.during_verification()
        if self.answer_after is not None:
            await self.answer_after.wait()
        key = auth_pb2.ApiKey(key_id="key-1", account_id="acc-1", scopes=["training"])
        return auth_pb2.VerifyApiKeyResponse(api_key=key, plan_tier="pro", account_status="active")


def claims(session_id: str | None = "grant-1") -> AccessTokenClaims:
    return AccessTokenClaims(
        "acc-1", AUDIENCE, ("training",), "jti-1", "metric-muse", 4e9, session_id, "pro", "active"
    )


def checker(
    state: str, session_id: str | None = "grant-1"
) -> tuple[TokenChecker, FakeAuth, RevocationWatcher]:
    auth = FakeAuth()
    watcher = RevocationWatcher(auth)  # never run: the test sets its state
    watcher.state = state
    guard = TokenChecker(FakeVerifier(claims(session_id)), auth, auth, watcher)  # type: ignore[arg-type]
    return guard, auth, watcher


def revoke(watcher: RevocationWatcher, kind: str, subject: str) -> None:
    message = auth_pb2.Revocation(expire_time=LATER)
    setattr(message, kind, subject)
    watcher._apply([message])


async def test_while_local_a_token_with_sid_is_checked_without_auth() -> None:
    guard, auth, _ = checker(LOCAL)
    principal = await guard.authenticate("Bearer x.y.z", AUDIENCE)
    assert (principal.account_id, principal.client_id, auth.checks) == ("acc-1", "metric-muse", 0)


@pytest.mark.parametrize(
    ("kind", "subject"), [("token_id", "jti-1"), ("grant_id", "grant-1"), ("account_id", "acc-1")]
)
async def test_a_revoked_token_is_refused_without_asking_auth(kind: str, subject: str) -> None:
    guard, auth, watcher = checker(LOCAL)
    revoke(watcher, kind, subject)
    with pytest.raises(CredentialError) as refused:
        await guard.authenticate("Bearer x.y.z", AUDIENCE)
    assert (refused.value.error, auth.checks) == ("invalid_token", 0)


async def test_a_token_without_sid_is_still_checked_with_auth() -> None:
    guard, auth, _ = checker(LOCAL, session_id=None)
    await guard.authenticate("Bearer x.y.z", AUDIENCE)
    assert auth.checks == 1


async def test_in_fallback_every_token_is_checked_with_auth_and_refused_if_inactive() -> None:
    guard, auth, _ = checker(FALLBACK)
    await guard.authenticate("Bearer x.y.z", AUDIENCE)
    auth.active = False
    with pytest.raises(CredentialError):
        await guard.authenticate("Bearer x.y.z", AUDIENCE)
    assert auth.checks == 2


async def test_while_local_a_key_is_verified_once_until_it_is_revoked() -> None:
    guard, auth, watcher = checker(LOCAL)
    for _ in range(3):
        assert (await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)).account_id == "acc-1"
    assert auth.verifications == 1
    revoke(watcher, "api_key_id", "key-1")
    await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)  # the fake auth still says yes
    assert auth.verifications == 2, "the revocation dropped the cached key"


async def test_in_fallback_a_key_is_verified_on_every_request() -> None:
    guard, auth, _ = checker(FALLBACK)
    for _ in range(3):
        await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    assert auth.verifications == 3


async def test_a_key_verified_while_a_revocation_arrived_is_not_cached() -> None:
    guard, auth, watcher = checker(LOCAL)
    auth.during_verification = lambda: revoke(watcher, "api_key_id", "another-key")
    await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    assert len(watcher.api_keys) == 0


@pytest.mark.parametrize("state", [LOCAL, FALLBACK])
async def test_a_burst_with_an_unseen_key_asks_auth_once(state: str) -> None:
    guard, auth, _ = checker(state)
    auth.answer_after = asyncio.Event()
    burst = [asyncio.ensure_future(guard.authenticate(f"Bearer {SECRET}", AUDIENCE)) for _ in range(20)]
    await asyncio.sleep(0)  # every call of the burst is waiting on auth
    burst[0].cancel()  # one caller gives up; the others still get the answer
    auth.answer_after.set()
    answers = await asyncio.gather(*burst[1:])
    assert {principal.account_id for principal in answers} == {"acc-1"}
    assert auth.verifications == 1
    await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    assert auth.verifications == (1 if state == LOCAL else 2), "an answer is shared only while on its way"


def push_standing(watcher: RevocationWatcher, plan_tier: str, account_status: str = "active") -> None:
    standing = auth_pb2.AccountStanding(
        account_id="acc-1", plan_tier=plan_tier, account_status=account_status
    )
    watcher._apply([auth_pb2.Revocation(account_standing=standing, expire_time=LATER)])


@pytest.mark.parametrize("credential", ["Bearer x.y.z", f"Bearer {SECRET}"])
async def test_while_local_the_credential_says_the_plan_and_a_pushed_change_overrides_it(
    credential: str,
) -> None:
    guard, _, watcher = checker(LOCAL)
    principal = await guard.authenticate(credential, AUDIENCE)
    assert (principal.plan_tier, principal.account_status) == ("pro", "active")
    push_standing(watcher, "free", "suspended")
    principal = await guard.authenticate(credential, AUDIENCE)
    assert (principal.plan_tier, principal.account_status) == ("free", "suspended")
    assert not watcher.revoked.token_revoked(claims()), "a standing is no revocation"
    push_standing(watcher, "coach")
    assert (await guard.authenticate(credential, AUDIENCE)).plan_tier == "coach"


@pytest.mark.parametrize("state", [STARTING, FALLBACK])
@pytest.mark.parametrize("credential", ["Bearer x.y.z", f"Bearer {SECRET}"])
async def test_while_not_local_the_plan_is_unknown_so_the_gate_asks_auth(state: str, credential: str) -> None:
    guard, _, watcher = checker(state)
    push_standing(watcher, "coach")
    principal = await guard.authenticate(credential, AUDIENCE)
    assert (principal.plan_tier, principal.account_status) == (None, None)


async def test_a_snapshot_rebuilds_the_standings_and_an_expired_one_is_ignored() -> None:
    guard, _, watcher = checker(LOCAL)
    push_standing(watcher, "free")
    watcher._replace([], sequence=9)
    assert len(watcher.standings) == 0
    assert (await guard.authenticate("Bearer x.y.z", AUDIENCE)).plan_tier == "pro"
    gone = auth_pb2.AccountStanding(account_id="acc-1", plan_tier="free", account_status="active")
    watcher._apply([auth_pb2.Revocation(account_standing=gone, expire_time=Timestamp(seconds=1))])
    assert (await guard.authenticate("Bearer x.y.z", AUDIENCE)).plan_tier == "pro"
