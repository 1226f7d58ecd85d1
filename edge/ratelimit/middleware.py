"""``RateLimited``: an ASGI wrapper that counts each request under a policy before the app runs."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AsyncExitStack

from opentelemetry import metrics
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from edge.ratelimit.limiter import RateLimiter, RateLimitExceeded
from edge.ratelimit.policy import RatePolicy
from edge.ratelimit.responses import CONCURRENCY_CAP, Render
from kinetic.metrics import metrics_active


class RateLimited:
    """Wrap ``app``: refuse with ``render`` once ``key_of(scope)`` has spent its budget.

    Place it inside the guard for per-account or per-token limits (the principal is in the scope
    by then) or alone around anonymous routes with a client-address key. ``key_of`` returning None
    leaves the request unlimited by this wrapper. Allowed responses carry ``RateLimit-Limit`` and
    ``RateLimit-Remaining`` (unless ``headers`` is False). Each refusal counts in
    ``kinetic.edge.rate_limit.refusals`` by policy while metrics go somewhere
    (docs/decisions/0042-metrics-traces-logs.md).
    """

    def __init__(
        self,
        app: ASGIApp,
        limiter: RateLimiter,
        policy: RatePolicy,
        key_of: Callable[[Scope], str | None],
        render: Render,
        *,
        headers: bool = True,
    ) -> None:
        self._app = app
        # False for a ceiling wrapped around another limit: the inner budget's headers are the ones
        # a client plans by, and two sets would be one header with two values.
        self._headers = headers
        self._limiter = limiter
        self._policy = policy
        self._key_of = key_of
        self._render = render
        self._refusals = (
            metrics.get_meter("kinetic.edge").create_counter(
                "kinetic.edge.rate_limit.refusals",
                unit="{request}",
                description="requests refused by a rate limit",
            )
            if metrics_active()
            else None
        )
        self._labels = {"policy": policy.name}

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
        if self._refusals is not None:
            self._refusals.add(1, self._labels)
        await self._render(scope, receive, send, retry_after)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        key = self._key_of(scope)
        if key is None:
            await self._app(scope, receive, send)
            return
        decision = await self._limiter.acquire(self._policy, key)
        if not decision.allowed:
            await self._refuse(scope, receive, send, decision.retry_after_seconds)
            return
        if self._headers:
            send = _with_headers(send, decision.limit, decision.remaining)
        if self._policy.max_concurrent is None:
            await self._app(scope, receive, send)
            return
        # The rate check comes first so a flood past the budget costs one round trip per request.
        async with AsyncExitStack() as stack:
            try:
                await stack.enter_async_context(self._limiter.slot(self._policy, key))
            except RateLimitExceeded as refusal:
                scope[CONCURRENCY_CAP] = self._policy.max_concurrent  # its refusal says which limit
                await self._refuse(scope, receive, send, refusal.retry_after_seconds)
                return
            await self._app(scope, receive, send)


def _with_headers(send: Send, limit: int, remaining: int) -> Send:
    extra = [(b"ratelimit-limit", str(limit).encode()), (b"ratelimit-remaining", str(remaining).encode())]

    async def sender(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *extra]}
        await send(message)

    return sender
