"""Access tokens: RS256 JWTs typed ``at+jwt`` (RFC 9068), short-lived and bound to one audience."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from joserfc import jwt
from joserfc.jwk import RSAKey

from kinetic.errors import InvalidArgument
from services.auth.domain.accounts import require
from services.auth.domain.api_keys import TOKEN_SCOPES, validate_scopes
from services.auth.domain.signing_keys import ALGORITHM

TOKEN_TYPE = "at+jwt"
DEFAULT_TTL_SECONDS = 900
MAX_TTL_SECONDS = 3600
MAX_AUDIENCE_CHARS = 2048
MAX_CLIENT_ID_CHARS = 255
# The account's plan tier and status at issue time (decision 0063): a gate checks them without
# asking auth; a change pushed on the revocation stream overrides them until the token expires.
TIER_CLAIM = "kinetic_tier"
STATUS_CLAIM = "kinetic_status"
# The account's time zone and first weekday at issue time (decision 0090): a plan write counts the
# athlete's days without asking auth; a change pushed since makes the edge read the account.
TIME_ZONE_CLAIM = "kinetic_tz"
FIRST_WEEKDAY_CLAIM = "kinetic_week"


@dataclass(frozen=True)
class Standing:
    """An account's plan tier and status, and the settings a plan write needs, as a token carries
    them (settings None: not carried)."""

    plan_tier: str
    account_status: str
    time_zone: str | None = None
    first_weekday: int | None = None


@dataclass(frozen=True)
class TokenRequest:
    """Validated input of token issuance."""

    account_id: str
    audience: str
    scopes: tuple[str, ...]
    ttl_seconds: int
    client_id: str


@dataclass(frozen=True)
class IssuedToken:
    """A signed token with the facts the caller needs without parsing it."""

    access_token: str
    token_id: str
    expires_at: datetime


def validate_ttl(ttl_seconds: int) -> int:
    """0 means the 900 s default; otherwise 1 to 3600 seconds."""
    if ttl_seconds == 0:
        return DEFAULT_TTL_SECONDS
    if not 0 < ttl_seconds <= MAX_TTL_SECONDS:
        raise InvalidArgument.for_field(
            "ttl_seconds", f"must be between 1 and {MAX_TTL_SECONDS} (0 means {DEFAULT_TTL_SECONDS})"
        )
    return ttl_seconds


def validate_token_request(
    account_id: str, audience: str, scopes: Sequence[str], ttl_seconds: int = 0, client_id: str = ""
) -> TokenRequest:
    """Check the fields of a token request."""
    require("account_id", account_id)
    audience = require("audience", audience.strip())
    if len(audience) > MAX_AUDIENCE_CHARS or any(ch.isspace() for ch in audience):
        raise InvalidArgument.for_field("audience", "must be a resource URL without spaces")
    client_id = client_id.strip()
    if len(client_id) > MAX_CLIENT_ID_CHARS:
        raise InvalidArgument.for_field("client_id", f"must be at most {MAX_CLIENT_ID_CHARS} characters")
    return TokenRequest(
        account_id=account_id,
        audience=audience,
        scopes=validate_scopes(scopes, TOKEN_SCOPES),
        ttl_seconds=validate_ttl(ttl_seconds),
        client_id=client_id,
    )


def build_claims(
    issuer: str,
    request: TokenRequest,
    now: datetime,
    token_id: str,
    grant_id: str | None = None,
    standing: Standing | None = None,
) -> dict[str, object]:
    """The claim set of an access token; times are whole seconds since the epoch.

    ``sid`` names what revokes the token besides its ``jti`` and ``sub``: its grant, or, for a token
    issued outside OAuth, the token itself. Verifiers that follow WatchRevocations check ``jti``,
    ``sid`` and ``sub`` against the revoked set; a token without ``sid`` predates it and is checked
    with auth per request (docs/decisions/0030-revocation-push.md).
    """
    issued_at = int(now.timestamp())
    claims: dict[str, object] = {
        "iss": issuer,
        "sub": request.account_id,
        "aud": request.audience,
        "iat": issued_at,
        "nbf": issued_at,
        "exp": issued_at + request.ttl_seconds,
        "scope": " ".join(request.scopes),
        "jti": token_id,
        "sid": grant_id or token_id,
    }
    if request.client_id:
        claims["client_id"] = request.client_id
    if standing is not None:
        claims[TIER_CLAIM] = standing.plan_tier
        claims[STATUS_CLAIM] = standing.account_status
        if standing.time_zone is not None and standing.first_weekday is not None:
            claims[TIME_ZONE_CLAIM] = standing.time_zone
            claims[FIRST_WEEKDAY_CLAIM] = standing.first_weekday
    return claims


def sign_access_token(
    issuer: str,
    request: TokenRequest,
    key: RSAKey,
    now: datetime,
    grant_id: str | None = None,
    standing: Standing | None = None,
) -> IssuedToken:
    """Sign a fresh token for ``request`` with ``key`` (whose ``kid`` goes in the header), as one of
    ``grant_id``'s tokens when it is given, carrying the account's ``standing`` when it is given."""
    token_id = str(uuid.uuid4())
    claims = build_claims(issuer, request, now, token_id, grant_id, standing)
    header = {"alg": ALGORITHM, "typ": TOKEN_TYPE, "kid": key.kid}
    token = jwt.encode(header, claims, key, algorithms=[ALGORITHM])
    expires_at = datetime.fromtimestamp(int(now.timestamp()) + request.ttl_seconds, tz=UTC)
    return IssuedToken(access_token=token, token_id=token_id, expires_at=expires_at)
