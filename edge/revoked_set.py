"""What auth has revoked that could still verify, as the edge holds it (docs/decisions/0030).

Fed by ``edge.revocation_watcher`` from ``AuthService.WatchRevocations``, read by the guard on every
request: four sets of IDs (access tokens by ``jti``, grants by ``sid``, deleted accounts by ``sub``,
API keys by key ID), each entry kept until auth says nothing it covers can verify any more.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from kinetic.access_tokens import AccessTokenClaims
from kinetic.auth.v1 import auth_pb2

# Expired entries are dropped at most this often (cheap either way: a handful of entries an hour).
PRUNE_INTERVAL_SECONDS = 60.0


class RevokedSet:
    """Revoked token IDs, grant IDs, account IDs and API key IDs, each with its expiry."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._by_kind: dict[str, dict[str, float]] = {
            "token_id": {},
            "grant_id": {},
            "account_id": {},
            "api_key_id": {},
        }
        self._pruned_at = clock()

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._by_kind.values())

    def add(self, revocation: auth_pb2.Revocation) -> None:
        """Hold one revocation until its expiry."""
        kind = revocation.WhichOneof("subject")
        if kind not in self._by_kind:
            # None: a subject this edge does not know yet (newer auth), nothing to check it against;
            # an account standing is no revocation (edge.revocation_standings holds it).
            return
        assert kind is not None
        subject: str = getattr(revocation, kind)
        self._by_kind[kind][subject] = revocation.expire_time.ToSeconds()
        self._prune()

    def replace(self, revocations: Iterable[auth_pb2.Revocation]) -> None:
        """Hold exactly ``revocations`` (a snapshot), forgetting everything held before."""
        for entries in self._by_kind.values():
            entries.clear()
        for revocation in revocations:
            self.add(revocation)

    def token_revoked(self, claims: AccessTokenClaims) -> bool:
        """Whether the token itself, its grant or its account was revoked."""
        return (
            claims.token_id in self._by_kind["token_id"]
            or (claims.session_id is not None and claims.session_id in self._by_kind["grant_id"])
            or claims.subject in self._by_kind["account_id"]
        )

    def api_key_revoked(self, key_id: str, account_id: str) -> bool:
        """Whether the key or its account was revoked."""
        return key_id in self._by_kind["api_key_id"] or account_id in self._by_kind["account_id"]

    def _prune(self) -> None:
        now = self._clock()
        if now - self._pruned_at < PRUNE_INTERVAL_SECONDS:
            return
        self._pruned_at = now
        for entries in self._by_kind.values():
            for subject in [s for s, expires_at in entries.items() if expires_at <= now]:
                del entries[subject]
