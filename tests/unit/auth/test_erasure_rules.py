"""The erasure outbox's rules: what is due, in which order, and how long a failure waits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.auth.domain.erasure import PendingErasure, due, next_due, retry_delay

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)


def row(account: str, service: str, in_seconds: float = 0, attempts: int = 0) -> PendingErasure:
    return PendingErasure(account, service, attempts, NOW + timedelta(seconds=in_seconds))


def test_sources_go_first_and_derived_data_waits_until_no_source_is_pending() -> None:
    pending = [row("a", "analytics"), row("a", "sessions"), row("a", "training"), row("b", "analytics")]
    assert [e.key for e in due(pending, NOW)] == [("a", "training"), ("a", "sessions"), ("b", "analytics")]
    # A source waiting for its retry still holds the account's derived data back.
    waiting = [row("a", "sessions", in_seconds=60, attempts=2), row("a", "analytics")]
    assert due(waiting, NOW) == []
    # ...so the next round is at the source's retry, not at once (a busy loop) for the held-back row.
    assert next_due(waiting) == NOW + timedelta(seconds=60)


def test_only_what_is_due_is_attempted() -> None:
    pending = [row("a", "training", in_seconds=1), row("b", "training", in_seconds=-1)]
    assert [e.account_id for e in due(pending, NOW)] == ["b"]
    assert next_due(pending) == NOW - timedelta(seconds=1)
    assert next_due([]) is None


def test_the_retry_delay_doubles_up_to_five_minutes() -> None:
    assert [retry_delay(n).total_seconds() for n in (1, 2, 3, 4, 9, 10, 50)] == [
        1,
        2,
        4,
        8,
        256,
        300,
        300,
    ]
