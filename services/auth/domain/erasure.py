"""Which services erase a deleted account, in what order, and how long to wait after a failure
(docs/decisions/0033-account-deletion-everywhere.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

# Training and sessions hold what the person made; analytics derives from their change feeds, so
# it goes after both: a catch-up that races the erasure then reads empty feeds and derives nothing.
SOURCES = ("training", "sessions")
DERIVED = ("analytics",)
SERVICES = SOURCES + DERIVED

FIRST_RETRY_SECONDS = 1.0
LONGEST_RETRY_SECONDS = 300.0


@dataclass(frozen=True)
class PendingErasure:
    """One service that has not yet confirmed erasing one deleted account."""

    account_id: str
    service: str
    attempts: int
    next_attempt_at: datetime

    @property
    def key(self) -> tuple[str, str]:
        """(account, service): one outbox row."""
        return (self.account_id, self.service)


def retry_delay(attempts: int) -> timedelta:
    """The wait after ``attempts`` failed attempts: 1 s, doubling, at most 5 minutes."""
    return timedelta(seconds=min(FIRST_RETRY_SECONDS * 2 ** max(attempts - 1, 0), LONGEST_RETRY_SECONDS))


def due(pending: Iterable[PendingErasure], now: datetime) -> list[PendingErasure]:
    """The erasures to attempt at ``now``: due ones, sources before derived data, and derived data
    only once no source of the same account is pending."""
    ready = [row for row in _unblocked(pending) if row.next_attempt_at <= now]
    return sorted(ready, key=lambda row: (row.account_id, SERVICES.index(row.service)))


def next_due(pending: Iterable[PendingErasure]) -> datetime | None:
    """When the earliest erasure that may be attempted is due, or None when nothing is pending.
    Derived data held back by a source does not count: the source's retry comes first."""
    return min((row.next_attempt_at for row in _unblocked(pending)), default=None)


def _unblocked(pending: Iterable[PendingErasure]) -> list[PendingErasure]:
    rows = list(pending)
    sources_left = {row.account_id for row in rows if row.service in SOURCES}
    return [row for row in rows if row.service in SOURCES or row.account_id not in sources_left]
