"""Seed 000 (Metric): its JSON examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079).
"""

from __future__ import annotations

import httpx2
import pytest

from tests.integration.edge.metric_calls import ZONE, Tools, client_token, plan_with_a_phase

pytestmark = pytest.mark.asyncio(loop_scope="module")


# --- seed 000: two-step deletion -----------------------------------------------------------------


async def test_seed_000_deletion_bodies_with_their_step_are_accepted_verbatim(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
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
    assert plan["id"] not in {p["id"] for p in (await tools.read("plans"))["data"]["plans"]}


async def test_seed_000_a_step_of_the_other_tool_is_refused_naming_step(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
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


async def test_seed_000_step_is_published_as_its_one_value(module_stack):
    tools = Tools(module_stack.mcp_url, await client_token(module_stack, "metric-muse"))
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {tools.token}"}, timeout=30) as http:
        listed = await http.post(
            module_stack.mcp_url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"},
        )
    schemas = {t["name"]: t["inputSchema"] for t in listed.json()["result"]["tools"]}
    assert schemas["preview_training_deletion"]["properties"]["step"]["enum"] == ["preview"]
    assert schemas["confirm_training_deletion"]["properties"]["step"]["enum"] == ["commit"]
    assert "step" not in schemas["preview_training_deletion"]["required"]
    assert "step" not in schemas["confirm_training_deletion"]["required"]
