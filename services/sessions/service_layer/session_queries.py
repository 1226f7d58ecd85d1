"""Reading sessions: one session, a page of them, one exercise's history, and the live snapshot.

The live snapshot is the most recently updated in-progress session, with its age; over 60 seconds
it is labelled ``stale_snapshot`` and must not be shown as current progress. With no session in
progress there is no snapshot (null), never an empty "current" one (docs/decisions/0017-sessions.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Engine

from kinetic import page_tokens
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain import session_rules as rules
from services.sessions.domain.object_ids import is_object_id
from services.sessions.domain.session_errors import SessionNotFound
from services.sessions.domain.session_model import Performance, Session, SessionStatus
from services.sessions.service_layer.gym_directory import GymDirectory
from services.sessions.service_layer.session_support import Clock, utc_now

# A gym exercise is asked for by its catalog mapping only, which no language changes.
HISTORY_LANGUAGE = "en"

STALE_AFTER_SECONDS = 60
STALE_LABEL = "stale_snapshot"


@dataclass(frozen=True)
class SessionList:
    """One page of sessions."""

    sessions: list[Session]
    total: int
    next_page_token: str


@dataclass(frozen=True)
class HistoryEntry:
    """One completed performance of an exercise and the session it was part of."""

    session: Session
    performance: Performance


@dataclass(frozen=True)
class LiveSnapshot:
    """The latest state of a session in progress, and how old that state is."""

    session: Session
    updated_at: datetime
    age_seconds: int

    @property
    def stale(self) -> bool:
        """Older than 60 seconds: not current progress."""
        return self.age_seconds > STALE_AFTER_SECONDS

    @property
    def label(self) -> str:
        """``stale_snapshot`` when stale, empty otherwise."""
        return STALE_LABEL if self.stale else ""


class SessionQueries:
    """GetSession, ListSessions, GetExerciseHistory and GetLiveSnapshot."""

    def __init__(self, engine: Engine, clock: Clock = utc_now, gyms: GymDirectory | None = None) -> None:
        self._engine = read_engine(engine)  # reads only
        self._clock = clock
        self._gyms = gyms  # a gym exercise's catalog exercise, for its history (decision 0108)

    def _catalog_exercise(self, account_id: str, exercise_id: str) -> str:
        """The catalog exercise ``exercise_id`` is: its own ID for a catalog slug, the one a gym
        exercise the account may see maps to, "" for a client's own exercise or one not visible."""
        if not is_object_id(exercise_id):
            return exercise_id
        if self._gyms is None:
            return ""
        visible = self._gyms.visible_exercise(account_id, exercise_id, HISTORY_LANGUAGE)
        return visible.catalog_exercise_id if visible is not None else ""

    def get(self, account_id: str, session_id: str) -> Session:
        """One of the account's sessions with its performances (at most 100 exist)."""
        rules.require_account(account_id)
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", session_id, required=True)
        out.raise_if_any()
        with self._engine.connect() as conn:
            session = repo.get_session(conn, account_id, session_id, with_performances=True)
        if session is None:
            raise SessionNotFound(f"session {session_id} does not exist")
        return session

    def list_sessions(
        self,
        account_id: str,
        *,
        status: str = "",
        date_from: str = "",
        date_to: str = "",
        page_size: int = 0,
        page_token: str = "",
        skip: int = 0,
        sources: Sequence[str] = (),
        time_zone: str = "",
    ) -> SessionList:
        """Sessions started in the window, newest first, a page at a time (token plus ``skip``).

        ``sources`` keeps only sessions of those source kinds (empty: all), in the count too.
        """
        rules.require_account(account_id)
        out = rules.Violations()
        rules.check_status(out, status)
        kinds = rules.check_sources(out, sources)
        zone = rules.check_window_zone(out, time_zone)
        start, end = rules.check_window(out, date_from, date_to, self._clock(), zone)
        out.raise_if_any()
        # A page token belongs to its window; the zone moves the window unless it is UTC.
        in_zone = (zone.key,) if zone.key != "UTC" else ()
        query = ("sessions", account_id, status, date_from, date_to, *in_zone, *kinds)
        offset, size = page_tokens.page_window(
            page_size, page_token, skip, query, default=rules.DEFAULT_PAGE_LIMIT, maximum=rules.MAX_PAGE_LIMIT
        )
        with self._engine.connect() as conn:
            wanted = cast(SessionStatus | None, status or None)
            found = repo.list_sessions(conn, account_id, wanted, start, end, offset, size, kinds)
        following = page_tokens.next_page_token(offset, size, found.total, query)
        return SessionList(found.sessions, found.total, following)

    def exercise_history(
        self,
        account_id: str,
        exercise_id: str,
        *,
        date_from: str = "",
        date_to: str = "",
        limit: int = 0,
        time_zone: str = "",
    ) -> list[HistoryEntry]:
        """Completed sessions' performances of one exercise ended in the window, newest first."""
        rules.require_account(account_id)
        out = rules.Violations()
        if not exercise_id or len(exercise_id) > rules.MAX_EXERCISE_ID:
            out.add("exerciseId", f"is required (at most {rules.MAX_EXERCISE_ID} characters)")
        zone = rules.check_window_zone(out, time_zone)
        start, end = rules.check_window(out, date_from, date_to, self._clock(), zone)
        if limit < 0 or limit > rules.MAX_PAGE_LIMIT:
            out.add("limit", f"must be from 1 to {rules.MAX_PAGE_LIMIT}")
        out.raise_if_any()
        exercise_id = exercise_id.lower() if is_object_id(exercise_id) else exercise_id
        # One store, every profile: the history of a gym exercise holds the sets of its catalog
        # exercise logged anywhere (the workout log, Metric, another gym exercise mapped to it).
        catalog_exercise_id = self._catalog_exercise(account_id, exercise_id)
        with self._engine.connect() as conn:
            rows = repo.exercise_history(
                conn,
                account_id,
                exercise_id,
                start,
                end,
                limit or rules.DEFAULT_PAGE_LIMIT,
                catalog_exercise_id=catalog_exercise_id,
            )
        return [HistoryEntry(session, performance) for session, performance in rows]

    def live_snapshot(self, account_id: str) -> LiveSnapshot | None:
        """The most recently updated in-progress session and its age, or None."""
        rules.require_account(account_id)
        with self._engine.connect() as conn:
            session = repo.latest_in_progress(conn, account_id)
        if session is None:
            return None
        age = max(0, int((self._clock() - session.updated_at).total_seconds()))
        return LiveSnapshot(session, session.updated_at, age)
