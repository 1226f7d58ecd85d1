"""Kinetic as separate processes with several replicas per service, for rolling-restart tests.

Unlike the launcher (one process per service, restarted on a crash), every process here is the
test's: it starts each replica on its own port, dials each service at the list of its replicas
(``KINETIC_<SERVICE>_TARGET=127.0.0.1:a,127.0.0.1:b``), and stops and starts them one at a time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
import httpx2
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.e2e.processes import REPO, free_port

SERVICES = ("auth", "training", "sessions", "analytics")
READY_WITHIN_SECONDS = 60.0
DRAIN_WITHIN_SECONDS = 20.0


def replicated_env(
    data_dir: Path, replicas: int, extra: dict[str, str]
) -> tuple[dict[str, str], dict[str, list[int]]]:
    """The environment every process starts with, and each service's replica ports."""
    ports = {name: [free_port() for _ in range(replicas)] for name in SERVICES}
    env = {
        **{key: value for key, value in os.environ.items() if not key.startswith("KINETIC_")},
        "KINETIC_DATA_DIR": str(data_dir),
        **{
            f"KINETIC_{name.upper()}_TARGET": ",".join(f"127.0.0.1:{port}" for port in ports[name])
            for name in SERVICES
        },
        **extra,
    }
    return env, ports


def ensure_demo(env: dict[str, str]) -> str:
    """Create the demo account as the run command does; returns its API key."""
    output = subprocess.run(
        [sys.executable, "-m", "services.auth.cli", "ensure-demo", "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return str(json.loads(output)["api_key"])


def serving(port: int) -> bool:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            answer = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
        except grpc.RpcError:
            return False
    return bool(answer.status == health_pb2.HealthCheckResponse.SERVING)


@dataclass
class Process:
    """One running process of Kinetic's, its log, and how to tell it is ready."""

    argv: list[str]
    env: dict[str, str]
    log_path: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.argv, cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )

    @property
    def running(self) -> subprocess.Popen[bytes]:
        assert self.process is not None, f"{self.argv} was never started"
        return self.process

    def wait_ready(self, ready: Callable[[], bool]) -> float:
        """Poll ``ready()`` until it holds; returns the seconds it took."""
        started = time.monotonic()
        while not ready():
            assert self.running.poll() is None, f"{self.argv} exited:\n{self.log_path.read_text()[-3000:]}"
            assert time.monotonic() - started < READY_WITHIN_SECONDS, f"{self.argv} never became ready"
            time.sleep(0.05)
        return time.monotonic() - started

    def terminate(self) -> tuple[int, float]:
        """SIGTERM and wait for the drain; returns the exit status and the seconds it took."""
        started = time.monotonic()
        self.running.send_signal(signal.SIGTERM)
        code = self.running.wait(timeout=DRAIN_WITHIN_SECONDS)
        return code, time.monotonic() - started

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def service_replica(name: str, port: int, env: dict[str, str], logs: Path) -> Process:
    """A replica of service ``name`` listening on ``port`` (not started)."""
    return Process(
        [sys.executable, "-m", f"services.{name}"],
        {**env, f"KINETIC_{name.upper()}_PORT": str(port)},
        logs / f"{name}-{port}.log",
    )


def start_replica(replica: Process, port: int) -> float:
    """Start a service replica and wait until it reports SERVING; returns the seconds it took."""
    replica.start()
    return replica.wait_ready(lambda: serving(port))


def edge_replica(port: int, env: dict[str, str], logs: Path, module: str = "edge") -> Process:
    """An edge on ``port`` (not started); ``benchmarks.bench_edge`` is the same edge with the
    account budgets lifted, for a load past them."""
    return Process(
        [sys.executable, "-m", module], {**env, "KINETIC_EDGE_PORT": str(port)}, logs / f"edge-{port}.log"
    )


def start_edge(edge: Process, port: int) -> float:
    """Start an edge and wait until ``/readyz`` answers 200; returns the seconds it took."""

    def ready() -> bool:
        try:
            return httpx2.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
        except httpx2.TransportError:
            return False

    edge.start()
    return edge.wait_ready(ready)
