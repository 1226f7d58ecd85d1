"""The first answer to each idempotency key, for every room's idempotent writes (Core, inside the
caller's transaction; the writer holds the account's lock).

The workout log made the table (sessions migration 0005) and the endurance records' writes came to
share it (decision 0054), so it lives in the session core, which every room may use and none owns
(decision 0099). Its name stays ``log_requests``: renaming a table for its owner's sake would be a
migration that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Column, Connection, DateTime, Index, LargeBinary, String, Table, delete, insert, select

from services.sessions.adapters.tables import metadata

log_requests = Table(
    "log_requests",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("idempotency_key", String(200), primary_key=True),
    Column("rpc", String(40), nullable=False),
    Column("request_hash", String(64), nullable=False),  # sha256 hex of the request without its key
    Column("response", LargeBinary, nullable=False),  # the serialized response message
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_log_requests_account_created", "account_id", "created_at"),
)
_R = log_requests.c


@dataclass(frozen=True)
class StoredRequest:
    """The first request made with a key: which RPC, its hash, and the answer it got."""

    rpc: str
    request_hash: str
    response: bytes


def find_request(conn: Connection, account_id: str, key: str) -> StoredRequest | None:
    """The request stored under ``key`` for the account."""
    row = conn.execute(
        select(_R.rpc, _R.request_hash, _R.response).where(
            _R.account_id == account_id, _R.idempotency_key == key
        )
    ).first()
    return StoredRequest(row.rpc, row.request_hash, bytes(row.response)) if row else None


def store_request(conn: Connection, account_id: str, key: str, stored: StoredRequest, now: datetime) -> None:
    """Keep the answer to ``key`` (the primary key refuses a second one)."""
    conn.execute(
        insert(log_requests).values(
            account_id=account_id,
            idempotency_key=key,
            rpc=stored.rpc,
            request_hash=stored.request_hash,
            response=stored.response,
            created_at=now,
        )
    )


def prune_requests(conn: Connection, account_id: str, before: datetime) -> None:
    """Forget the account's requests stored before ``before``."""
    conn.execute(delete(log_requests).where(_R.account_id == account_id, _R.created_at < before))
