"""Kinetic's processes for the benchmarks, started as ``make run`` starts them (kinetic/launcher.py).

Every service in ``kinetic.settings.SERVICE_NAMES`` and the edge run in their own process with one
environment: SQLite files in a temporary data directory and a free port per process in
``KINETIC_<NAME>_PORT``, so each service finds the others (``kinetic.settings``' default targets)
exactly as under the launcher. The edge runs as ``benchmarks.bench_edge`` (the launcher's
``KINETIC_EDGE_MODULE``) so the per-account budgets do not cut a run short.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

import grpc

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.settings import SERVICE_NAMES

READY_TIMEOUT_SECONDS = 90.0
STOP_TIMEOUT_SECONDS = 20.0
BENCH_EDGE_MODULE = "benchmarks.bench_edge"
METRIC_MCP_PATH = "/api/connectors/muse/mcp"
PROCESS_NAMES = (*SERVICE_NAMES, "edge")

Processes = dict[str, subprocess.Popen[bytes]]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def free_ports() -> dict[str, int]:
    """A free port for every service and the edge."""
    return {name: free_port() for name in PROCESS_NAMES}


def kinetic_env(data_dir: Path, ports: dict[str, int]) -> dict[str, str]:
    """This process's environment for Kinetic on SQLite under ``data_dir`` with ``ports``.

    Telemetry stays on unless ``OTEL_SDK_DISABLED`` says otherwise; a database, public or Redis URL
    or a service target from the caller's shell is dropped, so every run is alike and each service
    reaches the others on these ports.
    """
    env = {
        **os.environ,
        "KINETIC_DATA_DIR": str(data_dir),
        **{f"KINETIC_{name.upper()}_PORT": str(port) for name, port in ports.items()},
        "OTEL_SDK_DISABLED": os.environ.get("OTEL_SDK_DISABLED", "false"),
    }
    dropped = ("KINETIC_DATABASE_URL", "KINETIC_PUBLIC_URL", "KINETIC_REDIS_URL")
    for name in (*dropped, *(f"KINETIC_{service.upper()}_TARGET" for service in SERVICE_NAMES)):
        env.pop(name, None)
    return env


def start_kinetic(
    env: dict[str, str],
    log_dir: Path,
    profile_dir: Path | None = None,
    profiled: Sequence[str] = ("training", "edge"),
    tree: Path | None = None,
) -> Processes:
    """Each service and the edge in its own process; logs to ``log_dir``.

    With ``profile_dir``, the ``profiled`` processes run under cProfile and write
    ``<name>.prof`` there when they stop. With ``tree``, they run the Kinetic source in that
    directory (another commit's, for a before/after run) instead of this one.
    """
    if tree is not None:
        env = env | {"PYTHONPATH": str(tree)}
    modules = {name: f"services.{name}" for name in SERVICE_NAMES} | {"edge": BENCH_EDGE_MODULE}
    processes: Processes = {}
    for name, module in modules.items():
        command = [sys.executable, "-m", module]
        if profile_dir is not None and name in profiled:
            profile = str(profile_dir / f"{name}.prof")
            command = [sys.executable, "-m", "cProfile", "-o", profile, "-m", module]
        with (log_dir / f"{name}.log").open("wb") as log:
            processes[name] = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=tree
            )
    return processes


def wait_ready(url: str, processes: Processes, expect: int = 200) -> None:
    """Poll ``url`` (the edge's /readyz) until it answers ``expect``; exit if a process dies or time is up."""
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        dead = [name for name, process in processes.items() if process.poll() is not None]
        if dead:
            sys.exit(f"exited while starting: {', '.join(dead)}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == expect:
                    return
        except OSError as error:
            if getattr(error, "code", None) == expect:  # an HTTPError with the status awaited
                return
        time.sleep(0.2)
    sys.exit(f"not ready in time: {url}")


def stop_kinetic(processes: Processes) -> None:
    """SIGTERM each process (so profiles and logs are written), then wait; kill what hangs."""
    for process in processes.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes.values():
        try:
            process.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def on_kinetic(measure: Callable[[str, dict[str, int]], Coroutine[Any, Any, list[str]]]) -> list[str]:
    """Start Kinetic on SQLite in a scratch directory, run ``measure(edge_url, ports)`` once it is
    ready, stop it; the measured lines (a failed run prints every process's log tail first)."""
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-") as scratch:
        data_dir = Path(scratch)
        ports = free_ports()
        processes = start_kinetic(kinetic_env(data_dir, ports), data_dir)
        base_url = f"http://127.0.0.1:{ports['edge']}"
        try:
            wait_ready(base_url + "/readyz", processes)
            return asyncio.run(measure(base_url, ports))
        except Exception:
            log_tails(data_dir)
            raise
        finally:
            stop_kinetic(processes)


def log_tails(log_dir: Path) -> None:
    """The last lines of every process log, on stderr (after a failed run)."""
    for log in sorted(log_dir.glob("*.log")):
        lines = log.read_text(errors="replace").splitlines()[-15:]
        print(f"--- {log.name} ---", *lines, sep="\n", file=sys.stderr)


def process_cpu_seconds(pids: Sequence[int]) -> float:
    """User plus system CPU seconds the processes have used so far (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        # Fields after the parenthesised command name; utime and stime are the 12th and 13th.
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


async def metric_account(auth_port: int, mcp_url: str, name: str, time_zone: str) -> tuple[str, str]:
    """A new account and an OAuth-style access token for the Metric resource: (account ID, token)."""
    async with grpc.aio.insecure_channel(f"127.0.0.1:{auth_port}") as channel:
        stub = auth_pb2_grpc.AuthServiceStub(channel)
        created = await stub.CreateAccount(
            auth_pb2.CreateAccountRequest(
                email=f"{name}@bench.kinetic.test",
                password="bench password 1",
                display_name=name,
                time_zone=time_zone,
            )
        )
        account_id = created.account.account_id
        token = await stub.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account_id, audience=mcp_url, scopes=["training"], ttl_seconds=3600
            )
        )
        return account_id, str(token.access_token)
