"""End to end: the run command's real processes, called with the ``mcp`` package's own client."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 90.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RunningKinetic:
    process: subprocess.Popen[str]
    base_url: str
    api_key: str
    output: list[str]


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line)
    lines.put(None)


def _start(data_dir: Path, port: int, env_extra: dict[str, str]) -> RunningKinetic:
    env = {
        **os.environ,
        "KINETIC_DATA_DIR": str(data_dir),
        "KINETIC_EDGE_PORT": str(port),
        **{
            f"KINETIC_{name.upper()}_PORT": str(_free_port())
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
    return RunningKinetic(process, f"http://127.0.0.1:{port}", api_key, output)


def _stop(running: RunningKinetic) -> int:
    running.process.send_signal(signal.SIGINT)
    return running.process.wait(timeout=30)


@pytest.fixture
def kinetic(tmp_path: Path) -> Iterator[RunningKinetic]:
    demo_key = "rf_" + "ab" * 32
    running = _start(tmp_path / "var", _free_port(), {"KINETIC_DEMO_API_KEY": demo_key})
    try:
        yield running
    finally:
        if running.process.poll() is None:
            _stop(running)


async def _call(url: str, api_key: str, tool: str, arguments: dict[str, object]) -> dict[str, object]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {api_key}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        names = {t.name for t in (await client.list_tools()).tools}
        assert {"get_workout_guidance", "read_training"} <= names
        result = await client.call_tool(tool, arguments)
        assert not result.is_error, result.content
        text = result.content[0].text  # type: ignore[union-attr]
        return dict(json.loads(text))


async def test_both_tools_answer_through_the_real_processes(kinetic: RunningKinetic) -> None:
    assert kinetic.api_key == "rf_" + "ab" * 32, "KINETIC_DEMO_API_KEY fixes the printed key"
    url = kinetic.base_url + "/api/connectors/muse/mcp"
    assert url in "".join(kinetic.output)
    guidance = await _call(url, kinetic.api_key, "get_workout_guidance", {})
    assert len(guidance["example"]["workout"]["exercises"]) == 5  # type: ignore[index]
    found = await _call(url, kinetic.api_key, "read_training", {"view": "exercises", "query": "rdl"})
    assert found["data"]["exercises"][0]["name"] == "Romanian Deadlift"  # type: ignore[index]

    async with httpx2.AsyncClient() as http:
        refused = await http.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert refused.status_code == 401
    assert "resource_metadata=" in refused.headers["www-authenticate"]

    assert _stop(kinetic) == 0, "Ctrl-C stops every process cleanly"


async def test_second_start_reuses_the_data(tmp_path: Path) -> None:
    data_dir = tmp_path / "var"
    first = _start(data_dir, _free_port(), {})
    try:
        key = first.api_key
        assert key.startswith("rf_")
    finally:
        assert _stop(first) == 0
    second = _start(data_dir, _free_port(), {})
    try:
        assert second.api_key == key, "the demo key from the first start still works and is shown again"
        url = second.base_url + "/api/connectors/muse/mcp"
        found = await _call(url, key, "read_training", {"view": "exercises", "query": "ohp"})
        assert found["data"]["exercises"][0]["name"] == "Overhead Press"  # type: ignore[index]
    finally:
        assert _stop(second) == 0
