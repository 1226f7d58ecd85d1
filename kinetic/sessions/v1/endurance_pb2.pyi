import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActivitySummary(_message.Message):
    __slots__ = ("activity_id", "sport", "start_time", "duration_s", "moving_time_s", "distance_m", "elevation_gain_m", "avg_power_w", "normalized_power_w", "max_power_w", "avg_hr", "max_hr", "avg_cadence", "name", "description", "source", "source_app", "external_provider", "has_streams", "rpe", "figures", "update_time", "implausible_figures")
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    MOVING_TIME_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    ELEVATION_GAIN_M_FIELD_NUMBER: _ClassVar[int]
    AVG_POWER_W_FIELD_NUMBER: _ClassVar[int]
    NORMALIZED_POWER_W_FIELD_NUMBER: _ClassVar[int]
    MAX_POWER_W_FIELD_NUMBER: _ClassVar[int]
    AVG_HR_FIELD_NUMBER: _ClassVar[int]
    MAX_HR_FIELD_NUMBER: _ClassVar[int]
    AVG_CADENCE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_APP_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_PROVIDER_FIELD_NUMBER: _ClassVar[int]
    HAS_STREAMS_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    FIGURES_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    IMPLAUSIBLE_FIGURES_FIELD_NUMBER: _ClassVar[int]
    activity_id: str
    sport: str
    start_time: _timestamp_pb2.Timestamp
    duration_s: float
    moving_time_s: float
    distance_m: float
    elevation_gain_m: float
    avg_power_w: float
    normalized_power_w: float
    max_power_w: float
    avg_hr: float
    max_hr: float
    avg_cadence: float
    name: str
    description: str
    source: str
    source_app: str
    external_provider: bool
    has_streams: bool
    rpe: float
    figures: ActivityFigures
    update_time: _timestamp_pb2.Timestamp
    implausible_figures: _containers.RepeatedCompositeFieldContainer[ImplausibleFigure]
    def __init__(self, activity_id: _Optional[str] = ..., sport: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_s: _Optional[float] = ..., moving_time_s: _Optional[float] = ..., distance_m: _Optional[float] = ..., elevation_gain_m: _Optional[float] = ..., avg_power_w: _Optional[float] = ..., normalized_power_w: _Optional[float] = ..., max_power_w: _Optional[float] = ..., avg_hr: _Optional[float] = ..., max_hr: _Optional[float] = ..., avg_cadence: _Optional[float] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., source: _Optional[str] = ..., source_app: _Optional[str] = ..., external_provider: _Optional[bool] = ..., has_streams: _Optional[bool] = ..., rpe: _Optional[float] = ..., figures: _Optional[_Union[ActivityFigures, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., implausible_figures: _Optional[_Iterable[_Union[ImplausibleFigure, _Mapping]]] = ...) -> None: ...

class ImplausibleFigure(_message.Message):
    __slots__ = ("figure", "value", "bound", "reason")
    FIGURE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BOUND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    figure: str
    value: float
    bound: float
    reason: str
    def __init__(self, figure: _Optional[str] = ..., value: _Optional[float] = ..., bound: _Optional[float] = ..., reason: _Optional[str] = ...) -> None: ...

class ActivityFigures(_message.Message):
    __slots__ = ("power_points", "heart_rate_zones", "power_zones", "ftp_w", "threshold_hr")
    POWER_POINTS_FIELD_NUMBER: _ClassVar[int]
    HEART_RATE_ZONES_FIELD_NUMBER: _ClassVar[int]
    POWER_ZONES_FIELD_NUMBER: _ClassVar[int]
    FTP_W_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_HR_FIELD_NUMBER: _ClassVar[int]
    power_points: _containers.RepeatedCompositeFieldContainer[PowerPoint]
    heart_rate_zones: _containers.RepeatedCompositeFieldContainer[ZoneSeconds]
    power_zones: _containers.RepeatedCompositeFieldContainer[ZoneSeconds]
    ftp_w: float
    threshold_hr: float
    def __init__(self, power_points: _Optional[_Iterable[_Union[PowerPoint, _Mapping]]] = ..., heart_rate_zones: _Optional[_Iterable[_Union[ZoneSeconds, _Mapping]]] = ..., power_zones: _Optional[_Iterable[_Union[ZoneSeconds, _Mapping]]] = ..., ftp_w: _Optional[float] = ..., threshold_hr: _Optional[float] = ...) -> None: ...

class PowerPoint(_message.Message):
    __slots__ = ("duration_s", "watts")
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    WATTS_FIELD_NUMBER: _ClassVar[int]
    duration_s: int
    watts: float
    def __init__(self, duration_s: _Optional[int] = ..., watts: _Optional[float] = ...) -> None: ...

class ZoneSeconds(_message.Message):
    __slots__ = ("zone", "seconds")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    zone: int
    seconds: int
    def __init__(self, zone: _Optional[int] = ..., seconds: _Optional[int] = ...) -> None: ...

class Lap(_message.Message):
    __slots__ = ("start_time", "duration_s", "moving_time_s", "distance_m", "avg_power_w", "avg_hr", "avg_cadence")
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    MOVING_TIME_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    AVG_POWER_W_FIELD_NUMBER: _ClassVar[int]
    AVG_HR_FIELD_NUMBER: _ClassVar[int]
    AVG_CADENCE_FIELD_NUMBER: _ClassVar[int]
    start_time: _timestamp_pb2.Timestamp
    duration_s: float
    moving_time_s: float
    distance_m: float
    avg_power_w: float
    avg_hr: float
    avg_cadence: float
    def __init__(self, start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_s: _Optional[float] = ..., moving_time_s: _Optional[float] = ..., distance_m: _Optional[float] = ..., avg_power_w: _Optional[float] = ..., avg_hr: _Optional[float] = ..., avg_cadence: _Optional[float] = ...) -> None: ...

class ActivityStreams(_message.Message):
    __slots__ = ("power_w", "heart_rate", "speed_mps", "cadence", "altitude_m", "distance_m")
    POWER_W_FIELD_NUMBER: _ClassVar[int]
    HEART_RATE_FIELD_NUMBER: _ClassVar[int]
    SPEED_MPS_FIELD_NUMBER: _ClassVar[int]
    CADENCE_FIELD_NUMBER: _ClassVar[int]
    ALTITUDE_M_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    power_w: _containers.RepeatedScalarFieldContainer[float]
    heart_rate: _containers.RepeatedScalarFieldContainer[float]
    speed_mps: _containers.RepeatedScalarFieldContainer[float]
    cadence: _containers.RepeatedScalarFieldContainer[float]
    altitude_m: _containers.RepeatedScalarFieldContainer[float]
    distance_m: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, power_w: _Optional[_Iterable[float]] = ..., heart_rate: _Optional[_Iterable[float]] = ..., speed_mps: _Optional[_Iterable[float]] = ..., cadence: _Optional[_Iterable[float]] = ..., altitude_m: _Optional[_Iterable[float]] = ..., distance_m: _Optional[_Iterable[float]] = ...) -> None: ...

class Activity(_message.Message):
    __slots__ = ("summary", "laps", "streams")
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    LAPS_FIELD_NUMBER: _ClassVar[int]
    STREAMS_FIELD_NUMBER: _ClassVar[int]
    summary: ActivitySummary
    laps: _containers.RepeatedCompositeFieldContainer[Lap]
    streams: ActivityStreams
    def __init__(self, summary: _Optional[_Union[ActivitySummary, _Mapping]] = ..., laps: _Optional[_Iterable[_Union[Lap, _Mapping]]] = ..., streams: _Optional[_Union[ActivityStreams, _Mapping]] = ...) -> None: ...

class ImportActivityFileRequest(_message.Message):
    __slots__ = ("account_id", "data", "filename", "source_app", "sport")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    SOURCE_APP_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    data: bytes
    filename: str
    source_app: str
    sport: str
    def __init__(self, account_id: _Optional[str] = ..., data: _Optional[bytes] = ..., filename: _Optional[str] = ..., source_app: _Optional[str] = ..., sport: _Optional[str] = ...) -> None: ...

class ImportActivityFileResponse(_message.Message):
    __slots__ = ("activity", "created", "activities")
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    ACTIVITIES_FIELD_NUMBER: _ClassVar[int]
    activity: ActivitySummary
    created: bool
    activities: _containers.RepeatedCompositeFieldContainer[ImportedActivity]
    def __init__(self, activity: _Optional[_Union[ActivitySummary, _Mapping]] = ..., created: _Optional[bool] = ..., activities: _Optional[_Iterable[_Union[ImportedActivity, _Mapping]]] = ...) -> None: ...

class ImportedActivity(_message.Message):
    __slots__ = ("activity", "outcome", "note")
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    activity: ActivitySummary
    outcome: str
    note: str
    def __init__(self, activity: _Optional[_Union[ActivitySummary, _Mapping]] = ..., outcome: _Optional[str] = ..., note: _Optional[str] = ...) -> None: ...

class ActivityInput(_message.Message):
    __slots__ = ("sport", "start_time", "duration_s", "moving_time_s", "distance_m", "elevation_gain_m", "avg_power_w", "normalized_power_w", "max_power_w", "avg_hr", "max_hr", "avg_cadence", "name", "description", "source", "source_app", "external_provider", "rpe")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    MOVING_TIME_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    ELEVATION_GAIN_M_FIELD_NUMBER: _ClassVar[int]
    AVG_POWER_W_FIELD_NUMBER: _ClassVar[int]
    NORMALIZED_POWER_W_FIELD_NUMBER: _ClassVar[int]
    MAX_POWER_W_FIELD_NUMBER: _ClassVar[int]
    AVG_HR_FIELD_NUMBER: _ClassVar[int]
    MAX_HR_FIELD_NUMBER: _ClassVar[int]
    AVG_CADENCE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_APP_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_PROVIDER_FIELD_NUMBER: _ClassVar[int]
    RPE_FIELD_NUMBER: _ClassVar[int]
    sport: str
    start_time: _timestamp_pb2.Timestamp
    duration_s: float
    moving_time_s: float
    distance_m: float
    elevation_gain_m: float
    avg_power_w: float
    normalized_power_w: float
    max_power_w: float
    avg_hr: float
    max_hr: float
    avg_cadence: float
    name: str
    description: str
    source: str
    source_app: str
    external_provider: bool
    rpe: float
    def __init__(self, sport: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_s: _Optional[float] = ..., moving_time_s: _Optional[float] = ..., distance_m: _Optional[float] = ..., elevation_gain_m: _Optional[float] = ..., avg_power_w: _Optional[float] = ..., normalized_power_w: _Optional[float] = ..., max_power_w: _Optional[float] = ..., avg_hr: _Optional[float] = ..., max_hr: _Optional[float] = ..., avg_cadence: _Optional[float] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., source: _Optional[str] = ..., source_app: _Optional[str] = ..., external_provider: _Optional[bool] = ..., rpe: _Optional[float] = ...) -> None: ...

class RecordActivityRequest(_message.Message):
    __slots__ = ("account_id", "activity", "idempotency_key")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    activity: ActivityInput
    idempotency_key: str
    def __init__(self, account_id: _Optional[str] = ..., activity: _Optional[_Union[ActivityInput, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RecordActivityResponse(_message.Message):
    __slots__ = ("activity", "replayed")
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    activity: ActivitySummary
    replayed: bool
    def __init__(self, activity: _Optional[_Union[ActivitySummary, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class GetActivityRequest(_message.Message):
    __slots__ = ("account_id", "activity_id", "include_streams")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_STREAMS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    activity_id: str
    include_streams: bool
    def __init__(self, account_id: _Optional[str] = ..., activity_id: _Optional[str] = ..., include_streams: _Optional[bool] = ...) -> None: ...

class GetActivityResponse(_message.Message):
    __slots__ = ("activity",)
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    activity: Activity
    def __init__(self, activity: _Optional[_Union[Activity, _Mapping]] = ...) -> None: ...

class ListActivitiesRequest(_message.Message):
    __slots__ = ("account_id", "from_time", "to_time", "sports", "page_size", "page_token")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_TIME_FIELD_NUMBER: _ClassVar[int]
    TO_TIME_FIELD_NUMBER: _ClassVar[int]
    SPORTS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_time: _timestamp_pb2.Timestamp
    to_time: _timestamp_pb2.Timestamp
    sports: _containers.RepeatedScalarFieldContainer[str]
    page_size: int
    page_token: str
    def __init__(self, account_id: _Optional[str] = ..., from_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., to_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sports: _Optional[_Iterable[str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListActivitiesResponse(_message.Message):
    __slots__ = ("activities", "next_page_token")
    ACTIVITIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    activities: _containers.RepeatedCompositeFieldContainer[ActivitySummary]
    next_page_token: str
    def __init__(self, activities: _Optional[_Iterable[_Union[ActivitySummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class DeleteActivityRequest(_message.Message):
    __slots__ = ("account_id", "activity_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    activity_id: str
    def __init__(self, account_id: _Optional[str] = ..., activity_id: _Optional[str] = ...) -> None: ...

class DeleteActivityResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ActivityDeleted(_message.Message):
    __slots__ = ("activity_id", "sport", "start_time")
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    activity_id: str
    sport: str
    start_time: _timestamp_pb2.Timestamp
    def __init__(self, activity_id: _Optional[str] = ..., sport: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Threshold(_message.Message):
    __slots__ = ("kind", "effective_day", "seconds_per_km", "distance_m", "seconds", "vdot", "watts", "seconds_400m", "seconds_200m", "seconds_per_100m", "bpm", "source", "threshold_id")
    KIND_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_DAY_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    VDOT_FIELD_NUMBER: _ClassVar[int]
    WATTS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_400M_FIELD_NUMBER: _ClassVar[int]
    SECONDS_200M_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    BPM_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_ID_FIELD_NUMBER: _ClassVar[int]
    kind: str
    effective_day: str
    seconds_per_km: float
    distance_m: float
    seconds: float
    vdot: float
    watts: float
    seconds_400m: float
    seconds_200m: float
    seconds_per_100m: float
    bpm: float
    source: str
    threshold_id: str
    def __init__(self, kind: _Optional[str] = ..., effective_day: _Optional[str] = ..., seconds_per_km: _Optional[float] = ..., distance_m: _Optional[float] = ..., seconds: _Optional[float] = ..., vdot: _Optional[float] = ..., watts: _Optional[float] = ..., seconds_400m: _Optional[float] = ..., seconds_200m: _Optional[float] = ..., seconds_per_100m: _Optional[float] = ..., bpm: _Optional[float] = ..., source: _Optional[str] = ..., threshold_id: _Optional[str] = ...) -> None: ...

class SetThresholdRequest(_message.Message):
    __slots__ = ("account_id", "threshold")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    threshold: Threshold
    def __init__(self, account_id: _Optional[str] = ..., threshold: _Optional[_Union[Threshold, _Mapping]] = ...) -> None: ...

class SetThresholdResponse(_message.Message):
    __slots__ = ("threshold",)
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    threshold: Threshold
    def __init__(self, threshold: _Optional[_Union[Threshold, _Mapping]] = ...) -> None: ...

class DeleteThresholdRequest(_message.Message):
    __slots__ = ("account_id", "threshold_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    threshold_id: str
    def __init__(self, account_id: _Optional[str] = ..., threshold_id: _Optional[str] = ...) -> None: ...

class DeleteThresholdResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ThresholdDeleted(_message.Message):
    __slots__ = ("threshold_id", "kind", "effective_day")
    THRESHOLD_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_DAY_FIELD_NUMBER: _ClassVar[int]
    threshold_id: str
    kind: str
    effective_day: str
    def __init__(self, threshold_id: _Optional[str] = ..., kind: _Optional[str] = ..., effective_day: _Optional[str] = ...) -> None: ...

class ListThresholdsRequest(_message.Message):
    __slots__ = ("account_id", "as_of_day")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AS_OF_DAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    as_of_day: str
    def __init__(self, account_id: _Optional[str] = ..., as_of_day: _Optional[str] = ...) -> None: ...

class ListThresholdsResponse(_message.Message):
    __slots__ = ("history", "in_force")
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    IN_FORCE_FIELD_NUMBER: _ClassVar[int]
    history: _containers.RepeatedCompositeFieldContainer[Threshold]
    in_force: _containers.RepeatedCompositeFieldContainer[Threshold]
    def __init__(self, history: _Optional[_Iterable[_Union[Threshold, _Mapping]]] = ..., in_force: _Optional[_Iterable[_Union[Threshold, _Mapping]]] = ...) -> None: ...

class DailyReadiness(_message.Message):
    __slots__ = ("day", "sleep_hours", "resting_hr", "hrv_ms", "soreness", "fatigue", "sleep_quality", "stress", "mood", "body_weight_kg", "steps", "water_intake_ml", "active_calories", "update_time")
    DAY_FIELD_NUMBER: _ClassVar[int]
    SLEEP_HOURS_FIELD_NUMBER: _ClassVar[int]
    RESTING_HR_FIELD_NUMBER: _ClassVar[int]
    HRV_MS_FIELD_NUMBER: _ClassVar[int]
    SORENESS_FIELD_NUMBER: _ClassVar[int]
    FATIGUE_FIELD_NUMBER: _ClassVar[int]
    SLEEP_QUALITY_FIELD_NUMBER: _ClassVar[int]
    STRESS_FIELD_NUMBER: _ClassVar[int]
    MOOD_FIELD_NUMBER: _ClassVar[int]
    BODY_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    WATER_INTAKE_ML_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_CALORIES_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    day: str
    sleep_hours: float
    resting_hr: float
    hrv_ms: float
    soreness: int
    fatigue: int
    sleep_quality: int
    stress: int
    mood: int
    body_weight_kg: float
    steps: int
    water_intake_ml: int
    active_calories: int
    update_time: _timestamp_pb2.Timestamp
    def __init__(self, day: _Optional[str] = ..., sleep_hours: _Optional[float] = ..., resting_hr: _Optional[float] = ..., hrv_ms: _Optional[float] = ..., soreness: _Optional[int] = ..., fatigue: _Optional[int] = ..., sleep_quality: _Optional[int] = ..., stress: _Optional[int] = ..., mood: _Optional[int] = ..., body_weight_kg: _Optional[float] = ..., steps: _Optional[int] = ..., water_intake_ml: _Optional[int] = ..., active_calories: _Optional[int] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class RecordReadinessRequest(_message.Message):
    __slots__ = ("account_id", "readiness", "idempotency_key")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    READINESS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    readiness: DailyReadiness
    idempotency_key: str
    def __init__(self, account_id: _Optional[str] = ..., readiness: _Optional[_Union[DailyReadiness, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class RecordReadinessResponse(_message.Message):
    __slots__ = ("readiness", "replayed")
    READINESS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    readiness: DailyReadiness
    replayed: bool
    def __init__(self, readiness: _Optional[_Union[DailyReadiness, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class ListReadinessRequest(_message.Message):
    __slots__ = ("account_id", "from_day", "to_day")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_day: str
    to_day: str
    def __init__(self, account_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ...) -> None: ...

class ListReadinessResponse(_message.Message):
    __slots__ = ("entries",)
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[DailyReadiness]
    def __init__(self, entries: _Optional[_Iterable[_Union[DailyReadiness, _Mapping]]] = ...) -> None: ...
