"""WorkoutLogService on a real server over SQLite and PostgreSQL: deletion with undo, listing,
the log profile, programs, and one account never reaching another's records (decision 0049)."""

from __future__ import annotations

from datetime import UTC, datetime

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1 import workout_log_pb2 as wl
from tests.integration.sessions.session_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    failure,
    fields,
    session_stack,
)
from tests.integration.sessions.workout_log_support import (
    BENCH_ID,
    SQUAT_ID,
    ZONE,
    entry,
    feed_kinds,
    log_workout,
    set_numbers,
    update_request,
)


@pytest.fixture
async def stack(engines, tmp_path):
    async with session_stack(engines, tmp_path) as running:
        yield running


async def _delete(stack, account_id: str = ACCOUNT, **target: str) -> wl.DeleteLogRecordResponse:
    return await stack.workout_log.DeleteLogRecord(wl.DeleteLogRecordRequest(account_id=account_id, **target))


async def _undo(stack, token: str, account_id: str = ACCOUNT) -> wl.UndoDeleteResponse:
    return await stack.workout_log.UndoDelete(wl.UndoDeleteRequest(account_id=account_id, undo_token=token))


async def _get(stack, session_id: str) -> sessions_pb2.Session:
    request = sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=session_id)
    return (await stack.sessions.GetSession(request)).session


async def test_an_undone_workout_deletion_restores_every_set_with_the_same_ids(stack):
    logged = (await log_workout(stack, entries=[entry(BENCH_ID, 3), entry(SQUAT_ID, 2)])).workout

    deleted = await _delete(stack, workout_id=logged.session_id)
    assert (deleted.deleted, deleted.HasField("workout")) == ("workout", False)
    assert deleted.undo_expire_time.ToDatetime(tzinfo=UTC) == datetime(2026, 9, 20, 15, 10, tzinfo=UTC)
    gone = await failure(
        stack.sessions.GetSession(
            sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=logged.session_id)
        )
    )
    assert gone.code == grpc.StatusCode.NOT_FOUND

    stack.clock.advance(minutes=9)
    restored = await _undo(stack, deleted.undo_token)
    assert restored.restored == "workout"
    assert restored.workout == logged
    assert await _get(stack, logged.session_id) == logged
    assert (await feed_kinds(stack))[-4:] == [
        "session.deleted",
        "session.restored",
        "performance.logged",
        "performance.logged",
    ]
    used = await failure(_undo(stack, deleted.undo_token))
    assert (used.code, used.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "UNDO_UNAVAILABLE")
    assert "already used" in used.message


async def test_an_undo_token_expires_after_ten_minutes(stack):
    logged = (await log_workout(stack)).workout
    deleted = await _delete(stack, workout_id=logged.session_id)

    stack.clock.advance(minutes=10, seconds=1)
    expired = await failure(_undo(stack, deleted.undo_token))
    assert (expired.code, expired.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "UNDO_UNAVAILABLE")
    assert "expired at 2026-09-20T15:10:00" in expired.message
    unknown = await failure(_undo(stack, "no-such-token"))
    assert unknown.reason == "UNDO_UNAVAILABLE" and "unknown" in unknown.message
    # The next deletion cleans expired tokens up: the old one is then unknown.
    other = (await log_workout(stack, key="log-2")).workout
    await _delete(stack, workout_id=other.session_id)
    cleaned = await failure(_undo(stack, deleted.undo_token))
    assert "unknown" in cleaned.message


async def test_entry_and_set_deletions_undo_in_place(stack):
    logged = (await log_workout(stack, entries=[entry(BENCH_ID, 3), entry(SQUAT_ID, 2)])).workout
    bench, squat = logged.performances

    without_set = await _delete(stack, set_id=f"{bench.performance_id}:2")
    assert set_numbers(without_set.workout) == [[1, 3], [1, 2]]
    assert without_set.workout.experience_points == 40
    without_entry = await _delete(stack, entry_id=bench.performance_id)
    assert [p.exercise_id for p in without_entry.workout.performances] == [SQUAT_ID]

    back = await _undo(stack, without_entry.undo_token)
    assert (back.restored, [p.performance_id for p in back.workout.performances]) == (
        "entry",
        [bench.performance_id, squat.performance_id],
    )
    set_back = await _undo(stack, without_set.undo_token)
    assert set_back.workout.performances[0].sets == bench.sets
    assert set_back.workout.experience_points == logged.experience_points
    kinds = await feed_kinds(stack)
    assert kinds[-4:] == [
        "performance.logged",
        "performance.deleted",
        "performance.logged",
        "performance.logged",
    ]


async def test_a_set_cannot_come_back_into_a_workout_deleted_since(stack):
    logged = (await log_workout(stack)).workout
    set_token = (await _delete(stack, set_id=f"{logged.performances[0].performance_id}:1")).undo_token
    await _delete(stack, workout_id=logged.session_id)

    orphan = await failure(_undo(stack, set_token))
    assert orphan.reason == "UNDO_UNAVAILABLE" and "deleted since" in orphan.message
    missing = await failure(_delete(stack, set_id=f"{logged.performances[0].performance_id}:1"))
    assert missing.reason == "ENTRY_NOT_FOUND"
    no_target = await failure(_delete(stack))
    assert fields(no_target) == ["target"]


async def test_workouts_are_listed_by_local_day_newest_first_with_filters(stack):
    for key, day, entries in (
        ("w1", "2026-09-10", [entry(BENCH_ID)]),
        ("w2", "2026-09-12", [entry(SQUAT_ID)]),
        ("w3", "2026-09-14", [entry(BENCH_ID), entry(SQUAT_ID)]),
    ):
        await log_workout(stack, key=key, day=day, time_zone=ZONE, entries=entries)
    # A session of the live flow is a workout too; a cancelled one is not.
    live = await stack.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT)
    )
    await stack.sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=live.session.session_id)
    )
    stack.clock.advance(minutes=1)
    cancelled = await stack.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT)
    )
    await stack.sessions.UpdateSessionStatus(
        sessions_pb2.UpdateSessionStatusRequest(
            account_id=ACCOUNT, session_id=cancelled.session.session_id, status="cancelled"
        )
    )

    def listing(**extra) -> wl.ListLoggedWorkoutsRequest:
        return wl.ListLoggedWorkoutsRequest(account_id=ACCOUNT, time_zone=ZONE, **extra)

    every = await stack.workout_log.ListLoggedWorkouts(listing(from_day="2026-09-01", to_day="2026-09-20"))
    assert every.total_count == 4
    assert every.workouts[0].session_id == live.session.session_id
    days = [w.start_time.ToDatetime(tzinfo=UTC).date().isoformat() for w in every.workouts[1:]]
    assert days == ["2026-09-14", "2026-09-12", "2026-09-10"]

    window = await stack.workout_log.ListLoggedWorkouts(
        listing(from_day="2026-09-11", to_day="2026-09-14", limit=1)
    )
    assert (window.total_count, len(window.workouts)) == (2, 1)
    benches = await stack.workout_log.ListLoggedWorkouts(
        listing(from_day="2026-09-01", to_day="2026-09-20", exercise_ids=[BENCH_ID])
    )
    assert benches.total_count == 2
    assert [[p.exercise_id for p in w.performances] for w in benches.workouts] == [[BENCH_ID], [BENCH_ID]]
    backwards = await failure(
        stack.workout_log.ListLoggedWorkouts(listing(from_day="2026-09-14", to_day="2026-09-01"))
    )
    assert fields(backwards) == ["to_day"]


async def test_the_log_profile_has_defaults_changes_what_is_given_and_names_bad_fields(stack):
    fresh = await stack.workout_log.GetLogProfile(wl.GetLogProfileRequest(account_id=ACCOUNT))
    assert fresh.profile == wl.LogProfile(program_suggestions=True)

    updated = await stack.workout_log.UpdateLogProfile(
        wl.UpdateLogProfileRequest(
            account_id=ACCOUNT,
            goals="Squat 140",
            equipment=wl.StringList(values=["barbell", "rack"]),
            training_days=wl.StringList(values=["fri", "mon"]),
            calm_mode=True,
        )
    )
    assert (updated.profile.goals, list(updated.profile.training_days)) == ("Squat 140", ["mon", "fri"])
    kept = await stack.workout_log.UpdateLogProfile(
        wl.UpdateLogProfileRequest(account_id=ACCOUNT, program_suggestions=False)
    )
    assert (kept.profile.goals, kept.profile.calm_mode, kept.profile.program_suggestions) == (
        "Squat 140",
        True,
        False,
    )

    bad = await failure(
        stack.workout_log.UpdateLogProfile(
            wl.UpdateLogProfileRequest(
                account_id=ACCOUNT,
                goals="x" * 2001,
                equipment=wl.StringList(values=[f"item {i}" for i in range(51)]),
                training_days=wl.StringList(values=["someday"]),
            )
        )
    )
    assert set(fields(bad)) == {"goals", "equipment", "training_days[0]"}
    after = await stack.workout_log.GetLogProfile(wl.GetLogProfileRequest(account_id=ACCOUNT))
    assert after.profile == kept.profile


async def test_one_program_at_a_time_and_workouts_labelled_as_its_days(stack):
    def start(program_id: str) -> wl.StartProgramRequest:
        return wl.StartProgramRequest(
            account_id=ACCOUNT, program_id=program_id, version=2, started_on="2026-09-14"
        )

    started = await stack.workout_log.StartProgram(start("kp:five-by-five"))
    assert (started.current_program.program_id, started.replayed) == ("kp:five-by-five", False)
    assert (await stack.workout_log.StartProgram(start("kp:five-by-five"))).replayed
    busy = await failure(stack.workout_log.StartProgram(start("kp:other")))
    assert (busy.code, busy.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "PROGRAM_ALREADY_STARTED")
    assert "kp:five-by-five" in busy.message
    profile = await stack.workout_log.GetLogProfile(wl.GetLogProfileRequest(account_id=ACCOUNT))
    assert profile.profile.current_program == started.current_program

    workout = (await log_workout(stack, program=wl.ProgramDay(program_id="kp:five-by-five", day="A"))).workout
    assert (workout.program_id, workout.program_day) == ("kp:five-by-five", "A")
    relabelled = await stack.workout_log.LinkWorkoutToProgram(
        wl.LinkWorkoutToProgramRequest(
            account_id=ACCOUNT,
            workout_id=workout.session_id,
            program=wl.ProgramDay(program_id="kp:five-by-five", day="B"),
        )
    )
    assert relabelled.workout.program_day == "B"
    listed = await stack.workout_log.ListLoggedWorkouts(
        wl.ListLoggedWorkoutsRequest(account_id=ACCOUNT, program_id="kp:five-by-five")
    )
    assert [w.session_id for w in listed.workouts] == [workout.session_id]
    removed = await stack.workout_log.LinkWorkoutToProgram(
        wl.LinkWorkoutToProgramRequest(account_id=ACCOUNT, workout_id=workout.session_id, remove=True)
    )
    assert (removed.workout.program_id, removed.workout.program_day) == ("", "")
    assert (await feed_kinds(stack))[-2:] == ["session.updated", "session.updated"]
    unknown = await failure(
        stack.workout_log.LinkWorkoutToProgram(
            wl.LinkWorkoutToProgramRequest(account_id=ACCOUNT, workout_id="d" * 24, remove=True)
        )
    )
    assert (unknown.code, unknown.reason) == (grpc.StatusCode.NOT_FOUND, "WORKOUT_NOT_FOUND")

    ended = await stack.workout_log.EndProgram(wl.EndProgramRequest(account_id=ACCOUNT))
    assert ended.ended_program == started.current_program
    none = await failure(stack.workout_log.EndProgram(wl.EndProgramRequest(account_id=ACCOUNT)))
    assert (none.code, none.reason) == (grpc.StatusCode.NOT_FOUND, "NO_CURRENT_PROGRAM")
    assert (await stack.workout_log.StartProgram(start("kp:other"))).current_program.program_id == "kp:other"


async def test_another_accounts_workout_entry_set_and_undo_token_are_out_of_reach(stack):
    mine = (await log_workout(stack)).workout
    entry_id = mine.performances[0].performance_id
    token = (await _delete(stack, set_id=f"{entry_id}:2")).undo_token

    other = {"account_id": OTHER_ACCOUNT}
    reasons = {
        "workout": await failure(
            stack.workout_log.UpdateLogRecord(
                update_request("x1", workout_id=mine.session_id, title="x", **other)
            )
        ),
        "entry": await failure(
            stack.workout_log.UpdateLogRecord(update_request("x2", entry_id=entry_id, notes="x", **other))
        ),
        "set": await failure(_delete(stack, OTHER_ACCOUNT, set_id=f"{entry_id}:1")),
        "delete": await failure(_delete(stack, OTHER_ACCOUNT, workout_id=mine.session_id)),
        "link": await failure(
            stack.workout_log.LinkWorkoutToProgram(
                wl.LinkWorkoutToProgramRequest(
                    account_id=OTHER_ACCOUNT, workout_id=mine.session_id, remove=True
                )
            )
        ),
        "undo": await failure(_undo(stack, token, OTHER_ACCOUNT)),
    }
    assert {name: error.reason for name, error in reasons.items()} == {
        "workout": "WORKOUT_NOT_FOUND",
        "entry": "ENTRY_NOT_FOUND",
        "set": "ENTRY_NOT_FOUND",
        "delete": "WORKOUT_NOT_FOUND",
        "link": "WORKOUT_NOT_FOUND",
        "undo": "UNDO_UNAVAILABLE",
    }
    listed = await stack.workout_log.ListLoggedWorkouts(
        wl.ListLoggedWorkoutsRequest(account_id=OTHER_ACCOUNT)
    )
    assert listed.total_count == 0
    assert await feed_kinds(stack, OTHER_ACCOUNT) == []
    # The owner's token still works: the other account's attempt used nothing.
    assert (await _undo(stack, token)).workout == mine
