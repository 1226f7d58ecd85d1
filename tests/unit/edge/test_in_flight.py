"""The edge's bound on calls in flight: past it, a request waits for a slot instead of running."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Receive, Scope, Send

from edge.in_flight import InFlightLimit

HTTP: Scope = {"type": "http"}


def run(app: ASGIApp, scope: Scope) -> asyncio.Task[None]:
    """``app`` serving ``scope`` in a task of its own."""

    async def serve() -> None:
        await app(scope, nothing, ignore)

    return asyncio.create_task(serve())


async def nothing() -> dict[str, object]:
    return {}


async def ignore(message: object) -> None:
    return None


async def test_a_request_past_the_bound_waits_until_one_in_flight_finishes() -> None:
    release = asyncio.Event()
    first_entered = asyncio.Event()
    entered: list[str] = []

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        entered.append(scope["name"])
        first_entered.set()
        await release.wait()

    async def fast(scope: Scope, receive: Receive, send: Send) -> None:
        entered.append(scope["name"])

    limit = InFlightLimit(limit=1)
    first = run(limit.wrap(slow), {**HTTP, "name": "first"})
    await asyncio.wait_for(first_entered.wait(), timeout=5)
    # A second app behind the same bound shares its slots; give it many turns of the loop to enter.
    second = run(limit.wrap(fast), {**HTTP, "name": "second"})
    for _ in range(20):
        await asyncio.sleep(0)
    assert entered == ["first"]
    release.set()
    await asyncio.wait_for(asyncio.gather(first, second), timeout=5)
    assert entered == ["first", "second"]


async def test_lifespan_messages_are_not_bounded() -> None:
    seen: list[str] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(scope["type"])

    limit = InFlightLimit(limit=1)
    blocker = asyncio.Event()

    async def hold(scope: Scope, receive: Receive, send: Send) -> None:
        await blocker.wait()

    held = run(limit.wrap(hold), HTTP)
    await asyncio.sleep(0)
    await asyncio.wait_for(limit.wrap(app)({"type": "lifespan"}, nothing, ignore), timeout=5)
    assert seen == ["lifespan"]
    blocker.set()
    await asyncio.wait_for(held, timeout=5)
