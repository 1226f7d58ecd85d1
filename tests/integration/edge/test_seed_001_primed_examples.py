"""Seed 001 (Primed): its JSON and curl examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079).
"""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest

from kinetic.protected_resources import PRIMED, RUNFLOW
from tests.integration.edge.primed_calls import primed_token

pytestmark = pytest.mark.asyncio(loop_scope="module")


def sse_events(text: str) -> list[dict[str, Any]]:
    """The JSON of each event of a ``text/event-stream`` body (its ``data:`` lines joined)."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        data = [line[len("data:") :].strip() for line in block.split("\n") if line.startswith("data:")]
        if data:
            events.append(json.loads("\n".join(data)))
    return events


# --- seed 001: the curl, and the metadata URL -----------------------------------------------------


async def test_seed_001_curl_with_accept_event_stream_gets_one_event(module_stack):
    token = await primed_token(module_stack)
    # The seed's curl, header for header and byte for byte, with a live token.
    body = """{
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {
      "name": "get_today_coaching",
      "arguments": {}
    }
  }"""
    async with httpx2.AsyncClient(timeout=30) as http:
        streamed = await http.post(
            module_stack.base_url + PRIMED.path,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Accept": "text/event-stream",
            },
            content=body,
        )
        as_json = await http.post(
            module_stack.base_url + PRIMED.path,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
            content=body,
        )

    assert streamed.status_code == 200, streamed.text
    assert streamed.headers["content-type"].startswith("text/event-stream")
    (event,) = sse_events(streamed.text)
    assert event["id"] == 1 and "result" in event, event
    assert as_json.status_code == 200 and as_json.headers["content-type"].startswith("application/json")
    # The same answer either way; not byte for byte, as two calls can straddle a second of the
    # decision's clock.
    answered = as_json.json()["result"]
    assert sorted(answered) == sorted(event["result"]), "the same answer, either way"
    assert answered.get("isError", False) is event["result"].get("isError", False) is False


async def test_seed_001_metadata_url_at_the_root_is_served(module_stack):
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as http:
        # "OAuth Protected Resource Metadata: https://mcp.beprimed.ai/.well-known/oauth-protected-resource"
        root = await http.get("/.well-known/oauth-protected-resource")
        named = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": module_stack.base_url + PRIMED.path}
        )
        unknown = await http.get("/.well-known/oauth-protected-resource", params={"resource": "/nowhere"})

    assert root.status_code == 200, root.text
    assert root.json()["resource"] == module_stack.base_url + PRIMED.path, "Primed is the documented default"
    assert root.json()["authorization_servers"] == [module_stack.base_url]
    assert named.json() == root.json()
    assert unknown.status_code == 404
    assert (
        "resource" in unknown.json()["error_description"]
        and RUNFLOW.path in unknown.json()["error_description"]
    )
