"""Deletes OAuth rows nobody can use any more (Core, caller's transaction).

``cutoff`` is "now minus the grace period": rows expired or revoked before it go. Refresh tokens go
before their grants (the foreign key), and a grant goes only when its refresh tokens would go too:
a grant's expiry is that of its newest refresh token, so the same cutoff covers both.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, delete, or_, select

from services.auth.adapters.repository import _to_db
from services.auth.adapters.tables import (
    access_tokens,
    authorization_codes,
    authorization_requests,
    browser_sessions,
    grants,
    refresh_tokens,
    revocations,
)


@dataclass(frozen=True)
class PurgedRows:
    """How many rows of each kind one purge removed."""

    authorization_requests: int = 0
    authorization_codes: int = 0
    refresh_tokens: int = 0
    grants: int = 0
    access_tokens: int = 0
    browser_sessions: int = 0
    revocations: int = 0

    @property
    def total(self) -> int:
        """Every row removed."""
        return (
            self.authorization_requests
            + self.authorization_codes
            + self.refresh_tokens
            + self.grants
            + self.access_tokens
            + self.browser_sessions
            + self.revocations
        )


def purge_expired(conn: Connection, now: datetime, cutoff: datetime) -> PurgedRows:
    """Delete requests, codes, refresh tokens, grants and access token records that expired (or
    were revoked) before ``cutoff``, and browser sessions and revocations that expired before
    ``now`` (a revocation's expiry already outlasts everything it covers: no grace needed)."""
    before = _to_db(cutoff)
    ended_grants = select(grants.c.grant_id).where(
        or_(grants.c.expires_at < before, grants.c.revoked_at < before)
    )
    requests = conn.execute(
        delete(authorization_requests).where(authorization_requests.c.expires_at < before)
    ).rowcount
    codes = conn.execute(
        delete(authorization_codes).where(authorization_codes.c.expires_at < before)
    ).rowcount
    refresh = conn.execute(
        delete(refresh_tokens).where(
            or_(refresh_tokens.c.expires_at < before, refresh_tokens.c.grant_id.in_(ended_grants))
        )
    ).rowcount
    # A grant whose refresh tokens are all gone; one with a token still in date stays (none should).
    removed_grants = conn.execute(
        delete(grants).where(
            or_(grants.c.expires_at < before, grants.c.revoked_at < before),
            ~grants.c.grant_id.in_(select(refresh_tokens.c.grant_id)),
        )
    ).rowcount
    tokens = conn.execute(delete(access_tokens).where(access_tokens.c.expires_at < before)).rowcount
    sessions = conn.execute(
        delete(browser_sessions).where(browser_sessions.c.expires_at < _to_db(now))
    ).rowcount
    ended = conn.execute(delete(revocations).where(revocations.c.expires_at <= _to_db(now))).rowcount
    return PurgedRows(requests, codes, refresh, removed_grants, tokens, sessions, ended)
