"""``python -m benchmarks.assistant_scenarios``: what an assistant reads and how often it calls, per task.

Starts Kinetic as ``make run`` does (benchmarks/processes.py), makes one account that is both a
Metric user (``training``) and a gym client with Client AI access (``client_ai``), and replays,
through the ``mcp`` package's own client, the tasks of an assistant helping that athlete: build a
4-week plan, read the calendar, move and swap sessions, "what's on my plan today", "what did I do
last month", "how is my bench progressing", log sets, finish, "heaviest deadlift in 3 months",
delete the plan. For each it prints the calls needed and the characters the tools returned (the
text blocks the model reads), then the bytes of every profile's ``tools/list`` answer, what a model
reads before its first call (``benchmarks.tools_list_sizes``, beside main's before decision 0120).

The calls are the ones a careful assistant makes following the profile's own words, so they
change when the profile does: the plan task reads the saved plan back only while
``get_workout_guidance`` still asks for it, and Client AI's "today" lists sessions to find the next
day only when the plan answer does not say which day comes next. Setup (the gym, a few earlier
sessions with bench press and deadlift sets) goes through gRPC and the same tools and is not
counted. See docs/decisions/0038-metric-answers-compact.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import grpc
import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from benchmarks.processes import (
    METRIC_MCP_PATH,
    free_ports,
    kinetic_env,
    log_tails,
    start_kinetic,
    stop_kinetic,
    wait_ready,
)
from benchmarks.session_logging import CLIENT_AI_PATH, Shape, open_gym
from benchmarks.tools_list_sizes import ListSize
from benchmarks.tools_list_sizes import measure as measure_sizes
from benchmarks.tools_list_sizes import report as report_sizes
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import gyms_pb2_grpc

ZONE = "Europe/Amsterdam"
BENCH_PRESS = 0  # index in the gym's exercises (DEMO_EXERCISES order)
DEADLIFT = 5
EARLIER_SESSIONS = 6  # completed before the scenarios, so history and trends have something to show
READ_BACK_WORDS = "read the saved"


@dataclass
class Tally:
    """Calls and characters of one scenario."""

    calls: int = 0
    characters: int = 0


@dataclass
class Assistant:
    """The two profiles' clients and what each scenario cost."""

    metric: Client
    client_ai: Client
    tallies: dict[str, Tally] = field(default_factory=dict)
    current: str = ""
    dump: Path | None = None

    async def call(self, profile: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await profile.call_tool(tool, arguments)
        text = "".join(getattr(block, "text", "") for block in result.content)
        tally = self.tallies.setdefault(self.current, Tally())
        tally.calls += 1
        tally.characters += len(text)
        if self.dump is not None:
            name = f"{sum(t.calls for t in self.tallies.values()):03d}-{tool}.json"
            (self.dump / name).write_text(f"{self.current}\n{json.dumps(arguments)}\n{text}\n")
        if result.is_error:
            raise RuntimeError(f"{tool} failed: {text[:2000]}")
        payload: dict[str, Any] = json.loads(text)
        return payload

    async def metric_call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return await self.call(self.metric, tool, arguments)

    async def client_call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return await self.call(self.client_ai, tool, arguments)


def _key() -> str:
    return f"bench-{uuid.uuid4().hex[:20]}"


def _today() -> date:
    return datetime.now(ZoneInfo(ZONE)).date()


def _movement(exercise_id: str, sets: int, reps: int, kg: float) -> dict[str, Any]:
    return {
        "workoutExerciseID": str(uuid.uuid4()),
        "exerciseID": exercise_id,
        "trackingMode": "sets",
        "targetSets": sets,
        "targetReps": reps,
        "targetWeightKg": kg,
        "restSeconds": 150,
        "notes": "Leave 2 reps in reserve.",
    }


# --- Metric --------------------------------------------------------------------------------------


async def build_plan(a: Assistant) -> dict[str, Any]:
    """A 4-week plan of three workouts (Mon, Wed, Fri), as the guidance teaches."""
    guidance = await a.metric_call("get_workout_guidance")
    found = {}
    for query in ("squat", "bench press", "deadlift"):
        page = await a.metric_call("read_training", view="exercises", query=query, pageSize=5)
        found[query] = page["data"]["exercises"][0]["id"]
    library = await a.metric_call("read_training", view="plans")
    start = _today() - timedelta(days=_today().weekday())  # this week's Monday
    workouts = [
        {
            "name": name,
            "kind": "fullBody",
            "notes": "Warm up 10 minutes. About 60 minutes.",
            "schedule": {"type": "weekdays", "weekdays": [weekday]},
            "exercises": [_movement(found[query], 5, 5, kg)],
        }
        for name, weekday, query, kg in (
            ("Squat day", 2, "squat", 100.0),
            ("Bench day", 4, "bench press", 80.0),
            ("Deadlift day", 6, "deadlift", 120.0),
        )
    ]
    created = await a.metric_call(
        "edit_training",
        epoch=library["epoch"],
        timeZone=ZONE,
        idempotencyKey=_key(),
        expectedVersions={},
        input={
            "action": "createPlan",
            "plan": {
                "name": "Four-week strength",
                "notes": "Add 2.5 kg a week when every rep is clean.",
                "phases": [
                    {
                        "name": "Weeks 1-4",
                        "startDay": start.isoformat(),
                        "endDayExclusive": (start + timedelta(days=28)).isoformat(),
                        "workouts": workouts,
                    }
                ],
            },
        },
    )
    if READ_BACK_WORDS in json.dumps(guidance).lower():
        await a.metric_call("read_training", view="plans", id=created["plans"][0]["id"])
    return created


def _versions(result: dict[str, Any]) -> dict[str, str]:
    versions: dict[str, str] = result["versions"]
    return versions


async def move_and_swap(a: Assistant, created: dict[str, Any], calendar: dict[str, Any]) -> None:
    """Move the first squat day a day later; swap the next bench and deadlift days."""
    versions = _versions(created)
    by_name: dict[str, list[dict[str, Any]]] = {}
    today = _today().isoformat()
    for occurrence in calendar["data"]["occurrences"]:
        if occurrence["day"] >= today and occurrence.get("status", "scheduled") == "scheduled":
            by_name.setdefault(occurrence["workoutName"], []).append(occurrence)
    squat, bench, deadlift = (by_name[name][0] for name in ("Squat day", "Bench day", "Deadlift day"))
    a.current = "Metric: move a session"
    await _move(a, versions, calendar["epoch"], squat, date.fromisoformat(squat["day"]) + timedelta(days=1))
    a.current = "Metric: swap two sessions"
    epoch = await _move(a, versions, calendar["epoch"], bench, date.fromisoformat(deadlift["day"]))
    await _move(a, versions, epoch, deadlift, date.fromisoformat(bench["day"]))


async def _move(
    a: Assistant, versions: dict[str, str], epoch: str, occurrence: dict[str, Any], to: date
) -> str:
    key = f"workout:{occurrence['workoutID']}"
    moved = await a.metric_call(
        "edit_training",
        epoch=epoch,
        timeZone=ZONE,
        idempotencyKey=_key(),
        expectedVersions={key: versions[key]},
        input={
            "action": "moveOccurrence",
            "workoutID": occurrence["workoutID"],
            "originalScheduledDay": occurrence["originalScheduledDay"],
            "destinationDay": to.isoformat(),
        },
    )
    versions.update(_versions(moved))
    return str(moved["epoch"])


async def metric_scenarios(a: Assistant) -> None:
    a.current = "Metric: build a 4-week plan"
    created = await build_plan(a)
    a.current = "Metric: read the calendar"
    calendar = await a.metric_call("read_training", view="calendar", timeZone=ZONE, weekStartsOn=2)
    await move_and_swap(a, created, calendar)
    a.current = "Metric: what's on my plan today"
    today = _today()
    await a.metric_call(
        "read_training",
        view="calendar",
        timeZone=ZONE,
        **{"from": today.isoformat(), "to": (today + timedelta(days=1)).isoformat()},
    )
    a.current = "Metric: what did I do last month"
    await a.metric_call("read_training", view="history", timeZone=ZONE)
    a.current = "Metric: how is my bench progressing"
    await a.metric_call("read_training", view="insights", timeZone=ZONE)
    a.current = "Metric: heaviest deadlift in 3 months"
    await a.metric_call(
        "read_training",
        view="history",
        timeZone=ZONE,
        **{"from": (today - timedelta(days=91)).isoformat(), "to": (today + timedelta(days=1)).isoformat()},
    )
    a.current = "Metric: delete the plan"
    preview = await a.metric_call(
        "preview_training_deletion", kind="plan", id=created["plans"][0]["id"], timeZone=ZONE
    )
    await a.metric_call(
        "confirm_training_deletion",
        previewToken=preview["previewToken"],
        confirmed=True,
        idempotencyKey=_key(),
    )


# --- Client AI -----------------------------------------------------------------------------------


def _has_next_day(answer: Any) -> bool:
    """Whether a plan answer says which day comes next (any key starting with 'next')."""
    if isinstance(answer, dict):
        return any(key.startswith("next") and value for key, value in answer.items()) or any(
            _has_next_day(value) for value in answer.values() if isinstance(value, dict)
        )
    return False


async def client_scenarios(a: Assistant, exercise_ids: Sequence[str]) -> None:
    a.current = "Client AI: what's on my plan today"
    plans = await a.client_call("client_ai_list_my_workout_plans", status="Active")
    plan_id = plans["plans"][0]["id"]
    plan = await a.client_call("client_ai_get_my_workout_plan", planId=plan_id)
    if not _has_next_day(plan):
        await a.client_call("client_ai_list_my_workout_sessions", status="completed", limit=5)
    day_id = plan["plan"]["days"][0]["id"] if "plan" in plan else plan["days"][0]["id"]
    await a.client_call("client_ai_get_my_workout_day", planId=plan_id, planMomentId=day_id)
    a.current = "Client AI: log sets"
    session_id = await _log_session(a, plan_id, day_id, exercise_ids, 100.0)
    a.current = "Client AI: finish"
    await a.client_call("client_ai_complete_my_workout_session", sessionId=session_id)
    a.current = "Client AI: how is my bench progressing"
    await a.client_call("client_ai_get_my_exercise_history", exerciseId=exercise_ids[BENCH_PRESS])
    a.current = "Client AI: heaviest deadlift in 3 months"
    await a.client_call(
        "client_ai_get_my_exercise_history",
        exerciseId=exercise_ids[DEADLIFT],
        dateFrom=(_today() - timedelta(days=91)).isoformat(),
        limit=50,
    )


async def _log_session(
    a: Assistant, plan_id: str | None, day_id: str | None, exercise_ids: Sequence[str], kg: float
) -> str:
    """Start (plan day or freestyle), log three bench and three deadlift sets; the session's ID."""
    start = {"planId": plan_id, "planMomentId": day_id} if plan_id and day_id else {}
    started = await a.client_call("client_ai_start_or_resume_my_workout_session", **start)
    session_id = str(started["session"]["id"])
    for index, load in ((BENCH_PRESS, kg), (DEADLIFT, kg * 1.5)):
        sets = [{"setNumber": n, "weight": load, "reps": 5, "rpe": 8, "completed": True} for n in range(1, 4)]
        await a.client_call(
            "client_ai_log_my_workout_performance",
            sessionId=session_id,
            exerciseId=exercise_ids[index],
            sets=sets,
            isCompleted=True,
        )
    return session_id


# --- the run -------------------------------------------------------------------------------------


async def _account(auth: auth_pb2_grpc.AuthServiceStub, base: str) -> tuple[str, str, str]:
    created = await auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"athlete-{uuid.uuid4().hex[:8]}@bench.kinetic.test",
            password="bench password 1",
            display_name="Athlete",
            time_zone=ZONE,
        )
    )
    account_id = str(created.account.account_id)
    tokens = []
    for path, scope in ((METRIC_MCP_PATH, "training"), (CLIENT_AI_PATH, "client_ai")):
        issued = await auth.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account_id, audience=base + path, scopes=[scope], ttl_seconds=3600
            )
        )
        tokens.append(str(issued.access_token))
    return account_id, tokens[0], tokens[1]


async def replay(base: str, ports: dict[str, int], dump: Path | None) -> dict[str, Tally]:
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['auth']}") as auth_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['sessions']}") as sessions_channel,
    ):
        account_id, metric_token, client_token = await _account(
            auth_pb2_grpc.AuthServiceStub(auth_channel), base
        )
        (caller,) = await open_gym(
            gyms_pb2_grpc.GymAdminServiceStub(sessions_channel),
            [(account_id, client_token)],
            Shape(accounts=1, exercises=10, plan_days=4),
        )
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {metric_token}"}, timeout=60) as metric_http,
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {client_token}"}, timeout=60) as client_http,
        Client(streamable_http_client(base + METRIC_MCP_PATH, http_client=metric_http)) as metric,
        Client(streamable_http_client(base + CLIENT_AI_PATH, http_client=client_http)) as client_ai,
    ):
        a = Assistant(metric, client_ai, dump=dump)
        a.current = "setup"
        for n in range(EARLIER_SESSIONS):
            session_id = await _log_session(a, None, None, caller.exercise_ids, 80.0 + 2.5 * n)
            await a.client_call("client_ai_complete_my_workout_session", sessionId=session_id)
        await metric_scenarios(a)
        await client_scenarios(a, caller.exercise_ids)
    a.tallies.pop("setup", None)
    return a.tallies


def report(tallies: dict[str, Tally], sizes: dict[str, ListSize]) -> None:
    width = max(len(name) for name in tallies)
    print(f"{'scenario':<{width}}  calls  characters")
    for name, tally in tallies.items():
        print(f"{name:<{width}}  {tally.calls:>5}  {tally.characters:>10}")
    for profile in ("Metric", "Client AI"):
        rows = [t for n, t in tallies.items() if n.startswith(profile + ":")]
        calls, chars = sum(t.calls for t in rows), sum(t.characters for t in rows)
        print(f"{profile + ' total':<{width}}  {calls:>5}  {chars:>10}")
    print()
    report_sizes(sizes)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dump", type=Path, help="write each call's arguments and answer to files in DIR")
    options = parser.parse_args(argv)
    if options.dump is not None:
        options.dump.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-scenarios-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        env = kinetic_env(data_dir, ports) | {"OTEL_SDK_DISABLED": "true"}
        base = f"http://127.0.0.1:{ports['edge']}"
        processes = start_kinetic(env, data_dir)
        try:
            wait_ready(base + "/readyz", processes)
            tallies = asyncio.run(replay(base, ports, options.dump))
        except BaseException:
            stop_kinetic(processes)
            log_tails(data_dir)
            raise
        finally:
            stop_kinetic(processes)
    report(tallies, asyncio.run(measure_sizes()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
