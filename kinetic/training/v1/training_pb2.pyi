from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TrackingMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRACKING_MODE_UNSPECIFIED: _ClassVar[TrackingMode]
    TRACKING_MODE_SETS: _ClassVar[TrackingMode]
    TRACKING_MODE_DURATION: _ClassVar[TrackingMode]
    TRACKING_MODE_INTERVALS: _ClassVar[TrackingMode]
    TRACKING_MODE_DISTANCE: _ClassVar[TrackingMode]
    TRACKING_MODE_CALORIES: _ClassVar[TrackingMode]
    TRACKING_MODE_CHECK_OFF: _ClassVar[TrackingMode]
TRACKING_MODE_UNSPECIFIED: TrackingMode
TRACKING_MODE_SETS: TrackingMode
TRACKING_MODE_DURATION: TrackingMode
TRACKING_MODE_INTERVALS: TrackingMode
TRACKING_MODE_DISTANCE: TrackingMode
TRACKING_MODE_CALORIES: TrackingMode
TRACKING_MODE_CHECK_OFF: TrackingMode

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
    __slots__ = ("exercises", "next_page_token", "total_size")
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SIZE_FIELD_NUMBER: _ClassVar[int]
    exercises: _containers.RepeatedCompositeFieldContainer[Exercise]
    next_page_token: str
    total_size: int
    def __init__(self, exercises: _Optional[_Iterable[_Union[Exercise, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_size: _Optional[int] = ...) -> None: ...

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
