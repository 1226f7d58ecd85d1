"""Browser fixtures: the OAuth stack under uvicorn and Debian's Chromium driven by Playwright.

Chromium must start: a launch failure fails the test (nothing here skips).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, BrowserContext, Route, async_playwright

from tests.integration.oauth_edge.stack import OAuthStack, running_stack

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CLIENT_ORIGIN = "https://muse.ai"
WAIT_MS = 15_000  # cap for every wait; nothing sleeps


@pytest.fixture
async def stack(sqlite_engines, tmp_path) -> AsyncIterator[OAuthStack]:
    async with running_stack(sqlite_engines("auth"), tmp_path) as running:
        yield running


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            await launched.close()


async def _client_callback(route: Route) -> None:
    # Stands in for Muse's callback page: the test only needs the URL the browser lands on.
    await route.fulfill(status=200, content_type="text/html", body="<!doctype html><p>client callback</p>")


async def new_context(browser: Browser, *, phone: bool = False) -> BrowserContext:
    """A fresh browser profile whose requests to the client's origin are answered locally."""
    if phone:
        context = await browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=3
        )
    else:
        context = await browser.new_context()
    context.set_default_timeout(WAIT_MS)
    await context.route(f"{CLIENT_ORIGIN}/**", _client_callback)
    return context
