"""Reads and writes OAuth clients, authorization requests and codes (Core, caller's connection).

State changes that must happen once (deciding a request, redeeming a code) are conditional
UPDATEs whose row count says whether this caller won: the database serializes racing callers, on
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import Connection, func, insert, select, update

from services.auth.adapters.repository import _from_db, _required_time, _to_db
from services.auth.adapters.tables import (
    authorization_codes,
    authorization_requests,
    oauth_clients,
)
from services.auth.domain.oauth_clients import OAuthClient
from services.auth.domain.oauth_flow import (
    STATUS_PENDING,
    AuthorizationCode,
    AuthorizationRequest,
)

# --- clients --------------------------------------------------------------------------------------


def add_client(conn: Connection, client: OAuthClient, registered_from: str | None, now: datetime) -> None:
    """Insert a client; a taken ``client_id`` raises ``IntegrityError``."""
    conn.execute(
        insert(oauth_clients).values(
            client_id=client.client_id,
            client_name=client.client_name,
            redirect_uris=json.dumps(list(client.redirect_uris)),
            grant_types=" ".join(client.grant_types),
            kind=client.kind,
            registered_from=registered_from,
            created_at=_to_db(now),
        )
    )


def get_client(conn: Connection, client_id: str) -> OAuthClient | None:
    """The stored client with this ID, if any."""
    row = conn.execute(select(oauth_clients).where(oauth_clients.c.client_id == client_id)).first()
    if row is None:
        return None
    m = row._mapping
    return OAuthClient(
        client_id=m["client_id"],
        client_name=m["client_name"],
        redirect_uris=tuple(json.loads(m["redirect_uris"])),
        kind=m["kind"],
        grant_types=tuple(m["grant_types"].split()),
    )


def count_registrations_since(conn: Connection, registered_from: str, since: datetime) -> int:
    """How many clients this address registered after ``since``."""
    count = conn.execute(
        select(func.count())
        .select_from(oauth_clients)
        .where(oauth_clients.c.registered_from == registered_from, oauth_clients.c.created_at > _to_db(since))
    ).scalar_one()
    return int(count)


# --- authorization requests -----------------------------------------------------------------------


def add_authorization(conn: Connection, request: AuthorizationRequest) -> None:
    """Store a pending request."""
    conn.execute(
        insert(authorization_requests).values(
            authorization_id=request.authorization_id,
            client_id=request.client_id,
            client_name=request.client_name,
            client_kind=request.client_kind,
            redirect_uri=request.redirect_uri,
            scopes=" ".join(request.scopes),
            resource=request.resource,
            state=request.state,
            code_challenge=request.code_challenge,
            status=request.status,
            account_id=request.account_id,
            created_at=_to_db(request.created_at),
            expires_at=_to_db(request.expires_at),
            redirect_to=request.redirect_to,
        )
    )


def get_authorization(conn: Connection, authorization_id: str) -> AuthorizationRequest | None:
    """The request with this ID, if any."""
    row = conn.execute(
        select(authorization_requests).where(authorization_requests.c.authorization_id == authorization_id)
    ).first()
    if row is None:
        return None
    m = row._mapping
    return AuthorizationRequest(
        authorization_id=m["authorization_id"],
        client_id=m["client_id"],
        client_name=m["client_name"],
        client_kind=m["client_kind"],
        redirect_uri=m["redirect_uri"],
        scopes=tuple(m["scopes"].split()),
        resource=m["resource"],
        state=m["state"],
        code_challenge=m["code_challenge"],
        status=m["status"],
        created_at=_required_time(m["created_at"]),
        expires_at=_required_time(m["expires_at"]),
        account_id=m["account_id"],
        redirect_to=m["redirect_to"],
    )


def decide_authorization(
    conn: Connection, authorization_id: str, account_id: str, status: str, redirect_to: str, now: datetime
) -> bool:
    """Record a decision if the request is still pending and unexpired; returns whether it did."""
    result = conn.execute(
        update(authorization_requests)
        .where(
            authorization_requests.c.authorization_id == authorization_id,
            authorization_requests.c.status == STATUS_PENDING,
            authorization_requests.c.expires_at > _to_db(now),
        )
        .values(status=status, account_id=account_id, redirect_to=redirect_to, decided_at=_to_db(now))
    )
    return result.rowcount == 1


def forget_redirect(conn: Connection, authorization_id: str) -> None:
    """Drop the stored redirect (it holds the code) once the code is redeemed."""
    conn.execute(
        update(authorization_requests)
        .where(authorization_requests.c.authorization_id == authorization_id)
        .values(redirect_to="")
    )


# --- codes ----------------------------------------------------------------------------------------


def add_code(conn: Connection, code: AuthorizationCode, now: datetime) -> None:
    """Store a fresh code by its digest."""
    conn.execute(
        insert(authorization_codes).values(
            code_sha256=code.code_sha256,
            authorization_id=code.authorization_id,
            account_id=code.account_id,
            client_id=code.client_id,
            redirect_uri=code.redirect_uri,
            resource=code.resource,
            scopes=" ".join(code.scopes),
            code_challenge=code.code_challenge,
            created_at=_to_db(now),
            expires_at=_to_db(code.expires_at),
            grant_id=code.grant_id,
        )
    )


def get_code(conn: Connection, code_sha256: str) -> AuthorizationCode | None:
    """The code with this digest, used or not."""
    row = conn.execute(
        select(authorization_codes).where(authorization_codes.c.code_sha256 == code_sha256)
    ).first()
    if row is None:
        return None
    m = row._mapping
    return AuthorizationCode(
        code_sha256=m["code_sha256"],
        authorization_id=m["authorization_id"],
        account_id=m["account_id"],
        client_id=m["client_id"],
        redirect_uri=m["redirect_uri"],
        resource=m["resource"],
        scopes=tuple(m["scopes"].split()),
        code_challenge=m["code_challenge"],
        expires_at=_required_time(m["expires_at"]),
        used_at=_from_db(m["used_at"]),
        revoked_at=_from_db(m["revoked_at"]),
        grant_id=m["grant_id"],
    )


def consume_code(conn: Connection, code_sha256: str, now: datetime) -> bool:
    """Mark the code used unless it was used or revoked already; True for the one winner."""
    result = conn.execute(
        update(authorization_codes)
        .where(
            authorization_codes.c.code_sha256 == code_sha256,
            authorization_codes.c.used_at.is_(None),
            authorization_codes.c.revoked_at.is_(None),
        )
        .values(used_at=_to_db(now))
    )
    return result.rowcount == 1


def revoke_codes(conn: Connection, account_id: str, client_id: str | None, now: datetime) -> None:
    """Revoke the account's outstanding codes (of one client, or all)."""
    conditions = [authorization_codes.c.account_id == account_id, authorization_codes.c.revoked_at.is_(None)]
    if client_id is not None:
        conditions.append(authorization_codes.c.client_id == client_id)
    conn.execute(update(authorization_codes).where(*conditions).values(revoked_at=_to_db(now)))
