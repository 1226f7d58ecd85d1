"""The change feed's storage: append with the next sequence, read after a cursor."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select

from services.sessions.adapters.tables import changes


@dataclass(frozen=True)
class ChangeRecord:
    """One stored change."""

    sequence: int
    kind: str
    record_id: str
    created_at: datetime
    payload: dict[str, Any]


def latest_sequence(conn: Connection, account_id: str) -> int:
    """Highest sequence of the account's feed; 0 when empty."""
    value = conn.execute(
        select(func.max(changes.c.sequence)).where(changes.c.account_id == account_id)
    ).scalar_one()
    return int(value or 0)


def append(
    conn: Connection, account_id: str, kind: str, record_id: str, payload: dict[str, Any], now: datetime
) -> int:
    """Append a change with the next sequence, inside the caller's transaction.

    The (account_id, sequence) primary key makes two racing writers collide instead of sharing a
    number; the losing transaction fails and is retried by its use case.
    """
    sequence = latest_sequence(conn, account_id) + 1
    conn.execute(
        insert(changes).values(
            account_id=account_id,
            sequence=sequence,
            kind=kind,
            record_id=record_id,
            created_at=now,
            payload=json.dumps(payload, separators=(",", ":"), sort_keys=True),
        )
    )
    return sequence


def read_after(conn: Connection, account_id: str, after: int, limit: int) -> list[ChangeRecord]:
    """Up to ``limit`` changes with sequence > ``after``, ascending."""
    rows = conn.execute(
        select(changes)
        .where(changes.c.account_id == account_id, changes.c.sequence > after)
        .order_by(changes.c.sequence)
        .limit(limit)
    )
    return [ChangeRecord(r.sequence, r.kind, r.record_id, r.created_at, json.loads(r.payload)) for r in rows]
