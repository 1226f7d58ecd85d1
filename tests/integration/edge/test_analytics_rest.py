"""Kinetic's analytics REST paths through the real edge app and real gRPC servers.

Sets are logged through the sessions service's API; the edge's answers are compared, figure by
figure, with what AnalyticsService answers over gRPC for the same question
(docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import pytest

from kinetic.analytics.v1 import analytics_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import CLIENT_AI
from kinetic.sessions.v1 import sessions_pb2
from tests.integration.edge.metric_calls import ZONE, minimal_create, rest_client

pytestmark = pytest.mark.asyncio(loop_scope="module")

SQUAT = "barbell-back-squat"
BENCH = "barbell-bench-press"
NO_STORE = "private, no-store"


def analytics_client(account_stack: Any, token: str | None = None) -> httpx2.AsyncClient:
    headers = {"Authorization": f"Bearer {token or account_stack.api_key}"}
    return httpx2.AsyncClient(base_url=account_stack.base_url + "/api/analytics", headers=headers, timeout=30)


async def daily_workouts(account_stack: Any, token: str, count: int) -> list[dict[str, Any]]:
    """``count`` daily workouts through Metric's REST writes: each has an occurrence today."""
    async with rest_client(account_stack, token) as http:
        epoch = (await http.get("/training", params={"view": "plans"})).json()["epoch"]
        workouts = []
        for n in range(count):
            request = minimal_create(epoch, SQUAT, key=f"analytics-rest-{n:04d}")
            request["input"]["workout"] |= {
                "name": f"Day {n}",
                "schedule": {"type": "everyNDays", "intervalDays": 1},
            }
            written = await http.post("/training/edits", json=request)
            assert written.status_code == 200, written.text
            epoch = written.json()["epoch"]
            workouts.extend(written.json()["workouts"])
    return workouts


async def log_session(
    account_stack: Any, account_id: str, workout: dict[str, Any], sets: dict[str, list[tuple[float, int]]]
) -> str:
    """Today's occurrence of ``workout`` with completed sets per exercise, completed; its session ID."""
    sessions = account_stack.backends.sessions
    started = await sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=account_id,
            workout_id=workout["id"],
            original_scheduled_day=datetime.now(ZoneInfo(ZONE)).date().isoformat(),
            title=workout["name"],
            device_id="tests",
        )
    )
    session_id = started.session.session_id
    for exercise_id, loads in sets.items():
        await sessions.LogPerformance(
            sessions_pb2.LogPerformanceRequest(
                account_id=account_id,
                session_id=session_id,
                exercise_id=exercise_id,
                sets=[
                    sessions_pb2.PerformanceSet(
                        set_number=n, set_type="N", weight_kg=w, reps_number=r, completed=True
                    )
                    for n, (w, r) in enumerate(loads, start=1)
                ],
            )
        )
    await sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(account_id=account_id, session_id=session_id, device_id="tests")
    )
    return session_id


async def two_sessions(account_stack: Any, account_id: str, token: str) -> list[str]:
    first, second = await daily_workouts(account_stack, token, 2)
    return [
        await log_session(account_stack, account_id, first, {SQUAT: [(100, 5), (105, 3)], BENCH: [(70, 8)]}),
        await log_session(account_stack, account_id, second, {SQUAT: [(102.5, 5)]}),
    ]


async def latest_sequence(account_stack: Any, account_id: str) -> int:
    feed = await account_stack.backends.sessions.ListChanges(
        sessions_pb2.ListChangesRequest(account_id=account_id)
    )
    return int(feed.latest_sequence)


def moment(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def assert_set(rest: dict[str, Any], ref: analytics_pb2.SetReference) -> None:
    assert rest == {
        "sessionId": ref.session_id,
        "performanceId": ref.performance_id,
        "setNumber": ref.set_number,
        "day": ref.day,
        "sessionStartTime": rest["sessionStartTime"],
        "weightKg": ref.weight_kg,
        "reps": ref.reps,
    }
    assert moment(rest["sessionStartTime"]) == ref.session_start_time.ToDatetime(tzinfo=UTC)


def assert_no_store(response: httpx2.Response) -> None:
    assert response.headers["cache-control"] == NO_STORE


async def test_records_are_analytics_records(account_stack):
    session_ids = await two_sessions(account_stack, account_stack.account_id, account_stack.api_key)
    async with analytics_client(account_stack) as http:
        response = await http.get("/records", params={"timeZone": ZONE, "formula": "brzycki"})
    expected = await account_stack.backends.analytics.GetPersonalRecords(
        analytics_pb2.GetPersonalRecordsRequest(
            account_id=account_stack.account_id, formula="brzycki", time_zone=ZONE
        )
    )

    assert response.status_code == 200, response.text
    assert_no_store(response)
    body = response.json()
    assert body["formula"] == "brzycki" and body["timeZone"] == ZONE
    assert (
        body["asOfSequence"]
        == expected.as_of_sequence
        == await latest_sequence(account_stack, account_stack.account_id)
    )
    assert [e["exerciseId"] for e in body["exercises"]] == [e.exercise_id for e in expected.exercises]
    for rest, grpc_answer in zip(body["exercises"], expected.exercises, strict=True):
        assert rest["exerciseName"] == grpc_answer.exercise_name and rest["exerciseName"]
        assert rest["catalogExerciseId"] == grpc_answer.catalog_exercise_id == rest["exerciseId"]
        for name, field, value_name in (
            ("heaviestLoad", "heaviest_load", "loadKg"),
            ("estimatedOneRepMax", "estimated_one_rep_max", "e1rmKg"),
            ("bestSetVolume", "best_set_volume", "volumeKg"),
        ):
            record = getattr(grpc_answer, field)
            assert rest[name][value_name] == record.value
            assert_set(rest[name]["set"], record.set)
        assert rest["estimatedOneRepMax"]["formula"] == "brzycki"
    squat = next(e for e in body["exercises"] if e["exerciseId"] == SQUAT)
    assert (
        squat["heaviestLoad"]["loadKg"] == 105 and squat["heaviestLoad"]["set"]["sessionId"] == session_ids[0]
    )
    assert squat["bestSetVolume"]["volumeKg"] == 102.5 * 5
    # max(111.18, 115.3125), to 0.1 kg (decision 0037)
    assert squat["estimatedOneRepMax"]["e1rmKg"] == 115.3

    async with analytics_client(account_stack) as http:
        only = (
            await http.get("/records", params=[("exerciseIds", BENCH), ("exerciseIds", "no-such")])
        ).json()
    assert [e["exerciseId"] for e in only["exercises"]] == [BENCH]
    assert only["formula"] == "epley" and only["timeZone"] == "UTC"


async def test_progress_is_analytics_progress_with_an_exclusive_to(account_stack):
    await two_sessions(account_stack, account_stack.account_id, account_stack.api_key)
    today = datetime.now(ZoneInfo(ZONE)).date()
    params = {
        "exerciseId": SQUAT,
        "metric": "e1rm",
        "from": (today - timedelta(days=6)).isoformat(),
        "to": (today + timedelta(days=1)).isoformat(),
        "timeZone": ZONE,
    }
    async with analytics_client(account_stack) as http:
        response = await http.get("/progress", params=params)
        volume = (await http.get("/progress", params={**params, "metric": "volume"})).json()
        before_today = (await http.get("/progress", params={**params, "to": today.isoformat()})).json()
    expected = await account_stack.backends.analytics.GetProgress(
        analytics_pb2.GetProgressRequest(
            account_id=account_stack.account_id,
            exercise_id=SQUAT,
            metric="e1rm",
            from_day=params["from"],
            to_day=today.isoformat(),
            time_zone=ZONE,
        )
    )

    assert response.status_code == 200, response.text
    assert_no_store(response)
    body = response.json()
    assert (body["exerciseId"], body["metric"], body["formula"]) == (SQUAT, "e1rm", "epley")
    assert (body["from"], body["to"], body["timeZone"]) == (params["from"], params["to"], ZONE)
    assert body["asOfSequence"] == expected.as_of_sequence
    assert len(body["points"]) == len(expected.points) == 2
    for rest, point in zip(body["points"], expected.points, strict=True):
        assert (rest["day"], rest["sessionId"], rest["valueKg"], rest["setCount"]) == (
            point.day,
            point.session_id,
            point.value,
            point.set_count,
        )
        assert moment(rest["sessionStartTime"]) == point.session_start_time.ToDatetime(tzinfo=UTC)
        assert rest["set"] == {
            "performanceId": point.set.performance_id,
            "setNumber": point.set.set_number,
            "weightKg": point.set.weight_kg,
            "reps": point.set.reps,
        }
    # 116.667 and 119.583, to 0.1 kg (decision 0037)
    assert [p["valueKg"] for p in body["points"]] == [116.7, 119.6]
    assert volume["formula"] is None and [p["set"] for p in volume["points"]] == [None, None]
    assert [p["valueKg"] for p in volume["points"]] == [100 * 5 + 105 * 3, 102.5 * 5]
    assert before_today["points"] == [], "to is exclusive: today's sessions are after the range"


async def test_balance_is_analytics_balance(account_stack):
    await two_sessions(account_stack, account_stack.account_id, account_stack.api_key)
    async with analytics_client(account_stack) as http:
        response = await http.get("/balance", params={"timeZone": ZONE})
    expected = await account_stack.backends.analytics.GetFocusBalance(
        analytics_pb2.GetFocusBalanceRequest(account_id=account_stack.account_id, time_zone=ZONE)
    )

    assert response.status_code == 200, response.text
    assert_no_store(response)
    body = response.json()
    balance = expected.balance
    today = datetime.now(ZoneInfo(ZONE)).date()
    assert (body["from"], body["to"]) == (balance.from_day, (today + timedelta(days=1)).isoformat())
    assert body["asOfSequence"] == expected.as_of_sequence and body["timeZone"] == ZONE
    assert (body["primaryWeight"], body["secondaryWeight"]) == (1.0, 0.5)
    assert [w["week"] for w in body["weeks"]] == [w.week for w in balance.weeks]
    (week,) = body["weeks"]
    assert week["muscles"] == [
        {
            "muscle": m.muscle,
            "weightedSets": m.weighted_sets,
            "primarySets": m.primary_sets,
            "secondarySets": m.secondary_sets,
        }
        for m in balance.weeks[0].muscles
    ]
    quads = next(m for m in week["muscles"] if m["muscle"] == "quads")
    assert quads["primarySets"] == 3, "three squat sets"
    assert len(body["weeklyAverage"]) == len(balance.weekly_average)
    assert body["unmappedExerciseIds"] == []


async def test_bad_parameters_are_400s_naming_the_parameter(account_stack):
    cases: list[tuple[str, Any, str]] = [
        ("/records", {"formula": "Epley"}, "formula"),
        ("/records", {"timeZone": "Mars/Olympus_Mons"}, "timeZone"),
        ("/records", {"exerciseIds": ""}, "exerciseIds"),
        ("/records", [("exerciseIds", f"e{n}") for n in range(101)], "exerciseIds"),
        ("/records", {"accountId": "someone-else"}, "accountId"),
        ("/records", [("formula", "epley"), ("formula", "brzycki")], "formula"),
        ("/progress", {"metric": "e1rm"}, "exerciseId"),
        ("/progress", {"exerciseId": SQUAT}, "metric"),
        ("/progress", {"exerciseId": SQUAT, "metric": "fastest"}, "metric"),
        ("/progress", {"exerciseId": "x" * 65, "metric": "e1rm"}, "exerciseId"),
        ("/progress", {"exerciseId": SQUAT, "metric": "e1rm", "from": "2026-1-5"}, "from"),
        ("/progress", {"exerciseId": SQUAT, "metric": "e1rm", "to": "2026-02-30"}, "to"),
        (
            "/progress",
            {"exerciseId": SQUAT, "metric": "e1rm", "from": "2026-03-01", "to": "2026-03-01"},
            "to",
        ),
        ("/progress", {"exerciseId": SQUAT, "metric": "e1rm", "from": "0001-01-01"}, "from"),
        # Only analytics knows its ten-year limit; its field name comes back as the parameter's.
        (
            "/progress",
            {"exerciseId": SQUAT, "metric": "e1rm", "from": "2000-01-01", "to": "2026-01-01"},
            "from",
        ),
        ("/balance", {"from": "2999-01-01"}, "from"),
        ("/balance", {"view": "insights"}, "view"),
    ]
    async with analytics_client(account_stack) as http:
        for path, params, field in cases:
            response = await http.get(path, params=params)
            assert response.status_code == 400, (path, params, response.text)
            assert_no_store(response)
            body = response.json()
            assert (body["error"], body["field"]) == ("invalid_request", field), (path, params, body)
            assert body["error_description"].startswith(f"{field}:"), body
        unknown = await http.get("/nowhere")
        wrong_method = await http.post("/records")
    assert unknown.status_code == 404 and unknown.json()["error"] == "not_found"
    assert wrong_method.status_code == 405 and wrong_method.json()["error"] == "method_not_allowed"
    assert_no_store(unknown)


async def test_credentials_are_checked_like_metrics(account_stack):
    other_audience = await account_stack.access_token(audience=CLIENT_AI.resource_url(account_stack.base_url))
    no_scope = await account_stack.access_token(scopes=("mcp:full",))
    oauth_token = await account_stack.access_token()
    async with httpx2.AsyncClient(base_url=account_stack.base_url + "/api/analytics", timeout=30) as http:
        for token in (None, "garbage", other_audience, "rf_" + "0" * 64):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = await http.get("/records", headers=headers)
            assert response.status_code == 401, token
            assert_no_store(response)
            assert response.json()["error"] == "invalid_token"
            assert 'scope="training"' in response.headers["www-authenticate"]
        forbidden = await http.get("/records", headers={"Authorization": f"Bearer {no_scope}"})
        allowed = await http.get(
            "/progress",
            params={"exerciseId": SQUAT, "metric": "e1rm"},
            headers={"Authorization": f"Bearer {oauth_token}"},
        )
    assert forbidden.status_code == 403 and forbidden.json()["error"] == "insufficient_scope"
    assert allowed.status_code == 200 and allowed.json()["points"] == []


async def test_another_accounts_data_is_never_visible(account_stack):
    other = await account_stack.backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email="grace@example.com", password="correct horse battery", display_name="Grace", time_zone="UTC"
        )
    )
    other_id = other.account.account_id
    other_key = await account_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=other_id, name="tests", scopes=["training"])
    )
    await two_sessions(account_stack, other_id, other_key.secret)
    (mine_today,) = await daily_workouts(account_stack, account_stack.api_key, 1)
    await log_session(account_stack, account_stack.account_id, mine_today, {BENCH: [(60, 10)]})

    progress = {"exerciseId": SQUAT, "metric": "top_set"}
    async with (
        analytics_client(account_stack) as mine,
        analytics_client(account_stack, other_key.secret) as theirs,
    ):
        my_records = (await mine.get("/records", params={"exerciseIds": SQUAT})).json()
        all_mine = (await mine.get("/records")).json()
        my_squat = (await mine.get("/progress", params=progress)).json()
        my_balance = (await mine.get("/balance")).json()
        their_squat = (await theirs.get("/progress", params=progress)).json()

    assert my_records["exercises"] == [] and my_squat["points"] == []
    assert [e["exerciseId"] for e in all_mine["exercises"]] == [BENCH]
    assert all_mine["exercises"][0]["heaviestLoad"]["loadKg"] == 60
    (week,) = my_balance["weeks"]
    assert "quads" not in {m["muscle"] for m in week["muscles"]}, "no squat sets of the other account"
    assert [p["valueKg"] for p in their_squat["points"]] == [105, 102.5], "the other account sees its own"
    assert all_mine["asOfSequence"] == await latest_sequence(account_stack, account_stack.account_id)


@pytest.mark.asyncio(loop_scope="function")  # a stack of its own: it stops a server
async def test_a_backend_outage_is_a_503(stack):
    await stack.servers["analytics"].stop(0)
    async with analytics_client(stack) as http:
        response = await http.get("/records")
    assert response.status_code == 503
    assert_no_store(response)
    assert response.json()["error"] == "temporarily_unavailable"


async def test_the_analytics_paths_share_the_accounts_metric_budget(account_stack):
    async with analytics_client(account_stack) as http:
        for _ in range(299):
            spent = await http.get(account_stack.base_url + "/api/connectors/muse/workout-guidance")
            assert spent.status_code == 200
        last = await http.get("/records")
        refused = await http.get("/balance")
    assert last.status_code == 200 and last.headers["ratelimit-remaining"] == "0"
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert_no_store(refused)
    assert int(refused.headers["retry-after"]) >= 1


async def test_openapi_documents_the_analytics_paths(account_stack):
    async with httpx2.AsyncClient(base_url=account_stack.base_url) as http:
        document = (await http.get("/openapi.json")).json()
    for path in ("records", "progress", "balance"):
        operation = document["paths"][f"/api/analytics/{path}"]["get"]
        assert {"200", "400", "401", "403", "429", "503"} <= set(operation["responses"])
        headers = operation["responses"]["200"]["headers"]
        assert headers["Cache-Control"]["schema"]["const"] == NO_STORE
    names = [p["name"] for p in document["paths"]["/api/analytics/progress"]["get"]["parameters"]]
    assert names == ["exerciseId", "metric", "from", "to", "formula", "timeZone"]
