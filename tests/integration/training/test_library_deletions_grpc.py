"""Two-step deletion over a real gRPC server, on SQLite and PostgreSQL (seed 000 "Delete with
confirmation")."""

from __future__ import annotations

import grpc

from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import (
    ACCOUNT,
    ZONE,
    edit_request,
    failure,
    strength_a,
)


async def make_plan(stub) -> training_pb2.EditTrainingResponse:
    state = await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))
    plan_input = {
        "action": "createPlan",
        "plan": {
            "name": "Autumn block",
            "phases": [
                {
                    "name": "Base",
                    "startDay": "2026-09-21",
                    "endDayExclusive": "2026-10-19",
                    "workouts": [strength_a()["workout"]],
                }
            ],
        },
    }
    return await stub.EditTraining(edit_request(state.library.epoch, "muse-plan-base-1", plan_input))


def preview_request(kind: str, target_id: str, **extra) -> training_pb2.PreviewDeletionRequest:
    return training_pb2.PreviewDeletionRequest(
        account_id=ACCOUNT, kind=kind, id=target_id, time_zone=ZONE, **extra
    )


def commit_request(token: str, key: str = "muse-delete-0001", confirmed: bool = True):
    return training_pb2.CommitDeletionRequest(
        account_id=ACCOUNT, preview_token=token, confirmed=confirmed, idempotency_key=key, device_id="muse"
    )


async def test_deleting_a_plan_keeps_its_workouts_and_schedules_by_default(stub):
    made = await make_plan(stub)
    plan, workout = made.plans[0], made.workouts[0]
    preview = await stub.PreviewDeletion(preview_request("plan", plan.id))
    assert preview.preview.plan.id == plan.id
    assert [(m.plan_id, m.workout_id) for m in preview.preview.affected_plan_memberships] == [
        (plan.id, workout.id)
    ]
    assert [(w.workout_id, w.effect) for w in preview.preview.affected_workouts] == [(workout.id, "kept")]
    assert not preview.preview.removed_occurrences
    assert "keep their definitions and schedules" in preview.preview.recurrence_effect
    assert preview.preview_token and preview.expire_time.ToSeconds() > 0

    done = await stub.CommitDeletion(commit_request(preview.preview_token))
    assert done.deleted.plan.id == plan.id
    assert not (await stub.ListPlans(training_pb2.ListPlansRequest(account_id=ACCOUNT))).plans
    (kept,) = (await stub.ListWorkouts(training_pb2.ListWorkoutsRequest(account_id=ACCOUNT))).workouts
    assert kept.id == workout.id and kept.plan_id == "" and list(kept.schedule.weekdays) == [2, 4, 6]


async def test_a_workout_preview_lists_the_next_93_days_of_occurrences(stub):
    made = await make_plan(stub)
    workout = made.workouts[0]
    preview = await stub.PreviewDeletion(preview_request("workout", workout.id))
    days = [o.day for o in preview.preview.removed_occurrences]
    # Today is Sunday 2026-09-20; the phase runs 21 Sep - 18 Oct on Mon/Wed/Fri: 12 sessions.
    assert len(days) == 12 and days[0] == "2026-09-21" and days[-1] == "2026-10-16"
    assert preview.preview.window_start_day == "2026-09-20" and preview.preview.window_end_day == "2026-12-22"
    assert [(w.workout_id, w.effect) for w in preview.preview.affected_workouts] == [(workout.id, "deleted")]
    assert "stop" in preview.preview.recurrence_effect


async def test_commit_requires_explicit_confirmation(stub):
    made = await make_plan(stub)
    preview = await stub.PreviewDeletion(preview_request("plan", made.plans[0].id))
    error = await failure(stub.CommitDeletion(commit_request(preview.preview_token, confirmed=False)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.violations[0].field == "confirmed"


async def test_an_expired_preview_needs_a_new_one(stub, clock):
    made = await make_plan(stub)
    preview = await stub.PreviewDeletion(preview_request("plan", made.plans[0].id))
    clock.advance(minutes=5, seconds=1)
    error = await failure(stub.CommitDeletion(commit_request(preview.preview_token)))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "PREVIEW_EXPIRED"
    assert (await stub.ListPlans(training_pb2.ListPlansRequest(account_id=ACCOUNT))).plans


async def test_a_target_changed_after_the_preview_needs_a_new_preview(stub):
    made = await make_plan(stub)
    plan = made.plans[0]
    preview = await stub.PreviewDeletion(preview_request("plan", plan.id))
    rename = {"action": "updatePlan", "planID": plan.id, "plan": {"name": "Renamed block"}}
    await stub.EditTraining(
        edit_request(made.library.epoch, "muse-rename-0001", rename, {f"plan:{plan.id}": plan.version})
    )
    error = await failure(stub.CommitDeletion(commit_request(preview.preview_token)))
    assert error.code is grpc.StatusCode.ABORTED and error.reason == "PREVIEW_STALE"


async def test_a_replayed_commit_returns_the_first_result(stub):
    made = await make_plan(stub)
    preview = await stub.PreviewDeletion(preview_request("plan", made.plans[0].id))
    first = await stub.CommitDeletion(commit_request(preview.preview_token))
    again = await stub.CommitDeletion(commit_request(preview.preview_token))
    assert again.replayed and not first.replayed
    assert again.library.source_sequence == first.library.source_sequence
    error = await failure(stub.CommitDeletion(commit_request(preview.preview_token, key="muse-delete-0002")))
    assert error.reason == "PREVIEW_ALREADY_USED"


async def test_deleting_a_workout_removes_it_from_its_plan(stub):
    made = await make_plan(stub)
    plan, workout = made.plans[0], made.workouts[0]
    preview = await stub.PreviewDeletion(preview_request("workout", workout.id))
    assert [m.plan_id for m in preview.preview.affected_plan_memberships] == [plan.id]
    await stub.CommitDeletion(commit_request(preview.preview_token))
    (after,) = (await stub.ListPlans(training_pb2.ListPlansRequest(account_id=ACCOUNT))).plans
    assert list(after.phases[0].workout_ids) == []
    assert after.version == "2.muse"


async def test_a_token_of_another_account_is_unknown(stub):
    made = await make_plan(stub)
    preview = await stub.PreviewDeletion(preview_request("plan", made.plans[0].id))
    request = commit_request(preview.preview_token)
    request.account_id = "22222222-2222-4222-8222-222222222222"
    error = await failure(stub.CommitDeletion(request))
    assert error.code is grpc.StatusCode.NOT_FOUND and error.reason == "PREVIEW_NOT_FOUND"
