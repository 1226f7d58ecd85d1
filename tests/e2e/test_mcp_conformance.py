"""End to end: the official MCP conformance suite against the run command's anonymous PlanGen path.

``scripts/mcp_conformance.sh`` installs the pinned suite and Node 22 (from npm) on first use and
fails on any failing scenario not in tests/conformance/expected-failures.yml, and on a listed one
that passes. Nothing skips: without npm or a network to install from, this test fails, loudly.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from kinetic.protected_resources import PUBLIC_PLANGEN_PATH
from tests.e2e.processes import REPO, RunningKinetic, free_port, start_kinetic, stop_kinetic

pytestmark = pytest.mark.e2e

SCRIPT = REPO / "scripts" / "mcp_conformance.sh"
EXPECTED = REPO / "tests" / "conformance" / "expected-failures.yml"
# First run: the npm install (about 20 s); every run: some 30 scenarios (about 15 s).
TIMEOUT_SECONDS = 300
# What the suite can check on a server with two tools and nothing else: all of it must pass.
PASSING = ("server-initialize", "ping", "logging-set-level", "tools-list", "dns-rebinding-protection")


@pytest.fixture
def kinetic(tmp_path: Path) -> Iterator[RunningKinetic]:
    # The suite makes dozens of tool calls from one address: the budget is raised, as CI does.
    running = start_kinetic(tmp_path / "var", free_port(), {"KINETIC_PLANGEN_PER_HOUR": "100000"})
    try:
        yield running
    finally:
        if running.process.poll() is None:
            stop_kinetic(running)


def test_every_expected_failure_says_why():
    entries = yaml.safe_load(EXPECTED.read_text(encoding="utf-8"))["server"]
    assert all(entry["scenario"] and len(entry["reason"]) > 20 for entry in entries)
    assert len({entry["scenario"] for entry in entries}) == len(entries)


def test_the_official_conformance_suite_passes_on_the_public_path(kinetic: RunningKinetic):
    url = kinetic.base_url + PUBLIC_PLANGEN_PATH
    assert url in "".join(kinetic.output)  # the banner names the path
    finished = subprocess.run(
        [str(SCRIPT), url],
        cwd=REPO,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    report = finished.stdout[-6000:] + finished.stderr[-3000:]
    assert finished.returncode == 0, report
    assert "Baseline check passed" in finished.stdout, report
    for scenario in PASSING:
        assert f"✓ {scenario}:" in finished.stdout, report
