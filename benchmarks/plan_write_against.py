"""``python -m benchmarks.plan_write_against [--against REF]``: p50 of a RunFlow plan write of 49
workouts on this tree and on an earlier commit, in turns, in one run (issue 29's "p50 ≤ ⅓ of
today's in the same run"; decision 0109).

``benchmarks.plan_write_calls`` counts calls and statements but runs only on the tree it is in:
the earlier trees' stacks and generators have other shapes. This runner checks ``REF`` out into
a temporary git worktree (its generated stubs are committed) and starts, for each tree and round,
one process in that tree running ``DRIVER``: the tree's own edge test stack (four services and the
edge on SQLite, ``tests.integration.edge.conftest.running_stack``, an API that has not changed),
a pro account with an FTP and a threshold pace, and ``--calls`` writes of each tool over one
kept-alive connection. The trees take turns, so a busy moment of the shared machine falls on
both. Each process picks its race day with its own tree's generator so that both write 49
workouts, and asserts that they did.

The earlier edge test stacks bound their listener with ``socket.socket()`` (protocol 0), for
which asyncio leaves ``TCP_NODELAY`` off: every answer after the first then waits for the
client's delayed ACK, about 40 ms that the edge itself (``kinetic.ports.bind_listener``) never
waits (0109). The driver makes ``socket.socket()`` in that module default to ``IPPROTO_TCP``, so
both trees are measured as the edge serves.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# The tree issue 29 was filed against (0.32-0.37 s for create_training_plan then).
ISSUE_TREE = "2a1fa98"
TOOLS = ("create_training_plan", "create_custom_training_plan")

DRIVER = r"""
import asyncio, json, socket, statistics, sys, tempfile, time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import httpx2

import tests.integration.edge.conftest as edge_conftest
from benchmarks.http_load import tool_call_body
from kinetic.sessions.v1 import endurance_pb2
from kinetic.storage import make_engine
from tests.integration.edge.runflow_calls import pro, runflow_key

class _TcpSocket(socket.socket):
    def __init__(self, family=socket.AF_INET, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, fileno=None):
        super().__init__(family, type, proto, fileno)

class _SocketModule:
    def __getattr__(self, name):
        return getattr(socket, name)
    socket = _TcpSocket

edge_conftest.socket = _SocketModule()

THRESHOLD_PACE = 250
WORKOUTS = 49
ARGUMENTS = {"event": "10K", "weeklyVolumeKm": 40, "daysPerWeek": 7, "experience": "intermediate"}

def plan_size(arguments, today):
    try:
        from services.training.plans.generator import generate_plan, parse_request
        from services.training.plans.generator.paces import vdot_for_threshold_pace
        vdot = vdot_for_threshold_pace(THRESHOLD_PACE)
        return len(generate_plan(parse_request(arguments, today), vdot).workouts)
    except ImportError:
        from kinetic.plan_generator import generate_plan, parse_request
        return len(generate_plan(parse_request(arguments, today)).workouts)

def race_day():
    today = datetime.now(UTC).date()
    for days_per_week in (7, 6):
        for days in range(28, 120):
            day = today + timedelta(days=days)
            arguments = {**ARGUMENTS, "daysPerWeek": days_per_week, "raceDate": day.isoformat()}
            try:
                size = plan_size(arguments, today)
            except ValueError:  # too soon for a plan from this weekday: a later race day
                continue
            if size == WORKOUTS:
                return day, days_per_week
    raise RuntimeError("no 10 km plan of 49 workouts")

def calls_for(race, days_per_week):
    first = race - timedelta(days=WORKOUTS - 1)
    custom = [
        {"name": f"Run {n}", "scheduledDate": (first + timedelta(days=n)).isoformat(), "sport": "RUN",
         "workoutType": "EASY", "plannedDistanceMeters": 8000, "plannedDurationSeconds": 2700}
        for n in range(WORKOUTS)
    ]
    return {
        "create_training_plan": {**ARGUMENTS, "daysPerWeek": days_per_week, "raceDate": race.isoformat()},
        "create_custom_training_plan": {"name": "Own 10 km block", "sport": "RUN", "workouts": custom},
    }

async def main(calls, warmup):
    with tempfile.TemporaryDirectory(prefix="kinetic-plan-against-") as tmp:
        made = []
        def engines(service):
            engine = make_engine(service, data_dir=Path(tmp) / "data", database_url=None)
            made.append(engine)
            return engine
        try:
            async with edge_conftest.running_stack(engines, Path(tmp)) as stack:
                return await measured(stack, calls, warmup)
        finally:
            for engine in made:
                engine.dispose()

async def measured(stack, calls, warmup):
    await pro(stack)
    first = (datetime.now(UTC).date() - timedelta(days=60)).isoformat()
    for threshold in (
        endurance_pb2.Threshold(kind="ftp", effective_day=first, watts=250),
        endurance_pb2.Threshold(kind="threshold_pace", effective_day=first, seconds_per_km=THRESHOLD_PACE),
    ):
        await stack.backends.endurance.SetThreshold(
            endurance_pb2.SetThresholdRequest(account_id=stack.account_id, threshold=threshold))
    key = await runflow_key(stack)
    race, days_per_week = race_day()
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream",
               "Content-Type": "application/json", "MCP-Protocol-Version": "2025-06-18"}
    out = {}
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        for tool, arguments in calls_for(race, days_per_week).items():
            times = []
            for number in range(warmup + calls):
                if number == warmup:
                    cpu_started = time.process_time()
                body = tool_call_body(tool, arguments, number)
                started = time.perf_counter()
                response = await http.post(stack.base_url + "/mcp/runflow", content=body)
                elapsed = (time.perf_counter() - started) * 1000
                response.raise_for_status()
                result = response.json()["result"]
                if result.get("isError"):
                    raise RuntimeError(f"{tool}: {result['content']}")
                if len(result["structuredContent"]["createdWorkoutIds"]) != WORKOUTS:
                    raise RuntimeError(f"{tool} did not write {WORKOUTS} workouts")
                if number >= warmup:
                    times.append(elapsed)
            # The process's CPU per write (all four services and the edge): steadier than wall time
            # on a busy machine.
            out[tool] = {"ms": times, "cpu_ms": (time.process_time() - cpu_started) * 1000 / calls}
    return out

print(json.dumps(asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))))
"""


def run_driver(tree: Path, calls: int, warmup: int) -> dict[str, dict[str, Any]]:
    """One process in ``tree``: its stack, ``calls`` timed writes of each tool (``ms``) and the
    process's CPU per write (``cpu_ms``)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(DRIVER)
    try:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        done = subprocess.run(
            [sys.executable, script.name, str(calls), str(warmup)],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        os.unlink(script.name)
    if done.returncode != 0:
        raise RuntimeError(f"the driver failed in {tree}:\n{done.stderr[-3000:]}")
    measured: dict[str, dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
    return measured


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", default=ISSUE_TREE, help="the earlier commit (default: issue 29's tree)")
    parser.add_argument("--rounds", type=int, default=4, help="turns of each tree")
    parser.add_argument("--calls", type=int, default=10, help="timed writes of each tool a turn")
    parser.add_argument("--warmup", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kinetic-against-") as tmp:
        earlier = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(earlier), args.against],
            check=True,
        )
        try:
            trees = {"this tree": HERE, args.against: earlier}
            times: dict[str, dict[str, list[float]]] = {name: {tool: [] for tool in TOOLS} for name in trees}
            cpu: dict[str, dict[str, list[float]]] = {name: {tool: [] for tool in TOOLS} for name in trees}
            for round_ in range(args.rounds):
                for name, tree in trees.items():
                    for tool, measured in run_driver(tree, args.calls, args.warmup).items():
                        times[name][tool] += measured["ms"]
                        cpu[name][tool].append(measured["cpu_ms"])
                print(f"round {round_ + 1}/{args.rounds} done (load average {os.getloadavg()[0]:.1f})")
        finally:
            remove = ["git", "-C", str(HERE), "worktree", "remove", "--force", str(earlier)]
            subprocess.run(remove, check=False)
    print(
        f"49-workout plan writes, {args.rounds} turns x {args.calls} calls per tree "
        "(p50 / p99 ms; CPU ms per write, median of the turns):"
    )
    for tool in TOOLS:
        row = []
        for name in trees:
            ms = sorted(times[name][tool])
            row.append(
                f"{name} {statistics.median(ms):.1f} / {ms[int(0.99 * (len(ms) - 1))]:.1f}, "
                f"CPU {statistics.median(cpu[name][tool]):.1f}"
            )
        ratio = statistics.median(times["this tree"][tool]) / statistics.median(times[args.against][tool])
        cpu_ratio = statistics.median(cpu["this tree"][tool]) / statistics.median(cpu[args.against][tool])
        print(f"  {tool}: {'; '.join(row)}")
        print(f"    p50 ratio {ratio:.2f} (target <= 0.33), CPU ratio {cpu_ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
