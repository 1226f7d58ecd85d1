"""``python -m benchmarks.runflow_plans``: RunFlow's plan tools through the edge (issue 19), on Kinetic
as ``make run`` starts it.

An athlete on a paid tier with thresholds (FTP, threshold pace, CSS) and a personal API key:
- ``import_plan_workouts_batch`` of 200 structured workouts into one plan, each call replacing the
  previous 200 (``replaceFilter`` over the same 200 days), so every call stores 200 workouts, takes a
  snapshot of 200 and runs the safety engine on the plan: p50, p99 and calls per second, one caller
  (writes to one account's plan take its lock one after another);
- ``get_training_plan`` of a 24-week plan (168 workouts with their steps, ``includeAllWorkouts``):
  p50, p99 and calls per second, one and four callers.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import grpc
import httpx2

from benchmarks.http_load import LoadResult, run_load, tool_call_body
from benchmarks.processes import on_kinetic
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.sessions.v1 import endurance_pb2_grpc as records_grpc

RUNFLOW_PATH = "/mcp/runflow"
PLAN_WEEKS = 24
BATCH = 200


def interval_run(day: date, number: int) -> dict[str, Any]:
    """A structured run: warm-up, 5 x (1 km at T pace, 2 min easy), cool-down."""
    return {
        "name": f"Intervals {number}",
        "scheduledDate": day.isoformat(),
        "sport": "RUN",
        "workoutType": "INTERVALS" if number % 7 == 2 else "EASY",
        "structuredSteps": [
            {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
            {
                "type": "repeat",
                "repeatCount": 5,
                "steps": [
                    {
                        "type": "interval",
                        "role": "work",
                        "distanceMeters": 1000,
                        "target": {"kind": "pace", "paceLowSecondsPerKm": 235, "paceHighSecondsPerKm": 245},
                    },
                    {"type": "interval", "role": "recovery", "durationSeconds": 120},
                ],
            },
            {"type": "cool_down", "durationSeconds": 600},
        ],
    }


async def athlete(auth: auth_pb2_grpc.AuthServiceStub, records: records_grpc.EnduranceServiceStub) -> str:
    """A paid-tier account with thresholds; its API key (mcp:full)."""
    created = await auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"runflow-{uuid.uuid4().hex[:8]}@bench.kinetic.test",
            password="bench password 1",
            display_name="RunFlow bench",
            time_zone="UTC",
        )
    )
    account_id = created.account.account_id
    await auth.UpdateAccount(auth_pb2.UpdateAccountRequest(account_id=account_id, plan_tier="pro"))
    first = (datetime.now(UTC).date() - timedelta(days=60)).isoformat()
    for threshold in (
        records_pb2.Threshold(kind="ftp", effective_day=first, watts=250),
        records_pb2.Threshold(kind="threshold_pace", effective_day=first, seconds_per_km=250),
        records_pb2.Threshold(kind="css", effective_day=first, seconds_400m=400, seconds_200m=190),
    ):
        await records.SetThreshold(
            records_pb2.SetThresholdRequest(account_id=account_id, threshold=threshold)
        )
    key = await auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="bench", scopes=["mcp:full"])
    )
    return str(key.secret)


async def call_once(url: str, key: str, tool: str, arguments: dict[str, Any]) -> None:
    await run_load(url, key, [tool_call_body(tool, arguments, 1)], 1, 1)


def line(label: str, result: LoadResult) -> str:
    return (
        f"{label}: p50 {result.p50:.1f} ms, p99 {result.p99:.1f} ms, "
        f"{result.calls_per_second:.1f} calls/s ({result.callers} caller{'s' if result.callers > 1 else ''}, "
        f"{len(result.latencies_ms)} calls)"
    )


async def measure(base_url: str, ports: dict[str, int], calls: int) -> list[str]:
    url = base_url + RUNFLOW_PATH
    today = datetime.now(UTC).date()
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['auth']}") as auth_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['sessions']}") as sessions_channel,
    ):
        key = await athlete(
            auth_pb2_grpc.AuthServiceStub(auth_channel), records_grpc.EnduranceServiceStub(sessions_channel)
        )
    season = [interval_run(today + timedelta(days=n), n) for n in range(PLAN_WEEKS * 7)]
    await call_once(
        url, key, "create_custom_training_plan", {"name": "24-week build", "sport": "RUN", "workouts": season}
    )
    import_days = [interval_run(today + timedelta(days=n), n) for n in range(BATCH)]
    await call_once(
        url, key, "create_custom_training_plan", {"name": "Import target", "sport": "RUN", "activate": False}
    )
    plans = await list_plans(url, key)
    target = next(p["goalId"] for p in plans if p["name"] == "Import target")
    build = next(p["goalId"] for p in plans if p["name"] == "24-week build")
    window = {"fromDate": today.isoformat(), "toDate": (today + timedelta(days=BATCH - 1)).isoformat()}
    imports = [
        tool_call_body(
            "import_plan_workouts_batch",
            {"goalId": target, "workouts": import_days, "replaceFilter": window},
            n,
        )
        for n in range(2)
    ]
    await run_load(url, key, imports, 1, 2)  # warm-up
    lines = [
        line(f"import_plan_workouts_batch ({BATCH} workouts)", await run_load(url, key, imports, 1, calls))
    ]
    reads = [
        tool_call_body(
            "get_training_plan",
            {"goalId": build, "includeAllWorkouts": True, "includeStructuredSteps": True},
            n,
        )
        for n in range(4)
    ]
    await run_load(url, key, reads, 1, 5)  # warm-up
    for callers in (1, 4):
        result = await run_load(url, key, reads, callers, calls * 2)
        lines.append(line(f"get_training_plan ({PLAN_WEEKS} weeks, {len(season)} workouts)", result))
    return lines


async def list_plans(url: str, key: str) -> list[dict[str, Any]]:
    """The account's plans, read with a plain MCP call (the answer's structured content)."""
    async with httpx2.AsyncClient() as client:
        answer = await client.post(
            url,
            content=tool_call_body("list_training_plans", {}, 1),
            headers={
                "authorization": f"Bearer {key}",
                "content-type": "application/json",
                "accept": "application/json, text/event-stream",
                "mcp-protocol-version": "2025-06-18",
            },
        )
    answer.raise_for_status()
    result = json.loads(answer.text)["result"]
    plans: list[dict[str, Any]] = result["structuredContent"]["plans"]
    return plans


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=40, help="import calls (reads: twice as many)")
    args = parser.parse_args(argv)
    print("\n".join(on_kinetic(lambda base_url, ports: measure(base_url, ports, args.calls))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
