"""Deletes an account's rows from every auth table, in one caller-owned transaction (Core).

The order follows the foreign keys: refresh tokens before their grants, every child before the
account row. Access token records go too, so ``CheckAccessToken`` finds no ``jti`` and answers
inactive on the very next request (unknown tokens are inactive, docs/decisions/0008). So do the
account's earlier revocations; the caller then logs the deletion itself (decision 0030).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, delete, select

from services.auth.adapters.tables import (
    access_tokens,
    accounts,
    api_keys,
    authorization_codes,
    authorization_requests,
    browser_sessions,
    grants,
    refresh_tokens,
    revocations,
)


@dataclass(frozen=True)
class DeletedRows:
    """How many rows of each kind went with the account."""

    api_keys: int
    grants: int
    browser_sessions: int


def password_hash(conn: Connection, account_id: str) -> str | None:
    """The stored password hash of an account, if the account exists."""
    row = conn.execute(select(accounts.c.password_hash).where(accounts.c.account_id == account_id)).first()
    return None if row is None else str(row[0])


def delete_account_rows(conn: Connection, account_id: str) -> DeletedRows:
    """Remove the account and everything that authenticates as it; returns the counts."""
    account_grants = select(grants.c.grant_id).where(grants.c.account_id == account_id)
    conn.execute(delete(refresh_tokens).where(refresh_tokens.c.grant_id.in_(account_grants)))
    conn.execute(delete(access_tokens).where(access_tokens.c.account_id == account_id))
    conn.execute(delete(authorization_codes).where(authorization_codes.c.account_id == account_id))
    removed_grants = conn.execute(delete(grants).where(grants.c.account_id == account_id)).rowcount
    removed_sessions = conn.execute(
        delete(browser_sessions).where(browser_sessions.c.account_id == account_id)
    ).rowcount
    removed_keys = conn.execute(delete(api_keys).where(api_keys.c.account_id == account_id)).rowcount
    conn.execute(delete(authorization_requests).where(authorization_requests.c.account_id == account_id))
    conn.execute(delete(revocations).where(revocations.c.account_id == account_id))
    conn.execute(delete(accounts).where(accounts.c.account_id == account_id))
    return DeletedRows(api_keys=removed_keys, grants=removed_grants, browser_sessions=removed_sessions)
