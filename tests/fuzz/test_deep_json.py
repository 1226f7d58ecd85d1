"""JSON nested far too deep on every path whose body is JSON: each answers a 4xx naming the depth.

Python's parser recurses once per level, so a few KiB of ``[[[[`` used to end in a 500 (a
``RecursionError``) on the public PlanGen path, /register and the endurance REST bodies. The
paths come from the running edge: every MCP path it serves, every documented operation whose
body is JSON (/openapi.json) and /register, so a new JSON path is covered by existing. Depth,
shape (arrays, objects, both) and place (the whole body, or one value of a valid-looking body)
are drawn. A refused body stores nothing and logs no error. Decision 0068.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import httpx2
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import API_KEY_RESOURCES, PUBLIC_PLANGEN_PATH, SERVED_BY_EDGE
from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES, FuzzStack
from tests.fuzz.watch import RowCounts, broken_calls, changed
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.edge.conftest import Stack

RUN_TIMEOUT_SECONDS = 300
# Under every path's body cap (/register's is 16 KiB) so the depth, not the size, is what is refused.
MAX_BODY_CHARS = 12_000
PATH_DAY = "2026-03-14"
OPENERS = {"array": ("[", "]"), "object": ('{"a":', "}")}


@st.composite
def deep_values(draw: st.DrawFn) -> str:
    """A JSON value nested past 64 levels: arrays, objects or both, alternating in runs."""
    shapes = draw(st.lists(st.sampled_from(sorted(OPENERS)), min_size=1, max_size=3))
    per_shape = draw(st.integers(min_value=70, max_value=MAX_BODY_CHARS // (6 * len(shapes))))
    opens = "".join(OPENERS[s][0] * per_shape for s in shapes)
    closes = "".join(OPENERS[s][1] * per_shape for s in reversed(shapes))
    middle = "1" if shapes[-1] == "object" else ""
    return opens + middle + closes


def _envelope(path: str, value: str) -> list[str]:
    """Bodies that put ``value`` where the path reads JSON: alone, and as one value of a body."""
    if path == "/register":
        return [value, '{"client_name":"x","redirect_uris":' + value + "}"]
    if path.startswith("/api/"):
        return [value, '{"sleepHours":' + value + "}"]
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x", "arguments": {}}}
    text = json.dumps(call, separators=(",", ":"))
    return [value, text.replace('"arguments":{}', '"arguments":{"a":' + value + "}")]


async def _credentials(stack: Stack) -> dict[str, str]:
    """Authorization per MCP path and for REST: one paid account (RunFlow's gate passes), an API key
    with every scope, an access token for Primed (it takes no keys)."""
    account_id = await new_account(stack.backends, "deep-json@example.com")
    auth = stack.backends.auth
    await auth.UpdateAccount(auth_pb2.UpdateAccountRequest(account_id=account_id, plan_tier="pro"))
    scopes = sorted({scope for resource in API_KEY_RESOURCES for scope in resource.scopes})
    key = await auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="deep json", scopes=scopes)
    )
    found = {"rest": f"Bearer {key.secret}"}
    for resource in SERVED_BY_EDGE:
        if resource.accepts_api_keys:
            found[resource.path] = f"Bearer {key.secret}"
        else:
            issued = await auth.IssueAccessToken(
                auth_pb2.IssueAccessTokenRequest(
                    account_id=account_id,
                    audience=resource.resource_url(stack.base_url),
                    scopes=list(resource.scopes),
                )
            )
            found[resource.path] = f"Bearer {issued.access_token}"
    return found


def json_paths(document: dict[str, Any]) -> list[tuple[str, str]]:
    """(method, path) of every path whose body is JSON."""
    paths = [("post", resource.path) for resource in SERVED_BY_EDGE]
    paths.append(("post", PUBLIC_PLANGEN_PATH))
    paths.append(("post", "/register"))
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}) if isinstance(operation, dict) else {}
            if "application/json" in body.get("content", {}):
                paths.append((method, path.replace("{day}", PATH_DAY)))
    return paths


def send_deep_bodies(
    base_url: str,
    paths: list[tuple[str, str]],
    credentials: dict[str, str],
    rows: RowCounts,
    sent: Counter[str],
) -> None:
    """Per path, a third of ``EXAMPLES`` deep bodies (blocking: the edge serves them on the test's
    loop meanwhile)."""
    with httpx2.Client(base_url=base_url, timeout=30) as http:
        for method, path in paths:
            deep_bodies_on(http, method, path, credentials, rows, sent)


def deep_bodies_on(
    http: httpx2.Client,
    method: str,
    path: str,
    credentials: dict[str, str],
    rows: RowCounts,
    sent: Counter[str],
) -> None:
    @settings(
        max_examples=max(EXAMPLES // 3, 5),
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(value=deep_values(), place=st.integers(min_value=0, max_value=1))
    def example(value: str, place: int) -> None:
        body = _envelope(path, value)[place]
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        credential = credentials.get("rest" if path.startswith("/api/") else path)
        if credential:
            headers["Authorization"] = credential
        before = rows()
        response = http.request(method, path, content=body, headers=headers)
        sent[path] += 1
        assert response.status_code in (400, 413), (path, response.status_code, response.text[:300])
        if response.status_code == 400:
            assert "levels deep" in response.text, (path, response.text[:300])
        assert not changed(before, rows()), (path, "stored while refusing")

    example()


async def test_json_nested_too_deep_is_refused_naming_its_depth_on_every_json_path(fuzz_stack: FuzzStack):
    stack = fuzz_stack.stack
    async with httpx2.AsyncClient(base_url=stack.base_url) as http:
        document = dict((await http.get("/openapi.json")).json())
    credentials = await _credentials(stack)
    paths = json_paths(document)
    rows = RowCounts(fuzz_stack.engines)
    sent: Counter[str] = Counter()
    with broken_calls() as log:
        await asyncio.wait_for(
            asyncio.to_thread(send_deep_bodies, stack.base_url, paths, credentials, rows, sent),
            RUN_TIMEOUT_SECONDS,
        )
    assert not log.report()
    assert {path for _, path in paths} == set(sent), "every JSON path was sent deep bodies"
    assert len(paths) >= 10, paths
