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


class GrantService:
    """An account's connections: what the account page lists and what Disconnect ends."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime]) -> None:
        self._engine = engine
        self._clock = clock

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
            count = grants.revoke_grants(conn, account_id, client_id, now)
            repo.revoke_codes(conn, account_id, client_id, now)
        return count

    def revoke_account_grants(self, account_id: str) -> int:
        """End every connection of the account, and every access token it holds, grant or not."""
        require("account_id", account_id)
        now = self._clock()
        with self._engine.begin() as conn:
            count = grants.revoke_grants(conn, account_id, None, now)
            repo.revoke_codes(conn, account_id, None, now)
            grants.revoke_access_tokens(conn, now, account_id=account_id)
        return count


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
