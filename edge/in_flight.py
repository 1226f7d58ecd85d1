"""Bounds on the calls one edge process works on at once, budgeted per class of caller.

On two cores, latency collapses past about eight concurrent callers per process (DESIGN.md,
"Performance facts", decision 0031): every call in flight holds its share of the event loop. Past a
bound a request waits its turn (FIFO, not refused); the load balancer spreads what one replica
cannot take. Health probes are not bounded.

One pool for everyone let a class of callers take every slot: eight strangers on the anonymous
PlanGen path held all of them while their bodies trickled in. So (decision 0067):

- each class has its own ``Pool``: signed-in calls share ``SIGNED_IN_SLOTS``, the anonymous PlanGen
  path has ``ANONYMOUS_SLOTS`` of its own; no class waits for another's slots;
- within the signed-in pool one account holds at most ``PER_ACCOUNT_SLOTS`` (the account is known
  once the guard has run), so one account cannot take all of them;
- a request asks for a slot only once its body is whole (``edge.body_limits.BodyBuffered`` runs
  first), so a slow body holds no slot at all.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, nullcontext

from starlette.types import ASGIApp, Receive, Scope, Send

# Decision 0031: eight in flight per process on the 2-core machines Kinetic is sized for; the
# signed-in pool keeps them, so signed-in throughput is what it was (decision 0067).
SIGNED_IN_SLOTS = 8
# Decision 0067: one account's eight callers lose nothing measurable at six, and two slots stay
# for every other account.
PER_ACCOUNT_SLOTS = 6
# Decision 0067: the anonymous path's own pool, beside the signed-in one: two plan generations at a
# time keep a core's share for anonymous callers without leaving them the event loop.
ANONYMOUS_SLOTS = 2
# Decision 0067: bodies one account may have arriving at once (before any slot); bounds what a
# signed-in caller makes the edge buffer. Past it, its own requests wait, nobody else's.
RECEIVING_PER_ACCOUNT = 16
# Uploads (CSV up to 20 MiB, activity files up to 64 MiB) arriving at once per account.
UPLOADS_RECEIVING_PER_ACCOUNT = 2

KeyOf = Callable[[Scope], str | None]
# What an unbounded pool or key holds: nothing (nullcontext is reusable, and async too).
_UNBOUNDED: nullcontext[None] = nullcontext()


class _KeySlots:
    """One key's semaphore and how many requests hold or wait for it (dropped at zero)."""

    __slots__ = ("semaphore", "users")

    def __init__(self, size: int) -> None:
        self.semaphore = asyncio.Semaphore(size)
        self.users = 0


class Pool:
    """At most ``size`` requests inside at once (None: no bound), and at most ``per_key`` of one key.

    ``key_of`` names a request's key (its account); a request without one is bounded by ``size``
    only. A request waits for its key's turn before it queues for the pool, so one key's backlog
    never holds a pool slot while it waits.
    """

    def __init__(
        self, name: str, size: int | None, *, per_key: int | None = None, key_of: KeyOf | None = None
    ) -> None:
        if (per_key is None) != (key_of is None):
            raise ValueError("per_key and key_of go together")
        self.name = name
        self.size = size
        self.per_key = per_key
        self._key_of = key_of
        self._slots = asyncio.Semaphore(size) if size is not None else None
        self._keys: dict[str, _KeySlots] = {}
        self.inside = 0

    def held_by(self, key: str) -> int:
        """Requests of ``key`` holding or waiting for its slots (for tests and metrics)."""
        slots = self._keys.get(key)
        return 0 if slots is None else slots.users

    @asynccontextmanager
    async def held(self, scope: Scope) -> AsyncIterator[None]:
        """Hold one slot (and one of the key's) for the block; waits its turn for both.

        One generator per request: the semaphores are entered directly, and a pool or key without
        a bound enters a shared no-op (decision 0124: a context manager per slot was three
        generators per pool per request on every tool call)."""
        key = self._key_of(scope) if self._key_of is not None else None
        slots = self._join(key)
        try:
            async with (
                slots.semaphore if slots is not None else _UNBOUNDED,
                self._slots if self._slots is not None else _UNBOUNDED,
            ):
                self.inside += 1
                try:
                    yield
                finally:
                    self.inside -= 1
        finally:
            if slots is not None and key is not None:
                slots.users -= 1
                if not slots.users:
                    del self._keys[key]

    def _join(self, key: str | None) -> _KeySlots | None:
        """The key's slots, counting this request among their users; None when keys are not bounded."""
        if key is None or self.per_key is None:
            return None
        slots = self._keys.get(key)
        if slots is None:
            slots = self._keys[key] = _KeySlots(self.per_key)
        slots.users += 1
        return slots

    def wrap(self, app: ASGIApp) -> ASGIApp:
        """``app`` behind this pool (HTTP requests only; lifespan and the rest pass)."""
        return _Bounded(app, self)


class _Bounded:
    # A class, not a closure: Starlette's Route treats a plain function as a request handler.
    def __init__(self, app: ASGIApp, pool: Pool) -> None:
        self._app = app
        self._pool = pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        async with self._pool.held(scope):
            await self._app(scope, receive, send)
