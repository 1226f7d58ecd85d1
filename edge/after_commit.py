"""The parts of a write's answer read after the write is stored
(docs/decisions/0072-stored-writes-answer-as-stored.md).

Some writes answer more than what they stored: RunFlow's plan writes add the plan's safety
advisories and a completion's assessment, the workout log's writes add the personal records the
workout set; analytics computes them, after the write committed in training or sessions. When
analytics cannot answer then (restarting, catching up, overloaded), the write is still stored,
so the answer is still a success: the missing part is left out and named, with when it may be
asked again, instead of the whole call failing and the caller retrying a write that was done.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TypeVar

import grpc

from edge.problems import RETRY_AFTER, from_remote
from kinetic.errors import RemoteError

T = TypeVar("T")


@dataclass(frozen=True)
class Missing:
    """A part of the answer that could not be read after the write: why, and when to ask again
    (``retry_after`` seconds; None when asking again will not help, e.g. analytics refused it)."""

    reason: str
    retry_after: int | None
    description: str


async def read_after_commit(call: Awaitable[T]) -> T | Missing:
    """``call``'s answer, or what kept it: never an exception for a service's failure, since the
    write it follows is stored whatever analytics says. Cancellation still propagates."""
    try:
        return await call
    except grpc.aio.AioRpcError as error:
        return missing(RemoteError.from_rpc(error))


def missing(error: RemoteError) -> Missing:
    """What a failed read after the write leaves out, said as the edge says that failure: the edge's
    own read's, or one a service read on its behalf and relayed (decision 0096)."""
    problem = from_remote(error)
    retry_after = problem.details.get(RETRY_AFTER)
    if problem.status == 503:
        return Missing(
            "unavailable",
            retry_after if isinstance(retry_after, int) else None,
            problem.description,
        )
    return Missing("refused", None, problem.description)
