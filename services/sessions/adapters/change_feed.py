"""The change feed's storage: append with the next sequence, read after a cursor."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select

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


# The next sequence and the insert in one statement: INSERT ... SELECT max(sequence) + 1 (1 for an
# empty feed), one round trip instead of two (docs/decisions/0022-session-logging-benchmark.md).
_C = changes.c
_APPEND = insert(changes).from_select(
    ["account_id", "sequence", "kind", "record_id", "created_at", "payload"],
    select(
        bindparam("b_account", type_=_C.account_id.type),
        func.coalesce(func.max(_C.sequence), 0) + 1,
        bindparam("b_kind", type_=_C.kind.type),
        bindparam("b_record", type_=_C.record_id.type),
        bindparam("b_created", type_=_C.created_at.type),
        bindparam("b_payload", type_=_C.payload.type),
    ).where(_C.account_id == bindparam("b_account")),
)


def append(
    conn: Connection, account_id: str, kind: str, record_id: str, payload: dict[str, Any], now: datetime
) -> None:
    """Append a change with the next sequence, inside the caller's transaction.

    The (account_id, sequence) primary key makes two racing writers collide instead of sharing a
    number; the losing transaction fails and is retried by its use case.
    """
    conn.execute(
        _APPEND,
        {
            "b_account": account_id,
            "b_kind": kind,
            "b_record": record_id,
            "b_created": now,
            "b_payload": json.dumps(payload, separators=(",", ":"), sort_keys=True),
        },
    )


def read_after(conn: Connection, account_id: str, after: int, limit: int) -> list[ChangeRecord]:
    """Up to ``limit`` changes with sequence > ``after``, ascending."""
    rows = conn.execute(
        select(changes)
        .where(changes.c.account_id == account_id, changes.c.sequence > after)
        .order_by(changes.c.sequence)
        .limit(limit)
    )
    return [ChangeRecord(r.sequence, r.kind, r.record_id, r.created_at, json.loads(r.payload)) for r in rows]
