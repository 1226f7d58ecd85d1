"""``python -m benchmarks.primed_decision``: today's coaching decision (``get_today_coaching`` on
``/mcp/primed``) for an athlete with ten years of daily activities and readiness entries against
one with a month, through the edge, on Kinetic as ``make run`` starts it.

Every record takes the real path (``RecordActivity`` one a day in four sports, ``RecordReadiness``
every morning, thresholds by ``SetThreshold``, a planned run every day in Training); an access token
for the Primed resource with the coaching scope is issued by auth. After a first call that lets
analytics catch up with the whole feed, ``--calls`` tool calls per athlete from one caller: p50 and
p99 of each, and the ten-year / one-month ratio of the p50s (target: at most 1.2×, issue 18).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import UTC, datetime, timedelta

import grpc

from benchmarks.endurance_athletes import fill, fill_readiness, new_account, plan_daily_run
from benchmarks.http_load import run_load, tool_call_body
from benchmarks.processes import on_kinetic
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import endurance_pb2_grpc as records_grpc
from kinetic.training.v1 import training_pb2_grpc

PRIMED_PATH = "/mcp/primed"
ZONE = "UTC"
TARGET_RATIO = 1.2
FIRST_CALL_SECONDS = 600


async def primed_token(auth: auth_pb2_grpc.AuthServiceStub, account_id: str, mcp_url: str) -> str:
    token = await auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=mcp_url, scopes=["primed:coaching:read"], ttl_seconds=3600
        )
    )
    return str(token.access_token)


async def first_decision(url: str, token: str) -> float:
    """Call until the decision answers (the first read catches analytics up with years of feed)."""
    started = time.perf_counter()
    body = [tool_call_body("get_today_coaching", {}, 0)]
    while True:
        try:
            await run_load(url, token, body, 1, 1)
            return time.perf_counter() - started
        except RuntimeError:
            if time.perf_counter() - started > FIRST_CALL_SECONDS:
                raise
            await asyncio.sleep(0.5)


async def measure(base_url: str, ports: dict[str, int], years: int, calls: int) -> list[str]:
    today = datetime.now(UTC).date()
    url = base_url + PRIMED_PATH
    lines: list[str] = []
    p50s: list[float] = []
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['auth']}") as auth_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['sessions']}") as sessions_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['training']}") as training_channel,
    ):
        auth = auth_pb2_grpc.AuthServiceStub(auth_channel)
        records = records_grpc.EnduranceServiceStub(sessions_channel)
        training = training_pb2_grpc.TrainingServiceStub(training_channel)
        for label, first in (
            (f"{years} years", today - timedelta(days=round(365.25 * years) - 1)),
            ("1 month", today - timedelta(days=29)),
        ):
            account_id, _ = await new_account(auth, label.replace(" ", "-"), ZONE)
            started = time.perf_counter()
            count = await fill(records, account_id, first, today)
            await fill_readiness(records, account_id, first, today)
            await plan_daily_run(training, account_id)
            filled = time.perf_counter() - started
            token = await primed_token(auth, account_id, url)
            first_call = await first_decision(url, token)
            bodies = [tool_call_body("get_today_coaching", {}, n) for n in range(4)]
            await run_load(url, token, bodies, 1, 5)  # warm-up
            result = await run_load(url, token, bodies, 1, calls)
            p50s.append(result.p50)
            lines.append(
                f"{label:>9}: {count} days of activities and readiness stored in {filled:.1f} s, first "
                f"decision (catching up) {first_call:.2f} s; p50 {result.p50:.2f} ms, p99 {result.p99:.2f} ms"
            )
    ratio = p50s[0] / p50s[1]
    lines.append(
        f"ratio: {ratio:.2f}x (target <= {TARGET_RATIO}x) {'PASS' if ratio <= TARGET_RATIO else 'FAIL'}"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--calls", type=int, default=200, help="tool calls per athlete")
    args = parser.parse_args(argv)
    lines = on_kinetic(lambda base_url, ports: measure(base_url, ports, args.years, args.calls))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
