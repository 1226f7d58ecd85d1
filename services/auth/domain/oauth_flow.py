"""Authorization requests, codes, grants, refresh tokens and browser sessions: lifetimes and rules.

Codes, refresh tokens and session tokens are 256-bit random strings; only their SHA-256 digests are
stored (like API keys, see docs/decisions/0003): a fast digest suffices for values nobody can guess,
and it lets a presented secret be found with one indexed lookup.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode, urlsplit, urlunsplit

from authlib.oauth2.rfc7636 import create_s256_code_challenge

from services.auth.domain.oauth_errors import oauth_error

AUTHORIZATION_TTL = timedelta(minutes=10)
CODE_TTL = timedelta(seconds=60)
ACCESS_TOKEN_TTL_SECONDS = 900
REFRESH_TOKEN_TTL = timedelta(days=30)
BROWSER_SESSION_TTL = timedelta(hours=12)

STATUS_PENDING = "pending"
STATUS_APPROVED = "approved"
STATUS_DENIED = "denied"
STATUS_EXPIRED = "expired"

# RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~".
_VERIFIER = re.compile(r"^[A-Za-z0-9\-._~]{43,128}$")
# base64url of a SHA-256 digest, unpadded: exactly 43 characters.
_CHALLENGE = re.compile(r"^[A-Za-z0-9\-_]{43}$")
MAX_STATE_CHARS = 1024


@dataclass(frozen=True)
class AuthorizationRequest:
    """A validated authorization request, pending until the person decides."""

    authorization_id: str
    client_id: str
    client_name: str
    client_kind: str
    redirect_uri: str
    scopes: tuple[str, ...]
    resource: str
    state: str
    code_challenge: str
    status: str
    created_at: datetime
    expires_at: datetime
    account_id: str | None = None
    redirect_to: str = ""

    def status_at(self, now: datetime) -> str:
        """The status a reader sees: a pending request past its expiry is ``expired``."""
        if self.status == STATUS_PENDING and now >= self.expires_at:
            return STATUS_EXPIRED
        return self.status


@dataclass(frozen=True)
class AuthorizationCode:
    """A stored code (by digest) and what it was issued for."""

    code_sha256: str
    authorization_id: str
    account_id: str
    client_id: str
    redirect_uri: str
    resource: str
    scopes: tuple[str, ...]
    code_challenge: str
    expires_at: datetime
    used_at: datetime | None = None
    revoked_at: datetime | None = None
    grant_id: str | None = None


@dataclass(frozen=True)
class Grant:
    """One connection: an account's approval of a client for a resource; the refresh token family."""

    grant_id: str
    account_id: str
    client_id: str
    client_name: str
    resource: str
    scopes: tuple[str, ...]
    created_at: datetime
    last_used_at: datetime
    expires_at: datetime
    revoked_at: datetime | None = None


@dataclass(frozen=True)
class RefreshToken:
    """A stored refresh token (by digest); ``used_at`` is set when it is rotated."""

    token_sha256: str
    grant_id: str
    client_id: str
    expires_at: datetime
    used_at: datetime | None = None


@dataclass(frozen=True)
class BrowserSession:
    """A signed-in browser; the token exists only in the creation response and the cookie."""

    account_id: str
    csrf_secret: str
    expires_at: datetime
    session_token: str = ""


def new_secret() -> str:
    """256 random bits, URL-safe: authorization IDs, codes, refresh and session tokens."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The stored form of a code or token: SHA-256 in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def validate_code_challenge(challenge: str, method: str) -> str:
    """S256 only (RFC 9700 §2.1.1): a missing challenge or ``plain`` is a downgrade."""
    if not challenge:
        raise oauth_error("invalid_request", "is required (PKCE with S256)", field="code_challenge")
    if method != "S256":
        raise oauth_error("invalid_request", "must be S256", field="code_challenge_method")
    if not _CHALLENGE.fullmatch(challenge):
        raise oauth_error(
            "invalid_request",
            "must be the base64url SHA-256 of the verifier (43 chars)",
            field="code_challenge",
        )
    return challenge


def s256(verifier: str) -> str:
    """The S256 challenge of ``verifier``: base64url of its SHA-256 digest, unpadded (RFC 7636 §4.2)."""
    # Authlib's PKCE helper; the verifier's shape and S256-only are checked here (verifier_matches).
    challenge: str = create_s256_code_challenge(verifier)
    return challenge


def verifier_matches(verifier: str, challenge: str) -> bool:
    """Whether a well-formed ``verifier`` hashes to ``challenge`` (constant-time compare)."""
    if not _VERIFIER.fullmatch(verifier):
        return False
    return hmac.compare_digest(s256(verifier), challenge)


def validate_state(state: str) -> str:
    """Opaque client state, echoed back; bounded so a request cannot bloat storage."""
    if len(state) > MAX_STATE_CHARS:
        raise oauth_error("invalid_request", f"must be at most {MAX_STATE_CHARS} characters", field="state")
    return state


def with_query(uri: str, params: Mapping[str, str]) -> str:
    """``uri`` with ``params`` appended to its query (empty values left out), fragment dropped."""
    parts = urlsplit(uri)
    extra = urlencode({key: value for key, value in params.items() if value})
    query = f"{parts.query}&{extra}" if parts.query else extra
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def approval_redirect(request: AuthorizationRequest, code: str, issuer: str) -> str:
    """Where the browser goes after approval: code, state and iss (RFC 9207)."""
    return with_query(request.redirect_uri, {"code": code, "state": request.state, "iss": issuer})


def denial_redirect(request: AuthorizationRequest, issuer: str) -> str:
    """Where the browser goes after denial: error=access_denied, state and iss."""
    return with_query(request.redirect_uri, {"error": "access_denied", "state": request.state, "iss": issuer})
