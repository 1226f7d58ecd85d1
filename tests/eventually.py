"""Waiting for something another task or process does: poll, with a cap, never a fixed sleep."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import grpc

POLL_SECONDS = 0.01


async def eventually(
    condition: Callable[[], bool], *, within: float = 5.0, what: str = "the condition"
) -> float:
    """Wait until ``condition()`` holds; returns the seconds it took, fails after ``within``."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > within:
            raise AssertionError(f"{what} did not happen within {within} s")
        await asyncio.sleep(POLL_SECONDS)
    return time.monotonic() - started


async def status_becomes(
    request: Callable[[], Awaitable[int]], expected: int, *, within: float = 5.0
) -> float:
    """Repeat ``request`` until it answers ``expected``; returns the seconds it took."""
    started = time.monotonic()
    while (status := await request()) != expected:
        if time.monotonic() - started > within:
            raise AssertionError(f"still {status}, not {expected}, after {within} s")
        await asyncio.sleep(POLL_SECONDS)
    return time.monotonic() - started


async def status_of(response: Awaitable[Any]) -> int:
    """The status code of an HTTP response still to be awaited."""
    return int((await response).status_code)


async def answered(call: Callable[[], Awaitable[Any]], *, within: float = 30.0) -> Any:
    """Repeat a gRPC ``call`` while it answers UNAVAILABLE (a backend still catching up, busy
    under load), up to ``within`` seconds; any other failure, or the last one, is raised."""
    started = time.monotonic()
    while True:
        try:
            return await call()
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() - started > within:
                raise
        await asyncio.sleep(POLL_SECONDS * 10)
