"""The workout log between protobuf and its use cases: requests in, responses out (decision 0049)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import workout_log_pb2 as pb
from services.sessions.service_layer.idempotency import Idempotency
from services.sessions.workout_log.domain.log_model import (
    AddSetsInput,
    CurrentProgram,
    EntryInput,
    LogProfile,
    ProfileChange,
    ProgramDay,
    RecordChange,
    RecordTarget,
    SetChange,
    SetInput,
    WorkoutInput,
)
from services.sessions.workout_log.files.importer import ImportReport
from services.sessions.workout_log.service_layer.exercise_matching import Match, Wanted
from services.sessions.workout_log.service_layer.text_logging import TextInput


def request_key(rpc: str, request: Message) -> Idempotency:
    """The request's idempotency key and the sha256 of the request serialized without it."""
    key = str(getattr(request, "idempotency_key"))  # noqa: B009 (any write request; all have one)
    copy = type(request)()
    copy.CopyFrom(request)
    copy.ClearField("idempotency_key")
    digest = hashlib.sha256(copy.SerializeToString(deterministic=True)).hexdigest()
    return Idempotency(key, rpc, digest)


def _time(message: Message, field: str) -> datetime | None:
    if not message.HasField(field):
        return None
    value: Timestamp = getattr(message, field)
    moment: datetime = value.ToDatetime(tzinfo=UTC)
    return moment


def stamp(value: datetime) -> Timestamp:
    """A protobuf timestamp of ``value``."""
    out = Timestamp()
    out.FromDatetime(value)
    return out


def set_input(message: pb.LoggedSetInput) -> SetInput:
    """One set of a request; unset optional numbers stay None."""
    return SetInput(
        reps=message.reps if message.HasField("reps") else None,
        load_kg=message.load_kg if message.HasField("load_kg") else None,
        load_value=message.load_value if message.HasField("load_value") else None,
        load_unit=message.load_unit,
        duration_s=message.duration_s if message.HasField("duration_s") else None,
        distance_m=message.distance_m if message.HasField("distance_m") else None,
        rpe=message.rpe if message.HasField("rpe") else None,
        warmup=message.warmup,
        estimated=message.estimated,
    )


def entry_input(message: pb.EntryInput) -> EntryInput:
    """One entry of a request."""
    return EntryInput(
        exercise_id=message.exercise_id,
        exercise_name=message.exercise_name,
        words=message.words,
        notes=message.notes,
        sets=tuple(set_input(s) for s in message.sets),
    )


def workout_input(request: pb.LogWorkoutRequest) -> WorkoutInput:
    """LogWorkout's workout."""
    program = None
    if request.HasField("program"):
        program = ProgramDay(request.program.program_id, request.program.day)
    return WorkoutInput(
        entries=tuple(entry_input(e) for e in request.entries),
        day=request.day,
        time_zone=request.time_zone,
        title=request.title,
        notes=request.notes,
        program=program,
        start_time=_time(request, "start_time"),
        end_time=_time(request, "end_time"),
    )


def text_input(request: pb.LogWorkoutTextRequest) -> TextInput:
    """LogWorkoutText's words and what the caller knows beside them."""
    program = None
    if request.HasField("program"):
        program = ProgramDay(request.program.program_id, request.program.day)
    return TextInput(
        text=request.text,
        day=request.day,
        time_zone=request.time_zone,
        default_load_unit=request.default_load_unit,
        program=program,
    )


# What the sets record, as the matching names it ("" is sets of repetitions or unknown).
_TRACKING = {pb.SET_TRACKING_DISTANCE: "distance", pb.SET_TRACKING_DURATION: "duration"}


def wanted_exercises(request: pb.MatchExercisesRequest) -> list[Wanted]:
    """MatchExercises' words, in order."""
    return [Wanted(item.words, _TRACKING.get(item.tracking, "")) for item in request.exercises]


def match_pb(match: Match) -> pb.ExerciseMatch:
    """One answer of MatchExercises."""
    return pb.ExerciseMatch(
        exercise_id=match.exercise_id,
        name=match.name,
        candidates=[pb.ExerciseCandidate(exercise_id=c.exercise_id, name=c.name) for c in match.candidates],
        ambiguous=match.ambiguous,
    )


def add_sets_input(request: pb.AddSetsRequest) -> AddSetsInput:
    """AddSets' target and sets."""
    return AddSetsInput(
        entry=entry_input(request.entry),
        workout_id=request.workout_id,
        entry_id=request.entry_id,
        time_zone=request.time_zone,
    )


def _target(request: pb.UpdateLogRecordRequest | pb.DeleteLogRecordRequest) -> RecordTarget:
    which = request.WhichOneof("target")
    if which == "workout_id":
        return RecordTarget("workout", request.workout_id)
    if which == "entry_id":
        return RecordTarget("entry", request.entry_id)
    if which == "set_id":
        return RecordTarget("set", request.set_id)
    return RecordTarget(None, "")


def delete_target(request: pb.DeleteLogRecordRequest) -> RecordTarget:
    """DeleteLogRecord's target."""
    return _target(request)


def set_change(message: pb.SetChange) -> SetChange:
    """The set fields an update changes."""
    return SetChange(
        reps=message.reps if message.HasField("reps") else None,
        load_kg=message.load_kg if message.HasField("load_kg") else None,
        load_value=message.load_value if message.HasField("load_value") else None,
        load_unit=message.load_unit,
        remove_load=message.remove_load,
        duration_s=message.duration_s if message.HasField("duration_s") else None,
        distance_m=message.distance_m if message.HasField("distance_m") else None,
        rpe=message.rpe if message.HasField("rpe") else None,
        warmup=message.warmup if message.HasField("warmup") else None,
    )


def record_change(request: pb.UpdateLogRecordRequest) -> RecordChange:
    """UpdateLogRecord's target and changes."""
    return RecordChange(
        target=_target(request),
        title=request.title if request.HasField("title") else None,
        day=request.day,
        notes=request.notes if request.HasField("notes") else None,
        end_time=_time(request, "end_time"),
        exercise_id=request.exercise_id,
        exercise_name=request.exercise_name,
        set_change=set_change(request.set) if request.HasField("set") else None,
        time_zone=request.time_zone,
    )


def profile_change(request: pb.UpdateLogProfileRequest) -> ProfileChange:
    """UpdateLogProfile's fields present."""
    return ProfileChange(
        goals=request.goals if request.HasField("goals") else None,
        equipment=tuple(request.equipment.values) if request.HasField("equipment") else None,
        limitations=request.limitations if request.HasField("limitations") else None,
        training_days=tuple(request.training_days.values) if request.HasField("training_days") else None,
        calm_mode=request.calm_mode if request.HasField("calm_mode") else None,
        program_suggestions=(
            request.program_suggestions if request.HasField("program_suggestions") else None
        ),
    )


def program_start(request: pb.StartProgramRequest) -> CurrentProgram:
    """StartProgram's program."""
    return CurrentProgram(request.program_id, request.version, request.started_on, tuple(request.routine_ids))


def program_pb(program: CurrentProgram) -> pb.CurrentProgram:
    """A followed program."""
    return pb.CurrentProgram(
        program_id=program.program_id,
        version=program.version,
        started_on=program.started_on,
        routine_ids=list(program.routine_ids),
    )


def profile_pb(profile: LogProfile) -> pb.LogProfile:
    """A log profile with its remembered words and program."""
    message = pb.LogProfile(
        goals=profile.goals,
        equipment=list(profile.equipment),
        limitations=profile.limitations,
        training_days=list(profile.training_days),
        calm_mode=profile.calm_mode,
        program_suggestions=profile.program_suggestions,
        remembered_exercises=profile.remembered_exercises,
    )
    if profile.current_program is not None:
        message.current_program.CopyFrom(program_pb(profile.current_program))
    return message


def import_report_pb(report: ImportReport) -> pb.ImportWorkoutFileResponse:
    """An import's report; starts are the file's wall times, as ``ImportReport.to_json`` writes them."""
    return pb.ImportWorkoutFileResponse(
        imported=report.imported,
        already_imported=report.already_imported,
        sets=report.sets,
        skipped_rows=[pb.ImportedFileRow(line=row.line, reason=row.reason) for row in report.skipped_rows],
        refused=[
            pb.RefusedFileWorkout(started_at=one.started_at.isoformat(), reason=one.reason)
            for one in report.refused
        ],
        unconfirmed_exercises=list(report.unconfirmed_exercises),
        dropped_rpe=[
            pb.DroppedFileRpe(
                started_at=one.started_at.isoformat(), exercise_name=one.exercise_name, rpe=one.rpe
            )
            for one in report.dropped_rpe
        ],
        dropped_durations=[
            pb.ImportedFileRow(line=row.line, reason=row.reason) for row in report.dropped_durations
        ],
    )
