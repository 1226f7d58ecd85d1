"""Signing key and access token use cases: keep a key, rotate it, sign tokens, publish the key set."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet, RSAKey
from sqlalchemy import Connection, Engine

from kinetic.errors import DomainError, NotFound
from services.auth.adapters import grant_repository as grant_repo
from services.auth.adapters import repository as repo
from services.auth.domain.signing_keys import (
    ALGORITHM,
    SigningKey,
    generate_signing_key,
    jwks_json,
    load_private_key,
)
from services.auth.domain.tokens import (
    IssuedToken,
    Standing,
    TokenRequest,
    sign_access_token,
    validate_token_request,
)


class TokenService:
    """Signs access tokens for one issuer with the newest active signing key."""

    def __init__(self, engine: Engine, issuer: str, clock: Callable[[], datetime]) -> None:
        self._engine = engine
        self._issuer = issuer
        self._clock = clock
        # Parsed keys by kid: parsing a PEM validates the RSA key, which costs more than a signature.
        self._parsed: dict[str, RSAKey] = {}

    @property
    def issuer(self) -> str:
        """The ``iss`` of every token this service signs."""
        return self._issuer

    def ensure_signing_key(self) -> str:
        """Create a signing key if none is active; returns the kid that signs now."""
        with self._engine.begin() as conn:
            return self._signing_key(conn).kid

    def rotate_signing_key(self) -> str:
        """Add a new active key that signs from now on; older keys stay published until retired."""
        key = generate_signing_key(self._clock())
        with self._engine.begin() as conn:
            repo.add_signing_key(conn, key)
        return key.kid

    def retire_signing_key(self, kid: str) -> None:
        """Withdraw a key from the key set, so tokens it signed stop verifying.

        Retire a key only when every token it signed has expired (the maximum lifetime after the
        rotation) and verifiers have refetched the key set. The signing key cannot be retired alone.
        """
        with self._engine.begin() as conn:
            active = repo.active_signing_keys(conn)
            if kid not in {key.kid for key in active}:
                raise NotFound(f"no active signing key {kid!r}", reason="SIGNING_KEY_NOT_FOUND")
            if len(active) == 1:
                raise DomainError(
                    "rotate first: this is the only active signing key", reason="LAST_SIGNING_KEY"
                )
            repo.retire_signing_key(conn, kid, self._clock())
        self._parsed.pop(kid, None)

    def issue_access_token(
        self,
        account_id: str,
        audience: str,
        scopes: Sequence[str],
        ttl_seconds: int = 0,
        client_id: str = "",
    ) -> IssuedToken:
        """Sign an RS256 ``at+jwt`` for an existing account; NOT_FOUND ``ACCOUNT_NOT_FOUND`` otherwise."""
        request = validate_token_request(account_id, audience, scopes, ttl_seconds, client_id)
        with self._engine.begin() as conn:
            return self.issue_in(conn, request, grant_id=None)

    def issue_in(self, conn: Connection, request: TokenRequest, grant_id: str | None) -> IssuedToken:
        """Sign a token inside the caller's transaction and record its jti (against ``grant_id``).

        The token carries the account's plan tier and status as they are now (decision 0063).
        Every jti is recorded, so CheckAccessToken can answer for any token this service signed and
        revoking a grant or an account ends its tokens at once.
        """
        account = repo.get_account(conn, request.account_id)
        if account is None:
            raise NotFound(f"no account {request.account_id!r}", reason="ACCOUNT_NOT_FOUND")
        key = self._signing_key(conn)
        now = self._clock()
        standing = Standing(
            account.plan_tier, account.account_status, account.time_zone, account.first_weekday
        )
        issued = sign_access_token(self._issuer, request, self._parse(key), now, grant_id, standing)
        grant_repo.add_access_token(
            conn, issued.token_id, request.account_id, grant_id, request.client_id, now, issued.expires_at
        )
        return issued

    def verified_token_id(self, token: str) -> tuple[str, str] | None:
        """The (jti, client_id) of a token this service signed with a key still published, else None.

        Expiry is not checked: revoking an expired token is harmless, and RFC 7009 asks for success.
        """
        try:
            header = jwt.decode(token, self._published_keys(), algorithms=[ALGORITHM])
        except (JoseError, ValueError, TypeError):
            return None
        jti, client_id = header.claims.get("jti"), header.claims.get("client_id", "")
        if not isinstance(jti, str) or not isinstance(client_id, str):
            return None
        return jti, client_id

    def _published_keys(self) -> KeySet:
        with self._engine.connect() as conn:
            keys = repo.active_signing_keys(conn)
        return KeySet([self._parse(key) for key in keys])

    def get_jwks(self) -> str:
        """The JWKS JSON of every key not retired, newest first."""
        with self._engine.begin() as conn:
            self._signing_key(conn)  # a fresh store publishes the key it is about to sign with
            keys = repo.active_signing_keys(conn)
        return jwks_json(self._parse(key) for key in keys)

    def _signing_key(self, conn: Connection) -> SigningKey:
        active = repo.active_signing_keys(conn)
        if active:
            return active[0]
        # Two replicas starting at once may each add a key; both are published, the newest signs.
        key = generate_signing_key(self._clock())
        repo.add_signing_key(conn, key)
        return key

    def _parse(self, key: SigningKey) -> RSAKey:
        parsed = self._parsed.get(key.kid)
        if parsed is None:
            parsed = self._parsed[key.kid] = load_private_key(key)
        return parsed
