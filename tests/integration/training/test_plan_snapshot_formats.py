"""Plan snapshots are stored as domain JSON (decision 0102), and a snapshot stored before, as the
serialized GetPlanResponse message, still restores exactly."""

from __future__ import annotations

import json

import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from sqlalchemy import insert, select

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.adapters import tables
from tests.integration.training.library_support import ACCOUNT
from tests.integration.training.plan_support import PlanClient, content, day, plan_client, run


@pytest.fixture
def engine(engines):
    return engines("training")


@pytest.fixture
async def client(engine, tmp_path, clock):
    async with plan_client(engine, tmp_path, clock) as connected:
        yield connected


async def _changed_everything(client: PlanClient, goal_id: str, ids: list[str]) -> None:
    a, b, c = ids
    change = plans_pb2.WorkoutChange(
        workout_id=a,
        workout=plans_pb2.WorkoutDraft(name="A2", scheduled_date=day(5)),
        update_mask=FieldMask(paths=["name", "scheduled_date"]),
    )
    await client.mutate(modify_workouts=plans_pb2.ModifyWorkouts(changes=[change]))
    await client.mutate(delete_workouts=plans_pb2.DeleteWorkouts(workout_ids=[b]))
    await client.mutate(import_workouts=plans_pb2.ImportWorkouts(workouts=[run(day(4), name="D")]))
    await client.mutate(
        mark_workouts=plans_pb2.MarkWorkouts(
            statuses=[plans_pb2.WorkoutStatus(workout_id=c, completed=False)]
        )
    )
    renamed = plans_pb2.Goal(name="Spring marathon", rest_days=[1, 5], training_focus="Speed")
    await client.mutate(
        update_goal=plans_pb2.UpdateGoal(
            goal_id=goal_id,
            goal=renamed,
            update_mask=FieldMask(paths=["name", "rest_days", "training_focus"]),
        )
    )
    await client.mutate(save_coaching_summary=plans_pb2.SaveCoachingSummary(week_start=day(7), text="Later"))


async def _rich_goal(client: PlanClient, clock) -> tuple[str, list[str]]:
    block = plans_pb2.PhaseBlock(
        name="Base",
        start_date=day(0),
        end_date=day(60),
        focus="Aerobic",
        targets=[plans_pb2.PhaseTarget(sport="run", weekly_distance_meters=40000, sessions_per_week=4)],
    )
    created = await client.create(
        run(day(1), name="A"),
        run(day(2), name="B", workout_type="tempo"),
        run(day(3), name="C"),
        phase_blocks=[block],
        frequencies=[plans_pb2.SportFrequency(sport="run", sessions_per_week=4)],
        training_focus="Aerobic base",
        creation_mode="AI_ASSISTED",
    )
    goal_id = created.goal.goal_id
    ids = list(created.created_workout_ids)
    clock.advance(minutes=1)
    await client.mutate(
        save_coaching_summary=plans_pb2.SaveCoachingSummary(week_start=day(0), text="Good week")
    )
    await client.mutate(
        mark_workouts=plans_pb2.MarkWorkouts(
            statuses=[plans_pb2.WorkoutStatus(workout_id=ids[2], completed=True, linked_activity_id="act-1")]
        )
    )
    clock.advance(minutes=1)
    return goal_id, ids


async def test_a_snapshot_stored_as_the_protobuf_message_still_restores(client: PlanClient, engine, clock):
    goal_id, ids = await _rich_goal(client, clock)
    original = await client.plan()
    # What the service stored before decision 0102: the plan as GetPlanResponse, serialized.
    legacy = plans_pb2.GetPlanResponse(goal=original.goal, workouts=original.workouts).SerializeToString()
    await _changed_everything(client, goal_id, ids)
    assert content(await client.plan()) != content(original)
    with engine.begin() as conn:
        conn.execute(
            insert(tables.plan_snapshots).values(
                snapshot_id="00000000-0000-4000-8000-000000000102",
                account_id=ACCOUNT,
                goal_id=goal_id,
                operation="modify_workouts",
                description="before modify workouts of Autumn marathon",
                workout_count=3,
                content=legacy,
                created_at=clock(),
            )
        )
    restored = await client.mutate(
        restore_snapshot=plans_pb2.RestoreSnapshot(snapshot_id="00000000-0000-4000-8000-000000000102")
    )
    assert restored.restored_snapshot_id == "00000000-0000-4000-8000-000000000102"
    assert content(await client.plan()) == content(original)


async def test_a_new_snapshot_is_domain_json_and_restores(client: PlanClient, engine, clock):
    goal_id, ids = await _rich_goal(client, clock)
    original = await client.plan()
    first_change = plans_pb2.WorkoutChange(
        workout_id=ids[0], workout=plans_pb2.WorkoutDraft(name="A1"), update_mask=FieldMask(paths=["name"])
    )
    first = await client.mutate(modify_workouts=plans_pb2.ModifyWorkouts(changes=[first_change]))
    with engine.connect() as conn:
        stored = conn.execute(
            select(tables.plan_snapshots.c.content).where(
                tables.plan_snapshots.c.snapshot_id == first.snapshot_id
            )
        ).scalar_one()
    document = json.loads(bytes(stored))
    assert document["goal"]["name"] == "Autumn marathon"
    assert [w["name"] for w in document["workouts"]] == ["A", "B", "C"]
    await _changed_everything(client, goal_id, ids)
    await client.mutate(restore_snapshot=plans_pb2.RestoreSnapshot(snapshot_id=first.snapshot_id))
    assert content(await client.plan()) == content(original)
