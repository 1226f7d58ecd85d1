"""SessionsService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

from collections.abc import Callable

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from services.sessions.adapters.awaited_waits import AwaitedCalls
from services.sessions.entrypoints.change_pb import fill_change
from services.sessions.entrypoints.session_pb import (
    performance_input_from_pb,
    performance_to_pb,
    session_to_pb,
)
from services.sessions.service_layer.account_erasure import AccountErasure
from services.sessions.service_layer.feed import ChangeFeed
from services.sessions.service_layer.gym_directory import GatedExercise
from services.sessions.service_layer.session_lifecycle import SessionLifecycle, StartRequest
from services.sessions.service_layer.session_logging import LogResult, PerformanceLog
from services.sessions.service_layer.session_queries import SessionQueries

# Checks every gate of a gym module for an account (write gate too when asked); raises the gate's error.
ModuleGates = Callable[[str, str, bool], object]
# The same gates, reading in the same query the gym directory's answer about one exercise (None when
# the ID is no ObjectId): LogPerformance's gate, one query fewer per set (decision 0119).
ExerciseGates = Callable[[str, str, bool, str], GatedExercise | None]


class SessionsServicer(sessions_pb2_grpc.SessionsServiceServicer):
    """Thin adapter from gRPC to the sessions use cases.

    A request with ``gym_module`` set acts for a gym client under that module: its gates run first,
    here in the service, so a gRPC caller cannot skip what the Client AI edge relies on.
    """

    def __init__(
        self,
        feed: ChangeFeed,
        lifecycle: SessionLifecycle,
        log: PerformanceLog,
        queries: SessionQueries,
        gates: ModuleGates,
        erasure: AccountErasure,
        exercise_gates: ExerciseGates | None = None,
        awaited: AwaitedCalls | None = None,
    ) -> None:
        self._erasure = erasure
        self._awaited = awaited
        self._feed = feed
        self._lifecycle = lifecycle
        self._log = log
        self._queries = queries
        self._gates = gates
        self._exercise_gates = exercise_gates

    def _gate(self, account_id: str, module: str, *, write: bool) -> None:
        if module:
            self._gates(account_id, module, write)

    async def ListChanges(
        self, request: sessions_pb2.ListChangesRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.ListChangesResponse:
        page = self._feed.list_changes(
            request.account_id, request.after_sequence, request.page_size, request.omit_superseded_payloads
        )
        response = sessions_pb2.ListChangesResponse(latest_sequence=page.latest_sequence)
        add = response.changes.add
        for change in page.changes:
            fill_change(add(), request.account_id, change)  # in place, no copies (decision 0121)
        return response

    async def StartOrResumeSession(
        self, request: sessions_pb2.StartOrResumeSessionRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.StartOrResumeSessionResponse:
        self._gate(request.account_id, request.gym_module, write=True)
        result = await self._lifecycle.start_or_resume(
            StartRequest(
                account_id=request.account_id,
                plan_id=request.plan_id,
                plan_moment_id=request.plan_moment_id,
                workout_id=request.workout_id,
                original_scheduled_day=request.original_scheduled_day,
                title=request.title,
                language=request.language,
                device_id=request.device_id,
            )
        )
        return sessions_pb2.StartOrResumeSessionResponse(
            session=session_to_pb(result.session), resumed=result.resumed
        )

    def _gated_log(self, request: sessions_pb2.LogPerformanceRequest) -> LogResult:
        gated = None
        if request.gym_module and self._exercise_gates is not None:
            gated = self._exercise_gates(request.account_id, request.gym_module, True, request.exercise_id)
        else:
            self._gate(request.account_id, request.gym_module, write=True)
        return self._log.log(request.account_id, performance_input_from_pb(request), gated)

    async def LogPerformance(
        self, request: sessions_pb2.LogPerformanceRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.LogPerformanceResponse:
        # The gate and the log, their PostgreSQL waits awaited (decision 0119).
        if self._awaited is None:
            result = self._gated_log(request)
        else:
            result = await self._awaited.run(self._gated_log, request)
        return sessions_pb2.LogPerformanceResponse(
            performance=performance_to_pb(result.performance),
            replayed=result.replayed,
            session=session_to_pb(result.session),
        )

    async def CompleteSession(
        self, request: sessions_pb2.CompleteSessionRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.CompleteSessionResponse:
        self._gate(request.account_id, request.gym_module, write=True)
        result = await self._lifecycle.complete(
            request.account_id,
            request.session_id,
            request.notes if request.HasField("notes") else None,
            request.device_id,
        )
        return sessions_pb2.CompleteSessionResponse(
            session=session_to_pb(result.session),
            experience_points_awarded=result.experience_points_awarded,
            total_experience_points=result.total_experience_points,
            replayed=result.replayed,
        )

    async def GetSession(
        self, request: sessions_pb2.GetSessionRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.GetSessionResponse:
        self._gate(request.account_id, request.gym_module, write=False)
        session = self._queries.get(request.account_id, request.session_id)
        return sessions_pb2.GetSessionResponse(session=session_to_pb(session))

    async def ListSessions(
        self, request: sessions_pb2.ListSessionsRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.ListSessionsResponse:
        self._gate(request.account_id, request.gym_module, write=False)
        found = self._queries.list_sessions(
            request.account_id,
            status=request.status,
            date_from=request.date_from,
            date_to=request.date_to,
            page_size=request.page_size,
            page_token=request.page_token,
            skip=request.skip,
            sources=request.sources,
            time_zone=request.time_zone,
        )
        return sessions_pb2.ListSessionsResponse(
            sessions=[session_to_pb(s) for s in found.sessions],
            total_count=found.total,
            next_page_token=found.next_page_token,
        )

    async def GetExerciseHistory(
        self, request: sessions_pb2.GetExerciseHistoryRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.GetExerciseHistoryResponse:
        self._gate(request.account_id, request.gym_module, write=False)
        entries = self._queries.exercise_history(
            request.account_id,
            request.exercise_id,
            date_from=request.date_from,
            date_to=request.date_to,
            limit=request.limit,
            time_zone=request.time_zone,
        )
        out = []
        for entry in entries:
            completed = Timestamp()
            if entry.session.ended_at is not None:
                completed.FromDatetime(entry.session.ended_at)
            out.append(
                sessions_pb2.ExerciseHistoryEntry(
                    session_id=entry.session.session_id,
                    session_title=entry.session.title,
                    completed_time=completed,
                    performance=performance_to_pb(entry.performance),
                )
            )
        return sessions_pb2.GetExerciseHistoryResponse(entries=out)

    async def GetLiveSnapshot(
        self, request: sessions_pb2.GetLiveSnapshotRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.GetLiveSnapshotResponse:
        snapshot = self._queries.live_snapshot(request.account_id)
        if snapshot is None:
            return sessions_pb2.GetLiveSnapshotResponse()
        updated = Timestamp()
        updated.FromDatetime(snapshot.updated_at)
        return sessions_pb2.GetLiveSnapshotResponse(
            snapshot=sessions_pb2.LiveSnapshot(
                session=session_to_pb(snapshot.session),
                update_time=updated,
                age_seconds=snapshot.age_seconds,
                stale=snapshot.stale,
                label=snapshot.label,
            )
        )

    async def UpdateSessionStatus(
        self, request: sessions_pb2.UpdateSessionStatusRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.UpdateSessionStatusResponse:
        result = await self._lifecycle.update_status(
            request.account_id, request.session_id, request.status, request.device_id
        )
        return sessions_pb2.UpdateSessionStatusResponse(
            session=session_to_pb(result.session), replayed=result.replayed
        )

    async def DeleteSession(
        self, request: sessions_pb2.DeleteSessionRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.DeleteSessionResponse:
        result = await self._lifecycle.delete(request.account_id, request.session_id, request.device_id)
        return sessions_pb2.DeleteSessionResponse(
            session_id=result.session_id,
            deleted_performance_count=result.deleted_performance_count,
            experience_points_removed=result.experience_points_removed,
            total_experience_points=result.total_experience_points,
        )

    async def DeletePerformance(
        self, request: sessions_pb2.DeletePerformanceRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.DeletePerformanceResponse:
        session = self._log.delete(request.account_id, request.session_id, request.performance_id)
        return sessions_pb2.DeletePerformanceResponse(session=session_to_pb(session))

    async def EraseAccount(
        self, request: sessions_pb2.EraseAccountRequest, context: grpc.aio.ServicerContext
    ) -> sessions_pb2.EraseAccountResponse:
        return sessions_pb2.EraseAccountResponse(deleted_rows=self._erasure.erase(request.account_id))
