import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetFeedPositionRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetFeedPositionResponse(_message.Message):
    __slots__ = ("sessions_sequence", "training_sequence")
    SESSIONS_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TRAINING_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    sessions_sequence: int
    training_sequence: int
    def __init__(self, sessions_sequence: _Optional[int] = ..., training_sequence: _Optional[int] = ...) -> None: ...

class SetReference(_message.Message):
    __slots__ = ("session_id", "performance_id", "set_number", "day", "session_start_time", "weight_kg", "reps")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_ID_FIELD_NUMBER: _ClassVar[int]
    SET_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    SESSION_START_TIME_FIELD_NUMBER: _ClassVar[int]
    WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    REPS_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    performance_id: str
    set_number: int
    day: str
    session_start_time: _timestamp_pb2.Timestamp
    weight_kg: float
    reps: float
    def __init__(self, session_id: _Optional[str] = ..., performance_id: _Optional[str] = ..., set_number: _Optional[int] = ..., day: _Optional[str] = ..., session_start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., weight_kg: _Optional[float] = ..., reps: _Optional[float] = ...) -> None: ...

class PersonalRecord(_message.Message):
    __slots__ = ("value", "formula", "set")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    value: float
    formula: str
    set: SetReference
    def __init__(self, value: _Optional[float] = ..., formula: _Optional[str] = ..., set: _Optional[_Union[SetReference, _Mapping]] = ...) -> None: ...

class ExerciseRecords(_message.Message):
    __slots__ = ("exercise_id", "exercise_name", "heaviest_load", "estimated_one_rep_max", "best_set_volume", "catalog_exercise_id")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    HEAVIEST_LOAD_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_ONE_REP_MAX_FIELD_NUMBER: _ClassVar[int]
    BEST_SET_VOLUME_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    exercise_name: str
    heaviest_load: PersonalRecord
    estimated_one_rep_max: PersonalRecord
    best_set_volume: PersonalRecord
    catalog_exercise_id: str
    def __init__(self, exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., heaviest_load: _Optional[_Union[PersonalRecord, _Mapping]] = ..., estimated_one_rep_max: _Optional[_Union[PersonalRecord, _Mapping]] = ..., best_set_volume: _Optional[_Union[PersonalRecord, _Mapping]] = ..., catalog_exercise_id: _Optional[str] = ...) -> None: ...

class GetPersonalRecordsRequest(_message.Message):
    __slots__ = ("account_id", "exercise_ids", "formula", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_IDS_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_ids: _containers.RepeatedScalarFieldContainer[str]
    formula: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., exercise_ids: _Optional[_Iterable[str]] = ..., formula: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class GetPersonalRecordsResponse(_message.Message):
    __slots__ = ("exercises", "formula", "as_of_sequence")
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    exercises: _containers.RepeatedCompositeFieldContainer[ExerciseRecords]
    formula: str
    as_of_sequence: int
    def __init__(self, exercises: _Optional[_Iterable[_Union[ExerciseRecords, _Mapping]]] = ..., formula: _Optional[str] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetProgressRequest(_message.Message):
    __slots__ = ("account_id", "exercise_id", "metric", "from_day", "to_day", "formula", "time_zone", "columns_only")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    METRIC_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_ONLY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_id: str
    metric: str
    from_day: str
    to_day: str
    formula: str
    time_zone: str
    columns_only: bool
    def __init__(self, account_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., metric: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., formula: _Optional[str] = ..., time_zone: _Optional[str] = ..., columns_only: _Optional[bool] = ...) -> None: ...

class ProgressColumns(_message.Message):
    __slots__ = ("days", "values", "session_ids", "start_seconds", "start_nanos", "set_counts", "set_performance_ids", "set_numbers", "set_weights_kg", "set_reps")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    SESSION_IDS_FIELD_NUMBER: _ClassVar[int]
    START_SECONDS_FIELD_NUMBER: _ClassVar[int]
    START_NANOS_FIELD_NUMBER: _ClassVar[int]
    SET_COUNTS_FIELD_NUMBER: _ClassVar[int]
    SET_PERFORMANCE_IDS_FIELD_NUMBER: _ClassVar[int]
    SET_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    SET_WEIGHTS_KG_FIELD_NUMBER: _ClassVar[int]
    SET_REPS_FIELD_NUMBER: _ClassVar[int]
    days: _containers.RepeatedScalarFieldContainer[int]
    values: _containers.RepeatedScalarFieldContainer[float]
    session_ids: _containers.RepeatedScalarFieldContainer[str]
    start_seconds: _containers.RepeatedScalarFieldContainer[int]
    start_nanos: _containers.RepeatedScalarFieldContainer[int]
    set_counts: _containers.RepeatedScalarFieldContainer[int]
    set_performance_ids: _containers.RepeatedScalarFieldContainer[str]
    set_numbers: _containers.RepeatedScalarFieldContainer[int]
    set_weights_kg: _containers.RepeatedScalarFieldContainer[float]
    set_reps: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, days: _Optional[_Iterable[int]] = ..., values: _Optional[_Iterable[float]] = ..., session_ids: _Optional[_Iterable[str]] = ..., start_seconds: _Optional[_Iterable[int]] = ..., start_nanos: _Optional[_Iterable[int]] = ..., set_counts: _Optional[_Iterable[int]] = ..., set_performance_ids: _Optional[_Iterable[str]] = ..., set_numbers: _Optional[_Iterable[int]] = ..., set_weights_kg: _Optional[_Iterable[float]] = ..., set_reps: _Optional[_Iterable[float]] = ...) -> None: ...

class ProgressPoint(_message.Message):
    __slots__ = ("value", "day", "session_id", "session_start_time", "set", "set_count")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_START_TIME_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    SET_COUNT_FIELD_NUMBER: _ClassVar[int]
    value: float
    day: str
    session_id: str
    session_start_time: _timestamp_pb2.Timestamp
    set: SetReference
    set_count: int
    def __init__(self, value: _Optional[float] = ..., day: _Optional[str] = ..., session_id: _Optional[str] = ..., session_start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., set: _Optional[_Union[SetReference, _Mapping]] = ..., set_count: _Optional[int] = ...) -> None: ...

class GetProgressResponse(_message.Message):
    __slots__ = ("exercise_id", "metric", "formula", "from_day", "to_day", "points", "as_of_sequence", "columns")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    METRIC_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    metric: str
    formula: str
    from_day: str
    to_day: str
    points: _containers.RepeatedCompositeFieldContainer[ProgressPoint]
    as_of_sequence: int
    columns: ProgressColumns
    def __init__(self, exercise_id: _Optional[str] = ..., metric: _Optional[str] = ..., formula: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., points: _Optional[_Iterable[_Union[ProgressPoint, _Mapping]]] = ..., as_of_sequence: _Optional[int] = ..., columns: _Optional[_Union[ProgressColumns, _Mapping]] = ...) -> None: ...

class MuscleSets(_message.Message):
    __slots__ = ("muscle", "weighted_sets", "primary_sets", "secondary_sets")
    MUSCLE_FIELD_NUMBER: _ClassVar[int]
    WEIGHTED_SETS_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_SETS_FIELD_NUMBER: _ClassVar[int]
    SECONDARY_SETS_FIELD_NUMBER: _ClassVar[int]
    muscle: str
    weighted_sets: float
    primary_sets: float
    secondary_sets: float
    def __init__(self, muscle: _Optional[str] = ..., weighted_sets: _Optional[float] = ..., primary_sets: _Optional[float] = ..., secondary_sets: _Optional[float] = ...) -> None: ...

class FocusWeek(_message.Message):
    __slots__ = ("week", "start_day", "muscles", "unmapped_sets")
    WEEK_FIELD_NUMBER: _ClassVar[int]
    START_DAY_FIELD_NUMBER: _ClassVar[int]
    MUSCLES_FIELD_NUMBER: _ClassVar[int]
    UNMAPPED_SETS_FIELD_NUMBER: _ClassVar[int]
    week: str
    start_day: str
    muscles: _containers.RepeatedCompositeFieldContainer[MuscleSets]
    unmapped_sets: int
    def __init__(self, week: _Optional[str] = ..., start_day: _Optional[str] = ..., muscles: _Optional[_Iterable[_Union[MuscleSets, _Mapping]]] = ..., unmapped_sets: _Optional[int] = ...) -> None: ...

class FocusBalance(_message.Message):
    __slots__ = ("from_day", "to_day", "primary_weight", "secondary_weight", "weeks", "weekly_average", "unmapped_exercise_ids")
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    SECONDARY_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    WEEKS_FIELD_NUMBER: _ClassVar[int]
    WEEKLY_AVERAGE_FIELD_NUMBER: _ClassVar[int]
    UNMAPPED_EXERCISE_IDS_FIELD_NUMBER: _ClassVar[int]
    from_day: str
    to_day: str
    primary_weight: float
    secondary_weight: float
    weeks: _containers.RepeatedCompositeFieldContainer[FocusWeek]
    weekly_average: _containers.RepeatedCompositeFieldContainer[MuscleSets]
    unmapped_exercise_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., primary_weight: _Optional[float] = ..., secondary_weight: _Optional[float] = ..., weeks: _Optional[_Iterable[_Union[FocusWeek, _Mapping]]] = ..., weekly_average: _Optional[_Iterable[_Union[MuscleSets, _Mapping]]] = ..., unmapped_exercise_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class GetFocusBalanceRequest(_message.Message):
    __slots__ = ("account_id", "from_day", "to_day", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_day: str
    to_day: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class GetFocusBalanceResponse(_message.Message):
    __slots__ = ("balance", "as_of_sequence")
    BALANCE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    balance: FocusBalance
    as_of_sequence: int
    def __init__(self, balance: _Optional[_Union[FocusBalance, _Mapping]] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class Trend(_message.Message):
    __slots__ = ("exercise_id", "exercise_name", "formula", "from_day", "to_day", "sample_size", "first_e1rm_kg", "last_e1rm_kg", "slope_kg_per_week", "slope_standard_error_kg_per_week", "direction", "catalog_exercise_id")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    FIRST_E1RM_KG_FIELD_NUMBER: _ClassVar[int]
    LAST_E1RM_KG_FIELD_NUMBER: _ClassVar[int]
    SLOPE_KG_PER_WEEK_FIELD_NUMBER: _ClassVar[int]
    SLOPE_STANDARD_ERROR_KG_PER_WEEK_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    exercise_name: str
    formula: str
    from_day: str
    to_day: str
    sample_size: int
    first_e1rm_kg: float
    last_e1rm_kg: float
    slope_kg_per_week: float
    slope_standard_error_kg_per_week: float
    direction: str
    catalog_exercise_id: str
    def __init__(self, exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., formula: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., sample_size: _Optional[int] = ..., first_e1rm_kg: _Optional[float] = ..., last_e1rm_kg: _Optional[float] = ..., slope_kg_per_week: _Optional[float] = ..., slope_standard_error_kg_per_week: _Optional[float] = ..., direction: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ...) -> None: ...

class ShortSeries(_message.Message):
    __slots__ = ("exercise_id", "exercise_name", "catalog_exercise_id", "sample_size", "from_day", "to_day", "span_days")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SPAN_DAYS_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    exercise_name: str
    catalog_exercise_id: str
    sample_size: int
    from_day: str
    to_day: str
    span_days: int
    def __init__(self, exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ..., sample_size: _Optional[int] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., span_days: _Optional[int] = ...) -> None: ...

class Suggestion(_message.Message):
    __slots__ = ("exercise_id", "exercise_name", "kind", "load_kg", "reps", "uncertainty_kg", "from_day", "to_day", "sample_size", "formula", "predicted_e1rm_kg", "last_load_kg", "last_reps", "basis", "catalog_exercise_id")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LOAD_KG_FIELD_NUMBER: _ClassVar[int]
    REPS_FIELD_NUMBER: _ClassVar[int]
    UNCERTAINTY_KG_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    PREDICTED_E1RM_KG_FIELD_NUMBER: _ClassVar[int]
    LAST_LOAD_KG_FIELD_NUMBER: _ClassVar[int]
    LAST_REPS_FIELD_NUMBER: _ClassVar[int]
    BASIS_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    exercise_name: str
    kind: str
    load_kg: float
    reps: int
    uncertainty_kg: float
    from_day: str
    to_day: str
    sample_size: int
    formula: str
    predicted_e1rm_kg: float
    last_load_kg: float
    last_reps: float
    basis: str
    catalog_exercise_id: str
    def __init__(self, exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., kind: _Optional[str] = ..., load_kg: _Optional[float] = ..., reps: _Optional[int] = ..., uncertainty_kg: _Optional[float] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., sample_size: _Optional[int] = ..., formula: _Optional[str] = ..., predicted_e1rm_kg: _Optional[float] = ..., last_load_kg: _Optional[float] = ..., last_reps: _Optional[float] = ..., basis: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ...) -> None: ...

class PlanTarget(_message.Message):
    __slots__ = ("workout_id", "workout_name", "workout_version", "plan_id", "plan_name", "movement_id", "exercise_id", "current_target_weight_kg", "proposed_target_weight_kg", "current_target_sets", "proposed_target_sets")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_NAME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_VERSION_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_NAME_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout_name: str
    workout_version: str
    plan_id: str
    plan_name: str
    movement_id: str
    exercise_id: str
    current_target_weight_kg: float
    proposed_target_weight_kg: float
    current_target_sets: int
    proposed_target_sets: int
    def __init__(self, workout_id: _Optional[str] = ..., workout_name: _Optional[str] = ..., workout_version: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_name: _Optional[str] = ..., movement_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., current_target_weight_kg: _Optional[float] = ..., proposed_target_weight_kg: _Optional[float] = ..., current_target_sets: _Optional[int] = ..., proposed_target_sets: _Optional[int] = ...) -> None: ...

class PlanAdjustment(_message.Message):
    __slots__ = ("kind", "exercise_id", "muscle", "summary", "rationale", "amount", "requires_approval", "targets")
    KIND_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    MUSCLE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    RATIONALE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REQUIRES_APPROVAL_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    exercise_id: str
    muscle: str
    summary: str
    rationale: str
    amount: float
    requires_approval: bool
    targets: _containers.RepeatedCompositeFieldContainer[PlanTarget]
    def __init__(self, kind: _Optional[str] = ..., exercise_id: _Optional[str] = ..., muscle: _Optional[str] = ..., summary: _Optional[str] = ..., rationale: _Optional[str] = ..., amount: _Optional[float] = ..., requires_approval: _Optional[bool] = ..., targets: _Optional[_Iterable[_Union[PlanTarget, _Mapping]]] = ...) -> None: ...

class WorkoutReplacement(_message.Message):
    __slots__ = ("workout_id", "workout_name", "occurrences")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_NAME_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout_name: str
    occurrences: int
    def __init__(self, workout_id: _Optional[str] = ..., workout_name: _Optional[str] = ..., occurrences: _Optional[int] = ...) -> None: ...

class WorkoutChoice(_message.Message):
    __slots__ = ("workout_id", "workout_name", "workout_kind", "plan_id", "plan_name", "occurrences_completed", "occurrences_moved", "occurrences_replaced", "replaced_by", "replaced_others", "sessions", "sessions_completed")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_NAME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_KIND_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_NAME_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_MOVED_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_REPLACED_FIELD_NUMBER: _ClassVar[int]
    REPLACED_BY_FIELD_NUMBER: _ClassVar[int]
    REPLACED_OTHERS_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout_name: str
    workout_kind: str
    plan_id: str
    plan_name: str
    occurrences_completed: int
    occurrences_moved: int
    occurrences_replaced: int
    replaced_by: _containers.RepeatedCompositeFieldContainer[WorkoutReplacement]
    replaced_others: int
    sessions: int
    sessions_completed: int
    def __init__(self, workout_id: _Optional[str] = ..., workout_name: _Optional[str] = ..., workout_kind: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_name: _Optional[str] = ..., occurrences_completed: _Optional[int] = ..., occurrences_moved: _Optional[int] = ..., occurrences_replaced: _Optional[int] = ..., replaced_by: _Optional[_Iterable[_Union[WorkoutReplacement, _Mapping]]] = ..., replaced_others: _Optional[int] = ..., sessions: _Optional[int] = ..., sessions_completed: _Optional[int] = ...) -> None: ...

class SessionSources(_message.Message):
    __slots__ = ("training_workout_sessions", "removed_workout_sessions", "freestyle_sessions", "plan_day_sessions")
    TRAINING_WORKOUT_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_WORKOUT_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    FREESTYLE_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    PLAN_DAY_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    training_workout_sessions: int
    removed_workout_sessions: int
    freestyle_sessions: int
    plan_day_sessions: int
    def __init__(self, training_workout_sessions: _Optional[int] = ..., removed_workout_sessions: _Optional[int] = ..., freestyle_sessions: _Optional[int] = ..., plan_day_sessions: _Optional[int] = ...) -> None: ...

class BlockRounds(_message.Message):
    __slots__ = ("block_id", "format", "completed_rounds", "rounds_change")
    BLOCK_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_CHANGE_FIELD_NUMBER: _ClassVar[int]
    block_id: str
    format: str
    completed_rounds: int
    rounds_change: int
    def __init__(self, block_id: _Optional[str] = ..., format: _Optional[str] = ..., completed_rounds: _Optional[int] = ..., rounds_change: _Optional[int] = ...) -> None: ...

class ComparableSession(_message.Message):
    __slots__ = ("day", "session_id", "duration_seconds", "distance_meters", "pace_seconds_per_km", "rounds", "duration_change_seconds", "distance_change_meters", "pace_change_seconds_per_km")
    DAY_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    PACE_SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    DURATION_CHANGE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_CHANGE_METERS_FIELD_NUMBER: _ClassVar[int]
    PACE_CHANGE_SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    day: str
    session_id: str
    duration_seconds: float
    distance_meters: float
    pace_seconds_per_km: float
    rounds: _containers.RepeatedCompositeFieldContainer[BlockRounds]
    duration_change_seconds: float
    distance_change_meters: float
    pace_change_seconds_per_km: float
    def __init__(self, day: _Optional[str] = ..., session_id: _Optional[str] = ..., duration_seconds: _Optional[float] = ..., distance_meters: _Optional[float] = ..., pace_seconds_per_km: _Optional[float] = ..., rounds: _Optional[_Iterable[_Union[BlockRounds, _Mapping]]] = ..., duration_change_seconds: _Optional[float] = ..., distance_change_meters: _Optional[float] = ..., pace_change_seconds_per_km: _Optional[float] = ...) -> None: ...

class ComparableWorkout(_message.Message):
    __slots__ = ("workout_id", "workout_name", "workout_kind", "sample_size", "from_day", "to_day", "sessions")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_NAME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_KIND_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout_name: str
    workout_kind: str
    sample_size: int
    from_day: str
    to_day: str
    sessions: _containers.RepeatedCompositeFieldContainer[ComparableSession]
    def __init__(self, workout_id: _Optional[str] = ..., workout_name: _Optional[str] = ..., workout_kind: _Optional[str] = ..., sample_size: _Optional[int] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., sessions: _Optional[_Iterable[_Union[ComparableSession, _Mapping]]] = ...) -> None: ...

class GetInsightsRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "formula")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    formula: str
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., formula: _Optional[str] = ...) -> None: ...

class GetInsightsResponse(_message.Message):
    __slots__ = ("trends", "suggestions", "balance", "proposals", "from_day", "to_day", "time_zone", "disclaimer", "as_of_sequence", "as_of_training_sequence", "workout_choices", "session_sources", "comparable_workouts", "not_enough_data", "min_trend_sessions", "min_trend_span_days")
    TRENDS_FIELD_NUMBER: _ClassVar[int]
    SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    BALANCE_FIELD_NUMBER: _ClassVar[int]
    PROPOSALS_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    DISCLAIMER_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_TRAINING_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_CHOICES_FIELD_NUMBER: _ClassVar[int]
    SESSION_SOURCES_FIELD_NUMBER: _ClassVar[int]
    COMPARABLE_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    NOT_ENOUGH_DATA_FIELD_NUMBER: _ClassVar[int]
    MIN_TREND_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    MIN_TREND_SPAN_DAYS_FIELD_NUMBER: _ClassVar[int]
    trends: _containers.RepeatedCompositeFieldContainer[Trend]
    suggestions: _containers.RepeatedCompositeFieldContainer[Suggestion]
    balance: FocusBalance
    proposals: _containers.RepeatedCompositeFieldContainer[PlanAdjustment]
    from_day: str
    to_day: str
    time_zone: str
    disclaimer: str
    as_of_sequence: int
    as_of_training_sequence: int
    workout_choices: _containers.RepeatedCompositeFieldContainer[WorkoutChoice]
    session_sources: SessionSources
    comparable_workouts: _containers.RepeatedCompositeFieldContainer[ComparableWorkout]
    not_enough_data: _containers.RepeatedCompositeFieldContainer[ShortSeries]
    min_trend_sessions: int
    min_trend_span_days: int
    def __init__(self, trends: _Optional[_Iterable[_Union[Trend, _Mapping]]] = ..., suggestions: _Optional[_Iterable[_Union[Suggestion, _Mapping]]] = ..., balance: _Optional[_Union[FocusBalance, _Mapping]] = ..., proposals: _Optional[_Iterable[_Union[PlanAdjustment, _Mapping]]] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., time_zone: _Optional[str] = ..., disclaimer: _Optional[str] = ..., as_of_sequence: _Optional[int] = ..., as_of_training_sequence: _Optional[int] = ..., workout_choices: _Optional[_Iterable[_Union[WorkoutChoice, _Mapping]]] = ..., session_sources: _Optional[_Union[SessionSources, _Mapping]] = ..., comparable_workouts: _Optional[_Iterable[_Union[ComparableWorkout, _Mapping]]] = ..., not_enough_data: _Optional[_Iterable[_Union[ShortSeries, _Mapping]]] = ..., min_trend_sessions: _Optional[int] = ..., min_trend_span_days: _Optional[int] = ...) -> None: ...

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
