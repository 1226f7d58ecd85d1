"""Metric's insights view through the real mcp client and the REST mirror (seed 000 "Insights and
live progress"): sets logged through the sessions API and Training library edits are in the very
next read, with workout choices, comparable pace and rounds, and plan-aware proposals."""

from __future__ import annotations

import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.edge.metric_calls import ZONE, Tools, minimal_create, rest_client

pytestmark = pytest.mark.asyncio(loop_scope="module")

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
    account_stack: Any, workout: dict[str, Any], exercise_id: str, weight: float, reps: int
) -> None:
    """Start today's occurrence of ``workout``, log one completed set and complete the session."""
    sessions = account_stack.backends.sessions
    today = datetime.now(ZoneInfo(ZONE)).date().isoformat()
    started = await sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=account_stack.account_id,
            workout_id=workout["id"],
            original_scheduled_day=today,
            title=workout["name"],
            device_id="tests",
        )
    )
    await sessions.LogPerformance(
        sessions_pb2.LogPerformanceRequest(
            account_id=account_stack.account_id,
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
            account_id=account_stack.account_id, session_id=started.session.session_id, device_id="tests"
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


async def test_an_empty_account_gets_an_empty_well_formed_view(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)

    view = await metric.read("insights")

    _assert_envelope(view, "UTC")
    data = view["data"]
    assert (data["trends"], data["suggestions"], data["planAdjustments"]) == ([], [], [])
    assert data["asOfSequence"] == 0 and data["formula"] == "epley"
    assert data["focusBalance"]["weeks"] == [] and data["focusBalance"]["unmappedExerciseIDs"] == []
    assert data["asOfTrainingSequence"] == 0
    assert (data["workoutChoices"], data["comparableWorkouts"]) == ([], [])
    assert set(data["sessionSources"].values()) == {0}


async def test_sets_logged_are_in_the_next_read_with_range_sample_and_formula(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)
    squat, workouts = await _daily_workouts(metric, 3)
    await _log_session(account_stack, workouts[0], squat, 100, 5)
    await _log_session(account_stack, workouts[1], squat, 102.5, 5)

    two = (await metric.read("insights", timeZone=ZONE))["data"]

    feed = await account_stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=account_stack.account_id)
    )
    assert two["asOfSequence"] == feed.latest_sequence, "read-your-writes: every logged set"
    # Sessions minutes apart are not a trend (decision 0037; weeks of sessions in
    # test_exercise_names_and_trends.py): the exercise is listed as not enough data instead.
    assert two["trends"] == [] and two["suggestions"] == []
    (short,) = two["notEnoughData"]
    today = datetime.now(ZoneInfo(ZONE)).date()
    assert short["exerciseID"] == squat and short["catalogExerciseID"] == squat and short["exerciseName"]
    assert (short["sampleSize"], short["spanDays"]) == (2, 0)
    assert short["dateRange"] == {"from": today.isoformat(), "to": (today + timedelta(days=1)).isoformat()}
    (week,) = two["focusBalance"]["weeks"]
    assert any(m["muscle"] == "quads" and m["primarySets"] == 2 for m in week["muscles"]), week

    await _log_session(account_stack, workouts[2], squat, 105, 5)
    view = await metric.read("insights", timeZone=ZONE, formula="brzycki")

    _assert_envelope(view, ZONE)
    data = view["data"]
    assert data["asOfSequence"] > two["asOfSequence"] and data["formula"] == "brzycki"
    assert data["trends"] == [] and [s["sampleSize"] for s in data["notEnoughData"]] == [3]
    for proposal in data["planAdjustments"]:
        assert proposal["status"] == "proposal" and proposal["requiresApproval"] is True


async def test_bad_arguments_are_400s_naming_the_field(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)
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
    async with rest_client(account_stack) as http:
        response = await http.get("/training", params={"view": "insights", "formula": "lombardi"})
    assert response.status_code == 400 and response.json()["field"] == "formula"
    assert response.headers["cache-control"] == "private, no-store"


async def test_the_rest_mirror_answers_the_same(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)
    squat, (workout,) = await _daily_workouts(metric, 1)
    await _log_session(account_stack, workout, squat, 80, 8)

    tool = await metric.read("insights", timeZone=ZONE, formula="brzycki")
    async with rest_client(account_stack) as http:
        response = await http.get(
            "/training", params={"view": "insights", "timeZone": ZONE, "formula": "brzycki"}
        )

    assert response.status_code == 200 and response.headers["cache-control"] == "private, no-store"
    assert response.json() == tool
    assert tool["data"]["focusBalance"]["weeks"], "the logged set counts in this week's balance"


def _movement(exercise_id: str, **fields: Any) -> dict[str, Any]:
    return {"workoutExerciseID": str(uuid.uuid4()), "exerciseID": exercise_id, **fields}


async def _create(metric: Tools, key: str, workout: dict[str, Any]) -> dict[str, Any]:
    request = {
        "epoch": await metric.epoch(),
        "timeZone": ZONE,
        "idempotencyKey": key,
        "expectedVersions": {},
        "input": {
            "action": "createWorkout",
            "workout": {"schedule": {"type": "everyNDays", "intervalDays": 1}} | workout,
        },
    }
    (created,) = (await metric("edit_training", request))["workouts"]
    return dict(created)


async def _occurrence_edit(metric: Tools, key: str, workout_id: str, action: dict[str, Any]) -> None:
    (current,) = (await metric.read("workouts", id=workout_id))["data"]["workouts"]
    await metric(
        "edit_training",
        {
            "epoch": await metric.epoch(),
            "timeZone": ZONE,
            "idempotencyKey": key,
            "expectedVersions": {f"workout:{workout_id}": current["version"]},
            "input": {"workoutID": workout_id} | action,
        },
    )


def _done(number: int, **fields: Any) -> sessions_pb2.PerformanceSet:
    return sessions_pb2.PerformanceSet(set_number=number, set_type="N", completed=True, **fields)


async def _occurrence_session(
    account_stack: Any,
    workout_id: str,
    day: date,
    performances: list[tuple[str, list[sessions_pb2.PerformanceSet]]],
) -> None:
    """Start the occurrence's session, log each exercise's sets and complete it."""
    sessions = account_stack.backends.sessions
    started = await sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=account_stack.account_id,
            workout_id=workout_id,
            original_scheduled_day=day.isoformat(),
            title="Occurrence",
            device_id="tests",
        )
    )
    session_id = started.session.session_id
    for exercise_id, sets in performances:
        await sessions.LogPerformance(
            sessions_pb2.LogPerformanceRequest(
                account_id=account_stack.account_id, session_id=session_id, exercise_id=exercise_id, sets=sets
            )
        )
    await sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(
            account_id=account_stack.account_id, session_id=session_id, device_id="tests"
        )
    )


def _engine_sets(burpees: int, pull_ups: int, meters: float, seconds: float) -> list[Any]:
    return [
        ("burpee", [_done(n, reps_number=10) for n in range(1, burpees + 1)]),
        ("pull-up", [_done(n, reps_number=5) for n in range(1, pull_ups + 1)]),
        ("run", [_done(1, distance_meters=meters, time_seconds=seconds)]),
    ]


async def test_workout_choices_and_comparable_pace_and_rounds_after_training_writes(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)
    today = datetime.now(ZoneInfo(ZONE)).date()
    yesterday = today - timedelta(days=1)
    burpee, pull_up = (
        _movement("burpee", trackingMode="sets", targetSets=1, targetReps=10, restSeconds=0),
        _movement("pull-up", trackingMode="sets", targetSets=1, targetReps=5, restSeconds=0),
    )
    block = {
        "configuration": {"format": "amrap", "durationSeconds": 600, "rounds": 5, "intervalSeconds": 60},
        "exerciseIDs": [burpee["workoutExerciseID"], pull_up["workoutExerciseID"]],
    }
    engine = await _create(
        metric,
        "insights-engine-0001",
        {
            "name": "Engine",
            "kind": "crossFit",
            "exercises": [
                burpee,
                pull_up,
                _movement("run", trackingMode="distance", targetDistanceMeters=2000),
            ],
            "crossFitBlocks": [block],
        },
    )
    squat = _movement(
        "barbell-back-squat", trackingMode="sets", targetSets=3, targetReps=5, targetWeightKg=100
    )
    strength = await _create(
        metric, "insights-strength-01", {"name": "Strength A", "kind": "legs", "exercises": [squat]}
    )

    # Yesterday's Strength A is moved to today: the very next read has it.
    move = {
        "action": "moveOccurrence",
        "originalScheduledDay": yesterday.isoformat(),
        "destinationDay": today.isoformat(),
    }
    await _occurrence_edit(metric, "insights-move-0001", strength["id"], move)
    moved = (await metric.read("insights", timeZone=ZONE))["data"]
    (choice,) = moved["workoutChoices"]
    assert (choice["workoutName"], choice["occurrencesMoved"], choice["sessions"]) == ("Strength A", 1, 0)

    # Engine's own occurrence from yesterday, then today's Strength A replaced by Engine and done as it.
    await _occurrence_session(account_stack, engine["id"], yesterday, _engine_sets(5, 4, 2000, 600))
    replace = {
        "action": "replaceOccurrence",
        "originalScheduledDay": today.isoformat(),
        "replacementWorkoutID": engine["id"],
    }
    await _occurrence_edit(metric, "insights-repl-0001", strength["id"], replace)
    await _occurrence_session(account_stack, strength["id"], today, _engine_sets(6, 6, 2500, 700))

    view = await metric.read("insights", timeZone=ZONE)

    _assert_envelope(view, ZONE)
    data = view["data"]
    library = await account_stack.backends.training.ListLibraryChanges(
        training_pb2.ListLibraryChangesRequest(account_id=account_stack.account_id)
    )
    assert data["asOfTrainingSequence"] == library.latest_sequence, "read-your-writes: every library edit"
    by_name = {c["workoutName"]: c for c in data["workoutChoices"]}
    assert [c["workoutName"] for c in data["workoutChoices"]] == [
        "Engine",
        "Strength A",
    ]  # most sessions first
    assert (by_name["Engine"]["occurrencesCompleted"], by_name["Engine"]["replacedOthers"]) == (1, 1)
    assert (by_name["Engine"]["sessions"], by_name["Engine"]["sessionsCompleted"]) == (2, 2)
    a = by_name["Strength A"]
    assert (a["occurrencesCompleted"], a["occurrencesMoved"], a["occurrencesReplaced"], a["sessions"]) == (
        0,
        1,
        1,
        0,
    )
    assert a["replacedBy"] == [{"workoutID": engine["id"], "workoutName": "Engine", "occurrences": 1}]
    assert data["sessionSources"] == {
        "trainingWorkoutSessions": 2,
        "removedWorkoutSessions": 0,
        "freestyleSessions": 0,
        "planDaySessions": 0,
    }
    (compared,) = data["comparableWorkouts"]
    assert (compared["workoutID"], compared["workoutKind"], compared["sampleSize"]) == (
        engine["id"],
        "crossFit",
        2,
    )
    assert compared["dateRange"] == {"from": today.isoformat(), "to": (today + timedelta(days=1)).isoformat()}
    first, second = compared["sessions"]
    block_id = (await metric.read("workouts", id=engine["id"]))["data"]["workouts"][0]["crossFitBlocks"][0][
        "id"
    ]
    assert (first["distanceMeters"], first["paceSecondsPerKm"]) == (2000, 300)  # 600 s over 2 km
    assert first["rounds"] == [
        {"blockID": block_id, "format": "amrap", "completedRounds": 4, "roundsChange": None}
    ]
    assert (second["distanceMeters"], second["paceSecondsPerKm"]) == (2500, 280)  # 700 s over 2.5 km
    assert (second["distanceChangeMeters"], second["paceChangeSecondsPerKm"]) == (500, -20)
    assert second["rounds"][0]["completedRounds"] == 6 and second["rounds"][0]["roundsChange"] == 2
    assert first["durationSeconds"] >= 0 and first["durationChangeSeconds"] is None
    assert isinstance(second["durationChangeSeconds"], int | float)


async def test_an_add_sets_proposal_names_the_workout_and_movement_to_change(account_stack):
    metric = Tools(account_stack.mcp_url, account_stack.api_key)
    today = datetime.now(ZoneInfo(ZONE)).date()
    legs = await _create(
        metric,
        "insights-legs-00001",
        {
            "name": "Legs",
            "kind": "legs",
            "exercises": [_movement("barbell-back-squat", trackingMode="sets", targetSets=12, targetReps=5)],
        },
    )
    arms = await _create(
        metric,
        "insights-arms-00001",
        {
            "name": "Arms",
            "kind": "biceps",
            "exercises": [
                _movement("barbell-curl", trackingMode="sets", targetSets=3, targetReps=10),
                _movement("hammer-curl", trackingMode="sets", targetSets=3, targetReps=10),
            ],
        },
    )
    await _occurrence_session(
        account_stack,
        legs["id"],
        today,
        [("barbell-back-squat", [_done(n, weight_kg=100, reps_number=5) for n in range(1, 13)])],
    )
    await _occurrence_session(
        account_stack,
        arms["id"],
        today,
        [("barbell-curl", [_done(n, weight_kg=30, reps_number=10) for n in (1, 2)])],
    )

    data = (await metric.read("insights", timeZone=ZONE))["data"]

    # 12 squat sets give glutes and quads 12 a week or more; the curl's 2 sets give forearms (its
    # secondary muscle) 1, under a third: one more set, on the movement that trains forearms most.
    (proposal,) = [p for p in data["planAdjustments"] if p["kind"] == "add_sets"]
    assert (proposal["muscle"], proposal["extraSetsPerWeek"], proposal["status"]) == (
        "forearms",
        1,
        "proposal",
    )
    (target,) = proposal["targets"]
    (stored,) = (await metric.read("workouts", id=arms["id"]))["data"]["workouts"]
    hammer = stored["exercises"][1]
    assert (target["workoutID"], target["workoutName"], target["workoutVersion"]) == (
        arms["id"],
        "Arms",
        stored["version"],
    )
    assert (target["workoutExerciseID"], target["exerciseID"]) == (hammer["id"], "hammer-curl")
    assert (target["currentTargetSets"], target["proposedTargetSets"]) == (3, 4)
    assert target["currentTargetWeightKg"] is None and target["planID"] is None
