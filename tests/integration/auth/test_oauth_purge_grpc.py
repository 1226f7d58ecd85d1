"""The periodic purge of expired OAuth rows, both backends: started by the bootstrap, driven by
the injected clock and a test-controlled wait instead of sleeps."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import grpc
import pytest
from sqlalchemy import Engine, Table, func, select

from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2, oauth_pb2_grpc
from kinetic.settings import PurgeSettings, ServiceSettings
from services.auth.adapters import tables
from services.auth.bootstrap import start
from tests.integration.auth.oauth_support import (
    ISSUER,
    MUSE,
    Clock,
    OAuthHarness,
    failure,
    offline_fetcher,
    pkce,
)

GRACE_SECONDS = 3600
INTERVAL_SECONDS = 600
RUN_TIMEOUT_SECONDS = 10


class Ticker:
    """The purge task's wait: each ``run_once`` lets exactly one purge run and returns after it."""

    def __init__(self) -> None:
        self.calls = 0
        self.ticks = 0
        self.intervals: list[float] = []
        self._queue: asyncio.Queue[None] = asyncio.Queue()
        self._changed = asyncio.Event()

    async def wait(self, seconds: float) -> None:
        self.intervals.append(seconds)
        self.calls += 1
        self._changed.set()
        await self._queue.get()

    async def run_once(self) -> None:
        self.ticks += 1
        self._queue.put_nowait(None)
        # The task waits again only after the purge finished: wait calls = ticks + 1 means done.
        async with asyncio.timeout(RUN_TIMEOUT_SECONDS):
            while self.calls <= self.ticks:
                self._changed.clear()
                await self._changed.wait()


@dataclass
class PurgeHarness:
    harness: OAuthHarness
    ticker: Ticker
    engine: Engine

    def count(self, table: Table) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


@pytest.fixture
async def purging(engines, tmp_path) -> AsyncIterator[PurgeHarness]:
    clock, ticker, engine = Clock(), Ticker(), engines("auth")
    fetcher, _ = offline_fetcher()
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": ISSUER}
    running = await start(
        ServiceSettings.from_env("auth", env),
        port=0,
        engine=engine,
        clock=clock,
        fetcher=fetcher,
        purge=PurgeSettings(interval_seconds=INTERVAL_SECONDS, grace_seconds=GRACE_SECONDS),
        purge_wait=ticker.wait,
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        harness = OAuthHarness(
            oauth_pb2_grpc.OAuthServiceStub(channel), auth_pb2_grpc.AuthServiceStub(channel), clock
        )
        harness.account_id = await harness.create_account()
        yield PurgeHarness(harness, ticker, engine)
    finally:
        await channel.close()
        await running.stop(0)


async def _ended_rows(h: OAuthHarness) -> oauth_pb2.ExchangeTokenResponse:
    """An unredeemed approval, an undecided request, a disconnected grant with rotated tokens, a
    browser session; returns the tokens of one live connection that must survive the purge."""
    await h.code()  # approved, never redeemed
    _, challenge = pkce()
    await h.start(challenge)  # never decided
    disconnected = await h.tokens()
    await h.refresh(disconnected.refresh_token)
    await h.oauth.RevokeClientGrants(
        oauth_pb2.RevokeClientGrantsRequest(account_id=h.account_id, client_id=MUSE)
    )
    await h.oauth.CreateBrowserSession(oauth_pb2.CreateBrowserSessionRequest(account_id=h.account_id))
    return await h.tokens()


async def test_the_bootstrap_purges_periodically_after_the_grace_period(purging):
    h, count = purging.harness, purging.count
    live = await _ended_rows(h)
    before = {
        t.name: count(t) for t in (tables.authorization_requests, tables.authorization_codes, tables.grants)
    }
    assert before == {"authorization_requests": 4, "authorization_codes": 3, "grants": 3}
    assert count(tables.refresh_tokens) == 3 and count(tables.browser_sessions) == 1

    # Everything ended but not yet past the grace period: a run removes nothing.
    h.clock.advance(GRACE_SECONDS - 60)
    await purging.ticker.run_once()
    assert purging.ticker.intervals[0] == INTERVAL_SECONDS
    assert count(tables.authorization_codes) == 3 and count(tables.grants) == 3

    # Past it (the 12-hour browser session has expired too, the live connection's 30 days have not).
    h.clock.advance(12 * 3600)
    await purging.ticker.run_once()
    assert count(tables.authorization_requests) == 0
    assert count(tables.authorization_codes) == 0
    assert count(tables.grants) == 1 and count(tables.refresh_tokens) == 1
    assert count(tables.access_tokens) == 0  # every access token (15 minutes) is long expired
    assert count(tables.browser_sessions) == 0

    # The surviving connection still works, and rotates as before.
    refreshed = await h.refresh(live.refresh_token)
    assert await h.active(refreshed.access_token)
    assert (await failure(h.refresh(live.refresh_token))).reason == "invalid_grant"


async def test_a_rotated_refresh_token_is_kept_until_it_expires(purging):
    # Reuse detection needs the rotated token: it stays while it is in date, and reusing it
    # after a purge still revokes the family.
    h = purging.harness
    first = await h.tokens()
    second = await h.refresh(first.refresh_token)
    h.clock.advance(GRACE_SECONDS + 600)
    await purging.ticker.run_once()
    assert purging.count(tables.refresh_tokens) == 2
    assert (await failure(h.refresh(first.refresh_token))).reason == "invalid_grant"
    assert (await failure(h.refresh(second.refresh_token))).reason == "invalid_grant"


async def test_a_failed_run_does_not_end_the_task(purging, monkeypatch):
    calls = 0
    original = purging.engine.begin

    def failing_once():
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("database hiccup")
        return original()

    monkeypatch.setattr(purging.engine, "begin", failing_once)
    await purging.ticker.run_once()
    monkeypatch.setattr(purging.engine, "begin", original)
    await purging.harness.oauth.CreateBrowserSession(
        oauth_pb2.CreateBrowserSessionRequest(account_id=purging.harness.account_id)
    )
    purging.harness.clock.advance(13 * 3600)
    await purging.ticker.run_once()
    assert purging.count(tables.browser_sessions) == 0
