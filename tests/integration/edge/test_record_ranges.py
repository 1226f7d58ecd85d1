"""Record hygiene at every door (decision 0070), through the real edge and services.

A record dated outside ``kinetic.record_ranges`` is refused at each door naming the field; one
stored before the checks (put in with the checks switched off, as the services stored it until
now) no longer breaks the account's reads, nor its own deletion; workouts before 1970 are exported.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic import record_ranges
from kinetic.sessions.v1 import workout_log_pb2 as wl
from services.sessions.endurance.activity_files import ActivityFile, read_activity_files
from services.sessions.endurance.activity_files import activity as activity_reader
from services.sessions.endurance.entrypoints import grpc as endurance_grpc
from services.sessions.endurance.service_layer import activity_writes
from tests.integration.edge.conftest import Stack
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key, tool_error_text
from tests.integration.edge.test_endurance_rest_and_cli import BASE, client, ows_headers

FIXTURES = Path(__file__).parents[2] / "fixtures" / "activity_files"
GPX_DAY = "2026-03-18"  # run_hr.gpx's day
CSV_HEAD = (
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,"
    "Seconds,Notes,Workout Notes,RPE\n"
)
# From year 1 on: what the services accepted before the checks.
UNCHECKED = record_ranges.MomentRange(
    earliest=datetime.min.replace(tzinfo=UTC),
    ahead=timedelta(days=1),
    latest_ever=datetime.max.replace(tzinfo=UTC),
)


YEAR_ONE = datetime(1, 1, 1, 10, tzinfo=UTC)


def log_request_at(account_id: str, start: datetime, key: str = "dated") -> wl.LogWorkoutRequest:
    stamp = Timestamp()
    stamp.FromDatetime(start)
    return wl.LogWorkoutRequest(
        account_id=account_id,
        idempotency_key=key,
        time_zone="UTC",
        title="Dated",
        entries=[
            wl.EntryInput(exercise_id="barbell-bench-press", sets=[wl.LoggedSetInput(reps=5, load_kg=60)])
        ],
        start_time=stamp,
    )


def gpx_on(day: str) -> bytes:
    return (FIXTURES / "run_hr.gpx").read_text().replace(GPX_DAY, day).encode()


async def read_in_this_process(
    workers: object,
    data: bytes,
    filename: str,
    *,
    account_id: str,
    timeout_s: float | None,
    sport: str | None = None,
) -> tuple[ActivityFile, ...]:
    return read_activity_files(data, filename=filename or None, sport=sport)


async def upload_gpx(http: Any, body: bytes) -> Any:
    return await http.post(
        f"{BASE}/activities/imports?filename=run.gpx",
        content=body,
        headers={"Content-Type": "application/octet-stream"},
    )


async def test_one_activity_dated_year_1_breaks_no_read_and_can_be_deleted(
    stack_on_each_database: Stack, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = stack_on_each_database
    await pro(stack)
    headers = await ows_headers(stack, stack.account_id)
    runflow = RunFlow(stack, await runflow_key(stack))
    async with client(stack, headers) as http:
        good = await upload_gpx(http, gpx_on(GPX_DAY))
        with monkeypatch.context() as unchecked:  # stored as before the ingest checks
            unchecked.setattr(activity_reader, "ACTIVITY_START", UNCHECKED, raising=False)
            unchecked.setattr(activity_writes, "ACTIVITY_START", UNCHECKED, raising=False)
            # Files are read in a child process (decision 0069), which the patch above cannot reach.
            unchecked.setattr(endurance_grpc, "read_in_child", read_in_this_process)
            poisoned = await upload_gpx(http, gpx_on("0001-01-01"))
        assert good.status_code == 201 and poisoned.status_code == 201, poisoned.text
        poisoned_id = poisoned.json()["activity"]["activityId"]

        reads = {
            "training load": await http.get(f"{BASE}/training-load", params={"from": GPX_DAY}),
            "figures": await http.get(f"{BASE}/figures", params={"day": GPX_DAY}),
            "power curve": await http.get(f"{BASE}/power-curve"),
            "activities": await http.get(f"{BASE}/activities", params={"from": GPX_DAY, "to": GPX_DAY}),
            "JSON export": await http.get("/api/workout-log/export"),
        }
        profile = await runflow.post("get_athlete_profile")
        recent = await runflow.post("get_recent_activities", {"startDate": GPX_DAY, "endDate": GPX_DAY})
        deleted = await http.delete(f"{BASE}/activities/{poisoned_id}")
        after = await http.get(f"{BASE}/training-load", params={"from": GPX_DAY})

    assert {name: answer.status_code for name, answer in reads.items()} == dict.fromkeys(reads, 200)
    assert [a["activityId"] for a in reads["activities"].json()["activities"]] == [
        good.json()["activity"]["activityId"]
    ]
    assert profile.status_code == 200 and recent.status_code == 200, (profile.text, recent.text)
    assert deleted.status_code == 204, deleted.text
    assert after.status_code == 200 and after.json()["combined"] == reads["training load"].json()["combined"]


async def test_every_door_refuses_an_impossible_time_naming_the_field(stack: Stack) -> None:
    await pro(stack)
    headers = await ows_headers(stack, stack.account_id)
    runflow = RunFlow(stack, await runflow_key(stack))
    tomorrow_but_one = (datetime.now(UTC) + timedelta(days=3)).date().isoformat()
    async with client(stack, headers) as http:
        year_one = await upload_gpx(http, gpx_on("0001-01-01"))
        ahead = await upload_gpx(http, gpx_on(tomorrow_but_one))
        readiness = await http.put(f"{BASE}/readiness/9999-12-31", json={"sleepHours": 7})
        threshold = await http.post(
            f"{BASE}/thresholds", json={"kind": "ftp", "effectiveDay": "0001-01-01", "watts": 250}
        )
        csv = await http.post(
            "/api/workout-log/imports?unit=kg",
            content=(
                CSV_HEAD
                + '0001-01-01 10:00:00,"Old",1h,"Bench Press (Barbell)",1,80,5,0,0,"","",\n'
                + '2021-13-45 10:00:00,"Bad day",1h,"Bench Press (Barbell)",1,80,5,0,0,"","",\n'
            ).encode(),
            headers={"Content-Type": "text/csv"},
        )
        listed = await http.get(f"{BASE}/activities", params={"from": "2000-01-01", "to": "2030-01-01"})
    plan_workout = await runflow.post(
        "create_custom_training_plan",
        {
            "name": "Far away",
            "sport": "RUN",
            "workouts": [
                {"name": "Run", "scheduledDate": "9999-12-31", "sport": "RUN", "plannedDurationSeconds": 1800}
            ],
        },
    )
    health = await runflow.post("log_daily_health", {"date": "0001-01-01", "sleepHours": 7})
    with pytest.raises(grpc.aio.AioRpcError) as logged:
        await stack.backends.workout_log.LogWorkout(log_request_at(stack.account_id, YEAR_ONE))

    assert year_one.status_code == 400 and "start_time" in year_one.json()["error_description"]
    assert "0001-01-01" in year_one.json()["error_description"]
    assert ahead.status_code == 400 and "start_time" in ahead.json()["error_description"]
    assert readiness.status_code == 400 and "9999-12-31" in readiness.text, readiness.text
    assert threshold.status_code == 400 and "effective_day" in threshold.text, threshold.text
    # Every row skipped: the file is refused whole, quoting each row's problem by its column.
    assert csv.status_code == 400, csv.text
    refusal = csv.json()["error_description"]
    assert "line 2: Date" in refusal and "line 3: Date" in refusal, refusal
    assert listed.json().get("activities", []) == []
    assert "scheduledDate" in tool_error_text(plan_workout)  # RunFlow's refusals are tool errors (0075)
    assert logged.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (logged.value.details() or "").startswith("start_time: must be from 1900-01-01")
    assert tool_error_text(health).startswith("date: must be a day from 1970-01-01")


async def test_workouts_before_1970_are_in_both_exports(stack: Stack) -> None:
    """Imported history may be older than 1970 (the log takes workouts from 1900): the exports
    read from where the log may start, so all of it leaves with the person."""
    await stack.backends.workout_log.LogWorkout(
        log_request_at(stack.account_id, datetime(1965, 6, 1, 10, tzinfo=UTC), "old")
    )
    await stack.backends.workout_log.LogWorkout(
        log_request_at(stack.account_id, datetime(2021, 6, 1, 10, tzinfo=UTC), "new")
    )
    async with client(stack, await ows_headers(stack, stack.account_id)) as http:
        as_json = await http.get("/api/workout-log/export")
        as_csv = await http.get("/api/workout-log/export.csv")

    assert as_json.status_code == 200 and as_csv.status_code == 200
    starts = [w["startTime"][:10] for w in as_json.json()["sessions"]["workouts"]]
    assert starts == ["1965-06-01", "2021-06-01"]
    days = {line[:10] for line in as_csv.text.splitlines()[1:]}
    assert days == {"1965-06-01", "2021-06-01"}
