"""The seeds' own JSON and curl examples, sent verbatim to the real edge (issue 27, decision 0077).

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each
test names the seed and the sentence it sends. Counted per seed in ``SEED_EXAMPLES`` below.

- seed 000 (Metric): the two deletion bodies, ``step`` included, over MCP.
- seed 001 (Primed): the curl (``Accept: text/event-stream``) and the root protected-resource
  metadata URL.
- seed 003 (Open Workout Schema): the ``lcp:push-pull-legs`` program ID.
- seed 004 (RunFlow): ``GET /.well-known/oauth-protected-resource``; the ``/mcp/oauth/*`` paths are
  in tests/integration/oauth_edge/test_runflow_seed_oauth.py.
"""

from __future__ import annotations

import json
from typing import Any

import httpx2

from kinetic.protected_resources import PRIMED, RUNFLOW
from tests.integration.edge.metric_calls import ZONE, Tools, client_token, plan_with_a_phase
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key
from tests.integration.edge.primed_calls import primed_token

# How many of each seed's examples this file sends verbatim (the OAuth paths' are in oauth_edge).
SEED_EXAMPLES = {"000": 2, "001": 2, "003": 4, "004": 2}


def sse_events(text: str) -> list[dict[str, Any]]:
    """The JSON of each event of a ``text/event-stream`` body (its ``data:`` lines joined)."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        data = [line[len("data:") :].strip() for line in block.split("\n") if line.startswith("data:")]
        if data:
            events.append(json.loads("\n".join(data)))
    return events


# --- seed 000: two-step deletion -----------------------------------------------------------------


async def test_seed_000_deletion_bodies_with_their_step_are_accepted_verbatim(stack):
    tools = Tools(stack.mcp_url, await client_token(stack, "metric-muse"))
    squat = await tools.exercise_id("squat")
    created = await tools("edit_training", plan_with_a_phase(await tools.epoch(), squat, "muse-plan-0077"))
    (plan,) = created["plans"]

    # "First send {"step":"preview","kind":"plan","id":"<plan-id>","timeZone":"America/New_York"}."
    preview = await tools(
        "preview_training_deletion",
        {"step": "preview", "kind": "plan", "id": plan["id"], "timeZone": "America/New_York"},
    )
    assert preview["preview"]["plan"]["id"] == plan["id"] and preview["previewToken"]

    # "Then send {"step":"commit","previewToken":"<token>","confirmed":true,"idempotencyKey":"<key>"}."
    deleted = await tools(
        "confirm_training_deletion",
        {
            "step": "commit",
            "previewToken": preview["previewToken"],
            "confirmed": True,
            "idempotencyKey": "muse-delete-0077",
        },
    )
    assert deleted["deleted"]["plan"]["id"] == plan["id"]
    assert (await tools.read("plans"))["data"]["plans"] == []


async def test_seed_000_a_step_of_the_other_tool_is_refused_naming_step(stack):
    tools = Tools(stack.mcp_url, await client_token(stack, "metric-muse"))
    wrong_preview = await tools.error(
        "preview_training_deletion", {"step": "commit", "kind": "plan", "id": "x", "timeZone": ZONE}
    )
    wrong_commit = await tools.error(
        "confirm_training_deletion",
        {"step": "preview", "previewToken": "t", "confirmed": True, "idempotencyKey": "muse-delete-0078"},
    )

    for refusal, wanted in ((wrong_preview, "preview"), (wrong_commit, "commit")):
        assert (refusal["error"], refusal["field"]) == ("invalid_request", "step"), refusal
        assert wanted in refusal["error_description"], refusal


async def test_seed_000_step_is_published_as_its_one_value(stack):
    tools = Tools(stack.mcp_url, await client_token(stack, "metric-muse"))
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {tools.token}"}, timeout=30) as http:
        listed = await http.post(
            stack.mcp_url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"},
        )
    schemas = {t["name"]: t["inputSchema"] for t in listed.json()["result"]["tools"]}
    assert schemas["preview_training_deletion"]["properties"]["step"]["enum"] == ["preview"]
    assert schemas["confirm_training_deletion"]["properties"]["step"]["enum"] == ["commit"]
    assert "step" not in schemas["preview_training_deletion"]["required"]
    assert "step" not in schemas["confirm_training_deletion"]["required"]


# --- seed 001: the curl, and the metadata URL -----------------------------------------------------


async def test_seed_001_curl_with_accept_event_stream_gets_one_event(stack):
    token = await primed_token(stack)
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
            stack.base_url + PRIMED.path,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Accept": "text/event-stream",
            },
            content=body,
        )
        as_json = await http.post(
            stack.base_url + PRIMED.path,
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


async def test_seed_001_metadata_url_at_the_root_is_served(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as http:
        # "OAuth Protected Resource Metadata: https://mcp.beprimed.ai/.well-known/oauth-protected-resource"
        root = await http.get("/.well-known/oauth-protected-resource")
        named = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": stack.base_url + PRIMED.path}
        )
        unknown = await http.get("/.well-known/oauth-protected-resource", params={"resource": "/nowhere"})

    assert root.status_code == 200, root.text
    assert root.json()["resource"] == stack.base_url + PRIMED.path, "Primed is the documented default"
    assert root.json()["authorization_servers"] == [stack.base_url]
    assert named.json() == root.json()
    assert unknown.status_code == 404
    assert (
        "resource" in unknown.json()["error_description"]
        and RUNFLOW.path in unknown.json()["error_description"]
    )


# --- seed 004: discovery ---------------------------------------------------------------------------


async def test_seed_004_discovery_names_runflow_by_its_resource(stack):
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as http:
        # "GET /.well-known/oauth-protected-resource returns the resource identifier and authorization
        # server URLs"; the resource named by URL or by path.
        by_url = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": stack.base_url + RUNFLOW.path}
        )
        by_path = await http.get("/.well-known/oauth-protected-resource", params={"resource": RUNFLOW.path})
        path_form = await http.get("/.well-known/oauth-protected-resource" + RUNFLOW.path)

    assert by_url.status_code == 200, by_url.text
    assert by_url.json()["resource"] == stack.base_url + RUNFLOW.path
    assert by_url.json()["scopes_supported"] == ["mcp:full"]
    assert by_url.json() == by_path.json() == path_form.json()


# --- seed 003: program IDs in the seed's form ------------------------------------------------------


async def test_seed_003_lcp_program_ids_name_the_librarys_programs(stack):
    await give_consents(stack.backends, stack.account_id)
    ows = Ows(stack.base_url + OWS_PATH, await ows_key(stack.backends, stack.account_id))

    # "program ID from search_programs (e.g. lcp:push-pull-legs)"
    entry = await ows("get_program", {"id": "lcp:push-pull-legs"})
    assert entry["program"]["id"] == "kp:push-pull-legs", "answers carry the library's own ID"
    started = await ows("start_program", {"id": "lcp:push-pull-legs"})
    assert "Push, Pull, Legs" in json.dumps(started)
    current = await ows("get_program", {"id": "current"})
    assert current["program"]["id"] == "kp:push-pull-legs"

    # A workout said to be a program day, the program named in the seed's form, is stored under the
    # library's ID.
    logged = await ows(
        "log_text",
        {
            "text": "bench press 3x8 60kg",
            "idempotency_key": "seed-003-lcp-0077",
            "program": {"program_id": "lcp:push-pull-legs", "day": "push"},
        },
    )
    assert "kp:push-pull-legs" in json.dumps(logged) and "lcp:" not in json.dumps(logged), logged

    refused = await ows.error("get_program", {"id": "lcp:no-such-program"}, code="not_found")
    assert "lcp:no-such-program" in refused and "kp:push-pull-legs" in refused
