"""The account settings a plan write needs (time zone, first weekday) come with the credential
(decision 0090): the guard puts them on the ``Principal`` while they are current, and leaves them
out (so the account is read) when they may not be."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from edge.guard import Principal, TokenChecker
from edge.profiles.primed.athlete import Athletes
from edge.revocation_watcher import FALLBACK, LOCAL, RevocationWatcher
from kinetic.access_tokens import AccessTokenClaims
from kinetic.auth.v1 import auth_pb2, oauth_pb2

AUDIENCE = "https://kinetic.test/mcp/runflow"
SECRET = "rf_" + "cd" * 32
LATER = Timestamp(seconds=4_000_000_000)
ZONE = "Europe/Amsterdam"
SUNDAY = 7


class FakeVerifier:
    """Stands in for the JWKS verifier: every token verifies to ``claims``."""

    def __init__(self, claims: AccessTokenClaims) -> None:
        self.claims = claims

    async def verify(self, token: str, *, audience: str) -> AccessTokenClaims:
        return self.claims


class FakeAuth:
    """Auth as the guard and ``Athletes`` reach it: counts key verifications and account reads."""

    def __init__(self, *, says_settings: bool = True) -> None:
        self.verifications = 0
        self.account_reads = 0
        self.says_settings = says_settings

    async def CheckAccessToken(self, request: oauth_pb2.CheckAccessTokenRequest, **options: Any) -> Any:
        return oauth_pb2.CheckAccessTokenResponse(active=True)

    async def VerifyApiKey(self, request: auth_pb2.VerifyApiKeyRequest, **options: Any) -> Any:
        self.verifications += 1
        key = auth_pb2.ApiKey(key_id="key-1", account_id="acc-1", scopes=["mcp:full"])
        answer = auth_pb2.VerifyApiKeyResponse(api_key=key, plan_tier="pro", account_status="active")
        if self.says_settings:
            answer.time_zone, answer.first_weekday = ZONE, SUNDAY
        return answer

    async def GetAccount(self, request: auth_pb2.GetAccountRequest, **options: Any) -> Any:
        self.account_reads += 1
        account = auth_pb2.Account(
            account_id=request.account_id, time_zone="Asia/Tokyo", first_weekday=1, account_status="active"
        )
        return auth_pb2.GetAccountResponse(account=account)


def token_claims(time_zone: str | None = ZONE, first_weekday: int | None = SUNDAY) -> AccessTokenClaims:
    return AccessTokenClaims(
        "acc-1",
        AUDIENCE,
        ("mcp:full",),
        "jti-1",
        "runflow-client",
        4e9,
        "grant-1",
        "pro",
        "active",
        time_zone,
        first_weekday,
    )


def checker(state: str, auth: FakeAuth, claims: AccessTokenClaims) -> tuple[TokenChecker, RevocationWatcher]:
    watcher = RevocationWatcher(auth)  # never run: the test sets its state
    watcher.state = state
    return TokenChecker(FakeVerifier(claims), auth, auth, watcher), watcher  # type: ignore[arg-type]


def push_standing(watcher: RevocationWatcher) -> None:
    standing = auth_pb2.AccountStanding(account_id="acc-1", plan_tier="pro", account_status="active")
    watcher._apply([auth_pb2.Revocation(account_standing=standing, expire_time=LATER)])


def settings(principal: Principal) -> tuple[str | None, int | None]:
    return principal.time_zone, principal.first_weekday


@pytest.mark.parametrize("credential", ["Bearer x.y.z", f"Bearer {SECRET}"])
async def test_while_local_the_credential_gives_the_settings(credential: str) -> None:
    guard, _ = checker(LOCAL, FakeAuth(), token_claims())
    assert settings(await guard.authenticate(credential, AUDIENCE)) == (ZONE, SUNDAY)


async def test_a_change_pushed_after_a_token_was_issued_leaves_its_settings_out() -> None:
    guard, watcher = checker(LOCAL, FakeAuth(), token_claims())
    push_standing(watcher)
    assert settings(await guard.authenticate("Bearer x.y.z", AUDIENCE)) == (None, None)


async def test_a_change_pushed_drops_the_cached_key_so_the_next_request_verifies_it_again() -> None:
    auth = FakeAuth()
    guard, watcher = checker(LOCAL, auth, token_claims())
    await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    assert auth.verifications == 1
    push_standing(watcher)
    principal = await guard.authenticate(f"Bearer {SECRET}", AUDIENCE)
    assert auth.verifications == 2 and settings(principal) == (ZONE, SUNDAY)


@pytest.mark.parametrize("credential", ["Bearer x.y.z", f"Bearer {SECRET}"])
async def test_credentials_without_settings_or_a_stream_not_current_give_none(credential: str) -> None:
    silent, _ = checker(LOCAL, FakeAuth(says_settings=False), token_claims(None, None))
    assert settings(await silent.authenticate(credential, AUDIENCE)) == (None, None)
    fallback, _ = checker(FALLBACK, FakeAuth(), token_claims())
    assert settings(await fallback.authenticate(credential, AUDIENCE)) == (None, None)


async def test_a_plan_write_reads_the_account_only_when_the_credential_says_too_little() -> None:
    auth = FakeAuth()
    athletes = Athletes(lambda: auth)
    carried = Principal("acc-1", frozenset(), "api_key", "", "pro", "active", ZONE, SUNDAY)
    athlete = await athletes.settings_of(carried)
    assert (athlete.timezone, athlete.first_weekday, auth.account_reads) == (ZONE, SUNDAY, 0)

    unknown = Principal("acc-1", frozenset(), "api_key", "", "pro", "active")
    athlete = await athletes.settings_of(unknown)
    assert (athlete.timezone, athlete.first_weekday, auth.account_reads) == ("Asia/Tokyo", 1, 1)


async def test_utc_and_monday_are_settings_too() -> None:
    """An account that never set them: "" is UTC and 0 is Monday, as the account says."""
    auth = FakeAuth()
    athletes = Athletes(lambda: auth)
    athlete = await athletes.settings_of(
        Principal("acc-1", frozenset(), "api_key", "", "pro", "active", "", 0)
    )
    assert (athlete.timezone, athlete.first_weekday, auth.account_reads) == ("UTC", 1, 0)
