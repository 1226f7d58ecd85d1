"""``python -m benchmarks.workout_log``: the Open Workout Schema profile's log_text and get_workouts.

Starts Kinetic as ``make run`` does (benchmarks/processes.py), makes an account with both consents
and an access token for ``/mcp/ows``, then drives the edge with the thin HTTP load generator:

- ``log_text`` of a typical sentence ("squat 5x5 at 100kg, bench 3x8 at 185 lb, 3x10 dips"), each
  call with its own idempotency key, so every call stores a workout (parse, names, the workout log's
  transaction, the change feed, new personal records from analytics);
- ``get_workouts`` with the defaults (the last 30 days, 10 workouts) over the workouts just logged.

Each at 1 and 8 concurrent callers; prints p50, p99 and calls/s. Figures: docs/decisions/0050.
``--quick``: log_text alone at 1 caller, the figure decision 0092 compares before and after.
"""

from __future__ import annotations

import argparse
import sys
import uuid

import grpc

from benchmarks.http_load import LoadResult, run_load, tool_call_body
from benchmarks.processes import on_kinetic
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc

OWS_PATH = "/mcp/ows"
SENTENCE = "squat 5x5 at 100kg, bench 3x8 at 185 lb, 3x10 dips"
CALLER_COUNTS = (1, 8)


async def ows_account(auth_port: int, mcp_url: str) -> str:
    """A consenting account's access token for the workout log."""
    async with grpc.aio.insecure_channel(f"127.0.0.1:{auth_port}") as channel:
        stub = auth_pb2_grpc.AuthServiceStub(channel)
        created = await stub.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email=f"log-{uuid.uuid4().hex[:8]}@bench.kinetic.test",
                password="bench password 1",
                display_name="Bench",
                time_zone="Europe/Amsterdam",
            )
        )
        account_id = created.account.account_id
        await stub.UpdateAccount(
            auth_pb2.UpdateAccountRequest(
                account_id=account_id, logging_consent=True, health_data_consent=True
            )
        )
        token = await stub.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account_id, audience=mcp_url, scopes=["ows"], ttl_seconds=3600
            )
        )
        return str(token.access_token)


def _line(name: str, result: LoadResult) -> str:
    return (
        f"{name:<13} callers={result.callers}  p50={result.p50:7.2f} ms  p99={result.p99:7.2f} ms  "
        f"calls/s={result.calls_per_second:7.1f}  n={len(result.latencies_ms)}"
    )


async def measure(base_url: str, auth_port: int, calls: int, quick: bool = False) -> list[str]:
    """The two tools at each caller count, each on an account of its own (``quick``: log_text at 1)."""
    url = base_url + OWS_PATH
    lines: list[str] = []
    for callers in CALLER_COUNTS[:1] if quick else CALLER_COUNTS:
        token = await ows_account(auth_port, url)
        bodies = [
            tool_call_body("log_text", {"text": SENTENCE, "idempotency_key": f"bench-{n}"}, n)
            for n in range(calls)
        ]
        await run_load(url, token, bodies[:5], 1, 5)  # warm-up: first calls open channels and caches
        logged = await run_load(url, token, bodies[5:], callers, calls - 5)
        lines.append(_line("log_text", logged))
        if quick:
            break
        reads = [tool_call_body("get_workouts", {}, n) for n in range(4)]
        await run_load(url, token, reads, 1, 5)
        lines.append(_line("get_workouts", await run_load(url, token, reads, callers, calls)))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=200, help="calls per tool and caller count")
    parser.add_argument("--quick", action="store_true", help="log_text alone, at 1 caller")
    args = parser.parse_args(argv)
    lines = on_kinetic(lambda base_url, ports: measure(base_url, ports["auth"], args.calls, args.quick))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
