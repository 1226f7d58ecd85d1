"""Reads and writes grants, refresh tokens, access token records and browser sessions (Core).

Rotating a refresh token is a conditional UPDATE whose row count says whether this caller won, so
two racing refreshes with one token cannot both succeed, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Connection, Table, and_, delete, insert, or_, select, update

from services.auth.adapters.repository import _from_db, _required_time, _to_db
from services.auth.adapters.tables import access_tokens, accounts, browser_sessions, grants, refresh_tokens
from services.auth.domain.accounts import SUSPENDED
from services.auth.domain.oauth_flow import BrowserSession, Grant, RefreshToken

# --- grants ---------------------------------------------------------------------------------------


def _row_to_grant(m: Any) -> Grant:
    return Grant(
        grant_id=m["grant_id"],
        account_id=m["account_id"],
        client_id=m["client_id"],
        client_name=m["client_name"],
        resource=m["resource"],
        scopes=tuple(m["scopes"].split()),
        created_at=_required_time(m["created_at"]),
        last_used_at=_required_time(m["last_used_at"]),
        expires_at=_required_time(m["expires_at"]),
        revoked_at=_from_db(m["revoked_at"]),
    )


def add_grant(conn: Connection, grant: Grant) -> None:
    """Store a new grant."""
    conn.execute(
        insert(grants).values(
            grant_id=grant.grant_id,
            account_id=grant.account_id,
            client_id=grant.client_id,
            client_name=grant.client_name,
            resource=grant.resource,
            scopes=" ".join(grant.scopes),
            created_at=_to_db(grant.created_at),
            last_used_at=_to_db(grant.last_used_at),
            expires_at=_to_db(grant.expires_at),
        )
    )


def get_grant(conn: Connection, grant_id: str) -> Grant | None:
    """The grant with this ID, revoked or not."""
    row = conn.execute(select(grants).where(grants.c.grant_id == grant_id)).first()
    return None if row is None else _row_to_grant(row._mapping)


def touch_grant(conn: Connection, grant_id: str, now: datetime, expires_at: datetime) -> None:
    """Note that a token of the grant was issued now, and when its newest refresh token expires."""
    conn.execute(
        update(grants)
        .where(grants.c.grant_id == grant_id)
        .values(last_used_at=_to_db(now), expires_at=_to_db(expires_at))
    )


def _revoke_once(conn: Connection, table: Table, key: Column[str], value: str, now: datetime) -> str | None:
    """Set ``revoked_at`` on the row whose ``key`` is ``value`` unless it is revoked already (the
    first revocation time stays); the row's account ID if this call revoked it, so only the caller
    that won a race announces the revocation."""
    row = conn.execute(
        update(table)
        .where(key == value, table.c.revoked_at.is_(None))
        .values(revoked_at=_to_db(now))
        .returning(table.c.account_id)
    ).first()
    return None if row is None else str(row[0])


def revoke_grant(conn: Connection, grant_id: str, now: datetime) -> str | None:
    """Revoke one grant (the first revocation time stays); its account ID if this call revoked it."""
    return _revoke_once(conn, grants, grants.c.grant_id, grant_id, now)


def revoke_grants(conn: Connection, account_id: str, client_id: str | None, now: datetime) -> list[str]:
    """Revoke the account's unrevoked grants (of one client, or all); returns the IDs of those that
    were live (expired ones are revoked too, but their tokens have long expired)."""
    conditions = [grants.c.account_id == account_id, grants.c.revoked_at.is_(None)]
    if client_id is not None:
        conditions.append(grants.c.client_id == client_id)
    live = conn.execute(select(grants.c.grant_id).where(*conditions, grants.c.expires_at > _to_db(now)))
    live_ids = [str(row[0]) for row in live]
    conn.execute(update(grants).where(*conditions).values(revoked_at=_to_db(now)))
    return live_ids


def list_live_grants(conn: Connection, account_id: str, now: datetime) -> list[Grant]:
    """The account's grants neither revoked nor expired, newest first."""
    rows = conn.execute(
        select(grants)
        .where(
            grants.c.account_id == account_id,
            grants.c.revoked_at.is_(None),
            grants.c.expires_at > _to_db(now),
        )
        .order_by(grants.c.created_at.desc(), grants.c.grant_id.desc())
    )
    return [_row_to_grant(row._mapping) for row in rows]


# --- refresh tokens -------------------------------------------------------------------------------


def add_refresh_token(conn: Connection, token: RefreshToken, now: datetime) -> None:
    """Store a refresh token by its digest."""
    conn.execute(
        insert(refresh_tokens).values(
            token_sha256=token.token_sha256,
            grant_id=token.grant_id,
            client_id=token.client_id,
            created_at=_to_db(now),
            expires_at=_to_db(token.expires_at),
        )
    )


def get_refresh_token(conn: Connection, token_sha256: str) -> RefreshToken | None:
    """The refresh token with this digest, rotated or not."""
    row = conn.execute(select(refresh_tokens).where(refresh_tokens.c.token_sha256 == token_sha256)).first()
    if row is None:
        return None
    m = row._mapping
    return RefreshToken(
        token_sha256=m["token_sha256"],
        grant_id=m["grant_id"],
        client_id=m["client_id"],
        expires_at=_required_time(m["expires_at"]),
        used_at=_from_db(m["used_at"]),
    )


def rotate_refresh_token(conn: Connection, token_sha256: str, now: datetime) -> bool:
    """Mark the token used unless it already was; True for the one caller that rotates it."""
    result = conn.execute(
        update(refresh_tokens)
        .where(refresh_tokens.c.token_sha256 == token_sha256, refresh_tokens.c.used_at.is_(None))
        .values(used_at=_to_db(now))
    )
    return result.rowcount == 1


# --- access token records -------------------------------------------------------------------------


def add_access_token(
    conn: Connection,
    jti: str,
    account_id: str,
    grant_id: str | None,
    client_id: str,
    issued_at: datetime,
    expires_at: datetime,
) -> None:
    """Record a signed token's jti and what it belongs to."""
    conn.execute(
        insert(access_tokens).values(
            jti=jti,
            account_id=account_id,
            grant_id=grant_id,
            client_id=client_id,
            issued_at=_to_db(issued_at),
            expires_at=_to_db(expires_at),
        )
    )


def access_token_active(conn: Connection, jti: str, now: datetime) -> bool:
    """Known, unexpired, not revoked itself, its grant (if any) not revoked, and its account not
    suspended (decision 0078)."""
    joined = access_tokens.outerjoin(grants, grants.c.grant_id == access_tokens.c.grant_id).join(
        accounts, accounts.c.account_id == access_tokens.c.account_id
    )
    row = conn.execute(
        select(access_tokens.c.jti)
        .select_from(joined)
        .where(
            access_tokens.c.jti == jti,
            access_tokens.c.revoked_at.is_(None),
            access_tokens.c.expires_at > _to_db(now),
            accounts.c.account_status != SUSPENDED,
            or_(
                access_tokens.c.grant_id.is_(None),
                and_(grants.c.grant_id.is_not(None), grants.c.revoked_at.is_(None)),
            ),
        )
    ).first()
    return row is not None


def access_token_client(conn: Connection, jti: str) -> tuple[str, str | None] | None:
    """The (client_id, grant_id) a recorded token was issued to, if it is known."""
    row = conn.execute(
        select(access_tokens.c.client_id, access_tokens.c.grant_id).where(access_tokens.c.jti == jti)
    ).first()
    return None if row is None else (row[0], row[1])


def revoke_access_token(conn: Connection, jti: str, now: datetime) -> str | None:
    """Revoke one token by jti; its account ID if this call revoked it."""
    return _revoke_once(conn, access_tokens, access_tokens.c.jti, jti, now)


def revoke_account_access_tokens(conn: Connection, account_id: str, now: datetime) -> list[str]:
    """Revoke every token of an account; returns the jtis of the live ones issued outside a grant
    (a grant's tokens are revoked through their grant)."""
    live = conn.execute(
        select(access_tokens.c.jti).where(
            access_tokens.c.account_id == account_id,
            access_tokens.c.grant_id.is_(None),
            access_tokens.c.revoked_at.is_(None),
            access_tokens.c.expires_at > _to_db(now),
        )
    )
    live_ids = [str(row[0]) for row in live]
    conn.execute(
        update(access_tokens)
        .where(access_tokens.c.account_id == account_id, access_tokens.c.revoked_at.is_(None))
        .values(revoked_at=_to_db(now))
    )
    return live_ids


# --- browser sessions -----------------------------------------------------------------------------


def add_browser_session(conn: Connection, token_sha256: str, session: BrowserSession, now: datetime) -> None:
    """Store a session by its token digest."""
    conn.execute(
        insert(browser_sessions).values(
            token_sha256=token_sha256,
            account_id=session.account_id,
            csrf_secret=session.csrf_secret,
            created_at=_to_db(now),
            expires_at=_to_db(session.expires_at),
        )
    )


def get_browser_session(conn: Connection, token_sha256: str) -> BrowserSession | None:
    """The session with this token digest, expired or not."""
    row = conn.execute(
        select(browser_sessions).where(browser_sessions.c.token_sha256 == token_sha256)
    ).first()
    if row is None:
        return None
    m = row._mapping
    return BrowserSession(
        account_id=m["account_id"], csrf_secret=m["csrf_secret"], expires_at=_required_time(m["expires_at"])
    )


def delete_browser_session(conn: Connection, token_sha256: str) -> None:
    """Forget a session (signing out)."""
    conn.execute(delete(browser_sessions).where(browser_sessions.c.token_sha256 == token_sha256))
