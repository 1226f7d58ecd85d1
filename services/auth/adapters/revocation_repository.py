"""Writes and reads auth's revocation log (Core, caller's transaction).

Watchers resume "after sequence N", so a sequence must never become visible after a higher one. On
PostgreSQL two transactions could take sequences 5 and 6 and commit 6 first; a watcher reading then
would move past 5 for good. Writers therefore take a transaction-scoped advisory lock before
inserting, which makes commit order follow sequence order. SQLite has one writer at a time already.
Revocations are rare (a Disconnect, a replay, a deletion), so serialising them costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select, text

from services.auth.adapters.repository import _required_time, _to_db
from services.auth.adapters.tables import revocations
from services.auth.domain.revocations import Revocation

# Any fixed 64-bit number; it names the lock that orders writers of the revocation log.
_WRITER_LOCK_KEY = 0x4B494E5245564F4B  # "KINREVOK"


def record(conn: Connection, entries: Sequence[Revocation], now: datetime) -> None:
    """Append revocations to the log; they are numbered in this order."""
    if not entries:
        return
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _WRITER_LOCK_KEY})
    for entry in entries:  # one statement each: a multi-row insert need not number rows in order
        conn.execute(
            insert(revocations).values(
                kind=entry.kind,
                subject=entry.subject,
                account_id=entry.account_id,
                revoked_at=_to_db(now),
                expires_at=_to_db(entry.expires_at),
            )
        )


def _row_to_revocation(m: Any) -> Revocation:
    return Revocation(
        kind=m["kind"],
        subject=m["subject"],
        account_id=m["account_id"],
        expires_at=_required_time(m["expires_at"]),
        sequence=int(m["sequence"]),
    )


def in_effect_after(conn: Connection, sequence: int, now: datetime, limit: int) -> list[Revocation]:
    """Up to ``limit`` unexpired revocations numbered after ``sequence``, oldest first."""
    rows = conn.execute(
        select(revocations)
        .where(revocations.c.sequence > sequence, revocations.c.expires_at > _to_db(now))
        .order_by(revocations.c.sequence)
        .limit(limit)
    )
    return [_row_to_revocation(row._mapping) for row in rows]


def latest_sequence(conn: Connection) -> int:
    """The highest sequence in the log (0 when it is empty)."""
    return int(conn.execute(select(func.coalesce(func.max(revocations.c.sequence), 0))).scalar_one())
