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
process together against the baseline process), then each target of
docs/decisions/0031-edge-performance.md with its measured ratio and PASS or FAIL. The exit status
is 1 when a target fails, so a regression stops ``make bench-quick``.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

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

ZONE = "Europe/Amsterdam"
CALLERS = (1, 8)
QUERIES = ["rdl", "db bench", "squat", "ohp", "pull up", "row", "press", "kb swing", "lunge", "curl"]


@dataclass(frozen=True)
class Mode:
    """How long to measure: calls per side by number of callers, warm-up calls, turns per run."""

    calls: dict[int, int]
    warmup: int
    rounds: int
    big_library: bool


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

    @property
    def passed(self) -> bool:
        return self.ratio <= self.limit if self.at_most else self.ratio >= self.limit

    def line(self) -> str:
        sign = "<=" if self.at_most else ">="
        verdict = "PASS" if self.passed else "FAIL"
        return f"{verdict}  {self.name:<52}{self.ratio:>6.2f}x  (target {sign} {self.limit}x)"


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
    sides: Sequence[Side], bodies: dict[str, list[bytes]], mode: Mode
) -> dict[tuple[str, str, int], Figures]:
    """Every (side, view, callers), the sides taking turns in ``mode.rounds`` short runs each."""
    for side in sides:
        for view_bodies_ in bodies.values():
            await run_load(side.url, side.token, view_bodies_, 4, mode.warmup)
    figures: dict[tuple[str, str, int], Figures] = {}
    for view, view_bodies_ in bodies.items():
        for callers in CALLERS:
            runs: dict[str, list[LoadResult]] = {side.name: [] for side in sides}
            cpu = dict.fromkeys(runs, 0.0)
            for _ in range(mode.rounds):
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


def targets(figures: dict[tuple[str, str, int], Figures]) -> list[Target]:
    """The targets of decision 0031, each as edge / in-process."""

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
        Target(
            "exercise search CPU per call (all processes), 8 callers", ratio("exercises", 8, cpu), 1.3, True
        ),
        Target(
            "93-day calendar CPU per call (all processes), 8 callers", ratio("calendar", 8, cpu), 1.3, True
        ),
    ]


def report(figures: dict[tuple[str, str, int], Figures]) -> list[Target]:
    """Print every measurement and every target; the targets, for the exit status."""
    columns = f"{'callers':>8}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>9}{'CPU ms/call':>13}"
    print(f"\n{'server':<12}{'view':<11}{columns}")
    for (side, view, callers), f in sorted(figures.items(), key=lambda item: (item[0][1], item[0][2])):
        load = f.load
        print(
            f"{side:<12}{view:<11}{callers:>8}{load.p50:>9.2f}{load.p99:>9.2f}"
            f"{load.calls_per_second:>9.0f}{f.cpu_ms_per_call:>13.2f}"
        )
    checked = targets(figures)
    print()
    for target in checked:
        print(target.line())
    return checked


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
        help="run training and the edge under cProfile, writing DIR/<name>.prof "
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
            baseline = subprocess.Popen(
                [
                    sys.executable,
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
            figures = asyncio.run(measure(sides, view_bodies(window), mode))
        except BaseException:
            log_tails(data_dir)
            raise
        finally:
            if baseline is not None:
                stop_kinetic({"in-process": baseline})
            stop_kinetic(processes)
    checked = report(figures)
    return 0 if all(target.passed for target in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
