"""The sessions feed as analytics reads it: only the facts its figures use.

The sessions feed adapter decodes each typed ``Change`` payload into these, so nothing past it sees
protobuf (docs/decisions/0029-gyms-hexagon-and-typed-feed.md). Deletions need no payload: the
change's record ID names what went.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from services.analytics.domain.lifting import SetFact


@dataclass(frozen=True)
class SessionState:
    """A session after a change: when it started, its status and where it came from."""

    session_id: str
    status: str
    started_at: datetime
    ended_at: datetime | None
    source: str  # plan_day, occurrence or freestyle
    workout_id: str  # occurrence sessions: the Training workout
    original_day: str  # occurrence sessions: the occurrence's original day


@dataclass(frozen=True)
class LoggedPerformance:
    """A performance after it was logged, with its whole set list (it replaces the stored one)."""

    performance_id: str
    session_id: str
    exercise_id: str
    catalog_exercise_id: str  # "" for a gym client's own exercise (decision 0024)
    exercise_name: str  # as logged; "" in changes written before decision 0037
    updated_at: datetime | None
    sets: tuple[SetFact, ...]
