"""Fixtures: the OAuth stack (auth service + real edge app under uvicorn) and an HTTP client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest
import pytest_asyncio

from tests.conftest import EngineFactory
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


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def module_stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[OAuthStack]:
    """One OAuth stack for a whole module, as ``tests/integration/edge``'s ``module_stack``
    (decision 0079): its tests share the account and the clock, so none may move the clock or
    depend on what the account has not done yet. The module declares
    ``pytestmark = pytest.mark.asyncio(loop_scope="module")``."""
    tmp_path = tmp_path_factory.mktemp("oauth_stack")
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(factory("auth"), tmp_path) as running:
            yield running
    finally:
        factory.close()


@pytest_asyncio.fixture(loop_scope="module")
async def module_http(module_stack: OAuthStack) -> AsyncIterator[httpx2.AsyncClient]:
    """``http`` on the module's stack: a new cookie jar (a new browser) for each test."""
    async with httpx2.AsyncClient(
        base_url=module_stack.base_url, follow_redirects=False, timeout=30
    ) as client:
        yield client
