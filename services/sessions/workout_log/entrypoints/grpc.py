"""WorkoutLogService over gRPC: protobuf in, one use case, protobuf out (decision 0049).

The idempotent writes hand their use case an ``encode`` that serializes the response, so the very
bytes answered first are stored and replayed; a replay is answered from them with replayed = true.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TypeAlias

import grpc
from google.protobuf.message import Message

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.grpc_server import ServiceBinding
from kinetic.sessions.v1 import workout_log_pb2 as pb
from kinetic.sessions.v1 import workout_log_pb2_grpc as pb_grpc
from kinetic.text_input import nul_violations
from knowledge.training.exercise_names import Candidate
from services.sessions.domain.session_model import Session
from services.sessions.entrypoints.session_pb import session_to_pb
from services.sessions.workout_log.bootstrap import WorkoutLogModule
from services.sessions.workout_log.domain.log_model import ProgramDay, WorkoutFilter
from services.sessions.workout_log.entrypoints import pb as convert
from services.sessions.workout_log.service_layer.deletion import LogDeletion
from services.sessions.workout_log.service_layer.exercise_matching import ExerciseMatching
from services.sessions.workout_log.service_layer.log_profile import LogProfileEditing
from services.sessions.workout_log.service_layer.log_queries import LogQueries
from services.sessions.workout_log.service_layer.record_editing import RecordEditing
from services.sessions.workout_log.service_layer.text_logging import TextLogging
from services.sessions.workout_log.service_layer.workout_files import FileOptions, LogCalls, WorkoutFiles
from services.sessions.workout_log.service_layer.workout_logging import (
    AddedSets,
    LoggedWorkout,
    WorkoutLogging,
)

SERVICE_NAME = "kinetic.sessions.v1.WorkoutLogService"

Context: TypeAlias = grpc.aio.ServicerContext


def _serialized(message: Message) -> bytes:
    # Deterministic, so the stored answer to a key is the same bytes whichever replica wrote it.
    return bytes(message.SerializeToString(deterministic=True))


def _logged(result: LoggedWorkout) -> bytes:
    return _serialized(
        pb.LogWorkoutResponse(
            workout=session_to_pb(result.workout), unconfirmed_entry_ids=list(result.unconfirmed_entry_ids)
        )
    )


def _logged_text(result: LoggedWorkout, offered: Mapping[str, tuple[Candidate, ...]]) -> bytes:
    """The answer with what to offer for each unconfirmed entry, found by its name (the words)."""
    names = {p.performance_id: p.exercise_name for p in result.workout.performances}
    return _serialized(
        pb.LogWorkoutTextResponse(
            workout=session_to_pb(result.workout),
            unconfirmed_entry_ids=list(result.unconfirmed_entry_ids),
            unconfirmed_entries=[
                pb.UnconfirmedEntry(
                    entry_id=entry_id,
                    candidates=[
                        pb.ExerciseCandidate(exercise_id=c.exercise_id, name=c.name)
                        for c in offered.get(names.get(entry_id, ""), ())
                    ],
                )
                for entry_id in result.unconfirmed_entry_ids
            ],
        )
    )


def _added(result: AddedSets) -> bytes:
    return _serialized(
        pb.AddSetsResponse(
            workout=session_to_pb(result.workout),
            entry_id=result.entry_id,
            unconfirmed=result.unconfirmed,
            started=result.started,
        )
    )


def _updated(workout: Session) -> bytes:
    return _serialized(pb.UpdateLogRecordResponse(workout=session_to_pb(workout)))


class WorkoutLogServicer(pb_grpc.WorkoutLogServiceServicer):
    """Thin adapter from gRPC to the workout log's use cases."""

    def __init__(
        self,
        logging: WorkoutLogging,
        editing: RecordEditing,
        deletion: LogDeletion,
        queries: LogQueries,
        profile: LogProfileEditing,
        text: TextLogging,
        matching: ExerciseMatching,
        files: WorkoutFiles,
    ) -> None:
        self._logging = logging
        self._editing = editing
        self._deletion = deletion
        self._queries = queries
        self._profile = profile
        self._text = text
        self._matching = matching
        self._files = files
        # What an import stores and an export reads go through these handlers, in-process.
        self._here = LogCalls(self._log_here, self._list_here)

    async def LogWorkout(self, request: pb.LogWorkoutRequest, context: Context) -> pb.LogWorkoutResponse:
        return self._log_workout(request)

    def _log_workout(self, request: pb.LogWorkoutRequest) -> pb.LogWorkoutResponse:
        answer = self._logging.log_workout(
            request.account_id,
            convert.request_key("LogWorkout", request),
            convert.workout_input(request),
            _logged,
        )
        response = pb.LogWorkoutResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def LogWorkoutText(
        self, request: pb.LogWorkoutTextRequest, context: Context
    ) -> pb.LogWorkoutTextResponse:
        answer = await self._text.log_text(
            request.account_id,
            convert.request_key("LogWorkoutText", request),
            convert.text_input(request),
            _logged_text,
        )
        response = pb.LogWorkoutTextResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def MatchExercises(
        self, request: pb.MatchExercisesRequest, context: Context
    ) -> pb.MatchExercisesResponse:
        matches = await self._matching.match_all(request.account_id, convert.wanted_exercises(request))
        return pb.MatchExercisesResponse(matches=[convert.match_pb(m) for m in matches])

    async def AddSets(self, request: pb.AddSetsRequest, context: Context) -> pb.AddSetsResponse:
        answer = self._logging.add_sets(
            request.account_id,
            convert.request_key("AddSets", request),
            convert.add_sets_input(request),
            _added,
        )
        response = pb.AddSetsResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def UpdateLogRecord(
        self, request: pb.UpdateLogRecordRequest, context: Context
    ) -> pb.UpdateLogRecordResponse:
        answer = self._editing.update(
            request.account_id,
            convert.request_key("UpdateLogRecord", request),
            convert.record_change(request),
            _updated,
        )
        response = pb.UpdateLogRecordResponse()
        response.ParseFromString(answer.response)
        response.replayed = answer.replayed
        return response

    async def DeleteLogRecord(
        self, request: pb.DeleteLogRecordRequest, context: Context
    ) -> pb.DeleteLogRecordResponse:
        deleted = self._deletion.delete(request.account_id, convert.delete_target(request))
        response = pb.DeleteLogRecordResponse(
            deleted=deleted.kind,
            undo_token=deleted.undo_token,
            undo_expire_time=convert.stamp(deleted.undo_expires_at),
        )
        if deleted.workout is not None:
            response.workout.CopyFrom(session_to_pb(deleted.workout))
        return response

    async def UndoDelete(self, request: pb.UndoDeleteRequest, context: Context) -> pb.UndoDeleteResponse:
        restored = self._deletion.undo(request.account_id, request.undo_token)
        return pb.UndoDeleteResponse(restored=restored.kind, workout=session_to_pb(restored.workout))

    async def ListLoggedWorkouts(
        self, request: pb.ListLoggedWorkoutsRequest, context: Context
    ) -> pb.ListLoggedWorkoutsResponse:
        return await self._list_logged(request)

    async def _list_logged(self, request: pb.ListLoggedWorkoutsRequest) -> pb.ListLoggedWorkoutsResponse:
        page = self._queries.list_workouts(
            request.account_id,
            WorkoutFilter(
                from_day=request.from_day,
                to_day=request.to_day,
                time_zone=request.time_zone,
                exercise_ids=tuple(request.exercise_ids),
                limit=request.limit,
                program_id=request.program_id,
            ),
        )
        return pb.ListLoggedWorkoutsResponse(
            workouts=[session_to_pb(s) for s in page.workouts], total_count=page.total
        )

    async def GetLogProfile(
        self, request: pb.GetLogProfileRequest, context: Context
    ) -> pb.GetLogProfileResponse:
        return pb.GetLogProfileResponse(profile=convert.profile_pb(self._queries.profile(request.account_id)))

    async def UpdateLogProfile(
        self, request: pb.UpdateLogProfileRequest, context: Context
    ) -> pb.UpdateLogProfileResponse:
        self._profile.update(request.account_id, convert.profile_change(request))
        # Read back with the remembered words, which the update does not touch.
        profile = self._queries.profile(request.account_id)
        return pb.UpdateLogProfileResponse(profile=convert.profile_pb(profile))

    async def StartProgram(
        self, request: pb.StartProgramRequest, context: Context
    ) -> pb.StartProgramResponse:
        started = self._profile.start_program(request.account_id, convert.program_start(request))
        return pb.StartProgramResponse(
            current_program=convert.program_pb(started.program), replayed=started.replayed
        )

    async def EndProgram(self, request: pb.EndProgramRequest, context: Context) -> pb.EndProgramResponse:
        ended = self._profile.end_program(request.account_id)
        return pb.EndProgramResponse(ended_program=convert.program_pb(ended))

    async def LinkWorkoutToProgram(
        self, request: pb.LinkWorkoutToProgramRequest, context: Context
    ) -> pb.LinkWorkoutToProgramResponse:
        program = None
        if request.HasField("program"):
            program = ProgramDay(request.program.program_id, request.program.day)
        workout = self._editing.link(request.account_id, request.workout_id, program, request.remove)
        return pb.LinkWorkoutToProgramResponse(workout=session_to_pb(workout))

    async def _log_here(self, request: pb.LogWorkoutRequest) -> pb.LogWorkoutResponse:
        """LogWorkout for an imported workout, refusing NUL as the server's guard does for a call."""
        # The write runs on the server's event loop, as a LogWorkout call's does: let the other
        # calls in between two workouts, as they came in between separate calls (decision 0098).
        await asyncio.sleep(0)
        refused = nul_violations(request)
        if refused:
            raise InvalidArgument(
                "; ".join(f"{field}: {problem}" for field, problem in refused),
                violations=[FieldViolation(field, problem) for field, problem in refused],
            )
        return self._log_workout(request)

    async def _list_here(self, request: pb.ListLoggedWorkoutsRequest) -> pb.ListLoggedWorkoutsResponse:
        await asyncio.sleep(0)  # as in ``_log_here``: other calls in between two pages
        return await self._list_logged(request)

    async def ImportWorkoutFile(
        self, request: pb.ImportWorkoutFileRequest, context: Context
    ) -> pb.ImportWorkoutFileResponse:
        options = FileOptions(request.unit, request.distance_unit, request.time_zone)
        report = await self._files.import_file(
            request.account_id, request.file, options, self._here, timeout_s=context.time_remaining()
        )
        return convert.import_report_pb(report)

    async def ExportWorkouts(
        self, request: pb.ExportWorkoutsRequest, context: Context
    ) -> pb.ExportWorkoutsResponse:
        account_id, zone = request.account_id, request.time_zone
        if request.format == pb.EXPORT_FORMAT_STRONG_CSV:
            csv = await self._files.export_csv(account_id, zone, request.load_unit, self._here)
            return pb.ExportWorkoutsResponse(csv=csv)
        if request.format != pb.EXPORT_FORMAT_WORKOUTS:
            raise InvalidArgument.for_field(
                "format", "must be EXPORT_FORMAT_WORKOUTS or EXPORT_FORMAT_STRONG_CSV"
            )
        workouts = await self._files.export(account_id, zone, self._here)
        return pb.ExportWorkoutsResponse(workouts=workouts)


def workout_log_binding(module: WorkoutLogModule) -> ServiceBinding:
    """The workout log's gRPC service, for the sessions server."""
    return ServiceBinding(
        WorkoutLogServicer(
            module.logging,
            module.editing,
            module.deletion,
            module.queries,
            module.profile,
            module.text,
            module.matching,
            module.files,
        ),
        pb_grpc.add_WorkoutLogServiceServicer_to_server,
        SERVICE_NAME,
    )
