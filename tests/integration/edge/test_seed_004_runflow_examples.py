"""Seed 004 (RunFlow): its JSON examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079). The ``/mcp/oauth/*`` paths are in
tests/integration/oauth_edge/test_runflow_seed_oauth.py.
"""

from __future__ import annotations

import httpx2
import pytest

from kinetic.protected_resources import RUNFLOW

pytestmark = pytest.mark.asyncio(loop_scope="module")


# --- seed 004: discovery ---------------------------------------------------------------------------


async def test_seed_004_discovery_names_runflow_by_its_resource(module_stack):
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=30) as http:
        # "GET /.well-known/oauth-protected-resource returns the resource identifier and authorization
        # server URLs"; the resource named by URL or by path.
        by_url = await http.get(
            "/.well-known/oauth-protected-resource", params={"resource": module_stack.base_url + RUNFLOW.path}
        )
        by_path = await http.get("/.well-known/oauth-protected-resource", params={"resource": RUNFLOW.path})
        path_form = await http.get("/.well-known/oauth-protected-resource" + RUNFLOW.path)

    assert by_url.status_code == 200, by_url.text
    assert by_url.json()["resource"] == module_stack.base_url + RUNFLOW.path
    assert by_url.json()["scopes_supported"] == ["mcp:full"]
    assert by_url.json() == by_path.json() == path_form.json()
