"""The erasure outbox's rows (Core): written with the deletion, read and cleared by the worker."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy import Connection, delete, insert, select, update

from services.auth.adapters.tables import account_erasures
from services.auth.domain.erasure import PendingErasure

_E = account_erasures.c


def schedule(conn: Connection, account_id: str, services: Iterable[str], now: datetime) -> None:
    """Record, in the deletion's transaction, that each service still holds the account."""
    conn.execute(
        insert(account_erasures),
        [
            {
                "account_id": account_id,
                "service": service,
                "attempts": 0,
                "next_attempt_at": now,
                "last_error": "",
                "deleted_at": now,
            }
            for service in services
        ],
    )


def pending(conn: Connection) -> list[PendingErasure]:
    """Every erasure not yet confirmed (a handful at any time: rows go once confirmed)."""
    rows = conn.execute(select(_E.account_id, _E.service, _E.attempts, _E.next_attempt_at))
    return [PendingErasure(r.account_id, r.service, r.attempts, _aware(r.next_attempt_at)) for r in rows]


def confirm(conn: Connection, account_id: str, service: str) -> None:
    """The service erased the account: its row goes (a second confirmation changes nothing)."""
    conn.execute(delete(account_erasures).where(_E.account_id == account_id, _E.service == service))


def postpone(conn: Connection, erasure: PendingErasure, error: str, next_attempt_at: datetime) -> None:
    """Count a failed attempt and set when to try again."""
    conn.execute(
        update(account_erasures)
        .where(_E.account_id == erasure.account_id, _E.service == erasure.service)
        .values(attempts=erasure.attempts + 1, next_attempt_at=next_attempt_at, last_error=error[:80])
    )


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything stored is UTC.
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
