import datetime

from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from kinetic.training.v1 import training_pb2 as _training_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlanAdvisoryLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_ADVISORY_LEVEL_UNSPECIFIED: _ClassVar[PlanAdvisoryLevel]
    PLAN_ADVISORY_LEVEL_INFO: _ClassVar[PlanAdvisoryLevel]
    PLAN_ADVISORY_LEVEL_WARNING: _ClassVar[PlanAdvisoryLevel]
    PLAN_ADVISORY_LEVEL_CRITICAL: _ClassVar[PlanAdvisoryLevel]

class PlanAdvisoryRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_ADVISORY_RULE_UNSPECIFIED: _ClassVar[PlanAdvisoryRule]
    PLAN_ADVISORY_RULE_WEEKLY_VOLUME_SPIKE: _ClassVar[PlanAdvisoryRule]
    PLAN_ADVISORY_RULE_LONG_RUN_CAP: _ClassVar[PlanAdvisoryRule]
    PLAN_ADVISORY_RULE_CONSECUTIVE_HARD_DAYS: _ClassVar[PlanAdvisoryRule]
    PLAN_ADVISORY_RULE_PROJECTED_TSB_OVERLOAD: _ClassVar[PlanAdvisoryRule]

class WorkoutType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKOUT_TYPE_UNSPECIFIED: _ClassVar[WorkoutType]
    WORKOUT_TYPE_EASY: _ClassVar[WorkoutType]
    WORKOUT_TYPE_RECOVERY: _ClassVar[WorkoutType]
    WORKOUT_TYPE_LONG: _ClassVar[WorkoutType]
    WORKOUT_TYPE_TEMPO: _ClassVar[WorkoutType]
    WORKOUT_TYPE_INTERVALS: _ClassVar[WorkoutType]
    WORKOUT_TYPE_REPETITIONS: _ClassVar[WorkoutType]
    WORKOUT_TYPE_RIDE_ENDURANCE: _ClassVar[WorkoutType]
    WORKOUT_TYPE_RIDE_INTERVALS: _ClassVar[WorkoutType]
    WORKOUT_TYPE_SWIM_TECHNIQUE: _ClassVar[WorkoutType]
    WORKOUT_TYPE_STRENGTH: _ClassVar[WorkoutType]
    WORKOUT_TYPE_CROSS_TRAINING: _ClassVar[WorkoutType]
    WORKOUT_TYPE_RACE: _ClassVar[WorkoutType]

class GoalSport(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_SPORT_UNSPECIFIED: _ClassVar[GoalSport]
    GOAL_SPORT_RUN: _ClassVar[GoalSport]
    GOAL_SPORT_RIDE: _ClassVar[GoalSport]
    GOAL_SPORT_SWIM: _ClassVar[GoalSport]
    GOAL_SPORT_TRIATHLON: _ClassVar[GoalSport]
    GOAL_SPORT_DUATHLON: _ClassVar[GoalSport]
    GOAL_SPORT_OTHER: _ClassVar[GoalSport]
PLAN_ADVISORY_LEVEL_UNSPECIFIED: PlanAdvisoryLevel
PLAN_ADVISORY_LEVEL_INFO: PlanAdvisoryLevel
PLAN_ADVISORY_LEVEL_WARNING: PlanAdvisoryLevel
PLAN_ADVISORY_LEVEL_CRITICAL: PlanAdvisoryLevel
PLAN_ADVISORY_RULE_UNSPECIFIED: PlanAdvisoryRule
PLAN_ADVISORY_RULE_WEEKLY_VOLUME_SPIKE: PlanAdvisoryRule
PLAN_ADVISORY_RULE_LONG_RUN_CAP: PlanAdvisoryRule
PLAN_ADVISORY_RULE_CONSECUTIVE_HARD_DAYS: PlanAdvisoryRule
PLAN_ADVISORY_RULE_PROJECTED_TSB_OVERLOAD: PlanAdvisoryRule
WORKOUT_TYPE_UNSPECIFIED: WorkoutType
WORKOUT_TYPE_EASY: WorkoutType
WORKOUT_TYPE_RECOVERY: WorkoutType
WORKOUT_TYPE_LONG: WorkoutType
WORKOUT_TYPE_TEMPO: WorkoutType
WORKOUT_TYPE_INTERVALS: WorkoutType
WORKOUT_TYPE_REPETITIONS: WorkoutType
WORKOUT_TYPE_RIDE_ENDURANCE: WorkoutType
WORKOUT_TYPE_RIDE_INTERVALS: WorkoutType
WORKOUT_TYPE_SWIM_TECHNIQUE: WorkoutType
WORKOUT_TYPE_STRENGTH: WorkoutType
WORKOUT_TYPE_CROSS_TRAINING: WorkoutType
WORKOUT_TYPE_RACE: WorkoutType
GOAL_SPORT_UNSPECIFIED: GoalSport
GOAL_SPORT_RUN: GoalSport
GOAL_SPORT_RIDE: GoalSport
GOAL_SPORT_SWIM: GoalSport
GOAL_SPORT_TRIATHLON: GoalSport
GOAL_SPORT_DUATHLON: GoalSport
GOAL_SPORT_OTHER: GoalSport

class PhaseTarget(_message.Message):
    __slots__ = ("sport", "weekly_distance_meters", "weekly_duration_seconds", "weekly_tss", "sessions_per_week", "sport_value")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    WEEKLY_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    WEEKLY_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WEEKLY_TSS_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_PER_WEEK_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    sport: str
    weekly_distance_meters: float
    weekly_duration_seconds: int
    weekly_tss: float
    sessions_per_week: int
    sport_value: _training_pb2.Sport
    def __init__(self, sport: _Optional[str] = ..., weekly_distance_meters: _Optional[float] = ..., weekly_duration_seconds: _Optional[int] = ..., weekly_tss: _Optional[float] = ..., sessions_per_week: _Optional[int] = ..., sport_value: _Optional[_Union[_training_pb2.Sport, str]] = ...) -> None: ...

class PhaseBlock(_message.Message):
    __slots__ = ("name", "start_date", "end_date", "focus", "targets")
    NAME_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    FOCUS_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    name: str
    start_date: str
    end_date: str
    focus: str
    targets: _containers.RepeatedCompositeFieldContainer[PhaseTarget]
    def __init__(self, name: _Optional[str] = ..., start_date: _Optional[str] = ..., end_date: _Optional[str] = ..., focus: _Optional[str] = ..., targets: _Optional[_Iterable[_Union[PhaseTarget, _Mapping]]] = ...) -> None: ...

class SportFrequency(_message.Message):
    __slots__ = ("sport", "sessions_per_week", "sport_value")
    SPORT_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_PER_WEEK_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    sport: str
    sessions_per_week: int
    sport_value: _training_pb2.Sport
    def __init__(self, sport: _Optional[str] = ..., sessions_per_week: _Optional[int] = ..., sport_value: _Optional[_Union[_training_pb2.Sport, str]] = ...) -> None: ...

class CoachingSummary(_message.Message):
    __slots__ = ("week_start", "text", "update_time")
    WEEK_START_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    week_start: str
    text: str
    update_time: _timestamp_pb2.Timestamp
    def __init__(self, week_start: _Optional[str] = ..., text: _Optional[str] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Goal(_message.Message):
    __slots__ = ("goal_id", "version", "name", "sport", "race_type", "race_date", "plan_start_date", "training_focus", "phase_blocks", "frequencies", "strength_per_week", "rest_days", "is_active", "status", "creation_mode", "coaching_summaries", "workout_count", "snapshot_count", "notes", "create_time", "update_time", "sport_value")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    RACE_TYPE_FIELD_NUMBER: _ClassVar[int]
    RACE_DATE_FIELD_NUMBER: _ClassVar[int]
    PLAN_START_DATE_FIELD_NUMBER: _ClassVar[int]
    TRAINING_FOCUS_FIELD_NUMBER: _ClassVar[int]
    PHASE_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    FREQUENCIES_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_PER_WEEK_FIELD_NUMBER: _ClassVar[int]
    REST_DAYS_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATION_MODE_FIELD_NUMBER: _ClassVar[int]
    COACHING_SUMMARIES_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_COUNT_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    version: str
    name: str
    sport: str
    race_type: str
    race_date: str
    plan_start_date: str
    training_focus: str
    phase_blocks: _containers.RepeatedCompositeFieldContainer[PhaseBlock]
    frequencies: _containers.RepeatedCompositeFieldContainer[SportFrequency]
    strength_per_week: int
    rest_days: _containers.RepeatedScalarFieldContainer[int]
    is_active: bool
    status: str
    creation_mode: str
    coaching_summaries: _containers.RepeatedCompositeFieldContainer[CoachingSummary]
    workout_count: int
    snapshot_count: int
    notes: str
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    sport_value: GoalSport
    def __init__(self, goal_id: _Optional[str] = ..., version: _Optional[str] = ..., name: _Optional[str] = ..., sport: _Optional[str] = ..., race_type: _Optional[str] = ..., race_date: _Optional[str] = ..., plan_start_date: _Optional[str] = ..., training_focus: _Optional[str] = ..., phase_blocks: _Optional[_Iterable[_Union[PhaseBlock, _Mapping]]] = ..., frequencies: _Optional[_Iterable[_Union[SportFrequency, _Mapping]]] = ..., strength_per_week: _Optional[int] = ..., rest_days: _Optional[_Iterable[int]] = ..., is_active: _Optional[bool] = ..., status: _Optional[str] = ..., creation_mode: _Optional[str] = ..., coaching_summaries: _Optional[_Iterable[_Union[CoachingSummary, _Mapping]]] = ..., workout_count: _Optional[int] = ..., snapshot_count: _Optional[int] = ..., notes: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sport_value: _Optional[_Union[GoalSport, str]] = ...) -> None: ...

class PlanWorkout(_message.Message):
    __slots__ = ("workout_id", "version", "goal_id", "name", "notes", "scheduled_date", "order", "workout_type", "endurance", "completed", "linked_activity_id", "completed_time", "workout_type_value")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_DATE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    LINKED_ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_TIME_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_VALUE_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    version: str
    goal_id: str
    name: str
    notes: str
    scheduled_date: str
    order: int
    workout_type: str
    endurance: _training_pb2.EnduranceTarget
    completed: bool
    linked_activity_id: str
    completed_time: _timestamp_pb2.Timestamp
    workout_type_value: WorkoutType
    def __init__(self, workout_id: _Optional[str] = ..., version: _Optional[str] = ..., goal_id: _Optional[str] = ..., name: _Optional[str] = ..., notes: _Optional[str] = ..., scheduled_date: _Optional[str] = ..., order: _Optional[int] = ..., workout_type: _Optional[str] = ..., endurance: _Optional[_Union[_training_pb2.EnduranceTarget, _Mapping]] = ..., completed: _Optional[bool] = ..., linked_activity_id: _Optional[str] = ..., completed_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., workout_type_value: _Optional[_Union[WorkoutType, str]] = ...) -> None: ...

class AthleteThresholds(_message.Message):
    __slots__ = ("ftp_watts", "threshold_pace_seconds_per_km", "css_seconds_per_100m", "threshold_hr_bpm", "max_hr_bpm", "resting_hr_bpm", "vdot")
    FTP_WATTS_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_PACE_SECONDS_PER_KM_FIELD_NUMBER: _ClassVar[int]
    CSS_SECONDS_PER_100M_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_HR_BPM_FIELD_NUMBER: _ClassVar[int]
    MAX_HR_BPM_FIELD_NUMBER: _ClassVar[int]
    RESTING_HR_BPM_FIELD_NUMBER: _ClassVar[int]
    VDOT_FIELD_NUMBER: _ClassVar[int]
    ftp_watts: float
    threshold_pace_seconds_per_km: float
    css_seconds_per_100m: float
    threshold_hr_bpm: float
    max_hr_bpm: float
    resting_hr_bpm: float
    vdot: float
    def __init__(self, ftp_watts: _Optional[float] = ..., threshold_pace_seconds_per_km: _Optional[float] = ..., css_seconds_per_100m: _Optional[float] = ..., threshold_hr_bpm: _Optional[float] = ..., max_hr_bpm: _Optional[float] = ..., resting_hr_bpm: _Optional[float] = ..., vdot: _Optional[float] = ...) -> None: ...

class PlanLoad(_message.Message):
    __slots__ = ("workout_id", "day", "sport", "workout_type", "planned_tss", "distance_meters", "duration_seconds", "completed", "sport_value", "workout_type_value")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_TSS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_VALUE_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    day: str
    sport: str
    workout_type: str
    planned_tss: float
    distance_meters: float
    duration_seconds: int
    completed: bool
    sport_value: _training_pb2.Sport
    workout_type_value: WorkoutType
    def __init__(self, workout_id: _Optional[str] = ..., day: _Optional[str] = ..., sport: _Optional[str] = ..., workout_type: _Optional[str] = ..., planned_tss: _Optional[float] = ..., distance_meters: _Optional[float] = ..., duration_seconds: _Optional[int] = ..., completed: _Optional[bool] = ..., sport_value: _Optional[_Union[_training_pb2.Sport, str]] = ..., workout_type_value: _Optional[_Union[WorkoutType, str]] = ...) -> None: ...

class GetPlanRequest(_message.Message):
    __slots__ = ("account_id", "goal_id", "from_day", "to_day", "sport", "summary_only", "sport_value")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SPORT_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_ONLY_FIELD_NUMBER: _ClassVar[int]
    SPORT_VALUE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    goal_id: str
    from_day: str
    to_day: str
    sport: str
    summary_only: bool
    sport_value: _training_pb2.Sport
    def __init__(self, account_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., sport: _Optional[str] = ..., summary_only: _Optional[bool] = ..., sport_value: _Optional[_Union[_training_pb2.Sport, str]] = ...) -> None: ...

class GetPlanResponse(_message.Message):
    __slots__ = ("goal", "workouts")
    GOAL_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    workouts: _containers.RepeatedCompositeFieldContainer[PlanWorkout]
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ..., workouts: _Optional[_Iterable[_Union[PlanWorkout, _Mapping]]] = ...) -> None: ...

class ListGoalsRequest(_message.Message):
    __slots__ = ("account_id", "status")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    status: str
    def __init__(self, account_id: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class ListGoalsResponse(_message.Message):
    __slots__ = ("goals",)
    GOALS_FIELD_NUMBER: _ClassVar[int]
    goals: _containers.RepeatedCompositeFieldContainer[Goal]
    def __init__(self, goals: _Optional[_Iterable[_Union[Goal, _Mapping]]] = ...) -> None: ...

class ListSnapshotsRequest(_message.Message):
    __slots__ = ("account_id", "goal_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    goal_id: str
    def __init__(self, account_id: _Optional[str] = ..., goal_id: _Optional[str] = ...) -> None: ...

class PlanSnapshot(_message.Message):
    __slots__ = ("snapshot_id", "goal_id", "operation", "description", "workout_count", "create_time")
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_COUNT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    goal_id: str
    operation: str
    description: str
    workout_count: int
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, snapshot_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., operation: _Optional[str] = ..., description: _Optional[str] = ..., workout_count: _Optional[int] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListSnapshotsResponse(_message.Message):
    __slots__ = ("snapshots",)
    SNAPSHOTS_FIELD_NUMBER: _ClassVar[int]
    snapshots: _containers.RepeatedCompositeFieldContainer[PlanSnapshot]
    def __init__(self, snapshots: _Optional[_Iterable[_Union[PlanSnapshot, _Mapping]]] = ...) -> None: ...

class WorkoutDraft(_message.Message):
    __slots__ = ("name", "notes", "scheduled_date", "order", "workout_type", "endurance", "workout_type_value")
    NAME_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_DATE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENDURANCE_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_TYPE_VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    notes: str
    scheduled_date: str
    order: int
    workout_type: str
    endurance: _training_pb2.EnduranceTarget
    workout_type_value: WorkoutType
    def __init__(self, name: _Optional[str] = ..., notes: _Optional[str] = ..., scheduled_date: _Optional[str] = ..., order: _Optional[int] = ..., workout_type: _Optional[str] = ..., endurance: _Optional[_Union[_training_pb2.EnduranceTarget, _Mapping]] = ..., workout_type_value: _Optional[_Union[WorkoutType, str]] = ...) -> None: ...

class CreateGoal(_message.Message):
    __slots__ = ("goal", "workouts", "activate")
    GOAL_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    workouts: _containers.RepeatedCompositeFieldContainer[WorkoutDraft]
    activate: bool
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ..., workouts: _Optional[_Iterable[_Union[WorkoutDraft, _Mapping]]] = ..., activate: _Optional[bool] = ...) -> None: ...

class UpdateGoal(_message.Message):
    __slots__ = ("goal_id", "goal", "update_mask")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    goal: Goal
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, goal_id: _Optional[str] = ..., goal: _Optional[_Union[Goal, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class SetActiveGoal(_message.Message):
    __slots__ = ("goal_id",)
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    def __init__(self, goal_id: _Optional[str] = ...) -> None: ...

class DeleteGoal(_message.Message):
    __slots__ = ("goal_id", "permanent")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PERMANENT_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    permanent: bool
    def __init__(self, goal_id: _Optional[str] = ..., permanent: _Optional[bool] = ...) -> None: ...

class ReplaceFilter(_message.Message):
    __slots__ = ("from_day", "to_day", "sports", "sports_value")
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    SPORTS_FIELD_NUMBER: _ClassVar[int]
    SPORTS_VALUE_FIELD_NUMBER: _ClassVar[int]
    from_day: str
    to_day: str
    sports: _containers.RepeatedScalarFieldContainer[str]
    sports_value: _containers.RepeatedScalarFieldContainer[_training_pb2.Sport]
    def __init__(self, from_day: _Optional[str] = ..., to_day: _Optional[str] = ..., sports: _Optional[_Iterable[str]] = ..., sports_value: _Optional[_Iterable[_Union[_training_pb2.Sport, str]]] = ...) -> None: ...

class ImportWorkouts(_message.Message):
    __slots__ = ("goal_id", "workouts", "replace_filter", "lock_planned_tss")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    REPLACE_FILTER_FIELD_NUMBER: _ClassVar[int]
    LOCK_PLANNED_TSS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    workouts: _containers.RepeatedCompositeFieldContainer[WorkoutDraft]
    replace_filter: ReplaceFilter
    lock_planned_tss: bool
    def __init__(self, goal_id: _Optional[str] = ..., workouts: _Optional[_Iterable[_Union[WorkoutDraft, _Mapping]]] = ..., replace_filter: _Optional[_Union[ReplaceFilter, _Mapping]] = ..., lock_planned_tss: _Optional[bool] = ...) -> None: ...

class WorkoutChange(_message.Message):
    __slots__ = ("workout_id", "workout", "update_mask")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKOUT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    workout: WorkoutDraft
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, workout_id: _Optional[str] = ..., workout: _Optional[_Union[WorkoutDraft, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class ModifyWorkouts(_message.Message):
    __slots__ = ("changes",)
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[WorkoutChange]
    def __init__(self, changes: _Optional[_Iterable[_Union[WorkoutChange, _Mapping]]] = ...) -> None: ...

class WorkoutMove(_message.Message):
    __slots__ = ("workout_id", "scheduled_date", "order")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_DATE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    scheduled_date: str
    order: int
    def __init__(self, workout_id: _Optional[str] = ..., scheduled_date: _Optional[str] = ..., order: _Optional[int] = ...) -> None: ...

class RescheduleWorkouts(_message.Message):
    __slots__ = ("moves",)
    MOVES_FIELD_NUMBER: _ClassVar[int]
    moves: _containers.RepeatedCompositeFieldContainer[WorkoutMove]
    def __init__(self, moves: _Optional[_Iterable[_Union[WorkoutMove, _Mapping]]] = ...) -> None: ...

class ShiftPlanDates(_message.Message):
    __slots__ = ("goal_id", "delta_days", "from_day", "to_day")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    DELTA_DAYS_FIELD_NUMBER: _ClassVar[int]
    FROM_DAY_FIELD_NUMBER: _ClassVar[int]
    TO_DAY_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    delta_days: int
    from_day: str
    to_day: str
    def __init__(self, goal_id: _Optional[str] = ..., delta_days: _Optional[int] = ..., from_day: _Optional[str] = ..., to_day: _Optional[str] = ...) -> None: ...

class SwapWorkouts(_message.Message):
    __slots__ = ("first_workout_id", "second_workout_id")
    FIRST_WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    SECOND_WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    first_workout_id: str
    second_workout_id: str
    def __init__(self, first_workout_id: _Optional[str] = ..., second_workout_id: _Optional[str] = ...) -> None: ...

class DeleteWorkouts(_message.Message):
    __slots__ = ("workout_ids", "goal_id", "filter")
    WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    FILTER_FIELD_NUMBER: _ClassVar[int]
    workout_ids: _containers.RepeatedScalarFieldContainer[str]
    goal_id: str
    filter: ReplaceFilter
    def __init__(self, workout_ids: _Optional[_Iterable[str]] = ..., goal_id: _Optional[str] = ..., filter: _Optional[_Union[ReplaceFilter, _Mapping]] = ...) -> None: ...

class WorkoutStatus(_message.Message):
    __slots__ = ("workout_id", "completed", "linked_activity_id")
    WORKOUT_ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    LINKED_ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    workout_id: str
    completed: bool
    linked_activity_id: str
    def __init__(self, workout_id: _Optional[str] = ..., completed: _Optional[bool] = ..., linked_activity_id: _Optional[str] = ...) -> None: ...

class MarkWorkouts(_message.Message):
    __slots__ = ("statuses",)
    STATUSES_FIELD_NUMBER: _ClassVar[int]
    statuses: _containers.RepeatedCompositeFieldContainer[WorkoutStatus]
    def __init__(self, statuses: _Optional[_Iterable[_Union[WorkoutStatus, _Mapping]]] = ...) -> None: ...

class RestoreSnapshot(_message.Message):
    __slots__ = ("snapshot_id", "goal_id")
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    goal_id: str
    def __init__(self, snapshot_id: _Optional[str] = ..., goal_id: _Optional[str] = ...) -> None: ...

class Recalibrate(_message.Message):
    __slots__ = ("goal_id", "preserve_locked_tss")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PRESERVE_LOCKED_TSS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    preserve_locked_tss: bool
    def __init__(self, goal_id: _Optional[str] = ..., preserve_locked_tss: _Optional[bool] = ...) -> None: ...

class SaveCoachingSummary(_message.Message):
    __slots__ = ("goal_id", "week_start", "text")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    WEEK_START_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    week_start: str
    text: str
    def __init__(self, goal_id: _Optional[str] = ..., week_start: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class MutatePlanRequest(_message.Message):
    __slots__ = ("account_id", "device_id", "time_zone", "idempotency_key", "thresholds", "create_goal", "update_goal", "set_active_goal", "delete_goal", "import_workouts", "modify_workouts", "reschedule_workouts", "shift_plan_dates", "swap_workouts", "delete_workouts", "mark_workouts", "restore_snapshot", "recalibrate", "save_coaching_summary")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    THRESHOLDS_FIELD_NUMBER: _ClassVar[int]
    CREATE_GOAL_FIELD_NUMBER: _ClassVar[int]
    UPDATE_GOAL_FIELD_NUMBER: _ClassVar[int]
    SET_ACTIVE_GOAL_FIELD_NUMBER: _ClassVar[int]
    DELETE_GOAL_FIELD_NUMBER: _ClassVar[int]
    IMPORT_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    MODIFY_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    RESCHEDULE_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    SHIFT_PLAN_DATES_FIELD_NUMBER: _ClassVar[int]
    SWAP_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    DELETE_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    MARK_WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    RESTORE_SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    RECALIBRATE_FIELD_NUMBER: _ClassVar[int]
    SAVE_COACHING_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    device_id: str
    time_zone: str
    idempotency_key: str
    thresholds: AthleteThresholds
    create_goal: CreateGoal
    update_goal: UpdateGoal
    set_active_goal: SetActiveGoal
    delete_goal: DeleteGoal
    import_workouts: ImportWorkouts
    modify_workouts: ModifyWorkouts
    reschedule_workouts: RescheduleWorkouts
    shift_plan_dates: ShiftPlanDates
    swap_workouts: SwapWorkouts
    delete_workouts: DeleteWorkouts
    mark_workouts: MarkWorkouts
    restore_snapshot: RestoreSnapshot
    recalibrate: Recalibrate
    save_coaching_summary: SaveCoachingSummary
    def __init__(self, account_id: _Optional[str] = ..., device_id: _Optional[str] = ..., time_zone: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., thresholds: _Optional[_Union[AthleteThresholds, _Mapping]] = ..., create_goal: _Optional[_Union[CreateGoal, _Mapping]] = ..., update_goal: _Optional[_Union[UpdateGoal, _Mapping]] = ..., set_active_goal: _Optional[_Union[SetActiveGoal, _Mapping]] = ..., delete_goal: _Optional[_Union[DeleteGoal, _Mapping]] = ..., import_workouts: _Optional[_Union[ImportWorkouts, _Mapping]] = ..., modify_workouts: _Optional[_Union[ModifyWorkouts, _Mapping]] = ..., reschedule_workouts: _Optional[_Union[RescheduleWorkouts, _Mapping]] = ..., shift_plan_dates: _Optional[_Union[ShiftPlanDates, _Mapping]] = ..., swap_workouts: _Optional[_Union[SwapWorkouts, _Mapping]] = ..., delete_workouts: _Optional[_Union[DeleteWorkouts, _Mapping]] = ..., mark_workouts: _Optional[_Union[MarkWorkouts, _Mapping]] = ..., restore_snapshot: _Optional[_Union[RestoreSnapshot, _Mapping]] = ..., recalibrate: _Optional[_Union[Recalibrate, _Mapping]] = ..., save_coaching_summary: _Optional[_Union[SaveCoachingSummary, _Mapping]] = ...) -> None: ...

class MutatePlanResponse(_message.Message):
    __slots__ = ("goal", "workouts", "created_workout_ids", "deleted_workout_ids", "snapshot_id", "pre_restore_snapshot_id", "active_goal_id", "plan_loads", "replayed", "restored_snapshot_id")
    GOAL_FIELD_NUMBER: _ClassVar[int]
    WORKOUTS_FIELD_NUMBER: _ClassVar[int]
    CREATED_WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    DELETED_WORKOUT_IDS_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    PRE_RESTORE_SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_LOADS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    RESTORED_SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    workouts: _containers.RepeatedCompositeFieldContainer[PlanWorkout]
    created_workout_ids: _containers.RepeatedScalarFieldContainer[str]
    deleted_workout_ids: _containers.RepeatedScalarFieldContainer[str]
    snapshot_id: str
    pre_restore_snapshot_id: str
    active_goal_id: str
    plan_loads: _containers.RepeatedCompositeFieldContainer[PlanLoad]
    replayed: bool
    restored_snapshot_id: str
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ..., workouts: _Optional[_Iterable[_Union[PlanWorkout, _Mapping]]] = ..., created_workout_ids: _Optional[_Iterable[str]] = ..., deleted_workout_ids: _Optional[_Iterable[str]] = ..., snapshot_id: _Optional[str] = ..., pre_restore_snapshot_id: _Optional[str] = ..., active_goal_id: _Optional[str] = ..., plan_loads: _Optional[_Iterable[_Union[PlanLoad, _Mapping]]] = ..., replayed: _Optional[bool] = ..., restored_snapshot_id: _Optional[str] = ...) -> None: ...

class GeneratePlanRequest(_message.Message):
    __slots__ = ("arguments_json", "today", "with_safety_advisories", "as_goal")
    ARGUMENTS_JSON_FIELD_NUMBER: _ClassVar[int]
    TODAY_FIELD_NUMBER: _ClassVar[int]
    WITH_SAFETY_ADVISORIES_FIELD_NUMBER: _ClassVar[int]
    AS_GOAL_FIELD_NUMBER: _ClassVar[int]
    arguments_json: str
    today: str
    with_safety_advisories: bool
    as_goal: bool
    def __init__(self, arguments_json: _Optional[str] = ..., today: _Optional[str] = ..., with_safety_advisories: _Optional[bool] = ..., as_goal: _Optional[bool] = ...) -> None: ...

class GeneratePlanResponse(_message.Message):
    __slots__ = ("plan_json", "race_distance_meters", "race_duration_seconds", "goal")
    PLAN_JSON_FIELD_NUMBER: _ClassVar[int]
    RACE_DISTANCE_METERS_FIELD_NUMBER: _ClassVar[int]
    RACE_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    plan_json: str
    race_distance_meters: float
    race_duration_seconds: float
    goal: CreateGoal
    def __init__(self, plan_json: _Optional[str] = ..., race_distance_meters: _Optional[float] = ..., race_duration_seconds: _Optional[float] = ..., goal: _Optional[_Union[CreateGoal, _Mapping]] = ...) -> None: ...

class WritePlanRequest(_message.Message):
    __slots__ = ("mutation", "look_up_thresholds", "first_weekday", "generate", "min_sessions_sequence")
    MUTATION_FIELD_NUMBER: _ClassVar[int]
    LOOK_UP_THRESHOLDS_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    GENERATE_FIELD_NUMBER: _ClassVar[int]
    MIN_SESSIONS_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    mutation: MutatePlanRequest
    look_up_thresholds: bool
    first_weekday: int
    generate: GeneratePlanRequest
    min_sessions_sequence: int
    def __init__(self, mutation: _Optional[_Union[MutatePlanRequest, _Mapping]] = ..., look_up_thresholds: _Optional[bool] = ..., first_weekday: _Optional[int] = ..., generate: _Optional[_Union[GeneratePlanRequest, _Mapping]] = ..., min_sessions_sequence: _Optional[int] = ...) -> None: ...

class PlanAdvisory(_message.Message):
    __slots__ = ("level", "rule", "message", "day")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    level: PlanAdvisoryLevel
    rule: PlanAdvisoryRule
    message: str
    day: str
    def __init__(self, level: _Optional[_Union[PlanAdvisoryLevel, str]] = ..., rule: _Optional[_Union[PlanAdvisoryRule, str]] = ..., message: _Optional[str] = ..., day: _Optional[str] = ...) -> None: ...

class UnansweredCall(_message.Message):
    __slots__ = ("code", "message", "reason", "metadata")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    reason: str
    metadata: _containers.ScalarMap[str, str]
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ..., reason: _Optional[str] = ..., metadata: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GeneratedPlanSummary(_message.Message):
    __slots__ = ("event", "vdot", "vdot_source")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VDOT_FIELD_NUMBER: _ClassVar[int]
    VDOT_SOURCE_FIELD_NUMBER: _ClassVar[int]
    event: str
    vdot: float
    vdot_source: str
    def __init__(self, event: _Optional[str] = ..., vdot: _Optional[float] = ..., vdot_source: _Optional[str] = ...) -> None: ...

class WritePlanResponse(_message.Message):
    __slots__ = ("result", "advisories", "advisories_unanswered", "generated")
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ADVISORIES_FIELD_NUMBER: _ClassVar[int]
    ADVISORIES_UNANSWERED_FIELD_NUMBER: _ClassVar[int]
    GENERATED_FIELD_NUMBER: _ClassVar[int]
    result: MutatePlanResponse
    advisories: _containers.RepeatedCompositeFieldContainer[PlanAdvisory]
    advisories_unanswered: UnansweredCall
    generated: GeneratedPlanSummary
    def __init__(self, result: _Optional[_Union[MutatePlanResponse, _Mapping]] = ..., advisories: _Optional[_Iterable[_Union[PlanAdvisory, _Mapping]]] = ..., advisories_unanswered: _Optional[_Union[UnansweredCall, _Mapping]] = ..., generated: _Optional[_Union[GeneratedPlanSummary, _Mapping]] = ...) -> None: ...
