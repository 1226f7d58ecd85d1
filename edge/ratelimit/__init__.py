"""Rate limits at the edge: per account, per token (with a concurrency cap) and per client address.

Budgets live in Redis when ``KINETIC_REDIS_URL`` is set (shared by every replica) and in this
process otherwise; see docs/decisions/0009-rate-limits.md.
"""

from edge.ratelimit.factory import build_limiter
from edge.ratelimit.keys import ClientAddress, account_key, token_key
from edge.ratelimit.limiter import Decision, RateLimiter, RateLimitExceeded
from edge.ratelimit.middleware import RateLimited
from edge.ratelimit.policy import (
    ACCOUNT_PER_MINUTE,
    IP_PER_HOUR,
    PLANGEN_MESSAGES_PER_MINUTE,
    SIGNIN_FAILURES_PER_ADDRESS,
    SIGNIN_FAILURES_PER_EMAIL,
    TOKEN_PER_MINUTE,
    RatePolicy,
    plangen_messages_policy,
    plangen_policy,
)
from edge.ratelimit.responses import metric_refusal, ows_refusal, primed_refusal, runflow_refusal

__all__ = [
    "ACCOUNT_PER_MINUTE",
    "IP_PER_HOUR",
    "PLANGEN_MESSAGES_PER_MINUTE",
    "SIGNIN_FAILURES_PER_ADDRESS",
    "SIGNIN_FAILURES_PER_EMAIL",
    "TOKEN_PER_MINUTE",
    "ClientAddress",
    "Decision",
    "RateLimitExceeded",
    "RateLimited",
    "RateLimiter",
    "RatePolicy",
    "account_key",
    "build_limiter",
    "metric_refusal",
    "ows_refusal",
    "plangen_messages_policy",
    "plangen_policy",
    "primed_refusal",
    "runflow_refusal",
    "token_key",
]
