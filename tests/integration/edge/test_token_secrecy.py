"""Tokens never appear in logs, traces or tool results.

A full OAuth flow (sign-in, approval, code + PKCE), MCP tool calls, a refresh, a refresh-token
replay, a wrong password and an API-key call run against the four services and the real edge with
every logger at DEBUG and an in-memory span exporter. No access token (nor its signature), refresh
token, code, code verifier, API key or password may appear in any log record, span name,
attribute, event or status, or tool result.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from tests.integration.oauth_edge.stack import pkce_pair

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
EMAIL = "ada@example.com"
PASSWORD = "correct horse battery"
WRONG_PASSWORD = "wrong horse battery staple"
CALLBACK = "https://muse.ai/connect/oauth-callback"


@pytest.fixture(scope="module")
def exporter() -> InMemorySpanExporter:
    # The global provider can be set once per process; reuse it if another test set it first.
    if not isinstance(trace.get_tracer_provider(), TracerProvider):
        trace.set_tracer_provider(TracerProvider())
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    memory = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    return memory


# The test's own HTTP and MCP clients (Kinetic's processes use neither httpx nor the MCP client):
# they log the responses they receive, e.g. the callback URL with its code.
CLIENT_LOGGERS = ("httpx2", "httpcore2", "httpx", "httpcore", "mcp.client")


class Recorder(logging.Handler):
    """Keeps every record of Kinetic's side, formatted with its arguments, extras and traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(CLIENT_LOGGERS):
            return
        self.records.append(record)
        extras = {k: v for k, v in record.__dict__.items() if k not in ("msg", "args", "exc_info")}
        self.texts.append(f"{logging.Formatter().format(record)} {record.args!r} {extras!r}")


@pytest.fixture
def everything_logged() -> Iterator[Recorder]:
    """Every logger at DEBUG into one recorder; levels restored afterwards."""
    recorder = Recorder()
    root = logging.getLogger()
    loggers = [root, *(logging.getLogger(name) for name in list(logging.root.manager.loggerDict))]
    saved = [(logger, logger.level, logger.disabled) for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
        logger.disabled = False
    root.addHandler(recorder)
    try:
        yield recorder
    finally:
        root.removeHandler(recorder)
        for logger, level, disabled in saved:
            logger.setLevel(level)
            logger.disabled = disabled


def span_texts(spans: tuple[ReadableSpan, ...]) -> list[str]:
    texts = []
    for span in spans:
        parts = [span.name, repr(dict(span.attributes or {})), span.status.description or ""]
        parts += [f"{event.name} {dict(event.attributes or {})!r}" for event in span.events]
        parts += [repr(dict(link.attributes or {})) for link in span.links]
        parts.append(repr(dict(span.resource.attributes)))
        texts.append(" ".join(parts))
    return texts


async def approve(browser: httpx2.AsyncClient, params: dict[str, str]) -> dict[str, str]:
    """Sign in (one wrong password first) and approve through the pages; returns the redirect query."""
    started = await browser.get("/authorize", params=params)
    assert started.status_code == 303, started.text
    path = started.headers["location"]
    for password, status in ((WRONG_PASSWORD, 401), (PASSWORD, 303)):
        form = await browser.get(path)
        signed_in = await browser.post(
            "/signin",
            data={
                "csrf_token": CSRF.findall(form.text)[0],
                "return_to": path,
                "email": EMAIL,
                "password": password,
            },
        )
        assert signed_in.status_code == status, signed_in.text
    page = await browser.get(path)
    decided = await browser.post(path, data={"csrf_token": CSRF.findall(page.text)[0], "decision": "approve"})
    assert decided.status_code == 303, decided.text
    return {k: v[0] for k, v in parse_qs(urlsplit(decided.headers["location"]).query).items()}


async def tool_texts(mcp_url: str, credential: str) -> list[str]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {credential}"}, timeout=30) as http,
        Client(streamable_http_client(mcp_url, http_client=http)) as client,
    ):
        result = await client.call_tool("read_training", {"view": "exercises", "query": "squat"})
    assert not result.is_error
    texts = [getattr(block, "text", "") for block in result.content]
    return [*texts, json.dumps(result.structured_content)]


async def test_no_secret_reaches_logs_traces_or_tool_results(exporter, stack, everything_logged) -> None:
    exporter.clear()
    verifier, challenge = pkce_pair()
    params = {
        "response_type": "code",
        "client_id": "metric-muse",
        "redirect_uri": CALLBACK,
        "scope": "training",
        "resource": stack.mcp_url,
        "state": "state-1",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as browser:
        code = (await approve(browser, params))["code"]
        issued = await browser.post(
            "/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "client_id": "metric-muse",
                "redirect_uri": CALLBACK,
                "code_verifier": verifier,
                "resource": stack.mcp_url,
            },
        )
        assert issued.status_code == 200, issued.text
        first = issued.json()
        results = await tool_texts(stack.mcp_url, first["access_token"])
        refresh = {"grant_type": "refresh_token", "client_id": "metric-muse", "resource": stack.mcp_url}
        second = (
            await browser.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})
        ).json()
        assert second["access_token"] != first["access_token"]
        results += await tool_texts(stack.mcp_url, second["access_token"])
        results += await tool_texts(stack.mcp_url, stack.api_key)
        # Error paths log and trace too: a replayed refresh token (the family is revoked) and the
        # now-revoked access token.
        replay = await browser.post("/token", data={**refresh, "refresh_token": first["refresh_token"]})
        assert replay.json()["error"] == "invalid_grant"
        revoked = await browser.post(
            stack.mcp_url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"authorization": f"Bearer {second['access_token']}"},
        )
        assert revoked.status_code == 401

    secrets = {
        "password": PASSWORD,
        "wrong password": WRONG_PASSWORD,
        "code": code,
        "code_verifier": verifier,
        "api key": stack.api_key,
    }
    for n, tokens in enumerate((first, second), start=1):
        secrets[f"access token {n}"] = tokens["access_token"]
        secrets[f"access token {n} signature"] = tokens["access_token"].rsplit(".", 1)[1]
        secrets[f"refresh token {n}"] = tokens["refresh_token"]

    logs = everything_logged.texts
    spans = span_texts(exporter.get_finished_spans())
    # The capture works: the edge's HTTP traffic and the gRPC calls were recorded.
    assert any("POST /token" in text for text in logs + spans), "no record of the token endpoint"
    assert any("ExchangeToken" in text for text in spans), "no gRPC spans recorded"
    assert any(record.levelno == logging.DEBUG for record in everything_logged.records)
    for name, secret in secrets.items():
        assert not [t for t in logs if secret in t], f"the {name} appears in a log record"
        assert not [t for t in spans if secret in t], f"the {name} appears in a span"
        assert not [t for t in results if secret in t], f"the {name} appears in a tool result"
