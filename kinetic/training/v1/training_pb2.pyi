import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Sport(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPORT_UNSPECIFIED: _ClassVar[Sport]
    SPORT_RUN: _ClassVar[Sport]
    SPORT_RIDE: _ClassVar[Sport]
    SPORT_SWIM: _ClassVar[Sport]
    SPORT_STRENGTH: _ClassVar[Sport]
    SPORT_OTHER: _ClassVar[Sport]

class StepType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STEP_TYPE_UNSPECIFIED: _ClassVar[StepType]
    STEP_TYPE_WARM_UP: _ClassVar[StepType]
    STEP_TYPE_COOL_DOWN: _ClassVar[StepType]
    STEP_TYPE_INTERVAL: _ClassVar[StepType]
    STEP_TYPE_REPEAT: _ClassVar[StepType]

class StepRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STEP_ROLE_UNSPECIFIED: _ClassVar[StepRole]
    STEP_ROLE_WORK: _ClassVar[StepRole]
    STEP_ROLE_RECOVERY: _ClassVar[StepRole]
    STEP_ROLE_ACTIVE: _ClassVar[StepRole]

class TargetKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TARGET_KIND_UNSPECIFIED: _ClassVar[TargetKind]
    TARGET_KIND_PACE: _ClassVar[TargetKind]
    TARGET_KIND_POWER: _ClassVar[TargetKind]
    TARGET_KIND_HEART_RATE: _ClassVar[TargetKind]
    TARGET_KIND_RPE: _ClassVar[TargetKind]

class TrackingMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRACKING_MODE_UNSPECIFIED: _ClassVar[TrackingMode]
    TRACKING_MODE_SETS: _ClassVar[TrackingMode]
    TRACKING_MODE_DURATION: _ClassVar[TrackingMode]
    TRACKING_MODE_INTERVALS: _ClassVar[TrackingMode]
    TRACKING_MODE_DISTANCE: _ClassVar[TrackingMode]
    TRACKING_MODE_CALORIES: _ClassVar[TrackingMode]
    TRACKING_MODE_CHECK_OFF: _ClassVar[TrackingMode]
SPORT_UNSPECIFIED: Sport
SPORT_RUN: Sport
SPORT_RIDE: Sport
SPORT_SWIM: Sport
SPORT_STRENGTH: Sport
SPORT_OTHER: Sport
STEP_TYPE_UNSPECIFIED: StepType
STEP_TYPE_WARM_UP: StepType
STEP_TYPE_COOL_DOWN: StepType
STEP_TYPE_INTERVAL: StepType
STEP_TYPE_REPEAT: StepType
STEP_ROLE_UNSPECIFIED: StepRole
STEP_ROLE_WORK: StepRole
STEP_ROLE_RECOVERY: StepRole
STEP_ROLE_ACTIVE: StepRole
TARGET_KIND_UNSPECIFIED: TargetKind
TARGET_KIND_PACE: TargetKind
TARGET_KIND_POWER: TargetKind
TARGET_KIND_HEART_RATE: TargetKind
TARGET_KIND_RPE: TargetKind
TRACKING_MODE_UNSPECIFIED: TrackingMode
TRACKING_MODE_SETS: TrackingMode
TRACKING_MODE_DURATION: TrackingMode
TRACKING_MODE_INTERVALS: TrackingMode
TRACKING_MODE_DISTANCE: TrackingMode
TRACKING_MODE_CALORIES: TrackingMode
TRACKING_MODE_CHECK_OFF: TrackingMode

class Library(_message.Message):
    __slots__ = ("epoch", "source_sequence")
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    SOURCE_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    epoch: str
    source_sequence: int
    def __init__(self, epoch: _Optional[str] = ..., source_sequence: _Optional[int] = ...) -> None: ...

class Schedule(_message.Message):
    __slots__ = ("type", "weekdays", "interval_days", "anchor_day")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    WEEKDAYS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_DAYS_FIELD_NUMBER: _ClassVar[int]
    ANCHOR_DAY_FIELD_NUMBER: _ClassVar[int]
    type: str
    weekdays: _containers.RepeatedScalarFieldContainer[int]
    interval_days: int
    anchor_day: str
    def __init__(self, type: _Optional[str] = ..., weekdays: _Optional[_Iterable[int]] = ..., interval_days: _Optional[int] = ..., anchor_day: _Optional[str] = ...) -> None: ...

class ScheduleSegment(_message.Message):
    __slots__ = ("effective_day", "schedule")
    EFFECTIVE_DAY_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    effective_day: str
    schedule: Schedule
    def __init__(self, effective_day: _Optional[str] = ..., schedule: _Optional[_Union[Schedule, _Mapping]] = ...) -> None: ...

class WorkoutExercise(_message.Message):
    __slots__ = ("id", "exercise_id", "exercise_name", "tracking_mode", "target_sets", "target_reps", "target_weight_kg", "target_duration_seconds", "target_distance_meters", "target_calories", "interval_work_seconds", "interval_rest_seconds", "interval_rounds", "rest_seconds", "notes")
    ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    TRACKING_MODE_FIELD_NUMBER: _ClassVar[int]
    TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    TARGET_REPS_FIELD_NUMBER: _ClassVar[int]
    TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    TARGET_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    TARGET_CALORIES_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_WORK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    exercise_id: str
    exercise_name: str
    tracking_mode: str
    target_sets: int
    target_reps: int
    target_weight_kg: float
    target_duration_seconds: int
    target_distance_meters: float
    target_calories: int
    interval_work_seconds: int
    interval_rest_seconds: int
    interval_rounds: int
    rest_seconds: int
    notes: str
    def __init__(self, id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., tracking_mode: _Optional[str] = ..., target_sets: _Optional[int] = ..., target_reps: _Optional[int] = ..., target_weight_kg: _Optional[float] = ..., target_duration_seconds: _Optional[int] = ..., target_distance_meters: _Optional[float] = ..., target_calories: _Optional[int] = ..., interval_work_seconds: _Optional[int] = ..., interval_rest_seconds: _Optional[int] = ..., interval_rounds: _Optional[int] = ..., rest_seconds: _Optional[int] = ..., notes: _Optional[str] = ...) -> None: ...

class BlockConfiguration(_message.Message):
    __slots__ = ("format", "duration_seconds", "rounds", "interval_seconds")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    format: str
    duration_seconds: int
    rounds: int
    interval_seconds: int
    def __init__(self, format: _Optional[str] = ..., duration_seconds: _Optional[int] = ..., rounds: _Optional[int] = ..., interval_seconds: _Optional[int] = ...) -> None: ...

class CrossFitBlock(_message.Message):
    __slots__ = ("id", "configuration", "exercise_ids")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONFIGURATION_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_IDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    configuration: BlockConfiguration
    exercise_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., configuration: _Optional[_Union[BlockConfiguration, _Mapping]] = ..., exercise_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class EnduranceTarget(_message.Message):
    __slots__ = ("sport", "planned_duration_seconds", "planned_distance_meters", "intensity", "steps", "planned_tss", "planned_tss_locked", "sport_value")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    PLANNED_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    INTENSITY_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_TSS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_TSS_LOCKED_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    sport: str
    planned_duration_seconds: int
    planned_distance_meters: float
    intensity: IntensityTarget
    steps: _containers.RepeatedCompositeFieldContainer[EnduranceStep]
    planned_tss: float
    planned_tss_locked: bool
    sport_value: Sport
    def __init__(self, sport: _Optional[str] = ..., planned_duration_seconds: _Optional[int] = ..., planned_distance_meters: _Optional[float] = ..., intensity: _Optional[_Union[IntensityTarget, _Mapping]] = ..., steps: _Optional[_Iterable[_Union[EnduranceStep, _Mapping]]] = ..., planned_tss: _Optional[float] = ..., planned_tss_locked: _Optional[bool] = ..., sport_value: _Optional[_Union[Sport, str]] = ...) -> None: ...

class IntensityTarget(_message.Message):
    __slots__ = ("kind", "label", "kind_value")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    KIND_VALUE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    label: str
    kind_value: TargetKind
    def __init__(self, kind: _Optional[str] = ..., label: _Optional[str] = ..., kind_value: _Optional[_Union[TargetKind, str]] = ...) -> None: ...

class EnduranceStep(_message.Message):
    __slots__ = ("type", "role", "duration_seconds", "distance_meters", "target", "notes", "repeat_count", "steps", "type_value", "role_value")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    REPEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    TYPE_VALUE_FIELD_NUMBER: _ClassVar[int]
    ROLE_VALUE_FIELD_NUMBER: _ClassVar[int]
    type: str
    role: str
    duration_seconds: int
    distance_meters: float
    target: StepTarget
    notes: str
    repeat_count: int
    steps: _containers.RepeatedCompositeFieldContainer[EnduranceStep]
    type_value: StepType
    role_value: StepRole
    def __init__(self, type: _Optional[str] = ..., role: _Optional[str] = ..., duration_seconds: _Optional[int] = ..., distance_meters: _Optional[float] = ..., target: _Optional[_Union[StepTarget, _Mapping]] = ..., notes: _Optional[str] = ..., repeat_count: _Optional[int] = ..., steps: _Optional[_Iterable[_Union[EnduranceStep, _Mapping]]] = ..., type_value: _Optional[_Union[StepType, str]] = ..., role_value: _Optional[_Union[StepRole, str]] = ...) -> None: ...

class StepTarget(_message.Message):
    __slots__ = ("kind", "pace_low_seconds_per_km", "pace_high_seconds_per_km", "watts_low", "watts_high", "ftp_percent_low", "ftp_percent_high", "bpm_low", "bpm_high", "heart_rate_zone", "rpe", "pace_zone", "kind_value")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PACE_LOW_SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    PACE_HIGH_SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    WATTS_LOW_FIELD_NUMBER: _ClassVar[int]
    WATTS_HIGH_FIELD_NUMBER: _ClassVar[int]
    FTP_PERCENT_LOW_FIELD_NUMBER: _ClassVar[int]
    FTP_PERCENT_HIGH_FIELD_NUMBER: _ClassVar[int]
    BPM_LOW_FIELD_NUMBER: _ClassVar[int]
    BPM_HIGH_FIELD_NUMBER: _ClassVar[int]
    HEART_RATE_ZONE_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    PACE_ZONE_FIELD_NUMBER: _ClassVar[int]
    KIND_VALUE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    pace_low_seconds_per_km: int
    pace_high_seconds_per_km: int
    watts_low: int
    watts_high: int
    ftp_percent_low: float
    ftp_percent_high: float
    bpm_low: int
    bpm_high: int
    heart_rate_zone: int
    rpe: int
    pace_zone: str
    kind_value: TargetKind
    def __init__(self, kind: _Optional[str] = ..., pace_low_seconds_per_km: _Optional[int] = ..., pace_high_seconds_per_km: _Optional[int] = ..., watts_low: _Optional[int] = ..., watts_high: _Optional[int] = ..., ftp_percent_low: _Optional[float] = ..., ftp_percent_high: _Optional[float] = ..., bpm_low: _Optional[int] = ..., bpm_high: _Optional[int] = ..., heart_rate_zone: _Optional[int] = ..., rpe: _Optional[int] = ..., pace_zone: _Optional[str] = ..., kind_value: _Optional[_Union[TargetKind, str]] = ...) -> None: ...

class EnduranceSummary(_message.Message):
    __slots__ = ("sport", "planned_duration_seconds", "planned_distance_meters", "intensity", "step_summary", "sport_value")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    PLANNED_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    INTENSITY_FIELD_NUMBER: _ClassVar[int]
    STEP_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    sport: str
    planned_duration_seconds: int
    planned_distance_meters: float
    intensity: str
    step_summary: str
    sport_value: Sport
    def __init__(self, sport: _Optional[str] = ..., planned_duration_seconds: _Optional[int] = ..., planned_distance_meters: _Optional[float] = ..., intensity: _Optional[str] = ..., step_summary: _Optional[str] = ..., sport_value: _Optional[_Union[Sport, str]] = ...) -> None: ...

class Workout(_message.Message):
    __slots__ = ("id", "version", "name", "kind", "notes", "schedule", "schedule_segments", "exercises", "cross_fit_blocks", "plan_id", "phase_id", "active_from_day", "active_until_day", "create_time", "update_time", "endurance")
    ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_SEGMENTS_FIELD_NUMBER: _ClassVar[int]
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    CROSS_FIT_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_UNTIL_DAY_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    id: str
    version: str
    name: str
    kind: str
    notes: str
    schedule: Schedule
    schedule_segments: _containers.RepeatedCompositeFieldContainer[ScheduleSegment]
    exercises: _containers.RepeatedCompositeFieldContainer[WorkoutExercise]
    cross_fit_blocks: _containers.RepeatedCompositeFieldContainer[CrossFitBlock]
    plan_id: str
    phase_id: str
    active_from_day: str
    active_until_day: str
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    endurance: EnduranceTarget
    def __init__(self, id: _Optional[str] = ..., version: _Optional[str] = ..., name: _Optional[str] = ..., kind: _Optional[str] = ..., notes: _Optional[str] = ..., schedule: _Optional[_Union[Schedule, _Mapping]] = ..., schedule_segments: _Optional[_Iterable[_Union[ScheduleSegment, _Mapping]]] = ..., exercises: _Optional[_Iterable[_Union[WorkoutExercise, _Mapping]]] = ..., cross_fit_blocks: _Optional[_Iterable[_Union[CrossFitBlock, _Mapping]]] = ..., plan_id: _Optional[str] = ..., phase_id: _Optional[str] = ..., active_from_day: _Optional[str] = ..., active_until_day: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., endurance: _Optional[_Union[EnduranceTarget, _Mapping]] = ...) -> None: ...

class Phase(_message.Message):
    __slots__ = ("id", "name", "start_day", "end_day_exclusive", "workout_ids")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    START_DAY_FIELD_NUMBER: _ClassVar[int]
    END_DAY_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    start_day: str
    end_day_exclusive: str
    workout_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., start_day: _Optional[str] = ..., end_day_exclusive: _Optional[str] = ..., workout_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Plan(_message.Message):
    __slots__ = ("id", "version", "name", "notes", "phases", "create_time", "update_time")
    ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    PHASES_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    id: str
    version: str
    name: str
    notes: str
    phases: _containers.RepeatedCompositeFieldContainer[Phase]
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., version: _Optional[str] = ..., name: _Optional[str] = ..., notes: _Optional[str] = ..., phases: _Optional[_Iterable[_Union[Phase, _Mapping]]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Occurrence(_message.Message):
    __slots__ = ("workout_id", "original_scheduled_day", "day", "workout_name", "status", "replacement_workout_id", "plan_id", "phase_id", "week_start_day", "complete_time", "endurance")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REPLACEMENT_WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_ID_FIELD_NUMBER: _ClassVar[int]
    WEEK_START_DAY_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_TIME_FIELD_NUMBER: _ClassVar[int]
    ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    original_scheduled_day: str
    day: str
    workout_name: str
    status: str
    replacement_workout_id: str
    plan_id: str
    phase_id: str
    week_start_day: str
    complete_time: _timestamp_pb2.Timestamp
    endurance: EnduranceSummary
    def __init__(self, workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., day: _Optional[str] = ..., workout_name: _Optional[str] = ..., status: _Optional[str] = ..., replacement_workout_id: _Optional[str] = ..., plan_id: _Optional[str] = ..., phase_id: _Optional[str] = ..., week_start_day: _Optional[str] = ..., complete_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., endurance: _Optional[_Union[EnduranceSummary, _Mapping]] = ...) -> None: ...

class GetLibraryRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetLibraryResponse(_message.Message):
    __slots__ = ("library",)
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    library: Library
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ...) -> None: ...

class ListWorkoutsRequest(_message.Message):
    __slots__ = ("account_id", "workout_ids", "name", "plan_id", "page_size", "page_token", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    workout_ids: _containers.RepeatedScalarFieldContainer[str]
    name: str
    plan_id: str
    page_size: int
    page_token: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., workout_ids: _Optional[_Iterable[str]] = ..., name: _Optional[str] = ..., plan_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class ListWorkoutsResponse(_message.Message):
    __slots__ = ("library", "workouts", "next_page_token", "total_size")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SIZE_FIELD_NUMBER: _ClassVar[int]
    library: Library
    workouts: _containers.RepeatedCompositeFieldContainer[Workout]
    next_page_token: str
    total_size: int
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., workouts: _Optional[_Iterable[_Union[Workout, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_size: _Optional[int] = ...) -> None: ...

class ListPlansRequest(_message.Message):
    __slots__ = ("account_id", "plan_ids")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_IDS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    plan_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, account_id: _Optional[str] = ..., plan_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ListPlansResponse(_message.Message):
    __slots__ = ("library", "plans")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    PLANS_FIELD_NUMBER: _ClassVar[int]
    library: Library
    plans: _containers.RepeatedCompositeFieldContainer[Plan]
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., plans: _Optional[_Iterable[_Union[Plan, _Mapping]]] = ...) -> None: ...

class ListOccurrencesRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "from_day", "to_day", "week_starts_on")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    WEEK_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    from_day: str
    to_day: str
    week_starts_on: int
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., week_starts_on: _Optional[int] = ...) -> None: ...

class ListOccurrencesResponse(_message.Message):
    __slots__ = ("library", "occurrences")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    library: Library
    occurrences: _containers.RepeatedCompositeFieldContainer[Occurrence]
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., occurrences: _Optional[_Iterable[_Union[Occurrence, _Mapping]]] = ...) -> None: ...

class ListHistoryRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "from_day", "to_day")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    from_day: str
    to_day: str
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ...) -> None: ...

class ListHistoryResponse(_message.Message):
    __slots__ = ("library", "occurrences")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    library: Library
    occurrences: _containers.RepeatedCompositeFieldContainer[Occurrence]
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., occurrences: _Optional[_Iterable[_Union[Occurrence, _Mapping]]] = ...) -> None: ...

class EditTrainingRequest(_message.Message):
    __slots__ = ("account_id", "device_id", "epoch", "time_zone", "idempotency_key", "expected_versions", "edit_input")
    class ExpectedVersionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSIONS_FIELD_NUMBER: _ClassVar[int]
    EDIT_INPUT_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    device_id: str
    epoch: str
    time_zone: str
    idempotency_key: str
    expected_versions: _containers.ScalarMap[str, str]
    edit_input: EditInput
    def __init__(self, account_id: _Optional[str] = ..., device_id: _Optional[str] = ..., epoch: _Optional[str] = ..., time_zone: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., expected_versions: _Optional[_Mapping[str, str]] = ..., edit_input: _Optional[_Union[EditInput, _Mapping]] = ...) -> None: ...

class EditInput(_message.Message):
    __slots__ = ("create_workout", "update_workout", "create_plan", "update_plan", "move_occurrence", "replace_occurrence", "change_schedule")
    CREATE_WORKOUT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_WORKOUT_FIELD_NUMBER: _ClassVar[int]
    CREATE_PLAN_FIELD_NUMBER: _ClassVar[int]
    UPDATE_PLAN_FIELD_NUMBER: _ClassVar[int]
    MOVE_OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    REPLACE_OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    CHANGE_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    create_workout: CreateWorkoutAction
    update_workout: UpdateWorkoutAction
    create_plan: CreatePlanAction
    update_plan: UpdatePlanAction
    move_occurrence: MoveOccurrenceAction
    replace_occurrence: ReplaceOccurrenceAction
    change_schedule: ChangeScheduleAction
    def __init__(self, create_workout: _Optional[_Union[CreateWorkoutAction, _Mapping]] = ..., update_workout: _Optional[_Union[UpdateWorkoutAction, _Mapping]] = ..., create_plan: _Optional[_Union[CreatePlanAction, _Mapping]] = ..., update_plan: _Optional[_Union[UpdatePlanAction, _Mapping]] = ..., move_occurrence: _Optional[_Union[MoveOccurrenceAction, _Mapping]] = ..., replace_occurrence: _Optional[_Union[ReplaceOccurrenceAction, _Mapping]] = ..., change_schedule: _Optional[_Union[ChangeScheduleAction, _Mapping]] = ...) -> None: ...

class CreateWorkoutAction(_message.Message):
    __slots__ = ("workout",)
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    workout: WorkoutInput
    def __init__(self, workout: _Optional[_Union[WorkoutInput, _Mapping]] = ...) -> None: ...

class UpdateWorkoutAction(_message.Message):
    __slots__ = ("workout_id", "workout")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout: WorkoutInput
    def __init__(self, workout_id: _Optional[str] = ..., workout: _Optional[_Union[WorkoutInput, _Mapping]] = ...) -> None: ...

class CreatePlanAction(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: PlanInput
    def __init__(self, plan: _Optional[_Union[PlanInput, _Mapping]] = ...) -> None: ...

class UpdatePlanAction(_message.Message):
    __slots__ = ("plan_id", "plan")
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan_id: str
    plan: PlanChangesInput
    def __init__(self, plan_id: _Optional[str] = ..., plan: _Optional[_Union[PlanChangesInput, _Mapping]] = ...) -> None: ...

class MoveOccurrenceAction(_message.Message):
    __slots__ = ("workout_id", "original_scheduled_day", "destination_day")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_DAY_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    original_scheduled_day: str
    destination_day: str
    def __init__(self, workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., destination_day: _Optional[str] = ...) -> None: ...

class ReplaceOccurrenceAction(_message.Message):
    __slots__ = ("workout_id", "original_scheduled_day", "replacement_workout_id")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    REPLACEMENT_WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    original_scheduled_day: str
    replacement_workout_id: str
    def __init__(self, workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., replacement_workout_id: _Optional[str] = ...) -> None: ...

class ChangeScheduleAction(_message.Message):
    __slots__ = ("workout_id", "effective_day", "schedule", "stop_recurring")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_DAY_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    STOP_RECURRING_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    effective_day: str
    schedule: ScheduleInput
    stop_recurring: bool
    def __init__(self, workout_id: _Optional[str] = ..., effective_day: _Optional[str] = ..., schedule: _Optional[_Union[ScheduleInput, _Mapping]] = ..., stop_recurring: _Optional[bool] = ...) -> None: ...

class WorkoutInput(_message.Message):
    __slots__ = ("name", "kind", "notes", "schedule", "exercises", "cross_fit_blocks", "endurance", "clear_endurance")
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    CROSS_FIT_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    CLEAR_ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: str
    notes: str
    schedule: ScheduleInput
    exercises: MovementList
    cross_fit_blocks: CrossFitBlockList
    endurance: EnduranceTarget
    clear_endurance: bool
    def __init__(self, name: _Optional[str] = ..., kind: _Optional[str] = ..., notes: _Optional[str] = ..., schedule: _Optional[_Union[ScheduleInput, _Mapping]] = ..., exercises: _Optional[_Union[MovementList, _Mapping]] = ..., cross_fit_blocks: _Optional[_Union[CrossFitBlockList, _Mapping]] = ..., endurance: _Optional[_Union[EnduranceTarget, _Mapping]] = ..., clear_endurance: _Optional[bool] = ...) -> None: ...

class MovementList(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[MovementInput]
    def __init__(self, items: _Optional[_Iterable[_Union[MovementInput, _Mapping]]] = ...) -> None: ...

class MovementInput(_message.Message):
    __slots__ = ("workout_exercise_id", "exercise_id", "tracking_mode", "notes", "target_sets", "target_reps", "target_weight_kg", "target_duration_seconds", "target_distance_meters", "target_calories", "interval_work_seconds", "interval_rest_seconds", "interval_rounds", "rest_seconds")
    WORKOUT_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    TRACKING_MODE_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    TARGET_REPS_FIELD_NUMBER: _ClassVar[int]
    TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    TARGET_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    TARGET_CALORIES_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_WORK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    workout_exercise_id: str
    exercise_id: str
    tracking_mode: str
    notes: str
    target_sets: int
    target_reps: int
    target_weight_kg: float
    target_duration_seconds: int
    target_distance_meters: float
    target_calories: int
    interval_work_seconds: int
    interval_rest_seconds: int
    interval_rounds: int
    rest_seconds: int
    def __init__(self, workout_exercise_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., tracking_mode: _Optional[str] = ..., notes: _Optional[str] = ..., target_sets: _Optional[int] = ..., target_reps: _Optional[int] = ..., target_weight_kg: _Optional[float] = ..., target_duration_seconds: _Optional[int] = ..., target_distance_meters: _Optional[float] = ..., target_calories: _Optional[int] = ..., interval_work_seconds: _Optional[int] = ..., interval_rest_seconds: _Optional[int] = ..., interval_rounds: _Optional[int] = ..., rest_seconds: _Optional[int] = ...) -> None: ...

class CrossFitBlockList(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[CrossFitBlockInput]
    def __init__(self, items: _Optional[_Iterable[_Union[CrossFitBlockInput, _Mapping]]] = ...) -> None: ...

class CrossFitBlockInput(_message.Message):
    __slots__ = ("id", "configuration", "exercise_ids")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONFIGURATION_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_IDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    configuration: BlockConfigurationInput
    exercise_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., configuration: _Optional[_Union[BlockConfigurationInput, _Mapping]] = ..., exercise_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class BlockConfigurationInput(_message.Message):
    __slots__ = ("format", "duration_seconds", "rounds", "interval_seconds")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    format: str
    duration_seconds: int
    rounds: int
    interval_seconds: int
    def __init__(self, format: _Optional[str] = ..., duration_seconds: _Optional[int] = ..., rounds: _Optional[int] = ..., interval_seconds: _Optional[int] = ...) -> None: ...

class ScheduleInput(_message.Message):
    __slots__ = ("type", "weekdays", "interval_days")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    WEEKDAYS_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_DAYS_FIELD_NUMBER: _ClassVar[int]
    type: str
    weekdays: _containers.RepeatedScalarFieldContainer[int]
    interval_days: int
    def __init__(self, type: _Optional[str] = ..., weekdays: _Optional[_Iterable[int]] = ..., interval_days: _Optional[int] = ...) -> None: ...

class PlanInput(_message.Message):
    __slots__ = ("name", "notes", "phases")
    NAME_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    PHASES_FIELD_NUMBER: _ClassVar[int]
    name: str
    notes: str
    phases: _containers.RepeatedCompositeFieldContainer[PhaseInput]
    def __init__(self, name: _Optional[str] = ..., notes: _Optional[str] = ..., phases: _Optional[_Iterable[_Union[PhaseInput, _Mapping]]] = ...) -> None: ...

class PhaseInput(_message.Message):
    __slots__ = ("name", "start_day", "end_day_exclusive", "workouts", "existing_workout_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    START_DAY_FIELD_NUMBER: _ClassVar[int]
    END_DAY_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    EXISTING_WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    start_day: str
    end_day_exclusive: str
    workouts: _containers.RepeatedCompositeFieldContainer[WorkoutInput]
    existing_workout_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., start_day: _Optional[str] = ..., end_day_exclusive: _Optional[str] = ..., workouts: _Optional[_Iterable[_Union[WorkoutInput, _Mapping]]] = ..., existing_workout_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class PlanChangesInput(_message.Message):
    __slots__ = ("name", "notes")
    NAME_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    name: str
    notes: str
    def __init__(self, name: _Optional[str] = ..., notes: _Optional[str] = ...) -> None: ...

class EditTrainingResponse(_message.Message):
    __slots__ = ("library", "action", "workouts", "plans", "occurrence", "replayed")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    PLANS_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    library: Library
    action: str
    workouts: _containers.RepeatedCompositeFieldContainer[Workout]
    plans: _containers.RepeatedCompositeFieldContainer[Plan]
    occurrence: Occurrence
    replayed: bool
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., action: _Optional[str] = ..., workouts: _Optional[_Iterable[_Union[Workout, _Mapping]]] = ..., plans: _Optional[_Iterable[_Union[Plan, _Mapping]]] = ..., occurrence: _Optional[_Union[Occurrence, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class PreviewDeletionRequest(_message.Message):
    __slots__ = ("account_id", "kind", "id", "time_zone", "delete_workouts")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    DELETE_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    kind: str
    id: str
    time_zone: str
    delete_workouts: bool
    def __init__(self, account_id: _Optional[str] = ..., kind: _Optional[str] = ..., id: _Optional[str] = ..., time_zone: _Optional[str] = ..., delete_workouts: _Optional[bool] = ...) -> None: ...

class PlanMembership(_message.Message):
    __slots__ = ("plan_id", "plan_name", "phase_id", "phase_name", "workout_id")
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_NAME_FIELD_NUMBER: _ClassVar[int]
    PHASE_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_NAME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    plan_id: str
    plan_name: str
    phase_id: str
    phase_name: str
    workout_id: str
    def __init__(self, plan_id: _Optional[str] = ..., plan_name: _Optional[str] = ..., phase_id: _Optional[str] = ..., phase_name: _Optional[str] = ..., workout_id: _Optional[str] = ...) -> None: ...

class DeletionPreview(_message.Message):
    __slots__ = ("kind", "plan", "workout", "affected_plan_memberships", "affected_workouts", "removed_occurrences", "window_start_day", "window_end_day", "recurrence_effect", "restored_occurrences")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    AFFECTED_PLAN_MEMBERSHIPS_FIELD_NUMBER: _ClassVar[int]
    AFFECTED_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_DAY_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_DAY_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    RESTORED_OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    plan: Plan
    workout: Workout
    affected_plan_memberships: _containers.RepeatedCompositeFieldContainer[PlanMembership]
    affected_workouts: _containers.RepeatedCompositeFieldContainer[AffectedWorkout]
    removed_occurrences: _containers.RepeatedCompositeFieldContainer[Occurrence]
    window_start_day: str
    window_end_day: str
    recurrence_effect: str
    restored_occurrences: _containers.RepeatedCompositeFieldContainer[Occurrence]
    def __init__(self, kind: _Optional[str] = ..., plan: _Optional[_Union[Plan, _Mapping]] = ..., workout: _Optional[_Union[Workout, _Mapping]] = ..., affected_plan_memberships: _Optional[_Iterable[_Union[PlanMembership, _Mapping]]] = ..., affected_workouts: _Optional[_Iterable[_Union[AffectedWorkout, _Mapping]]] = ..., removed_occurrences: _Optional[_Iterable[_Union[Occurrence, _Mapping]]] = ..., window_start_day: _Optional[str] = ..., window_end_day: _Optional[str] = ..., recurrence_effect: _Optional[str] = ..., restored_occurrences: _Optional[_Iterable[_Union[Occurrence, _Mapping]]] = ...) -> None: ...

class AffectedWorkout(_message.Message):
    __slots__ = ("workout_id", "name", "effect")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    name: str
    effect: str
    def __init__(self, workout_id: _Optional[str] = ..., name: _Optional[str] = ..., effect: _Optional[str] = ...) -> None: ...

class PreviewDeletionResponse(_message.Message):
    __slots__ = ("preview", "preview_token", "expire_time", "library")
    PREVIEW_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    preview: DeletionPreview
    preview_token: str
    expire_time: _timestamp_pb2.Timestamp
    library: Library
    def __init__(self, preview: _Optional[_Union[DeletionPreview, _Mapping]] = ..., preview_token: _Optional[str] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., library: _Optional[_Union[Library, _Mapping]] = ...) -> None: ...

class CommitDeletionRequest(_message.Message):
    __slots__ = ("account_id", "preview_token", "confirmed", "idempotency_key", "device_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    preview_token: str
    confirmed: bool
    idempotency_key: str
    device_id: str
    def __init__(self, account_id: _Optional[str] = ..., preview_token: _Optional[str] = ..., confirmed: _Optional[bool] = ..., idempotency_key: _Optional[str] = ..., device_id: _Optional[str] = ...) -> None: ...

class CommitDeletionResponse(_message.Message):
    __slots__ = ("library", "deleted", "replayed")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    library: Library
    deleted: DeletionPreview
    replayed: bool
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., deleted: _Optional[_Union[DeletionPreview, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class SetOccurrenceStatusRequest(_message.Message):
    __slots__ = ("account_id", "workout_id", "original_scheduled_day", "status", "complete_time", "device_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCHEDULED_DAY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_TIME_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    workout_id: str
    original_scheduled_day: str
    status: str
    complete_time: _timestamp_pb2.Timestamp
    device_id: str
    def __init__(self, account_id: _Optional[str] = ..., workout_id: _Optional[str] = ..., original_scheduled_day: _Optional[str] = ..., status: _Optional[str] = ..., complete_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., device_id: _Optional[str] = ...) -> None: ...

class SetOccurrenceStatusResponse(_message.Message):
    __slots__ = ("library", "occurrence")
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    library: Library
    occurrence: Occurrence
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ..., occurrence: _Optional[_Union[Occurrence, _Mapping]] = ...) -> None: ...

class EraseLibraryRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class EraseLibraryResponse(_message.Message):
    __slots__ = ("library",)
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    library: Library
    def __init__(self, library: _Optional[_Union[Library, _Mapping]] = ...) -> None: ...

class Exercise(_message.Message):
    __slots__ = ("exercise_id", "name", "aliases", "primary_muscles", "secondary_muscles", "equipment", "tracking_modes", "custom")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ALIASES_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_MUSCLES_FIELD_NUMBER: _ClassVar[int]
    SECONDARY_MUSCLES_FIELD_NUMBER: _ClassVar[int]
    EQUIPMENT_FIELD_NUMBER: _ClassVar[int]
    TRACKING_MODES_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    name: str
    aliases: _containers.RepeatedScalarFieldContainer[str]
    primary_muscles: _containers.RepeatedScalarFieldContainer[str]
    secondary_muscles: _containers.RepeatedScalarFieldContainer[str]
    equipment: _containers.RepeatedScalarFieldContainer[str]
    tracking_modes: _containers.RepeatedScalarFieldContainer[TrackingMode]
    custom: bool
    def __init__(self, exercise_id: _Optional[str] = ..., name: _Optional[str] = ..., aliases: _Optional[_Iterable[str]] = ..., primary_muscles: _Optional[_Iterable[str]] = ..., secondary_muscles: _Optional[_Iterable[str]] = ..., equipment: _Optional[_Iterable[str]] = ..., tracking_modes: _Optional[_Iterable[_Union[TrackingMode, str]]] = ..., custom: _Optional[bool] = ...) -> None: ...

class SearchExercisesRequest(_message.Message):
    __slots__ = ("account_id", "query", "muscle", "equipment", "page_size", "page_token")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    MUSCLE_FIELD_NUMBER: _ClassVar[int]
    EQUIPMENT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    query: str
    muscle: str
    equipment: str
    page_size: int
    page_token: str
    def __init__(self, account_id: _Optional[str] = ..., query: _Optional[str] = ..., muscle: _Optional[str] = ..., equipment: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class SearchExercisesResponse(_message.Message):
    __slots__ = ("exercises", "next_page_token", "total_size", "library")
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SIZE_FIELD_NUMBER: _ClassVar[int]
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    exercises: _containers.RepeatedCompositeFieldContainer[Exercise]
    next_page_token: str
    total_size: int
    library: Library
    def __init__(self, exercises: _Optional[_Iterable[_Union[Exercise, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_size: _Optional[int] = ..., library: _Optional[_Union[Library, _Mapping]] = ...) -> None: ...

class GetExerciseRequest(_message.Message):
    __slots__ = ("account_id", "exercise_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_id: str
    def __init__(self, account_id: _Optional[str] = ..., exercise_id: _Optional[str] = ...) -> None: ...

class GetExerciseResponse(_message.Message):
    __slots__ = ("exercise",)
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    exercise: Exercise
    def __init__(self, exercise: _Optional[_Union[Exercise, _Mapping]] = ...) -> None: ...

class CreateCustomExerciseRequest(_message.Message):
    __slots__ = ("account_id", "exercise")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise: Exercise
    def __init__(self, account_id: _Optional[str] = ..., exercise: _Optional[_Union[Exercise, _Mapping]] = ...) -> None: ...

class CreateCustomExerciseResponse(_message.Message):
    __slots__ = ("exercise",)
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    exercise: Exercise
    def __init__(self, exercise: _Optional[_Union[Exercise, _Mapping]] = ...) -> None: ...

class LibraryChange(_message.Message):
    __slots__ = ("sequence", "kind", "record_id", "create_time", "epoch", "workout", "plan", "occurrence")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    kind: str
    record_id: str
    create_time: _timestamp_pb2.Timestamp
    epoch: str
    workout: Workout
    plan: Plan
    occurrence: Occurrence
    def __init__(self, sequence: _Optional[int] = ..., kind: _Optional[str] = ..., record_id: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., epoch: _Optional[str] = ..., workout: _Optional[_Union[Workout, _Mapping]] = ..., plan: _Optional[_Union[Plan, _Mapping]] = ..., occurrence: _Optional[_Union[Occurrence, _Mapping]] = ...) -> None: ...

class ListLibraryChangesRequest(_message.Message):
    __slots__ = ("account_id", "after_sequence", "page_size")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    after_sequence: int
    page_size: int
    def __init__(self, account_id: _Optional[str] = ..., after_sequence: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class ListLibraryChangesResponse(_message.Message):
    __slots__ = ("changes", "latest_sequence")
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    LATEST_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[LibraryChange]
    latest_sequence: int
    def __init__(self, changes: _Optional[_Iterable[_Union[LibraryChange, _Mapping]]] = ..., latest_sequence: _Optional[int] = ...) -> None: ...

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
