import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_TYPE_UNSPECIFIED: _ClassVar[ActionType]
    ACTION_TYPE_EXECUTE_AS_PLANNED: _ClassVar[ActionType]
    ACTION_TYPE_ADAPT_SESSION: _ClassVar[ActionType]
    ACTION_TYPE_SUBSTITUTE_RECOVERY: _ClassVar[ActionType]
    ACTION_TYPE_REST: _ClassVar[ActionType]

class TrainingState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRAINING_STATE_UNSPECIFIED: _ClassVar[TrainingState]
    TRAINING_STATE_PRODUCTIVE: _ClassVar[TrainingState]
    TRAINING_STATE_MAINTAINING: _ClassVar[TrainingState]
    TRAINING_STATE_PEAKING: _ClassVar[TrainingState]
    TRAINING_STATE_RECOVERY: _ClassVar[TrainingState]
    TRAINING_STATE_OVERLOADED: _ClassVar[TrainingState]

class RecoveryStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECOVERY_STATUS_UNSPECIFIED: _ClassVar[RecoveryStatus]
    RECOVERY_STATUS_GREEN: _ClassVar[RecoveryStatus]
    RECOVERY_STATUS_AMBER: _ClassVar[RecoveryStatus]
    RECOVERY_STATUS_RED: _ClassVar[RecoveryStatus]

class LoadStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOAD_STATUS_UNSPECIFIED: _ClassVar[LoadStatus]
    LOAD_STATUS_OPTIMAL: _ClassVar[LoadStatus]
    LOAD_STATUS_ELEVATED: _ClassVar[LoadStatus]
    LOAD_STATUS_LOW: _ClassVar[LoadStatus]

class AdvisoryLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ADVISORY_LEVEL_UNSPECIFIED: _ClassVar[AdvisoryLevel]
    ADVISORY_LEVEL_INFO: _ClassVar[AdvisoryLevel]
    ADVISORY_LEVEL_WARNING: _ClassVar[AdvisoryLevel]
    ADVISORY_LEVEL_CRITICAL: _ClassVar[AdvisoryLevel]

class AdvisoryRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ADVISORY_RULE_UNSPECIFIED: _ClassVar[AdvisoryRule]
    ADVISORY_RULE_WEEKLY_VOLUME_SPIKE: _ClassVar[AdvisoryRule]
    ADVISORY_RULE_LONG_RUN_CAP: _ClassVar[AdvisoryRule]
    ADVISORY_RULE_CONSECUTIVE_HARD_DAYS: _ClassVar[AdvisoryRule]
    ADVISORY_RULE_PROJECTED_TSB_OVERLOAD: _ClassVar[AdvisoryRule]

class CompletionOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COMPLETION_OUTCOME_UNSPECIFIED: _ClassVar[CompletionOutcome]
    COMPLETION_OUTCOME_ON_TARGET: _ClassVar[CompletionOutcome]
    COMPLETION_OUTCOME_HARDER_THAN_PLANNED: _ClassVar[CompletionOutcome]
    COMPLETION_OUTCOME_EASIER_THAN_PLANNED: _ClassVar[CompletionOutcome]
    COMPLETION_OUTCOME_NO_ACTIVITY: _ClassVar[CompletionOutcome]
    COMPLETION_OUTCOME_ACTIVITY_NOT_FOUND: _ClassVar[CompletionOutcome]
ACTION_TYPE_UNSPECIFIED: ActionType
ACTION_TYPE_EXECUTE_AS_PLANNED: ActionType
ACTION_TYPE_ADAPT_SESSION: ActionType
ACTION_TYPE_SUBSTITUTE_RECOVERY: ActionType
ACTION_TYPE_REST: ActionType
TRAINING_STATE_UNSPECIFIED: TrainingState
TRAINING_STATE_PRODUCTIVE: TrainingState
TRAINING_STATE_MAINTAINING: TrainingState
TRAINING_STATE_PEAKING: TrainingState
TRAINING_STATE_RECOVERY: TrainingState
TRAINING_STATE_OVERLOADED: TrainingState
RECOVERY_STATUS_UNSPECIFIED: RecoveryStatus
RECOVERY_STATUS_GREEN: RecoveryStatus
RECOVERY_STATUS_AMBER: RecoveryStatus
RECOVERY_STATUS_RED: RecoveryStatus
LOAD_STATUS_UNSPECIFIED: LoadStatus
LOAD_STATUS_OPTIMAL: LoadStatus
LOAD_STATUS_ELEVATED: LoadStatus
LOAD_STATUS_LOW: LoadStatus
ADVISORY_LEVEL_UNSPECIFIED: AdvisoryLevel
ADVISORY_LEVEL_INFO: AdvisoryLevel
ADVISORY_LEVEL_WARNING: AdvisoryLevel
ADVISORY_LEVEL_CRITICAL: AdvisoryLevel
ADVISORY_RULE_UNSPECIFIED: AdvisoryRule
ADVISORY_RULE_WEEKLY_VOLUME_SPIKE: AdvisoryRule
ADVISORY_RULE_LONG_RUN_CAP: AdvisoryRule
ADVISORY_RULE_CONSECUTIVE_HARD_DAYS: AdvisoryRule
ADVISORY_RULE_PROJECTED_TSB_OVERLOAD: AdvisoryRule
COMPLETION_OUTCOME_UNSPECIFIED: CompletionOutcome
COMPLETION_OUTCOME_ON_TARGET: CompletionOutcome
COMPLETION_OUTCOME_HARDER_THAN_PLANNED: CompletionOutcome
COMPLETION_OUTCOME_EASIER_THAN_PLANNED: CompletionOutcome
COMPLETION_OUTCOME_NO_ACTIVITY: CompletionOutcome
COMPLETION_OUTCOME_ACTIVITY_NOT_FOUND: CompletionOutcome

class PlannedInterval(_message.Message):
    __slots__ = ("label", "duration_seconds", "distance_meters", "target", "repeat")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    REPEAT_FIELD_NUMBER: _ClassVar[int]
    label: str
    duration_seconds: int
    distance_meters: float
    target: str
    repeat: int
    def __init__(self, label: _Optional[str] = ..., duration_seconds: _Optional[int] = ..., distance_meters: _Optional[float] = ..., target: _Optional[str] = ..., repeat: _Optional[int] = ...) -> None: ...

class PlannedSession(_message.Message):
    __slots__ = ("workout_id", "title", "sport", "duration_minutes", "target_intensity", "description", "intervals", "planned_tss")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MINUTES_FIELD_NUMBER: _ClassVar[int]
    TARGET_INTENSITY_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    INTERVALS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_TSS_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    title: str
    sport: str
    duration_minutes: float
    target_intensity: str
    description: str
    intervals: _containers.RepeatedCompositeFieldContainer[PlannedInterval]
    planned_tss: float
    def __init__(self, workout_id: _Optional[str] = ..., title: _Optional[str] = ..., sport: _Optional[str] = ..., duration_minutes: _Optional[float] = ..., target_intensity: _Optional[str] = ..., description: _Optional[str] = ..., intervals: _Optional[_Iterable[_Union[PlannedInterval, _Mapping]]] = ..., planned_tss: _Optional[float] = ...) -> None: ...

class GetDailyDecisionRequest(_message.Message):
    __slots__ = ("account_id", "day", "time_zone", "planned")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    day: str
    time_zone: str
    planned: _containers.RepeatedCompositeFieldContainer[PlannedSession]
    def __init__(self, account_id: _Optional[str] = ..., day: _Optional[str] = ..., time_zone: _Optional[str] = ..., planned: _Optional[_Iterable[_Union[PlannedSession, _Mapping]]] = ...) -> None: ...

class GetDailyDecisionResponse(_message.Message):
    __slots__ = ("day", "decision_id", "action_type", "session", "changed_from", "reason_codes", "reason_summary", "generated_at", "data_synced_at", "stale", "as_of_sequence")
    DAY_FIELD_NUMBER: _ClassVar[int]
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CHANGED_FROM_FIELD_NUMBER: _ClassVar[int]
    REASON_CODES_FIELD_NUMBER: _ClassVar[int]
    REASON_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    DATA_SYNCED_AT_FIELD_NUMBER: _ClassVar[int]
    STALE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    day: str
    decision_id: str
    action_type: ActionType
    session: PlannedSession
    changed_from: PlannedSession
    reason_codes: _containers.RepeatedScalarFieldContainer[str]
    reason_summary: str
    generated_at: _timestamp_pb2.Timestamp
    data_synced_at: _timestamp_pb2.Timestamp
    stale: bool
    as_of_sequence: int
    def __init__(self, day: _Optional[str] = ..., decision_id: _Optional[str] = ..., action_type: _Optional[_Union[ActionType, str]] = ..., session: _Optional[_Union[PlannedSession, _Mapping]] = ..., changed_from: _Optional[_Union[PlannedSession, _Mapping]] = ..., reason_codes: _Optional[_Iterable[str]] = ..., reason_summary: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., data_synced_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., stale: _Optional[bool] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetTrainingStatusRequest(_message.Message):
    __slots__ = ("account_id", "as_of", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    as_of: _timestamp_pb2.Timestamp
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., time_zone: _Optional[str] = ...) -> None: ...

class StatusDriver(_message.Message):
    __slots__ = ("code", "summary")
    CODE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    code: str
    summary: str
    def __init__(self, code: _Optional[str] = ..., summary: _Optional[str] = ...) -> None: ...

class GetTrainingStatusResponse(_message.Message):
    __slots__ = ("as_of", "training_state", "recovery_status", "load_status", "drivers", "data_freshness", "no_data", "stale", "as_of_sequence")
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    TRAINING_STATE_FIELD_NUMBER: _ClassVar[int]
    RECOVERY_STATUS_FIELD_NUMBER: _ClassVar[int]
    LOAD_STATUS_FIELD_NUMBER: _ClassVar[int]
    DRIVERS_FIELD_NUMBER: _ClassVar[int]
    DATA_FRESHNESS_FIELD_NUMBER: _ClassVar[int]
    NO_DATA_FIELD_NUMBER: _ClassVar[int]
    STALE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    as_of: _timestamp_pb2.Timestamp
    training_state: TrainingState
    recovery_status: RecoveryStatus
    load_status: LoadStatus
    drivers: _containers.RepeatedCompositeFieldContainer[StatusDriver]
    data_freshness: _timestamp_pb2.Timestamp
    no_data: bool
    stale: bool
    as_of_sequence: int
    def __init__(self, as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., training_state: _Optional[_Union[TrainingState, str]] = ..., recovery_status: _Optional[_Union[RecoveryStatus, str]] = ..., load_status: _Optional[_Union[LoadStatus, str]] = ..., drivers: _Optional[_Iterable[_Union[StatusDriver, _Mapping]]] = ..., data_freshness: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., no_data: _Optional[bool] = ..., stale: _Optional[bool] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetTrainingLoadRequest(_message.Message):
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

class LoadDay(_message.Message):
    __slots__ = ("day", "stress", "ctl", "atl", "tsb", "ramp_rate", "workload_ratio", "overtraining_risk")
    DAY_FIELD_NUMBER: _ClassVar[int]
    STRESS_FIELD_NUMBER: _ClassVar[int]
    CTL_FIELD_NUMBER: _ClassVar[int]
    ATL_FIELD_NUMBER: _ClassVar[int]
    TSB_FIELD_NUMBER: _ClassVar[int]
    RAMP_RATE_FIELD_NUMBER: _ClassVar[int]
    WORKLOAD_RATIO_FIELD_NUMBER: _ClassVar[int]
    OVERTRAINING_RISK_FIELD_NUMBER: _ClassVar[int]
    day: str
    stress: float
    ctl: float
    atl: float
    tsb: float
    ramp_rate: float
    workload_ratio: float
    overtraining_risk: str
    def __init__(self, day: _Optional[str] = ..., stress: _Optional[float] = ..., ctl: _Optional[float] = ..., atl: _Optional[float] = ..., tsb: _Optional[float] = ..., ramp_rate: _Optional[float] = ..., workload_ratio: _Optional[float] = ..., overtraining_risk: _Optional[str] = ...) -> None: ...

class SportLoad(_message.Message):
    __slots__ = ("sport", "days")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    sport: str
    days: _containers.RepeatedCompositeFieldContainer[LoadDay]
    def __init__(self, sport: _Optional[str] = ..., days: _Optional[_Iterable[_Union[LoadDay, _Mapping]]] = ...) -> None: ...

class GetTrainingLoadResponse(_message.Message):
    __slots__ = ("combined", "by_sport", "tsb_convention", "as_of_sequence")
    COMBINED_FIELD_NUMBER: _ClassVar[int]
    BY_SPORT_FIELD_NUMBER: _ClassVar[int]
    TSB_CONVENTION_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    combined: _containers.RepeatedCompositeFieldContainer[LoadDay]
    by_sport: _containers.RepeatedCompositeFieldContainer[SportLoad]
    tsb_convention: str
    as_of_sequence: int
    def __init__(self, combined: _Optional[_Iterable[_Union[LoadDay, _Mapping]]] = ..., by_sport: _Optional[_Iterable[_Union[SportLoad, _Mapping]]] = ..., tsb_convention: _Optional[str] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class ListActivityStressRequest(_message.Message):
    __slots__ = ("account_id", "from_day", "to_day", "time_zone", "sports")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    SPORTS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_day: str
    to_day: str
    time_zone: str
    sports: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, account_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., time_zone: _Optional[str] = ..., sports: _Optional[_Iterable[str]] = ...) -> None: ...

class ActivityStress(_message.Message):
    __slots__ = ("activity_id", "sport", "start_time", "day", "duration_s", "moving_time_s", "distance_m", "elevation_gain_m", "avg_power_w", "normalized_power_w", "avg_hr", "name", "external_provider", "tss", "stress_method", "intensity_factor", "variability_index", "trimp", "heart_rate_zones", "power_zones", "source", "source_app", "implausible_figures")
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    MOVING_TIME_S_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_M_FIELD_NUMBER: _ClassVar[int]
    ELEVATION_GAIN_M_FIELD_NUMBER: _ClassVar[int]
    AVG_POWER_W_FIELD_NUMBER: _ClassVar[int]
    NORMALIZED_POWER_W_FIELD_NUMBER: _ClassVar[int]
    AVG_HR_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_PROVIDER_FIELD_NUMBER: _ClassVar[int]
    TSS_FIELD_NUMBER: _ClassVar[int]
    STRESS_METHOD_FIELD_NUMBER: _ClassVar[int]
    INTENSITY_FACTOR_FIELD_NUMBER: _ClassVar[int]
    VARIABILITY_INDEX_FIELD_NUMBER: _ClassVar[int]
    TRIMP_FIELD_NUMBER: _ClassVar[int]
    HEART_RATE_ZONES_FIELD_NUMBER: _ClassVar[int]
    POWER_ZONES_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_APP_FIELD_NUMBER: _ClassVar[int]
    IMPLAUSIBLE_FIGURES_FIELD_NUMBER: _ClassVar[int]
    activity_id: str
    sport: str
    start_time: _timestamp_pb2.Timestamp
    day: str
    duration_s: float
    moving_time_s: float
    distance_m: float
    elevation_gain_m: float
    avg_power_w: float
    normalized_power_w: float
    avg_hr: float
    name: str
    external_provider: bool
    tss: float
    stress_method: str
    intensity_factor: float
    variability_index: float
    trimp: float
    heart_rate_zones: _containers.RepeatedCompositeFieldContainer[ZoneTime]
    power_zones: _containers.RepeatedCompositeFieldContainer[ZoneTime]
    source: str
    source_app: str
    implausible_figures: _containers.RepeatedCompositeFieldContainer[ImplausibleFigure]
    def __init__(self, activity_id: _Optional[str] = ..., sport: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., day: _Optional[str] = ..., duration_s: _Optional[float] = ..., moving_time_s: _Optional[float] = ..., distance_m: _Optional[float] = ..., elevation_gain_m: _Optional[float] = ..., avg_power_w: _Optional[float] = ..., normalized_power_w: _Optional[float] = ..., avg_hr: _Optional[float] = ..., name: _Optional[str] = ..., external_provider: _Optional[bool] = ..., tss: _Optional[float] = ..., stress_method: _Optional[str] = ..., intensity_factor: _Optional[float] = ..., variability_index: _Optional[float] = ..., trimp: _Optional[float] = ..., heart_rate_zones: _Optional[_Iterable[_Union[ZoneTime, _Mapping]]] = ..., power_zones: _Optional[_Iterable[_Union[ZoneTime, _Mapping]]] = ..., source: _Optional[str] = ..., source_app: _Optional[str] = ..., implausible_figures: _Optional[_Iterable[_Union[ImplausibleFigure, _Mapping]]] = ...) -> None: ...

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

class ZoneTime(_message.Message):
    __slots__ = ("zone", "seconds")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    zone: int
    seconds: int
    def __init__(self, zone: _Optional[int] = ..., seconds: _Optional[int] = ...) -> None: ...

class ListActivityStressResponse(_message.Message):
    __slots__ = ("activities", "as_of_sequence")
    ACTIVITIES_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    activities: _containers.RepeatedCompositeFieldContainer[ActivityStress]
    as_of_sequence: int
    def __init__(self, activities: _Optional[_Iterable[_Union[ActivityStress, _Mapping]]] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetAthleteFiguresRequest(_message.Message):
    __slots__ = ("account_id", "day", "time_zone")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    day: str
    time_zone: str
    def __init__(self, account_id: _Optional[str] = ..., day: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class PaceFigure(_message.Message):
    __slots__ = ("seconds_per_km", "per_km", "seconds_per_mile", "per_mile")
    SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    PER_KM_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_MILE_FIELD_NUMBER: _ClassVar[int]
    PER_MILE_FIELD_NUMBER: _ClassVar[int]
    seconds_per_km: float
    per_km: str
    seconds_per_mile: float
    per_mile: str
    def __init__(self, seconds_per_km: _Optional[float] = ..., per_km: _Optional[str] = ..., seconds_per_mile: _Optional[float] = ..., per_mile: _Optional[str] = ...) -> None: ...

class RacePrediction(_message.Message):
    __slots__ = ("distance", "meters", "seconds", "time", "pace")
    DISTANCE_FIELD_NUMBER: _ClassVar[int]
    METERS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    PACE_FIELD_NUMBER: _ClassVar[int]
    distance: str
    meters: float
    seconds: int
    time: str
    pace: PaceFigure
    def __init__(self, distance: _Optional[str] = ..., meters: _Optional[float] = ..., seconds: _Optional[int] = ..., time: _Optional[str] = ..., pace: _Optional[_Union[PaceFigure, _Mapping]] = ...) -> None: ...

class RunningFigures(_message.Message):
    __slots__ = ("vdot", "effective_vdot", "effective_vdot_activity_id", "predictions", "easy_slowest", "easy_fastest", "marathon", "threshold", "interval", "repetition")
    VDOT_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_VDOT_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_VDOT_ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    PREDICTIONS_FIELD_NUMBER: _ClassVar[int]
    EASY_SLOWEST_FIELD_NUMBER: _ClassVar[int]
    EASY_FASTEST_FIELD_NUMBER: _ClassVar[int]
    MARATHON_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_FIELD_NUMBER: _ClassVar[int]
    REPETITION_FIELD_NUMBER: _ClassVar[int]
    vdot: float
    effective_vdot: float
    effective_vdot_activity_id: str
    predictions: _containers.RepeatedCompositeFieldContainer[RacePrediction]
    easy_slowest: PaceFigure
    easy_fastest: PaceFigure
    marathon: PaceFigure
    threshold: PaceFigure
    interval: PaceFigure
    repetition: PaceFigure
    def __init__(self, vdot: _Optional[float] = ..., effective_vdot: _Optional[float] = ..., effective_vdot_activity_id: _Optional[str] = ..., predictions: _Optional[_Iterable[_Union[RacePrediction, _Mapping]]] = ..., easy_slowest: _Optional[_Union[PaceFigure, _Mapping]] = ..., easy_fastest: _Optional[_Union[PaceFigure, _Mapping]] = ..., marathon: _Optional[_Union[PaceFigure, _Mapping]] = ..., threshold: _Optional[_Union[PaceFigure, _Mapping]] = ..., interval: _Optional[_Union[PaceFigure, _Mapping]] = ..., repetition: _Optional[_Union[PaceFigure, _Mapping]] = ...) -> None: ...

class PowerZoneFigure(_message.Message):
    __slots__ = ("zone", "name", "floor_watts", "ceiling_watts", "floor_watts_per_kg", "ceiling_watts_per_kg")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FLOOR_WATTS_FIELD_NUMBER: _ClassVar[int]
    CEILING_WATTS_FIELD_NUMBER: _ClassVar[int]
    FLOOR_WATTS_PER_KG_FIELD_NUMBER: _ClassVar[int]
    CEILING_WATTS_PER_KG_FIELD_NUMBER: _ClassVar[int]
    zone: int
    name: str
    floor_watts: float
    ceiling_watts: float
    floor_watts_per_kg: float
    ceiling_watts_per_kg: float
    def __init__(self, zone: _Optional[int] = ..., name: _Optional[str] = ..., floor_watts: _Optional[float] = ..., ceiling_watts: _Optional[float] = ..., floor_watts_per_kg: _Optional[float] = ..., ceiling_watts_per_kg: _Optional[float] = ...) -> None: ...

class CyclingFigures(_message.Message):
    __slots__ = ("ftp_w", "ftp_w_per_kg", "zones")
    FTP_W_FIELD_NUMBER: _ClassVar[int]
    FTP_W_PER_KG_FIELD_NUMBER: _ClassVar[int]
    ZONES_FIELD_NUMBER: _ClassVar[int]
    ftp_w: float
    ftp_w_per_kg: float
    zones: _containers.RepeatedCompositeFieldContainer[PowerZoneFigure]
    def __init__(self, ftp_w: _Optional[float] = ..., ftp_w_per_kg: _Optional[float] = ..., zones: _Optional[_Iterable[_Union[PowerZoneFigure, _Mapping]]] = ...) -> None: ...

class HeartRateZoneFigure(_message.Message):
    __slots__ = ("zone", "name", "lowest_bpm", "highest_bpm")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BPM_FIELD_NUMBER: _ClassVar[int]
    HIGHEST_BPM_FIELD_NUMBER: _ClassVar[int]
    zone: int
    name: str
    lowest_bpm: int
    highest_bpm: int
    def __init__(self, zone: _Optional[int] = ..., name: _Optional[str] = ..., lowest_bpm: _Optional[int] = ..., highest_bpm: _Optional[int] = ...) -> None: ...

class HeartRateFigures(_message.Message):
    __slots__ = ("threshold_hr", "max_hr", "resting_hr", "estimated", "zones")
    THRESHOLD_HR_FIELD_NUMBER: _ClassVar[int]
    MAX_HR_FIELD_NUMBER: _ClassVar[int]
    RESTING_HR_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_FIELD_NUMBER: _ClassVar[int]
    ZONES_FIELD_NUMBER: _ClassVar[int]
    threshold_hr: float
    max_hr: float
    resting_hr: float
    estimated: bool
    zones: _containers.RepeatedCompositeFieldContainer[HeartRateZoneFigure]
    def __init__(self, threshold_hr: _Optional[float] = ..., max_hr: _Optional[float] = ..., resting_hr: _Optional[float] = ..., estimated: _Optional[bool] = ..., zones: _Optional[_Iterable[_Union[HeartRateZoneFigure, _Mapping]]] = ...) -> None: ...

class SwimZoneFigure(_message.Message):
    __slots__ = ("zone", "name", "slowest_seconds_per_100m", "fastest_seconds_per_100m")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SLOWEST_SECONDS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    FASTEST_SECONDS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    zone: int
    name: str
    slowest_seconds_per_100m: float
    fastest_seconds_per_100m: float
    def __init__(self, zone: _Optional[int] = ..., name: _Optional[str] = ..., slowest_seconds_per_100m: _Optional[float] = ..., fastest_seconds_per_100m: _Optional[float] = ...) -> None: ...

class SwimmingFigures(_message.Message):
    __slots__ = ("css_seconds_per_100m", "css_per_100m", "zones")
    CSS_SECONDS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    CSS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    ZONES_FIELD_NUMBER: _ClassVar[int]
    css_seconds_per_100m: float
    css_per_100m: str
    zones: _containers.RepeatedCompositeFieldContainer[SwimZoneFigure]
    def __init__(self, css_seconds_per_100m: _Optional[float] = ..., css_per_100m: _Optional[str] = ..., zones: _Optional[_Iterable[_Union[SwimZoneFigure, _Mapping]]] = ...) -> None: ...

class GetAthleteFiguresResponse(_message.Message):
    __slots__ = ("day", "running", "cycling", "heart_rate", "swimming", "body_weight_kg", "as_of_sequence")
    DAY_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    CYCLING_FIELD_NUMBER: _ClassVar[int]
    HEART_RATE_FIELD_NUMBER: _ClassVar[int]
    SWIMMING_FIELD_NUMBER: _ClassVar[int]
    BODY_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    day: str
    running: RunningFigures
    cycling: CyclingFigures
    heart_rate: HeartRateFigures
    swimming: SwimmingFigures
    body_weight_kg: float
    as_of_sequence: int
    def __init__(self, day: _Optional[str] = ..., running: _Optional[_Union[RunningFigures, _Mapping]] = ..., cycling: _Optional[_Union[CyclingFigures, _Mapping]] = ..., heart_rate: _Optional[_Union[HeartRateFigures, _Mapping]] = ..., swimming: _Optional[_Union[SwimmingFigures, _Mapping]] = ..., body_weight_kg: _Optional[float] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetPowerCurveRequest(_message.Message):
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

class PowerCurvePoint(_message.Message):
    __slots__ = ("duration_s", "watts", "watts_per_kg", "activity_id", "all_time_peak_watts")
    DURATION_S_FIELD_NUMBER: _ClassVar[int]
    WATTS_FIELD_NUMBER: _ClassVar[int]
    WATTS_PER_KG_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    ALL_TIME_PEAK_WATTS_FIELD_NUMBER: _ClassVar[int]
    duration_s: int
    watts: float
    watts_per_kg: float
    activity_id: str
    all_time_peak_watts: float
    def __init__(self, duration_s: _Optional[int] = ..., watts: _Optional[float] = ..., watts_per_kg: _Optional[float] = ..., activity_id: _Optional[str] = ..., all_time_peak_watts: _Optional[float] = ...) -> None: ...

class GetPowerCurveResponse(_message.Message):
    __slots__ = ("points", "eftp_w", "eftp_from_duration_s", "as_of_sequence")
    POINTS_FIELD_NUMBER: _ClassVar[int]
    EFTP_W_FIELD_NUMBER: _ClassVar[int]
    EFTP_FROM_DURATION_S_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    points: _containers.RepeatedCompositeFieldContainer[PowerCurvePoint]
    eftp_w: float
    eftp_from_duration_s: int
    as_of_sequence: int
    def __init__(self, points: _Optional[_Iterable[_Union[PowerCurvePoint, _Mapping]]] = ..., eftp_w: _Optional[float] = ..., eftp_from_duration_s: _Optional[int] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class ListReadinessHistoryRequest(_message.Message):
    __slots__ = ("account_id", "from_day", "to_day")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    from_day: str
    to_day: str
    def __init__(self, account_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ...) -> None: ...

class ReadinessDay(_message.Message):
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

class ListReadinessHistoryResponse(_message.Message):
    __slots__ = ("entries", "as_of_sequence")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[ReadinessDay]
    as_of_sequence: int
    def __init__(self, entries: _Optional[_Iterable[_Union[ReadinessDay, _Mapping]]] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class PlannedLoad(_message.Message):
    __slots__ = ("workout_id", "day", "sport", "workout_type", "planned_tss", "distance_meters", "duration_seconds")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_TSS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    day: str
    sport: str
    workout_type: str
    planned_tss: float
    distance_meters: float
    duration_seconds: int
    def __init__(self, workout_id: _Optional[str] = ..., day: _Optional[str] = ..., sport: _Optional[str] = ..., workout_type: _Optional[str] = ..., planned_tss: _Optional[float] = ..., distance_meters: _Optional[float] = ..., duration_seconds: _Optional[int] = ...) -> None: ...

class EvaluatePlanSafetyRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "workouts", "first_weekday", "min_sessions_sequence", "generated_race_type")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    MIN_SESSIONS_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    GENERATED_RACE_TYPE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    workouts: _containers.RepeatedCompositeFieldContainer[PlannedLoad]
    first_weekday: int
    min_sessions_sequence: int
    generated_race_type: str
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., workouts: _Optional[_Iterable[_Union[PlannedLoad, _Mapping]]] = ..., first_weekday: _Optional[int] = ..., min_sessions_sequence: _Optional[int] = ..., generated_race_type: _Optional[str] = ...) -> None: ...

class SafetyAdvisory(_message.Message):
    __slots__ = ("level", "rule", "message", "day")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    level: AdvisoryLevel
    rule: AdvisoryRule
    message: str
    day: str
    def __init__(self, level: _Optional[_Union[AdvisoryLevel, str]] = ..., rule: _Optional[_Union[AdvisoryRule, str]] = ..., message: _Optional[str] = ..., day: _Optional[str] = ...) -> None: ...

class EvaluatePlanSafetyResponse(_message.Message):
    __slots__ = ("advisories", "as_of_sequence")
    ADVISORIES_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    advisories: _containers.RepeatedCompositeFieldContainer[SafetyAdvisory]
    as_of_sequence: int
    def __init__(self, advisories: _Optional[_Iterable[_Union[SafetyAdvisory, _Mapping]]] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class AssessCompletionRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "planned", "activity_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    planned: PlannedLoad
    activity_id: str
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., planned: _Optional[_Union[PlannedLoad, _Mapping]] = ..., activity_id: _Optional[str] = ...) -> None: ...

class AssessCompletionResponse(_message.Message):
    __slots__ = ("outcome", "tss_ratio", "activity_tss", "message", "as_of_sequence")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    TSS_RATIO_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_TSS_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    outcome: CompletionOutcome
    tss_ratio: float
    activity_tss: float
    message: str
    as_of_sequence: int
    def __init__(self, outcome: _Optional[_Union[CompletionOutcome, str]] = ..., tss_ratio: _Optional[float] = ..., activity_tss: _Optional[float] = ..., message: _Optional[str] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...

class GetPlanningContextRequest(_message.Message):
    __slots__ = ("account_id", "time_zone", "first_weekday", "with_figures", "min_sessions_sequence")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    WITH_FIGURES_FIELD_NUMBER: _ClassVar[int]
    MIN_SESSIONS_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    time_zone: str
    first_weekday: int
    with_figures: bool
    min_sessions_sequence: int
    def __init__(self, account_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., first_weekday: _Optional[int] = ..., with_figures: _Optional[bool] = ..., min_sessions_sequence: _Optional[int] = ...) -> None: ...

class CompletedDayLoad(_message.Message):
    __slots__ = ("day", "tss", "run_meters", "ride_meters", "swim_meters")
    DAY_FIELD_NUMBER: _ClassVar[int]
    TSS_FIELD_NUMBER: _ClassVar[int]
    RUN_METERS_FIELD_NUMBER: _ClassVar[int]
    RIDE_METERS_FIELD_NUMBER: _ClassVar[int]
    SWIM_METERS_FIELD_NUMBER: _ClassVar[int]
    day: str
    tss: float
    run_meters: float
    ride_meters: float
    swim_meters: float
    def __init__(self, day: _Optional[str] = ..., tss: _Optional[float] = ..., run_meters: _Optional[float] = ..., ride_meters: _Optional[float] = ..., swim_meters: _Optional[float] = ...) -> None: ...

class GetPlanningContextResponse(_message.Message):
    __slots__ = ("figures", "today", "history_start", "completed_days", "loads_day", "ctl", "atl", "as_of_sequence")
    FIGURES_FIELD_NUMBER: _ClassVar[int]
    TODAY_FIELD_NUMBER: _ClassVar[int]
    HISTORY_START_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_DAYS_FIELD_NUMBER: _ClassVar[int]
    LOADS_DAY_FIELD_NUMBER: _ClassVar[int]
    CTL_FIELD_NUMBER: _ClassVar[int]
    ATL_FIELD_NUMBER: _ClassVar[int]
    AS_OF_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    figures: GetAthleteFiguresResponse
    today: str
    history_start: str
    completed_days: _containers.RepeatedCompositeFieldContainer[CompletedDayLoad]
    loads_day: str
    ctl: float
    atl: float
    as_of_sequence: int
    def __init__(self, figures: _Optional[_Union[GetAthleteFiguresResponse, _Mapping]] = ..., today: _Optional[str] = ..., history_start: _Optional[str] = ..., completed_days: _Optional[_Iterable[_Union[CompletedDayLoad, _Mapping]]] = ..., loads_day: _Optional[str] = ..., ctl: _Optional[float] = ..., atl: _Optional[float] = ..., as_of_sequence: _Optional[int] = ...) -> None: ...
