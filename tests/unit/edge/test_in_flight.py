"""The edge's in-flight pools (decision 0067): past a bound a request waits; no class or key takes
another's slots."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Receive, Scope, Send

from edge.in_flight import Pool

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


async def turns(count: int = 20) -> None:
    """Let every ready task run a while (what would enter, enters)."""
    for _ in range(count):
        await asyncio.sleep(0)


class Holding:
    """An app that records who entered and holds each request until released."""

    def __init__(self) -> None:
        self.entered: list[str] = []
        self.release = asyncio.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.entered.append(scope["name"])
        await self.release.wait()


def by_account(scope: Scope) -> str | None:
    account: str | None = scope.get("account")
    return account


async def test_a_request_past_the_bound_waits_until_one_in_flight_finishes() -> None:
    app = Holding()
    pool = Pool("test", 1)
    first = run(pool.wrap(app), {**HTTP, "name": "first"})
    await turns()
    second = run(pool.wrap(app), {**HTTP, "name": "second"})
    await turns()
    assert app.entered == ["first"]
    app.release.set()
    await asyncio.wait_for(asyncio.gather(first, second), timeout=5)
    assert app.entered == ["first", "second"]


async def test_one_key_holds_at_most_its_share_and_its_backlog_holds_no_pool_slot() -> None:
    app = Holding()
    pool = Pool("signed_in", 3, per_key=2, key_of=by_account)
    greedy = [run(pool.wrap(app), {**HTTP, "name": f"a{n}", "account": "a"}) for n in range(5)]
    await turns()
    assert app.entered == ["a0", "a1"]
    assert pool.held_by("a") == 5
    other = run(pool.wrap(app), {**HTTP, "name": "b0", "account": "b"})
    await turns()
    assert app.entered == ["a0", "a1", "b0"]
    app.release.set()
    await asyncio.wait_for(asyncio.gather(*greedy, other), timeout=5)
    assert sorted(app.entered) == ["a0", "a1", "a2", "a3", "a4", "b0"]
    assert pool.held_by("a") == 0  # an idle key is forgotten


async def test_two_pools_never_wait_for_each_other() -> None:
    app = Holding()
    anonymous, signed_in = Pool("anonymous", 2), Pool("signed_in", 2)
    strangers = [run(anonymous.wrap(app), {**HTTP, "name": f"stranger{n}"}) for n in range(8)]
    await turns()
    member = run(signed_in.wrap(app), {**HTTP, "name": "member"})
    await turns()
    assert app.entered == ["stranger0", "stranger1", "member"]
    assert anonymous.inside == 2
    app.release.set()
    await asyncio.wait_for(asyncio.gather(*strangers, member), timeout=5)


async def test_a_cancelled_waiter_gives_its_place_back() -> None:
    app = Holding()
    pool = Pool("signed_in", 1, per_key=1, key_of=by_account)
    holder = run(pool.wrap(app), {**HTTP, "name": "a0", "account": "a"})
    await turns()
    waiter = run(pool.wrap(app), {**HTTP, "name": "a1", "account": "a"})
    await turns()
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert pool.held_by("a") == 1
    app.release.set()
    await asyncio.wait_for(holder, timeout=5)
    assert pool.held_by("a") == 0
    assert pool.inside == 0


async def test_lifespan_messages_are_not_bounded() -> None:
    seen: list[str] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(scope["type"])

    pool = Pool("test", 1)
    holding = Holding()
    held = run(pool.wrap(holding), {**HTTP, "name": "held"})
    await turns()
    await asyncio.wait_for(pool.wrap(app)({"type": "lifespan"}, nothing, ignore), timeout=5)
    assert seen == ["lifespan"]
    holding.release.set()
    await asyncio.wait_for(held, timeout=5)
