"""``make run``: Kinetic on one machine, each service and the edge in its own process.

Prepares the demo account (through the auth service's command-line tool) and the demo gym that
makes it a gym client (through the sessions service's gym tool), starts auth, training,
sessions, analytics and the edge with SQLite files under ``KINETIC_DATA_DIR``, waits until the
edge reports every backend SERVING, prints where to connect, and on Ctrl-C (or SIGTERM) stops every
process gracefully. A second start reuses the data.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping

from kinetic.protected_resources import SERVED_BY_EDGE
from kinetic.settings import SERVICE_NAMES, load_settings_or_exit

READY_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 10.0


def _ensure_demo(env: Mapping[str, str]) -> dict[str, str]:
    """Create (or reuse) the demo account and API key; returns email, password and api_key."""
    result = subprocess.run(
        [sys.executable, "-m", "services.auth.cli", "ensure-demo", "--json"],
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        sys.exit(f"could not prepare the demo account: {result.stderr.strip() or result.stdout.strip()}")
    demo: dict[str, str] = json.loads(result.stdout)
    return demo


def _ensure_demo_gym(env: Mapping[str, str], account_id: str) -> None:
    """Make the demo account the consenting client of the demo gym, with an assigned plan.

    So the Client AI Workout V2 profile answers at once with the demo API key (decision 0018).
    """
    result = subprocess.run(
        [sys.executable, "-m", "services.sessions.gyms", "ensure-demo-gym", "--account-id", account_id],
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        sys.exit(f"could not prepare the demo gym: {result.stderr.strip() or result.stdout.strip()}")


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _stop(processes: dict[str, subprocess.Popen[bytes]]) -> bool:
    """SIGTERM every process, wait for each to drain; True if all stopped cleanly in time."""
    for process in processes.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
    clean = True
    for name, process in processes.items():
        try:
            code = process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            print(f"{name} did not stop in time; killing it", file=sys.stderr)
            process.kill()
            process.wait()
            clean = False
            continue
        if code != 0:
            print(f"{name} exited with status {code}", file=sys.stderr)
            clean = False
    return clean


def _spawn(module: str, env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    # Own session: a terminal's Ctrl-C reaches only the launcher, which then stops each child once.
    return subprocess.Popen([sys.executable, "-m", module], env=dict(env), start_new_session=True)


def main() -> int:
    """Start everything, print the connection details, wait for Ctrl-C, stop everything."""
    # Checked here once, so a bad value stops the launch before any process starts.
    all_settings = load_settings_or_exit("kinetic")
    settings = all_settings.edge
    data_dir = all_settings.data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    # Children get this environment, with the data directory made absolute: they all read the same.
    env = {**os.environ, "KINETIC_DATA_DIR": str(data_dir)}
    demo = _ensure_demo(env)
    _ensure_demo_gym(env, demo["account_id"])

    stop_requested = False

    def request_stop(signum: int, _frame: object) -> None:
        nonlocal stop_requested
        stop_requested = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    processes = {name: _spawn(f"services.{name}", env) for name in SERVICE_NAMES}
    # Benchmarks swap in an edge entry point with the account budget lifted (benchmarks/bench_edge.py).
    processes["edge"] = _spawn(settings.module, env)
    outcome = 1
    try:
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        ready_url = f"http://{settings.host}:{settings.port}/readyz"
        while not _ready(ready_url):
            dead = [n for n, p in processes.items() if p.poll() is not None]
            if dead or stop_requested:
                print(f"stopped before ready: {', '.join(dead) or 'interrupted'}", file=sys.stderr)
                return 1
            if time.monotonic() > deadline:
                print(f"not ready after {READY_TIMEOUT_SECONDS:.0f} s: {ready_url}", file=sys.stderr)
                return 1
            time.sleep(0.2)
        print(_banner(settings.public_url, demo), flush=True)
        while not stop_requested:
            dead = [n for n, p in processes.items() if p.poll() is not None]
            if dead:
                print(f"{', '.join(dead)} exited; stopping the rest", file=sys.stderr)
                return 1
            time.sleep(0.5)
        outcome = 0
    finally:
        if not _stop(processes):
            outcome = 1
    return outcome


def _banner(public_url: str, demo: Mapping[str, str]) -> str:
    lines = ["", "Kinetic is running.", ""]
    lines += [
        f"  MCP ({resource.profile}): {resource.resource_url(public_url)}" for resource in SERVED_BY_EDGE
    ]
    lines += [
        f"  REST:          {public_url}/api/connectors/muse/  (OpenAPI: {public_url}/openapi.json)",
        "",
        f"  KINETIC_DEMO_EMAIL={demo['email']}",
        f"  KINETIC_DEMO_PASSWORD={demo['password']}",
        f"  KINETIC_DEMO_API_KEY={demo['api_key']}",
        "",
        "  Ctrl-C stops every process.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
