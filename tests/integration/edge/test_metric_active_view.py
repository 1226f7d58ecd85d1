"""A session logged through Client AI shows in Metric's ``active`` and ``history`` views and in the
account's change feed, in order (seed 000 "Insights and live progress"; seed 002)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from services.sessions import bootstrap as sessions
from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, ClientAi, client_ai_key, gym_admin, open_gym
from tests.integration.edge.metric_calls import ZONE, Tools, minimal_create

# Words that would present a snapshot as live progress.
CURRENT = re.compile(r"(?<!no )(?<!not )\bcurrent progress\b", re.IGNORECASE)


@pytest.fixture
async def gym(stack):
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        yield await open_gym(admin, stack.account_id)
    finally:
        await channel.close(None)


async def test_no_session_in_progress_means_snapshot_null(stack):
    metric = Tools(stack.mcp_url, stack.api_key)
    active = await metric.read("active")
    assert active["view"] == "active" and active["contentTrust"] == "user-provided" and "epoch" in active
    assert active["data"]["snapshot"] is None
    assert not CURRENT.search(active["data"]["note"]), active["data"]["note"]
    error = await metric.error("read_training", {"view": "active", "from": "2026-01-01"})
    assert error["field"] == "from"


async def test_a_client_ai_session_shows_in_active_history_and_the_feed_in_order(stack, gym):
    metric = Tools(stack.mcp_url, stack.api_key)
    client = ClientAi(stack.base_url + CLIENT_AI_PATH, await client_ai_key(stack.backends, stack.account_id))
    session = (
        await client(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
        )
    )["session"]
    await client(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session["id"],
            "exerciseId": gym.exercises["bench"],
            "sets": [{"setNumber": 1, "weight": 80, "reps": 8, "rpe": 8, "completed": True}],
        },
    )

    active = (await metric.read("active"))["data"]
    snapshot = active["snapshot"]
    assert snapshot["session"]["sessionId"] == session["id"]
    assert snapshot["session"]["status"] == "in_progress"
    (performance,) = snapshot["session"]["performances"]
    assert performance["sets"][0]["weightKg"] == 80
    assert 0 <= snapshot["ageSeconds"] <= 60 and snapshot["stale"] is False and snapshot["label"] is None
    updated = datetime.fromisoformat(snapshot["updatedAt"].replace("Z", "+00:00"))
    assert abs((datetime.now(UTC) - updated).total_seconds() - snapshot["ageSeconds"]) < 5
    assert "accountId" not in snapshot["session"]

    before = (await metric.read("history"))["data"]
    assert before["sessions"] == [], "in progress is not history"
    await client("client_ai_complete_my_workout_session", {"sessionId": session["id"]})

    assert (await metric.read("active"))["data"]["snapshot"] is None
    history = (await metric.read("history"))["data"]
    (completed,) = history["sessions"]
    assert completed["sessionId"] == session["id"] and completed["status"] == "completed"
    # Issue 14: history showed performanceCount 1 and performances []; now the exercises and sets,
    # the local day with its weekday, and no gym or account fields.
    assert completed["performanceCount"] == 1
    assert completed["performances"] == [
        {
            "exerciseId": gym.exercises["bench"],
            "exerciseName": "Bench Press",  # decision 0037: named as logged, with its catalog exercise
            "catalogExerciseId": "barbell-bench-press",
            "sets": [{"setNumber": 1, "weightKg": 80, "reps": 8, "rpe": 8}],
        }
    ]
    assert datetime.fromisoformat(completed["day"]).strftime("%A") == completed["weekday"]
    assert not {"companyId", "accountId", "planExerciseId"} & set(completed)
    assert completed["planId"] == gym.plan.id and "workoutId" not in completed
    assert history["sessionsTruncated"] is False
    earlier = (await metric.read("history", **{"from": "2025-01-01", "to": "2025-02-01"}))["data"]
    assert earlier["sessions"] == []

    feed = await stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=stack.account_id)
    )
    sequences = [c.sequence for c in feed.changes]
    assert sequences == list(range(1, len(sequences) + 1)) and feed.latest_sequence == sequences[-1]
    stored = await stack.backends.sessions.GetSession(
        sessions_pb2.GetSessionRequest(account_id=stack.account_id, session_id=session["id"])
    )
    performance_id = stored.session.performances[0].performance_id
    ours = [c.kind for c in feed.changes if c.record_id in (session["id"], performance_id)]
    assert ours == ["session.started", "performance.logged", "session.completed"]
    after_first = await stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=stack.account_id, after_sequence=1, page_size=1)
    )
    assert [c.sequence for c in after_first.changes] == [2]


@pytest.fixture
async def sessions_reaching_training(stack, sqlite_engines, tmp_path):
    """A second sessions replica on the stack's database that can reach the stack's training.

    The stack's own sessions server is started without a training address; occurrence sessions
    need one to mark the occurrence.
    """
    running = await sessions.start(
        ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": str(tmp_path)}),
        port=0,
        engine=sqlite_engines("sessions"),
        training_target=f"127.0.0.1:{stack.servers['training'].port}",
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield sessions_pb2_grpc.SessionsServiceStub(channel)
    finally:
        await channel.close(None)
        await running.stop(0)


async def test_a_session_of_an_occurrence_shows_once_in_history(stack, sessions_reaching_training):
    metric = Tools(stack.mcp_url, stack.api_key)
    epoch = await metric.epoch()
    request = minimal_create(epoch, await metric.exercise_id("back squat"), key="daily-squat-0001")
    request["input"]["workout"]["schedule"] = {"type": "everyNDays", "intervalDays": 1}
    (workout,) = (await metric("edit_training", request))["workouts"]
    today = datetime.now(ZoneInfo(ZONE)).date().isoformat()
    started = await sessions_reaching_training.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=stack.account_id,
            workout_id=workout["id"],
            original_scheduled_day=today,
            title=workout["name"],
            device_id="tests",
        )
    )
    await sessions_reaching_training.CompleteSession(
        sessions_pb2.CompleteSessionRequest(
            account_id=stack.account_id, session_id=started.session.session_id, device_id="tests"
        )
    )

    history = (await metric.read("history", timeZone=ZONE))["data"]

    (occurrence,) = history["occurrences"]
    assert (occurrence["workoutID"], occurrence["originalScheduledDay"]) == (workout["id"], today)
    assert occurrence["status"] == "completed"
    assert occurrence["sessionID"] == started.session.session_id
    assert history["sessions"] == [], "shown once, as its occurrence"
