"""Addresses already refused on the anonymous paths, turned away before their requests reach the app.

A refusal in the app costs the edge's one event loop about 0.3 ms (routing, the limiter, the
response), a 413 after a 3.9 MB body several ms (the body still crosses the socket). Four anonymous
clients looping a plan page or an oversized ``ping`` as fast as loopback allows keep the loop so busy
with refusals that a signed-in call waits behind them (3.9× and 5.8× its p50 in
``benchmarks.hostile_callers``). So once the app has refused an address on an anonymous path (its
per-address budget is spent, or it sent a body over the path's cap), the address is remembered until
its ``Retry-After``; meanwhile the connection protocol answers that address's requests to the
anonymous paths with a fixed ``429`` as soon as their head is parsed, and closes the connection:
no ASGI task, no routing, no body read (decision 0067, "Refused addresses").

Only direct peers are known to the protocol: behind trusted proxies every peer is a proxy, so the
gate is not used there (as the per-address connection cap, decision 0036), and the app's own
per-address limits answer as before.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Mapping

from starlette.types import Receive, Scope, Send

from edge.profiles.runflow_public.handlers import PLAN_PAGES
from edge.ratelimit.responses import Render
from kinetic.protected_resources import PUBLIC_PLANGEN_PATH

# How long an address that sent an oversized body to an anonymous path is turned away: a client that
# sends megabytes to a path documented to take kilobytes is not an honest PlanGen client.
OVERSIZED_BODY_REFUSAL_S = 10
# Addresses remembered at once; past it the one refused longest ago is forgotten first (memory is
# bounded whatever the number of attacking addresses; a forgotten address is refused by the app).
MAX_REMEMBERED = 65_536


class RefusedAddresses:
    """Address keys (``edge.ratelimit.keys.address_key``) refused on one surface until a monotonic
    time. A surface is a named group of anonymous paths (``SURFACES``): an address that spent its
    plan-page budget may still ``initialize`` PlanGen, and the other way round."""

    def __init__(
        self, *, clock: Callable[[], float] = time.monotonic, max_remembered: int = MAX_REMEMBERED
    ) -> None:
        self._clock = clock
        self._max = max_remembered
        self._until: OrderedDict[tuple[str, str], float] = OrderedDict()

    def refuse(self, address: str, surface: str, seconds: float) -> None:
        """Turn ``address`` away from ``surface`` for ``seconds`` (a later refusal never shortens it)."""
        key = (address, surface)
        until = self._clock() + max(seconds, 0.0)
        if until <= self._until.get(key, 0.0):
            return
        self._until[key] = until
        self._until.move_to_end(key)
        while len(self._until) > self._max:
            self._until.popitem(last=False)

    def retry_after(self, address: str, surface: str) -> int:
        """Whole seconds until ``address`` may come back to ``surface``; 0 when it is not refused."""
        key = (address, surface)
        until = self._until.get(key)
        if until is None:
            return 0
        left = until - self._clock()
        if left <= 0:
            del self._until[key]
            return 0
        return max(1, int(left + 0.999))


PLAN_PAGES_SURFACE = "plan pages"
PLANGEN_SURFACE = "public PlanGen"


class Surfaces:
    """Which anonymous surface a request path belongs to, or None (the gate does not apply)."""

    def __init__(self, exact: Mapping[str, str], prefixes: Mapping[str, str]) -> None:
        self._exact = dict(exact)
        self._prefixes = tuple(prefixes.items())

    def __call__(self, path: str) -> str | None:
        surface = self._exact.get(path)
        if surface is not None:
            return surface
        for prefix, named in self._prefixes:
            if path.startswith(prefix):
                return named
        return None


# The anonymous surfaces the gate applies to: plan pages and calendars, and the public PlanGen path.
SURFACES = Surfaces(
    {PUBLIC_PLANGEN_PATH: PLANGEN_SURFACE, PUBLIC_PLANGEN_PATH + "/": PLANGEN_SURFACE},
    {PLAN_PAGES + "/": PLAN_PAGES_SURFACE},
)


def refused_response(retry_after: int) -> bytes:
    """The fixed answer to a refused address: plain text, ``Retry-After``, connection closed."""
    body = (f"too many refused requests from your address; retry after {retry_after} seconds").encode()
    head = (
        "HTTP/1.1 429 Too Many Requests\r\n"
        "content-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\n"
        f"retry-after: {retry_after}\r\n"
        "cache-control: no-store\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


def remembering(
    render: Render,
    refused: RefusedAddresses | None,
    surface: str,
    address_of: Callable[[Scope], str | None],
) -> Render:
    """``render`` (a rate limit's refusal) that also turns the address away until its Retry-After."""
    if refused is None:
        return render

    async def refuse(scope: Scope, receive: Receive, send: Send, retry_after: int) -> None:
        address = address_of(scope)
        if address is not None:
            refused.refuse(address, surface, retry_after)
        await render(scope, receive, send, retry_after)

    return refuse


def oversized_body_seen(
    refused: RefusedAddresses | None, surface: str, address_of: Callable[[Scope], str | None]
) -> Callable[[Scope], None] | None:
    """What to do when an anonymous request's body is over its cap: turn its address away a while."""
    if refused is None:
        return None

    def seen(scope: Scope) -> None:
        address = address_of(scope)
        if address is not None:
            refused.refuse(address, surface, OVERSIZED_BODY_REFUSAL_S)

    return seen
