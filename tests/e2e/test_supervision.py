"""End to end: the launcher keeps Kinetic up (docs/decisions/0034-launcher-supervision.md).

A killed service comes back while the rest keep serving; a killed launcher takes every child with
it; a taken port is one line naming the variable to change; a process that cannot start is retried
with growing delays. Real processes, ``kill -9``, ports bound by the test.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from kinetic.ports import check_port_free
from tests.e2e.processes import (
    REPO,
    RunningKinetic,
    children_of,
    free_port,
    is_running,
    kinetic_env,
    start_kinetic,
    start_kinetic_with,
    stop_kinetic,
)
from tests.eventually import eventually, status_becomes

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; parent death is Linux"),
]

SERVICES = ("auth", "training", "sessions", "analytics")
NEEDS_TRAINING = "/api/connectors/muse/training?view=exercises&query=rdl"


@pytest.fixture
def kinetic(tmp_path: Path) -> Iterator[RunningKinetic]:
    running = start_kinetic(tmp_path / "var", free_port(), {})
    try:
        yield running
    finally:
        if running.process.poll() is None:
            stop_kinetic(running)


def _ports(running: RunningKinetic) -> dict[str, int]:
    return {name: int(running.env[f"KINETIC_{name.upper()}_PORT"]) for name in (*SERVICES, "edge")}


async def _status(running: RunningKinetic, path: str) -> int:
    """The status of GET ``path`` with the demo key; 0 while nothing listens on the edge's port."""
    async with httpx2.AsyncClient(timeout=5) as http:
        try:
            response = await http.get(
                running.base_url + path, headers={"Authorization": f"Bearer {running.api_key}"}
            )
        except httpx2.ConnectError:
            return 0
    return int(response.status_code)


def _containing(text: str) -> Callable[[str], bool]:
    return lambda line: text in line


@contextmanager
def _holding(port: int) -> Iterator[socket.socket]:
    """Listen on ``port`` (as another program would) until the block ends."""
    holder = socket.socket()
    try:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        holder.bind(("127.0.0.1", port))
        holder.listen()
        yield holder
    finally:
        holder.close()


async def test_a_killed_service_comes_back_while_the_edge_keeps_serving(kinetic: RunningKinetic) -> None:
    assert await _status(kinetic, NEEDS_TRAINING) == 200
    before = children_of(kinetic.process.pid)
    assert set(before) == {*(f"services.{name}" for name in SERVICES), "edge"}

    os.kill(before["services.training"], signal.SIGKILL)

    assert await _status(kinetic, "/healthz") == 200, "the edge still answers"
    async with httpx2.AsyncClient(timeout=5) as http:
        ready = (await http.get(kinetic.base_url + "/readyz")).json()
    assert {name: ready["backends"][name] for name in ("auth", "sessions", "analytics")} == dict.fromkeys(
        ("auth", "sessions", "analytics"), "SERVING"
    ), "the edge's calls to the other services still succeed"
    logged = kinetic.wait_for_line(lambda line: "training exited" in line, within=5, what="the crash")
    assert "status -9 (SIGKILL); restarting in 0.5 s (crash 1 in a row)" in logged
    restarted = kinetic.wait_for_line(lambda line: "training restarted" in line, within=5, what="the restart")
    new_pid = int(re.findall(r"pid (\d+)", restarted)[0])

    took = await status_becomes(lambda: _status(kinetic, NEEDS_TRAINING), 200, within=15)
    assert took < 15
    after = children_of(kinetic.process.pid)
    assert after["services.training"] == new_pid != before["services.training"]
    assert {n: p for n, p in after.items() if n != "services.training"} == {
        n: p for n, p in before.items() if n != "services.training"
    }, "no other process was restarted"
    assert stop_kinetic(kinetic) == 0, "a graceful stop after a restart still exits 0"


async def test_killing_the_launcher_ends_every_child_and_frees_the_ports(tmp_path: Path) -> None:
    env = kinetic_env(tmp_path / "var", free_port(), {})
    first = start_kinetic_with(env)
    children = children_of(first.process.pid)
    assert len(children) == 5

    first.process.kill()
    first.process.wait(timeout=5)

    await eventually(
        lambda: not any(is_running(pid) for pid in children.values()),
        within=10,
        what="every child of the killed launcher ending",
    )
    for name, port in _ports(first).items():
        check_port_free("127.0.0.1", port, name)
    second = start_kinetic_with(env)
    try:
        assert await _status(second, NEEDS_TRAINING) == 200, "a new launcher serves on the same ports"
    finally:
        second.process.send_signal(signal.SIGTERM)
        assert second.process.wait(timeout=30) == 0, "SIGTERM stops everything gracefully, as Ctrl-C does"


async def test_a_killed_edge_comes_back(kinetic: RunningKinetic) -> None:
    os.kill(children_of(kinetic.process.pid)["edge"], signal.SIGKILL)
    logged = kinetic.wait_for_line(_containing("edge exited"), within=5, what="the edge's crash")
    assert "status -9 (SIGKILL); restarting in 0.5 s" in logged
    await status_becomes(lambda: _status(kinetic, NEEDS_TRAINING), 200, within=15)
    assert stop_kinetic(kinetic) == 0


def _run_alone(module: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module], cwd=REPO, env=env, capture_output=True, text=True, timeout=30
    )


@pytest.mark.parametrize(
    ("module", "process"),
    [("kinetic.launcher", "training"), ("kinetic.launcher", "edge")]
    + [(f"services.{name}", name) for name in SERVICES]
    + [("edge", "edge")],
)
def test_a_taken_port_is_one_line_naming_the_variable(tmp_path: Path, module: str, process: str) -> None:
    env = kinetic_env(tmp_path / "var", free_port(), {})
    variable = f"KINETIC_{process.upper()}_PORT"
    port = int(env[variable])
    with _holding(port):
        result = _run_alone(module, env)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0] == (
        f"{process}: port {port} on 127.0.0.1 is already in use; set {variable} to a free port "
        "or stop what holds it"
    )
    assert not (tmp_path / "var").exists(), "nothing was prepared or migrated first"


def test_two_processes_given_one_port_are_named_before_anything_starts(tmp_path: Path) -> None:
    env = kinetic_env(tmp_path / "var", free_port(), {})
    env["KINETIC_ANALYTICS_PORT"] = env["KINETIC_SESSIONS_PORT"]
    result = _run_alone("kinetic.launcher", env)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"analytics: port {env['KINETIC_SESSIONS_PORT']} is also sessions's; "
        "set KINETIC_ANALYTICS_PORT or KINETIC_SESSIONS_PORT to another port"
    ]


async def test_a_service_that_cannot_start_is_retried_with_growing_delays(kinetic: RunningKinetic) -> None:
    training_port = _ports(kinetic)["training"]
    os.kill(children_of(kinetic.process.pid)["services.training"], signal.SIGKILL)
    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)

    def take_the_port() -> bool:
        try:
            holder.bind(("127.0.0.1", training_port))
        except OSError:
            return False  # the killed service's socket is not closed yet
        holder.listen()
        return True

    try:
        # Taken before the first restart (0.5 s): every restart then ends at once with status 2.
        await eventually(take_the_port, within=0.4, what="taking the killed service's port")
        crashes: list[tuple[float, str]] = []
        for crash in (1, 2, 3):
            marker = f"(crash {crash} in a row)"
            line = kinetic.wait_for_line(_containing(marker), within=10, what=marker)
            crashes.append((time.monotonic(), line))
        assert "training exited with status -9 (SIGKILL); restarting in 0.5 s" in crashes[0][1]
        assert "training exited with status 2; restarting in 1 s" in crashes[1][1]
        assert "training exited with status 2; restarting in 2 s" in crashes[2][1]
        assert crashes[2][0] - crashes[1][0] >= 1.0, "waited the 1 s delay: no spinning"
        said = "".join(kinetic.output)
        assert "set KINETIC_TRAINING_PORT to a free port" in said, "the child says why, in one line"
        assert said.count("training restarted") == 2, "one start per delay, no more"
        assert await _status(kinetic, "/healthz") == 200
    finally:
        holder.close()
    # Freed: the next attempt (2 s after crash 3) starts it.
    await status_becomes(lambda: _status(kinetic, NEEDS_TRAINING), 200, within=15)
