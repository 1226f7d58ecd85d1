"""Helpers for analytics tests: in-memory sessions and training feeds, change builders, a table dump.

``ListFeed`` implements the ``UpstreamFeed`` protocol over a list, so tests can write feed entries
and page the feed as they like. Sessions changes are built as typed ``Change`` messages and decoded
by the sessions feed adapter's own ``change_from_pb``; training changes likewise as ``LibraryChange``
messages through the training feed adapter's (``LibraryFeed``). The tests through real
servers (test_analytics_grpc.py, test_training_feed_grpc.py) cover the gRPC adapters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import Engine, select

from kinetic.sessions.v1 import sessions_pb2
from kinetic.storage import upgrade
from kinetic.training.v1 import training_pb2
from services.analytics.adapters import sessions_feed
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
from services.analytics.service_layer.projection import Change, apply_change, apply_changes
from services.analytics.service_layer.queries import AnalyticsQueries
from services.analytics.service_layer.training_projection import (
    apply_training_change,
    apply_training_changes,
)

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
    # The sessions changes ``add`` wrote, as ListChanges carries them (for decoding benchmarks).
    messages: list[sessions_pb2.Change] = field(default_factory=list)

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        self.reads += 1
        mine = [c for c in self.changes if c.sequence > after_sequence]
        latest = self.changes[-1].sequence if self.changes else 0
        return FeedPage(mine[: min(page_size, self.page_size)], latest)

    def add(self, kind: str, record_id: str, at: datetime = DAY1, **payload: Any) -> Change:
        """Append a change with the next sequence, written at ``at``; ``payload`` is one field of
        the ``Change.payload`` oneof (``session=``, ``performance_logged=``, ...) or none."""
        message = sessions_pb2.Change(
            sequence=len(self.changes) + 1, kind=kind, record_id=record_id, create_time=stamp(at), **payload
        )
        change = sessions_feed.change_from_pb(message)
        self.changes.append(change)
        self.messages.append(message)
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
        session = sessions_pb2.Session(
            session_id=session_id,
            account_id=ACCOUNT,
            status=status,
            start_time=stamp(started_at),
            source=source,
            workout_id=workout_id,
            original_scheduled_day=original_day,
        )
        if ended_at is not None:
            session.end_time.CopyFrom(stamp(ended_at))
        self.add(kind, session_id, started_at, session=session)

    def log(
        self,
        performance_id: str,
        session_id: str,
        exercise_id: str,
        sets: list[sessions_pb2.PerformanceSet],
        catalog_exercise_id: str = "",
        exercise_name: str = "",
    ) -> None:
        """A performance.logged with the performance's whole set list (and, given, its catalog ID and
        the name it was logged under)."""
        performance = sessions_pb2.Performance(
            performance_id=performance_id,
            exercise_id=exercise_id,
            sets=sets,
            update_time=stamp(DAY1),
            exercise_name=exercise_name,
            catalog_exercise_id=catalog_exercise_id,
        )
        logged = sessions_pb2.PerformanceLogged(
            session_id=session_id, performance=performance, catalog_exercise_id=catalog_exercise_id
        )
        self.add("performance.logged", performance_id, DAY1, performance_logged=logged)


@dataclass
class LibraryFeed(ListFeed):
    """An account's training library feed: ``LibraryChange`` messages, decoded as the adapter does."""

    name: str = "training"

    def append(self, kind: str, record_id: str, **record: Any) -> training_pb2.LibraryChange:
        """Append a change (``workout=``, ``plan=`` or ``occurrence=`` message) with the next sequence."""
        message = training_pb2.LibraryChange(
            sequence=len(self.changes) + 1,
            kind=kind,
            record_id=record_id,
            create_time=stamp(DAY1),
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


def stamp(at: datetime) -> Timestamp:
    """``at`` as a protobuf timestamp."""
    message = Timestamp()
    message.FromDatetime(at)
    return message


def a_set(
    number: int, weight: float | None, reps: float | str | None, set_type: str = "N", **extra: Any
) -> sessions_pb2.PerformanceSet:
    """One completed set as the sessions feed carries it; ``extra`` sets further fields
    (``estimated=True``, ``completed=False``, ``distance_meters=...``)."""
    out = sessions_pb2.PerformanceSet(set_number=number, set_type=set_type, **({"completed": True} | extra))
    if weight is not None:
        out.weight_kg = weight
    if isinstance(reps, str):
        out.reps_text = reps
    elif reps is not None:
        out.reps_number = reps
    return out


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
        FeedFollower(engine, feed, apply_change, apply_changes),  # as bootstrap.py follows it
        FeedFollower(
            engine,
            training if training is not None else LibraryFeed(),
            apply_training_change,
            apply_training_changes,  # as services/analytics/bootstrap.py follows it
        ),
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
