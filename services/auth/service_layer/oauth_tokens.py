"""Token endpoint use cases: redeem a code, rotate a refresh token, revoke (RFC 7009), check a jti.

Each redemption is one transaction whose conditional UPDATE decides the single winner. When the
check fails because the code or refresh token was used before, that is a replay (RFC 9700 §4.5,
§4.14): the grant it produced is revoked in a second transaction, committed before the error is
raised, so every token of that family stops being active.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from services.auth.adapters import grant_repository as grants
from services.auth.adapters import oauth_repository as repo
from services.auth.adapters import repository as accounts_repo
from services.auth.domain.accounts import SUSPENDED, require
from services.auth.domain.oauth_errors import missing, oauth_error
from services.auth.domain.oauth_flow import (
    ACCESS_TOKEN_TTL_SECONDS,
    REFRESH_TOKEN_TTL,
    Grant,
    RefreshToken,
    digest,
    new_secret,
    verifier_matches,
)
from services.auth.domain.oauth_resources import find_resource, normalize_scopes
from services.auth.domain.revocations import Revocation
from services.auth.domain.tokens import validate_token_request
from services.auth.service_layer.revocations import RevocationLog
from services.auth.service_layer.tokens import TokenService

GRANT_TYPES = ("authorization_code", "refresh_token")


@dataclass(frozen=True)
class TokenGrantRequest:
    """The token endpoint's form fields."""

    grant_type: str
    client_id: str
    code: str = ""
    redirect_uri: str = ""
    code_verifier: str = ""
    refresh_token: str = ""
    resource: str = ""
    scope: str = ""


@dataclass(frozen=True)
class TokenResponse:
    """What the token endpoint returns; the refresh token exists only here and with the client."""

    access_token: str
    expires_in: int
    refresh_token: str
    scope: str


def _invalid_grant(message: str) -> InvalidArgument:
    return oauth_error("invalid_grant", message)


def _required(request: TokenGrantRequest, *fields: str) -> None:
    for field in fields:
        if not getattr(request, field):
            raise missing(field)


class OAuthTokenService:
    """Issues, rotates, revokes and checks the tokens of OAuth grants."""

    def __init__(
        self,
        engine: Engine,
        issuer: str,
        clock: Callable[[], datetime],
        tokens: TokenService,
        revocations: RevocationLog,
    ) -> None:
        self._engine = engine
        self._issuer = issuer
        self._clock = clock
        self._tokens = tokens
        self._revocations = revocations

    def _end_grant(self, conn: Connection, grant_id: str, now: datetime) -> None:
        """Revoke a grant and log it for the edges (announce after the commit)."""
        account_id = grants.revoke_grant(conn, grant_id, now)
        if account_id is not None:
            self._revocations.record(conn, [Revocation.of_grant(grant_id, account_id, now)], now)

    def exchange(self, request: TokenGrantRequest) -> TokenResponse:
        """Run the ``authorization_code`` or ``refresh_token`` grant."""
        if not request.grant_type:
            raise missing("grant_type")
        if request.grant_type == "authorization_code":
            return self._redeem_code(request)
        if request.grant_type == "refresh_token":
            return self._refresh(request)
        raise oauth_error(
            "unsupported_grant_type",
            f"grant_type must be one of {', '.join(GRANT_TYPES)}",
            field="grant_type",
        )

    def _redeem_code(self, request: TokenGrantRequest) -> TokenResponse:
        # The code is looked up before the other fields are required: an unknown code is
        # invalid_grant whatever else is missing, and nothing about a real code leaks by omission.
        _required(request, "client_id", "code")
        now = self._clock()
        code_sha256 = digest(request.code)
        with self._engine.begin() as conn:
            code = repo.get_code(conn, code_sha256)
            if code is None or code.revoked_at is not None:
                raise _invalid_grant("the authorization code is invalid or was revoked")
            if code.used_at is None:
                _required(request, "redirect_uri", "code_verifier", "resource")
                if code.client_id != request.client_id:
                    raise _invalid_grant("the authorization code was issued to another client")
                if now >= code.expires_at:
                    raise _invalid_grant("the authorization code expired; codes last 60 seconds")
                if request.redirect_uri != code.redirect_uri:
                    raise _invalid_grant("redirect_uri differs from the one in the authorization request")
                if request.resource != code.resource:
                    raise oauth_error(
                        "invalid_target", "must equal the resource that was authorized", field="resource"
                    )
                if not verifier_matches(request.code_verifier, code.code_challenge):
                    raise _invalid_grant("code_verifier does not match the code_challenge (PKCE S256)")
                if repo.consume_code(conn, code_sha256, now):
                    repo.forget_redirect(conn, code.authorization_id)
                    grant = grants.get_grant(conn, code.grant_id or "")
                    if grant is None or grant.revoked_at is not None:
                        raise _invalid_grant("the connection was revoked; authorize again")
                    return self._issue(conn, grant, grant.scopes, now)
        # Used before, or by a racing request that won: a replay. End what the code issued.
        with self._engine.begin() as conn:
            used = repo.get_code(conn, code_sha256)
            if used is not None and used.grant_id is not None:
                self._end_grant(conn, used.grant_id, now)
        self._revocations.announce()
        raise _invalid_grant("the authorization code was already used; the connection it made is revoked")

    def _refresh(self, request: TokenGrantRequest) -> TokenResponse:
        _required(request, "client_id", "refresh_token")
        now = self._clock()
        token_sha256 = digest(request.refresh_token)
        with self._engine.begin() as conn:
            stored = grants.get_refresh_token(conn, token_sha256)
            grant = None if stored is None else grants.get_grant(conn, stored.grant_id)
            if stored is None or grant is None or stored.client_id != request.client_id:
                raise _invalid_grant("the refresh token is invalid")
            if grant.revoked_at is not None:
                raise _invalid_grant("the connection was revoked; authorize again")
            if stored.used_at is None:
                if now >= stored.expires_at:
                    raise _invalid_grant("the refresh token expired; authorize again")
                _required(request, "resource")
                if request.resource != grant.resource:
                    raise oauth_error(
                        "invalid_target", "must equal the resource of the grant", field="resource"
                    )
                scopes = self._narrowed(grant, request.scope)
                if grants.rotate_refresh_token(conn, token_sha256, now):
                    return self._issue(conn, grant, scopes, now)
        # A rotated token presented again: it leaked, or the client lost a race. Revoke the family.
        with self._engine.begin() as conn:
            self._end_grant(conn, grant.grant_id, now)
        self._revocations.announce()
        raise _invalid_grant("the refresh token was already used; the connection is revoked, authorize again")

    def _narrowed(self, grant: Grant, scope: str) -> tuple[str, ...]:
        if not scope:
            return grant.scopes
        resource = find_resource(self._issuer, grant.resource)
        requested = normalize_scopes(resource, scope) if resource else tuple(scope.split())
        if not set(requested) <= set(grant.scopes):
            raise oauth_error("invalid_scope", "may only narrow the granted scopes", field="scope")
        return requested

    def _issue(self, conn: Connection, grant: Grant, scopes: tuple[str, ...], now: datetime) -> TokenResponse:
        # A suspended account obtains no token by any grant (RFC 6749 5.2 invalid_grant: the grant
        # is no longer valid for its owner); decision 0078.
        account = accounts_repo.get_account(conn, grant.account_id)
        if account is None or account.account_status == SUSPENDED:
            raise _invalid_grant("the account is suspended; no token is issued until it is active again")
        token_request = validate_token_request(
            grant.account_id, grant.resource, scopes, ACCESS_TOKEN_TTL_SECONDS, grant.client_id
        )
        issued = self._tokens.issue_in(conn, token_request, grant.grant_id)
        refresh = new_secret()
        expires_at = now + REFRESH_TOKEN_TTL
        grants.add_refresh_token(
            conn, RefreshToken(digest(refresh), grant.grant_id, grant.client_id, expires_at), now
        )
        grants.touch_grant(conn, grant.grant_id, now, expires_at)
        return TokenResponse(issued.access_token, ACCESS_TOKEN_TTL_SECONDS, refresh, " ".join(scopes))

    def revoke(self, token: str, token_type_hint: str = "", client_id: str = "") -> None:
        """Revoke an access token (by its verified jti) or a refresh token (its whole grant).

        Unknown tokens, and tokens of another client, are left alone without an error (RFC 7009
        §2.2). The hint is only a hint: both kinds are tried, cheapest first.
        """
        if not token:
            raise missing("token")
        now = self._clock()
        if token.count(".") == 2:  # a JWT: only an access token can look like this
            verified = self._tokens.verified_token_id(token)
            if verified is not None:
                jti, token_client = verified
                if not client_id or not token_client or token_client == client_id:
                    with self._engine.begin() as conn:
                        account_id = grants.revoke_access_token(conn, jti, now)
                        if account_id is not None:
                            self._revocations.record(conn, [Revocation.of_token(jti, account_id, now)], now)
                    self._revocations.announce()
            return
        with self._engine.begin() as conn:
            stored = grants.get_refresh_token(conn, digest(token))
            if stored is not None and (not client_id or stored.client_id == client_id):
                self._end_grant(conn, stored.grant_id, now)
        self._revocations.announce()

    def is_active(self, token_id: str) -> bool:
        """Whether a signed token still counts: known, unexpired, and neither it nor its grant revoked."""
        require("token_id", token_id)
        with self._engine.connect() as conn:
            return grants.access_token_active(conn, token_id, self._clock())
