"""Connections and browser sign-in: list and revoke grants, create, read and end browser sessions."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine

from kinetic.errors import NotFound, Unauthenticated
from services.auth.adapters import grant_repository as grants
from services.auth.adapters import oauth_repository as repo
from services.auth.adapters import repository as account_repo
from services.auth.domain.accounts import require
from services.auth.domain.oauth_flow import BROWSER_SESSION_TTL, BrowserSession, Grant, digest, new_secret
from services.auth.domain.revocations import Revocation
from services.auth.service_layer.revocations import RevocationLog


class GrantService:
    """An account's connections: what the account page lists and what Disconnect ends."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime], revocations: RevocationLog) -> None:
        self._engine = engine
        self._clock = clock
        self._revocations = revocations

    def list_grants(self, account_id: str) -> list[Grant]:
        """Live grants, newest first, one per client and resource (reconnecting makes a new grant;
        the page shows the connection once)."""
        require("account_id", account_id)
        with self._engine.connect() as conn:
            live = grants.list_live_grants(conn, account_id, self._clock())
        newest: dict[tuple[str, str], Grant] = {}
        for grant in live:
            newest.setdefault((grant.client_id, grant.resource), grant)
        return list(newest.values())

    def revoke_client_grants(self, account_id: str, client_id: str) -> int:
        """Disconnect a client: its grants (so their tokens) and its unredeemed codes; returns the count."""
        require("account_id", account_id)
        require("client_id", client_id)
        now = self._clock()
        with self._engine.begin() as conn:
            revoked = grants.revoke_grants(conn, account_id, client_id, now)
            repo.revoke_codes(conn, account_id, client_id, now)
            pushed = [Revocation.of_grant(grant_id, account_id, now) for grant_id in revoked]
            self._revocations.record(conn, pushed, now)
        self._revocations.announce()
        return len(revoked)

    def revoke_account_grants(self, account_id: str) -> int:
        """End every connection of the account, and every access token it holds, grant or not."""
        require("account_id", account_id)
        now = self._clock()
        with self._engine.begin() as conn:
            revoked = grants.revoke_grants(conn, account_id, None, now)
            repo.revoke_codes(conn, account_id, None, now)
            grantless = grants.revoke_account_access_tokens(conn, account_id, now)
            pushed = [Revocation.of_grant(grant_id, account_id, now) for grant_id in revoked]
            pushed += [Revocation.of_token(token_id, account_id, now) for token_id in grantless]
            self._revocations.record(conn, pushed, now)
        self._revocations.announce()
        return len(revoked)


class BrowserSessionService:
    """Signed-in browsers of the approval and account pages."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime]) -> None:
        self._engine = engine
        self._clock = clock

    def create(self, account_id: str) -> BrowserSession:
        """A 12-hour session for an account that passed VerifyPassword; the token is returned once."""
        require("account_id", account_id)
        now = self._clock()
        token = new_secret()
        session = BrowserSession(
            account_id=account_id,
            csrf_secret=secrets.token_hex(32),
            expires_at=now + BROWSER_SESSION_TTL,
            session_token=token,
        )
        with self._engine.begin() as conn:
            if account_repo.get_account(conn, account_id) is None:
                raise NotFound(f"no account {account_id!r}", reason="ACCOUNT_NOT_FOUND")
            grants.add_browser_session(conn, digest(token), session, now)
        return session

    def get(self, session_token: str) -> BrowserSession:
        """The live session for a cookie value; UNAUTHENTICATED ``session_expired`` otherwise."""
        if session_token:
            with self._engine.connect() as conn:
                session = grants.get_browser_session(conn, digest(session_token))
            if session is not None and self._clock() < session.expires_at:
                return session
        raise Unauthenticated(
            "the sign-in session is unknown or expired; sign in again", reason="session_expired"
        )

    def end(self, session_token: str) -> None:
        """Sign out; an unknown token is already signed out."""
        if session_token:
            with self._engine.begin() as conn:
                grants.delete_browser_session(conn, digest(session_token))
