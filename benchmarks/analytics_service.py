"""``python -m benchmarks.analytics_service [--years N]``: analytics through gRPC and the edge.

Starts Kinetic as ``make run`` does (each service and the edge in its own process, SQLite in a
temporary data directory; the edge via ``benchmarks.bench_edge`` so the per-account budget does not
cut the run short) and creates two accounts. Their sessions feeds are written straight into the
sessions service's ``changes`` table in bulk, in the exact form its use cases append them
(``session.started``, one ``performance.logged`` per set logged with the performance's whole set list
so far, ``session.completed``): the setup is not what is measured, and the use cases would take
minutes for 200 000 sets. Sessions' own session rows are not written; analytics reads only the feed.

The long account has YEARS (default 10: issue 6's 208 000 sets) of 5 sessions a week, 10 exercises,
8 working sets each, every set logged one at a time (one change each); the short one 4 weeks.

Measured: the cold catch-up of the long account (GetFeedPosition, changes per second), then p50 of
GetPersonalRecords, a 1-year and a 28-day e1RM GetProgress and GetInsights over gRPC, and of
``read_training`` view=insights through the edge (MCP, OAuth token), per account, and the long/short
ratios against the target (<= 1.2x).
See docs/decisions/0021-analytics.md (Benchmark).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
from sqlalchemy import insert

from benchmarks.http_load import run_load, tool_call_body
from benchmarks.training_library import (
    MCP_PATH,
    ZONE,
    _account,
    _free_port,
    _log_tails,
    _start,
    _stop,
    _wait_ready,
)
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.settings import SERVICE_NAMES
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
SESSIONS_PER_WEEK = 5
SETS_PER_EXERCISE = 8
SHORT_WEEKS = 4
CALLS = 200
WARMUP_CALLS = 20
TARGET_RATIO = 1.2
SESSIONS_MIGRATIONS = Path("services/sessions/migrations")


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


async def p50(call: Callable[[], Awaitable[object]], calls: int, warmup: int) -> float:
    """Median milliseconds of ``calls`` sequential calls after ``warmup`` unmeasured ones."""
    for _ in range(warmup):
        await call()
    times = []
    for _ in range(calls):
        began = time.perf_counter()
        await call()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


async def measure_grpc(
    port: int, accounts: dict[str, str], year: tuple[str, str], month: tuple[str, str]
) -> dict[Any, Any]:
    """Cold catch-up time per account, then p50 of records, the 1-year series and insights."""
    out: dict[Any, Any] = {}
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = analytics_pb2_grpc.AnalyticsServiceStub(channel)
        for name, account_id in accounts.items():
            began = time.perf_counter()
            position = await stub.GetFeedPosition(
                analytics_pb2.GetFeedPositionRequest(account_id=account_id), timeout=600
            )
            out[name, "catch_up"] = (position.sessions_sequence, time.perf_counter() - began)
        calls: dict[str, Callable[[str], Awaitable[object]]] = {
            "records": lambda a: stub.GetPersonalRecords(
                analytics_pb2.GetPersonalRecordsRequest(account_id=a, time_zone=ZONE)
            ),
            "progress 1y": lambda a: stub.GetProgress(
                analytics_pb2.GetProgressRequest(
                    account_id=a,
                    exercise_id=EXERCISES[0],
                    metric="e1rm",
                    from_day=year[0],
                    to_day=year[1],
                    time_zone=ZONE,
                )
            ),
            "progress 28d": lambda a: stub.GetProgress(
                analytics_pb2.GetProgressRequest(
                    account_id=a,
                    exercise_id=EXERCISES[0],
                    metric="e1rm",
                    from_day=month[0],
                    to_day=month[1],
                    time_zone=ZONE,
                )
            ),
            "insights": lambda a: stub.GetInsights(
                analytics_pb2.GetInsightsRequest(account_id=a, time_zone=ZONE)
            ),
        }
        for what, call in calls.items():
            for name, account_id in accounts.items():

                def one(
                    c: Callable[[str], Awaitable[object]] = call, a: str = account_id
                ) -> Awaitable[object]:
                    return c(a)

                out[name, what] = await p50(one, CALLS, WARMUP_CALLS)
        for name, account_id in accounts.items():
            progress = await calls["progress 1y"](account_id)
            out[name, "points"] = len(progress.points)  # type: ignore[attr-defined]
    return out


async def measure_edge(mcp_url: str, tokens: dict[str, str]) -> dict[str, float]:
    """p50 of read_training view=insights through the edge, per account."""
    body = tool_call_body("read_training", {"view": "insights", "timeZone": ZONE}, 1)
    out = {}
    for name, token in tokens.items():
        await run_load(mcp_url, token, [body], 1, WARMUP_CALLS)
        out[name] = (await run_load(mcp_url, token, [body], 1, CALLS)).p50
    return out


def main(argv: list[str] | None = None) -> int:
    """Start Kinetic, write both feeds, measure, print the table, stop."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analytics_service", description=__doc__)
    parser.add_argument("--years", type=int, default=10, help="history of the long account (default 10)")
    args = parser.parse_args(argv)
    end = datetime.now(UTC).replace(hour=7, minute=30, second=0, microsecond=0)
    year = ((end - timedelta(days=365)).date().isoformat(), end.date().isoformat())
    month = ((end - timedelta(days=27)).date().isoformat(), end.date().isoformat())
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-analytics-") as tmp:
        data_dir = Path(tmp)
        ports = {name: _free_port() for name in (*SERVICE_NAMES, "edge")}
        env = {
            **os.environ,
            "KINETIC_DATA_DIR": str(data_dir),
            **{f"KINETIC_{name.upper()}_PORT": str(port) for name, port in ports.items()},
            "OTEL_SDK_DISABLED": os.environ.get("OTEL_SDK_DISABLED", "false"),
        }
        for name in ("KINETIC_DATABASE_URL", "KINETIC_PUBLIC_URL", "KINETIC_REDIS_URL"):
            env.pop(name, None)
        base_url = f"http://127.0.0.1:{ports['edge']}"
        processes = _start(env, data_dir, None)
        try:
            _wait_ready(f"{base_url}/readyz", processes)
            identities = {
                name: asyncio.run(_account(ports["auth"], base_url + MCP_PATH, f"analytics-{name}"))
                for name in ("long", "short")
            }
            accounts = {name: ident[0] for name, ident in identities.items()}
            counts, write_seconds = write_feeds(
                data_dir, {accounts["long"]: 52 * args.years, accounts["short"]: SHORT_WEEKS}, end
            )
            grpc_figures = asyncio.run(measure_grpc(ports["analytics"], accounts, year, month))
            edge_figures = asyncio.run(
                measure_edge(base_url + MCP_PATH, {n: ident[1] for n, ident in identities.items()})
            )
        except BaseException:
            _stop(processes)
            _log_tails(data_dir)
            raise
        _stop(processes)
    sets = 52 * args.years * SESSIONS_PER_WEEK * len(EXERCISES) * SETS_PER_EXERCISE
    print(
        f"long account: {args.years} years, {sets} sets, {counts[accounts['long']]} feed changes; "
        f"short: {SHORT_WEEKS} weeks, {counts[accounts['short']]} changes; "
        f"feeds written in {write_seconds:.1f}s"
    )
    for name in ("long", "short"):
        sequence, seconds = grpc_figures[name, "catch_up"]
        print(
            f"cold catch-up {name}: {sequence} changes in {seconds:.1f}s = {sequence / seconds:.0f} changes/s"
        )
    print(
        f"1-year e1rm series: {grpc_figures['long', 'points']} points (long), "
        f"{grpc_figures['short', 'points']} (short)"
    )
    print(f"\n{'p50 ms':<28}{'long':>8}{'short':>8}{'ratio':>8}")
    rows = [
        (f"gRPC {what}", grpc_figures["long", what], grpc_figures["short", what])
        for what in ("records", "progress 1y", "progress 28d", "insights")
    ]
    rows.append(("edge read_training insights", edge_figures["long"], edge_figures["short"]))
    missed = []
    for label, long, short in rows:
        ratio = long / short
        print(f"{label:<28}{long:>8.2f}{short:>8.2f}{ratio:>7.2f}x")
        if ratio > TARGET_RATIO:
            missed.append(label)
    if missed:
        print(
            f"\nlong/short above {TARGET_RATIO}x: {', '.join(missed)} (see docs/decisions/0021-analytics.md)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
