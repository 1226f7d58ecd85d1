"""MutatePlan answers from what it wrote, without reading it back (decision 0109): after every kind
of mutation the answer's goal, workouts and loads are what a read right after answers, and the
feed carries each created workout as the library reads it."""

from __future__ import annotations

import pytest
from google.protobuf.field_mask_pb2 import FieldMask

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import library_changes
from tests.integration.training.plan_support import TODAY, PlanClient, day, plan_client, run, strength


@pytest.fixture
async def client(engines, tmp_path, clock):
    async with plan_client(engines("training"), tmp_path, clock) as connected:
        yield connected


async def assert_answer_is_the_stored_plan(client: PlanClient, answer: plans_pb2.MutatePlanResponse) -> None:
    stored = await client.plan(answer.goal.goal_id)
    assert answer.goal == stored.goal
    by_id = {workout.workout_id: workout for workout in stored.workouts}
    assert answer.workouts, "every mutation here touches a workout"
    for workout in answer.workouts:
        assert workout == by_id[workout.workout_id]
    assert [load.workout_id for load in answer.plan_loads] == [
        w.workout_id for w in stored.workouts if w.scheduled_date >= TODAY.isoformat()
    ]


async def test_every_answer_is_what_a_read_after_it_answers(client: PlanClient, clock):
    created = await client.create(
        run(day(1), name="A"),
        strength(day(1)),
        run(day(2), name="B"),
        run(day(-3), name="Past"),
        activate=True,
    )
    await assert_answer_is_the_stored_plan(client, created)
    a, _, b, _ = created.created_workout_ids

    clock.advance(minutes=1)
    change = plans_pb2.WorkoutChange(
        workout_id=a,
        workout=plans_pb2.WorkoutDraft(name="A2", scheduled_date=day(5)),
        update_mask=FieldMask(paths=["name", "scheduled_date"]),
    )
    modified = await client.mutate(modify_workouts=plans_pb2.ModifyWorkouts(changes=[change]))
    await assert_answer_is_the_stored_plan(client, modified)

    clock.advance(minutes=1)
    await client.mutate(delete_workouts=plans_pb2.DeleteWorkouts(workout_ids=[b]))
    imported = await client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=[run(day(4), name="D")]))
    await assert_answer_is_the_stored_plan(client, imported)

    clock.advance(minutes=1)
    marked = await client.mutate(
        mark_workouts=plans_pb2.MarkWorkouts(
            statuses=[plans_pb2.WorkoutStatus(workout_id=a, completed=True, linked_activity_id="act-1")]
        )
    )
    await assert_answer_is_the_stored_plan(client, marked)

    clock.advance(minutes=1)
    # The restore re-creates B (deleted since) with its ID and moves its version on.
    restored = await client.mutate(
        restore_snapshot=plans_pb2.RestoreSnapshot(snapshot_id=modified.snapshot_id)
    )
    assert b in {workout.workout_id for workout in restored.workouts}
    await assert_answer_is_the_stored_plan(client, restored)


async def test_the_feed_carries_created_workouts_as_the_library_reads_them(client: PlanClient):
    created = await client.create(run(day(1), name="A"), strength(day(2)), run(day(3), name="B"))
    listed = await client.training.ListWorkouts(
        training_pb2.ListWorkoutsRequest(
            account_id=client.account_id, workout_ids=created.created_workout_ids
        )
    )
    read = {workout.id: workout for workout in listed.workouts}
    fed = {
        change.record_id: change.workout
        for change in await library_changes(client.training)
        if change.kind == "workout.created"
    }
    assert fed == read
