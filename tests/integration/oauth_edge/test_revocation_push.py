"""Revocation without a round trip per request, through the real edge app (decision 0030).

While auth's revocation stream is current the guard asks auth nothing for an access token and asks
once for an API key; a Disconnect, a refresh-token replay or an API key revocation refuses the next
request within a second. Without the stream (an auth that lacks it, or one that ended it) the edge
asks auth per request again: still refused at once, and it says so in one log line.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx2
import pytest

from kinetic.auth.v1 import auth_pb2_grpc
from services.auth import bootstrap
from services.auth.entrypoints.grpc import AuthServicer
from services.auth.service_layer.revocations import RevocationLog
from tests.eventually import eventually, status_becomes
from tests.integration.oauth_edge.account_support import bearer_status, connect_muse, create_key, form_csrf
from tests.integration.oauth_edge.stack import MUSE_CALLBACK, OAuthStack, running_stack

WATCHER_LOG = "edge.revocation_watcher"


def watcher_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The watcher's log records, from the stack's start (fixture setup) on."""
    return [r for r in caplog.get_records("setup") + caplog.records if r.name == WATCHER_LOG]


class CallCounter:
    """Wraps one stub method and counts the calls made through it."""

    def __init__(self, stub: Any, name: str) -> None:
        self.calls = 0
        original: Callable[..., Awaitable[Any]] = getattr(stub, name)

        def counting(*args: Any, **kwargs: Any) -> Awaitable[Any]:
            self.calls += 1
            return original(*args, **kwargs)

        setattr(stub, name, counting)


async def credential_checks(stack: OAuthStack) -> str:
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=30) as client:
        return str((await client.get("/readyz")).json()["credential_checks"])


async def wait_until_local(stack: OAuthStack) -> None:
    checks = ""

    async def probe() -> int:
        nonlocal checks
        checks = await credential_checks(stack)
        return 200 if checks == "local" else 0

    await status_becomes(probe, 200, within=10.0)


async def test_a_current_stream_means_no_round_trip_per_request(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    tokens = await connect_muse(stack, http)
    secret = await create_key(http)
    await wait_until_local(stack)
    checked = CallCounter(stack.backends.oauth, "CheckAccessToken")
    verified = CallCounter(stack.backends.auth, "VerifyApiKey")
    for _ in range(3):
        assert await bearer_status(stack, tokens["access_token"]) == 200
        assert await bearer_status(stack, secret) == 200
    assert (checked.calls, verified.calls) == (0, 1), "a token is checked locally, a key verified once"


async def test_disconnect_refuses_the_token_within_a_second(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    tokens = await connect_muse(stack, http)
    await wait_until_local(stack)
    assert await bearer_status(stack, tokens["access_token"]) == 200
    page = await http.get("/account")
    disconnect = {
        "csrf_token": form_csrf(page.text, "/account/connections/disconnect"),
        "client_id": "metric-muse",
    }
    assert (await http.post("/account/connections/disconnect", data=disconnect)).status_code == 303
    await status_becomes(lambda: bearer_status(stack, tokens["access_token"]), 401, within=1.0)


async def test_a_refresh_token_replay_refuses_the_family_within_a_second(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    first = await connect_muse(stack, http)
    await wait_until_local(stack)
    refresh = {"grant_type": "refresh_token", "client_id": "metric-muse", "resource": stack.resource}
    second = (await http.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})).json()
    assert await bearer_status(stack, second["access_token"]) == 200
    replay = await http.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})
    assert replay.json()["error"] == "invalid_grant"
    await status_becomes(lambda: bearer_status(stack, second["access_token"]), 401, within=1.0)
    assert MUSE_CALLBACK  # the family came from the real authorization flow


async def test_an_api_key_revocation_clears_the_cached_key_within_a_second(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    await connect_muse(stack, http)  # signs in
    secret = await create_key(http)
    await wait_until_local(stack)
    assert await bearer_status(stack, secret) == 200  # verified once, now cached
    page = await http.get("/account")
    key_id = page.text.split("/account/api-keys/", 1)[1].split("/revoke", 1)[0]
    revoke = {"csrf_token": form_csrf(page.text, f"/account/api-keys/{key_id}/revoke")}
    assert (await http.post(f"/account/api-keys/{key_id}/revoke", data=revoke)).status_code == 303
    await status_becomes(lambda: bearer_status(stack, secret), 401, within=1.0)


# --- stream down: per-request fallback -------------------------------------------------------------


@pytest.fixture
async def stack_without_stream(monkeypatch, caplog, sqlite_engines, tmp_path) -> AsyncIterator[OAuthStack]:
    """The real auth service, except that it does not implement WatchRevocations (an older auth)."""
    caplog.set_level(logging.INFO, logger=WATCHER_LOG)
    monkeypatch.setattr(AuthServicer, "WatchRevocations", auth_pb2_grpc.AuthServiceServicer.WatchRevocations)
    async with running_stack(sqlite_engines("auth"), tmp_path) as running:
        yield running


async def test_without_the_stream_the_edge_asks_auth_per_request(
    stack_without_stream: OAuthStack, caplog: pytest.LogCaptureFixture
) -> None:
    stack = stack_without_stream
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as http:
        tokens = await connect_muse(stack, http)
        await eventually(
            lambda: any(r.levelno == logging.WARNING for r in watcher_lines(caplog)), what="the warning"
        )
        checked = CallCounter(stack.backends.oauth, "CheckAccessToken")
        assert await bearer_status(stack, tokens["access_token"]) == 200
        assert await bearer_status(stack, tokens["access_token"]) == 200
        assert checked.calls == 2 and await credential_checks(stack) == "per_request"

        page = await http.get("/account")
        disconnect = {
            "csrf_token": form_csrf(page.text, "/account/connections/disconnect"),
            "client_id": "metric-muse",
        }
        await http.post("/account/connections/disconnect", data=disconnect)
        assert await bearer_status(stack, tokens["access_token"]) == 401, "fail closed: refused at once"
    lines = watcher_lines(caplog)
    assert len(lines) == 1 and "asking auth on every request" in lines[0].getMessage(), (
        "one line, not one per retry"
    )
    assert "UNIMPLEMENTED" in lines[0].getMessage()


@pytest.fixture
async def closable_stack(
    monkeypatch, sqlite_engines, tmp_path
) -> AsyncIterator[tuple[OAuthStack, list[RevocationLog]]]:
    """The real stack, with a handle on auth's revocation log so a test can end its streams."""
    logs: list[RevocationLog] = []

    class RecordedLog(RevocationLog):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            logs.append(self)

    monkeypatch.setattr(bootstrap, "RevocationLog", RecordedLog)
    async with running_stack(sqlite_engines("auth"), tmp_path) as running:
        yield running, logs


async def test_a_stream_that_ends_sends_the_edge_back_to_per_request_checks(
    closable_stack: tuple[OAuthStack, list[RevocationLog]], caplog: pytest.LogCaptureFixture
) -> None:
    stack, logs = closable_stack
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as http:
        tokens = await connect_muse(stack, http)
        secret = await create_key(http)
        await wait_until_local(stack)
        assert await bearer_status(stack, secret) == 200  # cached while local

        logs[0].close()  # auth ends every stream and refuses new ones, as while it is stopping
        await eventually(
            lambda: any(r.levelno == logging.WARNING for r in watcher_lines(caplog)), what="the warning"
        )
        assert await credential_checks(stack) == "per_request"
        verified = CallCounter(stack.backends.auth, "VerifyApiKey")
        assert await bearer_status(stack, secret) == 200
        assert verified.calls == 1, "the cache is not used while the stream is down"

        page = await http.get("/account")
        disconnect = {
            "csrf_token": form_csrf(page.text, "/account/connections/disconnect"),
            "client_id": "metric-muse",
        }
        await http.post("/account/connections/disconnect", data=disconnect)
        assert await bearer_status(stack, tokens["access_token"]) == 401, "fail closed: refused at once"
    # One WARNING for the transition, not one per reconnect attempt (the unit tests pin the INFO).
    assert [r.levelname for r in watcher_lines(caplog) if r.levelno >= logging.WARNING] == ["WARNING"]
