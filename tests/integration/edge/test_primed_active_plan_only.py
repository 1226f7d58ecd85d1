"""Only the active plan and the athlete's own workouts count (issue 30 item 4, decisions 0112 and
0115): an archived RunFlow plan, or one kept beside the active plan, leaves Primed's decision,
Primed's upcoming training and Metric's calendar (Training's ``ListOccurrences``); inside the active
plan's weeks the athlete's endurance routine gives way to it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from kinetic.sessions.v1 import endurance_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.edge.primed_calls import Primed, primed_token
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key
from tests.integration.edge.test_primed_promised_fields import schedule_track_session
from tests.integration.edge.test_primed_tools import today

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEMPO = [{"type": "interval", "role": "work", "durationSeconds": 2400, "target": {"kind": "rpe", "rpe": 7}}]


async def plan_with_today(runflow: RunFlow, title: str, *, activate: bool = True) -> str:
    """A RunFlow plan holding one tempo run today and one tomorrow; its goal ID."""
    created = await runflow(
        "create_custom_training_plan",
        {
            "name": f"Plan of {title}",
            "sport": "RUN",
            "raceType": "10K",
            "raceDate": (today() + timedelta(days=60)).isoformat(),
            "planStartDate": today().isoformat(),
            "activate": activate,
            "workouts": [
                {
                    "name": f"{title} {n}",
                    "scheduledDate": (today() + timedelta(days=n)).isoformat(),
                    "sport": "RUN",
                    "workoutType": "TEMPO",
                    "structuredSteps": TEMPO,
                }
                for n in (0, 1)
            ],
        },
    )
    goal_id: str = created["plan"]["goalId"]
    return goal_id


async def calendar_titles(stack: Any) -> list[str]:
    window = await stack.backends.training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=stack.account_id,
            time_zone="UTC",
            from_day=today().isoformat(),
            to_day=(today() + timedelta(days=2)).isoformat(),
        )
    )
    return sorted(o.workout_name for o in window.occurrences)


async def upcoming_titles(primed: Primed) -> list[str]:
    answer = await primed("get_upcoming_training", {"days": 2})
    return sorted(session["title"] for session in answer["sessions"])


async def test_an_archived_plan_leaves_the_decision_the_upcoming_days_and_the_calendar(account_stack):
    await pro(account_stack)
    runflow = RunFlow(account_stack, await runflow_key(account_stack))
    goal_id = await plan_with_today(runflow, "Tempo")
    coaching = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    training = Primed(account_stack, await primed_token(account_stack, "primed:training:read"))
    before = await coaching("get_today_coaching")
    assert before["action_type"] == "execute_as_planned" and before["session"]["title"] == "Tempo 0"
    assert await upcoming_titles(training) == ["Tempo 0", "Tempo 1"]

    archived = await runflow("delete_training_plan", {"goalId": goal_id})
    assert archived["deleted"] == "archived"
    after = await coaching("get_today_coaching")
    assert (after["action_type"], after["reason_codes"][0]) == ("rest", "no_plan")
    assert await upcoming_titles(training) == []
    assert await calendar_titles(account_stack) == []


async def test_of_two_plans_only_the_active_one_counts_and_the_routine_gives_way(account_stack):
    """Issue 30 item 4, decision 0115: inside the active plan's weeks (here today and tomorrow) the
    plan's session is the day; the athlete's daily track routine gives way, and comes back after."""
    await pro(account_stack)
    await schedule_track_session(account_stack)  # the athlete's own, every day
    runflow = RunFlow(account_stack, await runflow_key(account_stack))
    await plan_with_today(runflow, "Spring")
    autumn = await plan_with_today(runflow, "Autumn", activate=False)
    training = Primed(account_stack, await primed_token(account_stack, "primed:training:read"))
    assert await upcoming_titles(training) == ["Spring 0", "Spring 1"]
    assert await calendar_titles(account_stack) == ["Spring 0", "Spring 1"]
    after = await training("get_upcoming_training", {"days": 3})
    assert [(s["date"], s["title"]) for s in after["sessions"]][-1] == (
        (today() + timedelta(days=2)).isoformat(),
        "Track 5 x 3 min",
    )

    await runflow("set_active_training_plan", {"goalId": autumn})
    assert await upcoming_titles(training) == ["Autumn 0", "Autumn 1"]
    coaching = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    decided = await coaching("get_today_coaching")
    planned = decided.get("changed_from") or decided["session"]
    assert planned["title"] == "Autumn 0"
    assert "Spring" not in str(decided) and "Track" not in str(decided)


async def test_status_as_of_a_past_morning_and_that_days_coaching_read_the_same_readiness(account_stack):
    """Issue 30 item 6: an entry for a past day, recorded today, counts in the status as of that
    day's morning as in that day's decision: both amber from the same signal (decision 0112)."""
    past = today() - timedelta(days=3)
    await account_stack.backends.endurance.RecordReadiness(
        endurance_pb2.RecordReadinessRequest(
            account_id=account_stack.account_id,
            readiness=endurance_pb2.DailyReadiness(day=past.isoformat(), fatigue=4),
        )
    )
    primed = Primed(account_stack, await primed_token(account_stack, "primed:coaching:read"))
    decided = await primed("get_today_coaching", {"date": past.isoformat()})
    status = await primed("get_training_status", {"as_of": f"{past.isoformat()}T07:00:00Z"})
    assert decided["reason_codes"] == ["no_plan", "fatigue_high", "recovery_amber"]
    assert status["recovery_status"] == "amber"
    assert "fatigue_high" in [driver["code"] for driver in status["drivers"]]
