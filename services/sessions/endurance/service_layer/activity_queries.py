"""Reading activities: one with its laps and streams, or a page of summaries (decision 0054).

An external provider's activity is read without its name, description, laps and streams: its
terms forbid passing them on, so no answer carries them (``Activity.shareable``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Engine

from kinetic import page_tokens
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.endurance.adapters import endurance_repository as repo
from services.sessions.endurance.domain.activity_rules import check_sport
from services.sessions.endurance.domain.endurance_errors import ActivityNotFound
from services.sessions.endurance.domain.endurance_model import Activity, StreamSet

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


@dataclass(frozen=True)
class ActivityDetail:
    """An activity with its laps and, when asked for and allowed, its streams."""

    activity: Activity
    streams: StreamSet | None


@dataclass(frozen=True)
class ActivityPage:
    activities: list[Activity]
    next_page_token: str


class ActivityQueries:
    """GetActivity and ListActivities."""

    def __init__(self, engine: Engine) -> None:
        self._engine = read_engine(engine)

    def get(self, account_id: str, activity_id: str, *, include_streams: bool) -> ActivityDetail:
        require_account(account_id)
        with self._engine.connect() as conn:
            activity = repo.get_activity(conn, account_id, activity_id)
            if activity is None:
                raise ActivityNotFound(f"no activity {activity_id!r} in this account")
            if activity.values.external_provider:
                return ActivityDetail(replace(activity, laps=()), None)
            streams = None
            if include_streams and activity.has_streams:
                streams = repo.read_streams(conn, account_id, activity_id)
        return ActivityDetail(activity, streams)

    def list(
        self,
        account_id: str,
        start_from: datetime | None,
        start_before: datetime | None,
        sports: Sequence[str],
        page_size: int,
        page_token: str,
    ) -> ActivityPage:
        """Activities that started in [start_from, start_before), newest first, paged."""
        require_account(account_id)
        out = Violations()
        for index, sport in enumerate(sports):
            check_sport(out, f"sports[{index}]", sport)
        if start_from is not None and start_before is not None and start_before < start_from:
            out.add("to_time", "must not be before from_time")
        out.raise_if_any()
        query = (
            account_id,
            start_from.isoformat() if start_from else "",
            start_before.isoformat() if start_before else "",
            ",".join(sorted(set(sports))),
        )
        offset, size = page_tokens.page_window(
            page_size, page_token, 0, query, default=DEFAULT_PAGE_SIZE, maximum=MAX_PAGE_SIZE
        )
        with self._engine.connect() as conn:
            rows = repo.list_activities(conn, account_id, start_from, start_before, sports, offset, size + 1)
        following = page_tokens.encode(offset + size, *query) if len(rows) > size else ""
        return ActivityPage(rows[:size], following)
