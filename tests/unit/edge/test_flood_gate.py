"""Addresses turned away on the anonymous surfaces (edge.flood_gate, decision 0067)."""

from __future__ import annotations

from typing import Any

from edge.flood_gate import (
    PLAN_PAGES_SURFACE,
    PLANGEN_SURFACE,
    SURFACES,
    RefusedAddresses,
    oversized_body_seen,
    refused_response,
    remembering,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_address_is_refused_on_one_surface_until_its_retry_after():
    clock = Clock()
    refused = RefusedAddresses(clock=clock)
    refused.refuse("203.0.113.9", PLAN_PAGES_SURFACE, 30)

    assert refused.retry_after("203.0.113.9", PLAN_PAGES_SURFACE) == 30
    assert refused.retry_after("203.0.113.9", PLANGEN_SURFACE) == 0
    assert refused.retry_after("203.0.113.10", PLAN_PAGES_SURFACE) == 0
    clock.now += 29.5
    assert refused.retry_after("203.0.113.9", PLAN_PAGES_SURFACE) == 1
    clock.now += 0.5
    assert refused.retry_after("203.0.113.9", PLAN_PAGES_SURFACE) == 0


def test_a_shorter_refusal_never_cuts_a_longer_one():
    clock = Clock()
    refused = RefusedAddresses(clock=clock)
    refused.refuse("a", PLANGEN_SURFACE, 60)
    refused.refuse("a", PLANGEN_SURFACE, 5)
    assert refused.retry_after("a", PLANGEN_SURFACE) == 60


def test_memory_is_bounded_whatever_the_number_of_addresses():
    refused = RefusedAddresses(clock=Clock(), max_remembered=3)
    for number in range(10):
        refused.refuse(f"198.51.100.{number}", PLAN_PAGES_SURFACE, 60)
    remembered = [n for n in range(10) if refused.retry_after(f"198.51.100.{n}", PLAN_PAGES_SURFACE)]
    assert remembered == [7, 8, 9]


def test_only_the_anonymous_paths_are_surfaces():
    assert SURFACES("/mcp/runflow/public") == PLANGEN_SURFACE
    assert SURFACES("/mcp/runflow/public/") == PLANGEN_SURFACE
    assert SURFACES("/plans/abc.def.ghi") == PLAN_PAGES_SURFACE
    assert SURFACES("/plans/abc.def.ghi/plan.ics") == PLAN_PAGES_SURFACE
    for signed_in in ("/mcp/runflow", "/mcp/ows", "/api/workout-log/imports", "/account", "/plansx"):
        assert SURFACES(signed_in) is None, signed_in


def test_the_fixed_answer_is_a_whole_429_that_closes_the_connection():
    head, _, body = refused_response(7).partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "HTTP/1.1 429 Too Many Requests"
    assert "retry-after: 7" in lines and "connection: close" in lines
    assert f"content-length: {len(body)}" in lines
    assert b"retry after 7 seconds" in body


async def test_a_rate_limit_refusal_remembers_the_address_then_answers_as_before():
    refused = RefusedAddresses(clock=Clock())
    answered: list[int] = []

    async def render(scope: Any, receive: Any, send: Any, retry_after: int) -> None:
        answered.append(retry_after)

    async def receive() -> Any:
        raise AssertionError("a refusal reads no body")

    async def send(message: Any) -> None:
        raise AssertionError("the renderer answers, not the wrapper")

    refuse = remembering(render, refused, PLAN_PAGES_SURFACE, lambda scope: scope["client"][0])
    await refuse({"client": ("192.0.2.1", 5000)}, receive, send, 42)

    assert answered == [42]
    assert refused.retry_after("192.0.2.1", PLAN_PAGES_SURFACE) == 42
    # Without a gate (behind trusted proxies) the refusal is the page limit's own, unchanged.
    assert remembering(render, None, PLAN_PAGES_SURFACE, lambda scope: None) is render


def test_an_oversized_anonymous_body_turns_its_address_away_a_while():
    refused = RefusedAddresses(clock=Clock())
    seen = oversized_body_seen(refused, PLANGEN_SURFACE, lambda scope: scope["client"][0])
    assert seen is not None
    seen({"client": ("192.0.2.2", 5000)})
    assert refused.retry_after("192.0.2.2", PLANGEN_SURFACE) > 0
    assert oversized_body_seen(None, PLANGEN_SURFACE, lambda scope: None) is None
