"""Training owns RunFlow's plan writes (decision 0096): the edge makes one ``WritePlan``; Training
reads the thresholds and the history from analytics in one call and judges the plan itself. What
the assistant sees is what analytics' own evaluation of the stored plan says, and a write that
prices workouts stores nothing when analytics cannot say what to price them with."""

from __future__ import annotations

from typing import Any

from edge.profiles.runflow import plan_render as render
from edge.profiles.runflow import plan_requests as requests
from kinetic.analytics.v1 import endurance_pb2
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key
from tests.integration.edge.test_runflow_plan_tools import easy_run, intervals
from tests.integration.edge.test_runflow_tools import record, set_thresholds, started


def long_run(offset: int) -> dict[str, Any]:
    return {
        **easy_run(offset),
        "name": f"Long run {offset}",
        "workoutType": "LONG",
        "plannedDistanceMeters": 30000,
    }


async def analytics_verdict(stack: Any, goal_id: str) -> list[dict[str, Any]]:
    """Analytics' own evaluation of the stored plan's workouts, as the edge renders advisories."""
    plan = await stack.backends.endurance_plans.GetPlan(
        plans_pb2.GetPlanRequest(account_id=stack.account_id, goal_id=goal_id)
    )
    evaluated = await stack.backends.endurance_analytics.EvaluatePlanSafety(
        endurance_pb2.EvaluatePlanSafetyRequest(
            account_id=stack.account_id, workouts=[requests.planned_load(w) for w in plan.workouts]
        )
    )
    return [render.advisory(found) for found in evaluated.advisories]


async def test_training_judges_a_written_plan_as_analytics_judges_the_stored_plan(stack):
    await pro(stack)
    await set_thresholds(stack)
    for days_ago in (3, 6, 10, 13, 17, 20, 24, 27):
        await record(stack, sport="run", start_time=started(days_ago), duration_s=2400, distance_m=7000)
    runflow = RunFlow(stack, await runflow_key(stack))
    workouts = [intervals(1), intervals(2), easy_run(3), long_run(4), intervals(8), long_run(9), easy_run(10)]

    created = await runflow(
        "create_custom_training_plan", {"name": "Hard block", "sport": "RUN", "workouts": workouts}
    )

    advisories = created["safetyAdvisories"]
    assert {a["rule"] for a in advisories} >= {"consecutive_hard_days", "long_run_cap"}
    assert advisories == await analytics_verdict(stack, created["goalId"])


async def test_a_write_that_prices_workouts_stores_nothing_while_analytics_is_down(stack):
    await pro(stack)
    await set_thresholds(stack)
    runflow = RunFlow(stack, await runflow_key(stack))
    await stack.servers["analytics"].stop(0)

    refused = await runflow.refusal(
        "create_custom_training_plan", {"name": "Spring", "sport": "RUN", "workouts": [easy_run(1)]}
    )

    assert "temporarily unavailable" in refused
    listed = await stack.backends.endurance_plans.ListGoals(
        plans_pb2.ListGoalsRequest(account_id=stack.account_id)
    )
    assert [goal.name for goal in listed.goals] == []
