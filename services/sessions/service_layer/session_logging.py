"""LogPerformance: upsert sets (by set number) and setup values into one exercise performance;
DeletePerformance: remove one from an active session.

Idempotent by content: the request is merged into the stored performance under the account's write
lock, and when the merge changes nothing (a retry, or a duplicate that lost the race) nothing is
written, no change is appended to the feed, and the result says ``replayed``. A session holds one
performance per exercise; ``performance_id`` names it explicitly. Each ``performance.logged`` change
carries the exercise's ``catalogExerciseId`` so feed readers can map gym exercises to catalog
muscles. See docs/decisions/0017-sessions.md. Each performance records the exercise's name and
catalog mapping as of its latest log, so every reader can name it (decision 0037).

One log is one transaction: the session is read once, under the lock, and checked there; the gym
directory is asked before the lock. Why, and what it saved: docs/decisions/0022 (the profile).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TypeVar

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from knowledge.limits.sessions import SECONDS
from knowledge.training.catalog import catalog_by_id
from services.sessions.adapters import change_feed
from services.sessions.adapters import performance_repository as performance_repo
from services.sessions.adapters import session_repository as repo
from services.sessions.adapters.read_engine import read_engine
from services.sessions.adapters.session_codec import performance_to_dict
from services.sessions.domain import session_rules as rules
from services.sessions.domain.object_ids import is_object_id, new_object_id
from services.sessions.domain.session_errors import (
    ExerciseNotVisible,
    PerformanceNotFound,
    SessionNotActive,
    SessionNotFound,
    TooManyPerformances,
)
from services.sessions.domain.session_model import LoggedSet, Performance, Session, SetupValue
from services.sessions.service_layer.gym_directory import (
    GatedExercise,
    GymDirectory,
    PlanDay,
    VisibleExercise,
)
from services.sessions.service_layer.session_support import (
    Clock,
    locked_write,
    send_with_commit,
    utc_now,
)


@dataclass(frozen=True)
class PerformanceInput:
    """What LogPerformance asks for; ``None`` leaves a stored field as it is."""

    session_id: str
    exercise_id: str
    sets: tuple[LoggedSet, ...]
    performance_id: str = ""
    plan_exercise_id: str = ""
    notes: str | None = None
    rest_seconds: float | None = None
    is_completed: bool | None = None
    setup_values: tuple[SetupValue, ...] | None = None
    next_setup_values: tuple[SetupValue, ...] | None = None
    setup_settings_enabled: bool | None = None
    show_set_rpe: bool | None = None
    language: str = ""


@dataclass(frozen=True)
class LogResult:
    """The performance after the upsert, its session, and whether nothing had to be written."""

    performance: Performance
    session: Session
    replayed: bool


T = TypeVar("T")


@dataclass(frozen=True)
class ExerciseNaming:
    """What a logged exercise is called and the catalog exercise it maps to ("" when neither)."""

    name: str
    catalog_exercise_id: str


def catalog_name(exercise_id: str) -> str:
    """The Training catalog's name for ``exercise_id``; "" for anything else (a custom exercise)."""
    found = catalog_by_id().get(exercise_id) if exercise_id else None
    return found.name if found else ""


class _GymFacts:
    """The gym directory's answers for one log, each asked once.

    LogPerformance asks them before it takes the account's write lock (``_ask_gyms_first``): the
    directory reads on a connection of its own, which a write holding the lock should not wait for.
    Only when the session changed in between (deleted and another with the same ID made, in theory)
    is a question first asked under the lock; the answer is the same either way.
    """

    def __init__(
        self, gyms: GymDirectory, account_id: str, language: str, gated: GatedExercise | None = None
    ) -> None:
        self._gyms = gyms
        self._account_id = account_id
        self._language = language
        self._exercises: dict[str, VisibleExercise | None] = {}
        self._days: dict[tuple[str, str], PlanDay | None] = {}
        self._gated = gated  # the answer the module's gate read for one exercise, if it did

    def visible_exercise(self, exercise_id: str) -> VisibleExercise | None:
        """The exercise if the account may log it."""
        if exercise_id not in self._exercises:
            if self._gated is not None and self._gated.exercise_id == exercise_id:
                self._exercises[exercise_id] = self._gated.visible(self._language)
            else:
                self._exercises[exercise_id] = self._gyms.visible_exercise(
                    self._account_id, exercise_id, self._language
                )
        return self._exercises[exercise_id]

    def plan_day(self, plan_id: str, plan_moment_id: str) -> PlanDay | None:
        """The plan day if it is the account's."""
        key = (plan_id, plan_moment_id)
        if key not in self._days:
            self._days[key] = self._gyms.plan_day(self._account_id, plan_id, plan_moment_id, self._language)
        return self._days[key]


def _keep(new: T | None, old: T) -> T:
    return old if new is None else new


def _merge(stored: Performance, given: PerformanceInput) -> Performance:
    sets = {s.set_number: s for s in stored.sets}
    sets.update({s.set_number: s for s in given.sets})

    return replace(
        stored,
        plan_exercise_id=given.plan_exercise_id or stored.plan_exercise_id,
        notes=_keep(given.notes, stored.notes),
        rest_seconds=_keep(given.rest_seconds, stored.rest_seconds),
        is_completed=_keep(given.is_completed, stored.is_completed),
        setup_values=_keep(given.setup_values, stored.setup_values),
        next_setup_values=_keep(given.next_setup_values, stored.next_setup_values),
        setup_settings_enabled=_keep(given.setup_settings_enabled, stored.setup_settings_enabled),
        show_set_rpe=_keep(given.show_set_rpe, stored.show_set_rpe),
        sets=tuple(sets[n] for n in sorted(sets)),
    )


def _same_content(a: Performance, b: Performance) -> bool:
    # Compared as JSON so that true and 1 (equal in Python) count as different setup values.
    return json.dumps(performance_to_dict(replace(a, updated_at=b.updated_at)), sort_keys=True) == json.dumps(
        performance_to_dict(b), sort_keys=True
    )


class PerformanceLog:
    """LogPerformance."""

    def __init__(self, engine: Engine, gyms: GymDirectory, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._reads = read_engine(engine)
        self._gyms = gyms
        self._clock = clock

    def _check_fields(self, given: PerformanceInput) -> PerformanceInput:
        """The request's own fields, checked before anything is read; the exercise ID comes later."""
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", given.session_id, required=True)
        performance_id = rules.check_object_id(out, "performanceId", given.performance_id, required=False)
        plan_exercise_id = rules.check_object_id(
            out, "planExerciseId", given.plan_exercise_id, required=False
        )
        rules.check_sets(out, given.sets)
        if given.notes is not None:
            rules.check_text(out, "notes", given.notes, rules.MAX_NOTES)
        rules.check_number(out, "restSeconds", given.rest_seconds, *SECONDS)
        rules.check_setup_values(out, "setupValues", given.setup_values)
        rules.check_setup_values(out, "nextSetupValues", given.next_setup_values)
        language = rules.check_language(out, given.language)
        out.raise_if_any()
        return replace(
            given,
            session_id=session_id,
            performance_id=performance_id,
            plan_exercise_id=plan_exercise_id,
            language=language,
        )

    def _ask_gyms_first(
        self, account_id: str, fields: PerformanceInput, gated: GatedExercise | None
    ) -> _GymFacts:
        """The directory's answers this log will need, asked before the write lock is taken.

        The exercise is looked up as a gym exercise whenever its ID is one (an occurrence session,
        which logs catalog IDs, just does not use the answer); the plan day only with a
        ``planExerciseId``, which needs the session's plan, so only then is the session read here too.
        """
        facts = _GymFacts(self._gyms, account_id, fields.language, gated)
        scratch = rules.Violations()
        gym_exercise_id = rules.check_exercise_id(scratch, fields.exercise_id, gym=True)
        if not scratch.items:
            facts.visible_exercise(gym_exercise_id)
        if fields.plan_exercise_id:
            with self._reads.connect() as conn:
                session = repo.get_session(conn, account_id, fields.session_id)
            if session is not None and session.source.kind == "plan_day":
                facts.plan_day(session.source.plan_id, session.source.plan_moment_id)
        return facts

    @staticmethod
    def _check_in_session(
        session: Session | None, fields: PerformanceInput, facts: _GymFacts
    ) -> tuple[Session, PerformanceInput, ExerciseNaming]:
        """The session, the checked request and the exercise's name and catalog mapping.

        Runs under the write lock on the session read there; errors come in the order they always
        did: session missing, session ended, bad fields for the session's kind, exercise not visible,
        plan exercise not of the day.
        """
        session_id, plan_exercise_id = fields.session_id, fields.plan_exercise_id
        if session is None:
            raise SessionNotFound(f"session {session_id} does not exist")
        if not session.is_active:
            raise SessionNotActive(
                f"session {session_id} is {session.status}; sets can only be logged while it is active"
            )
        out = rules.Violations()
        gym_session = session.source.kind != "occurrence"
        exercise_id = rules.check_exercise_id(out, fields.exercise_id, gym=gym_session)
        if plan_exercise_id and session.source.kind != "plan_day":
            out.add("planExerciseId", "can only be given in a session started from a plan day")
        out.raise_if_any()
        # Occurrence sessions log Training catalog IDs themselves.
        naming = ExerciseNaming(catalog_name(exercise_id), exercise_id)
        if gym_session:
            visible = facts.visible_exercise(exercise_id)
            if visible is None:
                raise ExerciseNotVisible(f"exercise {exercise_id} is not visible to you")
            naming = ExerciseNaming(
                visible.name or catalog_name(visible.catalog_exercise_id), visible.catalog_exercise_id
            )
            if plan_exercise_id:
                day = facts.plan_day(session.source.plan_id, session.source.plan_moment_id)
                if day is None or plan_exercise_id not in {e.plan_exercise_id for e in day.exercises}:
                    out.add("planExerciseId", "is not an exercise of this session's plan day")
                    out.raise_if_any()
        return session, replace(fields, exercise_id=exercise_id), naming

    def log(self, account_id: str, given: PerformanceInput, gated: GatedExercise | None = None) -> LogResult:
        """Upsert the sets and fields of one performance; a repeat writes nothing.

        ``gated``: the directory's answer for the exercise, when the module's gate read it already.
        """
        rules.require_account(account_id)
        fields = self._check_fields(given)
        facts = self._ask_gyms_first(account_id, fields, gated)
        now = self._clock()

        # The exercise's stored ID as the checks will give it in a gym session (every session the
        # Client AI tools log to); an occurrence session's catalog ID may differ, and is read again.
        likely_exercise_id = (
            fields.exercise_id.lower() if is_object_id(fields.exercise_id) else fields.exercise_id
        )

        def write(conn: Connection) -> LogResult:
            found, prefetched = repo.get_session_and_performance(
                conn,
                account_id,
                fields.session_id,
                performance_id=fields.performance_id,
                exercise_id=likely_exercise_id,
            )
            session, checked, naming = self._check_in_session(found, fields, facts)
            if fields.performance_id or checked.exercise_id == likely_exercise_id:
                stored = self._found(session, checked, prefetched)
            else:
                stored = self._find(conn, session, checked)
            new = stored is None
            if stored is None:
                if session.performance_count >= rules.MAX_PERFORMANCES_PER_SESSION:
                    raise TooManyPerformances(
                        f"a session holds at most {rules.MAX_PERFORMANCES_PER_SESSION} performance records"
                    )
                stored = Performance(
                    performance_id=new_object_id(now),
                    session_id=session.session_id,
                    exercise_id=checked.exercise_id,
                    plan_exercise_id="",
                    notes="",
                    rest_seconds=None,
                    is_completed=False,
                    setup_values=(),
                    next_setup_values=(),
                    setup_settings_enabled=False,
                    show_set_rpe=False,
                    sets=(),
                    created_at=now,
                    updated_at=now,
                )
            merged = replace(
                _merge(stored, checked),
                exercise_name=naming.name,
                catalog_exercise_id=naming.catalog_exercise_id,
            )
            if not new and _same_content(merged, stored):
                return LogResult(stored, session, replayed=True)
            merged = replace(merged, updated_at=now)
            send_with_commit(conn)  # all is read: the writes go with the COMMIT (decision 0119)
            if new:
                performance_repo.insert_performance(conn, account_id, merged, session.performance_count)
            else:
                performance_repo.update_performance(conn, merged)
            existing_numbers = {s.set_number for s in stored.sets}
            changed_sets = [s for s in merged.sets if s not in stored.sets]
            performance_repo.put_sets(conn, merged.performance_id, changed_sets, existing_numbers)
            session = replace(
                session, updated_at=now, performance_count=session.performance_count + (1 if new else 0)
            )
            repo.touch_session(conn, session)
            change_feed.append(
                conn,
                account_id,
                "performance.logged",
                merged.performance_id,
                performance_to_dict(merged),
                now,
            )
            return LogResult(merged, session, replayed=False)

        def no_account() -> LogResult:  # an account that never wrote has no session
            raise SessionNotFound(f"session {fields.session_id} does not exist")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)

    def delete(self, account_id: str, session_id: str, performance_id: str) -> Session:
        """Remove one performance and its sets from an active session; returns the session after.

        A retry finds nothing to remove (PERFORMANCE_NOT_FOUND): the performance is gone either way.
        """
        rules.require_account(account_id)
        out = rules.Violations()
        session_id = rules.check_object_id(out, "sessionId", session_id, required=True)
        performance_id = rules.check_object_id(out, "performanceId", performance_id, required=True)
        out.raise_if_any()
        now = self._clock()

        def write(conn: Connection) -> Session:
            session = repo.get_session(conn, account_id, session_id)
            if session is None:
                raise SessionNotFound(f"session {session_id} does not exist")
            if not session.is_active:
                raise SessionNotActive(
                    f"session {session_id} is {session.status}; performances can only be removed "
                    "while it is active (delete the whole session instead)"
                )
            found = performance_repo.get_performance(conn, session_id, performance_id=performance_id)
            if found is None:
                raise PerformanceNotFound(
                    f"performance {performance_id} is not part of session {session_id} "
                    "(or was deleted already)"
                )
            performance_repo.delete_performance(conn, performance_id)
            repo.update_session(
                conn, replace(session, updated_at=now, performance_count=session.performance_count - 1)
            )
            payload = {
                "performanceId": performance_id,
                "sessionId": session_id,
                "exerciseId": found.exercise_id,
                "deletedAt": now.isoformat(),
            }
            change_feed.append(conn, account_id, "performance.deleted", performance_id, payload, now)
            after = repo.get_session(conn, account_id, session_id, with_performances=True)
            assert after is not None
            return after

        def no_account() -> Session:  # an account that never wrote has no session
            raise SessionNotFound(f"session {session_id} does not exist")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)

    @classmethod
    def _find(cls, conn: Connection, session: Session, given: PerformanceInput) -> Performance | None:
        if not given.performance_id:
            return performance_repo.get_performance(conn, session.session_id, exercise_id=given.exercise_id)
        found = performance_repo.get_performance(
            conn, session.session_id, performance_id=given.performance_id
        )
        return cls._found(session, given, found)

    @staticmethod
    def _found(session: Session, given: PerformanceInput, found: Performance | None) -> Performance | None:
        """The stored performance the log merges into: by ``performanceId`` it must exist and be of
        the exercise; by exercise, None when the session has none yet."""
        if not given.performance_id:
            return found
        if found is None:
            raise PerformanceNotFound(
                f"performance {given.performance_id} is not part of session {session.session_id}"
            )
        if found.exercise_id != given.exercise_id:
            raise InvalidArgument.for_field(
                "performanceId", f"belongs to exercise {found.exercise_id}, not {given.exercise_id}"
            )
        return found
