"""``python -m benchmarks.training_load_stack``: the training-load chart of the last 30 days for an
athlete with ten years of daily activities against one with a month, over gRPC and through the
edge's REST, on Kinetic as ``make run`` starts it.

Unlike ``benchmarks.training_load`` (analytics alone, its storage filled through the projection),
every record here takes the real path: ``RecordActivity`` on the sessions service (a ride with
power and NP, a run with distance, a swim, a strength session with RPE, in turn, one a day), FTP
and threshold pace through ``SetThreshold``, and analytics catching up with the whole feed on the
first read. Then ``GetTrainingLoad`` (gRPC, analytics) and ``GET /api/endurance/training-load``
(REST, the edge with an API key) for the last 30 days, ``--calls`` times each per account, one
caller: p50 of each and the ten-year / one-month ratio (target: at most 1.2×, issue 17).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta

import grpc

from benchmarks.endurance_athletes import fill, new_account
from benchmarks.http_load import get_requests, run_requests
from benchmarks.processes import on_kinetic
from kinetic.analytics.v1 import endurance_pb2 as figures_pb2
from kinetic.analytics.v1 import endurance_pb2_grpc as figures_grpc
from kinetic.auth.v1 import auth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import endurance_pb2_grpc as records_grpc

ZONE = "UTC"
WINDOW_DAYS = 30
TARGET_RATIO = 1.2


async def caught_up(
    figures: figures_grpc.EnduranceAnalyticsServiceStub, request: figures_pb2.GetTrainingLoadRequest
) -> float:
    """Ask until analytics has applied the whole feed (a first read may answer "still catching up")."""
    started = time.perf_counter()
    deadline = started + 600
    while True:
        try:
            await figures.GetTrainingLoad(request, timeout=30)
            return time.perf_counter() - started
        except grpc.aio.AioRpcError as error:
            if RemoteError.from_rpc(error).reason != "CATCHING_UP" or time.perf_counter() > deadline:
                raise
            await asyncio.sleep(0.5)


async def grpc_p50(
    figures: figures_grpc.EnduranceAnalyticsServiceStub,
    request: figures_pb2.GetTrainingLoadRequest,
    calls: int,
) -> float:
    latencies = []
    for _ in range(calls):
        started = time.perf_counter()
        await figures.GetTrainingLoad(request, timeout=30)
        latencies.append((time.perf_counter() - started) * 1000)
    return statistics.median(latencies)


async def measure(base_url: str, ports: dict[str, int], years: int, calls: int) -> list[str]:
    today = datetime.now(UTC).date()
    window = (today - timedelta(days=WINDOW_DAYS - 1)).isoformat(), today.isoformat()
    lines = []
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['auth']}") as auth_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['sessions']}") as sessions_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['analytics']}") as analytics_channel,
    ):
        auth = auth_pb2_grpc.AuthServiceStub(auth_channel)
        records = records_grpc.EnduranceServiceStub(sessions_channel)
        figures = figures_grpc.EnduranceAnalyticsServiceStub(analytics_channel)
        results = {}
        for label, first in (
            (f"{years} years", today - timedelta(days=round(365.25 * years) - 1)),
            ("1 month", today - timedelta(days=WINDOW_DAYS - 1)),
        ):
            account_id, key = await new_account(auth, label.replace(" ", "-"), ZONE)
            started = time.perf_counter()
            count = await fill(records, account_id, first, today)
            filled = time.perf_counter() - started
            request = figures_pb2.GetTrainingLoadRequest(
                account_id=account_id, from_day=window[0], to_day=window[1], time_zone=ZONE
            )
            first_read = await caught_up(figures, request)
            await grpc_p50(figures, request, 5)  # warm-up
            over_grpc = await grpc_p50(figures, request, calls)
            path = f"/api/endurance/training-load?from={window[0]}&to={window[1]}&timeZone={ZONE}"
            requests = get_requests(base_url, key, [path])
            await run_requests(base_url, requests, 1, 5)  # warm-up
            over_rest = statistics.median((await run_requests(base_url, requests, 1, calls)).latencies_ms)
            results[label] = (over_grpc, over_rest)
            lines.append(
                f"{label:>9}: {count} activities stored in {filled:.1f} s, first chart (catching up) "
                f"{first_read:.2f} s; p50 gRPC {over_grpc:.2f} ms, REST {over_rest:.2f} ms"
            )
        (long_grpc, long_rest), (month_grpc, month_rest) = results.values()
        for surface, ratio in (("gRPC", long_grpc / month_grpc), ("REST", long_rest / month_rest)):
            verdict = "PASS" if ratio <= TARGET_RATIO else "FAIL"
            lines.append(f"ratio {surface}: {ratio:.2f}x (target <= {TARGET_RATIO}x) {verdict}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--calls", type=int, default=200, help="calls per account and surface")
    args = parser.parse_args(argv)
    lines = on_kinetic(lambda base_url, ports: measure(base_url, ports, args.years, args.calls))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
