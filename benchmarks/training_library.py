"""``make bench``: calendar reads and occurrence moves through the edge, big library versus fresh.

Starts Kinetic as ``make run`` does (each service and the edge in its own process, SQLite in a
temporary data directory; the edge via ``benchmarks.bench_edge`` so the per-account budget does not
cut the run short), creates two accounts, loads a library of 200 workouts and five years of plans
into one and eight workouts into the other (``benchmarks.training_data``, through the training use
cases), then drives ``read_training`` view=calendar over 93 days and ``edit_training``
moveOccurrence with OAuth access tokens at 1 and 8 callers. Prints p50, p99 and calls/s per account
and the big/fresh ratios against the target (<= 1.2x: cost follows the window, not the history).

``--profile DIR`` runs the training service and the edge under cProfile and writes their profiles
to DIR on exit. See docs/decisions/0019-training-benchmark.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pstats
import sys
import tempfile
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.http_load import LoadResult, run_load, tool_call_body
from benchmarks.move_load import exchange, run_moves

# Re-exported: the benchmark's smoke test (tests/integration/training/) imports it from here.
from benchmarks.processes import (
    METRIC_MCP_PATH,
    free_ports,
    kinetic_env,
    log_tails,
    metric_account,
    process_cpu_seconds,
    start_kinetic,
    stop_kinetic,
    wait_ready,
)
from benchmarks.training_data import LibraryLoader, LoadReport, MoveTarget, move_targets
from kinetic.storage import make_engine

ZONE = "Europe/Amsterdam"
CALLERS = (1, 8)
# Calls per measured run, by number of callers; warm-up calls per account and operation.
CALLS = {1: 400, 8: 800}
WARMUP_CALLS = 120
# Each measured run is split into this many turns per account (see measure).
ROUNDS = 8
TARGET_RATIO = 1.2
MCP_PATH = METRIC_MCP_PATH


@dataclass
class Account:
    """One benchmarked account: its token, what was loaded, and what the calls send."""

    name: str
    account_id: str
    token: str
    report: LoadReport
    calendar_body: bytes
    targets: list[MoveTarget]
    epoch: str = ""
    window_occurrences: int = 0


def calendar_arguments(start: str, end: str) -> dict[str, object]:
    """``read_training`` arguments for the measured 93-day window."""
    return {"view": "calendar", "timeZone": ZONE, "from": start, "to": end, "weekStartsOn": 2}


async def read_calendar(url: str, token: str, body: bytes) -> dict[str, object]:
    """One calendar call (outside the measurements): the library's epoch and the window."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    head = (
        f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    try:
        payload = await exchange(reader, writer, head.encode() + body)
    finally:
        writer.close()
    result: dict[str, object] = json.loads(payload)["result"]["structuredContent"]
    return result


async def measure_calendar(url: str, account: Account, callers: int, calls: int) -> LoadResult:
    """``calls`` calendar reads spread over ``callers`` connections."""
    return await run_load(url, account.token, [account.calendar_body], callers, calls)


async def measure_moves(url: str, account: Account, callers: int, calls: int) -> LoadResult:
    """``calls`` moves by ``callers`` callers, each moving its own workout's occurrence."""
    return await run_moves(
        url,
        account.token,
        account.targets[:callers],
        epoch=account.epoch,
        time_zone=ZONE,
        run_id=uuid.uuid4().hex[:12],
        calls=calls,
    )


Results = dict[tuple[str, str, int], LoadResult]


def merged(parts: Sequence[LoadResult]) -> LoadResult:
    """Several runs as one: all their latencies over their summed wall time."""
    return LoadResult(
        parts[0].callers,
        [latency for part in parts for latency in part.latencies_ms],
        sum(part.wall_seconds for part in parts),
    )


def no_probe() -> float:
    """A CPU probe for callers that do not watch the server processes."""
    return 0.0


async def measure(
    url: str,
    accounts: Sequence[Account],
    calls: dict[int, int],
    warmup: int,
    cpu_seconds: Callable[[], float] = no_probe,
    rounds: int = ROUNDS,
) -> tuple[Results, dict[tuple[str, str, int], float]]:
    """Every (operation, callers) pair, the accounts taking turns in ``rounds`` short runs each.

    Taking turns spreads whatever else the machine does over both accounts alike, so the ratio
    compares the libraries rather than two moments of a busy machine. ``cpu_seconds`` reads the
    CPU the training service and the edge have used; the second result is their CPU milliseconds
    per call, which waiting on a busy machine does not inflate.
    """
    for account in accounts:
        window = await read_calendar(url, account.token, account.calendar_body)
        account.epoch = str(window["epoch"])
        data = window["data"]
        assert isinstance(data, dict)
        account.window_occurrences = len(data["occurrences"])
        await measure_calendar(url, account, max(CALLERS), warmup)
        await measure_moves(url, account, max(CALLERS), warmup)
    results: Results = {}
    cpu: dict[tuple[str, str, int], float] = {}
    for operation, run in (("calendar", measure_calendar), ("moveOccurrence", measure_moves)):
        for callers in CALLERS:
            parts: dict[str, list[LoadResult]] = {account.name: [] for account in accounts}
            used = dict.fromkeys(parts, 0.0)
            for _ in range(rounds):
                for account in accounts:
                    before = cpu_seconds()
                    parts[account.name].append(await run(url, account, callers, calls[callers] // rounds))
                    used[account.name] += cpu_seconds() - before
            for name, runs in parts.items():
                results[(name, operation, callers)] = merged(runs)
                count = len(results[(name, operation, callers)].latencies_ms)
                cpu[(name, operation, callers)] = used[name] * 1000 / count
    return results, cpu


# --- the accounts ------------------------------------------------------------------------------


def _prepare(data_dir: Path, auth_port: int, mcp_url: str) -> list[Account]:
    engine = make_engine("training", data_dir=data_dir, database_url=None)
    try:
        loader = LibraryLoader(engine, ZONE)
        start, end = (day.isoformat() for day in loader.window)
        body = tool_call_body("read_training", calendar_arguments(start, end), 1)
        accounts = []
        for name in ("big", "fresh"):
            account_id, token = asyncio.run(metric_account(auth_port, mcp_url, name, ZONE))
            report = loader.load_big(account_id) if name == "big" else loader.load_fresh(account_id)
            targets = move_targets(engine, account_id, ZONE, loader.today, max(CALLERS))
            accounts.append(Account(name, account_id, token, report, body, targets))
        return accounts
    finally:
        engine.dispose()


# --- the report --------------------------------------------------------------------------------


def _describe(accounts: Sequence[Account]) -> None:
    print(
        f"\n{'account':<8}{'workouts':>9}{'plans':>7}{'phases':>8}{'completed':>10}{'moved':>7}"
        f"{'replaced':>9}{'writes':>8}{'load s':>8}{'window occ.':>12}"
    )
    for a in accounts:
        r = a.report
        print(
            f"{a.name:<8}{r.workouts:>9}{r.plans:>7}{r.phases:>8}{r.completed:>10}{r.moved:>7}"
            f"{r.replaced:>9}{r.writes:>8}{r.seconds:>8.1f}{a.window_occurrences:>12}"
        )


def report(results: Results, cpu: dict[tuple[str, str, int], float]) -> list[str]:
    """The figures table and the big/fresh ratios; returns the ratios that miss the target.

    The verdict is on server CPU per call: on a shared two-core machine latency also measures the
    neighbours. The latency and throughput ratios are printed beside it.
    """
    print(
        f"\n{'operation':<16}{'account':<8}{'callers':>8}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>9}"
        f"{'CPU ms/call':>13}"
    )
    for key, result in results.items():
        name, operation, callers = key
        print(
            f"{operation:<16}{name:<8}{callers:>8}{result.p50:>9.2f}{result.p99:>9.2f}"
            f"{result.calls_per_second:>9.0f}{cpu[key]:>13.2f}"
        )
    print(
        f"\n{'big / fresh':<16}{'callers':>8}{'p50':>8}{'p99':>8}{'1/calls/s':>11}{'CPU/call':>10}"
        f"   target <= {TARGET_RATIO}x"
    )
    missed = []
    for operation in ("calendar", "moveOccurrence"):
        for callers in CALLERS:
            big, fresh = results[("big", operation, callers)], results[("fresh", operation, callers)]
            p50, p99 = big.p50 / fresh.p50, big.p99 / fresh.p99
            cost = fresh.calls_per_second / big.calls_per_second
            fresh_cpu = cpu[("fresh", operation, callers)]
            cpu_ratio = cpu[("big", operation, callers)] / fresh_cpu if fresh_cpu else float("nan")
            verdict = "ok" if cpu_ratio <= TARGET_RATIO else "MISSED"
            if verdict != "ok":
                missed.append(f"{operation} at {callers}")
            print(
                f"{operation:<16}{callers:>8}{p50:>7.2f}x{p99:>7.2f}x{cost:>10.2f}x"
                f"{cpu_ratio:>9.2f}x   {verdict}"
            )
    return missed


def _print_profiles(profile_dir: Path) -> None:
    for name in ("training", "edge"):
        path = profile_dir / f"{name}.prof"
        if path.exists():
            print(f"\n--- {name}: top functions by own time ---")
            pstats.Stats(str(path)).sort_stats("tottime").print_stats(20)


def main(argv: Sequence[str] | None = None) -> int:
    """Start Kinetic, load both accounts, measure, print, stop; status 0 even when a ratio misses."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.training_library", description=__doc__)
    parser.add_argument("--profile", type=Path, help="write cProfile output of training and edge here")
    args = parser.parse_args(argv)
    profile_dir: Path | None = args.profile
    if profile_dir is not None:
        profile_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-training-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        env = kinetic_env(data_dir, ports)
        base_url = f"http://127.0.0.1:{ports['edge']}"
        processes = start_kinetic(env, data_dir, profile_dir)
        try:
            wait_ready(f"{base_url}/readyz", processes)
            accounts = _prepare(data_dir, ports["auth"], base_url + MCP_PATH)
            servers = [processes["training"].pid, processes["edge"].pid]
            results, cpu = asyncio.run(
                measure(
                    base_url + MCP_PATH, accounts, CALLS, WARMUP_CALLS, lambda: process_cpu_seconds(servers)
                )
            )
        except BaseException:
            stop_kinetic(processes)
            log_tails(data_dir)
            raise
        stop_kinetic(processes)
    _describe(accounts)
    missed = report(results, cpu)
    if missed:
        print(
            f"\nbig/fresh above {TARGET_RATIO}x: {', '.join(missed)}"
            " (see docs/decisions/0019-training-benchmark.md)"
        )
    if profile_dir is not None:
        _print_profiles(profile_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
