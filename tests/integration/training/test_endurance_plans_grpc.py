"""EndurancePlanService over a real server on SQLite and PostgreSQL: goals, batches checked whole,
snapshots and restore, idempotency, the active goal, tenant isolation, and plan workouts in the
library's calendar and change feed (docs/decisions/0062-endurance-plans.md)."""

from __future__ import annotations

import grpc
import pytest
from google.protobuf.field_mask_pb2 import FieldMask

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import OTHER_ACCOUNT, ZONE, failure, library_changes
from tests.integration.training.plan_support import (
    PlanClient,
    content,
    day,
    plan_client,
    run,
    strength,
)


@pytest.fixture
async def client(engines, tmp_path, clock):
    async with plan_client(engines("training"), tmp_path, clock) as connected:
        yield connected


async def test_a_created_goal_reads_back_sorted_and_filtered(client: PlanClient):
    created = await client.create(
        run(day(3), name="Tempo", workout_type="tempo"),
        strength(day(1)),
        run(day(1), name="Shakeout", order=1),
        run(day(10), name="Later"),
    )
    goal_id = created.goal.goal_id
    assert created.goal.is_active and created.goal.status == "active"
    assert created.goal.creation_mode == "MANUAL" and created.goal.workout_count == 4
    assert created.snapshot_id == "" and created.active_goal_id == goal_id
    assert len(created.created_workout_ids) == 4

    plan = await client.plan()
    assert plan.goal.goal_id == goal_id and plan.goal.race_type == "MARATHON"
    assert list(plan.goal.rest_days) == [1]
    # By date, then order: the run asked for order 1 goes before the strength session of that day.
    assert [(w.scheduled_date, w.order, w.name) for w in plan.workouts] == [
        (day(1), 1, "Shakeout"),
        (day(1), 2, "Gym"),
        (day(3), 1, "Tempo"),
        (day(10), 1, "Later"),
    ]
    assert plan.workouts[0].endurance.planned_tss > 0  # computed from the thresholds
    assert plan.workouts[0].workout_id == created.created_workout_ids[2]

    window = await client.plan(goal_id, from_day=day(2), to_day=day(9))
    assert [w.name for w in window.workouts] == ["Tempo"]
    assert [w.name for w in (await client.plan(sport="strength")).workouts] == ["Gym"]
    summary = await client.plan(summary_only=True)
    assert not summary.workouts and summary.goal.workout_count == 4
    [listed] = await client.goals()
    assert listed.workout_count == 4 and listed.snapshot_count == 0


async def test_without_an_active_goal_reads_say_so(client: PlanClient):
    error = await failure(client.plan())
    assert error.code == grpc.StatusCode.NOT_FOUND and error.reason == "NO_ACTIVE_GOAL"


async def test_a_batch_with_one_bad_item_stores_nothing_and_names_it(client: PlanClient):
    created = await client.create(run(day(1)))
    before = await client.plan()
    feed = await library_changes(client.training, account_id=client.account_id)
    drafts = [run(day(1 + i % 150), name=f"Run {i}") for i in range(200)]
    drafts[136].endurance.steps[0].duration_seconds = 0
    drafts[150].name = ""
    error = await failure(client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=drafts)))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    fields = [v.field for v in error.violations]
    assert fields == ["workouts[136].endurance.steps[0].durationSeconds", "workouts[150].name"]
    assert "workouts[136].endurance.steps[0].durationSeconds" in error.message
    assert await client.plan() == before
    assert await client.snapshots(created.goal.goal_id) == []
    assert await library_changes(client.training, account_id=client.account_id) == feed

    imported = await client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=drafts[:136]))
    assert len(imported.created_workout_ids) == 136 and imported.snapshot_id
    assert (await client.plan(summary_only=True)).goal.workout_count == 137


async def test_unknown_workouts_are_not_found_all_named(client: PlanClient):
    await client.create(run(day(1)))
    missing = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"]
    moves = [plans_pb2.WorkoutMove(workout_id=i, scheduled_date=day(2)) for i in missing]
    error = await failure(client.mutate(reschedule_workouts=plans_pb2.RescheduleWorkouts(moves=moves)))
    assert error.code == grpc.StatusCode.NOT_FOUND and error.reason == "WORKOUT_NOT_FOUND"
    assert all(i in error.message for i in missing)


async def test_restore_returns_the_goal_to_the_snapshot_and_the_backup_undoes_it(client: PlanClient, clock):
    created = await client.create(run(day(1), name="A"), run(day(2), name="B"), run(day(3), name="C"))
    goal_id = created.goal.goal_id
    a, b, c = created.created_workout_ids
    original = await client.plan()

    clock.advance(minutes=1)
    change = plans_pb2.WorkoutChange(
        workout_id=a,
        workout=plans_pb2.WorkoutDraft(name="A2", scheduled_date=day(5)),
        update_mask=FieldMask(paths=["name", "scheduled_date"]),
    )
    first = await client.mutate(modify_workouts=plans_pb2.ModifyWorkouts(changes=[change]))
    await client.mutate(delete_workouts=plans_pb2.DeleteWorkouts(workout_ids=[b]))
    await client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=[run(day(4), name="D")]))
    await client.mutate(
        mark_workouts=plans_pb2.MarkWorkouts(
            statuses=[plans_pb2.WorkoutStatus(workout_id=c, completed=True, linked_activity_id="act-1")]
        )
    )
    renamed = plans_pb2.Goal(name="Spring marathon", rest_days=[1, 5])
    await client.mutate(
        update_goal=plans_pb2.UpdateGoal(
            goal_id=goal_id, goal=renamed, update_mask=FieldMask(paths=["name", "rest_days"])
        )
    )
    await client.mutate(
        save_coaching_summary=plans_pb2.SaveCoachingSummary(week_start=day(0), text="Good week")
    )
    changed = await client.plan()
    assert content(changed) != content(original)

    restored = await client.mutate(restore_snapshot=plans_pb2.RestoreSnapshot(snapshot_id=first.snapshot_id))
    assert restored.pre_restore_snapshot_id and restored.snapshot_id == restored.pre_restore_snapshot_id
    after = await client.plan()
    assert content(after) == content(original)
    # Versions move forward: a restore is a new write.
    old_versions = {w.workout_id: w.version for w in original.workouts}
    assert all(
        int(w.version.split(".")[0]) > int(old_versions[w.workout_id].split(".")[0]) for w in after.workouts
    )
    assert int(after.goal.version.split(".")[0]) > int(original.goal.version.split(".")[0])

    await client.mutate(
        restore_snapshot=plans_pb2.RestoreSnapshot(snapshot_id=restored.pre_restore_snapshot_id)
    )
    assert content(await client.plan()) == content(changed)
    operations = [s.operation for s in await client.snapshots()]
    assert operations[:2] == ["pre_restore", "pre_restore"] and operations[-1] == "modify_workouts"


async def test_a_retry_replays_and_a_reused_key_is_a_conflict(client: PlanClient):
    await client.create(run(day(1)))
    request = client.request("import-0001", import_workouts=plans_pb2.ImportWorkouts(workouts=[run(day(2))]))
    first = await client.plans.MutatePlan(request)
    # A retry replays although the caller's thresholds lookup or zone changed in between.
    retried = plans_pb2.MutatePlanRequest()
    retried.CopyFrom(request)
    retried.thresholds.ftp_watts = 321
    retried.time_zone = "Asia/Tokyo"
    again = await client.plans.MutatePlan(retried)
    assert again.replayed and not first.replayed
    again.replayed = False
    assert again == first
    assert (await client.plan(summary_only=True)).goal.workout_count == 2

    other = client.request("import-0001", import_workouts=plans_pb2.ImportWorkouts(workouts=[run(day(3))]))
    error = await failure(client.plans.MutatePlan(other))
    assert error.code == grpc.StatusCode.ABORTED and error.reason == "IDEMPOTENCY_KEY_REUSED"


async def test_one_goal_is_active_and_deleting_it_activates_the_next(client: PlanClient, clock):
    first = (await client.create(name="First")).goal.goal_id
    clock.advance(minutes=1)
    second = await client.create(name="Second")
    assert not second.goal.is_active and second.active_goal_id == ""
    clock.advance(minutes=1)
    third = (await client.create(name="Third", activate=True)).goal.goal_id
    assert [g.name for g in await client.goals() if g.is_active] == ["Third"]
    assert [g.name for g in await client.goals()] == ["Third", "Second", "First"]

    switched = await client.mutate(set_active_goal=plans_pb2.SetActiveGoal(goal_id=first))
    assert switched.active_goal_id == first and switched.snapshot_id
    assert [g.goal_id for g in await client.goals() if g.is_active] == [first]

    clock.advance(minutes=1)
    archived = await client.mutate(delete_goal=plans_pb2.DeleteGoal(goal_id=first))
    assert archived.goal.status == "archived" and not archived.goal.is_active
    assert archived.active_goal_id == third  # updated after Second
    assert [g.name for g in await client.goals("archived")] == ["First"]
    error = await failure(client.mutate(set_active_goal=plans_pb2.SetActiveGoal(goal_id=first)))
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "GOAL_ARCHIVED"

    gone = await client.mutate(delete_goal=plans_pb2.DeleteGoal(goal_id=third, permanent=True))
    assert not gone.HasField("goal") and gone.active_goal_id == second.goal.goal_id
    assert {g.name for g in await client.goals()} == {"First", "Second"}
    error = await failure(client.plan(third))
    assert error.reason == "GOAL_NOT_FOUND"


async def test_another_account_can_neither_read_nor_change_a_goal(client: PlanClient):
    created = await client.create(run(day(1)))
    goal_id, workout_id = created.goal.goal_id, created.created_workout_ids[0]
    other = client.as_account(OTHER_ACCOUNT)
    assert (await failure(other.plan(goal_id))).reason == "GOAL_NOT_FOUND"
    assert await other.goals() == []
    assert (await failure(other.snapshots(goal_id))).reason == "GOAL_NOT_FOUND"
    mark = plans_pb2.MarkWorkouts(statuses=[plans_pb2.WorkoutStatus(workout_id=workout_id, completed=True)])
    error = await failure(other.mutate(mark_workouts=mark))
    assert error.code == grpc.StatusCode.NOT_FOUND and workout_id in error.message
    for mutation in (
        {"delete_goal": plans_pb2.DeleteGoal(goal_id=goal_id, permanent=True)},
        {"import_workouts": plans_pb2.ImportWorkouts(goal_id=goal_id, workouts=[run(day(2))])},
        {"delete_workouts": plans_pb2.DeleteWorkouts(workout_ids=[workout_id])},
    ):
        assert (await failure(other.mutate(**mutation))).code == grpc.StatusCode.NOT_FOUND
    assert content(await client.plan()).workouts[0].workout_id == workout_id
    assert not (await client.plan()).workouts[0].completed


async def test_a_plan_workout_is_on_the_calendar_and_the_change_feed(client: PlanClient):
    created = await client.create(run(day(2), name="Long run", workout_type="long", minutes=90))
    workout_id = created.created_workout_ids[0]
    window = training_pb2.ListOccurrencesRequest(
        account_id=client.account_id, time_zone=ZONE, from_day=day(0), to_day=day(7)
    )
    [occurrence] = (await client.training.ListOccurrences(window)).occurrences
    assert (occurrence.workout_id, occurrence.day, occurrence.status) == (workout_id, day(2), "scheduled")
    assert occurrence.plan_id == created.goal.goal_id and occurrence.endurance.sport == "run"
    changes = await library_changes(client.training, account_id=client.account_id)
    assert [(c.kind, c.record_id) for c in changes] == [
        ("plan.created", created.goal.goal_id),
        ("workout.created", workout_id),
    ]
    assert changes[1].workout.endurance.planned_duration_seconds == 5400

    mark = plans_pb2.MarkWorkouts(
        statuses=[plans_pb2.WorkoutStatus(workout_id=workout_id, completed=True, linked_activity_id="run-1")]
    )
    marked = await client.mutate(mark_workouts=mark)
    assert marked.workouts[0].completed and marked.workouts[0].linked_activity_id == "run-1"
    [occurrence] = (await client.training.ListOccurrences(window)).occurrences
    assert occurrence.status == "completed"
    moved = await client.mutate(
        reschedule_workouts=plans_pb2.RescheduleWorkouts(
            moves=[plans_pb2.WorkoutMove(workout_id=workout_id, scheduled_date=day(4))]
        )
    )
    assert moved.workouts[0].scheduled_date == day(4)
    deleted = await client.mutate(delete_workouts=plans_pb2.DeleteWorkouts(workout_ids=[workout_id]))
    assert list(deleted.deleted_workout_ids) == [workout_id]
    kinds = [
        c.kind for c in await library_changes(client.training, len(changes), account_id=client.account_id)
    ]
    assert kinds[:2] == ["workout.updated", "occurrence.changed"] and "workout.deleted" in kinds


async def test_orders_swaps_and_shifts(client: PlanClient):
    created = await client.create(run(day(1), name="A"), run(day(1), name="B"), run(day(2), name="C"))
    a, b, c = created.created_workout_ids
    swap = await client.mutate(swap_workouts=plans_pb2.SwapWorkouts(first_workout_id=a, second_workout_id=c))
    by_id = {w.workout_id: (w.scheduled_date, w.order) for w in swap.workouts}
    assert by_id[a] == (day(2), 1) and by_id[c] == (day(1), 1)
    assert [(w.name, w.scheduled_date, w.order) for w in (await client.plan()).workouts] == [
        ("C", day(1), 1),
        ("B", day(1), 2),
        ("A", day(2), 1),
    ]
    shifted = await client.mutate(shift_plan_dates=plans_pb2.ShiftPlanDates(delta_days=7, from_day=day(2)))
    assert [w.workout_id for w in shifted.workouts] == [a]
    assert [(w.name, w.scheduled_date) for w in (await client.plan()).workouts][-1] == ("A", day(9))
    error = await failure(client.mutate(shift_plan_dates=plans_pb2.ShiftPlanDates(delta_days=0)))
    assert [v.field for v in error.violations] == ["deltaDays"]
    assert b


async def test_a_24_week_plan_round_trips(client: PlanClient):
    drafts = [run(day(d), name=f"Run {d}", minutes=30 + d % 60) for d in range(168) if d % 7 not in (0, 5)]
    drafts += [strength(day(d)) for d in range(0, 168, 7)]  # 24 weeks: 120 runs, 24 + 6 gym days
    drafts += [strength(day(d + 3), "Core") for d in range(0, 42, 7)]
    assert len(drafts) == 150
    created = await client.create(*drafts, activate=True)
    assert len(created.created_workout_ids) == 150 and len(created.plan_loads) == 150
    plan = await client.plan()
    assert len(plan.workouts) == 150 and plan.goal.workout_count == 150
    keys = [(w.scheduled_date, w.order) for w in plan.workouts]
    assert keys == sorted(keys)
    assert {w.workout_id for w in plan.workouts} == set(created.created_workout_ids)


async def test_erasing_the_library_erases_its_goals(client: PlanClient):
    await client.create(run(day(1)))
    await client.mutate(delete_workouts=plans_pb2.DeleteWorkouts(filter=plans_pb2.ReplaceFilter()))
    await client.create(run(day(2)), name="Second")
    await client.training.EraseLibrary(training_pb2.EraseLibraryRequest(account_id=client.account_id))
    assert await client.goals() == []
    assert (await failure(client.plan())).reason == "NO_ACTIVE_GOAL"
    window = training_pb2.ListOccurrencesRequest(
        account_id=client.account_id, time_zone=ZONE, from_day=day(0), to_day=day(7)
    )
    assert not (await client.training.ListOccurrences(window)).occurrences


async def test_planned_tss_is_computed_unless_locked_and_recalibrated_from_today(client: PlanClient, clock):
    created = await client.create(run(day(-2), name="Past"), run(day(1), name="Next"))
    past, upcoming = created.created_workout_ids
    assert [load.workout_id for load in created.plan_loads] == [upcoming]
    computed = created.plan_loads[0].planned_tss
    assert computed > 0

    draft = plans_pb2.WorkoutDraft(endurance=training_pb2.EnduranceTarget(planned_tss=99))
    locked = await client.mutate(
        modify_workouts=plans_pb2.ModifyWorkouts(
            changes=[
                plans_pb2.WorkoutChange(
                    workout_id=upcoming, workout=draft, update_mask=FieldMask(paths=["planned_tss"])
                )
            ]
        )
    )
    assert locked.workouts[0].endurance.planned_tss == 99 and locked.workouts[0].endurance.planned_tss_locked

    kept = await client.mutate(recalibrate=plans_pb2.Recalibrate(preserve_locked_tss=True))
    assert kept.plan_loads[0].planned_tss == 99
    redone = await client.mutate(recalibrate=plans_pb2.Recalibrate(preserve_locked_tss=False))
    assert redone.plan_loads[0].planned_tss == computed
    assert [w.workout_id for w in redone.workouts] == [upcoming]  # the past one is left alone
    assert past

    imported = await client.mutate(
        import_workouts=plans_pb2.ImportWorkouts(
            workouts=[run(day(3), name="Given")],
            replace_filter=plans_pb2.ReplaceFilter(from_day=day(1), to_day=day(5), sports=["run"]),
            lock_planned_tss=True,
        )
    )
    assert list(imported.deleted_workout_ids) == [upcoming]
    assert [w.name for w in (await client.plan()).workouts] == ["Past", "Given"]


async def test_a_zone_named_pace_needs_the_vdot(client: PlanClient):
    await client.create()
    draft = run(day(1))
    draft.endurance.steps[0].target.CopyFrom(training_pb2.StepTarget(kind="pace", pace_zone="T"))
    request = client.request(import_workouts=plans_pb2.ImportWorkouts(workouts=[draft]))
    request.thresholds.ClearField("vdot")
    error = await failure(client.plans.MutatePlan(request))
    assert [v.field for v in error.violations] == ["workouts[0].endurance"]
    resolved = await client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=[draft]))
    target = resolved.workouts[0].endurance.steps[0].target
    assert target.pace_zone == "T" and 0 < target.pace_low_seconds_per_km < target.pace_high_seconds_per_km


async def test_goal_updates_and_coaching_summaries(client: PlanClient):
    created = await client.create()
    goal_id = created.goal.goal_id
    bad = plans_pb2.UpdateGoal(
        goal_id=goal_id, goal=plans_pb2.Goal(), update_mask=FieldMask(paths=["is_active"])
    )
    assert [v.field for v in (await failure(client.mutate(update_goal=bad))).violations] == ["updateMask[0]"]
    late_start = plans_pb2.UpdateGoal(
        goal_id=goal_id,
        goal=plans_pb2.Goal(plan_start_date=day(400)),
        update_mask=FieldMask(paths=["plan_start_date"]),
    )
    assert [v.field for v in (await failure(client.mutate(update_goal=late_start))).violations] == [
        "goal.raceDate"
    ]
    focus = plans_pb2.UpdateGoal(
        goal_id=goal_id,
        goal=plans_pb2.Goal(training_focus="Aerobic base", name="x"),
        update_mask=FieldMask(paths=["training_focus"]),
    )
    updated = await client.mutate(update_goal=focus)
    assert updated.goal.training_focus == "Aerobic base" and updated.goal.name == "Autumn marathon"

    saved = await client.mutate(
        save_coaching_summary=plans_pb2.SaveCoachingSummary(week_start=day(0), text="Solid")
    )
    assert [(s.week_start, s.text) for s in saved.goal.coaching_summaries] == [(day(0), "Solid")]
    too_long = plans_pb2.SaveCoachingSummary(week_start=day(7), text="x" * 1001)
    assert [v.field for v in (await failure(client.mutate(save_coaching_summary=too_long))).violations] == [
        "text"
    ]
    cleared = await client.mutate(save_coaching_summary=plans_pb2.SaveCoachingSummary(week_start=day(0)))
    assert not cleared.goal.coaching_summaries


async def deleted_through_the_library(client: PlanClient, kind: str, target_id: str, **extra: bool) -> None:
    """Deletes as Metric does: TrainingService's preview, then its commit."""
    preview = await client.training.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(
            account_id=client.account_id, kind=kind, id=target_id, time_zone=ZONE, **extra
        )
    )
    await client.training.CommitDeletion(
        training_pb2.CommitDeletionRequest(
            account_id=client.account_id,
            preview_token=preview.preview_token,
            confirmed=True,
            idempotency_key=f"delete-{target_id}",
            device_id="metric",
        )
    )


async def test_a_plan_workout_or_goal_deleted_through_the_library_leaves_no_plan_rows(client: PlanClient):
    created = await client.create(run(day(1), name="Kept"), run(day(2), name="Deleted by Metric"))
    goal_id = created.goal.goal_id
    await deleted_through_the_library(client, "workout", created.created_workout_ids[1])
    plan = await client.plan()
    assert [w.name for w in plan.workouts] == ["Kept"] and plan.goal.workout_count == 1

    await deleted_through_the_library(client, "plan", goal_id, delete_workouts=False)
    assert await client.goals() == []
    error = await failure(client.plan(goal_id))
    assert error.reason == "GOAL_NOT_FOUND"
    # The workout kept from the goal stays in the library, on the calendar.
    window = training_pb2.ListOccurrencesRequest(
        account_id=client.account_id, time_zone=ZONE, from_day=day(0), to_day=day(7)
    )
    [occurrence] = (await client.training.ListOccurrences(window)).occurrences
    assert occurrence.workout_id == created.created_workout_ids[0]
