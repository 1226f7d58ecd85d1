"""MutatePlan stores a change only while its caller still waits for the answer (decision 0072): a
caller that gives up and tells its user "failed" finds nothing stored; one with time left gets the
change, and a retry with its key replays it."""

from __future__ import annotations

import grpc
import pytest

from kinetic.errors import RemoteError
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.plans.service import COMMIT_MARGIN_SECONDS
from tests.integration.training.library_support import library_changes
from tests.integration.training.plan_support import PlanClient, day, plan_client, run

# Well inside the margin: whatever the machine's load, the caller waits less than the commit needs.
SHORT_DEADLINE_SECONDS = COMMIT_MARGIN_SECONDS / 2
ENOUGH_SECONDS = 30.0


@pytest.fixture
async def client(engines, tmp_path, clock):
    async with plan_client(engines("training"), tmp_path, clock) as connected:
        yield connected


async def test_a_change_the_caller_will_not_wait_for_is_not_stored(client: PlanClient):
    goal_id = (await client.create(run(day(1)), run(day(2)))).goal.goal_id
    before = await client.plan(goal_id)
    feed = await library_changes(client.training, account_id=client.account_id)
    shift = client.request(
        "shift-once", shift_plan_dates=plans_pb2.ShiftPlanDates(goal_id=goal_id, delta_days=1)
    )

    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await client.plans.MutatePlan(shift, timeout=SHORT_DEADLINE_SECONDS)

    error = RemoteError.from_rpc(refused.value)
    # Answered in time, the refusal says why; answered late, the caller saw its own deadline.
    assert (error.code, error.reason) in {
        (grpc.StatusCode.ABORTED, "TOO_LATE_TO_STORE"),
        (grpc.StatusCode.DEADLINE_EXCEEDED, "DEADLINE_EXCEEDED"),
    }
    assert await client.plan(goal_id) == before
    assert await client.snapshots(goal_id) == []
    assert await library_changes(client.training, account_id=client.account_id) == feed

    # The same key with time to wait: stored once, and its retry replays it.
    stored = await client.plans.MutatePlan(shift, timeout=ENOUGH_SECONDS)
    again = await client.plans.MutatePlan(shift, timeout=ENOUGH_SECONDS)
    assert not stored.replayed and again.replayed and again.snapshot_id == stored.snapshot_id
    assert [w.scheduled_date for w in (await client.plan(goal_id)).workouts] == [day(2), day(3)]
