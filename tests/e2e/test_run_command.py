"""End to end: the run command's real processes, called with the ``mcp`` package's own client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from tests.e2e.processes import RunningKinetic, free_port, start_kinetic, stop_kinetic

pytestmark = pytest.mark.e2e


@pytest.fixture
def kinetic(tmp_path: Path) -> Iterator[RunningKinetic]:
    demo_key = "rf_" + "ab" * 32
    running = start_kinetic(tmp_path / "var", free_port(), {"KINETIC_DEMO_API_KEY": demo_key})
    try:
        yield running
    finally:
        if running.process.poll() is None:
            stop_kinetic(running)


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

    assert stop_kinetic(kinetic) == 0, "Ctrl-C stops every process cleanly"


async def test_second_start_reuses_the_data(tmp_path: Path) -> None:
    data_dir = tmp_path / "var"
    first = start_kinetic(data_dir, free_port(), {})
    try:
        key = first.api_key
        assert key.startswith("rf_")
    finally:
        assert stop_kinetic(first) == 0
    second = start_kinetic(data_dir, free_port(), {})
    try:
        assert second.api_key == key, "the demo key from the first start still works and is shown again"
        url = second.base_url + "/api/connectors/muse/mcp"
        found = await _call(url, key, "read_training", {"view": "exercises", "query": "ohp"})
        assert found["data"]["exercises"][0]["name"] == "Overhead Press"  # type: ignore[index]
    finally:
        assert stop_kinetic(second) == 0
