"""What is limited: named budgets of requests per period, optionally with a cap on concurrent calls."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RatePolicy:
    """At most ``limit`` requests per rolling ``period_seconds`` per key, and ``max_concurrent`` at once.

    ``name`` is part of every storage key, so two routes wrapped with the same policy share one
    budget per key (Metric's MCP endpoint and its REST API count against the same account budget).
    """

    name: str
    limit: int
    period_seconds: int
    max_concurrent: int | None = None

    def __post_init__(self) -> None:
        if not self.name or ":" in self.name or "." in self.name:
            # The name is a segment of the Redis key; separators in it would blur namespaces.
            raise ValueError(f"policy name {self.name!r} must be non-empty, without ':' or '.'")
        if self.limit < 1 or self.period_seconds < 1:
            raise ValueError("limit and period_seconds must be at least 1")
        if self.max_concurrent is not None and self.max_concurrent < 1:
            raise ValueError("max_concurrent must be at least 1 (or None for no cap)")


# Metric's contract: 300 per account per minute; also the default for every profile.
ACCOUNT_PER_MINUTE = RatePolicy("account_minute", 300, 60)
# Primed's contract: 60 per token per minute, up to 10 concurrent (keyed by a hash of the token).
# Counted from the request head, before any in-flight pool: the 11th is refused, not queued (0067).
TOKEN_PER_MINUTE = RatePolicy("token_minute", 60, 60, max_concurrent=10)
# RunFlow's anonymous PlanGen path: 10 tool calls per hour per client address (seed 004; 0066).
IP_PER_HOUR = RatePolicy("ip_hour", 10, 3600)


# Every message on that path, the free ones included: 600 per client address per minute, ten a second
# sustained, far above what a host's handshakes, listings and pings need; past it the address is
# turned away at the door until the minute is over (edge.flood_gate, decision 0067).
PLANGEN_MESSAGES_PER_MINUTE = RatePolicy("ip_messages_minute", 600, 60)


def plangen_messages_policy(per_hour: int) -> RatePolicy:
    """``PLANGEN_MESSAGES_PER_MINUTE``, raised to ``KINETIC_PLANGEN_PER_HOUR`` when that is higher: a
    run that lifts the tool budget (CI's conformance suite, from one address) lifts this one too."""
    limit = max(PLANGEN_MESSAGES_PER_MINUTE.limit, per_hour)
    return RatePolicy(PLANGEN_MESSAGES_PER_MINUTE.name, limit, PLANGEN_MESSAGES_PER_MINUTE.period_seconds)


def plangen_policy(per_hour: int) -> RatePolicy:
    """``IP_PER_HOUR`` with ``KINETIC_PLANGEN_PER_HOUR``'s figure (CI's conformance run raises it)."""
    return RatePolicy(IP_PER_HOUR.name, per_hour, IP_PER_HOUR.period_seconds)


# Password sign-in (and the password re-check of account deletion), counting failures only:
# 10 per account email and 50 per client address per 15 minutes (docs/decisions/0015).
SIGNIN_FAILURES_PER_EMAIL = RatePolicy("signin_email", 10, 900)
SIGNIN_FAILURES_PER_ADDRESS = RatePolicy("signin_address", 50, 900)
