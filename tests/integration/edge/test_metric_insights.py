"""Metric's insights view through the real mcp client and the REST mirror (seed 000 "Insights and
live progress"): sets logged through the sessions API are in the very next read."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from kinetic.sessions.v1 import sessions_pb2
from tests.integration.edge.metric_calls import ZONE, Tools, minimal_create, rest_client

DISCLAIMER = "Training suggestions are based on logged data and are not medical advice."


async def _daily_workouts(metric: Tools, count: int) -> tuple[str, list[dict[str, Any]]]:
    """``count`` daily back squat workouts (one occurrence each today); the squat's catalog ID."""
    squat = await metric.exercise_id("back squat")
    workouts = []
    for n in range(count):
        request = minimal_create(await metric.epoch(), squat, key=f"insights-squat-{n:04d}")
        request["input"]["workout"] |= {
            "name": f"Squat day {n}",
            "schedule": {"type": "everyNDays", "intervalDays": 1},
        }
        workouts.extend((await metric("edit_training", request))["workouts"])
    return squat, workouts


async def _log_session(
    stack: Any, workout: dict[str, Any], exercise_id: str, weight: float, reps: int
) -> None:
    """Start today's occurrence of ``workout``, log one completed set and complete the session."""
    sessions = stack.backends.sessions
    today = datetime.now(ZoneInfo(ZONE)).date().isoformat()
    started = await sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=stack.account_id,
            workout_id=workout["id"],
            original_scheduled_day=today,
            title=workout["name"],
            device_id="tests",
        )
    )
    await sessions.LogPerformance(
        sessions_pb2.LogPerformanceRequest(
            account_id=stack.account_id,
            session_id=started.session.session_id,
            exercise_id=exercise_id,
            sets=[
                sessions_pb2.PerformanceSet(
                    set_number=1, set_type="N", weight_kg=weight, reps_number=reps, completed=True
                )
            ],
        )
    )
    await sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(
            account_id=stack.account_id, session_id=started.session.session_id, device_id="tests"
        )
    )


def _assert_envelope(view: dict[str, Any], zone: str) -> None:
    assert view["view"] == "insights" and view["contentTrust"] == "user-provided"
    assert view["timeZone"] == zone and isinstance(view["epoch"], str)
    assert isinstance(view["sourceSequence"], int)
    data = view["data"]
    assert data["disclaimer"] == DISCLAIMER
    assert data["units"] == {"load": "kilograms", "distance": "meters", "time": "seconds"}
    today = datetime.now(ZoneInfo(zone)).date()
    assert data["to"] == (today + timedelta(days=1)).isoformat(), "exclusive end: today is included"
    assert date.fromisoformat(data["from"]) == today - timedelta(days=55)
    assert "proposals only" in data["proposalNote"] and "edit_training" in data["proposalNote"]


async def test_an_empty_account_gets_an_empty_well_formed_view(stack):
    metric = Tools(stack.mcp_url, stack.api_key)

    view = await metric.read("insights")

    _assert_envelope(view, "UTC")
    data = view["data"]
    assert (data["trends"], data["suggestions"], data["planAdjustments"]) == ([], [], [])
    assert data["asOfSequence"] == 0 and data["formula"] == "epley"
    assert data["focusBalance"]["weeks"] == [] and data["focusBalance"]["unmappedExerciseIDs"] == []


async def test_sets_logged_are_in_the_next_read_with_range_sample_uncertainty_and_formula(stack):
    metric = Tools(stack.mcp_url, stack.api_key)
    squat, workouts = await _daily_workouts(metric, 3)
    await _log_session(stack, workouts[0], squat, 100, 5)
    await _log_session(stack, workouts[1], squat, 102.5, 5)

    two = (await metric.read("insights", timeZone=ZONE))["data"]

    feed = await stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=stack.account_id)
    )
    assert two["asOfSequence"] == feed.latest_sequence, "read-your-writes: every logged set"
    (trend,) = two["trends"]
    today = datetime.now(ZoneInfo(ZONE)).date()
    assert trend["exerciseID"] == squat and trend["exerciseName"]
    assert trend["sampleSize"] == 2 and trend["formula"] == "epley"
    assert trend["dateRange"] == {"from": today.isoformat(), "to": (today + timedelta(days=1)).isoformat()}
    assert round(trend["firstE1rmKg"], 4) == round(100 * (1 + 5 / 30), 4)
    assert trend["uncertaintyKgPerWeek"] is None, "no standard error below three sessions"
    assert two["suggestions"] == [], "a suggestion needs three sessions"
    (week,) = two["focusBalance"]["weeks"]
    assert any(m["muscle"] == "quads" and m["primarySets"] == 2 for m in week["muscles"]), week

    await _log_session(stack, workouts[2], squat, 105, 5)
    view = await metric.read("insights", timeZone=ZONE, formula="brzycki")

    _assert_envelope(view, ZONE)
    data = view["data"]
    assert data["asOfSequence"] > two["asOfSequence"] and data["formula"] == "brzycki"
    (trend,) = data["trends"]
    assert trend["sampleSize"] == 3 and trend["formula"] == "brzycki"
    assert round(trend["lastE1rmKg"], 4) == round(105 * 36 / 32, 4)
    assert isinstance(trend["uncertaintyKgPerWeek"], float | int)
    (suggestion,) = data["suggestions"]
    assert suggestion["exerciseID"] == squat and suggestion["sampleSize"] == 3
    assert suggestion["formula"] == "brzycki" and suggestion["dateRange"] == trend["dateRange"]
    assert suggestion["uncertaintyKg"] >= 0 and suggestion["basis"]
    assert suggestion["lastLoadKg"] == 105 and suggestion["lastReps"] == 5
    assert suggestion["kind"] in ("increase_load", "add_rep", "hold")
    assert suggestion["loadKg"] <= 105 * 1.05, "never more than 5 % over the last load"
    for proposal in data["planAdjustments"]:
        assert proposal["status"] == "proposal" and proposal["requiresApproval"] is True


async def test_bad_arguments_are_400s_naming_the_field(stack):
    metric = Tools(stack.mcp_url, stack.api_key)
    cases = [
        ({"formula": "lombardi"}, "formula"),
        ({"formula": "Epley"}, "formula"),
        ({"timeZone": "Mars/Olympus_Mons"}, "timeZone"),
        ({"from": "2026-01-01"}, "from"),
    ]
    for arguments, field in cases:
        error = await metric.error("read_training", {"view": "insights", **arguments})
        assert (error["error"], error["field"]) == ("invalid_request", field), arguments
        assert error["error_description"].startswith(f"{field}:")
    async with rest_client(stack) as http:
        response = await http.get("/training", params={"view": "insights", "formula": "lombardi"})
    assert response.status_code == 400 and response.json()["field"] == "formula"
    assert response.headers["cache-control"] == "private, no-store"


async def test_the_rest_mirror_answers_the_same(stack):
    metric = Tools(stack.mcp_url, stack.api_key)
    squat, (workout,) = await _daily_workouts(metric, 1)
    await _log_session(stack, workout, squat, 80, 8)

    tool = await metric.read("insights", timeZone=ZONE, formula="brzycki")
    async with rest_client(stack) as http:
        response = await http.get(
            "/training", params={"view": "insights", "timeZone": ZONE, "formula": "brzycki"}
        )

    assert response.status_code == 200 and response.headers["cache-control"] == "private, no-store"
    assert response.json() == tool
    assert tool["data"]["focusBalance"]["weeks"], "the logged set counts in this week's balance"
