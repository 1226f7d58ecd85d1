"""WorkoutLogService on a real server over SQLite and PostgreSQL: logging whole workouts, adding
sets, units, idempotency and the feed every other reader builds on (decision 0049)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2_grpc
from kinetic.sessions.v1 import workout_log_pb2 as wl
from tests.concurrency import run_together
from tests.integration.sessions.session_support import ACCOUNT, failure, fields, session_stack
from tests.integration.sessions.workout_log_support import (
    BENCH_ID,
    SQUAT_ID,
    ZONE,
    add_request,
    entry,
    feed_kinds,
    lifting_set,
    log_request,
    log_workout,
    set_numbers,
    update_request,
)


@pytest.fixture
async def stack(engines, tmp_path):
    async with session_stack(engines, tmp_path) as running:
        yield running


async def test_a_logged_workout_is_a_completed_freestyle_session_with_joined_entries(stack):
    bench_warmup = wl.EntryInput(
        exercise_id=BENCH_ID, sets=[lifting_set(10, 40, warmup=True)], notes="felt heavy"
    )
    answer = await log_workout(
        stack,
        entries=[bench_warmup, entry(SQUAT_ID, 3), entry(BENCH_ID, 2, notes="paused reps")],
        day="2026-09-18",
        time_zone=ZONE,
        title="Legs and chest",
    )

    workout = answer.workout
    assert (workout.source, workout.status, workout.title) == ("freestyle", "completed", "Legs and chest")
    # Noon of the day in Amsterdam (UTC+2), ending when it started.
    assert workout.start_time.ToDatetime(tzinfo=UTC) == datetime(2026, 9, 18, 10, 0, tzinfo=UTC)
    assert workout.end_time == workout.start_time
    assert [p.exercise_id for p in workout.performances] == [BENCH_ID, SQUAT_ID]
    assert set_numbers(workout) == [[1, 2, 3], [1, 2, 3]]
    bench = workout.performances[0]
    assert [s.set_type for s in bench.sets] == ["W", "N", "N"]
    assert all(s.completed and s.reps_number in (10, 5) for s in bench.sets)
    assert bench.notes == "felt heavy\npaused reps"
    assert (bench.exercise_name, bench.catalog_exercise_id) == ("Barbell Bench Press", BENCH_ID)
    assert workout.experience_points == 50  # five working sets, warm-ups earn nothing
    assert list(answer.unconfirmed_entry_ids) == []
    assert not answer.replayed

    stored = await stack.sessions.GetSession(
        sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=workout.session_id)
    )
    assert stored.session == workout
    feed = (await stack.sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=ACCOUNT))).changes
    assert [c.kind for c in feed] == ["session.logged", "performance.logged", "performance.logged"]
    # Typed payloads, as analytics reads them: the session, then each entry with its sets.
    assert feed[0].session.status == "completed"
    assert feed[1].performance_logged.performance == bench
    assert feed[1].performance_logged.catalog_exercise_id == BENCH_ID


async def test_a_load_in_pounds_reads_back_in_pounds_everywhere(stack):
    pounds = wl.LoggedSetInput(reps=5, load_value=225, load_unit="lb")
    kilos = wl.LoggedSetInput(reps=5, load_kg=100)
    answer = await log_workout(stack, entries=[wl.EntryInput(exercise_id=BENCH_ID, sets=[pounds, kilos])])

    first, second = answer.workout.performances[0].sets
    assert (first.load_value, first.load_unit) == (225, "lb")
    assert first.weight_kg == pytest.approx(102.058, abs=0.001)
    assert (second.HasField("load_value"), second.load_unit, second.weight_kg) == (False, "kg", 100)
    feed = (await stack.sessions.ListChanges(sessions_pb2.ListChangesRequest(account_id=ACCOUNT))).changes
    logged = feed[1].performance_logged.performance.sets[0]
    assert (logged.load_value, logged.load_unit) == (225, "lb")

    # load_unit alone re-expresses the stored load; remove_load makes the set bodyweight.
    set_id = f"{answer.workout.performances[0].performance_id}:2"
    changed = await stack.workout_log.UpdateLogRecord(
        update_request("u1", set_id=set_id, set=wl.SetChange(load_unit="lb"))
    )
    assert changed.workout.performances[0].sets[1].load_value == pytest.approx(220.46)
    removed = await stack.workout_log.UpdateLogRecord(
        update_request("u2", set_id=set_id, set=wl.SetChange(remove_load=True))
    )
    bodyweight = removed.workout.performances[0].sets[1]
    assert (bodyweight.HasField("weight_kg"), bodyweight.HasField("load_value"), bodyweight.load_unit) == (
        False,
        False,
        "",
    )


async def test_a_repeated_key_replays_and_another_request_under_it_conflicts(stack):
    first = await log_workout(stack, key="same")
    again = await log_workout(stack, key="same")
    assert again.replayed and not first.replayed
    assert again.workout == first.workout

    conflict = await failure(stack.workout_log.LogWorkout(log_request("same", title="Other")))
    assert (conflict.code, conflict.reason) == (grpc.StatusCode.ALREADY_EXISTS, "IDEMPOTENCY_CONFLICT")
    other_rpc = await failure(stack.workout_log.AddSets(add_request("same", entry())))
    assert other_rpc.reason == "IDEMPOTENCY_CONFLICT"
    missing = await failure(stack.workout_log.LogWorkout(log_request("")))
    assert (missing.code, fields(missing)) == (grpc.StatusCode.INVALID_ARGUMENT, ["idempotency_key"])
    assert await feed_kinds(stack) == ["session.logged", "performance.logged"]


async def test_twenty_parallel_identical_log_workouts_store_one_workout(stack):
    request = log_request("parallel", entries=[entry(BENCH_ID, 3), entry(SQUAT_ID, 2)])

    def call() -> wl.LogWorkoutResponse:
        with grpc.insecure_channel(f"127.0.0.1:{stack.sessions_port}") as channel:
            return workout_log_pb2_grpc.WorkoutLogServiceStub(channel).LogWorkout(request, timeout=30)

    answers = await asyncio.to_thread(run_together, [call] * 20)

    assert not [a for a in answers if isinstance(a, Exception)]
    assert sorted(a.replayed for a in answers) == [False] + [True] * 19
    assert len({a.workout.session_id for a in answers}) == 1
    listed = await stack.workout_log.ListLoggedWorkouts(
        wl.ListLoggedWorkoutsRequest(account_id=ACCOUNT, from_day="2026-09-01", to_day="2026-09-30")
    )
    assert listed.total_count == 1
    assert await feed_kinds(stack) == ["session.logged", "performance.logged", "performance.logged"]


async def test_add_sets_starts_a_workout_joins_its_entry_and_a_finished_one_is_not_joined(stack):
    started = await stack.workout_log.AddSets(add_request("a1", entry(BENCH_ID, 2)))
    assert started.started and not started.unconfirmed
    assert (started.workout.title, started.workout.status) == ("Workout", "in_progress")

    joined = await stack.workout_log.AddSets(add_request("a2", entry(BENCH_ID, 2)))
    assert not joined.started and joined.entry_id == started.entry_id
    assert set_numbers(joined.workout) == [[1, 2, 3, 4]]
    squat = await stack.workout_log.AddSets(add_request("a3", entry(SQUAT_ID, 1)))
    assert set_numbers(squat.workout) == [[1, 2, 3, 4], [1]]
    by_entry = await stack.workout_log.AddSets(
        add_request("a4", wl.EntryInput(sets=[lifting_set(3, 120)]), entry_id=squat.entry_id)
    )
    assert set_numbers(by_entry.workout) == [[1, 2, 3, 4], [1, 2]]

    end = datetime(2026, 9, 20, 16, 0, tzinfo=UTC)
    finished = await stack.workout_log.UpdateLogRecord(
        update_request("f1", workout_id=started.workout.session_id, end_time=end)
    )
    assert finished.workout.status == "completed"
    assert finished.workout.experience_points == 60

    after = await stack.workout_log.AddSets(add_request("a5", entry(BENCH_ID, 1)))
    assert after.started and after.workout.session_id != started.workout.session_id
    # Sets can still be added to the finished workout by naming it; its points follow.
    later = await stack.workout_log.AddSets(
        add_request("a6", entry(SQUAT_ID, 1), workout_id=started.workout.session_id)
    )
    assert later.workout.status == "completed"
    assert set_numbers(later.workout) == [[1, 2, 3, 4], [1, 2, 3]]
    assert later.workout.experience_points == 70
    kinds = await feed_kinds(stack)
    assert kinds[:3] == ["session.started", "performance.logged", "performance.logged"]
    assert "session.completed" in kinds


async def test_unknown_words_are_unconfirmed_until_confirmed_and_then_remembered(stack):
    words = wl.EntryInput(words="Zercher-Squat  ", sets=[lifting_set(5, 80)])
    answer = await log_workout(stack, entries=[entry(SQUAT_ID, 1), words])
    unconfirmed = answer.workout.performances[1]
    assert list(answer.unconfirmed_entry_ids) == [unconfirmed.performance_id]
    assert (unconfirmed.exercise_id, unconfirmed.exercise_name) == ("words:zercher squat", "zercher squat")
    assert unconfirmed.catalog_exercise_id == ""

    # Confirmed as the squat the workout already has: its sets join that entry.
    merged = await stack.workout_log.UpdateLogRecord(
        update_request("c1", entry_id=unconfirmed.performance_id, exercise_id=SQUAT_ID)
    )
    assert [p.exercise_id for p in merged.workout.performances] == [SQUAT_ID]
    assert set_numbers(merged.workout) == [[1, 2]]
    profile = await stack.workout_log.GetLogProfile(wl.GetLogProfileRequest(account_id=ACCOUNT))
    assert dict(profile.profile.remembered_exercises) == {"zercher squat": SQUAT_ID}

    again = await log_workout(
        stack, key="log-2", entries=[wl.EntryInput(words="zercher squat", sets=[lifting_set()])]
    )
    assert list(again.unconfirmed_entry_ids) == []
    assert again.workout.performances[0].exercise_id == SQUAT_ID
    assert (await feed_kinds(stack))[-4:] == [
        "performance.deleted",
        "performance.logged",
        "session.logged",
        "performance.logged",
    ]


async def test_a_confirmed_custom_exercise_is_not_mapped_to_the_catalog(stack):
    answer = await log_workout(stack, entries=[wl.EntryInput(words="sled pull", sets=[lifting_set()])])
    entry_id = answer.workout.performances[0].performance_id
    custom = "custom-2f1c0c3e-7d7a-4a57-b1c4-4e3a1c0b9d11"
    updated = await stack.workout_log.UpdateLogRecord(
        update_request("c1", entry_id=entry_id, exercise_id=custom, exercise_name="Sled pull")
    )
    confirmed = updated.workout.performances[0]
    assert (confirmed.exercise_id, confirmed.exercise_name, confirmed.catalog_exercise_id) == (
        custom,
        "Sled pull",
        "",
    )


async def test_workout_edits_move_the_day_keep_the_time_and_name_bad_fields(stack):
    answer = await log_workout(
        stack,
        start_time=datetime(2026, 9, 15, 16, 30, tzinfo=UTC),
        end_time=datetime(2026, 9, 15, 17, 30, tzinfo=UTC),
    )
    workout_id = answer.workout.session_id
    moved = await stack.workout_log.UpdateLogRecord(
        update_request(
            "m1", workout_id=workout_id, day="2026-09-17", time_zone=ZONE, title="Moved", notes="n"
        )
    )
    assert moved.workout.start_time.ToDatetime(tzinfo=UTC) == datetime(2026, 9, 17, 16, 30, tzinfo=UTC)
    assert moved.workout.end_time.ToDatetime(tzinfo=UTC) == datetime(2026, 9, 17, 17, 30, tzinfo=UTC)
    assert (moved.workout.title, moved.workout.notes) == ("Moved", "n")
    assert (await feed_kinds(stack))[-1] == "session.updated"

    set_id = f"{answer.workout.performances[0].performance_id}:1"
    reps = await stack.workout_log.UpdateLogRecord(
        update_request("s1", set_id=set_id, set=wl.SetChange(reps=8, rpe=9, warmup=True))
    )
    first = reps.workout.performances[0].sets[0]
    assert (first.reps_number, first.rpe, first.set_type) == (8, 9, "W")

    wrong = await failure(stack.workout_log.UpdateLogRecord(update_request("s2", set_id=set_id, title="x")))
    assert (wrong.code, fields(wrong)) == (grpc.StatusCode.INVALID_ARGUMENT, ["title"])
    empty = await failure(stack.workout_log.UpdateLogRecord(update_request("s3", workout_id=workout_id)))
    assert fields(empty) == ["workout_id"]
    rpe = await failure(
        stack.workout_log.UpdateLogRecord(update_request("s4", set_id=set_id, set=wl.SetChange(rpe=11)))
    )
    assert fields(rpe) == ["set.rpe"]
    early = await failure(
        stack.workout_log.UpdateLogRecord(
            update_request("s5", workout_id=workout_id, end_time=datetime(2026, 9, 1, tzinfo=UTC))
        )
    )
    assert fields(early) == ["end_time"]
    no_target = await failure(stack.workout_log.UpdateLogRecord(update_request("s6", title="x")))
    assert fields(no_target) == ["target"]


async def test_missing_records_are_not_found_with_their_reason(stack):
    answer = await log_workout(stack)
    entry_id = answer.workout.performances[0].performance_id
    cases = {
        "WORKOUT_NOT_FOUND": update_request("n1", workout_id="a" * 24, title="x"),
        "ENTRY_NOT_FOUND": update_request("n2", entry_id="b" * 24, notes="x"),
        "SET_NOT_FOUND": update_request("n3", set_id=f"{entry_id}:9", set=wl.SetChange(reps=1)),
    }
    for reason, request in cases.items():
        error = await failure(stack.workout_log.UpdateLogRecord(request))
        assert (error.code, error.reason) == (grpc.StatusCode.NOT_FOUND, reason)
    add = await failure(stack.workout_log.AddSets(add_request("n4", entry(), workout_id="c" * 24)))
    assert add.reason == "WORKOUT_NOT_FOUND"


async def test_bad_input_is_refused_naming_each_field_and_stores_nothing(stack):
    too_many_sets = wl.EntryInput(exercise_id=BENCH_ID, sets=[lifting_set()] * 101)
    bad = log_request(
        "bad",
        entries=[too_many_sets, wl.EntryInput(sets=[lifting_set(rpe=0.5)])],
        day="2026-09-30",
        time_zone="Mars/Olympus",
        title="Line\x07break",
    )
    error = await failure(stack.workout_log.LogWorkout(bad))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert set(fields(error)) == {
        "day",
        "time_zone",
        "title",
        "entries[0].sets",
        "entries[1].exercise_id",
        "entries[1].sets[0].rpe",
    }
    future = await failure(stack.workout_log.LogWorkout(log_request("f", day="2026-09-30")))
    assert fields(future) == ["day"]
    entries = await failure(stack.workout_log.LogWorkout(log_request("e", entries=[entry()] * 51)))
    assert fields(entries) == ["entries"]
    mismatch = wl.LoggedSetInput(reps=5, load_kg=100, load_value=100, load_unit="lb")
    load = await failure(
        stack.workout_log.LogWorkout(
            log_request("l", entries=[wl.EntryInput(exercise_id=BENCH_ID, sets=[mismatch])])
        )
    )
    assert fields(load) == ["entries[0].sets[0].load_value"]
    nul = await failure(stack.workout_log.LogWorkout(log_request("n", notes="a\x00b")))
    assert fields(nul) == ["notes"]
    assert await feed_kinds(stack) == []
