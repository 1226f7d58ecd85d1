"""The auth service's JWKS as the edge last fetched it: for the token verifier and ``/.well-known/jwks.json``.

The verifier fetches through this cache, so the document the edge verifies with is the one it
publishes. With auth down, ``/.well-known/jwks.json`` answers from the last document held (the
keys the edge itself still trusts) instead of failing (decision 0035).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc

# How long a fetched document is served without asking auth again; relying parties cache it for
# 300 s anyway (Cache-Control), so a key rotation reaches them no later than before.
FRESH_SECONDS = 60.0


class JwksCache:
    """The last JWKS document auth returned, and when."""

    def __init__(
        self,
        auth: Callable[[], auth_pb2_grpc.AuthServiceStub],
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._auth = auth
        self._monotonic = monotonic
        self._document: str | None = None
        self._fetched_at = 0.0

    @property
    def last(self) -> str | None:
        """The last document fetched, however old; ``None`` if none ever was."""
        return self._document

    @property
    def fresh(self) -> str | None:
        """The last document if fetched within ``FRESH_SECONDS``."""
        if self._document is None or self._monotonic() - self._fetched_at > FRESH_SECONDS:
            return None
        return self._document

    async def fetch(self) -> str:
        """Ask auth for the JWKS now and keep it; raises ``grpc.aio.AioRpcError`` if auth cannot answer."""
        response = await self._auth().GetJwks(auth_pb2.GetJwksRequest())
        self._document = str(response.jwks_json)
        self._fetched_at = self._monotonic()
        return self._document
