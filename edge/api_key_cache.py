"""Verified API keys kept in memory for a short, bounded time (docs/decisions/0030).

``VerifyApiKey`` costs a gRPC round trip; an assistant sends the same key on every call. The edge
keeps what auth said about a key for ``TTL_SECONDS`` (60 s) and at most ``MAX_ENTRIES`` keys,
keyed by the SHA-256 of the secret so no secret sits in memory longer than a request. The revocation
watcher drops a key the moment its revocation (or its account's deletion) arrives, and drops them
all when the stream breaks or a snapshot replaces the revoked set: the cache is only trusted while
the stream is current, and the TTL bounds what a missed revocation could ever cost.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

TTL_SECONDS = 60.0
# ~200 bytes an entry: 10 000 keys are ~2 MB, more distinct keys than one edge sees in a minute.
MAX_ENTRIES = 10_000


@dataclass(frozen=True)
class VerifiedApiKey:
    """What auth said about a key: whose it is, what it may do, and its owner's standing then."""

    key_id: str
    account_id: str
    scopes: frozenset[str]
    verified_at: float
    # The owner's plan tier and status when auth verified the key ("" from an auth that did not
    # say); a standing pushed since overrides them (decision 0063).
    plan_tier: str = ""
    account_status: str = ""
    # The owner's time zone and first weekday then (None from an auth that did not say; 0090).
    time_zone: str | None = None
    first_weekday: int | None = None


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiKeyCache:
    """Recently verified API keys, least recently verified evicted first."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._entries: OrderedDict[str, VerifiedApiKey] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, secret: str) -> VerifiedApiKey | None:
        """The key verified for this secret within the last ``TTL_SECONDS``, if any."""
        digest = _digest(secret)
        entry = self._entries.get(digest)
        if entry is None:
            return None
        if self._clock() - entry.verified_at >= TTL_SECONDS:
            del self._entries[digest]
            return None
        return entry

    def put(
        self,
        secret: str,
        key_id: str,
        account_id: str,
        scopes: frozenset[str],
        plan_tier: str = "",
        account_status: str = "",
        time_zone: str | None = None,
        first_weekday: int | None = None,
    ) -> None:
        """Remember a key auth has just verified."""
        digest = _digest(secret)
        self._entries.pop(digest, None)
        self._entries[digest] = VerifiedApiKey(
            key_id, account_id, scopes, self._clock(), plan_tier, account_status, time_zone, first_weekday
        )
        while len(self._entries) > MAX_ENTRIES:
            self._entries.popitem(last=False)

    def forget_key(self, key_id: str) -> None:
        """Drop a revoked key."""
        self._forget(lambda entry: entry.key_id == key_id)

    def forget_account(self, account_id: str) -> None:
        """Drop every key of a deleted account."""
        self._forget(lambda entry: entry.account_id == account_id)

    def clear(self) -> None:
        """Drop everything (the stream broke, or a snapshot replaced the revoked set)."""
        self._entries.clear()

    def _forget(self, matches: Callable[[VerifiedApiKey], bool]) -> None:
        # A scan: revocations are rare and the cache is small; an index would cost every request.
        for digest in [d for d, entry in self._entries.items() if matches(entry)]:
            del self._entries[digest]
