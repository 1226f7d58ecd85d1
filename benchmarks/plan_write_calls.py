"""``python -m benchmarks.plan_write_calls``: gRPC calls, SQL statements per service and p50 of one
RunFlow plan write of 49 workouts through the real edge (decision 0090): ``create_training_plan``
(the standard builder's plan) and ``create_custom_training_plan`` (the athlete's own workouts).

The four services and the edge run in this process on SQLite (as the edge tests' stack does), one
athlete on a paid tier with thresholds. Each call is a raw JSON-RPC ``tools/call`` POST with an API
key; every call creates a new active plan (the previous ones stay). It prints, per tool and call
(the median call over ``--calls``):

- gRPC calls: the unary calls every server answered, by method (a server interceptor counts them;
  the edge's calls and the services' calls to each other alike);
- SQL statements: what SQLAlchemy sends on each service's engine (``before_cursor_execute``), and
  the share of them inside analytics' safety reads (``EvaluatePlanSafety`` before decision 0096,
  ``GetPlanningContext`` since: Training's one call, thresholds and history together);
- p50 and p99 of the whole call, as the assistant waits for it, and the p50 time each server spent
  in each method (nested calls included in their caller's time).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import httpx2
from sqlalchemy import Engine, event

import kinetic.grpc_server
from benchmarks.http_load import tool_call_body
from kinetic.grpc_handlers import HandlerWrappingInterceptor
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.storage import make_engine
from services.training.plans.generator import PlanRequestError, generate_plan, parse_request
from services.training.plans.generator.paces import vdot_for_threshold_pace
from tests.integration.edge.conftest import running_stack
from tests.integration.edge.primed_calls import PROTOCOL
from tests.integration.edge.runflow_calls import pro, runflow_key

RUNFLOW_PATH = "/mcp/runflow"
WORKOUTS = 49
# Analytics' background sweep (services/analytics/bootstrap.py KEEP_UP_SECONDS), waited for once.
KEEP_UP_SECONDS = 2.0
# Analytics' reads for a plan's safety: the edge's call before decision 0096, Training's after it.
SAFETY_READS = ("EvaluatePlanSafety", "GetPlanningContext")
# The name kinetic.grpc_server takes its extra server interceptors from when a server starts.
INTERCEPTORS = "rpc_metrics_interceptors"
ARGUMENTS = {"event": "10K", "weeklyVolumeKm": 40, "daysPerWeek": 7, "experience": "intermediate"}
# The athlete's threshold pace (s/km): create_training_plan paces the plan from its VDOT (issue 30).
THRESHOLD_PACE = 250


def race_day() -> tuple[date, int]:
    """The first race day from today, and the days a week, whose 10 km plan paced from
    ``THRESHOLD_PACE`` has ``WORKOUTS`` workouts (about 8 weeks away; the count depends on the
    weekday, and some counts a 7-day week skips, so 6 days are tried next)."""
    today = datetime.now(UTC).date()
    vdot = vdot_for_threshold_pace(THRESHOLD_PACE)
    for days_per_week in (7, 6):
        for days in range(28, 120):
            day = today + timedelta(days=days)
            arguments = {**ARGUMENTS, "daysPerWeek": days_per_week, "raceDate": day.isoformat()}
            try:
                plan = generate_plan(parse_request(arguments, today), vdot)
            except PlanRequestError:  # too soon for a plan from this weekday: a later race day
                continue
            if len(plan.workouts) == WORKOUTS:
                return day, days_per_week
    raise RuntimeError(f"no 10 km plan of {WORKOUTS} workouts")


class Tally:
    """What the stack does: gRPC calls by method, SQL statements by service, statements of the
    current safety evaluation."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.server_ms: dict[str, list[float]] = {}
        # Never reset: the whole run, background work (analytics' keep-up sweep) included.
        self.all_calls: Counter[str] = Counter()
        self.all_statements: Counter[str] = Counter()
        self.statements: Counter[str] = Counter()
        self.safety_statements = 0
        self._in_safety = 0

    def reset(self) -> None:
        self.calls.clear()
        self.statements.clear()
        self.safety_statements = 0

    def statement(self, service: str) -> None:
        self.statements[service] += 1
        self.all_statements[service] += 1
        if service == "analytics" and self._in_safety:
            self.safety_statements += 1

    @contextlib.contextmanager
    def safety(self) -> Iterator[None]:
        self._in_safety += 1
        try:
            yield
        finally:
            self._in_safety -= 1


class CallCounter(HandlerWrappingInterceptor):
    """Counts each unary call a server answers; marks the safety evaluation's statements."""

    def __init__(self, tally: Tally) -> None:
        super().__init__()
        self._tally = tally

    def wrap(self, handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
        behavior = handler.unary_unary
        tally = self._tally
        name = method.rpartition("/")[2]

        async def counted(request: Any, context: grpc.aio.ServicerContext) -> Any:
            tally.calls[name] += 1
            tally.all_calls[name] += 1
            started = time.perf_counter()
            try:
                if name not in SAFETY_READS:
                    return await behavior(request, context)
                with tally.safety():
                    return await behavior(request, context)
            finally:
                tally.server_ms.setdefault(name, []).append((time.perf_counter() - started) * 1000)

        return grpc.unary_unary_rpc_method_handler(
            counted,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


class CountedEngines:
    """The stack's engines (SQLite files), each counting its statements into the tally."""

    def __init__(self, tally: Tally, data_dir: Path) -> None:
        self._tally = tally
        self._data_dir = data_dir
        self._made: list[Engine] = []

    def __call__(self, service: str) -> Engine:
        engine = make_engine(service, data_dir=self._data_dir, database_url=None)
        tally = self._tally
        event.listen(engine, "before_cursor_execute", lambda *_: tally.statement(service))
        self._made.append(engine)
        return engine

    def close(self) -> None:
        for engine in self._made:
            engine.dispose()


def generated_plan(race: date, days_per_week: int) -> tuple[str, dict[str, Any]]:
    """The standard builder's 10 km plan of ``WORKOUTS`` workouts."""
    return "create_training_plan", {**ARGUMENTS, "daysPerWeek": days_per_week, "raceDate": race.isoformat()}


def custom_plan(race: date) -> tuple[str, dict[str, Any]]:
    """A plan of the athlete's own ``WORKOUTS`` runs, one a day up to the race (the same path:
    thresholds, ``MutatePlan``, safety)."""
    first = race - timedelta(days=WORKOUTS - 1)
    workouts = [
        {
            "name": f"Run {n}",
            "scheduledDate": (first + timedelta(days=n)).isoformat(),
            "sport": "RUN",
            "workoutType": "EASY",
            "plannedDistanceMeters": 8000,
            "plannedDurationSeconds": 2700,
        }
        for n in range(WORKOUTS)
    ]
    return "create_custom_training_plan", {"name": "Own 10 km block", "sport": "RUN", "workouts": workouts}


async def write_plan(
    http: httpx2.AsyncClient, url: str, number: int, call: tuple[str, dict[str, Any]]
) -> float:
    """One plan write; its wall time in ms (one kept-alive connection, as an MCP client keeps)."""
    tool, arguments = call
    body = tool_call_body(tool, arguments, number)
    started = time.perf_counter()
    response = await http.post(url, content=body)
    elapsed = (time.perf_counter() - started) * 1000
    response.raise_for_status()
    result = response.json()["result"]
    if result.get("isError"):
        raise RuntimeError(f"{tool} failed: {result['content']}")
    made = len(result["structuredContent"]["createdWorkoutIds"])
    if made != WORKOUTS:
        raise RuntimeError(f"{made} workouts, not {WORKOUTS}: the benchmark's plan changed")
    return elapsed


async def measure(calls: int, warmup: int) -> list[str]:
    tally = Tally()
    # The servers take their interceptors from kinetic.grpc_server when they start.
    server_module = vars(kinetic.grpc_server)
    original: Callable[[], list[grpc.aio.ServerInterceptor]] = server_module[INTERCEPTORS]
    server_module[INTERCEPTORS] = lambda: [*original(), CallCounter(tally)]
    with tempfile.TemporaryDirectory(prefix="kinetic-plan-write-") as tmp:
        engines = CountedEngines(tally, Path(tmp) / "data")
        try:
            async with running_stack(engines, Path(tmp)) as stack:  # type: ignore[arg-type]
                return await _measured(stack, tally, calls, warmup)
        finally:
            engines.close()
            server_module[INTERCEPTORS] = original


async def _measured(stack: Any, tally: Tally, calls: int, warmup: int) -> list[str]:
    await pro(stack)
    first = (datetime.now(UTC).date() - timedelta(days=60)).isoformat()
    for threshold in (
        records_pb2.Threshold(kind="ftp", effective_day=first, watts=250),
        records_pb2.Threshold(kind="threshold_pace", effective_day=first, seconds_per_km=THRESHOLD_PACE),
    ):
        await stack.backends.endurance.SetThreshold(
            records_pb2.SetThresholdRequest(account_id=stack.account_id, threshold=threshold)
        )
    key = await runflow_key(stack)
    race, days_per_week = race_day()
    headers = {
        "Authorization": f"Bearer {key}",
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": PROTOCOL,
    }
    lines: list[str] = []
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        for call in (generated_plan(race, days_per_week), custom_plan(race)):
            lines += await _one_tool(http, stack.base_url + RUNFLOW_PATH, tally, call, calls, warmup)
    return lines


async def _one_tool(
    http: httpx2.AsyncClient,
    url: str,
    tally: Tally,
    call: tuple[str, dict[str, Any]],
    calls: int,
    warmup: int,
) -> list[str]:
    for number in range(warmup):
        await write_plan(http, url, number, call)
    tally.server_ms.clear()
    tally.all_calls.clear()
    tally.all_statements.clear()
    latencies: list[float] = []
    per_call: list[tuple[Counter[str], Counter[str], int]] = []
    for number in range(calls):
        await _settled(tally)
        tally.reset()
        latencies.append(await write_plan(http, url, warmup + number, call))
        await _settled(tally)
        per_call.append((Counter(tally.calls), Counter(tally.statements), tally.safety_statements))
    await asyncio.sleep(KEEP_UP_SECONDS)  # the sweep after the last call, as after any other
    all_calls = sum(tally.all_calls.values()) / calls
    all_statements = ", ".join(f"{name} {n / calls:.0f}" for name, n in sorted(tally.all_statements.items()))
    # The median call by statements (every call makes the same calls).
    per_call.sort(key=lambda counted: sum(counted[1].values()))
    calls_seen, statements, safety = per_call[len(per_call) // 2]
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    return [
        f"{call[0]} ({WORKOUTS} workouts), {calls} calls after {warmup} warm-up:",
        f"  gRPC calls: {sum(calls_seen.values())}  "
        + ", ".join(f"{name} {n}" for name, n in sorted(calls_seen.items())),
        f"  SQL statements: {sum(statements.values())}  "
        + ", ".join(f"{name} {n}" for name, n in sorted(statements.items())),
        f"  of which in analytics' safety reads ({' or '.join(SAFETY_READS)}): {safety}",
        f"  the whole run per call, background catch-up included: {all_calls:.1f} gRPC calls, "
        f"SQL statements {sum(tally.all_statements.values()) / calls:.0f}: {all_statements}",
        "  server time p50 by method: "
        + ", ".join(f"{name} {statistics.median(ms):.1f} ms" for name, ms in sorted(tally.server_ms.items())),
        f"  p50 {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms",
    ]


async def _settled(tally: Tally) -> None:
    """Wait until nothing more runs after a call (work done after the answer is counted too)."""
    for _ in range(50):
        before = (sum(tally.calls.values()), sum(tally.statements.values()))
        await asyncio.sleep(0.02)
        if (sum(tally.calls.values()), sum(tally.statements.values())) == before:
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(argv)
    print("\n".join(asyncio.run(measure(args.calls, args.warmup))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
