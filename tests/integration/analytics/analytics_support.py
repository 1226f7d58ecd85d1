"""Helpers for analytics tests: in-memory sessions and training feeds, change builders, a table dump.

``ListFeed`` implements the ``UpstreamFeed`` protocol over a list, so tests can write feed entries
and page the feed as they like. Training changes are built as ``LibraryChange`` messages and decoded
by the training feed adapter's own ``change_from_pb`` (``LibraryFeed``). The tests through real
servers (test_analytics_grpc.py, test_training_feed_grpc.py) cover the gRPC adapters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import Engine, select

from kinetic.storage import upgrade
from kinetic.training.v1 import training_pb2
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.adapters.tables import (
    TRAINING_TABLES,
    exercise_links,
    exercise_records,
    session_facts,
    session_points,
    set_facts,
)
from services.analytics.adapters.training_feed import change_from_pb
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import AccountFeeds, FeedFollower, FeedPage
from services.analytics.service_layer.projection import Change
from services.analytics.service_layer.queries import AnalyticsQueries
from services.analytics.service_layer.training_projection import apply_training_change

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

    def start(
        self,
        session_id: str,
        started_at: datetime,
        status: str = "in_progress",
        *,
        source: str = "freestyle",
        workout_id: str = "",
        original_day: str = "",
        ended_at: datetime | None = None,
    ) -> None:
        """A session.started (or, with another status, a later session change), as sessions writes it."""
        kind = {"in_progress": "session.started", "completed": "session.completed"}.get(
            status, f"session.{status}"
        )
        self.add(
            kind,
            session_id,
            {
                "sessionId": session_id,
                "status": status,
                "startedAt": started_at.isoformat(),
                "source": source,
                "workoutId": workout_id,
                "originalScheduledDay": original_day,
                "endedAt": ended_at.isoformat() if ended_at else None,
            },
        )

    def log(
        self,
        performance_id: str,
        session_id: str,
        exercise_id: str,
        sets: list[dict[str, Any]],
        catalog_exercise_id: str | None = None,
    ) -> None:
        """A performance.logged with the performance's whole set list (and, given, its catalog ID)."""
        payload: dict[str, Any] = {
            "performanceId": performance_id,
            "sessionId": session_id,
            "exerciseId": exercise_id,
            "sets": sets,
            "updatedAt": DAY1.isoformat(),
        }
        if catalog_exercise_id is not None:
            payload["catalogExerciseId"] = catalog_exercise_id
        self.add("performance.logged", performance_id, payload)


@dataclass
class LibraryFeed(ListFeed):
    """An account's training library feed: ``LibraryChange`` messages, decoded as the adapter does."""

    name: str = "training"

    def append(self, kind: str, record_id: str, **record: Any) -> training_pb2.LibraryChange:
        """Append a change (``workout=``, ``plan=`` or ``occurrence=`` message) with the next sequence."""
        stamp = Timestamp()
        stamp.FromDatetime(DAY1)
        message = training_pb2.LibraryChange(
            sequence=len(self.changes) + 1,
            kind=kind,
            record_id=record_id,
            create_time=stamp,
            epoch="e1",
            **record,
        )
        self.changes.append(change_from_pb(message))
        return message

    def workout(self, workout: training_pb2.Workout, kind: str = "workout.created") -> None:
        self.append(kind, workout.id, workout=workout)

    def plan(self, plan: training_pb2.Plan, kind: str = "plan.created") -> None:
        self.append(kind, plan.id, plan=plan)

    def occurrence(self, occurrence: training_pb2.Occurrence) -> None:
        self.append(
            "occurrence.changed",
            f"{occurrence.workout_id}/{occurrence.original_scheduled_day}",
            occurrence=occurrence,
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


def make_queries(
    engine: Engine, feed: ListFeed, now: datetime = NOW, training: ListFeed | None = None
) -> AnalyticsQueries:
    """Analytics use cases over a migrated ``engine`` following ``feed`` (sessions) and ``training``
    (an empty library feed when not given)."""
    upgrade(engine, MIGRATIONS)
    feeds = AccountFeeds(
        engine,
        FeedFollower(engine, feed),
        FeedFollower(engine, training if training is not None else LibraryFeed(), apply_training_change),
    )
    return AnalyticsQueries(feeds, MuscleCatalog.load(), lambda: now)


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
        for table in (
            session_facts,
            set_facts,
            session_points,
            exercise_records,
            exercise_links,
            *TRAINING_TABLES,
        ):
            rows = conn.execute(select(table)).all()
            out[table.name] = sorted((tuple(norm(v) for v in row) for row in rows), key=repr)
    return out
