"""The run command's real processes, started and stopped by tests (``python -m kinetic.launcher``)."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 90.0


def free_port() -> int:
    """A TCP port free right now on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RunningKinetic:
    """A running launcher: its process, the edge's URL, the demo key and what it printed."""

    process: subprocess.Popen[str]
    base_url: str
    api_key: str
    output: list[str]
    env: dict[str, str] = field(default_factory=dict)  # what every process was started with
    # Lines printed after the banner, read on by ``wait_for_line``.
    lines: queue.Queue[str | None] = field(default_factory=queue.Queue)

    def wait_for_line(self, wanted: Callable[[str], bool], *, within: float, what: str) -> str:
        """The next line the launcher (or a child) prints that is ``wanted``; fails after ``within``."""
        deadline = time.monotonic() + within
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            self.output.append(line)
            if wanted(line):
                return line
        pytest.fail(f"no line with {what} within {within} s:\n" + "".join(self.output[-40:]))


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line)
    lines.put(None)


def kinetic_env(data_dir: Path, port: int, env_extra: dict[str, str]) -> dict[str, str]:
    """The launcher's environment: every service on a free port, the edge on ``port``, SQLite."""
    env = {
        **os.environ,
        "KINETIC_DATA_DIR": str(data_dir),
        "KINETIC_EDGE_PORT": str(port),
        **{
            f"KINETIC_{name.upper()}_PORT": str(free_port())
            for name in ("auth", "training", "sessions", "analytics")
        },
        **env_extra,
    }
    env.pop("KINETIC_DATABASE_URL", None)
    return env


def start_kinetic(data_dir: Path, port: int, env_extra: dict[str, str]) -> RunningKinetic:
    """Start ``python -m kinetic.launcher`` (every service on a free port, the edge on ``port``)
    and return once it printed its banner."""
    return start_kinetic_with(kinetic_env(data_dir, port, env_extra))


def start_kinetic_with(env: dict[str, str]) -> RunningKinetic:
    """Start ``python -m kinetic.launcher`` with exactly ``env``; return once it printed its banner."""
    port = int(env["KINETIC_EDGE_PORT"])
    process = subprocess.Popen(
        [sys.executable, "-m", "kinetic.launcher"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_read_lines, args=(process, lines), daemon=True).start()
    output: list[str] = []
    api_key = ""
    while "Ctrl-C stops every process." not in "".join(output):
        try:
            line = lines.get(timeout=START_TIMEOUT_SECONDS)
        except queue.Empty:
            process.kill()
            pytest.fail("no banner within the time limit:\n" + "".join(output))
        if line is None:
            pytest.fail("the run command exited before it was ready:\n" + "".join(output))
        output.append(line)
        if "KINETIC_DEMO_API_KEY=" in line:
            api_key = line.split("=", 1)[1].strip()
    return RunningKinetic(process, f"http://127.0.0.1:{port}", api_key, output, env, lines)


def stop_kinetic(running: RunningKinetic) -> int:
    """Ctrl-C the launcher (it stops every process it started); returns its exit status."""
    running.process.send_signal(signal.SIGINT)
    return running.process.wait(timeout=30)


def children_of(pid: int) -> dict[str, int]:
    """The running children of process ``pid`` (Linux ``/proc``), by what they run:
    ``services.training`` -> pid, ``edge`` -> pid."""
    found: dict[str, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue  # ended while we looked
        if parent == pid and b"-m" in argv:
            found[argv[argv.index(b"-m") + 1].decode()] = int(entry.name)
    return found


def is_running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")
