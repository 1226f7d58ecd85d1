"""Stateless MCP paths answer GET and DELETE with 405 and ``Allow: POST, HEAD, OPTIONS``, with or
without a token.

A GET used to open an event stream that never sent anything and never ended.
"""

from __future__ import annotations

import httpx2
import pytest

from kinetic.protected_resources import SERVED_BY_EDGE

pytestmark = pytest.mark.asyncio(loop_scope="module")

SSE_HEADERS = {"Accept": "text/event-stream"}


@pytest.mark.parametrize("path", [resource.path for resource in SERVED_BY_EDGE])
@pytest.mark.parametrize("method", ["GET", "DELETE"])
@pytest.mark.parametrize("authorised", [True, False], ids=["with-token", "without-token"])
async def test_only_post_is_allowed_on_a_stateless_mcp_path(module_stack, path, method, authorised):
    headers = dict(SSE_HEADERS)
    if authorised:
        headers["Authorization"] = f"Bearer {module_stack.api_key}"
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=5) as http:
        response = await http.request(method, path, headers=headers)
    assert response.status_code == 405
    assert response.headers["allow"] == "POST, HEAD, OPTIONS"
    assert response.json()["error"] == "method_not_allowed"
    assert "send each JSON-RPC message with POST" in response.json()["error_description"]


@pytest.mark.parametrize("method", ["PUT", "PATCH"])
async def test_other_methods_are_refused_the_same_way(module_stack, method):
    async with httpx2.AsyncClient(base_url=module_stack.base_url, timeout=5) as http:
        response = await http.request(method, SERVED_BY_EDGE[0].path)
    assert (response.status_code, response.headers["allow"]) == (405, "POST, HEAD, OPTIONS")
