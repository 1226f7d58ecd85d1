"""One page of an upstream service's change feed over gRPC: the part both feed readers share.

The sessions and training feeds differ only in their RPC and in how a change is decoded; awaiting
the call, turning a failed call into a ``RemoteError`` (catch-up reports it and retries later) and
building the ``FeedPage`` are the same.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, TypeVar

import grpc

from kinetic.errors import RemoteError
from services.analytics.service_layer.catch_up import FeedPage
from services.analytics.service_layer.projection import Change

# A stuck upstream fails the catch-up instead of holding the analytics request.
CALL_TIMEOUT_SECONDS = 10

_PbChange = TypeVar("_PbChange", covariant=True)


class ChangesResponse(Protocol[_PbChange]):
    """What a change feed RPC answers: the changes after a cursor and the feed's current end."""

    @property
    def changes(self) -> Sequence[_PbChange]:
        """The changes, oldest first."""
        ...

    @property
    def latest_sequence(self) -> int:
        """The sequence of the feed's newest change."""
        ...


async def read_feed_page(
    call: Awaitable[ChangesResponse[_PbChange]], decode: Callable[[Sequence[_PbChange]], list[Change]]
) -> FeedPage:
    """Await one change feed RPC and decode its changes (``decode`` takes the page's changes, in
    order, and gives one ``Change`` each); a failed call raises ``RemoteError``."""
    try:
        response = await call
    except grpc.aio.AioRpcError as error:
        raise RemoteError.from_rpc(error) from error
    return FeedPage(decode(response.changes), response.latest_sequence)
