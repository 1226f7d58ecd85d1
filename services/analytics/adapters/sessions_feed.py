"""Reads the sessions service's change feed over gRPC (never its tables)."""

from __future__ import annotations

import json
from datetime import UTC

import grpc

from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from services.analytics.service_layer.catch_up import FeedPage
from services.analytics.service_layer.projection import Change


class SessionsFeed:
    """``UpstreamFeed`` backed by ``SessionsService.ListChanges``."""

    name = "sessions"

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = sessions_pb2_grpc.SessionsServiceStub(channel)

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``, payloads decoded."""
        try:
            response = await self._stub.ListChanges(
                sessions_pb2.ListChangesRequest(
                    account_id=account_id, after_sequence=after_sequence, page_size=page_size
                ),
                timeout=10,
            )
        except grpc.aio.AioRpcError as error:
            raise RemoteError.from_rpc(error) from error
        return FeedPage(
            changes=[
                Change(
                    sequence=change.sequence,
                    kind=change.kind,
                    record_id=change.record_id,
                    created_at=change.create_time.ToDatetime(tzinfo=UTC),
                    payload=json.loads(change.payload_json) if change.payload_json else {},
                )
                for change in response.changes
            ],
            latest_sequence=response.latest_sequence,
        )
