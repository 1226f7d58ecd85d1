"""A bound on the calls one edge process works on at once; the rest wait their turn in order.

On two cores, latency collapses past about eight concurrent callers per process (DESIGN.md,
"Performance facts"): every call in flight holds its share of the event loop, so all of them
slow down together. Past the bound, a request waits (queued, not refused) before it is parsed
further; the load balancer spreads what one replica cannot take. Health probes are not bounded.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Receive, Scope, Send

# Decision 0031: eight in flight per process on the 2-core machines Kinetic is sized for.
MAX_CALLS_IN_FLIGHT = 8


class InFlightLimit:
    """At most ``limit`` HTTP requests inside the apps it wraps at once, together; others wait (FIFO)."""

    def __init__(self, limit: int = MAX_CALLS_IN_FLIGHT) -> None:
        self._slots = asyncio.Semaphore(limit)

    def wrap(self, app: ASGIApp) -> ASGIApp:
        """``app`` behind this process-wide bound."""
        return _Bounded(app, self._slots)


class _Bounded:
    # A class, not a closure: Starlette's Route treats a plain function as a request handler.
    def __init__(self, app: ASGIApp, slots: asyncio.Semaphore) -> None:
        self._app = app
        self._slots = slots

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        async with self._slots:
            await self._app(scope, receive, send)
