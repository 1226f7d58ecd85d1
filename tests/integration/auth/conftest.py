"""Fixtures of the auth integration tests: the OAuth harness on a real server, both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from kinetic.settings import ServiceSettings
from services.auth.bootstrap import start
from tests.integration.auth.oauth_support import ISSUER, Clock, OAuthHarness, offline_fetcher

# No other service runs here: a deleted account's erasure stays pending (and never reaches a Kinetic
# that happens to listen on the default ports).
NO_ERASURE = dict.fromkeys(("training", "sessions", "analytics"), "127.0.0.1:1")


@pytest.fixture
async def harness(engines, tmp_path) -> AsyncIterator[OAuthHarness]:
    """The auth service on port 0 with a movable clock, an offline CIMD fetcher and one account."""
    clock = Clock()
    fetcher, _ = offline_fetcher()
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": ISSUER}
    running = await start(
        ServiceSettings.from_env("auth", env),
        port=0,
        engine=engines("auth"),
        clock=clock,
        fetcher=fetcher,
        erasure_targets=NO_ERASURE,
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        harness = OAuthHarness(
            oauth_pb2_grpc.OAuthServiceStub(channel), auth_pb2_grpc.AuthServiceStub(channel), clock
        )
        harness.account_id = await harness.create_account()
        yield harness
    finally:
        await channel.close()
        await running.stop(0)
