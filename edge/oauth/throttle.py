"""Slows password guessing: failed passwords are counted per account and per client address.

Before a password is checked, both budgets are peeked; once either is spent the attempt is refused
with 429 and ``Retry-After`` and the password is not checked at all. Only failures are counted, so
a person who signs in correctly is never held back by their own successes. The counts live in the
edge's limiter (Redis when configured, so every replica shares them; in-process otherwise). See
docs/decisions/0015-sign-in-attempt-limits.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.types import Scope

from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.policy import SIGNIN_FAILURES_PER_ADDRESS, SIGNIN_FAILURES_PER_EMAIL, RatePolicy

Budget = tuple[RatePolicy, str]


def _digest(value: str) -> str:
    # Emails never reach Redis or logs as text; 128 bits of a hash keep keys distinct.
    return hashlib.sha256(value.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class SigninThrottle:
    """The failure budgets of password checks; ``client_address`` keys the per-address one."""

    limiter: RateLimiter
    client_address: Callable[[Scope], str | None]

    def budgets(self, request: Request, *, email: str = "", account_id: str = "") -> list[Budget]:
        """The budgets one attempt spends: the account (by email or ID) and the client address."""
        budgets: list[Budget] = []
        if email.strip():
            budgets.append((SIGNIN_FAILURES_PER_EMAIL, _digest("email:" + email.strip().lower())))
        if account_id:
            budgets.append((SIGNIN_FAILURES_PER_EMAIL, _digest("account:" + account_id)))
        address = self.client_address(request.scope)
        if address is not None:
            budgets.append((SIGNIN_FAILURES_PER_ADDRESS, address))
        return budgets

    async def retry_after(self, budgets: list[Budget]) -> int:
        """Seconds until an attempt may be made (0: now)."""
        wait = 0
        for policy, key in budgets:
            decision = await self.limiter.peek(policy, key)
            if not decision.allowed:
                wait = max(wait, decision.retry_after_seconds)
        return wait

    async def failed(self, budgets: list[Budget]) -> None:
        """Count one failed password against every budget of the attempt."""
        for policy, key in budgets:
            await self.limiter.acquire(policy, key)


def wait_text(seconds: int) -> str:
    """ "about N minutes" (or seconds), for the refusal page."""
    if seconds < 90:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"about {round(seconds / 60)} minutes"
