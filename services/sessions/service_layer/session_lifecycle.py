"""Starting (or resuming), pausing, stopping, cancelling, completing and deleting sessions.

Start-or-resume: an in-progress or paused session of the same source is returned (``resumed``)
instead of a new one; the unique (account, active source) key backs that up under concurrency.
Complete: a completed session is returned as it was (``replayed``) and its experience points are
never awarded twice. A status change to the status a session already has is ``replayed`` too.
Delete removes the session for good; a retry finds nothing (SESSION_NOT_FOUND).
See docs/decisions/0017-sessions.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import Connection, Engine

from services.sessions.adapters import change_feed
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.read_engine import read_engine
from services.sessions.adapters.session_codec import session_to_dict
from services.sessions.domain import session_rules as rules
from services.sessions.domain import session_status
from services.sessions.domain.object_ids import new_object_id
from services.sessions.domain.session_errors import (
    PlanDayNotFound,
    SessionNotActive,
    SessionNotFound,
    WodNotSupported,
)
from services.sessions.domain.session_model import Session, SessionSource, SessionStatus
from services.sessions.domain.session_status import OccurrenceMark
from services.sessions.domain.xp import experience_points
from services.sessions.service_layer.gym_directory import GymDirectory
from services.sessions.service_layer.session_occurrences import OccurrenceMarker, unmark
from services.sessions.service_layer.session_support import Clock, locked_write, utc_now

FREESTYLE_TITLE = "Freestyle workout"
MAX_WORKOUT_ID = 64


@dataclass(frozen=True)
class StartResult:
    """The started or resumed session."""

    session: Session
    resumed: bool


@dataclass(frozen=True)
class CompleteResult:
    """The completed session and its experience points."""

    session: Session
    experience_points_awarded: int
    total_experience_points: int
    replayed: bool


@dataclass(frozen=True)
class StatusResult:
    """The session after a status change, and whether it already had that status."""

    session: Session
    replayed: bool


@dataclass(frozen=True)
class DeleteResult:
    """What a deletion removed and the account's experience points after it."""

    session_id: str
    deleted_performance_count: int
    experience_points_removed: int
    total_experience_points: int


@dataclass(frozen=True)
class StartRequest:
    """What StartOrResumeSession asks for (empty strings are absent fields)."""

    account_id: str
    plan_id: str = ""
    plan_moment_id: str = ""
    workout_id: str = ""
    original_scheduled_day: str = ""
    title: str = ""
    language: str = ""
    device_id: str = ""


def _source(out: rules.Violations, request: StartRequest) -> SessionSource:
    plan = bool(request.plan_id or request.plan_moment_id)
    occurrence = bool(request.workout_id or request.original_scheduled_day)
    if plan and occurrence:
        out.add(
            "planId", "give either planId and planMomentId, or workoutId and originalScheduledDay, not both"
        )
        return SessionSource("freestyle")
    if plan:
        plan_id = rules.check_object_id(out, "planId", request.plan_id, required=True)
        moment_id = rules.check_object_id(out, "planMomentId", request.plan_moment_id, required=True)
        return SessionSource("plan_day", plan_id=plan_id, plan_moment_id=moment_id)
    if occurrence:
        if not request.workout_id or len(request.workout_id) > MAX_WORKOUT_ID:
            out.add(
                "workoutId", f"is required with originalScheduledDay (at most {MAX_WORKOUT_ID} characters)"
            )
        try:
            date.fromisoformat(request.original_scheduled_day)
            if len(request.original_scheduled_day) != 10:
                raise ValueError
        except ValueError:
            out.add(
                "originalScheduledDay", "must be a day as YYYY-MM-DD, the occurrence's original scheduled day"
            )
        if not request.title.strip():
            out.add("title", "is required for a session from a Training occurrence (send the workout's name)")
        return SessionSource(
            "occurrence", workout_id=request.workout_id, original_scheduled_day=request.original_scheduled_day
        )
    return SessionSource("freestyle")


def _target_status(out: rules.Violations, status: str) -> SessionStatus:
    targets = tuple(session_status.ALLOWED_FROM)
    for target in targets:
        if status == target:
            return target
    hint = " (complete a session with CompleteSession)" if status == "completed" else ""
    out.add("status", f"must be one of {', '.join(targets)}{hint}")
    return "in_progress"


class SessionLifecycle:
    """StartOrResumeSession, UpdateSessionStatus, CompleteSession and DeleteSession."""

    def __init__(
        self, engine: Engine, gyms: GymDirectory, occurrences: OccurrenceMarker, clock: Clock = utc_now
    ) -> None:
        self._engine = engine
        self._reads = read_engine(engine)
        self._gyms = gyms
        self._occurrences = occurrences
        self._clock = clock

    async def start_or_resume(self, request: StartRequest) -> StartResult:
        """Start a session of the requested source, or return its active session."""
        account_id = rules.require_account(request.account_id)
        out = rules.Violations()
        source = _source(out, request)
        title = rules.check_text(out, "title", request.title.strip(), rules.MAX_TITLE)
        language = rules.check_language(out, request.language)
        out.raise_if_any()

        company_id = ""
        if source.kind == "plan_day":
            day = self._gyms.plan_day(account_id, source.plan_id, source.plan_moment_id, language)
            if day is None:
                raise PlanDayNotFound(
                    f"plan {source.plan_id} day {source.plan_moment_id} is not a plan day assigned to you"
                )
            if day.is_wod:
                raise WodNotSupported(
                    "WOD and group sessions cannot be started here; use the WOD module, client_ai_wod, or "
                    "the client app"
                )
            company_id = day.company_id
            title = title or day.day_name or day.plan_name
        title = title or FREESTYLE_TITLE

        with self._reads.connect() as conn:
            active = repo.find_active(conn, account_id, source)
        if active is not None and active.status == "in_progress":
            return StartResult(self._with_performances(account_id, active.session_id), resumed=True)
        if active is None and source.kind == "occurrence":
            await self._occurrences.mark(
                OccurrenceMark(account_id, source, "active", device_id=request.device_id)
            )

        now = self._clock()

        def write(conn: Connection) -> StartResult:
            existing = repo.find_active(conn, account_id, source)
            if existing is not None and existing.status == "in_progress":
                return StartResult(existing, resumed=True)
            if existing is not None:  # paused: resuming is a change
                resumed = replace(existing, status="in_progress", updated_at=now)
                repo.update_session(conn, resumed)
                change_feed.append(
                    conn, account_id, "session.resumed", resumed.session_id, session_to_dict(resumed), now
                )
                return StartResult(resumed, resumed=True)
            session = Session(
                session_id=new_object_id(now),
                account_id=account_id,
                source=source,
                company_id=company_id,
                status="in_progress",
                title=title,
                notes="",
                started_at=now,
                ended_at=None,
                updated_at=now,
                experience_points=0,
                performance_count=0,
            )
            repo.insert_session(conn, session)
            change_feed.append(
                conn, account_id, "session.started", session.session_id, session_to_dict(session), now
            )
            return StartResult(session, resumed=False)

        result = locked_write(self._engine, account_id, now, write)
        return StartResult(self._with_performances(account_id, result.session.session_id), result.resumed)

    async def complete(
        self, account_id: str, session_id: str, notes: str | None, device_id: str = ""
    ) -> CompleteResult:
        """Complete an active session and award its experience points; a retry replays the result."""
        rules.require_account(account_id)
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", session_id, required=True)
        if notes is not None:
            rules.check_text(out, "notes", notes, rules.MAX_NOTES)
        out.raise_if_any()

        with self._reads.connect() as conn:
            current = repo.get_session(conn, account_id, session_id)
            total = repo.total_experience(conn, account_id)
        if current is None:
            raise SessionNotFound(f"session {session_id} does not exist")
        if current.status == "completed":
            return self._replay(account_id, session_id, total)
        if not current.is_active:
            raise SessionNotActive(
                f"session {session_id} is {current.status}; only an active session can be completed"
            )

        now = self._clock()
        if current.source.kind == "occurrence":
            await self._occurrences.mark(
                OccurrenceMark(account_id, current.source, "completed", completed_at=now, device_id=device_id)
            )

        def write(conn: Connection) -> CompleteResult:
            session = repo.get_session(conn, account_id, session_id, with_performances=True)
            if session is None:
                raise SessionNotFound(f"session {session_id} does not exist")
            if session.status == "completed":  # a concurrent completion won
                return CompleteResult(
                    session, session.experience_points, repo.total_experience(conn, account_id), True
                )
            if not session.is_active:
                raise SessionNotActive(f"session {session_id} is {session.status}")
            points = experience_points(session.performances)
            completed = replace(
                session,
                status="completed",
                notes=session.notes if notes is None else notes,
                ended_at=now,
                updated_at=now,
                experience_points=points,
            )
            repo.update_session(conn, completed)
            new_total = repo.add_experience(conn, account_id, points)
            payload = session_to_dict(completed) | {"experiencePointsAwarded": points}
            change_feed.append(conn, account_id, "session.completed", session_id, payload, now)
            return CompleteResult(completed, points, new_total, replayed=False)

        return locked_write(self._engine, account_id, now, write)

    async def update_status(
        self, account_id: str, session_id: str, status: str, device_id: str = ""
    ) -> StatusResult:
        """Pause, resume, stop or cancel a session; asking for its current status replays it.

        Cancelling an active occurrence session gives the occurrence back to Training first
        (usually "scheduled"); stopping leaves the occurrence as it is (docs/decisions/0017).
        """
        rules.require_account(account_id)
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", session_id, required=True)
        target = _target_status(out, status)
        out.raise_if_any()

        with self._reads.connect() as conn:
            current = repo.get_session(conn, account_id, session_id)
        if current is None:
            raise SessionNotFound(f"session {session_id} does not exist")
        if session_status.is_replay(session_id, current.status, target):
            return StatusResult(self._with_performances(account_id, session_id), replayed=True)
        if target == "cancelled" and current.is_active:
            await self._unmark_occurrence(current, device_id)

        now = self._clock()

        def write(conn: Connection) -> bool:
            session = repo.get_session(conn, account_id, session_id)
            if session is None:
                raise SessionNotFound(f"session {session_id} does not exist")
            if session_status.is_replay(session_id, session.status, target):
                return True  # a concurrent identical change won
            ends = target in ("stopped", "cancelled")
            changed = replace(session, status=target, updated_at=now, ended_at=now if ends else None)
            repo.update_session(conn, changed)
            kind = session_status.CHANGE_KINDS[target]
            change_feed.append(conn, account_id, kind, session_id, session_to_dict(changed), now)
            return False

        replayed = locked_write(self._engine, account_id, now, write)
        return StatusResult(self._with_performances(account_id, session_id), replayed)

    async def delete(self, account_id: str, session_id: str, device_id: str = "") -> DeleteResult:
        """Remove a session in any status with its performances; a completed one's points go too.

        Deleting an active or stopped occurrence session gives the occurrence back to Training first.
        """
        rules.require_account(account_id)
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", session_id, required=True)
        out.raise_if_any()

        with self._reads.connect() as conn:
            current = repo.get_session(conn, account_id, session_id)
        if current is None:
            raise SessionNotFound(f"session {session_id} does not exist (or was deleted already)")
        if current.is_active or current.status == "stopped":
            # The occurrence still shows this session's start; a completed or cancelled one has
            # already given Training its final word (decision 0017).
            await self._unmark_occurrence(current, device_id)

        now = self._clock()

        def write(conn: Connection) -> DeleteResult:
            session = repo.get_session(conn, account_id, session_id, with_performances=True)
            if session is None:
                raise SessionNotFound(f"session {session_id} does not exist (or was deleted already)")
            removed = repo.delete_session(conn, session_id)
            # Points are stored only on completion, so this is 0 for any other status.
            points = session.experience_points
            total = repo.add_experience(conn, account_id, -points)
            payload = session_to_dict(session) | {
                "deletedAt": now.isoformat(),
                "performanceIds": [p.performance_id for p in session.performances],
            }
            change_feed.append(conn, account_id, "session.deleted", session_id, payload, now)
            return DeleteResult(session_id, removed, points, total)

        return locked_write(self._engine, account_id, now, write)

    async def _unmark_occurrence(self, session: Session, device_id: str) -> None:
        if session.source.kind != "occurrence":
            return
        with self._reads.connect() as conn:
            others = repo.sessions_of_source(
                conn, session.account_id, session.source, excluding=session.session_id
            )
        await unmark(
            self._occurrences,
            session.account_id,
            session.source,
            others,
            device_id,
        )

    def _replay(self, account_id: str, session_id: str, total: int) -> CompleteResult:
        session = self._with_performances(account_id, session_id)
        return CompleteResult(session, session.experience_points, total, replayed=True)

    def _with_performances(self, account_id: str, session_id: str) -> Session:
        with self._reads.connect() as conn:
            session = repo.get_session(conn, account_id, session_id, with_performances=True)
        if session is None:
            raise SessionNotFound(f"session {session_id} does not exist")
        return session
