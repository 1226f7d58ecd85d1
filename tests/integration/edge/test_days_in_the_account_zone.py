"""Every profile's date filters read the caller's days in the account's time zone (decision 0105):
a workout done at 22:05 in New York on Sunday is Sunday's, in every list and every answer."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import date, timedelta
from typing import Any

import httpx2
import pytest
import pytest_asyncio
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import PRIMED
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from knowledge.training.formats import week_start
from tests.conftest import EngineFactory
from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, ClientAi, gym_admin, open_gym
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.edge.metric_calls import Tools, minimal_create
from tests.integration.edge.ows_calls import OWS_PATH, Ows
from tests.integration.edge.primed_calls import Primed
from tests.integration.edge.runflow_calls import RunFlow
from tests.integration.edge.zoned_days import MOMENT_IDS, MOMENTS, LocalMoment, SettableClock, zoned_account

pytestmark = pytest.mark.asyncio(loop_scope="module")

CLOCK = SettableClock()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def zoned_stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    tmp_path = tmp_path_factory.mktemp("zoned")
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(factory, tmp_path, sessions_clock=CLOCK, training_clock=CLOCK) as running:
            yield running
    finally:
        CLOCK.moment = None
        factory.close()


async def log_squats_at(ows: Ows, moment: LocalMoment, day: date) -> dict[str, Any]:
    """A workout logged through OWS at ``moment``'s local time on ``day``."""
    CLOCK.moment = moment.on(day)
    try:
        return await ows(
            "log_workout", {"exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100}]}]}
        )
    finally:
        CLOCK.moment = None


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_ows_workouts_are_on_the_local_day(zoned_stack: Stack, moment: LocalMoment) -> None:
    _, key = await zoned_account(zoned_stack.backends, moment.zone, ["ows"])
    ows = Ows(zoned_stack.base_url + OWS_PATH, key)
    day = moment.yesterday()
    logged = await log_squats_at(ows, moment, day)
    assert logged["workout"]["date"] == day.isoformat(), logged

    # The default window ends today: a workout of tonight (or this early morning) is in it.
    today = day + timedelta(days=1)
    tonight = await log_squats_at(ows, moment, today)
    assert tonight["workout"]["date"] == today.isoformat(), tonight
    default = await ows("get_workouts", {})
    assert [w["date"] for w in default["workouts"]] == [today.isoformat(), day.isoformat()]
    that_day = await ows("get_workouts", {"from": day.isoformat(), "to": day.isoformat()})
    assert [w["id"] for w in that_day["workouts"]] == [logged["workout"]["id"]]
    before = (day - timedelta(days=1)).isoformat()
    assert (await ows("get_workouts", {"from": before, "to": before}))["workouts"] == []
    progress = await ows(
        "get_progress",
        {"exercise": "squat", "metric": "volume", "from": day.isoformat(), "to": day.isoformat()},
    )
    assert [(p["date"], p["workout_id"]) for p in progress["points"]] == [
        (day.isoformat(), logged["workout"]["id"])
    ]
    only_today = await ows("get_workouts", {"from": today.isoformat(), "to": today.isoformat()})
    assert [w["id"] for w in only_today["workouts"]] == [tonight["workout"]["id"]]


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_client_ai_sessions_and_history_are_on_the_local_day(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    account_id, key = await zoned_account(zoned_stack.backends, moment.zone, ["client_ai"])
    channel, admin = gym_admin(zoned_stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, account_id)
    finally:
        await channel.close(None)
    tools = ClientAi(zoned_stack.base_url + CLIENT_AI_PATH, key)
    day = moment.yesterday()
    CLOCK.moment = moment.on(day)
    try:
        started = await tools(
            "client_ai_start_or_resume_my_workout_session",
            {"planId": gym.plan.id, "planMomentId": gym.push_day.id},
        )
        session_id = started["session"]["id"]
        await tools(
            "client_ai_log_my_workout_performance",
            {
                "sessionId": session_id,
                "exerciseId": gym.exercises["bench"],
                "sets": [{"setNumber": 1, "weight": 80, "reps": 8, "completed": True}],
            },
        )
        await tools("client_ai_complete_my_workout_session", {"sessionId": session_id})
    finally:
        CLOCK.moment = None

    that_day = {"dateFrom": day.isoformat(), "dateTo": day.isoformat()}
    listed = await tools("client_ai_list_my_workout_sessions", that_day)
    assert [s["id"] for s in listed["sessions"]] == [session_id]
    history = await tools(
        "client_ai_get_my_exercise_history", {"exerciseId": gym.exercises["bench"], **that_day}
    )
    assert [e["sessionId"] for e in history["entries"]] == [session_id]
    assert [s["id"] for s in (await tools("client_ai_list_my_workout_sessions", {}))["sessions"]] == [
        session_id
    ]
    for other in (day - timedelta(days=1), day + timedelta(days=1)):
        elsewhere = {"dateFrom": other.isoformat(), "dateTo": other.isoformat()}
        assert (await tools("client_ai_list_my_workout_sessions", elsewhere))["sessions"] == [], other
        bench = {"exerciseId": gym.exercises["bench"], **elsewhere}
        assert (await tools("client_ai_get_my_exercise_history", bench))["entries"] == [], other


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_metric_history_without_a_time_zone_is_in_the_account_zone(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    _, key = await zoned_account(zoned_stack.backends, moment.zone, ["ows", "training"])
    day = moment.yesterday()
    logged = await log_squats_at(Ows(zoned_stack.base_url + OWS_PATH, key), moment, day)
    metric = Tools(zoned_stack.mcp_url, key)

    that_day = await metric.read(
        "history", **{"from": day.isoformat(), "to": (day + timedelta(days=1)).isoformat()}
    )
    assert that_day["timeZone"] == moment.zone
    (session,) = that_day["data"]["sessions"]
    assert session["day"] == day.isoformat(), session
    assert logged["workout"]["id"] == f"w_{session['sessionId']}"
    default = await metric.read("history")
    today = day + timedelta(days=1)
    assert default["data"]["to"] == (today + timedelta(days=1)).isoformat()  # exclusive: through today
    this_week = await metric.read("calendar")
    assert this_week["data"]["from"] == week_start(today, this_week["data"]["weekStartsOn"]).isoformat()
    assert [s["day"] for s in default["data"]["sessions"]] == [day.isoformat()]
    for other in (day - timedelta(days=1), day + timedelta(days=1)):
        window = {"from": other.isoformat(), "to": (other + timedelta(days=1)).isoformat()}
        assert (await metric.read("history", **window))["data"]["sessions"] == [], other
    # A supplied timeZone wins (seed 000: days are local in the supplied zone).
    utc = await metric.read(
        "history", timeZone="UTC", **{"from": day.isoformat(), "to": (day + timedelta(days=1)).isoformat()}
    )
    assert utc["timeZone"] == "UTC"


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_analytics_rest_without_a_time_zone_is_in_the_account_zone(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    _, key = await zoned_account(zoned_stack.backends, moment.zone, ["ows", "training"])
    day = moment.yesterday()
    logged = await log_squats_at(Ows(zoned_stack.base_url + OWS_PATH, key), moment, day)
    squat = logged["workout"]["entries"][0]["exercise_id"]

    async with httpx2.AsyncClient(
        base_url=zoned_stack.base_url + "/api/analytics",
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    ) as http:

        async def progress_days(first: date) -> list[str]:
            window = {"from": first.isoformat(), "to": (first + timedelta(days=1)).isoformat()}
            answer = await http.get("/progress", params={"exerciseId": squat, "metric": "volume", **window})
            assert answer.status_code == 200, answer.text
            assert answer.json()["timeZone"] == moment.zone
            return [p["day"] for p in answer.json()["points"]]

        assert await progress_days(day) == [day.isoformat()]
        assert await progress_days(day - timedelta(days=1)) == []
        assert await progress_days(day + timedelta(days=1)) == []


async def record_run_at(stack: Stack, account_id: str, moment: LocalMoment, day: date) -> str:
    """A 40-minute run recorded as starting at ``moment``'s local time on ``day``; its ID."""
    stamp = Timestamp()
    stamp.FromDatetime(moment.on(day))
    recorded = await stack.backends.endurance.RecordActivity(
        records_pb2.RecordActivityRequest(
            account_id=account_id,
            activity=records_pb2.ActivityInput(
                sport="run", start_time=stamp, duration_s=2400, distance_m=8000
            ),
        )
    )
    return str(recorded.activity.activity_id)


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_primed_recent_activity_is_on_the_local_day(zoned_stack: Stack, moment: LocalMoment) -> None:
    account_id, _ = await zoned_account(zoned_stack.backends, moment.zone, ["ows"])
    day = moment.yesterday()
    await record_run_at(zoned_stack, account_id, moment, day)
    issued = await zoned_stack.backends.auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=zoned_stack.base_url + PRIMED.path, scopes=list(PRIMED.scopes)
        )
    )
    primed = Primed(zoned_stack, issued.access_token)

    since_yesterday = await primed("get_recent_activity_summary", {"days": 2})
    assert [a["date"] for a in since_yesterday["activities"]] == [day.isoformat()]
    assert since_yesterday["period"]["start_date"] == day.isoformat()
    today_only = await primed("get_recent_activity_summary", {"days": 1})
    assert today_only["activities"] == []
    upcoming = await primed("get_upcoming_training")
    assert (upcoming["start_date"], upcoming["timezone"]) == (
        (day + timedelta(days=1)).isoformat(),
        moment.zone,
    )


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_runflow_activities_are_on_the_local_day(zoned_stack: Stack, moment: LocalMoment) -> None:
    account_id, key = await zoned_account(zoned_stack.backends, moment.zone, ["mcp:full"])
    await zoned_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, plan_tier="pro")
    )
    day = moment.yesterday()
    activity_id = await record_run_at(zoned_stack, account_id, moment, day)
    runflow = RunFlow(zoned_stack, key)

    that_day = await runflow(
        "get_recent_activities", {"startDate": day.isoformat(), "endDate": day.isoformat()}
    )
    assert [(a["activityId"], a["date"]) for a in that_day["activities"]] == [(activity_id, day.isoformat())]
    for other in (day - timedelta(days=1), day + timedelta(days=1)):
        window = {"startDate": other.isoformat(), "endDate": other.isoformat()}
        assert (await runflow("get_recent_activities", window))["activities"] == [], other
    runs = await runflow("get_running_analytics", {"days": 2})
    assert [r["date"] for r in runs["runsSeries"]] == [day.isoformat()]
    assert runs["window"] == {"startDate": day.isoformat(), "endDate": (day + timedelta(days=1)).isoformat()}
    assert (await runflow("get_running_analytics", {"days": 1}))["runsSeries"] == []


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_endurance_rest_activities_are_on_the_local_day(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    account_id, key = await zoned_account(zoned_stack.backends, moment.zone, ["ows"])
    day = moment.yesterday()
    activity_id = await record_run_at(zoned_stack, account_id, moment, day)

    async with httpx2.AsyncClient(
        base_url=zoned_stack.base_url + "/api/endurance",
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    ) as http:

        async def listed(first: date) -> list[tuple[str, str]]:
            answer = await http.get(
                "/activities", params={"from": first.isoformat(), "to": first.isoformat()}
            )
            assert answer.status_code == 200, answer.text
            return [(a["activityId"], a["day"]) for a in answer.json().get("activities", [])]

        assert await listed(day) == [(activity_id, day.isoformat())]
        assert await listed(day - timedelta(days=1)) == []
        assert await listed(day + timedelta(days=1)) == []


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_metric_workouts_show_the_schedule_in_force_on_the_local_today(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    _, key = await zoned_account(zoned_stack.backends, moment.zone, ["training"])
    metric = Tools(zoned_stack.mcp_url, key)
    today = moment.yesterday()  # today for Training's clock, set to the moment on that day
    CLOCK.moment = moment.on(today)
    try:
        create = minimal_create(
            await metric.epoch(), await metric.exercise_id("back squat"), "zoned-create-1"
        )
        (workout,) = (await metric("edit_training", {**create, "timeZone": moment.zone}))["workouts"]
        change = {
            "epoch": await metric.epoch(),
            "timeZone": moment.zone,
            "idempotencyKey": "zoned-change-1",
            "expectedVersions": {f"workout:{workout['id']}": workout["version"]},
            "input": {
                "action": "changeSchedule",
                "workoutID": workout["id"],
                "effectiveDay": today.isoformat(),
                "schedule": {"type": "weekdays", "weekdays": [1, 7]},
            },
        }
        await metric("edit_training", change)
        read = await metric.read("workouts", id=workout["id"])
        listed = await metric.read("workouts")
    finally:
        CLOCK.moment = None
    (stored,) = read["data"]["workouts"]
    assert stored["schedule"]["weekdays"] == [1, 7], stored
    assert [w["schedule"]["weekdays"] for w in listed["data"]["workouts"]] == [[1, 7]]


@pytest.mark.parametrize("moment", MOMENTS, ids=MOMENT_IDS)
async def test_workout_log_rest_exports_are_in_the_local_days(
    zoned_stack: Stack, moment: LocalMoment
) -> None:
    _, key = await zoned_account(zoned_stack.backends, moment.zone, ["ows"])
    day = moment.yesterday()
    await log_squats_at(Ows(zoned_stack.base_url + OWS_PATH, key), moment, day)

    async with httpx2.AsyncClient(
        base_url=zoned_stack.base_url + "/api/workout-log",
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    ) as http:
        exported = await http.get("/export.csv")
        document = await http.get("/export")
    assert exported.status_code == 200, exported.text
    rows = list(csv.reader(io.StringIO(exported.text)))[1:]
    assert {row[0][:10] for row in rows} == {day.isoformat()}, rows
    # Files are named after the day the user downloads them on.
    today = (day + timedelta(days=1)).isoformat()
    assert exported.headers["Content-Disposition"] == f'attachment; filename="kinetic-workouts-{today}.csv"'
    assert document.headers["Content-Disposition"] == f'attachment; filename="kinetic-export-{today}.json"'
