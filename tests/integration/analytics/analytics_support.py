"""Helpers for analytics tests: an in-memory sessions feed, change builders and a table dump.

``ListFeed`` implements the ``UpstreamFeed`` protocol over a list, so tests can write feed entries the
sessions service does not emit yet (``session.deleted``) and page the feed as they like. The tests
through a real sessions server (test_analytics_grpc.py) cover the gRPC adapter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, select

from kinetic.storage import upgrade
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.adapters.tables import exercise_records, session_facts, session_points, set_facts
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import FeedFollower, FeedPage
from services.analytics.service_layer.projection import Change
from services.analytics.service_layer.queries import AnalyticsQueries

ACCOUNT = "11111111-1111-4111-8111-111111111111"
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)
DAY1 = datetime(2026, 3, 2, 17, 30, tzinfo=UTC)  # a Monday


@dataclass
class ListFeed:
    """An account's sessions feed held in a list; ``page_size`` caps what one read returns."""

    changes: list[Change] = field(default_factory=list)
    page_size: int = 1000
    name: str = "sessions"
    reads: int = 0

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        self.reads += 1
        mine = [c for c in self.changes if c.sequence > after_sequence]
        latest = self.changes[-1].sequence if self.changes else 0
        return FeedPage(mine[: min(page_size, self.page_size)], latest)

    def add(self, kind: str, record_id: str, payload: dict[str, Any]) -> Change:
        """Append a change with the next sequence."""
        at = datetime.fromisoformat(payload.get("updatedAt") or payload.get("startedAt") or DAY1.isoformat())
        change = Change(len(self.changes) + 1, kind, record_id, at, payload)
        self.changes.append(change)
        return change

    def start(self, session_id: str, started_at: datetime, status: str = "in_progress") -> None:
        """A session.started (or, with another status, a later session change)."""
        kind = {"in_progress": "session.started", "completed": "session.completed"}.get(
            status, f"session.{status}"
        )
        self.add(
            kind,
            session_id,
            {"sessionId": session_id, "status": status, "startedAt": started_at.isoformat()},
        )

    def log(self, performance_id: str, session_id: str, exercise_id: str, sets: list[dict[str, Any]]) -> None:
        """A performance.logged with the performance's whole set list."""
        self.add(
            "performance.logged",
            performance_id,
            {
                "performanceId": performance_id,
                "sessionId": session_id,
                "exerciseId": exercise_id,
                "sets": sets,
                "updatedAt": DAY1.isoformat(),
            },
        )


def a_set(
    number: int, weight: float | None, reps: float | str | None, set_type: str = "N", **extra: Any
) -> dict[str, Any]:
    """One set as the sessions feed writes it (camelCase, unset numbers left out)."""
    out: dict[str, Any] = {"setNumber": number, "setType": set_type, "completed": True, "estimated": False}
    if weight is not None:
        out["weight"] = weight
    if reps is not None:
        out["reps"] = reps
    return out | extra


def days(n: int) -> timedelta:
    return timedelta(days=n)


def make_queries(engine: Engine, feed: ListFeed, now: datetime = NOW) -> AnalyticsQueries:
    """Analytics use cases over a migrated ``engine`` following ``feed``."""
    upgrade(engine, MIGRATIONS)
    return AnalyticsQueries(FeedFollower(engine, feed), MuscleCatalog.load(), lambda: now)


def dump(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every derived row, sorted, floats rounded to 9 places (what a rebuild must reproduce)."""

    def norm(value: Any) -> Any:
        if isinstance(value, float):
            return round(value, 9)
        if isinstance(value, datetime):
            return (
                value.replace(tzinfo=None)
                if value.tzinfo is None
                else value.astimezone(UTC).replace(tzinfo=None)
            )
        return value

    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        for table in (session_facts, set_facts, session_points, exercise_records):
            rows = conn.execute(select(table)).all()
            out[table.name] = sorted((tuple(norm(v) for v in row) for row in rows), key=repr)
    return out
