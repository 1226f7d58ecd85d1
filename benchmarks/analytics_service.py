"""``python -m benchmarks.analytics_service [--years N] [--profile DIR]``: analytics through the edge.

Starts Kinetic as ``make run`` does (``benchmarks.processes``: each service and the edge in its own
process, SQLite in a temporary data directory) and creates three accounts with OAuth access tokens
for the Metric resource. Their sessions feeds are written straight into the sessions service's
``changes`` table in bulk, in the exact form its use cases append them (``session.started``, one
``performance.logged`` per set logged with the performance's whole set list so far,
``session.completed``): the setup is not what is measured, and the use cases would take minutes for
200 000 sets. Sessions' own session rows are not written; analytics reads only the feed.

The long account has YEARS (default 10: issue 6's 208 000 sets) of 5 sessions a week, 10 exercises,
8 working sets each, every set logged one at a time (one change each); the short one 4 weeks; the
year one exactly 1 year, so long/year compares the same answers over 10 versus 1 year of history.

Measured: the cold catch-up of the long account (GetFeedPosition, changes per second); then, per
account, p50 and the servers' CPU per call of records, a 1-year and a 28-day e1RM progress series
through the edge's REST paths (``/api/analytics/...``) and over gRPC, and insights over gRPC and
through the edge (``read_training`` view=insights over MCP). The accounts take turns in short
runs so whatever else the machine does hits them alike. Prints long/short ratios against the
target (<= 1.2x) and long/year ratios. See docs/decisions/0021-analytics.md (Benchmark).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import grpc
from sqlalchemy import insert

from benchmarks.http_load import get_requests, run_load, run_requests, tool_call_body
from benchmarks.move_load import exchange
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
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.storage import make_engine, upgrade
from services.sessions.adapters.tables import changes

EXERCISES = (
    "barbell-back-squat",
    "front-squat",
    "barbell-deadlift",
    "romanian-deadlift",
    "barbell-bench-press",
    "barbell-curl",
    "low-bar-back-squat",
    "sumo-deadlift",
    "pause-back-squat",
    "box-squat",
)
ZONE = "Europe/Amsterdam"
SESSIONS_PER_WEEK = 5
SETS_PER_EXERCISE = 8
SHORT_WEEKS = 4
CALLS = 200  # measured calls per account and operation
WARMUP_CALLS = 20
ROUNDS = 5  # the accounts take turns, CALLS / ROUNDS calls at a time
TARGET_RATIO = 1.2
SESSIONS_MIGRATIONS = Path("services/sessions/migrations")
ANALYTICS_PREFIX = "/api/analytics"
YEAR_WEEKS = 52
# "year" has exactly the long account's 1-year window of data and nothing before it: long against
# year compares the same answers (the same 260 points) over 10 years versus 1 year of history, so it
# shows what history alone costs; long against short is the comparison.
ACCOUNTS = ("long", "short", "year")


def feed_rows(account_id: str, weeks: int, end: datetime) -> list[dict[str, Any]]:
    """The account's sessions feed rows for ``weeks`` of history ending the day before ``end``."""
    rows: list[dict[str, Any]] = []

    def add(kind: str, record_id: str, at: datetime, payload: dict[str, Any]) -> None:
        rows.append(
            {
                "account_id": account_id,
                "sequence": len(rows) + 1,
                "kind": kind,
                "record_id": record_id,
                "created_at": at,
                "payload": json.dumps(payload, separators=(",", ":"), sort_keys=True),
            }
        )

    first = end - timedelta(weeks=weeks)
    for week in range(weeks):
        for slot in range(SESSIONS_PER_WEEK):
            session = f"s{week}-{slot}"
            started = first + timedelta(weeks=week, days=slot)
            header = {"sessionId": session, "startedAt": started.isoformat()}
            add("session.started", session, started, header | {"status": "in_progress"})
            for index, exercise in enumerate(EXERCISES):
                performance = f"p{week}-{slot}-{index}"
                load = 40 + index * 10 + (week % 12) * 2.5
                sets: list[dict[str, Any]] = []
                for number in range(1, SETS_PER_EXERCISE + 1):
                    reps = 3 + (number + week) % 8
                    sets.append(
                        {"setNumber": number, "setType": "N", "completed": True, "estimated": False}
                        | {"weight": load, "reps": reps}
                    )
                    payload = {
                        "performanceId": performance,
                        "sessionId": session,
                        "exerciseId": exercise,
                        "sets": sets,
                        "updatedAt": started.isoformat(),
                    }
                    add("performance.logged", performance, started, payload)
            add("session.completed", session, started, header | {"status": "completed"})
    return rows


def write_feeds(data_dir: Path, feeds: dict[str, int], end: datetime) -> tuple[dict[str, int], float]:
    """Bulk-insert each account's feed into sessions' change table; returns change counts, seconds."""
    began = time.perf_counter()
    engine = make_engine("sessions", data_dir=data_dir, database_url=None)
    counts: dict[str, int] = {}
    try:
        upgrade(engine, SESSIONS_MIGRATIONS)
        with engine.begin() as conn:
            for account_id, weeks in feeds.items():
                rows = feed_rows(account_id, weeks, end)
                conn.execute(insert(changes), rows)
                counts[account_id] = len(rows)
    finally:
        engine.dispose()
    return counts, time.perf_counter() - began


@dataclass
class Account:
    """One benchmarked account: its ID and the Metric access token the edge calls carry."""

    name: str
    account_id: str
    token: str


@dataclass
class Figure:
    """One operation on one account: every measured latency and the servers' CPU seconds spent."""

    latencies_ms: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def cpu_ms_per_call(self) -> float:
        return self.cpu_seconds * 1000 / len(self.latencies_ms)


# A run of ``n`` calls for one account, returning each call's milliseconds.
Run = Callable[[Account, int], Awaitable[list[float]]]


async def alternate(run: Run, accounts: list[Account], cpu: Callable[[], float]) -> dict[str, Figure]:
    """Warm up, then ROUNDS turns per account of CALLS / ROUNDS calls, counting servers' CPU."""
    figures = {account.name: Figure() for account in accounts}
    for account in accounts:
        await run(account, WARMUP_CALLS)
    for _ in range(ROUNDS):
        for account in accounts:
            before = cpu()
            figures[account.name].latencies_ms += await run(account, CALLS // ROUNDS)
            figures[account.name].cpu_seconds += cpu() - before
    return figures


def grpc_runs(
    stub: analytics_pb2_grpc.AnalyticsServiceStub, year: tuple[str, str], month: tuple[str, str]
) -> dict[str, Run]:
    """The gRPC operations, each a sequential run of timed calls."""

    def timed(call: Callable[[str], Awaitable[object]]) -> Run:
        async def run(account: Account, calls: int) -> list[float]:
            out = []
            for _ in range(calls):
                began = time.perf_counter()
                await call(account.account_id)
                out.append((time.perf_counter() - began) * 1000)
            return out

        return run

    def progress(days: tuple[str, str]) -> Callable[[str], Awaitable[object]]:
        return lambda a: stub.GetProgress(
            analytics_pb2.GetProgressRequest(
                account_id=a,
                exercise_id=EXERCISES[0],
                metric="e1rm",
                from_day=days[0],
                to_day=days[1],
                time_zone=ZONE,
            )
        )

    return {
        "gRPC records": timed(
            lambda a: stub.GetPersonalRecords(
                analytics_pb2.GetPersonalRecordsRequest(account_id=a, time_zone=ZONE)
            )
        ),
        "gRPC progress 1y": timed(progress(year)),
        "gRPC progress 28d": timed(progress(month)),
        "gRPC insights": timed(
            lambda a: stub.GetInsights(analytics_pb2.GetInsightsRequest(account_id=a, time_zone=ZONE))
        ),
    }


def rest_path(name: str, **query: str) -> str:
    """A path and query of the analytics REST API."""
    return f"{ANALYTICS_PREFIX}/{name}?{urlencode(query)}"


def progress_query(days: tuple[str, str]) -> dict[str, str]:
    """A progress series over the inclusive ``days``, as REST parameters (``to`` is exclusive)."""
    end = (datetime.fromisoformat(days[1]) + timedelta(days=1)).date().isoformat()
    return {"exerciseId": EXERCISES[0], "metric": "e1rm", "from": days[0], "to": end, "timeZone": ZONE}


def edge_runs(base_url: str, year: tuple[str, str], month: tuple[str, str]) -> dict[str, Run]:
    """The edge operations: REST GETs and the Metric insights view over MCP, on one connection."""

    def get(path: str) -> Run:
        async def run(account: Account, calls: int) -> list[float]:
            requests = get_requests(base_url, account.token, [path])
            return (await run_requests(base_url, requests, 1, calls)).latencies_ms

        return run

    async def insights(account: Account, calls: int) -> list[float]:
        body = tool_call_body("read_training", {"view": "insights", "timeZone": ZONE}, 1)
        return (await run_load(base_url + METRIC_MCP_PATH, account.token, [body], 1, calls)).latencies_ms

    return {
        "edge REST records": get(rest_path("records", timeZone=ZONE)),
        "edge REST progress 1y": get(rest_path("progress", **progress_query(year))),
        "edge REST progress 28d": get(rest_path("progress", **progress_query(month))),
        "edge MCP insights": insights,
    }


async def catch_up(port: int, accounts: list[Account]) -> dict[str, tuple[int, float]]:
    """Cold catch-up of each account: (changes applied, seconds)."""
    out = {}
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = analytics_pb2_grpc.AnalyticsServiceStub(channel)
        for account in accounts:
            began = time.perf_counter()
            position = await stub.GetFeedPosition(
                analytics_pb2.GetFeedPositionRequest(account_id=account.account_id), timeout=900
            )
            out[account.name] = (int(position.sessions_sequence), time.perf_counter() - began)
    return out


async def series_points(base_url: str, accounts: list[Account], year: tuple[str, str]) -> dict[str, int]:
    """Points of the 1-year series per account, read once through the edge."""
    parts = urlsplit(base_url)
    out = {}
    for account in accounts:
        (request,) = get_requests(base_url, account.token, [rest_path("progress", **progress_query(year))])
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        try:
            out[account.name] = len(json.loads(await exchange(reader, writer, request))["points"])
        finally:
            writer.close()
    return out


async def measure(
    base_url: str,
    analytics_port: int,
    accounts: list[Account],
    cpu: Callable[[], float],
    year: tuple[str, str],
    month: tuple[str, str],
) -> dict[str, dict[str, Figure]]:
    """Every operation, the accounts taking turns."""
    figures: dict[str, dict[str, Figure]] = {}
    async with grpc.aio.insecure_channel(f"127.0.0.1:{analytics_port}") as channel:
        runs = grpc_runs(analytics_pb2_grpc.AnalyticsServiceStub(channel), year, month)
        runs |= edge_runs(base_url, year, month)
        for label, run in runs.items():
            figures[label] = await alternate(run, accounts, cpu)
    return figures


def report(figures: dict[str, dict[str, Figure]]) -> list[str]:
    """The table; returns the operations whose long/short p50 ratio misses the target."""
    print(
        f"\n{'':<24}{'p50 ms':>9}{'':>8}{'':>8}{'':>8}{'':>8}   {'server CPU ms/call':>18}{'':>8}{'':>8}"
        f"\n{'operation':<24}{'long':>9}{'short':>8}{'year':>8}{'l/s':>8}{'l/y':>8}"
        f"   {'long':>18}{'short':>8}{'l/s':>8}"
    )
    missed = []
    for label, by_account in figures.items():
        long, short, year = by_account["long"], by_account["short"], by_account["year"]
        ratio = long.p50 / short.p50
        cpu_ratio = long.cpu_ms_per_call / short.cpu_ms_per_call if short.cpu_ms_per_call else float("nan")
        print(
            f"{label:<24}{long.p50:>9.2f}{short.p50:>8.2f}{year.p50:>8.2f}{ratio:>7.2f}x"
            f"{long.p50 / year.p50:>7.2f}x   "
            f"{long.cpu_ms_per_call:>18.2f}{short.cpu_ms_per_call:>8.2f}{cpu_ratio:>7.2f}x"
        )
        if ratio > TARGET_RATIO:
            missed.append(label)
    print(
        "l/s: long/short (the issue's ratio); l/y: long/year (same answers, 10 versus 1 year of history).\n"
        "server CPU: user + system time of every Kinetic process per call (/proc), see decision 0019."
    )
    return missed


def _print_profiles(profile_dir: Path) -> None:
    for name in ("analytics", "edge"):
        path = profile_dir / f"{name}.prof"
        if path.exists():
            print(f"\n--- {name}: top functions by own time ---")
            pstats.Stats(str(path)).sort_stats("tottime").print_stats(25)


# ---- before and after in one run (decision 0121) ------------------------------------------------

# What ``--against`` prints: the targets of issue 33 (changes per second of a cold catch-up, and the
# 1-year series of the long account against the short one's through the edge).
CATCH_UP_TARGET = 20_000
COMPARED_CALLS = 100


@dataclass
class Stack:
    """Kinetic started from one tree (``tree`` None: this one), with its accounts."""

    label: str
    tree: Path | None
    data_dir: Path
    ports: dict[str, int] = field(default_factory=free_ports)
    processes: dict[str, Any] = field(default_factory=dict)
    accounts: dict[str, Account] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.ports['edge']}"

    def cpu(self) -> float:
        return process_cpu_seconds([p.pid for p in self.processes.values()])


def checkout(ref: str, into: Path) -> Path:
    """The tree of commit ``ref`` extracted into ``into`` (``git archive``: no worktree, no index)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def start_stack(stack: Stack, profile_dir: Path | None) -> None:
    stack.data_dir.mkdir(parents=True, exist_ok=True)
    profiles = None if profile_dir is None else profile_dir / stack.label
    if profiles is not None:
        profiles.mkdir(parents=True, exist_ok=True)
    stack.processes = start_kinetic(
        kinetic_env(stack.data_dir, stack.ports),
        stack.data_dir,
        profiles,
        ("analytics", "sessions"),
        stack.tree,
    )


async def timed_catch_up(stack: Stack, account: Account) -> tuple[int, float, float]:
    """One cold catch-up: (changes, seconds, CPU seconds of all the stack's processes)."""
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['analytics']}") as channel:
        stub = analytics_pb2_grpc.AnalyticsServiceStub(channel)
        cpu, began = stack.cpu(), time.perf_counter()
        position = await stub.GetFeedPosition(
            analytics_pb2.GetFeedPositionRequest(account_id=account.account_id), timeout=900
        )
        return int(position.sessions_sequence), time.perf_counter() - began, stack.cpu() - cpu


async def series_latencies(stack: Stack, account: Account, path: str, calls: int) -> list[float]:
    requests = get_requests(stack.base_url, account.token, [path])
    return (await run_requests(stack.base_url, requests, 1, calls)).latencies_ms


def compare(ref: str, years: int, rounds: int, profile_dir: Path | None) -> int:
    """Kinetic at ``ref`` (before) and this tree (after) side by side, measured in turns."""
    end = datetime.now(UTC).replace(hour=7, minute=30, second=0, microsecond=0)
    year = ((end - timedelta(days=365)).date().isoformat(), end.date().isoformat())
    month = ((end - timedelta(days=27)).date().isoformat(), end.date().isoformat())
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-against-") as tmp:
        root = Path(tmp)
        stacks = [
            Stack("before", checkout(ref, root / "tree"), root / "before"),
            Stack("after", None, root / "after"),
        ]
        try:
            for stack in stacks:
                start_stack(stack, profile_dir)
            for stack in stacks:
                wait_ready(f"{stack.base_url}/readyz", stack.processes)
                names = [*(f"long{n}" for n in range(rounds)), "short"]
                for name in names:
                    account_id, token = asyncio.run(
                        metric_account(stack.ports["auth"], stack.base_url + METRIC_MCP_PATH, f"{name}", ZONE)
                    )
                    stack.accounts[name] = Account(name, account_id, token)
                weeks = {name: 52 * years if name.startswith("long") else SHORT_WEEKS for name in names}
                write_feeds(
                    stack.data_dir, {a.account_id: weeks[a.name] for a in stack.accounts.values()}, end
                )
            # Cold catch-ups in turns, the order swapped every round.
            caught: dict[str, list[tuple[int, float, float]]] = {s.label: [] for s in stacks}
            for n in range(rounds):
                for stack in stacks if n % 2 == 0 else stacks[::-1]:
                    caught[stack.label].append(asyncio.run(timed_catch_up(stack, stack.accounts[f"long{n}"])))
            for stack in stacks:
                asyncio.run(timed_catch_up(stack, stack.accounts["short"]))
            # The 1-year and 28-day e1RM series through the edge, long and short, in turns.
            paths = {
                "1 year": rest_path("progress", **progress_query(year)),
                "28 days": rest_path("progress", **progress_query(month)),
            }
            series: dict[tuple[str, str, str], list[float]] = {}
            series_cpu: dict[tuple[str, str, str], float] = {}
            for stack in stacks:
                for path in paths.values():
                    for name in ("long0", "short"):
                        asyncio.run(series_latencies(stack, stack.accounts[name], path, WARMUP_CALLS))
            for _ in range(ROUNDS):
                for stack in stacks:
                    for window, path in paths.items():
                        for name in ("long0", "short"):
                            cpu_before = stack.cpu()
                            got = asyncio.run(
                                series_latencies(stack, stack.accounts[name], path, COMPARED_CALLS // ROUNDS)
                            )
                            key = (stack.label, window, name)
                            series.setdefault(key, []).extend(got)
                            series_cpu[key] = series_cpu.get(key, 0.0) + stack.cpu() - cpu_before
        except BaseException:
            for stack in stacks:
                stop_kinetic(stack.processes)
                log_tails(stack.data_dir)
            raise
        for stack in stacks:
            stop_kinetic(stack.processes)
    load_after = os.getloadavg()
    print(
        f"before: {ref}; after: this tree. "
        f"Load average {load_before[0]:.2f} at start, {load_after[0]:.2f} at end."
    )
    changes = caught["after"][0][0]
    print(f"\ncold catch-up of {years} years ({changes} sessions feed changes) over ListChanges, in turns")
    print(f"{'':<34}{'before':>10}{'after':>10}{'after/before':>14}")
    rates = {label: [c / s for c, s, _ in runs] for label, runs in caught.items()}
    for n in range(rounds):
        b, a = rates["before"][n], rates["after"][n]
        print(f"{f'round {n + 1}: changes/s':<34}{b:>10.0f}{a:>10.0f}{a / b:>13.2f}x")
    b, a = statistics.median(rates["before"]), statistics.median(rates["after"])
    print(f"{'median changes/s':<34}{b:>10.0f}{a:>10.0f}{a / b:>13.2f}x")
    cpu = {
        label: sum(c for _, _, c in runs) * 1e6 / sum(n for n, _, _ in runs) for label, runs in caught.items()
    }
    print(
        f"{'CPU us per change (all processes)':<34}{cpu['before']:>10.1f}{cpu['after']:>10.1f}"
        f"{cpu['after'] / cpu['before']:>13.2f}x"
    )
    verdict = "PASS" if a >= CATCH_UP_TARGET else "FAIL"
    print(f"target >= {CATCH_UP_TARGET} changes/s: {verdict} ({a:.0f})")
    print(f"\ne1rm series through the edge (REST), p50 ms, {COMPARED_CALLS} calls each, in turns")
    print(f"{'':<20}{'before long':>12}{'short':>8}{'l/s':>7}{'after long':>12}{'short':>8}{'l/s':>7}")
    for window in paths:
        cells = ""
        ratios = {}
        for label in ("before", "after"):
            long = statistics.median(series[(label, window, "long0")])
            short = statistics.median(series[(label, window, "short")])
            ratios[label] = long / short
            cells += f"{long:>12.2f}{short:>8.2f}{long / short:>6.2f}x"
        print(f"{window:<20}{cells}")
        if window == "1 year":
            verdict = "PASS" if ratios["after"] <= TARGET_RATIO else "FAIL"
            print(f"target 1-year long/short <= {TARGET_RATIO}x: {verdict} ({ratios['after']:.2f}x)")
    # CPU time of every Kinetic process per call: steadier than latency on a shared machine.
    print("\nthe same calls, CPU ms per call (all processes of the stack)")
    print(f"{'':<20}{'before long':>12}{'short':>8}{'l/s':>7}{'after long':>12}{'short':>8}{'l/s':>7}")
    for window in paths:
        cells = ""
        for label in ("before", "after"):
            long, short = (series_cpu[(label, window, n)] * 1000 / COMPARED_CALLS for n in ("long0", "short"))
            cells += f"{long:>12.2f}{short:>8.2f}{long / short:>6.2f}x"
        print(f"{window:<20}{cells}")
    if profile_dir is not None:
        for stack in stacks:
            for name in ("analytics", "sessions"):
                profile = profile_dir / stack.label / f"{name}.prof"
                if profile.exists():
                    print(f"\n--- {stack.label} {name}: top functions by own time ---")
                    pstats.Stats(str(profile)).sort_stats("tottime").print_stats(15)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start Kinetic, write both feeds, measure, print the table, stop."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analytics_service", description=__doc__)
    parser.add_argument("--years", type=int, default=10, help="history of the long account (default 10)")
    parser.add_argument("--profile", type=Path, help="write cProfile output of analytics and the edge here")
    parser.add_argument(
        "--against",
        metavar="REF",
        help="measure only the cold catch-up and the series, of Kinetic at REF and of this tree, in turns",
    )
    parser.add_argument("--rounds", type=int, default=2, help="cold catch-ups per tree with --against")
    args = parser.parse_args(argv)
    if args.against:
        return compare(args.against, args.years, args.rounds, args.profile)
    profile_dir: Path | None = args.profile
    if profile_dir is not None:
        profile_dir.mkdir(parents=True, exist_ok=True)
    end = datetime.now(UTC).replace(hour=7, minute=30, second=0, microsecond=0)
    year = ((end - timedelta(days=365)).date().isoformat(), end.date().isoformat())
    month = ((end - timedelta(days=27)).date().isoformat(), end.date().isoformat())
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-analytics-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        base_url = f"http://127.0.0.1:{ports['edge']}"
        processes = start_kinetic(kinetic_env(data_dir, ports), data_dir, profile_dir, ("analytics", "edge"))
        try:
            wait_ready(f"{base_url}/readyz", processes)
            accounts = []
            for name in ACCOUNTS:
                account_id, token = asyncio.run(
                    metric_account(ports["auth"], base_url + METRIC_MCP_PATH, f"analytics-{name}", ZONE)
                )
                accounts.append(Account(name, account_id, token))
            weeks = {"long": 52 * args.years, "short": SHORT_WEEKS, "year": YEAR_WEEKS}
            counts, write_seconds = write_feeds(
                data_dir, {a.account_id: weeks[a.name] for a in accounts}, end
            )
            caught_up = asyncio.run(catch_up(ports["analytics"], accounts))
            points = asyncio.run(series_points(base_url, accounts, year))
            pids = [process.pid for process in processes.values()]
            figures = asyncio.run(
                measure(
                    base_url, ports["analytics"], accounts, lambda: process_cpu_seconds(pids), year, month
                )
            )
        except BaseException:
            stop_kinetic(processes)
            log_tails(data_dir)
            raise
        stop_kinetic(processes)
    sets = 52 * args.years * SESSIONS_PER_WEEK * len(EXERCISES) * SETS_PER_EXERCISE
    by_name = {a.name: a for a in accounts}
    print(
        f"long account: {args.years} years, {sets} sets, {counts[by_name['long'].account_id]} feed changes; "
        f"short: {SHORT_WEEKS} weeks, {counts[by_name['short'].account_id]} changes; "
        f"year: {YEAR_WEEKS} weeks, {counts[by_name['year'].account_id]} changes; "
        f"feeds written in {write_seconds:.1f}s"
    )
    for name, (sequence, seconds) in caught_up.items():
        print(
            f"cold catch-up {name}: {sequence} changes in {seconds:.1f}s = {sequence / seconds:.0f} changes/s"
        )
    print(
        f"1-year e1rm series: {points['long']} points (long), {points['short']} (short), "
        f"{points['year']} (year)"
    )
    missed = report(figures)
    if missed:
        print(
            f"\nlong/short p50 above {TARGET_RATIO}x: {', '.join(missed)}"
            " (see docs/decisions/0021-analytics.md)"
        )
    if profile_dir is not None:
        _print_profiles(profile_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
