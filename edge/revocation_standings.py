"""Account standings (plan tier and status) pushed on the revocation stream (docs/decisions/0063).

Credentials carry the standing of their issue time: an access token's ``kinetic_tier`` and
``kinetic_status`` claims, ``VerifyApiKey``'s answer (kept by ``edge.api_key_cache``). When
``UpdateAccount`` changes a plan tier or status (or the time zone or first weekday the credentials
also carry, decision 0090), auth appends the new standing to its revocation log; the watcher
keeps the latest one per account here, and the guard puts it on the ``Principal`` instead of what
the credential says. An entry lives until auth's ``expire_time``, when every
credential issued before the change has expired, so only accounts changed within the last hour or so
are held: memory is bounded by how often standings change, not by how many accounts there are.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kinetic.auth.v1 import auth_pb2

# Expired entries are dropped at most this often (the same rhythm as the revoked set).
PRUNE_INTERVAL_SECONDS = 60.0


@dataclass(frozen=True)
class Standing:
    """An account's plan tier and status as auth last pushed them."""

    plan_tier: str
    account_status: str
    expires_at: float


class AccountStandings:
    """The latest pushed standing of each account whose standing changed recently."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._by_account: dict[str, Standing] = {}
        self._pruned_at = clock()

    def __len__(self) -> int:
        return len(self._by_account)

    def get(self, account_id: str) -> Standing | None:
        """The standing pushed for ``account_id``, None if none is in effect (trust the credential)."""
        standing = self._by_account.get(account_id)
        if standing is None or standing.expires_at <= self._clock():
            return None
        return standing

    def add(self, revocation: auth_pb2.Revocation) -> None:
        """Keep one pushed standing; a later one of the same account replaces it (log order)."""
        if revocation.WhichOneof("subject") != "account_standing":
            return
        pushed = revocation.account_standing
        self._by_account[pushed.account_id] = Standing(
            pushed.plan_tier, pushed.account_status, revocation.expire_time.ToSeconds()
        )
        self._prune()

    def replace(self, revocations: Iterable[auth_pb2.Revocation]) -> None:
        """Hold exactly the standings of ``revocations`` (a snapshot, oldest first)."""
        self._by_account.clear()
        for revocation in revocations:
            self.add(revocation)

    def _prune(self) -> None:
        now = self._clock()
        if now - self._pruned_at < PRUNE_INTERVAL_SECONDS:
            return
        self._pruned_at = now
        for account_id in [a for a, standing in self._by_account.items() if standing.expires_at <= now]:
            del self._by_account[account_id]
