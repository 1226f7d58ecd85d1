"""SessionsService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

import json

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from services.sessions.service_layer.feed import ChangeFeed


class SessionsServicer(sessions_pb2_grpc.SessionsServiceServicer):
    """Thin adapter from gRPC to the sessions use cases."""

    def __init__(self, feed: ChangeFeed) -> None:
        self._feed = feed

    async def ListChanges(
        self, request: sessions_pb2.ListChangesRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.ListChangesResponse:
        page = self._feed.list_changes(request.account_id, request.after_sequence, request.page_size)
        changes = []
        for change in page.changes:
            created = Timestamp()
            created.FromDatetime(change.created_at)
            changes.append(
                sessions_pb2.Change(
                    sequence=change.sequence,
                    kind=change.kind,
                    record_id=change.record_id,
                    create_time=created,
                    payload_json=json.dumps(change.payload, separators=(",", ":"), sort_keys=True),
                )
            )
        return sessions_pb2.ListChangesResponse(changes=changes, latest_sequence=page.latest_sequence)
