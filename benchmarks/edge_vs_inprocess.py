"""``make bench`` / ``make bench-quick``: the split into services against one process, PASS or FAIL.

Starts Kinetic as ``make run`` does (``benchmarks.processes``: each service and the edge in its own
process, SQLite in a temporary data directory) and the single-process baseline
(``benchmarks.inprocess_server``: the same ``read_training`` rendering code on the same training
file, no gRPC, no token check, no limiter). One account gets a library through the training use
cases (``benchmarks.training_data``; the fresh one in quick mode, the five-year one otherwise: both
have the same 93-day window). Then two ``read_training`` calls are driven through both servers,
the two taking turns in short rounds so that whatever else the machine does falls on both alike:

- the exercise search (``view=exercises``), a light call;
- the 93-day calendar (``view=calendar``), where the storage work is.

Each at 1 caller and at 8. Printed: p50, p99, calls/s and CPU milliseconds per call (every Kinetic
process together against the baseline process). In the same run, in turns with the reads, the
floor of the split (``benchmarks.hop_floor``): one bare gRPC round trip between two processes, and
the cost of moving each read's own response (training's answer, asked once with the edge's
request) through protobuf once. Then the targets of decision 0122 (issue 33), which replace those
of 0031 that issue 12 showed a service hop cannot reach on two cores: for each read, (edge p50 -
in-process p50) ÷ (bare round trip + that payload cost), and the CPU per call of all processes
against the baseline's, each with PASS or FAIL. The exit status is 1 when a target fails, so a
regression stops ``make bench-quick``. The ratios of 0031 are still printed, as figures.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from google.protobuf.message import Message

from benchmarks import hop_floor
from benchmarks.http_load import LoadResult, run_load, tool_call_body
from benchmarks.processes import (
    METRIC_MCP_PATH,
    free_port,
    free_ports,
    kinetic_env,
    log_tails,
    metric_account,
    process_cpu_seconds,
    start_kinetic,
    stop_kinetic,
    wait_ready,
)
from benchmarks.training_data import MONDAY, LibraryLoader
from kinetic.storage import make_engine
from kinetic.training.v1 import training_pb2, training_pb2_grpc

ZONE = "Europe/Amsterdam"
CALLERS = (1, 8)
# Bare round trips measured in each turn (after a warm-up of hop_floor.WARMUP_CALLS).
HOP_CALLS = 1000
QUERIES = ["rdl", "db bench", "squat", "ohp", "pull up", "row", "press", "kb swing", "lunge", "curl"]


@dataclass(frozen=True)
class Mode:
    """How long to measure: calls per side by number of callers, warm-up calls, turns per run."""

    calls: dict[int, int]
    warmup: int
    rounds: int
    big_library: bool


# Decision 0122: what the split may add to a read, in floors (bare hop + the read's own payload
# once through protobuf), and CPU per call of all processes against the one process.
HOPS_LIMIT = 1.2
CPU_LIMIT = 1.3

QUICK = Mode(calls={1: 240, 8: 800}, warmup=60, rounds=4, big_library=False)
FULL = Mode(calls={1: 1200, 8: 3200}, warmup=300, rounds=8, big_library=True)


@dataclass(frozen=True)
class Side:
    """One server under test: where to send calls, with which token, and whose CPU to count."""

    name: str
    url: str
    token: str | None
    cpu_seconds: Callable[[], float]


@dataclass(frozen=True)
class Figures:
    """One (side, view, callers) measurement."""

    load: LoadResult
    cpu_ms_per_call: float


@dataclass(frozen=True)
class Target:
    """A ratio and its limit: ``at_most`` (edge / baseline must not exceed) or at least."""

    name: str
    ratio: float
    limit: float
    at_most: bool
    unit: str = "x"

    @property
    def passed(self) -> bool:
        return self.ratio <= self.limit if self.at_most else self.ratio >= self.limit

    def line(self) -> str:
        sign = "<=" if self.at_most else ">="
        verdict = "PASS" if self.passed else "FAIL"
        limit = f"{sign} {self.limit}{self.unit}"
        return f"{verdict}  {self.name:<62}{self.ratio:>6.2f}{self.unit}  (target {limit})"


@dataclass(frozen=True)
class Floor:
    """The split's floor, measured in the same run: bare round trips (ms, one per turn) and each
    read's payload cost (ms)."""

    hops_ms: list[float]
    payload_ms: dict[str, float]

    @property
    def hop_ms(self) -> float:
        return statistics.median(self.hops_ms)

    def of(self, view: str) -> float:
        return self.hop_ms + self.payload_ms[view]


def view_bodies(window: tuple[str, str]) -> dict[str, list[bytes]]:
    """The JSON-RPC bodies of each measured view."""
    start, end = window
    calendar = {"view": "calendar", "from": start, "to": end, "weekStartsOn": MONDAY, "timeZone": ZONE}
    return {
        "exercises": [
            tool_call_body("read_training", {"view": "exercises", "query": q}, i)
            for i, q in enumerate(QUERIES)
        ],
        "calendar": [tool_call_body("read_training", calendar, 1)],
    }


async def measure(
    sides: Sequence[Side], bodies: dict[str, list[bytes]], mode: Mode, hop_port: int, hops: list[float]
) -> dict[tuple[str, str, int], Figures]:
    """Every (side, view, callers), the sides taking turns in ``mode.rounds`` short runs each; a
    bare round trip's p50 is measured in every turn at one caller, appended to ``hops``."""
    for side in sides:
        for view_bodies_ in bodies.values():
            await run_load(side.url, side.token, view_bodies_, 4, mode.warmup)
    figures: dict[tuple[str, str, int], Figures] = {}
    for view, view_bodies_ in bodies.items():
        for callers in CALLERS:
            runs: dict[str, list[LoadResult]] = {side.name: [] for side in sides}
            cpu = dict.fromkeys(runs, 0.0)
            for _ in range(mode.rounds):
                if callers == 1:
                    hops.append(hop_floor.hop_p50_ms(hop_port, HOP_CALLS))
                for side in sides:
                    before = side.cpu_seconds()
                    calls = mode.calls[callers] // mode.rounds
                    runs[side.name].append(await run_load(side.url, side.token, view_bodies_, callers, calls))
                    cpu[side.name] += side.cpu_seconds() - before
            for name, parts in runs.items():
                merged = LoadResult(
                    callers,
                    [ms for part in parts for ms in part.latencies_ms],
                    sum(part.wall_seconds for part in parts),
                )
                figures[(name, view, callers)] = Figures(merged, cpu[name] * 1000 / len(merged.latencies_ms))
    return figures


def targets(figures: dict[tuple[str, str, int], Figures], floor: Floor) -> list[Target]:
    """The targets of decision 0122: what the split adds to each read over its floor, and CPU per
    call of all processes over the baseline's."""

    def hops(view: str) -> float:
        added = figures[("edge", view, 1)].load.p50 - figures[("in-process", view, 1)].load.p50
        return added / floor.of(view)

    def cpu(view: str) -> float:
        edge, base = figures[("edge", view, 8)], figures[("in-process", view, 8)]
        return edge.cpu_ms_per_call / base.cpu_ms_per_call

    return [
        Target(
            "exercise search: (edge - in-process p50) / floor, 1 caller",
            hops("exercises"),
            HOPS_LIMIT,
            True,
            " floors",
        ),
        Target(
            "93-day calendar: (edge - in-process p50) / floor, 1 caller",
            hops("calendar"),
            HOPS_LIMIT,
            True,
            " floors",
        ),
        Target("exercise search CPU per call (all processes), 8 callers", cpu("exercises"), CPU_LIMIT, True),
        Target("93-day calendar CPU per call (all processes), 8 callers", cpu("calendar"), CPU_LIMIT, True),
    ]


def issue_12_ratios(figures: dict[tuple[str, str, int], Figures]) -> list[Target]:
    """Decision 0031's ratios, edge / in-process: printed as figures, no longer judged (0122)."""

    def ratio(view: str, callers: int, of: Callable[[Figures], float]) -> float:
        return of(figures[("edge", view, callers)]) / of(figures[("in-process", view, callers)])

    def p50(f: Figures) -> float:
        return f.load.p50

    def throughput(f: Figures) -> float:
        return f.load.calls_per_second

    def cpu(f: Figures) -> float:
        return f.cpu_ms_per_call

    return [
        Target("exercise search p50, 1 caller", ratio("exercises", 1, p50), 1.25, True),
        Target("93-day calendar p50, 1 caller", ratio("calendar", 1, p50), 1.25, True),
        Target("93-day calendar calls/s, 8 callers", ratio("calendar", 8, throughput), 2.0, False),
        Target("exercise search calls/s, 8 callers", ratio("exercises", 8, throughput), 1.0, False),
        Target("exercise search CPU per call, 8 callers", ratio("exercises", 8, cpu), 1.3, True),
        Target("93-day calendar CPU per call, 8 callers", ratio("calendar", 8, cpu), 1.3, True),
    ]


def report(figures: dict[tuple[str, str, int], Figures], floor: Floor) -> list[Target]:
    """Print every measurement, the floor and every target; the targets, for the exit status."""
    columns = f"{'callers':>8}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>9}{'CPU ms/call':>13}"
    print(f"\n{'server':<12}{'view':<11}{columns}")
    for (side, view, callers), f in sorted(figures.items(), key=lambda item: (item[0][1], item[0][2])):
        load = f.load
        print(
            f"{side:<12}{view:<11}{callers:>8}{load.p50:>9.2f}{load.p99:>9.2f}"
            f"{load.calls_per_second:>9.0f}{f.cpu_ms_per_call:>13.2f}"
        )
    print(
        f"\nfloor: bare gRPC round trip p50 {floor.hop_ms:.3f} ms "
        f"(turns: {', '.join(f'{ms:.3f}' for ms in floor.hops_ms)}); payload once through protobuf: "
        + ", ".join(f"{view} {ms:.3f} ms" for view, ms in floor.payload_ms.items())
    )
    for view in floor.payload_ms:
        added = figures[("edge", view, 1)].load.p50 - figures[("in-process", view, 1)].load.p50
        print(f"  {view}: the split adds {added:.3f} ms at 1 caller = {added / floor.of(view):.2f} floors")
    print("\ndecision 0031's ratios (issue 12; figures, not judged since decision 0122):")
    for ratio in issue_12_ratios(figures):
        print(f"      {ratio.name:<62}{ratio.ratio:>6.2f}x")
    checked = targets(figures, floor)
    print("\ntargets (decision 0122):")
    for target in checked:
        print(target.line())
    return checked


async def read_payloads(
    training_port: int, account_id: str, window: tuple[str, str]
) -> dict[str, list[Message]]:
    """Training's answers to the edge's requests of each measured read, asked once each."""
    start, end = window
    async with grpc.aio.insecure_channel(f"127.0.0.1:{training_port}") as channel:
        stub = training_pb2_grpc.TrainingServiceStub(channel)
        exercises: list[Message] = [
            await stub.SearchExercises(
                training_pb2.SearchExercisesRequest(account_id=account_id, query=query)
            )
            for query in QUERIES
        ]
        calendar = await stub.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=account_id, time_zone=ZONE, from_day=start, to_day=end, week_starts_on=MONDAY
            )
        )
    return {"exercises": exercises, "calendar": [calendar]}


def load_library(data_dir: Path, account_id: str, big: bool) -> tuple[str, str]:
    """The account's library through the training use cases; its 93-day calendar window."""
    engine = make_engine("training", data_dir=data_dir, database_url=None)
    try:
        loader = LibraryLoader(engine, ZONE)
        loader.load_big(account_id) if big else loader.load_fresh(account_id)
        start, end = loader.window
        return start.isoformat(), end.isoformat()
    finally:
        engine.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    """Start both setups, measure, print; status 1 when a target fails."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.edge_vs_inprocess", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="the short mode (make bench-quick)")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="DIR",
        help="run training, the edge and the in-process baseline under cProfile, writing DIR/<name>.prof "
        "(read with python -m benchmarks.stage_profile DIR); the figures then include cProfile's cost",
    )
    args = parser.parse_args(argv)
    mode = QUICK if args.quick else FULL
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-split-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        env = kinetic_env(data_dir, ports)
        edge_url = f"http://127.0.0.1:{ports['edge']}"
        processes = start_kinetic(env, data_dir, args.profile)
        baseline: subprocess.Popen[bytes] | None = None
        try:
            wait_ready(f"{edge_url}/readyz", processes)
            account_id, token = asyncio.run(
                metric_account(ports["auth"], edge_url + METRIC_MCP_PATH, "split", ZONE)
            )
            window = load_library(data_dir, account_id, mode.big_library)
            base_port = free_port()
            # Profiled too under --profile, so the split's stages can be set against the baseline's.
            profiler = (
                [] if args.profile is None else ["-m", "cProfile", "-o", str(args.profile / "inprocess.prof")]
            )
            baseline = subprocess.Popen(
                [
                    sys.executable,
                    *profiler,
                    "-m",
                    "benchmarks.inprocess_server",
                    str(data_dir),
                    str(base_port),
                    account_id,
                ],
                env=env,
            )
            wait_ready(f"http://127.0.0.1:{base_port}/mcp", {"in-process": baseline}, expect=405)
            kinetic_pids = [process.pid for process in processes.values()]
            baseline_pid = baseline.pid
            sides = [
                Side("edge", edge_url + METRIC_MCP_PATH, token, lambda: process_cpu_seconds(kinetic_pids)),
                Side(
                    "in-process",
                    f"http://127.0.0.1:{base_port}/mcp",
                    None,
                    lambda: process_cpu_seconds([baseline_pid]),
                ),
            ]
            payloads = asyncio.run(read_payloads(ports["training"], account_id, window))
            hop_port = free_port()
            hop_server = hop_floor.start_server(hop_port)
            hops: list[float] = []
            try:
                figures = asyncio.run(measure(sides, view_bodies(window), mode, hop_port, hops))
            finally:
                hop_server.terminate()
                hop_server.wait()
            floor = Floor(hops, {view: hop_floor.payload_ms(messages) for view, messages in payloads.items()})
        except BaseException:
            log_tails(data_dir)
            raise
        finally:
            if baseline is not None:
                stop_kinetic({"in-process": baseline})
            stop_kinetic(processes)
    checked = report(figures, floor)
    return 0 if all(target.passed for target in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
