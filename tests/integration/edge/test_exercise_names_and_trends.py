"""Sets logged through Client AI are named everywhere else, and trends need enough data (issue 14,
decision 0037): through the real mcp client, edge, auth, sessions, training and analytics.

The sessions service runs on a settable clock, so weeks of training can be logged in one test;
analytics' window is the real today, as in production.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.conftest import EngineFactory
from tests.integration.edge.client_ai_gym import (
    CLIENT_AI_PATH,
    ClientAi,
    Gym,
    client_ai_key,
    gym_admin,
    open_gym,
)
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.edge.metric_calls import Tools

BENCH_NAME, BENCH_CATALOG = "Bench Press", "barbell-bench-press"  # as open_gym creates it


class SettableClock:
    """The sessions service's clock: starts five weeks ago, moves only when told."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC) - timedelta(days=35)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class Athlete:
    stack: Stack
    clock: SettableClock
    gym: Gym
    client_ai: ClientAi
    metric: Tools

    async def bench_session(self, weight: float, reps: int) -> str:
        """Start the push day, log one completed bench set, complete it; the session ID."""
        session = (
            await self.client_ai(
                "client_ai_start_or_resume_my_workout_session",
                {"planId": self.gym.plan.id, "planMomentId": self.gym.push_day.id},
            )
        )["session"]
        await self.log_bench(session["id"], weight, reps)
        await self.client_ai("client_ai_complete_my_workout_session", {"sessionId": session["id"]})
        return str(session["id"])

    async def log_bench(self, session_id: str, weight: float, reps: int) -> None:
        await self.client_ai(
            "client_ai_log_my_workout_performance",
            {
                "sessionId": session_id,
                "exerciseId": self.gym.exercises["bench"],
                "sets": [{"setNumber": 1, "weight": weight, "reps": reps, "completed": True}],
            },
        )


@pytest.fixture
async def athlete(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Athlete]:
    clock = SettableClock()
    async with running_stack(sqlite_engines, tmp_path, sessions_clock=clock) as stack:
        channel, admin = gym_admin(stack.servers["sessions"].port)
        try:
            gym = await open_gym(admin, stack.account_id)
            client_ai = ClientAi(
                stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, stack.account_id)
            )
            yield Athlete(stack, clock, gym, client_ai, Tools(stack.mcp_url, stack.api_key))
        finally:
            await channel.close(None)


def analytics_client(stack: Stack) -> httpx2.AsyncClient:
    """Kinetic's analytics REST paths with the account's API key."""
    headers = {"Authorization": f"Bearer {stack.api_key}"}
    return httpx2.AsyncClient(base_url=stack.base_url + "/api/analytics", headers=headers, timeout=30)


def assert_bench_named(entry: dict[str, Any], catalog_key: str = "catalogExerciseID") -> None:
    assert (entry["exerciseName"], entry[catalog_key]) == (BENCH_NAME, BENCH_CATALOG), entry


async def test_a_client_ai_exercise_is_named_in_active_history_insights_and_records(athlete):
    session = (
        await athlete.client_ai(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": athlete.gym.plan.id, "planMomentId": athlete.gym.push_day.id},
        )
    )["session"]
    await athlete.log_bench(session["id"], 80, 8)

    active = (await athlete.metric.read("active"))["data"]["snapshot"]["session"]
    (live,) = active["performances"]
    assert live["exerciseId"] == athlete.gym.exercises["bench"]
    assert_bench_named(live, "catalogExerciseId")  # the sessions message's own casing

    await athlete.client_ai("client_ai_complete_my_workout_session", {"sessionId": session["id"]})
    since = (athlete.clock.now - timedelta(days=1)).date().isoformat()
    history = (await athlete.metric.read("history", **{"from": since}))["data"]
    (done,) = history["sessions"]
    assert done["sessionId"] == session["id"]
    (performance,) = done["performances"]
    assert performance["exerciseId"] == athlete.gym.exercises["bench"]
    assert_bench_named(performance, "catalogExerciseId")

    insights = (await athlete.metric.read("insights"))["data"]
    (short,) = insights["notEnoughData"]
    assert short["exerciseID"] == athlete.gym.exercises["bench"]
    assert_bench_named(short)

    async with analytics_client(athlete.stack) as http:
        response = await http.get("/records")
    assert response.status_code == 200, response.text
    (records,) = response.json()["exercises"]
    assert records["exerciseId"] == athlete.gym.exercises["bench"]
    assert_bench_named(records, "catalogExerciseId")


async def test_two_sessions_a_minute_apart_are_not_enough_data_for_a_trend(athlete):
    await athlete.bench_session(100, 5)
    athlete.clock.advance(minutes=1)
    await athlete.bench_session(104, 5)

    insights = (await athlete.metric.read("insights"))["data"]

    assert insights["trends"] == [] and insights["suggestions"] == [], insights["trends"]
    assert insights["trendRequirements"] == {"minSessions": 4, "minSpanDays": 14}
    (short,) = insights["notEnoughData"]
    assert_bench_named(short)
    assert (short["sampleSize"], short["spanDays"]) == (2, 0)
    assert (
        short["reason"]
        == "2 session(s) over 0 day(s); a trend needs at least 4 sessions spanning at least 14 days"
    )


async def test_weeks_of_sessions_give_a_rounded_slope_with_its_uncertainty(athlete):
    loads = (100, 102.5, 105, 106.5, 110)  # 5 reps each: e1RM (Epley) 116.67 ... 128.33 kg
    for load in loads:
        await athlete.bench_session(load, 5)
        athlete.clock.advance(days=7)

    insights = (await athlete.metric.read("insights"))["data"]

    assert insights["notEnoughData"] == []
    (trend,) = insights["trends"]
    assert_bench_named(trend)
    assert trend["sampleSize"] == 5 and trend["direction"] == "rising"
    # Least squares over days 0, 7, ..., 28: 168 / 490 kg of load a day x 7/6 = 2.8 kg e1RM a week.
    assert trend["slopeKgPerWeek"] == 2.8
    uncertainty = trend["uncertaintyKgPerWeek"]
    assert isinstance(uncertainty, float) and 0 < uncertainty < 1 and uncertainty == round(uncertainty, 1)
    assert (trend["firstE1rmKg"], trend["lastE1rmKg"]) == (116.7, 128.3)
    (suggestion,) = insights["suggestions"]
    assert_bench_named(suggestion)
    for name in ("loadKg", "uncertaintyKg", "predictedE1rmKg", "lastLoadKg"):
        assert suggestion[name] == round(suggestion[name], 1), (name, suggestion[name])
    assert suggestion["sampleSize"] == 5 and suggestion["dateRange"] == trend["dateRange"]
    first = (athlete.clock.now - timedelta(days=35)).date()
    assert trend["dateRange"] == {"from": first.isoformat(), "to": (first + timedelta(days=29)).isoformat()}

    brzycki = (await athlete.metric.read("insights", formula="brzycki"))["data"]
    (trend,) = brzycki["trends"]
    assert trend["formula"] == "brzycki" and trend["lastE1rmKg"] == 123.8  # 110 x 36 / 32 = 123.75

    async with analytics_client(athlete.stack) as http:
        progress = await http.get(
            "/progress", params={"exerciseId": athlete.gym.exercises["bench"], "metric": "e1rm"}
        )
    assert progress.status_code == 200, progress.text
    assert [p["valueKg"] for p in progress.json()["points"]] == [116.7, 119.6, 122.5, 124.3, 128.3]
