"""Request builders for the workout log's tests (WorkoutLogService, decision 0049)."""

from __future__ import annotations

from typing import Any

from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1 import workout_log_pb2 as wl
from tests.integration.sessions.session_support import ACCOUNT, Stack

BENCH_ID = "barbell-bench-press"
SQUAT_ID = "barbell-back-squat"
ZONE = "Europe/Amsterdam"


def lifting_set(reps: int = 5, load_kg: float | None = 100, **extra: Any) -> wl.LoggedSetInput:
    """A set of ``reps`` at ``load_kg`` (None: bodyweight)."""
    if load_kg is not None:
        extra["load_kg"] = load_kg
    return wl.LoggedSetInput(reps=reps, **extra)


def entry(exercise_id: str = BENCH_ID, sets: int = 2, **extra: Any) -> wl.EntryInput:
    """An entry of ``exercise_id`` with ``sets`` working sets of 5 at 100 kg."""
    return wl.EntryInput(exercise_id=exercise_id, sets=[lifting_set() for _ in range(sets)], **extra)


def log_request(
    key: str = "log-1", entries: list[wl.EntryInput] | None = None, **extra: Any
) -> wl.LogWorkoutRequest:
    """LogWorkout for ACCOUNT (override with account_id=...)."""
    extra.setdefault("account_id", ACCOUNT)
    return wl.LogWorkoutRequest(idempotency_key=key, entries=entries or [entry()], **extra)


async def log_workout(stack: Stack, key: str = "log-1", **extra: Any) -> wl.LogWorkoutResponse:
    """Log one workout and return the answer."""
    return await stack.workout_log.LogWorkout(log_request(key, **extra))


def add_request(key: str, entry_input: wl.EntryInput, **extra: Any) -> wl.AddSetsRequest:
    """AddSets for ACCOUNT."""
    extra.setdefault("account_id", ACCOUNT)
    return wl.AddSetsRequest(idempotency_key=key, entry=entry_input, **extra)


def update_request(key: str, **fields: Any) -> wl.UpdateLogRecordRequest:
    """UpdateLogRecord for ACCOUNT."""
    fields.setdefault("account_id", ACCOUNT)
    return wl.UpdateLogRecordRequest(idempotency_key=key, **fields)


async def feed_kinds(stack: Stack, account_id: str = ACCOUNT) -> list[str]:
    """The kinds of the account's whole change feed, in order."""
    response = await stack.sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=account_id))
    return [change.kind for change in response.changes]


def set_numbers(workout: sessions_pb2.Session) -> list[list[int]]:
    """Each entry's set numbers."""
    return [[s.set_number for s in p.sets] for p in workout.performances]
