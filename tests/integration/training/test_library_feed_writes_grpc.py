"""The library change feed over a real gRPC server, on SQLite and PostgreSQL: what each write appends.

Every write that changes the library appends its changes in the same transaction; replays and
refused writes append nothing (docs/decisions/0023-training-change-feed.md).
"""

from __future__ import annotations

from datetime import UTC, datetime

import grpc

from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    ZONE,
    autumn_block,
    edit_request,
    failure,
    library_changes,
    strength_a,
)


async def epoch_of(stub) -> str:
    return (await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))).library.epoch


async def edit(stub, key: str, body: dict, expected: dict[str, str] | None = None):
    return await stub.EditTraining(edit_request(await epoch_of(stub), key, body, expected))


def versions_of(response: training_pb2.EditTrainingResponse) -> dict[str, str]:
    return {f"workout:{w.id}": w.version for w in response.workouts} | {
        f"plan:{p.id}": p.version for p in response.plans
    }


def kinds(changes: list[training_pb2.LibraryChange]) -> list[tuple[int, str, str]]:
    return [(c.sequence, c.kind, c.record_id) for c in changes]


async def latest(stub, account_id: str = ACCOUNT) -> int:
    page = await stub.ListLibraryChanges(training_pb2.ListLibraryChangesRequest(account_id=account_id))
    return page.latest_sequence


def set_status(workout_id: str, day: str, status: str) -> training_pb2.SetOccurrenceStatusRequest:
    return training_pb2.SetOccurrenceStatusRequest(
        account_id=ACCOUNT, workout_id=workout_id, original_scheduled_day=day, status=status, device_id="muse"
    )


async def test_creating_a_workout_appends_it_as_stored(stub, clock):
    created = await edit(stub, "muse-create-0001", strength_a())
    (change,) = await library_changes(stub)
    assert (change.sequence, change.kind, change.record_id) == (1, "workout.created", created.workouts[0].id)
    assert change.WhichOneof("record") == "workout" and change.workout == created.workouts[0]
    assert change.workout.version == "1.muse" and change.workout.exercises[0].exercise_name
    assert change.epoch == created.library.epoch
    assert change.create_time.ToDatetime(tzinfo=UTC) == clock.now
    assert await latest(stub) == 1


async def test_every_edit_action_appends_its_records_in_order(stub):
    first = await edit(stub, "muse-create-0001", strength_a())
    workout = first.workouts[0]
    renamed = await edit(
        stub,
        "muse-update-0001",
        {"action": "updateWorkout", "workoutID": workout.id, "workout": {"name": "Strength A+"}},
        versions_of(first),
    )
    rescheduled = await edit(
        stub,
        "muse-sched-0001",
        {
            "action": "changeSchedule",
            "workoutID": workout.id,
            "effectiveDay": "2026-09-28",
            "schedule": {"type": "everyNDays", "intervalDays": 3},
        },
        versions_of(renamed),
    )
    plan_input = {
        "action": "createPlan",
        "plan": {
            "name": "Autumn block",
            "phases": [
                {
                    "name": "Base",
                    "startDay": "2026-10-05",
                    "endDayExclusive": "2026-11-02",
                    "workouts": [strength_a(name="Conditioning")["workout"]],
                    "existingWorkoutIDs": [workout.id],
                }
            ],
        },
    }
    planned = await edit(stub, "muse-plan-0001", plan_input)
    plan = planned.plans[0]
    plan_renamed = await edit(
        stub,
        "muse-plan-0002",
        {"action": "updatePlan", "planID": plan.id, "plan": {"name": "Autumn base"}},
        versions_of(planned),
    )

    changes = await library_changes(stub)
    new_conditioning, copy = planned.workouts
    assert kinds(changes) == [
        (1, "workout.created", workout.id),
        (2, "workout.updated", workout.id),
        (3, "workout.updated", workout.id),
        (4, "workout.created", new_conditioning.id),
        (5, "workout.created", copy.id),
        (6, "plan.created", plan.id),
        (7, "plan.updated", plan.id),
    ]
    assert changes[1].workout == renamed.workouts[0] and changes[1].workout.version == "2.muse"
    assert changes[2].workout == rescheduled.workouts[0] and len(changes[2].workout.schedule_segments) == 2
    assert changes[3].workout == new_conditioning and changes[4].workout == copy
    assert changes[5].plan == plan and list(changes[5].plan.phases[0].workout_ids) == [
        new_conditioning.id,
        copy.id,
    ]
    assert changes[6].plan == plan_renamed.plans[0] and changes[6].plan.version == "2.muse"
    assert {c.epoch for c in changes} == {first.library.epoch}


async def test_moving_and_replacing_an_occurrence_append_the_workout_and_the_occurrence(stub):
    created = await edit(stub, "muse-create-0001", strength_a())
    other = await edit(stub, "muse-create-0002", strength_a(name="Mobility"))
    workout = created.workouts[0]
    moved = await edit(
        stub,
        "muse-move-0001",
        {
            "action": "moveOccurrence",
            "workoutID": workout.id,
            "originalScheduledDay": "2026-09-25",
            "destinationDay": "2026-09-27",
        },
        versions_of(created),
    )
    replaced = await edit(
        stub,
        "muse-replace-0001",
        {
            "action": "replaceOccurrence",
            "workoutID": workout.id,
            "originalScheduledDay": "2026-09-23",
            "replacementWorkoutID": other.workouts[0].id,
        },
        versions_of(moved),
    )

    changes = await library_changes(stub, after=2)
    assert kinds(changes) == [
        (3, "workout.updated", workout.id),
        (4, "occurrence.changed", f"{workout.id}/2026-09-25"),
        (5, "workout.updated", workout.id),
        (6, "occurrence.changed", f"{workout.id}/2026-09-23"),
    ]
    assert changes[0].workout == moved.workouts[0] and changes[0].workout.version == "2.muse"
    move = changes[1].occurrence
    assert move == moved.occurrence
    assert (move.workout_id, move.original_scheduled_day, move.day, move.status) == (
        workout.id,
        "2026-09-25",
        "2026-09-27",
        "moved",
    )
    assert move.week_start_day == "" and not move.HasField("complete_time")
    assert changes[2].workout.version == "3.muse"
    replacement = changes[3].occurrence
    assert replacement == replaced.occurrence
    assert replacement.status == "replaced" and replacement.replacement_workout_id == other.workouts[0].id
    assert replacement.workout_name == "Mobility"


async def test_occurrence_statuses_append_occurrence_changes_but_no_workout_change(stub):
    created = await edit(stub, "muse-create-0001", strength_a())
    workout = created.workouts[0]
    active = await stub.SetOccurrenceStatus(set_status(workout.id, "2026-09-21", "active"))
    undone = await stub.SetOccurrenceStatus(set_status(workout.id, "2026-09-21", "scheduled"))
    done = set_status(workout.id, "2026-09-23", "completed")
    done.complete_time.FromDatetime(datetime(2026, 9, 23, 22, 30, tzinfo=UTC))
    completed = await stub.SetOccurrenceStatus(done)

    changes = await library_changes(stub, after=1)
    assert kinds(changes) == [
        (2, "occurrence.changed", f"{workout.id}/2026-09-21"),
        (3, "occurrence.changed", f"{workout.id}/2026-09-21"),
        (4, "occurrence.changed", f"{workout.id}/2026-09-23"),
    ]
    assert [c.occurrence.status for c in changes] == ["active", "scheduled", "completed"]
    assert changes[0].occurrence == active.occurrence
    assert changes[1].occurrence == undone.occurrence
    assert changes[2].occurrence == completed.occurrence
    assert changes[2].occurrence.complete_time.ToJsonString() == "2026-09-23T22:30:00Z"
    assert changes[2].occurrence.workout_name == "Strength A"


async def make_plan(stub) -> training_pb2.EditTrainingResponse:
    plan_input = autumn_block(strength_a()["workout"], strength_a(name="Strength B")["workout"])
    return await edit(stub, "muse-plan-base-1", plan_input)


async def delete(stub, kind: str, target_id: str, key: str, **extra) -> training_pb2.CommitDeletionResponse:
    preview = await stub.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(
            account_id=ACCOUNT, kind=kind, id=target_id, time_zone=ZONE, **extra
        )
    )
    return await stub.CommitDeletion(
        training_pb2.CommitDeletionRequest(
            account_id=ACCOUNT,
            preview_token=preview.preview_token,
            confirmed=True,
            idempotency_key=key,
            device_id="muse",
        )
    )


async def test_deleting_a_workout_of_a_plan_appends_the_plan_without_it_then_the_deletion(stub):
    made = await make_plan(stub)
    plan, (leaving, staying) = made.plans[0], made.workouts
    await delete(stub, "workout", leaving.id, "muse-delete-0001")

    changes = await library_changes(stub, after=3)
    assert kinds(changes) == [(4, "plan.updated", plan.id), (5, "workout.deleted", leaving.id)]
    assert list(changes[0].plan.phases[0].workout_ids) == [staying.id]
    assert changes[0].plan.version == "2.muse"
    assert changes[1].WhichOneof("record") is None


async def test_deleting_a_plan_appends_its_kept_workouts_detached_then_the_plan(stub):
    made = await make_plan(stub)
    plan, workouts = made.plans[0], made.workouts
    await delete(stub, "plan", plan.id, "muse-delete-0001")

    changes = await library_changes(stub, after=3)
    assert kinds(changes) == [
        (4, "workout.updated", workouts[0].id),
        (5, "workout.updated", workouts[1].id),
        (6, "plan.deleted", plan.id),
    ]
    for change, before in zip(changes[:2], workouts, strict=True):
        assert change.workout.plan_id == "" and change.workout.phase_id == ""
        assert change.workout.version == "2.muse" and change.workout.name == before.name
        assert list(change.workout.schedule.weekdays) == [2, 4, 6]
    listed = await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))
    assert {w.id: w for w in listed.workouts} == {c.workout.id: c.workout for c in changes[:2]}


async def test_deleting_a_plan_with_its_workouts_appends_every_deletion(stub):
    made = await make_plan(stub)
    plan, workouts = made.plans[0], made.workouts
    await delete(stub, "plan", plan.id, "muse-delete-0001", delete_workouts=True)

    changes = await library_changes(stub, after=3)
    assert kinds(changes) == [
        (4, "workout.deleted", workouts[0].id),
        (5, "workout.deleted", workouts[1].id),
        (6, "plan.deleted", plan.id),
    ]
    assert all(c.WhichOneof("record") is None for c in changes)


async def test_replays_and_refused_writes_append_nothing(stub):
    created = await edit(stub, "muse-create-0001", strength_a())
    workout = created.workouts[0]
    assert (await edit(stub, "muse-create-0001", strength_a())).replayed

    move = {
        "action": "moveOccurrence",
        "workoutID": workout.id,
        "originalScheduledDay": "2026-09-23",
        "destinationDay": "2026-09-24",
    }
    stale = await failure(
        stub.EditTraining(
            edit_request(created.library.epoch, "k-stale-01", move, {f"workout:{workout.id}": "7.elsewhere"})
        )
    )
    assert stale.reason == "STALE_VERSION"
    bad = strength_a()
    del bad["workout"]["exercises"][0]["targetReps"]
    invalid = await failure(stub.EditTraining(edit_request(created.library.epoch, "k-invalid-1", bad)))
    assert invalid.code is grpc.StatusCode.INVALID_ARGUMENT
    old_epoch = await failure(
        stub.EditTraining(edit_request("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "k-epoch-01", strength_a()))
    )
    assert old_epoch.reason == "EPOCH_CHANGED"
    missing = await failure(stub.SetOccurrenceStatus(set_status(workout.id, "2026-09-22", "active")))
    assert missing.reason == "OCCURRENCE_NOT_FOUND"
    plan_with_missing_copy = {
        "action": "createPlan",
        "plan": {
            "name": "Half valid",
            "phases": [
                {
                    "name": "A",
                    "startDay": "2026-10-05",
                    "endDayExclusive": "2026-10-12",
                    "workouts": [strength_a()["workout"]],
                    "existingWorkoutIDs": ["99999999-9999-4999-8999-999999999999"],
                }
            ],
        },
    }
    half = await failure(
        stub.EditTraining(edit_request(created.library.epoch, "k-half-0001", plan_with_missing_copy))
    )
    assert half.reason == "WORKOUT_NOT_FOUND"

    assert kinds(await library_changes(stub)) == [(1, "workout.created", workout.id)]
    assert await latest(stub) == 1


async def test_a_replayed_deletion_appends_nothing(stub):
    made = await make_plan(stub)
    preview = await stub.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(
            account_id=ACCOUNT, kind="plan", id=made.plans[0].id, time_zone=ZONE
        )
    )
    commit = training_pb2.CommitDeletionRequest(
        account_id=ACCOUNT,
        preview_token=preview.preview_token,
        confirmed=True,
        idempotency_key="muse-delete-0001",
        device_id="muse",
    )
    await stub.CommitDeletion(commit)
    assert (await stub.CommitDeletion(commit)).replayed
    assert await latest(stub) == 6  # 3 for the plan, 3 for its deletion


async def test_erasing_drops_earlier_changes_and_the_sequence_goes_on(stub):
    created = await edit(stub, "muse-create-0001", strength_a())
    await stub.SetOccurrenceStatus(set_status(created.workouts[0].id, "2026-09-21", "completed"))
    erased = await stub.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=ACCOUNT))
    new_epoch = erased.library.epoch
    assert erased.library.source_sequence == 0

    (change,) = await library_changes(stub)
    assert (change.sequence, change.kind, change.record_id, change.epoch) == (
        3,
        "library.erased",
        new_epoch,
        new_epoch,
    )
    assert change.WhichOneof("record") is None

    again = await stub.EditTraining(edit_request(new_epoch, "muse-create-0001", strength_a()))
    assert not again.replayed  # erasure forgets idempotency keys
    assert kinds(await library_changes(stub)) == [
        (3, "library.erased", new_epoch),
        (4, "workout.created", again.workouts[0].id),
    ]
    assert (await library_changes(stub, after=3))[0].epoch == new_epoch


async def test_each_account_has_its_own_feed(stub):
    await edit(stub, "muse-create-0001", strength_a())
    other_epoch = (
        await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=OTHER_ACCOUNT))
    ).library.epoch
    other = await stub.EditTraining(
        edit_request(other_epoch, "muse-create-0001", strength_a(name="Other"), account_id=OTHER_ACCOUNT)
    )
    await stub.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=ACCOUNT))
    (mine,) = await library_changes(stub)
    assert mine.kind == "library.erased"
    (theirs,) = await library_changes(stub, account_id=OTHER_ACCOUNT)
    assert (theirs.sequence, theirs.kind, theirs.workout.name) == (1, "workout.created", "Other")
    assert theirs.workout == other.workouts[0]
