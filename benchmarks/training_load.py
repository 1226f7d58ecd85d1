"""GetTrainingLoad of the last 30 days over gRPC: ten years of daily activities against one month.

Analytics runs as its real gRPC server (port 0) on SQLite in a temporary directory (or on
PostgreSQL with ``--database postgresql``), reading a stand-in sessions feed that has nothing new:
its storage is filled straight through the endurance projection, one activity a day (rides with
power and NP, runs with distance, swims, strength with RPE; an FTP and a threshold pace set once a
year), ten years for one account and one month for another, each with its feed cursor at the end.
Then GetTrainingLoad for the last 30 days is called ``--runs`` times per account, and the p50s and
their ratio are printed (target: ten years at most 1.2× one month, decision 0055). The long
account's first call, which finds no seed and stores one, is reported apart.

Usage: ``.venv/bin/python -m benchmarks.training_load [--years 10] [--runs 200] [--database sqlite]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import grpc
from sqlalchemy import Engine

from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.storage import drop_schema, make_engine, upgrade
from kinetic.training.v1 import training_pb2_grpc
from services.analytics.adapters import cursors
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.bootstrap import start as start_analytics
from services.analytics.domain.endurance_changes import ActivityFacts, PowerPoint, ThresholdValue
from services.analytics.service_layer import endurance_projection
from tests.conftest import POSTGRES_URL
from tests.integration.analytics.endurance_support import EmptyLibrary

LONG = "11111111-1111-4111-8111-111111111111"
MONTH = "22222222-2222-4222-8222-222222222222"
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)
TODAY = NOW.date()
ZONE = "Europe/Amsterdam"
WINDOW_DAYS = 30
TARGET_RATIO = 1.2


class CaughtUpSessions(sessions_pb2_grpc.SessionsServiceServicer):
    """A sessions feed with nothing after each account's stored cursor: every read catches up in
    one empty page, as for an account whose changes were all applied."""

    def __init__(self, latest: dict[str, int]) -> None:
        self._latest = latest

    async def ListChanges(
        self, request: sessions_pb2.ListChangesRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.ListChangesResponse:
        return sessions_pb2.ListChangesResponse(latest_sequence=self._latest.get(request.account_id, 0))


def activity(number: int, day: date) -> ActivityFacts:
    """One activity of a deterministic rotation: ride, run, ride, swim, strength."""
    start = datetime(day.year, day.month, day.day, 6 + number % 10, tzinfo=UTC)
    seconds = 2400 + (number * 37) % 4800
    kind = number % 5
    if kind in (0, 2):
        watts = 160 + (number * 13) % 90
        points = tuple(PowerPoint(d, watts * f) for d, f in ((5, 3.5), (60, 1.8), (300, 1.3), (1200, 1.1)))
        return ActivityFacts(
            f"act_{number}", "ride", start, seconds, seconds, normalized_power_w=watts,
            avg_power_w=watts * 0.92, avg_hr=140.0, power_points=points,
        )  # fmt: skip
    if kind == 1:
        return ActivityFacts(
            f"act_{number}", "run", start, seconds, seconds, distance_m=seconds * 3.2, avg_hr=150.0
        )
    if kind == 3:
        return ActivityFacts(f"act_{number}", "swim", start, seconds, seconds, distance_m=seconds * 0.85)
    return ActivityFacts(f"act_{number}", "strength", start, seconds, seconds, rpe=float(5 + number % 4))


def fill(engine: Engine, account_id: str, days: int) -> int:
    """Apply ``days`` daily activities ending today and yearly thresholds; returns the changes applied."""
    first = TODAY - timedelta(days=days - 1)
    changes = 0
    with engine.begin() as conn:
        for year in range(days // 365 + 1):
            effective = first + timedelta(days=365 * year)
            for kind, fields in (
                ("ftp", {"watts": 230.0 + 3 * year}),
                ("threshold_pace", {"seconds_per_km": 260.0 - year}),
            ):
                value = ThresholdValue(f"thr_{kind}_{year}", kind, effective, **fields)  # type: ignore[arg-type]
                endurance_projection.apply(
                    conn, account_id, "threshold.set", value.threshold_id, threshold=value
                )
                changes += 1
        for number in range(days):
            facts = activity(number, first + timedelta(days=number))
            endurance_projection.apply(
                conn, account_id, "activity.recorded", facts.activity_id, activity=facts
            )
            changes += 1
        cursors.advance(conn, account_id, "sessions", changes)
    return changes


async def timed(call: object, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        await call()  # type: ignore[operator]
        times.append((time.perf_counter() - began) * 1000)
    return times


async def main(years: int, runs: int, database: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        schema = f"analytics_bench_{uuid.uuid4().hex[:8]}" if database == "postgresql" else None
        engine = make_engine(
            "analytics", data_dir=Path(tmp), database_url=POSTGRES_URL if schema else None, schema=schema
        )
        upgrade(engine, MIGRATIONS)
        began = time.perf_counter()
        latest = {LONG: fill(engine, LONG, 365 * years + years // 4), MONTH: fill(engine, MONTH, WINDOW_DAYS)}
        took = time.perf_counter() - began
        print(f"filled {latest[LONG]} + {latest[MONTH]} changes in {took:.1f} s ({database})")

        upstream = grpc.aio.server()
        sessions_pb2_grpc.add_SessionsServiceServicer_to_server(CaughtUpSessions(latest), upstream)
        training_pb2_grpc.add_TrainingServiceServicer_to_server(EmptyLibrary(), upstream)
        target = f"127.0.0.1:{upstream.add_insecure_port('127.0.0.1:0')}"
        await upstream.start()
        analytics = await start_analytics(
            ServiceSettings.from_env("analytics", {"KINETIC_DATA_DIR": tmp}),
            port=0,
            engine=engine,
            sessions_target=target,
            training_target=target,
            clock=lambda: NOW,
        )
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{analytics.port}")
        stub = endurance_pb2_grpc.EnduranceAnalyticsServiceStub(channel)

        def chart(account_id: str) -> object:
            request = endurance_pb2.GetTrainingLoadRequest(
                account_id=account_id,
                from_day=(TODAY - timedelta(days=WINDOW_DAYS - 1)).isoformat(),
                to_day=TODAY.isoformat(),
                time_zone=ZONE,
            )
            return lambda: stub.GetTrainingLoad(request)

        try:
            (first_call,) = await timed(chart(LONG), 1)
            (month_first,) = await timed(chart(MONTH), 1)
            print(
                f"first call (no seed yet): {years} years {first_call:.1f} ms, one month {month_first:.1f} ms"
            )
            results: dict[str, list[float]] = {}
            for _ in range(2):  # alternate, so neither account profits from a warmer process
                for label, account_id in (("long", LONG), ("month", MONTH)):
                    results.setdefault(label, []).extend(await timed(chart(account_id), runs // 2))
            p50 = {label: statistics.median(times) for label, times in results.items()}
            p99 = {label: statistics.quantiles(times, n=100)[98] for label, times in results.items()}
            for label, name in (("long", f"{years} years"), ("month", "one month")):
                figures = f"p50 {p50[label]:.2f} ms, p99 {p99[label]:.2f} ms"
                print(f"GetTrainingLoad last {WINDOW_DAYS} days, {name}: {figures}")
            ratio = p50["long"] / p50["month"]
            verdict = "PASS" if ratio <= TARGET_RATIO else "FAIL"
            print(f"ratio {years} years / one month: {ratio:.2f}x (target <= {TARGET_RATIO}x) {verdict}")
        finally:
            await channel.close()
            await analytics.stop(0)
            await upstream.stop(0)
            if schema is not None:
                drop_schema(engine, schema)
            engine.dispose()


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse()
    asyncio.run(main(arguments.years, arguments.runs, arguments.database))
