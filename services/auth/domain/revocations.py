"""Revocations as verifiers see them: what was revoked, and until when it still matters.

Auth numbers every revocation in its own log so an edge can follow it (docs/decisions/0030). A
revocation names one access token (``jti``), one grant (the token's ``sid`` claim), a deleted account
(the token's ``sub``, and its API keys) or one API key. It matters only while something it covers
could still verify; after ``expires_at`` it is purged and a snapshot leaves it out.

One entry of the log is not a revocation: an account's *standing* (plan tier and status) after an
``UpdateAccount`` changed it. Credentials carry the standing of their issue time (the access token's
``kinetic_tier``/``kinetic_status`` claims, ``VerifyApiKey``'s answer); the entry tells verifiers to
use the new standing instead until every credential issued before the change has expired
(docs/decisions/0063-runflow-access.md). Its ``subject`` is ``"<plan_tier> <account_status>"``:
the log's columns fit it (at most 15 characters) and no migration is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from services.auth.domain.tokens import MAX_TTL_SECONDS

TOKEN = "token"
GRANT = "grant"
ACCOUNT = "account"
API_KEY = "api_key"
STANDING = "standing"
KINDS = (TOKEN, GRANT, ACCOUNT, API_KEY, STANDING)

# A token signed just before its revocation verifies for at most its lifetime (3600 s at most)
# plus the verifier's clock leeway (30 s, kinetic/access_tokens.py); a minute covers the leeway.
TOKEN_REVOCATION_TTL = timedelta(seconds=MAX_TTL_SECONDS + 60)
# The edge keeps a verified API key for at most 60 s (edge/api_key_cache.py); five minutes
# outlasts that with room for clock skew and a slow reconnect.
API_KEY_REVOCATION_TTL = timedelta(minutes=5)
# A deleted account's tokens and cached keys: whichever of the two outlives the other.
ACCOUNT_REVOCATION_TTL = max(TOKEN_REVOCATION_TTL, API_KEY_REVOCATION_TTL)
# A changed standing overrides the same credentials a deleted account's entry covers.
STANDING_TTL = ACCOUNT_REVOCATION_TTL


@dataclass(frozen=True)
class Revocation:
    """One revoked credential or family; ``sequence`` is 0 until the log numbers it."""

    kind: str
    subject: str
    account_id: str
    expires_at: datetime
    sequence: int = 0

    @classmethod
    def of_token(cls, token_id: str, account_id: str, now: datetime) -> Revocation:
        """One access token (RevokeToken, or a token without a grant when the account is revoked)."""
        return cls(TOKEN, token_id, account_id, now + TOKEN_REVOCATION_TTL)

    @classmethod
    def of_grant(cls, grant_id: str, account_id: str, now: datetime) -> Revocation:
        """Every access token of a grant (Disconnect, replay, RevokeAccountGrants)."""
        return cls(GRANT, grant_id, account_id, now + TOKEN_REVOCATION_TTL)

    @classmethod
    def of_account(cls, account_id: str, now: datetime) -> Revocation:
        """Every credential of a deleted account."""
        return cls(ACCOUNT, account_id, account_id, now + ACCOUNT_REVOCATION_TTL)

    @classmethod
    def of_api_key(cls, key_id: str, account_id: str, now: datetime) -> Revocation:
        """One API key (RevokeApiKey)."""
        return cls(API_KEY, key_id, account_id, now + API_KEY_REVOCATION_TTL)

    @classmethod
    def of_standing(cls, account_id: str, plan_tier: str, account_status: str, now: datetime) -> Revocation:
        """An account's plan tier and status after a change (UpdateAccount)."""
        return cls(STANDING, f"{plan_tier} {account_status}", account_id, now + STANDING_TTL)

    def standing(self) -> tuple[str, str]:
        """The (plan_tier, account_status) of a ``STANDING`` entry."""
        plan_tier, _, account_status = self.subject.partition(" ")
        return plan_tier, account_status


@dataclass(frozen=True)
class RevocationBatch:
    """One message of a revocation stream (see WatchRevocations in protos/kinetic/auth/v1/auth.proto)."""

    revocations: tuple[Revocation, ...]
    snapshot: bool
    current: bool
    sequence: int
