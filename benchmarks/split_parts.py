"""``python -m benchmarks.split_parts``: what the split adds to a read, part by part (issue 33, target 1).

``make bench-quick`` judges what the split adds to a read (edge p50 - one-process p50) against a
bare gRPC round trip. This benchmark says where that time goes, without the edge: with Kinetic
started as ``make run`` does and the same library as ``benchmarks.edge_vs_inprocess`` (quick mode),
it measures from one client process under uvloop, in turns and ``ROUNDS`` times, the p50 of:

- a bare round trip: ``Check`` on ``benchmarks.hop_floor``'s server (health service only);
- ``Check`` on the training server itself (its interceptors, its process);
- each read's RPC on the training server (``SearchExercises`` for one query, ``ListOccurrences``
  for the 93-day window), as the edge sends it;
- the same RPC on the same servicer in this process (no gRPC), back to back, and again with one
  ``Check`` on the training server between calls (so this process's caches are as cold as they are
  between the calls a server process serves).

Printed per read: the RPC's p50 less the training server's ``Check`` (the read's work behind
gRPC), the servicer's p50 in this process (warm, and with a call between), and their difference,
the part of the split that is the servicer running in another process. Decision 0124 (amendment)
reads these figures.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import grpc
import uvloop
from grpc_health.v1 import health_pb2, health_pb2_grpc

from benchmarks import hop_floor
from benchmarks.edge_vs_inprocess import QUERIES, QUICK, ZONE, load_library
from benchmarks.inprocess_server import InProcessTraining
from benchmarks.processes import (
    METRIC_MCP_PATH,
    free_port,
    free_ports,
    kinetic_env,
    log_tails,
    metric_account,
    start_kinetic,
    stop_kinetic,
    wait_ready,
)
from benchmarks.training_data import MONDAY
from kinetic.storage import make_engine
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.bootstrap import prepare

ROUNDS = 3
CALLS = 1000
WARMUP = 200

Call = Callable[[], Awaitable[Any]]


async def p50_ms(call: Call, between: Call | None = None) -> float:
    """p50 of ``CALLS`` awaits of ``call`` after a warm-up; ``between`` runs untimed before each."""
    for _ in range(WARMUP):
        await call()
    latencies = []
    for _ in range(CALLS):
        if between is not None:
            await between()
        started = time.perf_counter()
        await call()
        latencies.append((time.perf_counter() - started) * 1000)
    return statistics.median(latencies)


async def measure(
    training_port: int, hop_port: int, servicer: Any, requests: dict[str, tuple[str, Any]]
) -> None:
    """Every part, in turns, ``ROUNDS`` times; then the medians per read."""
    local = InProcessTraining(servicer)
    check = health_pb2.HealthCheckRequest(service="")
    figures: dict[str, list[float]] = {}
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{training_port}") as training,
        grpc.aio.insecure_channel(f"127.0.0.1:{hop_port}") as bare,
    ):
        stub = training_pb2_grpc.TrainingServiceStub(training)
        training_check = health_pb2_grpc.HealthStub(training).Check
        bare_check = health_pb2_grpc.HealthStub(bare).Check

        def on_training() -> Awaitable[Any]:
            return training_check(check)

        for _ in range(ROUNDS):
            figures.setdefault("bare", []).append(await p50_ms(lambda: bare_check(check)))
            figures.setdefault("check", []).append(await p50_ms(on_training))
            for view, (rpc, request) in requests.items():
                remote = partial(getattr(stub, rpc), request)
                here = partial(getattr(local, rpc), request)
                figures.setdefault(f"{view} rpc", []).append(await p50_ms(remote))
                figures.setdefault(f"{view} here", []).append(await p50_ms(here))
                figures.setdefault(f"{view} here cold", []).append(await p50_ms(here, between=on_training))
    median = {name: statistics.median(values) for name, values in figures.items()}
    print(f"\np50 ms, median of {ROUNDS} turns of {CALLS} calls")
    print(f"  bare round trip (health Check, bare server)      {median['bare']:7.3f}")
    print(f"  health Check on the training server              {median['check']:7.3f}")
    for view in requests:
        behind = median[f"{view} rpc"] - median["check"]
        print(f"\n{view}")
        print(f"  RPC on the training server                       {median[f'{view} rpc']:7.3f}")
        print(f"  - of it, the read behind gRPC (less the Check)   {behind:7.3f}")
        print(f"  servicer in this process, back to back           {median[f'{view} here']:7.3f}")
        print(f"  servicer in this process, a call between         {median[f'{view} here cold']:7.3f}")
        print(
            f"  the read behind gRPC - servicer here (cold)      {behind - median[f'{view} here cold']:7.3f}"
        )


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-parts-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        edge_url = f"http://127.0.0.1:{ports['edge']}"
        processes = start_kinetic(kinetic_env(data_dir, ports), data_dir)
        hop_port = free_port()
        hop_server = hop_floor.start_server(hop_port)
        try:
            wait_ready(f"{edge_url}/readyz", processes)
            account_id, _ = asyncio.run(
                metric_account(ports["auth"], edge_url + METRIC_MCP_PATH, "parts", ZONE)
            )
            start, end = load_library(data_dir, account_id, QUICK.big_library)
            servicer = prepare(make_engine("training", data_dir=data_dir, database_url=None)).servicer()
            requests = {
                "exercise search": (
                    "SearchExercises",
                    training_pb2.SearchExercisesRequest(account_id=account_id, query=QUERIES[6]),
                ),
                "93-day calendar": (
                    "ListOccurrences",
                    training_pb2.ListOccurrencesRequest(
                        account_id=account_id,
                        time_zone=ZONE,
                        from_day=start,
                        to_day=end,
                        week_starts_on=MONDAY,
                    ),
                ),
            }
            uvloop.run(measure(ports["training"], hop_port, servicer, requests))
        except BaseException:
            log_tails(data_dir)
            raise
        finally:
            hop_server.terminate()
            hop_server.wait()
            stop_kinetic(processes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
