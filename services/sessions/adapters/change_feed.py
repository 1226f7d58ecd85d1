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
    """One stored change; ``payload`` is None only for a superseded performance.logged that
    ``read_after`` was asked to leave out (decision 0121)."""

    sequence: int
    kind: str
    record_id: str
    created_at: datetime
    payload: dict[str, Any] | None


# Built once: every catch-up of analytics asks for the end, most often to be told nothing is new
# (decision 0123, fourth pass).
_LATEST = select(func.max(changes.c.sequence)).where(changes.c.account_id == bindparam("account_id"))


def latest_sequence(conn: Connection, account_id: str) -> int:
    """Highest sequence of the account's feed; 0 when empty."""
    value = conn.execute(_LATEST, {"account_id": account_id}).scalar_one()
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


_C_READ = (_C.sequence, _C.kind, _C.record_id, _C.created_at, _C.payload)


def read_after(
    conn: Connection, account_id: str, after: int, limit: int, omit_superseded: bool = False
) -> list[ChangeRecord]:
    """Up to ``limit`` changes with sequence > ``after``, ascending.

    With ``omit_superseded``, a performance.logged that a later performance.logged of the same
    performance among these changes replaces comes without its payload (None), its JSON not even
    parsed: each carries the performance's whole set list, and a reader that keeps the last of a
    page needs nothing else (``ListChangesRequest.omit_superseded_payloads``, decision 0121).
    """
    rows = conn.execute(
        select(*_C_READ)
        .where(_C.account_id == account_id, _C.sequence > after)
        .order_by(_C.sequence)
        .limit(limit)
    ).all()
    if not omit_superseded:
        return [ChangeRecord(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]
    last = {r[2]: r[0] for r in rows if r[1] == "performance.logged"}
    return [
        ChangeRecord(
            r[0],
            r[1],
            r[2],
            r[3],
            None if r[1] == "performance.logged" and last[r[2]] != r[0] else json.loads(r[4]),
        )
        for r in rows
    ]
