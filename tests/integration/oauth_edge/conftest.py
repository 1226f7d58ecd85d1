"""Fixtures: the OAuth stack (auth service + real edge app under uvicorn) and an HTTP client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest

from tests.integration.oauth_edge.stack import OAuthStack, running_stack


@pytest.fixture
async def stack(sqlite_engines, tmp_path) -> AsyncIterator[OAuthStack]:
    async with running_stack(sqlite_engines("auth"), tmp_path) as running:
        yield running


@pytest.fixture
async def http(stack: OAuthStack) -> AsyncIterator[httpx2.AsyncClient]:
    """A cookie-keeping client that does not follow redirects (the tests read each one)."""
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as client:
        yield client
