"""What a stored write answers for a part analytics could not give (decision 0072)."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from edge.after_commit import Missing, read_after_commit
from edge.circuits import refused_call


async def fails_with(error: grpc.aio.AioRpcError) -> str:
    raise error


def plain_error(code: grpc.StatusCode, details: str) -> grpc.aio.AioRpcError:
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), details)


async def answers() -> str:
    return "advisories"


async def test_an_answer_is_passed_on():
    assert await read_after_commit(answers()) == "advisories"


async def test_an_outage_is_missing_with_when_to_ask_again():
    missing = await read_after_commit(fails_with(refused_call(retry_after=7)))
    assert missing == Missing("unavailable", 7, "a Kinetic service is temporarily unavailable; retry in 7 s")


async def test_a_refusal_is_missing_for_good():
    missing = await read_after_commit(fails_with(plain_error(grpc.StatusCode.INVALID_ARGUMENT, "day: bad")))
    assert isinstance(missing, Missing) and missing.reason == "refused" and missing.retry_after is None


async def test_cancellation_is_not_swallowed():
    task = asyncio.create_task(read_after_commit(asyncio.sleep(60)))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
