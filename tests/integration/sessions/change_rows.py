"""Rows of the sessions change feed written straight to its table, and the sequences stored: for
the tests of how a write reaches the database (``send_with_commit``, ``AwaitedCalls``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, select

from services.sessions.adapters.tables import changes


def change_row(account_id: str, sequence: int, now: datetime) -> dict[str, object]:
    """One change of a kind no reader knows, with an empty payload."""
    return {
        "account_id": account_id,
        "sequence": sequence,
        "kind": "test.change",
        "record_id": f"r{sequence}",
        "created_at": now,
        "payload": "{}",
    }


def stored_sequences(engine: Engine) -> list[int]:
    with engine.connect() as conn:
        return list(conn.execute(select(changes.c.sequence).order_by(changes.c.sequence)).scalars())
