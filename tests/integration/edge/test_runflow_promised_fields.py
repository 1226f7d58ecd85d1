"""RunFlow's promised fields filled (issue 27, decision 0078): the snapshot a default restore
restored, a duration recomputed from replaced steps, and one idempotency rule for log_daily_health
and the plan tools (same key, another body: refused as a conflict, nothing overwritten)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import pytest_asyncio

from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key
from tests.integration.edge.test_primed_tools import today
from tests.integration.edge.test_runflow_plan_tools import easy_run, intervals, new_plan, whole_plan
from tests.integration.edge.test_runflow_tools import set_thresholds

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module")
async def runflow(account_stack: Any) -> RunFlow:
    await pro(account_stack)
    await set_thresholds(account_stack)
    return RunFlow(account_stack, await runflow_key(account_stack))


def answer_shape(response: Any) -> tuple[Any, ...]:
    """What kind of refusal an answer is: its HTTP status, JSON-RPC error code and tool-error flag."""
    body = response.json()
    return (response.status_code, body.get("error", {}).get("code"), body.get("result", {}).get("isError"))


async def test_a_default_restore_answers_the_snapshot_it_restored(account_stack, runflow):
    goal_id = (await new_plan(runflow, [easy_run(1)]))["plan"]["goalId"]
    renamed = await runflow(
        "modify_workout",
        {"workoutId": (await whole_plan(runflow, goal_id))["workouts"][0]["workoutId"], "name": "Renamed"},
    )
    restored = await runflow("restore_plan_snapshot", {"goalId": goal_id})
    assert restored["restoredSnapshotId"] == renamed["snapshotId"]
    assert restored["preRestoreSnapshotId"] not in (None, renamed["snapshotId"])


async def test_replacing_the_steps_recomputes_the_planned_duration_and_distance(account_stack, runflow):
    goal_id = (await new_plan(runflow, [easy_run(1)]))["plan"]["goalId"]
    workout_id = (await whole_plan(runflow, goal_id))["workouts"][0]["workoutId"]
    steps = intervals(1)["structuredSteps"]  # 15 min + 6 x (800 m, 2 min) + 10 min
    await runflow("modify_workout", {"workoutId": workout_id, "structuredSteps": steps})
    [workout] = (await whole_plan(runflow, goal_id))["workouts"]
    # The 800 m repeats have no duration and the timed steps no distance: neither total is known
    # from these steps, and the old 40 minutes described other steps.
    assert workout.get("plannedDurationSeconds") is None
    assert workout.get("plannedDistanceMeters") is None

    timed = [
        {
            "type": "repeat",
            "repeatCount": 5,
            "steps": [
                {"type": "interval", "role": "work", "durationSeconds": 180},
                {"type": "interval", "role": "recovery", "durationSeconds": 120},
            ],
        }
    ]
    await runflow("modify_workout", {"workoutId": workout_id, "structuredSteps": timed})
    [workout] = (await whole_plan(runflow, goal_id))["workouts"]
    assert workout["plannedDurationSeconds"] == 1500

    by_distance = [{"type": "interval", "role": "work", "distanceMeters": 5000}] * 2
    await runflow("modify_workout", {"workoutId": workout_id, "structuredSteps": by_distance})
    [workout] = (await whole_plan(runflow, goal_id))["workouts"]
    assert workout["plannedDistanceMeters"] == 10000

    timed = [{"type": "interval", "role": "work", "durationSeconds": 1500}]
    await runflow(
        "modify_workout", {"workoutId": workout_id, "structuredSteps": timed, "plannedDurationSeconds": 2000}
    )
    [workout] = (await whole_plan(runflow, goal_id))["workouts"]
    assert workout["plannedDurationSeconds"] == 2000  # the caller's own figure stands


async def test_log_daily_health_refuses_a_reused_key_with_another_body_as_the_plan_tools_do(
    account_stack, runflow
):
    goal_id = (await new_plan(runflow, []))["plan"]["goalId"]
    call = {"goalId": goal_id, "workouts": [easy_run(1)], "idempotencyKey": "k-1"}
    await runflow("import_plan_workouts_batch", call)
    plan_conflict = await runflow.post("import_plan_workouts_batch", {**call, "workouts": [easy_run(2)]})

    yesterday = (today() - timedelta(days=1)).isoformat()
    first = {"date": yesterday, "weightKg": 71, "idempotencyKey": "health-1"}
    assert (await runflow("log_daily_health", first))["healthLog"] == {"weightKg": 71.0}
    assert (await runflow("log_daily_health", first))["healthLog"] == {"weightKg": 71.0}
    conflict = await runflow.post("log_daily_health", {**first, "weightKg": 90})
    # The plan tools' conflict answer, whatever its shape (status, JSON-RPC code or tool error).
    assert answer_shape(conflict) == answer_shape(plan_conflict)
    assert "health-1" in conflict.text
    health = await runflow("get_readiness_and_health", {"days": 3})
    assert health["healthLogs"] == [{"date": yesterday, "weightKg": 71.0}]
