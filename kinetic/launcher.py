"""``make run``: Kinetic on one machine, each service and the edge in its own process.

Prepares the demo account (through the auth service's command-line tool) and the demo gym that
makes it a gym client (through the sessions service's gym tool), gives it an endurance season
(activities with streams, thresholds, readiness, planned workouts), starts auth, training,
sessions, analytics and the edge with SQLite files under ``KINETIC_DATA_DIR``, waits until the
edge reports every backend SERVING, prints where to connect, and on Ctrl-C (or SIGTERM) stops every
process gracefully. A second start reuses the data.

It supervises what it starts (docs/decisions/0034-launcher-supervision.md): a process that ends
once Kinetic is ready is started again after a backoff (``kinetic.restart_policy``) while the others
keep serving; every child ends with the launcher, even a killed one (``kinetic.child_processes``);
a port already taken stops the launch with one line naming the variable to change.
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
from dataclasses import dataclass, field

from kinetic.child_processes import describe_exit, run_tool, spawn
from kinetic.local_secrets import local_secrets
from kinetic.ports import PORT_IN_USE_EXIT_STATUS, PortInUse, check_port_free, port_variable
from kinetic.protected_resources import PUBLIC_PLANGEN_PATH, SERVED_BY_EDGE
from kinetic.restart_policy import RestartBackoff
from kinetic.settings import SERVICE_NAMES, Settings, load_settings_or_exit

READY_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 10.0
# How often the launcher looks at its children: a crash is noticed within this, at no cost.
POLL_SECONDS = 0.2


def _log(message: str) -> None:
    print(f"kinetic: {message}", file=sys.stderr, flush=True)


def _run_tool(env: Mapping[str, str], what: str, *module_and_args: str) -> str:
    """Run one of Kinetic's command-line tools (``python -m module args``); returns its output.

    A failure stops the launcher with the tool's own message: nothing can start without the demo.
    """
    result = run_tool(env, *module_and_args)
    if result.returncode != 0:
        sys.exit(f"could not prepare {what}: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout


def _ensure_demo(env: Mapping[str, str]) -> dict[str, str]:
    """Create (or reuse) the demo account and API key; returns email, password and api_key."""
    output = _run_tool(env, "the demo account", "services.auth.cli", "ensure-demo", "--json")
    demo: dict[str, str] = json.loads(output)
    return demo


def _ensure_demo_gym(env: Mapping[str, str], account_id: str) -> None:
    """Make the demo account the consenting client of the demo gym, with an assigned plan.

    So the Client AI Workout V2 profile answers at once with the demo API key (decision 0018).
    """
    _run_tool(env, "the demo gym", "services.sessions.gyms", "ensure-demo-gym", "--account-id", account_id)


def _ensure_demo_endurance(env: Mapping[str, str], account_id: str) -> None:
    """Give the demo account twelve weeks of runs and rides with streams, thresholds, readiness and
    planned endurance workouts, so every endurance answer is real from the first minute."""
    season = ("services.sessions.endurance", "ensure-demo", "--account-id", account_id)
    _run_tool(env, "the demo season", *season)
    _run_tool(env, "the demo planned workouts", "services.training.demo", "--account-id", account_id)


def _port_problems(settings: Settings) -> list[str]:
    """One line per port that cannot be listened on, naming the variable to change."""
    wanted = {name: (settings.listen_host, settings.ports[name]) for name in SERVICE_NAMES}
    wanted["edge"] = (settings.edge.host, settings.edge.port)
    problems: list[str] = []
    first_with_port: dict[int, str] = {}
    for name, (host, port) in wanted.items():
        if port in first_with_port:
            other = first_with_port[port]
            problems.append(
                f"{name}: port {port} is also {other}'s; set {port_variable(name)} "
                f"or {port_variable(other)} to another port"
            )
            continue
        first_with_port[port] = name
        try:
            check_port_free(host, port, name)
        except PortInUse as error:
            problems.append(str(error))
    return problems


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@dataclass
class Child:
    """One supervised process: what it runs, the running process (None while waiting to restart)."""

    name: str
    module: str
    process: subprocess.Popen[bytes] | None = None
    backoff: RestartBackoff = field(default_factory=RestartBackoff)
    restart_at: float = 0.0

    def start(self, env: Mapping[str, str]) -> None:
        self.process = spawn(self.module, env)
        self.backoff.started()

    def exited(self) -> int | None:
        """The exit status if the process ended since the last look (it is then forgotten)."""
        if self.process is None or (code := self.process.poll()) is None:
            return None
        self.process = None
        return code


def _supervise_once(children: list[Child], env: Mapping[str, str], now: float) -> float:
    """Notice exits (schedule a restart with backoff) and make due restarts; returns the seconds to
    the next thing to do."""
    wait = POLL_SECONDS
    for child in children:
        code = child.exited()
        if code is not None:
            delay = child.backoff.crashed()
            child.restart_at = now + delay
            _log(
                f"{child.name} exited with {describe_exit(code)}; restarting in {delay:g} s "
                f"(crash {child.backoff.crashes_in_a_row} in a row)"
            )
        if child.process is None:
            if now >= child.restart_at:
                child.start(env)
                assert child.process is not None
                _log(f"{child.name} restarted (pid {child.process.pid})")
            else:
                wait = min(wait, child.restart_at - now)
    return max(0.0, wait)


def _stop(children: list[Child]) -> bool:
    """SIGTERM every process, wait for each to drain; True if all stopped cleanly in time."""
    running = [(child.name, child.process) for child in children if child.process is not None]
    for _, process in running:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
    clean = True
    for name, process in running:
        try:
            code = process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _log(f"{name} did not stop in time; killing it")
            process.kill()
            process.wait()
            clean = False
            continue
        # Killed by the SIGTERM itself: it was still starting, before its handler was in place.
        if code not in (0, -signal.SIGTERM):
            _log(f"{name} exited with {describe_exit(code)}")
            clean = False
    return clean


def main() -> int:
    """Start everything, print the connection details, keep every process up until Ctrl-C, stop."""
    # Checked here once, so a bad value stops the launch before any process starts.
    all_settings = load_settings_or_exit("kinetic")
    if problems := _port_problems(all_settings):
        print("\n".join(problems), file=sys.stderr)
        return PORT_IN_USE_EXIT_STATUS
    settings = all_settings.edge
    data_dir = all_settings.data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    # Children get this environment, with the data directory made absolute: they all read the same.
    env = {**os.environ, "KINETIC_DATA_DIR": str(data_dir)}
    # Unset edge secrets are kept in the data directory, so profile IDs and plan links survive a
    # restart (decision 0078); a deployment's own are used as set.
    env |= local_secrets(data_dir, env)
    demo = _ensure_demo(env)
    _ensure_demo_gym(env, demo["account_id"])
    _ensure_demo_endurance(env, demo["account_id"])

    stop_requested = False

    def request_stop(signum: int, _frame: object) -> None:
        nonlocal stop_requested
        stop_requested = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    children = [Child(name, f"services.{name}") for name in SERVICE_NAMES]
    # Benchmarks swap in an edge entry point with the account budget lifted (benchmarks/bench_edge.py).
    children.append(Child("edge", settings.module))
    for child in children:
        child.start(env)
    outcome = 1
    try:
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        ready_url = f"http://{settings.host}:{settings.port}/readyz"
        while not _ready(ready_url):
            # A process that ends before Kinetic was ever ready has a problem a restart will not
            # fix (its own message says which): stop, rather than retry it for ever.
            dead = [f"{c.name} ({describe_exit(code)})" for c in children if (code := c.exited()) is not None]
            if dead or stop_requested:
                _log(f"stopped before ready: {', '.join(dead) or 'interrupted'}")
                return 1
            if time.monotonic() > deadline:
                _log(f"not ready after {READY_TIMEOUT_SECONDS:.0f} s: {ready_url}")
                return 1
            time.sleep(POLL_SECONDS)
        print(_banner(settings.public_url, demo), flush=True)
        while not stop_requested:
            time.sleep(_supervise_once(children, env, time.monotonic()))
        outcome = 0
    finally:
        if not _stop(children):
            outcome = 1
    return outcome


def _banner(public_url: str, demo: Mapping[str, str]) -> str:
    lines = ["", "Kinetic is running.", ""]
    lines += [
        f"  MCP ({resource.profile}): {resource.resource_url(public_url)}" for resource in SERVED_BY_EDGE
    ]
    lines.append(f"  MCP (RunFlow PlanGen, no sign-in): {public_url.rstrip('/')}{PUBLIC_PLANGEN_PATH}")
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
