"""The run command's real processes, started and stopped by tests (``python -m kinetic.launcher``)."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
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


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line)
    lines.put(None)


def start_kinetic(data_dir: Path, port: int, env_extra: dict[str, str]) -> RunningKinetic:
    """Start ``python -m kinetic.launcher`` (every service on a free port, the edge on ``port``)
    and return once it printed its banner."""
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
    return RunningKinetic(process, f"http://127.0.0.1:{port}", api_key, output, env)


def stop_kinetic(running: RunningKinetic) -> int:
    """Ctrl-C the launcher (it stops every process it started); returns its exit status."""
    running.process.send_signal(signal.SIGINT)
    return running.process.wait(timeout=30)
