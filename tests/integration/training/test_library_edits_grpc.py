"""Training library writes over a real gRPC server, on SQLite and PostgreSQL (seed 000 rules)."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    ZONE,
    edit_request,
    failure,
    fresh_details,
    strength_a,
)


async def epoch_of(stub, account_id: str = ACCOUNT) -> str:
    response = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id))
    return response.library.epoch


async def create_strength_a(stub, key: str = "muse-first-workout-123") -> training_pb2.EditTrainingResponse:
    return await stub.EditTraining(edit_request(await epoch_of(stub), key, strength_a()))


async def calendar(stub, start: str, end: str) -> list[training_pb2.Occurrence]:
    response = await stub.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=ACCOUNT, time_zone=ZONE, from_day=start, to_day=end, week_starts_on=1
        )
    )
    return list(response.occurrences)


async def test_a_new_account_has_an_empty_library_with_a_stable_epoch(stub):
    first = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    again = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    other = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=OTHER_ACCOUNT))
    assert first.library.epoch == again.library.epoch != other.library.epoch
    assert first.library.source_sequence == 0


async def test_the_minimal_create_example_stores_a_versioned_workout(stub):
    created = await create_strength_a(stub)
    assert created.library.source_sequence == 1
    (workout,) = created.workouts
    assert workout.name == "Strength A" and workout.kind == "fullBody"
    assert workout.version == "1.muse"
    assert list(workout.schedule.weekdays) == [2, 4, 6]
    (movement,) = workout.exercises
    assert movement.exercise_id == "barbell-back-squat" and movement.exercise_name
    assert movement.target_sets == 3 and movement.target_reps == 8 and movement.rest_seconds == 90
    assert len(movement.id) == 36  # a workoutExerciseID was assigned
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    assert [w.id for w in listed.workouts] == [workout.id]
    assert listed.library.source_sequence == 1


async def test_the_same_key_and_body_returns_the_first_result_and_writes_nothing(stub):
    first = await create_strength_a(stub)
    again = await create_strength_a(stub)
    assert again.replayed and not first.replayed
    assert [w.id for w in again.workouts] == [w.id for w in first.workouts]
    assert again.library.source_sequence == first.library.source_sequence
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    assert listed.total_size == 1


async def test_the_same_key_with_another_body_is_a_conflict(stub):
    await create_strength_a(stub)
    epoch = await epoch_of(stub)
    other = strength_a(name="Strength B")
    error = await failure(stub.EditTraining(edit_request(epoch, "muse-first-workout-123", other)))
    assert error.code is grpc.StatusCode.ABORTED and error.reason == "IDEMPOTENCY_KEY_REUSED"


async def test_a_changed_epoch_is_refused_with_the_current_one(stub):
    error = await failure(
        stub.EditTraining(edit_request("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "muse-key-0001", strength_a()))
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "EPOCH_CHANGED"
    assert error.metadata["epoch"] == await epoch_of(stub)


async def test_bad_input_names_the_field_and_stores_nothing(stub):
    epoch = await epoch_of(stub)
    bad = strength_a()
    del bad["workout"]["exercises"][0]["targetReps"]
    error = await failure(stub.EditTraining(edit_request(epoch, "muse-key-0002", bad)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert any("targetReps" in v.field for v in error.violations)
    state = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    assert state.library.source_sequence == 0


@pytest.mark.parametrize("key", ["short", "x" * 81, "has space!"])
async def test_idempotency_keys_are_8_to_80_safe_characters(stub, key):
    error = await failure(stub.EditTraining(edit_request(await epoch_of(stub), key, strength_a())))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.violations[0].field == "idempotencyKey"


async def test_moving_one_occurrence_keeps_its_identity(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    epoch = created.library.epoch
    moved = await stub.EditTraining(
        edit_request(
            epoch,
            "muse-request-123",
            {
                "action": "moveOccurrence",
                "workoutID": workout.id,
                "originalScheduledDay": "2026-09-25",
                "destinationDay": "2026-09-27",
            },
            {f"workout:{workout.id}": workout.version},
        )
    )
    assert moved.occurrence.day == "2026-09-27"
    assert moved.occurrence.original_scheduled_day == "2026-09-25"
    assert moved.workouts[0].version == "2.muse"
    days = {
        (o.original_scheduled_day, o.day, o.status) for o in await calendar(stub, "2026-09-21", "2026-09-28")
    }
    assert ("2026-09-25", "2026-09-27", "moved") in days
    assert not any(day == "2026-09-25" for _, day, _ in days)


async def test_a_move_to_the_day_the_occurrence_is_on_is_refused_and_changes_nothing(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    versions = {f"workout:{workout.id}": workout.version}
    stay = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-25",
        "destinationDay": "2026-09-25",
    }
    error = await failure(
        stub.EditTraining(edit_request(created.library.epoch, "muse-stay-0001", stay, versions))
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.violations[0].field == "input.destinationDay" and "already on 2026-09-25" in str(error)

    moved = await stub.EditTraining(
        edit_request(
            created.library.epoch, "muse-move-0005", dict(stay, destinationDay="2026-09-27"), versions
        )
    )
    # Moving it back to its original day is a move; moving it again to where it is now is not.
    again = {f"workout:{workout.id}": moved.workouts[0].version}
    twice = dict(stay, destinationDay="2026-09-27")
    error = await failure(
        stub.EditTraining(edit_request(created.library.epoch, "muse-move-0006", twice, again))
    )
    assert error.violations[0].field == "input.destinationDay"
    back = await stub.EditTraining(edit_request(created.library.epoch, "muse-move-0007", stay, again))
    assert back.occurrence.day == "2026-09-25"


async def test_a_stale_version_is_refused_with_fresh_details(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    move = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-23",
        "destinationDay": "2026-09-24",
    }
    await stub.EditTraining(
        edit_request(created.library.epoch, "muse-move-0001", move, {f"workout:{workout.id}": "1.muse"})
    )
    again = dict(move, originalScheduledDay="2026-09-25", destinationDay="2026-09-26")
    error = await failure(
        stub.EditTraining(
            edit_request(created.library.epoch, "muse-move-0002", again, {f"workout:{workout.id}": "1.muse"})
        )
    )
    assert error.code is grpc.StatusCode.ABORTED and error.reason == "STALE_VERSION"
    fresh = fresh_details(error)
    assert fresh["versions"] == {f"workout:{workout.id}": "2.muse"}
    assert fresh["workouts"][0]["id"] == workout.id


async def test_a_missing_expected_version_says_which_one(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    move = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-23",
        "destinationDay": "2026-09-24",
    }
    error = await failure(stub.EditTraining(edit_request(created.library.epoch, "muse-move-0003", move)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.violations[0].field == f"expectedVersions[workout:{workout.id}]"


async def test_two_writers_with_the_same_version_exactly_one_wins(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    expected = {f"workout:{workout.id}": workout.version}

    def move(key: str, destination: str):
        body = {
            "action": "moveOccurrence",
            "workoutID": workout.id,
            "originalScheduledDay": "2026-09-23",
            "destinationDay": destination,
        }
        return stub.EditTraining(edit_request(created.library.epoch, key, body, expected))

    results = await asyncio.gather(
        move("writer-a-0001", "2026-09-24"), move("writer-b-0001", "2026-09-26"), return_exceptions=True
    )
    wins = [r for r in results if isinstance(r, training_pb2.EditTrainingResponse)]
    losses = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    assert len(wins) == 1 and len(losses) == 1
    assert losses[0].code() is grpc.StatusCode.ABORTED


async def test_active_or_completed_occurrences_cannot_move(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    await stub.SetOccurrenceStatus(
        training_pb2.SetOccurrenceStatusRequest(
            account_id=ACCOUNT, workout_id=workout.id, original_scheduled_day="2026-09-21", status="active"
        )
    )
    move = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-21",
        "destinationDay": "2026-09-22",
    }
    error = await failure(
        stub.EditTraining(
            edit_request(
                created.library.epoch, "muse-move-0004", move, {f"workout:{workout.id}": workout.version}
            )
        )
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "OCCURRENCE_LOCKED"


async def test_moving_a_day_that_is_not_scheduled_is_refused(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    move = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-22",  # a Tuesday: not in [2, 4, 6]
        "destinationDay": "2026-09-23",
    }
    error = await failure(
        stub.EditTraining(
            edit_request(
                created.library.epoch, "muse-move-0005", move, {f"workout:{workout.id}": workout.version}
            )
        )
    )
    assert error.code is grpc.StatusCode.NOT_FOUND and error.reason == "OCCURRENCE_NOT_FOUND"


async def test_change_schedule_applies_from_its_effective_day(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    change = {
        "action": "changeSchedule",
        "workoutID": workout.id,
        "effectiveDay": "2026-09-28",
        "schedule": {"type": "everyNDays", "intervalDays": 3},
    }
    await stub.EditTraining(
        edit_request(
            created.library.epoch, "muse-sched-0001", change, {f"workout:{workout.id}": workout.version}
        )
    )
    days = [o.day for o in await calendar(stub, "2026-09-21", "2026-10-05")]
    assert days == ["2026-09-21", "2026-09-23", "2026-09-25", "2026-09-28", "2026-10-01", "2026-10-04"]


async def test_a_plan_bounds_its_workouts_to_their_phase(stub):
    created = await create_strength_a(stub)
    source = created.workouts[0]
    plan_input = {
        "action": "createPlan",
        "plan": {
            "name": "Base block",
            "phases": [
                {
                    "name": "Base",
                    "startDay": "2026-10-05",
                    "endDayExclusive": "2026-10-12",
                    "existingWorkoutIDs": [source.id],
                }
            ],
        },
    }
    response = await stub.EditTraining(edit_request(created.library.epoch, "muse-plan-0001", plan_input))
    (plan,) = response.plans
    (copy,) = response.workouts
    assert copy.id != source.id and copy.plan_id == plan.id
    assert list(plan.phases[0].workout_ids) == [copy.id]
    days = [o.day for o in await calendar(stub, "2026-10-01", "2026-10-20") if o.workout_id == copy.id]
    assert days == ["2026-10-05", "2026-10-07", "2026-10-09"]


async def test_a_write_of_more_than_50_records_is_refused_and_changes_nothing(stub):
    epoch = await epoch_of(stub)
    workout = strength_a()["workout"]
    plan_input = {
        "action": "createPlan",
        "plan": {
            "name": "Too big",
            "phases": [
                {
                    "name": f"P{i}",
                    "startDay": f"2026-{10 + i // 28:02d}-{1 + i % 28:02d}",
                    "endDayExclusive": f"2026-{10 + i // 28:02d}-{2 + i % 28:02d}",
                    "workouts": [workout] * 3,
                }
                for i in range(17)
            ],
        },
    }
    error = await failure(stub.EditTraining(edit_request(epoch, "muse-plan-0002", plan_input)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    assert listed.total_size == 0


async def test_a_failing_write_changes_nothing(stub):
    created = await create_strength_a(stub)
    plan_input = {
        "action": "createPlan",
        "plan": {
            "name": "Half valid",
            "phases": [
                {
                    "name": "A",
                    "startDay": "2026-10-05",
                    "endDayExclusive": "2026-10-12",
                    "workouts": [strength_a()["workout"]],
                },
                {
                    "name": "B",
                    "startDay": "2026-10-12",
                    "endDayExclusive": "2026-10-19",
                    "existingWorkoutIDs": ["99999999-9999-4999-8999-999999999999"],
                },
            ],
        },
    }
    error = await failure(
        stub.EditTraining(edit_request(created.library.epoch, "muse-plan-0003", plan_input))
    )
    assert error.reason == "WORKOUT_NOT_FOUND"
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    plans = await stub.ListPlans(training_pb2.ListPlansRequest(account_id=ACCOUNT))
    assert listed.total_size == 1 and not plans.plans
    assert listed.library.source_sequence == created.library.source_sequence


async def test_a_name_matching_several_workouts_returns_every_choice(stub):
    epoch = await epoch_of(stub)
    await stub.EditTraining(edit_request(epoch, "muse-name-0001", strength_a(name="Strength A")))
    await stub.EditTraining(edit_request(epoch, "muse-name-0002", strength_a(name="Strength B")))
    await stub.EditTraining(edit_request(epoch, "muse-name-0003", strength_a(name="Mobility")))
    found = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT, name="strength"))
    assert sorted(w.name for w in found.workouts) == ["Strength A", "Strength B"]


async def test_calendar_and_history_windows_are_capped(stub):
    error = await failure(
        stub.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=ACCOUNT, time_zone=ZONE, from_day="2026-01-01", to_day="2026-04-05"
            )
        )
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    error = await failure(
        stub.ListHistory(
            training_pb2.ListHistoryRequest(
                account_id=ACCOUNT, time_zone=ZONE, from_day="2025-01-01", to_day="2026-01-03"
            )
        )
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT


async def test_a_completed_occurrence_shows_in_history_on_its_local_day(stub):
    created = await create_strength_a(stub)
    workout = created.workouts[0]
    done = training_pb2.SetOccurrenceStatusRequest(
        account_id=ACCOUNT, workout_id=workout.id, original_scheduled_day="2026-09-21", status="completed"
    )
    done.complete_time.FromJsonString("2026-09-22T02:30:00Z")  # 22:30 on the 21st in New York
    await stub.SetOccurrenceStatus(done)
    history = await stub.ListHistory(
        training_pb2.ListHistoryRequest(
            account_id=ACCOUNT, time_zone=ZONE, from_day="2026-09-01", to_day="2026-09-30"
        )
    )
    (entry,) = history.occurrences
    assert entry.day == "2026-09-21" and entry.status == "completed" and entry.workout_name == "Strength A"


async def test_erasing_starts_a_new_epoch_and_refuses_old_writes(stub):
    created = await create_strength_a(stub)
    erased = await stub.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=ACCOUNT))
    assert erased.library.epoch != created.library.epoch and erased.library.source_sequence == 0
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    assert listed.total_size == 0
    error = await failure(
        stub.EditTraining(edit_request(created.library.epoch, "muse-after-erase", strength_a()))
    )
    assert error.reason == "EPOCH_CHANGED"


async def test_accounts_never_see_each_others_records(stub):
    created = await create_strength_a(stub)
    other = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=OTHER_ACCOUNT))
    assert other.total_size == 0
    error = await failure(
        stub.ListWorkouts(
            training_pb2.ListWorkoutsRequest(account_id=OTHER_ACCOUNT, workout_ids=[created.workouts[0].id])
        )
    )
    assert error.reason == "WORKOUT_NOT_FOUND"
