"""The RunFlow profile's tools without plans (seed 004) on the real edge and services: every tool with
an API key and with an access token, the paid-tier gate, the external-provider rule, bad arguments,
and a health log read back at once (decision 0061)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import pytest_asyncio
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from tests.eventually import status_becomes, status_of
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key, runflow_token, tool_error_text

pytestmark = pytest.mark.asyncio(loop_scope="module")


def today() -> date:
    """UTC's day (the stack's account lives in UTC), read when a test runs: a module-level date
    would be yesterday's for a suite running past midnight."""
    return datetime.now(UTC).date()


PRIVATE_NAME = "Secret loop past my house"
TOOLS = [
    "get_athlete_profile",
    "get_fitness_metrics",
    "get_cycling_analytics",
    "get_running_analytics",
    "get_swimming_analytics",
    "get_recent_activities",
    "get_readiness_and_health",
    "log_daily_health",
]


def started(days_ago: int, hour: int = 7) -> Timestamp:
    moment = datetime.combine(today() - timedelta(days=days_ago), datetime.min.time(), UTC).replace(hour=hour)
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


async def set_thresholds(account_stack) -> None:
    day = (today() - timedelta(days=30)).isoformat()
    for threshold in (
        records_pb2.Threshold(kind="ftp", watts=250),
        records_pb2.Threshold(kind="threshold_pace", seconds_per_km=270),
        records_pb2.Threshold(kind="css", seconds_400m=360, seconds_200m=170),
        records_pb2.Threshold(kind="max_hr", bpm=190),
        records_pb2.Threshold(kind="resting_hr", bpm=50),
    ):
        threshold.effective_day = day
        threshold.source = "manual"
        await account_stack.backends.endurance.SetThreshold(
            records_pb2.SetThresholdRequest(account_id=account_stack.account_id, threshold=threshold)
        )


async def record(account_stack, **fields) -> str:
    response = await account_stack.backends.endurance.RecordActivity(
        records_pb2.RecordActivityRequest(
            account_id=account_stack.account_id, activity=records_pb2.ActivityInput(**fields)
        )
    )
    return str(response.activity.activity_id)


async def record_week(account_stack) -> dict[str, str]:
    """A ride, an external-provider ride, a run and a swim in the last days."""
    return {
        "ride": await record(
            account_stack,
            sport="ride",
            start_time=started(3),
            duration_s=3600,
            distance_m=32000,
            avg_power_w=190,
            normalized_power_w=210,
            avg_hr=140,
            name="Tempo ride",
        ),
        "external": await record(
            account_stack,
            sport="ride",
            start_time=started(2),
            duration_s=5400,
            distance_m=45000,
            avg_power_w=170,
            normalized_power_w=180,
            name=PRIVATE_NAME,
            description="Door code 1234",
            source="sync",
            source_app="Provider",
            external_provider=True,
        ),
        "run": await record(
            account_stack, sport="run", start_time=started(1), duration_s=3000, distance_m=10000, avg_hr=150
        ),
        "swim": await record(
            account_stack, sport="swim", start_time=started(1, 18), duration_s=1800, distance_m=1500
        ),
    }


@pytest_asyncio.fixture(params=["api_key", "access_token"], loop_scope="module")
async def runflow(request, account_stack) -> RunFlow:
    """A pro athlete's RunFlow client, with an API key or an OAuth access token (both mcp:full)."""
    await pro(account_stack)
    token = await (runflow_key(account_stack) if request.param == "api_key" else runflow_token(account_stack))
    return RunFlow(account_stack, token)


async def test_every_tool_answers_with_either_credential(account_stack, runflow):
    await set_thresholds(account_stack)
    ids = await record_week(account_stack)

    profile = await runflow("get_athlete_profile")
    assert profile["units"] == "metric" and profile["distanceUnit"] == "km" and profile["firstWeekday"] == 1
    assert profile["cycling"]["ftpWatts"] == 250
    bike = profile["cycling"]["planBikeZones"]
    assert [zone["fromWatts"] for zone in bike[1:]] == [zone["toWatts"] for zone in bike[:-1]]
    assert bike[-1]["toWatts"] is None
    assert profile["running"]["vdot"] is not None
    assert profile["running"]["paces"]["threshold"]["perKm"]
    assert profile["running"]["paces"]["threshold"]["perMile"]
    assert [zone["zone"] for zone in profile["heartRate"]["zones"]] == ["Z1", "Z2", "Z3", "Z4", "Z5", "Z6"]
    assert profile["swimming"]["cssSecondsPer100m"] == 95.0
    assert profile["swimming"]["paceZones"]

    fitness = await runflow("get_fitness_metrics", {"days": 10})
    assert len(fitness["series"]) == 10 and fitness["current"]["date"] == today().isoformat()
    current = fitness["current"]
    for name in ("ctl", "atl", "tsb", "workloadRatio", "ctlRunning", "atlRunning", "tsbRunning"):
        assert name in current
    assert current["ctlBike"] > 0 and current["ctlRunning"] > 0
    assert current["overtrainingRisk"] in ("low", "moderate", "high", "very_high", None)

    cycling = await runflow("get_cycling_analytics", {"days": 7})
    assert cycling["summary"]["rides"] == 2
    ride = next(r for r in cycling["ridesSeries"] if r["activityId"] == ids["ride"])
    assert ride["npWatts"] == 210 and ride["intensityFactor"] == 0.84 and ride["bikeTss"] > 0
    assert ride["name"] == "Tempo ride"
    assert cycling["weeklyTrends"] and isinstance(cycling["powerCurve"], list)

    running = await runflow("get_running_analytics", {"days": 7})
    assert running["summary"]["runs"] == 1 and running["summary"]["distanceKm"] == 10.0
    assert running["summary"]["avgPaceSecondsPerKm"] == 300.0
    assert [run["activityId"] for run in running["runsSeries"]] == [ids["run"]]

    swimming = await runflow("get_swimming_analytics", {"days": 7})
    assert swimming["summary"] == {
        "swims": 1,
        "distanceM": 1500,
        "movingMinutes": 30.0,
        "avgPaceSecondsPer100m": 120.0,
        "swimTss": swimming["summary"]["swimTss"],
    }
    assert swimming["cssSecondsPer100m"] == 95.0

    recent = await runflow("get_recent_activities", {"days": 7})
    assert recent["count"] == 4 and len(recent["activities"]) == 4
    assert [a["activityId"] for a in recent["activities"]][-1] == ids["ride"]  # newest first

    logged = await runflow("log_daily_health", {"weightKg": 70.5, "steps": 9000, "fatigue": 2})
    assert logged["date"] == today().isoformat()
    health = await runflow("get_readiness_and_health")
    assert health["healthLogs"][-1] == {"date": today().isoformat(), "weightKg": 70.5, "steps": 9000}
    assert health["latest"]["fatigue"] == 2 and set(health["latest"]["load"]) == {"date", "ctl", "atl", "tsb"}


async def test_an_external_provider_activity_is_scrubbed_with_the_notice(account_stack, runflow):
    ids = await record_week(account_stack)
    for tool, key in (("get_recent_activities", "activities"), ("get_cycling_analytics", "ridesSeries")):
        answer = await runflow(tool, {"days": 7})
        synced = next(a for a in answer[key] if a["activityId"] == ids["external"])
        assert "name" not in synced and "description" not in synced and "sourceApp" not in synced
        assert synced["stravaComplianceNotice"] == (  # the seed's notice, word for word
            "Activity title, description, and raw GPS/sensor streams are omitted for Strava-synced "
            "activities per Strava API terms. To inspect raw Strava activity details or streams, please "
            "use the official Strava MCP server."
        )
        assert synced["npWatts"] == 180 and synced["distanceKm"] == 45.0  # Kinetic's own figures stay
        own = next(a for a in answer[key] if a["activityId"] == ids["ride"])
        assert "stravaComplianceNotice" not in own
        text = str(answer)
        assert PRIVATE_NAME not in text and "Door code" not in text


async def test_a_health_log_is_read_back_at_once_and_a_retry_merges(account_stack, runflow):
    yesterday = (today() - timedelta(days=1)).isoformat()
    first = {"date": yesterday, "weightKg": 71, "waterIntakeMl": 2000, "idempotencyKey": "day-1"}
    assert (await runflow("log_daily_health", first))["idempotencyKey"] == "day-1"
    assert (await runflow("log_daily_health", first))["healthLog"] == {
        "weightKg": 71.0,
        "waterIntakeMl": 2000,
    }
    await runflow(
        "log_daily_health",
        {"date": yesterday, "activeCalories": 650, "soreness": 3, "sleepQuality": 4, "stress": 2, "mood": 5},
    )
    health = await runflow("get_readiness_and_health", {"days": 3})
    assert health["healthLogs"] == [
        {"date": yesterday, "weightKg": 71.0, "waterIntakeMl": 2000, "activeCalories": 650}
    ]
    assert health["readinessHistory"] == [
        {"date": yesterday, "soreness": 3, "sleepQuality": 4, "stress": 2, "mood": 5}
    ]
    assert health["latest"]["date"] == yesterday and health["latest"]["load"]["date"] == yesterday
    assert health["baseline"]["weightKg"] == 71.0 and health["baseline"]["days"] == 28
    assert health["todayLoad"]["date"] == today().isoformat()


async def test_tools_list_publishes_the_seeds_names_and_annotations(account_stack, runflow):
    listed = {tool.name: tool for tool in await runflow.list_tools()}
    assert set(TOOLS) <= set(listed)  # the plan tools: test_runflow_plan_tools.py
    tools = {name: listed[name] for name in TOOLS}
    for name, tool in tools.items():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (name != "log_daily_health"), name
        assert tool.annotations.destructive_hint is False
        assert tool.input_schema["additionalProperties"] is False
    assert "days" in tools["get_fitness_metrics"].input_schema["properties"]
    assert {"startDate", "endDate", "days"} <= set(tools["get_recent_activities"].input_schema["properties"])


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("get_fitness_metrics", {"days": 0}, "days"),
        ("get_fitness_metrics", {"days": 366}, "days"),
        ("get_recent_activities", {"startDate": "2026-02-30"}, "startDate"),
        ("get_recent_activities", {"startDate": "2026-10-01", "days": 3}, "not both"),
        ("get_recent_activities", {"startDate": "2026-10-10", "endDate": "2026-10-01"}, "before startDate"),
        ("get_recent_activities", {"sport": "rowing"}, "sport"),
        ("get_readiness_and_health", {"days": 91}, "days"),
        ("log_daily_health", {}, "nothing to log"),
        ("log_daily_health", {"soreness": 6}, "soreness"),
        ("log_daily_health", {"weightKg": 5}, "weightKg"),
        ("log_daily_health", {"date": "yesterday", "steps": 10}, "date"),
        ("get_athlete_profile", {"unexpected": 1}, "unexpected"),
    ],
)
async def test_bad_arguments_are_refused_saying_what_to_fix(account_stack, runflow, tool, arguments, words):
    # A tool error the model reads and corrects; -32002 is the paid-tier gate's (decision 0075).
    text = tool_error_text(await runflow.post(tool, arguments))
    assert words in text, text
    assert await runflow.refusal(tool, arguments) == text


async def test_the_free_tier_is_refused_with_the_seeds_error_and_paid_tiers_pass(account_stack):
    runflow = RunFlow(account_stack, await runflow_key(account_stack))  # a new account is on the free tier
    response = await runflow.post("get_athlete_profile", ident=9)
    assert response.status_code == 403
    assert response.json() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": -32002,
            "message": "RunFlow Personal MCP requires an active Paid Premium account (Tier 2/3).",
        },
    }
    error = await runflow.error("get_fitness_metrics")
    assert "Paid Premium" in error.message
    for tier in ("coach", "pro"):
        await pro(account_stack, tier)  # pushed to the edge, which held the key as free (decision 0063)
        await status_becomes(lambda: status_of(runflow.post("get_athlete_profile")), 200, within=2.0)


async def test_a_suspended_account_is_refused(account_stack):
    await pro(account_stack)
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_stack.account_id, account_status="suspended")
    )
    response = await RunFlow(account_stack, await runflow_token(account_stack)).post(
        "log_daily_health", {"steps": 1}
    )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == -32002 and "suspended" in response.json()["error"]["message"]


async def test_no_credential_or_another_profiles_credential_is_refused(account_stack):
    await pro(account_stack)
    for token in ("not-a-token", await account_stack.access_token()):
        response = await RunFlow(account_stack, token).post("get_athlete_profile")
        assert response.status_code == 401, token
        challenge = response.headers["www-authenticate"]
        assert challenge.startswith('Bearer realm="RunFlow MCP", ') and "resource_metadata=" in challenge
    # An API key without mcp:full (the stack's carries only Metric's scope) lacks the scope.
    response = await RunFlow(account_stack, account_stack.api_key).post("get_athlete_profile")
    assert response.status_code == 403 and response.json()["error"] == "insufficient_scope"
