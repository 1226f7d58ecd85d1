"""EnduranceService over gRPC: protobuf in, one use case, protobuf out (decision 0054).

RecordActivity hands its use case an ``encode`` that serializes the response, so the very bytes
answered first are stored with the idempotency key and replayed (as the workout log does).
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Final, TypeAlias

import grpc

from kinetic.grpc_server import ServiceBinding
from kinetic.sessions.v1 import endurance_pb2 as pb
from kinetic.sessions.v1 import endurance_pb2_grpc as pb_grpc
from services.sessions.endurance.adapters.file_reading import read_in_child
from services.sessions.endurance.bootstrap import EnduranceModule
from services.sessions.endurance.domain.endurance_model import Activity, Readiness
from services.sessions.endurance.entrypoints import pb as convert

SERVICE_NAME = "kinetic.sessions.v1.EnduranceService"

Context: TypeAlias = grpc.aio.ServicerContext
# Of the caller's time, what reading a file leaves for storing it: a 24-hour activity's streams
# and figures take ~1 s to write (decision 0069, Deadlines).
STORE_RESERVE_S: Final = 2.0
# A store that would commit with less of the caller's time left than this rolls back instead: the
# answer must reach the caller before it gives up, or it would be told "failed" about a stored file.
COMMIT_MARGIN_S: Final = 0.25


def _readiness_recorded(entry: Readiness) -> bytes:
    encoded: bytes = pb.RecordReadinessResponse(readiness=convert.readiness_pb(entry)).SerializeToString()
    return encoded


def _recorded(activity: Activity) -> bytes:
    # Deterministic, so the stored answer to a key is the same bytes whichever replica wrote it.
    message = pb.RecordActivityResponse(activity=convert.summary_pb(activity))
    return bytes(message.SerializeToString(deterministic=True))


class EnduranceServicer(pb_grpc.EnduranceServiceServicer):
    """Thin adapter from gRPC to the endurance records' use cases."""

    def __init__(self, module: EnduranceModule) -> None:
        self._activities = module.activities
        self._file_workers = module.file_workers
        self._queries = module.queries
        self._thresholds = module.thresholds
        self._readiness = module.readiness

    async def ImportActivityFile(
        self, request: pb.ImportActivityFileRequest, context: Context
    ) -> pb.ImportActivityFileResponse:
        # The file is read in a child process within a budget (decision 0069), then stored on a
        # thread; the store commits only while the caller still waits for the answer.
        account_id = request.account_id
        options = self._activities.check_file(
            account_id,
            len(request.data),
            filename=request.filename,
            source_app=request.source_app,
            sport=request.sport,
        )
        remaining = context.time_remaining()
        deadline = None if remaining is None else time.monotonic() + remaining
        reads = await read_in_child(
            self._file_workers,
            request.data,
            options.filename,
            account_id=account_id,
            timeout_s=None if deadline is None else deadline - time.monotonic() - STORE_RESERVE_S,
            sport=options.sport,
        )
        gone = threading.Event()

        def still_wanted() -> bool:
            return not gone.is_set() and (deadline is None or time.monotonic() < deadline - COMMIT_MARGIN_S)

        try:
            imported = await asyncio.to_thread(
                self._activities.store_file, account_id, reads, options, still_wanted
            )
        except asyncio.CancelledError:
            gone.set()  # the store's thread runs on; it rolls back instead of committing
            raise
        return pb.ImportActivityFileResponse(
            activity=convert.summary_pb(imported.first.activity),
            created=imported.created,
            activities=[
                pb.ImportedActivity(
                    activity=convert.summary_pb(one.activity), outcome=one.outcome, note=one.note
                )
                for one in imported.activities
            ],
        )

    async def RecordActivity(
        self, request: pb.RecordActivityRequest, context: Context
    ) -> pb.RecordActivityResponse:
        answer = self._activities.record(
            request.account_id,
            convert.activity_input(request.activity),
            convert.request_key("RecordActivity", request),
            _recorded,
        )
        response = pb.RecordActivityResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def GetActivity(self, request: pb.GetActivityRequest, context: Context) -> pb.GetActivityResponse:
        detail = self._queries.get(
            request.account_id, request.activity_id, include_streams=request.include_streams
        )
        activity = pb.Activity(
            summary=convert.summary_pb(detail.activity),
            laps=[convert.lap_pb(lap) for lap in detail.activity.laps],
        )
        if detail.streams is not None:
            activity.streams.CopyFrom(convert.streams_pb(detail.streams))
        return pb.GetActivityResponse(activity=activity)

    async def ListActivities(
        self, request: pb.ListActivitiesRequest, context: Context
    ) -> pb.ListActivitiesResponse:
        page = self._queries.list(
            request.account_id,
            convert.moment(request, "from_time"),
            convert.moment(request, "to_time"),
            list(request.sports),
            request.page_size,
            request.page_token,
        )
        return pb.ListActivitiesResponse(
            activities=[convert.summary_pb(a) for a in page.activities], next_page_token=page.next_page_token
        )

    async def DeleteActivity(
        self, request: pb.DeleteActivityRequest, context: Context
    ) -> pb.DeleteActivityResponse:
        self._activities.delete(request.account_id, request.activity_id)
        return pb.DeleteActivityResponse()

    async def SetThreshold(
        self, request: pb.SetThresholdRequest, context: Context
    ) -> pb.SetThresholdResponse:
        stored = self._thresholds.set(request.account_id, convert.threshold_value(request.threshold))
        return pb.SetThresholdResponse(threshold=convert.threshold_pb(stored))

    async def DeleteThreshold(
        self, request: pb.DeleteThresholdRequest, context: Context
    ) -> pb.DeleteThresholdResponse:
        self._thresholds.delete(request.account_id, request.threshold_id)
        return pb.DeleteThresholdResponse()

    async def ListThresholds(
        self, request: pb.ListThresholdsRequest, context: Context
    ) -> pb.ListThresholdsResponse:
        listed = self._thresholds.list(request.account_id, request.as_of_day)
        return pb.ListThresholdsResponse(
            history=[convert.threshold_pb(t) for t in listed.history],
            in_force=[convert.threshold_pb(t) for t in listed.in_force],
        )

    async def RecordReadiness(
        self, request: pb.RecordReadinessRequest, context: Context
    ) -> pb.RecordReadinessResponse:
        answer = self._readiness.record(
            request.account_id,
            request.readiness.day,
            convert.readiness_fields(request.readiness),
            convert.request_key("RecordReadiness", request),
            _readiness_recorded,
        )
        if isinstance(answer, Readiness):
            return pb.RecordReadinessResponse(readiness=convert.readiness_pb(answer))
        response = pb.RecordReadinessResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def ListReadiness(
        self, request: pb.ListReadinessRequest, context: Context
    ) -> pb.ListReadinessResponse:
        entries = self._readiness.list(request.account_id, request.from_day, request.to_day)
        return pb.ListReadinessResponse(entries=[convert.readiness_pb(e) for e in entries])


def endurance_binding(module: EnduranceModule) -> ServiceBinding:
    """The endurance records' gRPC service, for the sessions server."""
    return ServiceBinding(
        EnduranceServicer(module), pb_grpc.add_EnduranceServiceServicer_to_server, SERVICE_NAME
    )
