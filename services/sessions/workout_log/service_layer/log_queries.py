"""ListLoggedWorkouts and GetLogProfile: reads on the read engine, no lock (decision 0049)."""

from __future__ import annotations

from sqlalchemy import Engine

from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.session_rules import MAX_EXERCISE_ID, Violations, require_account
from services.sessions.service_layer.session_support import Clock, utc_now
from services.sessions.workout_log.adapters import log_repository as log_repo
from services.sessions.workout_log.adapters import workout_reads
from services.sessions.workout_log.adapters.workout_reads import WorkoutPage
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_model import LogProfile, WorkoutFilter

MAX_WINDOW_DAYS = 3660
DEFAULT_LIMIT = 10
MAX_LIMIT = 1000
MAX_EXERCISE_FILTER = 50


class LogQueries:
    """The account's logged workouts and its log profile."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._reads = read_engine(engine)
        self._clock = clock

    def list_workouts(self, account_id: str, wanted: WorkoutFilter) -> WorkoutPage:
        """Workouts (every source, not cancelled) that started on the window's local days, newest first."""
        require_account(account_id)
        out = Violations()
        zone = rules.check_zone(out, "time_zone", wanted.time_zone)
        start, end = rules.local_window(
            out, wanted.from_day, wanted.to_day, zone, self._clock(), max_days=MAX_WINDOW_DAYS
        )
        if not 0 <= wanted.limit <= MAX_LIMIT:
            out.add("limit", f"must be 1 to {MAX_LIMIT} (0 means {DEFAULT_LIMIT})")
        if len(wanted.exercise_ids) > MAX_EXERCISE_FILTER:
            out.add("exercise_ids", f"must hold at most {MAX_EXERCISE_FILTER} IDs")
        for i, exercise_id in enumerate(wanted.exercise_ids):
            if not exercise_id or len(exercise_id) > MAX_EXERCISE_ID or not exercise_id.isprintable():
                out.add(f"exercise_ids[{i}]", "must be an exercise ID")
        program_id = rules.check_name(out, "program_id", wanted.program_id, rules.MAX_PROGRAM_ID)
        out.raise_if_any()
        with self._reads.connect() as conn:
            return workout_reads.list_workouts(
                conn,
                account_id,
                start,
                end,
                wanted.limit or DEFAULT_LIMIT,
                wanted.exercise_ids,
                program_id,
            )

    def profile(self, account_id: str) -> LogProfile:
        """The account's log profile (the defaults when it never set one)."""
        require_account(account_id)
        with self._reads.connect() as conn:
            return log_repo.get_profile(conn, account_id)
