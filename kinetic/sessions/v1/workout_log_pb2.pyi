import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from kinetic.sessions.v1 import sessions_pb2 as _sessions_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SetTracking(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SET_TRACKING_UNSPECIFIED: _ClassVar[SetTracking]
    SET_TRACKING_DISTANCE: _ClassVar[SetTracking]
    SET_TRACKING_DURATION: _ClassVar[SetTracking]

class ExportFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EXPORT_FORMAT_UNSPECIFIED: _ClassVar[ExportFormat]
    EXPORT_FORMAT_WORKOUTS: _ClassVar[ExportFormat]
    EXPORT_FORMAT_STRONG_CSV: _ClassVar[ExportFormat]
SET_TRACKING_UNSPECIFIED: SetTracking
SET_TRACKING_DISTANCE: SetTracking
SET_TRACKING_DURATION: SetTracking
EXPORT_FORMAT_UNSPECIFIED: ExportFormat
EXPORT_FORMAT_WORKOUTS: ExportFormat
EXPORT_FORMAT_STRONG_CSV: ExportFormat

class LoggedSetInput(_message.Message):
    __slots__ = ("reps", "load_kg", "load_value", "load_unit", "duration_s", "distance_m", "rpe", "warmup", "estimated")
    REPS_FIELD_NUMBER: _ClassVar[int]
    LOAD_KG_FIELD_NUMBER: _ClassVar[int]
    LOAD_VALUE_FIELD_NUMBER: _ClassVar[int]
    LOAD_UNIT_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    WARMUP_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_FIELD_NUMBER: _ClassVar[int]
    reps: int
    load_kg: float
    load_value: float
    load_unit: str
    duration_s: int
    distance_m: float
    rpe: float
    warmup: bool
    estimated: bool
    def __init__(self, reps: _Optional[int] = ..., load_kg: _Optional[float] = ..., load_value: _Optional[float] = ..., load_unit: _Optional[str] = ..., duration_s: _Optional[int] = ..., distance_m: _Optional[float] = ..., rpe: _Optional[float] = ..., warmup: _Optional[bool] = ..., estimated: _Optional[bool] = ...) -> None: ...

class EntryInput(_message.Message):
    __slots__ = ("exercise_id", "exercise_name", "words", "notes", "sets")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    exercise_name: str
    words: str
    notes: str
    sets: _containers.RepeatedCompositeFieldContainer[LoggedSetInput]
    def __init__(self, exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., words: _Optional[str] = ..., notes: _Optional[str] = ..., sets: _Optional[_Iterable[_Union[LoggedSetInput, _Mapping]]] = ...) -> None: ...

class ProgramDay(_message.Message):
    __slots__ = ("program_id", "day")
    PROGRAM_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    program_id: str
    day: str
    def __init__(self, program_id: _Optional[str] = ..., day: _Optional[str] = ...) -> None: ...

class LogWorkoutRequest(_message.Message):
    __slots__ = ("account_id", "idempotency_key", "day", "time_zone", "title", "notes", "entries", "program", "start_time", "end_time")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    idempotency_key: str
    day: str
    time_zone: str
    title: str
    notes: str
    entries: _containers.RepeatedCompositeFieldContainer[EntryInput]
    program: ProgramDay
    start_time: _timestamp_pb2.Timestamp
    end_time: _timestamp_pb2.Timestamp
    def __init__(self, account_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., day: _Optional[str] = ..., time_zone: _Optional[str] = ..., title: _Optional[str] = ..., notes: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[EntryInput, _Mapping]]] = ..., program: _Optional[_Union[ProgramDay, _Mapping]] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class LogWorkoutTextRequest(_message.Message):
    __slots__ = ("account_id", "idempotency_key", "text", "day", "time_zone", "default_load_unit", "program")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_LOAD_UNIT_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    idempotency_key: str
    text: str
    day: str
    time_zone: str
    default_load_unit: str
    program: ProgramDay
    def __init__(self, account_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., text: _Optional[str] = ..., day: _Optional[str] = ..., time_zone: _Optional[str] = ..., default_load_unit: _Optional[str] = ..., program: _Optional[_Union[ProgramDay, _Mapping]] = ...) -> None: ...

class LogWorkoutTextResponse(_message.Message):
    __slots__ = ("workout", "replayed", "unconfirmed_entry_ids", "unconfirmed_entries")
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    UNCONFIRMED_ENTRY_IDS_FIELD_NUMBER: _ClassVar[int]
    UNCONFIRMED_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    workout: _sessions_pb2.Session
    replayed: bool
    unconfirmed_entry_ids: _containers.RepeatedScalarFieldContainer[str]
    unconfirmed_entries: _containers.RepeatedCompositeFieldContainer[UnconfirmedEntry]
    def __init__(self, workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ..., replayed: _Optional[bool] = ..., unconfirmed_entry_ids: _Optional[_Iterable[str]] = ..., unconfirmed_entries: _Optional[_Iterable[_Union[UnconfirmedEntry, _Mapping]]] = ...) -> None: ...

class UnconfirmedEntry(_message.Message):
    __slots__ = ("entry_id", "candidates")
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    entry_id: str
    candidates: _containers.RepeatedCompositeFieldContainer[ExerciseCandidate]
    def __init__(self, entry_id: _Optional[str] = ..., candidates: _Optional[_Iterable[_Union[ExerciseCandidate, _Mapping]]] = ...) -> None: ...

class ExerciseWords(_message.Message):
    __slots__ = ("words", "tracking")
    WORDS_FIELD_NUMBER: _ClassVar[int]
    TRACKING_FIELD_NUMBER: _ClassVar[int]
    words: str
    tracking: SetTracking
    def __init__(self, words: _Optional[str] = ..., tracking: _Optional[_Union[SetTracking, str]] = ...) -> None: ...

class MatchExercisesRequest(_message.Message):
    __slots__ = ("account_id", "exercises")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercises: _containers.RepeatedCompositeFieldContainer[ExerciseWords]
    def __init__(self, account_id: _Optional[str] = ..., exercises: _Optional[_Iterable[_Union[ExerciseWords, _Mapping]]] = ...) -> None: ...

class ExerciseCandidate(_message.Message):
    __slots__ = ("exercise_id", "name")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    name: str
    def __init__(self, exercise_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class ExerciseMatch(_message.Message):
    __slots__ = ("exercise_id", "name", "candidates", "ambiguous")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    AMBIGUOUS_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    name: str
    candidates: _containers.RepeatedCompositeFieldContainer[ExerciseCandidate]
    ambiguous: bool
    def __init__(self, exercise_id: _Optional[str] = ..., name: _Optional[str] = ..., candidates: _Optional[_Iterable[_Union[ExerciseCandidate, _Mapping]]] = ..., ambiguous: _Optional[bool] = ...) -> None: ...

class MatchExercisesResponse(_message.Message):
    __slots__ = ("matches",)
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[ExerciseMatch]
    def __init__(self, matches: _Optional[_Iterable[_Union[ExerciseMatch, _Mapping]]] = ...) -> None: ...

class LogWorkoutResponse(_message.Message):
    __slots__ = ("workout", "replayed", "unconfirmed_entry_ids")
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    UNCONFIRMED_ENTRY_IDS_FIELD_NUMBER: _ClassVar[int]
    workout: _sessions_pb2.Session
    replayed: bool
    unconfirmed_entry_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ..., replayed: _Optional[bool] = ..., unconfirmed_entry_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class AddSetsRequest(_message.Message):
    __slots__ = ("account_id", "idempotency_key", "workout_id", "entry_id", "entry", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    idempotency_key: str
    workout_id: str
    entry_id: str
    entry: EntryInput
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., workout_id: _Optional[str] = ..., entry_id: _Optional[str] = ..., entry: _Optional[_Union[EntryInput, _Mapping]] = ..., time_zone: _Optional[str] = ...) -> None: ...

class AddSetsResponse(_message.Message):
    __slots__ = ("workout", "entry_id", "replayed", "unconfirmed", "started")
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    UNCONFIRMED_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    workout: _sessions_pb2.Session
    entry_id: str
    replayed: bool
    unconfirmed: bool
    started: bool
    def __init__(self, workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ..., entry_id: _Optional[str] = ..., replayed: _Optional[bool] = ..., unconfirmed: _Optional[bool] = ..., started: _Optional[bool] = ...) -> None: ...

class SetChange(_message.Message):
    __slots__ = ("reps", "load_kg", "load_value", "load_unit", "remove_load", "duration_s", "distance_m", "rpe", "warmup")
    REPS_FIELD_NUMBER: _ClassVar[int]
    LOAD_KG_FIELD_NUMBER: _ClassVar[int]
    LOAD_VALUE_FIELD_NUMBER: _ClassVar[int]
    LOAD_UNIT_FIELD_NUMBER: _ClassVar[int]
    REMOVE_LOAD_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    WARMUP_FIELD_NUMBER: _ClassVar[int]
    reps: int
    load_kg: float
    load_value: float
    load_unit: str
    remove_load: bool
    duration_s: int
    distance_m: float
    rpe: float
    warmup: bool
    def __init__(self, reps: _Optional[int] = ..., load_kg: _Optional[float] = ..., load_value: _Optional[float] = ..., load_unit: _Optional[str] = ..., remove_load: _Optional[bool] = ..., duration_s: _Optional[int] = ..., distance_m: _Optional[float] = ..., rpe: _Optional[float] = ..., warmup: _Optional[bool] = ...) -> None: ...

class UpdateLogRecordRequest(_message.Message):
    __slots__ = ("account_id", "idempotency_key", "workout_id", "entry_id", "set_id", "title", "day", "notes", "end_time", "exercise_id", "exercise_name", "set", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    SET_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    idempotency_key: str
    workout_id: str
    entry_id: str
    set_id: str
    title: str
    day: str
    notes: str
    end_time: _timestamp_pb2.Timestamp
    exercise_id: str
    exercise_name: str
    set: SetChange
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., workout_id: _Optional[str] = ..., entry_id: _Optional[str] = ..., set_id: _Optional[str] = ..., title: _Optional[str] = ..., day: _Optional[str] = ..., notes: _Optional[str] = ..., end_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., set: _Optional[_Union[SetChange, _Mapping]] = ..., time_zone: _Optional[str] = ...) -> None: ...

class UpdateLogRecordResponse(_message.Message):
    __slots__ = ("workout", "replayed")
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    workout: _sessions_pb2.Session
    replayed: bool
    def __init__(self, workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class DeleteLogRecordRequest(_message.Message):
    __slots__ = ("account_id", "workout_id", "entry_id", "set_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    SET_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    workout_id: str
    entry_id: str
    set_id: str
    def __init__(self, account_id: _Optional[str] = ..., workout_id: _Optional[str] = ..., entry_id: _Optional[str] = ..., set_id: _Optional[str] = ...) -> None: ...

class DeleteLogRecordResponse(_message.Message):
    __slots__ = ("deleted", "undo_token", "undo_expire_time", "workout")
    DELETED_FIELD_NUMBER: _ClassVar[int]
    UNDO_TOKEN_FIELD_NUMBER: _ClassVar[int]
    UNDO_EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    deleted: str
    undo_token: str
    undo_expire_time: _timestamp_pb2.Timestamp
    workout: _sessions_pb2.Session
    def __init__(self, deleted: _Optional[str] = ..., undo_token: _Optional[str] = ..., undo_expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ...) -> None: ...

class UndoDeleteRequest(_message.Message):
    __slots__ = ("account_id", "undo_token")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    UNDO_TOKEN_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    undo_token: str
    def __init__(self, account_id: _Optional[str] = ..., undo_token: _Optional[str] = ...) -> None: ...

class UndoDeleteResponse(_message.Message):
    __slots__ = ("restored", "workout")
    RESTORED_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    restored: str
    workout: _sessions_pb2.Session
    def __init__(self, restored: _Optional[str] = ..., workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ...) -> None: ...

class ListLoggedWorkoutsRequest(_message.Message):
    __slots__ = ("account_id", "from_day", "to_day", "time_zone", "exercise_ids", "limit", "program_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_IDS_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_day: str
    to_day: str
    time_zone: str
    exercise_ids: _containers.RepeatedScalarFieldContainer[str]
    limit: int
    program_id: str
    def __init__(self, account_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., time_zone: _Optional[str] = ..., exercise_ids: _Optional[_Iterable[str]] = ..., limit: _Optional[int] = ..., program_id: _Optional[str] = ...) -> None: ...

class ListLoggedWorkoutsResponse(_message.Message):
    __slots__ = ("workouts", "total_count")
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    workouts: _containers.RepeatedCompositeFieldContainer[_sessions_pb2.Session]
    total_count: int
    def __init__(self, workouts: _Optional[_Iterable[_Union[_sessions_pb2.Session, _Mapping]]] = ..., total_count: _Optional[int] = ...) -> None: ...

class CurrentProgram(_message.Message):
    __slots__ = ("program_id", "version", "started_on", "routine_ids")
    PROGRAM_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STARTED_ON_FIELD_NUMBER: _ClassVar[int]
    ROUTINE_IDS_FIELD_NUMBER: _ClassVar[int]
    program_id: str
    version: int
    started_on: str
    routine_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, program_id: _Optional[str] = ..., version: _Optional[int] = ..., started_on: _Optional[str] = ..., routine_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class LogProfile(_message.Message):
    __slots__ = ("goals", "equipment", "limitations", "training_days", "calm_mode", "program_suggestions", "remembered_exercises", "current_program")
    class RememberedExercisesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GOALS_FIELD_NUMBER: _ClassVar[int]
    EQUIPMENT_FIELD_NUMBER: _ClassVar[int]
    LIMITATIONS_FIELD_NUMBER: _ClassVar[int]
    TRAINING_DAYS_FIELD_NUMBER: _ClassVar[int]
    CALM_MODE_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    REMEMBERED_EXERCISES_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PROGRAM_FIELD_NUMBER: _ClassVar[int]
    goals: str
    equipment: _containers.RepeatedScalarFieldContainer[str]
    limitations: str
    training_days: _containers.RepeatedScalarFieldContainer[str]
    calm_mode: bool
    program_suggestions: bool
    remembered_exercises: _containers.ScalarMap[str, str]
    current_program: CurrentProgram
    def __init__(self, goals: _Optional[str] = ..., equipment: _Optional[_Iterable[str]] = ..., limitations: _Optional[str] = ..., training_days: _Optional[_Iterable[str]] = ..., calm_mode: _Optional[bool] = ..., program_suggestions: _Optional[bool] = ..., remembered_exercises: _Optional[_Mapping[str, str]] = ..., current_program: _Optional[_Union[CurrentProgram, _Mapping]] = ...) -> None: ...

class GetLogProfileRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetLogProfileResponse(_message.Message):
    __slots__ = ("profile",)
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    profile: LogProfile
    def __init__(self, profile: _Optional[_Union[LogProfile, _Mapping]] = ...) -> None: ...

class StringList(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, values: _Optional[_Iterable[str]] = ...) -> None: ...

class UpdateLogProfileRequest(_message.Message):
    __slots__ = ("account_id", "goals", "equipment", "limitations", "training_days", "calm_mode", "program_suggestions")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    EQUIPMENT_FIELD_NUMBER: _ClassVar[int]
    LIMITATIONS_FIELD_NUMBER: _ClassVar[int]
    TRAINING_DAYS_FIELD_NUMBER: _ClassVar[int]
    CALM_MODE_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    goals: str
    equipment: StringList
    limitations: str
    training_days: StringList
    calm_mode: bool
    program_suggestions: bool
    def __init__(self, account_id: _Optional[str] = ..., goals: _Optional[str] = ..., equipment: _Optional[_Union[StringList, _Mapping]] = ..., limitations: _Optional[str] = ..., training_days: _Optional[_Union[StringList, _Mapping]] = ..., calm_mode: _Optional[bool] = ..., program_suggestions: _Optional[bool] = ...) -> None: ...

class UpdateLogProfileResponse(_message.Message):
    __slots__ = ("profile",)
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    profile: LogProfile
    def __init__(self, profile: _Optional[_Union[LogProfile, _Mapping]] = ...) -> None: ...

class StartProgramRequest(_message.Message):
    __slots__ = ("account_id", "program_id", "version", "started_on", "routine_ids")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STARTED_ON_FIELD_NUMBER: _ClassVar[int]
    ROUTINE_IDS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    program_id: str
    version: int
    started_on: str
    routine_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, account_id: _Optional[str] = ..., program_id: _Optional[str] = ..., version: _Optional[int] = ..., started_on: _Optional[str] = ..., routine_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class StartProgramResponse(_message.Message):
    __slots__ = ("current_program", "replayed")
    CURRENT_PROGRAM_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    current_program: CurrentProgram
    replayed: bool
    def __init__(self, current_program: _Optional[_Union[CurrentProgram, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class EndProgramRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class EndProgramResponse(_message.Message):
    __slots__ = ("ended_program",)
    ENDED_PROGRAM_FIELD_NUMBER: _ClassVar[int]
    ended_program: CurrentProgram
    def __init__(self, ended_program: _Optional[_Union[CurrentProgram, _Mapping]] = ...) -> None: ...

class LinkWorkoutToProgramRequest(_message.Message):
    __slots__ = ("account_id", "workout_id", "program", "remove")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_FIELD_NUMBER: _ClassVar[int]
    REMOVE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    workout_id: str
    program: ProgramDay
    remove: bool
    def __init__(self, account_id: _Optional[str] = ..., workout_id: _Optional[str] = ..., program: _Optional[_Union[ProgramDay, _Mapping]] = ..., remove: _Optional[bool] = ...) -> None: ...

class LinkWorkoutToProgramResponse(_message.Message):
    __slots__ = ("workout",)
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    workout: _sessions_pb2.Session
    def __init__(self, workout: _Optional[_Union[_sessions_pb2.Session, _Mapping]] = ...) -> None: ...

class ImportWorkoutFileRequest(_message.Message):
    __slots__ = ("account_id", "file", "unit", "distance_unit", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_UNIT_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    file: bytes
    unit: str
    distance_unit: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., file: _Optional[bytes] = ..., unit: _Optional[str] = ..., distance_unit: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class ImportedFileRow(_message.Message):
    __slots__ = ("line", "reason")
    LINE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    line: int
    reason: str
    def __init__(self, line: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class RefusedFileWorkout(_message.Message):
    __slots__ = ("started_at", "reason")
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    started_at: str
    reason: str
    def __init__(self, started_at: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class DroppedFileRpe(_message.Message):
    __slots__ = ("started_at", "exercise_name", "rpe")
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    started_at: str
    exercise_name: str
    rpe: float
    def __init__(self, started_at: _Optional[str] = ..., exercise_name: _Optional[str] = ..., rpe: _Optional[float] = ...) -> None: ...

class ImportWorkoutFileResponse(_message.Message):
    __slots__ = ("imported", "already_imported", "sets", "skipped_rows", "refused", "unconfirmed_exercises", "dropped_rpe", "dropped_durations")
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    ALREADY_IMPORTED_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    SKIPPED_ROWS_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    UNCONFIRMED_EXERCISES_FIELD_NUMBER: _ClassVar[int]
    DROPPED_RPE_FIELD_NUMBER: _ClassVar[int]
    DROPPED_DURATIONS_FIELD_NUMBER: _ClassVar[int]
    imported: int
    already_imported: int
    sets: int
    skipped_rows: _containers.RepeatedCompositeFieldContainer[ImportedFileRow]
    refused: _containers.RepeatedCompositeFieldContainer[RefusedFileWorkout]
    unconfirmed_exercises: _containers.RepeatedScalarFieldContainer[str]
    dropped_rpe: _containers.RepeatedCompositeFieldContainer[DroppedFileRpe]
    dropped_durations: _containers.RepeatedCompositeFieldContainer[ImportedFileRow]
    def __init__(self, imported: _Optional[int] = ..., already_imported: _Optional[int] = ..., sets: _Optional[int] = ..., skipped_rows: _Optional[_Iterable[_Union[ImportedFileRow, _Mapping]]] = ..., refused: _Optional[_Iterable[_Union[RefusedFileWorkout, _Mapping]]] = ..., unconfirmed_exercises: _Optional[_Iterable[str]] = ..., dropped_rpe: _Optional[_Iterable[_Union[DroppedFileRpe, _Mapping]]] = ..., dropped_durations: _Optional[_Iterable[_Union[ImportedFileRow, _Mapping]]] = ...) -> None: ...

class ExportWorkoutsRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "format", "load_unit")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    LOAD_UNIT_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    format: ExportFormat
    load_unit: str
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., format: _Optional[_Union[ExportFormat, str]] = ..., load_unit: _Optional[str] = ...) -> None: ...

class ExportWorkoutsResponse(_message.Message):
    __slots__ = ("workouts", "csv")
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    CSV_FIELD_NUMBER: _ClassVar[int]
    workouts: _containers.RepeatedCompositeFieldContainer[_sessions_pb2.Session]
    csv: str
    def __init__(self, workouts: _Optional[_Iterable[_Union[_sessions_pb2.Session, _Mapping]]] = ..., csv: _Optional[str] = ...) -> None: ...
