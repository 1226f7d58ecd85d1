import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from kinetic.sessions.v1 import endurance_pb2 as _endurance_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Change(_message.Message):
    __slots__ = ("sequence", "kind", "record_id", "create_time", "session", "session_deleted", "performance_logged", "performance_deleted", "activity", "activity_deleted", "threshold", "threshold_deleted", "readiness")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    SESSION_DELETED_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_LOGGED_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_DELETED_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_DELETED_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_DELETED_FIELD_NUMBER: _ClassVar[int]
    READINESS_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    kind: str
    record_id: str
    create_time: _timestamp_pb2.Timestamp
    session: Session
    session_deleted: SessionDeleted
    performance_logged: PerformanceLogged
    performance_deleted: PerformanceDeleted
    activity: _endurance_pb2.ActivitySummary
    activity_deleted: _endurance_pb2.ActivityDeleted
    threshold: _endurance_pb2.Threshold
    threshold_deleted: _endurance_pb2.ThresholdDeleted
    readiness: _endurance_pb2.DailyReadiness
    def __init__(self, sequence: _Optional[int] = ..., kind: _Optional[str] = ..., record_id: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., session: _Optional[_Union[Session, _Mapping]] = ..., session_deleted: _Optional[_Union[SessionDeleted, _Mapping]] = ..., performance_logged: _Optional[_Union[PerformanceLogged, _Mapping]] = ..., performance_deleted: _Optional[_Union[PerformanceDeleted, _Mapping]] = ..., activity: _Optional[_Union[_endurance_pb2.ActivitySummary, _Mapping]] = ..., activity_deleted: _Optional[_Union[_endurance_pb2.ActivityDeleted, _Mapping]] = ..., threshold: _Optional[_Union[_endurance_pb2.Threshold, _Mapping]] = ..., threshold_deleted: _Optional[_Union[_endurance_pb2.ThresholdDeleted, _Mapping]] = ..., readiness: _Optional[_Union[_endurance_pb2.DailyReadiness, _Mapping]] = ...) -> None: ...

class SessionDeleted(_message.Message):
    __slots__ = ("session", "performance_ids", "delete_time")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_IDS_FIELD_NUMBER: _ClassVar[int]
    DELETE_TIME_FIELD_NUMBER: _ClassVar[int]
    session: Session
    performance_ids: _containers.RepeatedScalarFieldContainer[str]
    delete_time: _timestamp_pb2.Timestamp
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., performance_ids: _Optional[_Iterable[str]] = ..., delete_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class PerformanceLogged(_message.Message):
    __slots__ = ("session_id", "performance", "catalog_exercise_id")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    performance: Performance
    catalog_exercise_id: str
    def __init__(self, session_id: _Optional[str] = ..., performance: _Optional[_Union[Performance, _Mapping]] = ..., catalog_exercise_id: _Optional[str] = ...) -> None: ...

class PerformanceDeleted(_message.Message):
    __slots__ = ("performance_id", "session_id", "exercise_id", "delete_time")
    PERFORMANCE_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    DELETE_TIME_FIELD_NUMBER: _ClassVar[int]
    performance_id: str
    session_id: str
    exercise_id: str
    delete_time: _timestamp_pb2.Timestamp
    def __init__(self, performance_id: _Optional[str] = ..., session_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., delete_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListChangesRequest(_message.Message):
    __slots__ = ("account_id", "after_sequence", "page_size", "omit_superseded_payloads")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    OMIT_SUPERSEDED_PAYLOADS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    after_sequence: int
    page_size: int
    omit_superseded_payloads: bool
    def __init__(self, account_id: _Optional[str] = ..., after_sequence: _Optional[int] = ..., page_size: _Optional[int] = ..., omit_superseded_payloads: _Optional[bool] = ...) -> None: ...

class ListChangesResponse(_message.Message):
    __slots__ = ("changes", "latest_sequence")
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    LATEST_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[Change]
    latest_sequence: int
    def __init__(self, changes: _Optional[_Iterable[_Union[Change, _Mapping]]] = ..., latest_sequence: _Optional[int] = ...) -> None: ...

class SetupValue(_message.Message):
    __slots__ = ("key", "string_value", "number_value", "bool_value")
    KEY_FIELD_NUMBER: _ClassVar[int]
    STRING_VALUE_FIELD_NUMBER: _ClassVar[int]
    NUMBER_VALUE_FIELD_NUMBER: _ClassVar[int]
    BOOL_VALUE_FIELD_NUMBER: _ClassVar[int]
    key: str
    string_value: str
    number_value: float
    bool_value: bool
    def __init__(self, key: _Optional[str] = ..., string_value: _Optional[str] = ..., number_value: _Optional[float] = ..., bool_value: _Optional[bool] = ...) -> None: ...

class SetupValues(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedCompositeFieldContainer[SetupValue]
    def __init__(self, values: _Optional[_Iterable[_Union[SetupValue, _Mapping]]] = ...) -> None: ...

class PerformanceSet(_message.Message):
    __slots__ = ("set_number", "set_type", "weight_kg", "reps_number", "reps_text", "time_seconds", "distance_meters", "rest_seconds", "rpe", "completed", "notes", "estimated", "load_value", "load_unit")
    SET_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SET_TYPE_FIELD_NUMBER: _ClassVar[int]
    WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    REPS_NUMBER_FIELD_NUMBER: _ClassVar[int]
    REPS_TEXT_FIELD_NUMBER: _ClassVar[int]
    TIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_FIELD_NUMBER: _ClassVar[int]
    LOAD_VALUE_FIELD_NUMBER: _ClassVar[int]
    LOAD_UNIT_FIELD_NUMBER: _ClassVar[int]
    set_number: int
    set_type: str
    weight_kg: float
    reps_number: float
    reps_text: str
    time_seconds: float
    distance_meters: float
    rest_seconds: float
    rpe: float
    completed: bool
    notes: str
    estimated: bool
    load_value: float
    load_unit: str
    def __init__(self, set_number: _Optional[int] = ..., set_type: _Optional[str] = ..., weight_kg: _Optional[float] = ..., reps_number: _Optional[float] = ..., reps_text: _Optional[str] = ..., time_seconds: _Optional[float] = ..., distance_meters: _Optional[float] = ..., rest_seconds: _Optional[float] = ..., rpe: _Optional[float] = ..., completed: _Optional[bool] = ..., notes: _Optional[str] = ..., estimated: _Optional[bool] = ..., load_value: _Optional[float] = ..., load_unit: _Optional[str] = ...) -> None: ...

class Performance(_message.Message):
    __slots__ = ("performance_id", "exercise_id", "plan_exercise_id", "notes", "rest_seconds", "is_completed", "setup_values", "next_setup_values", "setup_settings_enabled", "show_set_rpe", "sets", "update_time", "exercise_name", "catalog_exercise_id")
    PERFORMANCE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    IS_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    SETUP_VALUES_FIELD_NUMBER: _ClassVar[int]
    NEXT_SETUP_VALUES_FIELD_NUMBER: _ClassVar[int]
    SETUP_SETTINGS_ENABLED_FIELD_NUMBER: _ClassVar[int]
    SHOW_SET_RPE_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    performance_id: str
    exercise_id: str
    plan_exercise_id: str
    notes: str
    rest_seconds: float
    is_completed: bool
    setup_values: _containers.RepeatedCompositeFieldContainer[SetupValue]
    next_setup_values: _containers.RepeatedCompositeFieldContainer[SetupValue]
    setup_settings_enabled: bool
    show_set_rpe: bool
    sets: _containers.RepeatedCompositeFieldContainer[PerformanceSet]
    update_time: _timestamp_pb2.Timestamp
    exercise_name: str
    catalog_exercise_id: str
    def __init__(self, performance_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., plan_exercise_id: _Optional[str] = ..., notes: _Optional[str] = ..., rest_seconds: _Optional[float] = ..., is_completed: _Optional[bool] = ..., setup_values: _Optional[_Iterable[_Union[SetupValue, _Mapping]]] = ..., next_setup_values: _Optional[_Iterable[_Union[SetupValue, _Mapping]]] = ..., setup_settings_enabled: _Optional[bool] = ..., show_set_rpe: _Optional[bool] = ..., sets: _Optional[_Iterable[_Union[PerformanceSet, _Mapping]]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., exercise_name: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ...) -> None: ...

class Session(_message.Message):
    __slots__ = ("session_id", "account_id", "source", "plan_id", "plan_moment_id", "workout_id", "original_scheduled_day", "status", "title", "notes", "start_time", "end_time", "update_time", "experience_points", "performance_count", "performances", "company_id", "program_id", "program_day")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_MOMENT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    EXPERIENCE_POINTS_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCES_FIELD_NUMBER: _ClassVar[int]
    COMPANY_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_DAY_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    account_id: str
    source: str
    plan_id: str
    plan_moment_id: str
    workout_id: str
    original_scheduled_day: str
    status: str
    title: str
    notes: str
    start_time: _timestamp_pb2.Timestamp
    end_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    experience_points: int
    performance_count: int
    performances: _containers.RepeatedCompositeFieldContainer[Performance]
    company_id: str
    program_id: str
    program_day: str
    def __init__(self, session_id: _Optional[str] = ..., account_id: _Optional[str] = ..., source: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_moment_id: _Optional[str] = ..., workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., status: _Optional[str] = ..., title: _Optional[str] = ..., notes: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., experience_points: _Optional[int] = ..., performance_count: _Optional[int] = ..., performances: _Optional[_Iterable[_Union[Performance, _Mapping]]] = ..., company_id: _Optional[str] = ..., program_id: _Optional[str] = ..., program_day: _Optional[str] = ...) -> None: ...

class StartOrResumeSessionRequest(_message.Message):
    __slots__ = ("account_id", "plan_id", "plan_moment_id", "workout_id", "original_scheduled_day", "title", "language", "device_id", "gym_module")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_MOMENT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    plan_id: str
    plan_moment_id: str
    workout_id: str
    original_scheduled_day: str
    title: str
    language: str
    device_id: str
    gym_module: str
    def __init__(self, account_id: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_moment_id: _Optional[str] = ..., workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., title: _Optional[str] = ..., language: _Optional[str] = ..., device_id: _Optional[str] = ..., gym_module: _Optional[str] = ...) -> None: ...

class StartOrResumeSessionResponse(_message.Message):
    __slots__ = ("session", "resumed")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    RESUMED_FIELD_NUMBER: _ClassVar[int]
    session: Session
    resumed: bool
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., resumed: _Optional[bool] = ...) -> None: ...

class LogPerformanceRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "exercise_id", "sets", "performance_id", "plan_exercise_id", "notes", "rest_seconds", "is_completed", "setup_values", "next_setup_values", "setup_settings_enabled", "show_set_rpe", "language", "gym_module")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    IS_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    SETUP_VALUES_FIELD_NUMBER: _ClassVar[int]
    NEXT_SETUP_VALUES_FIELD_NUMBER: _ClassVar[int]
    SETUP_SETTINGS_ENABLED_FIELD_NUMBER: _ClassVar[int]
    SHOW_SET_RPE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    exercise_id: str
    sets: _containers.RepeatedCompositeFieldContainer[PerformanceSet]
    performance_id: str
    plan_exercise_id: str
    notes: str
    rest_seconds: float
    is_completed: bool
    setup_values: SetupValues
    next_setup_values: SetupValues
    setup_settings_enabled: bool
    show_set_rpe: bool
    language: str
    gym_module: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., sets: _Optional[_Iterable[_Union[PerformanceSet, _Mapping]]] = ..., performance_id: _Optional[str] = ..., plan_exercise_id: _Optional[str] = ..., notes: _Optional[str] = ..., rest_seconds: _Optional[float] = ..., is_completed: _Optional[bool] = ..., setup_values: _Optional[_Union[SetupValues, _Mapping]] = ..., next_setup_values: _Optional[_Union[SetupValues, _Mapping]] = ..., setup_settings_enabled: _Optional[bool] = ..., show_set_rpe: _Optional[bool] = ..., language: _Optional[str] = ..., gym_module: _Optional[str] = ...) -> None: ...

class LogPerformanceResponse(_message.Message):
    __slots__ = ("performance", "replayed", "session")
    PERFORMANCE_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    performance: Performance
    replayed: bool
    session: Session
    def __init__(self, performance: _Optional[_Union[Performance, _Mapping]] = ..., replayed: _Optional[bool] = ..., session: _Optional[_Union[Session, _Mapping]] = ...) -> None: ...

class CompleteSessionRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "notes", "device_id", "gym_module")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    notes: str
    device_id: str
    gym_module: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., notes: _Optional[str] = ..., device_id: _Optional[str] = ..., gym_module: _Optional[str] = ...) -> None: ...

class CompleteSessionResponse(_message.Message):
    __slots__ = ("session", "experience_points_awarded", "total_experience_points", "replayed")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    EXPERIENCE_POINTS_AWARDED_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPERIENCE_POINTS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    session: Session
    experience_points_awarded: int
    total_experience_points: int
    replayed: bool
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., experience_points_awarded: _Optional[int] = ..., total_experience_points: _Optional[int] = ..., replayed: _Optional[bool] = ...) -> None: ...

class GetSessionRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "gym_module")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    gym_module: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., gym_module: _Optional[str] = ...) -> None: ...

class GetSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: Session
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ...) -> None: ...

class ListSessionsRequest(_message.Message):
    __slots__ = ("account_id", "status", "date_from", "date_to", "page", "limit", "page_size", "page_token", "skip", "gym_module", "sources", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DATE_FROM_FIELD_NUMBER: _ClassVar[int]
    DATE_TO_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SKIP_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    status: str
    date_from: str
    date_to: str
    page: int
    limit: int
    page_size: int
    page_token: str
    skip: int
    gym_module: str
    sources: _containers.RepeatedScalarFieldContainer[str]
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., status: _Optional[str] = ..., date_from: _Optional[str] = ..., date_to: _Optional[str] = ..., page: _Optional[int] = ..., limit: _Optional[int] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., skip: _Optional[int] = ..., gym_module: _Optional[str] = ..., sources: _Optional[_Iterable[str]] = ..., time_zone: _Optional[str] = ...) -> None: ...

class ListSessionsResponse(_message.Message):
    __slots__ = ("sessions", "page", "limit", "total_count", "has_more", "next_page_token")
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    sessions: _containers.RepeatedCompositeFieldContainer[Session]
    page: int
    limit: int
    total_count: int
    has_more: bool
    next_page_token: str
    def __init__(self, sessions: _Optional[_Iterable[_Union[Session, _Mapping]]] = ..., page: _Optional[int] = ..., limit: _Optional[int] = ..., total_count: _Optional[int] = ..., has_more: _Optional[bool] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetExerciseHistoryRequest(_message.Message):
    __slots__ = ("account_id", "exercise_id", "date_from", "date_to", "limit", "gym_module", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    DATE_FROM_FIELD_NUMBER: _ClassVar[int]
    DATE_TO_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    GYM_MODULE_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_id: str
    date_from: str
    date_to: str
    limit: int
    gym_module: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., date_from: _Optional[str] = ..., date_to: _Optional[str] = ..., limit: _Optional[int] = ..., gym_module: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class ExerciseHistoryEntry(_message.Message):
    __slots__ = ("session_id", "session_title", "completed_time", "performance")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_TITLE_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_TIME_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    session_title: str
    completed_time: _timestamp_pb2.Timestamp
    performance: Performance
    def __init__(self, session_id: _Optional[str] = ..., session_title: _Optional[str] = ..., completed_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., performance: _Optional[_Union[Performance, _Mapping]] = ...) -> None: ...

class GetExerciseHistoryResponse(_message.Message):
    __slots__ = ("entries",)
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[ExerciseHistoryEntry]
    def __init__(self, entries: _Optional[_Iterable[_Union[ExerciseHistoryEntry, _Mapping]]] = ...) -> None: ...

class GetLiveSnapshotRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class LiveSnapshot(_message.Message):
    __slots__ = ("session", "update_time", "age_seconds", "stale", "label")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    AGE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    STALE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    session: Session
    update_time: _timestamp_pb2.Timestamp
    age_seconds: int
    stale: bool
    label: str
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., age_seconds: _Optional[int] = ..., stale: _Optional[bool] = ..., label: _Optional[str] = ...) -> None: ...

class GetLiveSnapshotResponse(_message.Message):
    __slots__ = ("snapshot",)
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    snapshot: LiveSnapshot
    def __init__(self, snapshot: _Optional[_Union[LiveSnapshot, _Mapping]] = ...) -> None: ...

class UpdateSessionStatusRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "status", "device_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    status: str
    device_id: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., status: _Optional[str] = ..., device_id: _Optional[str] = ...) -> None: ...

class UpdateSessionStatusResponse(_message.Message):
    __slots__ = ("session", "replayed")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    session: Session
    replayed: bool
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class DeleteSessionRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "device_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    device_id: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., device_id: _Optional[str] = ...) -> None: ...

class DeleteSessionResponse(_message.Message):
    __slots__ = ("session_id", "deleted_performance_count", "experience_points_removed", "total_experience_points")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    DELETED_PERFORMANCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    EXPERIENCE_POINTS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPERIENCE_POINTS_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    deleted_performance_count: int
    experience_points_removed: int
    total_experience_points: int
    def __init__(self, session_id: _Optional[str] = ..., deleted_performance_count: _Optional[int] = ..., experience_points_removed: _Optional[int] = ..., total_experience_points: _Optional[int] = ...) -> None: ...

class DeletePerformanceRequest(_message.Message):
    __slots__ = ("account_id", "session_id", "performance_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    session_id: str
    performance_id: str
    def __init__(self, account_id: _Optional[str] = ..., session_id: _Optional[str] = ..., performance_id: _Optional[str] = ...) -> None: ...

class DeletePerformanceResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: Session
    def __init__(self, session: _Optional[_Union[Session, _Mapping]] = ...) -> None: ...

class EraseAccountRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class EraseAccountResponse(_message.Message):
    __slots__ = ("deleted_rows",)
    DELETED_ROWS_FIELD_NUMBER: _ClassVar[int]
    deleted_rows: int
    def __init__(self, deleted_rows: _Optional[int] = ...) -> None: ...
