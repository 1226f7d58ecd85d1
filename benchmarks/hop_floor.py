"""The floor an edge read stands on: one bare gRPC hop between two processes, and moving the read's
own answer once through protobuf (decision 0122, issue 33).

``make bench-quick`` (``benchmarks.edge_vs_inprocess``) divides what the split adds to a read (edge
p50 - in-process p50) by this floor: a bare round trip (``python -m benchmarks.hop_floor serve``
runs a ``grpc.aio`` server with only the health service under uvloop, as Kinetic's services run;
``python -m benchmarks.hop_floor client PORT CALLS`` calls ``Check`` from another process, as the
edge calls a service, and prints the p50 in ms) plus the cost of serializing and parsing the
read's own response message once (``payload_ms``), which no split can avoid. A ratio of 1 means
the edge adds nothing but the hop itself.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

import grpc
import uvloop
from google.protobuf.message import Message
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

WARMUP_CALLS = 300
# Serialize-and-parse repetitions per message: enough for a stable median of sub-millisecond work.
PAYLOAD_REPEATS = 200


async def _serve(port: int) -> None:
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    await server.wait_for_termination()


async def _client(port: int, calls: int) -> float:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        request = health_pb2.HealthCheckRequest(service="")
        for _ in range(WARMUP_CALLS):
            await stub.Check(request)
        latencies: list[float] = []
        for _ in range(calls):
            started = time.perf_counter()
            await stub.Check(request)
            latencies.append((time.perf_counter() - started) * 1000)
    return statistics.median(latencies)


def start_server(port: int) -> subprocess.Popen[bytes]:
    """The bare server in its own process (stop it with ``terminate``)."""
    return subprocess.Popen([sys.executable, "-m", "benchmarks.hop_floor", "serve", str(port)])


def hop_p50_ms(port: int, calls: int) -> float:
    """p50 of ``calls`` bare round trips from a fresh client process to the server on ``port``."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.hop_floor", "client", str(port), str(calls)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def payload_ms(messages: Sequence[Message]) -> float:
    """Mean over ``messages`` of the median time to serialize one and parse it back (ms)."""
    costs = []
    for message in messages:
        kind = type(message)
        times = []
        for _ in range(PAYLOAD_REPEATS):
            started = time.perf_counter()
            kind.FromString(message.SerializeToString())
            times.append((time.perf_counter() - started) * 1000)
        costs.append(statistics.median(times))
    return statistics.fmean(costs)


def main(argv: Sequence[str]) -> int:
    if len(argv) == 2 and argv[0] == "serve":
        uvloop.run(_serve(int(argv[1])))
        return 0
    if len(argv) == 3 and argv[0] == "client":
        print(f"{uvloop.run(_client(int(argv[1]), int(argv[2]))):.4f}")
        return 0
    print("usage: python -m benchmarks.hop_floor serve PORT | client PORT CALLS", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
