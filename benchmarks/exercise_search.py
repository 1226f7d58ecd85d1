"""``make bench``: the exercises search through edge -> gRPC -> storage, beside one in-process server.

Starts Kinetic with the run command's launcher (separate processes, SQLite in a temporary data
directory) and the single-process baseline on the same training database, then drives both with
the same ``read_training`` calls at 1 and 8 concurrent callers and prints p50, p99, calls/s and
the ratios against the targets (p50 <= 1.25x the baseline at 1 caller; throughput >= 2x at 8).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import grpc

from benchmarks.http_load import LoadResult, run_load, tool_call_body
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc

QUERIES = ["rdl", "db bench", "squat", "ohp", "pull up", "row", "press", "kb swing", "lunge", "curl"]
WARMUP_CALLS = 300
CALLS = {1: 2000, 8: 4000}
READY_TIMEOUT_SECONDS = 90.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_ready(url: str, process: subprocess.Popen[bytes], expect: int = 200) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"process exited while starting: {process.args!r}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == expect:
                    return
        except OSError as error:
            if getattr(error, "code", None) == expect:
                return
        time.sleep(0.2)
    sys.exit(f"not ready in time: {url}")


async def _token(auth_port: int, mcp_url: str, account_id: str) -> str:
    """An OAuth-style access token for the demo account: the path assistants take."""
    async with grpc.aio.insecure_channel(f"127.0.0.1:{auth_port}") as channel:
        stub = auth_pb2_grpc.AuthServiceStub(channel)
        token = await stub.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account_id, audience=mcp_url, scopes=["training"], ttl_seconds=3600
            )
        )
        return str(token.access_token)


async def _measure(url: str, token: str | None) -> dict[int, LoadResult]:
    bodies = [
        tool_call_body("read_training", {"view": "exercises", "query": q}, i) for i, q in enumerate(QUERIES)
    ]
    await run_load(url, token, bodies, 4, WARMUP_CALLS)
    return {callers: await run_load(url, token, bodies, callers, calls) for callers, calls in CALLS.items()}


def _print(results: dict[str, dict[int, LoadResult]]) -> None:
    print(f"\n{'server':<34}{'callers':>8}{'p50 ms':>10}{'p99 ms':>10}{'calls/s':>10}")
    for name, by_callers in results.items():
        for callers, result in by_callers.items():
            print(
                f"{name:<34}{callers:>8}{result.p50:>10.2f}{result.p99:>10.2f}{result.calls_per_second:>10.0f}"
            )
    edge, base = results["edge -> gRPC -> storage"], results["in-process MCP server"]
    p50_ratio = edge[1].p50 / base[1].p50
    throughput_ratio = edge[8].calls_per_second / base[8].calls_per_second
    print(f"\np50 at 1 caller, edge / in-process:        {p50_ratio:.2f}x  (target <= 1.25x)")
    print(f"throughput at 8 callers, edge / in-process: {throughput_ratio:.2f}x  (target >= 2x)")


def main() -> None:
    """Start both setups, measure, print, stop."""
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-") as tmp:
        data_dir = Path(tmp)
        edge_port, base_port, auth_port = _free_port(), _free_port(), _free_port()
        env = {
            **os.environ,
            "KINETIC_DATA_DIR": str(data_dir),
            "KINETIC_EDGE_PORT": str(edge_port),
            # The 300/account/minute budget would stop the run; see benchmarks/bench_edge.py.
            "KINETIC_EDGE_MODULE": "benchmarks.bench_edge",
            "KINETIC_AUTH_PORT": str(auth_port),
            "KINETIC_TRAINING_PORT": str(_free_port()),
            "KINETIC_SESSIONS_PORT": str(_free_port()),
            "KINETIC_ANALYTICS_PORT": str(_free_port()),
            "OTEL_SDK_DISABLED": os.environ.get("OTEL_SDK_DISABLED", "false"),
        }
        env.pop("KINETIC_DATABASE_URL", None)
        stack = subprocess.Popen([sys.executable, "-m", "kinetic.launcher"], env=env, stdout=subprocess.PIPE)
        baseline: subprocess.Popen[bytes] | None = None
        try:
            _wait_ready(f"http://127.0.0.1:{edge_port}/readyz", stack)
            demo = subprocess.run(
                [sys.executable, "-m", "services.auth.cli", "ensure-demo", "--json"],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            mcp_url = f"http://127.0.0.1:{edge_port}/api/connectors/muse/mcp"
            token = asyncio.run(_token(auth_port, mcp_url, json.loads(demo.stdout)["account_id"]))
            baseline = subprocess.Popen(
                [sys.executable, "-m", "benchmarks.inprocess_server", str(data_dir), str(base_port)], env=env
            )
            _wait_ready(f"http://127.0.0.1:{base_port}/mcp", baseline, expect=405)
            results = {
                "edge -> gRPC -> storage": asyncio.run(_measure(mcp_url, token)),
                "in-process MCP server": asyncio.run(_measure(f"http://127.0.0.1:{base_port}/mcp", None)),
            }
            _print(results)
        finally:
            for process in (stack, baseline):
                if process is not None and process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                    process.wait(timeout=20)


if __name__ == "__main__":
    main()
