"""The floor of one gRPC hop: a trivial unary call on loopback, client and server in Python.

``python -m benchmarks.grpc_round_trip`` starts a ``grpc.aio`` server with only the health service
on port 0 and calls ``Check`` from a ``grpc.aio`` channel in the same process, once under asyncio's
own event loop and once under uvloop. It prints p50 latency and CPU per call (client and server
together). Nothing of Kinetic runs: this is what any edge-to-service hop costs at least, which
bounds how close the split can come to one process on a light call
(docs/decisions/0031-edge-performance.md).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable, Coroutine
from typing import Any

import grpc
import uvloop
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

WARMUP_CALLS = 500
MEASURED_CALLS = 3000


async def round_trips() -> tuple[float, float]:
    """p50 latency (ms) and CPU (ms) per call of MEASURED_CALLS health checks."""
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            request = health_pb2.HealthCheckRequest(service="")
            for _ in range(WARMUP_CALLS):
                await stub.Check(request)
            latencies: list[float] = []
            cpu_before = time.process_time()
            for _ in range(MEASURED_CALLS):
                started = time.perf_counter()
                await stub.Check(request)
                latencies.append((time.perf_counter() - started) * 1000)
            cpu_ms = (time.process_time() - cpu_before) * 1000 / MEASURED_CALLS
    finally:
        await server.stop(None)
    return statistics.median(latencies), cpu_ms


def main() -> None:
    """Measure under both event loops and print one line each."""
    runners: dict[str, Callable[[Coroutine[Any, Any, tuple[float, float]]], tuple[float, float]]] = {
        "asyncio": asyncio.run,
        "uvloop": uvloop.run,
    }
    print(f"{'event loop':<12}{'p50 ms':>9}{'CPU ms/call':>13}")
    for name, run in runners.items():
        p50, cpu = run(round_trips())
        print(f"{name:<12}{p50:>9.3f}{cpu:>13.3f}")


if __name__ == "__main__":
    main()
