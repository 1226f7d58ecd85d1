import datetime

from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LocalizedText(_message.Message):
    __slots__ = ("en", "nl")
    EN_FIELD_NUMBER: _ClassVar[int]
    NL_FIELD_NUMBER: _ClassVar[int]
    en: str
    nl: str
    def __init__(self, en: _Optional[str] = ..., nl: _Optional[str] = ...) -> None: ...

class ClientMcpPolicy(_message.Message):
    __slots__ = ("allowed_modules", "write_tools_allowed")
    ALLOWED_MODULES_FIELD_NUMBER: _ClassVar[int]
    WRITE_TOOLS_ALLOWED_FIELD_NUMBER: _ClassVar[int]
    allowed_modules: _containers.RepeatedScalarFieldContainer[str]
    write_tools_allowed: bool
    def __init__(self, allowed_modules: _Optional[_Iterable[str]] = ..., write_tools_allowed: _Optional[bool] = ...) -> None: ...

class Company(_message.Message):
    __slots__ = ("id", "name", "mcp_integration_enabled", "client_mcp_policy")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MCP_INTEGRATION_ENABLED_FIELD_NUMBER: _ClassVar[int]
    CLIENT_MCP_POLICY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    mcp_integration_enabled: bool
    client_mcp_policy: ClientMcpPolicy
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., mcp_integration_enabled: _Optional[bool] = ..., client_mcp_policy: _Optional[_Union[ClientMcpPolicy, _Mapping]] = ...) -> None: ...

class Coach(_message.Message):
    __slots__ = ("id", "company_id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPANY_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    company_id: str
    name: str
    def __init__(self, id: _Optional[str] = ..., company_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class Client(_message.Message):
    __slots__ = ("id", "account_id", "name", "health_data_consent")
    ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    HEALTH_DATA_CONSENT_FIELD_NUMBER: _ClassVar[int]
    id: str
    account_id: str
    name: str
    health_data_consent: bool
    def __init__(self, id: _Optional[str] = ..., account_id: _Optional[str] = ..., name: _Optional[str] = ..., health_data_consent: _Optional[bool] = ...) -> None: ...

class ClientRelationship(_message.Message):
    __slots__ = ("client_id", "company_id", "client_ai_access_enabled")
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    COMPANY_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_AI_ACCESS_ENABLED_FIELD_NUMBER: _ClassVar[int]
    client_id: str
    company_id: str
    client_ai_access_enabled: bool
    def __init__(self, client_id: _Optional[str] = ..., company_id: _Optional[str] = ..., client_ai_access_enabled: _Optional[bool] = ...) -> None: ...

class GymExercise(_message.Message):
    __slots__ = ("id", "company_id", "owner_client_id", "catalog_exercise_id", "name", "instructions", "allowlisted")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPANY_ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    ALLOWLISTED_FIELD_NUMBER: _ClassVar[int]
    id: str
    company_id: str
    owner_client_id: str
    catalog_exercise_id: str
    name: LocalizedText
    instructions: LocalizedText
    allowlisted: bool
    def __init__(self, id: _Optional[str] = ..., company_id: _Optional[str] = ..., owner_client_id: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ..., name: _Optional[_Union[LocalizedText, _Mapping]] = ..., instructions: _Optional[_Union[LocalizedText, _Mapping]] = ..., allowlisted: _Optional[bool] = ...) -> None: ...

class WorkoutPlanExercise(_message.Message):
    __slots__ = ("id", "exercise_id", "target_sets", "target_reps", "target_weight_kg", "rest_seconds", "notes")
    ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    TARGET_REPS_FIELD_NUMBER: _ClassVar[int]
    TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    exercise_id: str
    target_sets: int
    target_reps: str
    target_weight_kg: float
    rest_seconds: int
    notes: LocalizedText
    def __init__(self, id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., target_sets: _Optional[int] = ..., target_reps: _Optional[str] = ..., target_weight_kg: _Optional[float] = ..., rest_seconds: _Optional[int] = ..., notes: _Optional[_Union[LocalizedText, _Mapping]] = ...) -> None: ...

class WorkoutPlanDay(_message.Message):
    __slots__ = ("id", "name", "visible", "exercises")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_FIELD_NUMBER: _ClassVar[int]
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: LocalizedText
    visible: bool
    exercises: _containers.RepeatedCompositeFieldContainer[WorkoutPlanExercise]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[_Union[LocalizedText, _Mapping]] = ..., visible: _Optional[bool] = ..., exercises: _Optional[_Iterable[_Union[WorkoutPlanExercise, _Mapping]]] = ...) -> None: ...

class WorkoutPlan(_message.Message):
    __slots__ = ("id", "company_id", "coach_id", "client_id", "name", "description", "status", "is_wod", "days")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPANY_ID_FIELD_NUMBER: _ClassVar[int]
    COACH_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    IS_WOD_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    id: str
    company_id: str
    coach_id: str
    client_id: str
    name: LocalizedText
    description: LocalizedText
    status: str
    is_wod: bool
    days: _containers.RepeatedCompositeFieldContainer[WorkoutPlanDay]
    def __init__(self, id: _Optional[str] = ..., company_id: _Optional[str] = ..., coach_id: _Optional[str] = ..., client_id: _Optional[str] = ..., name: _Optional[_Union[LocalizedText, _Mapping]] = ..., description: _Optional[_Union[LocalizedText, _Mapping]] = ..., status: _Optional[str] = ..., is_wod: _Optional[bool] = ..., days: _Optional[_Iterable[_Union[WorkoutPlanDay, _Mapping]]] = ...) -> None: ...

class SetupField(_message.Message):
    __slots__ = ("key", "label", "value")
    KEY_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    key: str
    label: LocalizedText
    value: _struct_pb2.Value
    def __init__(self, key: _Optional[str] = ..., label: _Optional[_Union[LocalizedText, _Mapping]] = ..., value: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ...) -> None: ...

class MachinePreset(_message.Message):
    __slots__ = ("id", "exercise_id", "scope", "coach_id", "fields")
    ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    COACH_ID_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    exercise_id: str
    scope: str
    coach_id: str
    fields: _containers.RepeatedCompositeFieldContainer[SetupField]
    def __init__(self, id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., scope: _Optional[str] = ..., coach_id: _Optional[str] = ..., fields: _Optional[_Iterable[_Union[SetupField, _Mapping]]] = ...) -> None: ...

class EquipmentItem(_message.Message):
    __slots__ = ("equipment_key", "quantity")
    EQUIPMENT_KEY_FIELD_NUMBER: _ClassVar[int]
    QUANTITY_FIELD_NUMBER: _ClassVar[int]
    equipment_key: str
    quantity: int
    def __init__(self, equipment_key: _Optional[str] = ..., quantity: _Optional[int] = ...) -> None: ...

class EquipmentProfile(_message.Message):
    __slots__ = ("client_id", "items")
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    client_id: str
    items: _containers.RepeatedCompositeFieldContainer[EquipmentItem]
    def __init__(self, client_id: _Optional[str] = ..., items: _Optional[_Iterable[_Union[EquipmentItem, _Mapping]]] = ...) -> None: ...

class CreateCompanyRequest(_message.Message):
    __slots__ = ("company",)
    COMPANY_FIELD_NUMBER: _ClassVar[int]
    company: Company
    def __init__(self, company: _Optional[_Union[Company, _Mapping]] = ...) -> None: ...

class CreateCompanyResponse(_message.Message):
    __slots__ = ("company",)
    COMPANY_FIELD_NUMBER: _ClassVar[int]
    company: Company
    def __init__(self, company: _Optional[_Union[Company, _Mapping]] = ...) -> None: ...

class UpdateCompanyRequest(_message.Message):
    __slots__ = ("company", "update_mask")
    COMPANY_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    company: Company
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, company: _Optional[_Union[Company, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class UpdateCompanyResponse(_message.Message):
    __slots__ = ("company",)
    COMPANY_FIELD_NUMBER: _ClassVar[int]
    company: Company
    def __init__(self, company: _Optional[_Union[Company, _Mapping]] = ...) -> None: ...

class CreateCoachRequest(_message.Message):
    __slots__ = ("coach",)
    COACH_FIELD_NUMBER: _ClassVar[int]
    coach: Coach
    def __init__(self, coach: _Optional[_Union[Coach, _Mapping]] = ...) -> None: ...

class CreateCoachResponse(_message.Message):
    __slots__ = ("coach",)
    COACH_FIELD_NUMBER: _ClassVar[int]
    coach: Coach
    def __init__(self, coach: _Optional[_Union[Coach, _Mapping]] = ...) -> None: ...

class CreateClientRequest(_message.Message):
    __slots__ = ("client",)
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    client: Client
    def __init__(self, client: _Optional[_Union[Client, _Mapping]] = ...) -> None: ...

class CreateClientResponse(_message.Message):
    __slots__ = ("client",)
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    client: Client
    def __init__(self, client: _Optional[_Union[Client, _Mapping]] = ...) -> None: ...

class UpdateClientRequest(_message.Message):
    __slots__ = ("client", "update_mask")
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    client: Client
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, client: _Optional[_Union[Client, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class UpdateClientResponse(_message.Message):
    __slots__ = ("client",)
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    client: Client
    def __init__(self, client: _Optional[_Union[Client, _Mapping]] = ...) -> None: ...

class SetClientRelationshipRequest(_message.Message):
    __slots__ = ("relationship",)
    RELATIONSHIP_FIELD_NUMBER: _ClassVar[int]
    relationship: ClientRelationship
    def __init__(self, relationship: _Optional[_Union[ClientRelationship, _Mapping]] = ...) -> None: ...

class SetClientRelationshipResponse(_message.Message):
    __slots__ = ("relationship",)
    RELATIONSHIP_FIELD_NUMBER: _ClassVar[int]
    relationship: ClientRelationship
    def __init__(self, relationship: _Optional[_Union[ClientRelationship, _Mapping]] = ...) -> None: ...

class CreateExerciseRequest(_message.Message):
    __slots__ = ("exercise",)
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    exercise: GymExercise
    def __init__(self, exercise: _Optional[_Union[GymExercise, _Mapping]] = ...) -> None: ...

class CreateExerciseResponse(_message.Message):
    __slots__ = ("exercise",)
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    exercise: GymExercise
    def __init__(self, exercise: _Optional[_Union[GymExercise, _Mapping]] = ...) -> None: ...

class CreatePlanRequest(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: WorkoutPlan
    def __init__(self, plan: _Optional[_Union[WorkoutPlan, _Mapping]] = ...) -> None: ...

class CreatePlanResponse(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: WorkoutPlan
    def __init__(self, plan: _Optional[_Union[WorkoutPlan, _Mapping]] = ...) -> None: ...

class SetPlanStatusRequest(_message.Message):
    __slots__ = ("plan_id", "status")
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    plan_id: str
    status: str
    def __init__(self, plan_id: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class SetPlanStatusResponse(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: WorkoutPlan
    def __init__(self, plan: _Optional[_Union[WorkoutPlan, _Mapping]] = ...) -> None: ...

class SetMachinePresetRequest(_message.Message):
    __slots__ = ("preset",)
    PRESET_FIELD_NUMBER: _ClassVar[int]
    preset: MachinePreset
    def __init__(self, preset: _Optional[_Union[MachinePreset, _Mapping]] = ...) -> None: ...

class SetMachinePresetResponse(_message.Message):
    __slots__ = ("preset",)
    PRESET_FIELD_NUMBER: _ClassVar[int]
    preset: MachinePreset
    def __init__(self, preset: _Optional[_Union[MachinePreset, _Mapping]] = ...) -> None: ...

class SetEquipmentProfileRequest(_message.Message):
    __slots__ = ("profile",)
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    profile: EquipmentProfile
    def __init__(self, profile: _Optional[_Union[EquipmentProfile, _Mapping]] = ...) -> None: ...

class SetEquipmentProfileResponse(_message.Message):
    __slots__ = ("profile",)
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    profile: EquipmentProfile
    def __init__(self, profile: _Optional[_Union[EquipmentProfile, _Mapping]] = ...) -> None: ...

class CheckClientAccessRequest(_message.Message):
    __slots__ = ("account_id", "module", "write")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    MODULE_FIELD_NUMBER: _ClassVar[int]
    WRITE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    module: str
    write: bool
    def __init__(self, account_id: _Optional[str] = ..., module: _Optional[str] = ..., write: _Optional[bool] = ...) -> None: ...

class CheckClientAccessResponse(_message.Message):
    __slots__ = ("client", "company")
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    COMPANY_FIELD_NUMBER: _ClassVar[int]
    client: Client
    company: Company
    def __init__(self, client: _Optional[_Union[Client, _Mapping]] = ..., company: _Optional[_Union[Company, _Mapping]] = ...) -> None: ...

class ClientPlanSummary(_message.Message):
    __slots__ = ("id", "name", "description", "status", "day_count", "next_day")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DAY_COUNT_FIELD_NUMBER: _ClassVar[int]
    NEXT_DAY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    status: str
    day_count: int
    next_day: ClientNextDay
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., status: _Optional[str] = ..., day_count: _Optional[int] = ..., next_day: _Optional[_Union[ClientNextDay, _Mapping]] = ...) -> None: ...

class ClientNextDay(_message.Message):
    __slots__ = ("id", "name", "position", "last_completed_day_id", "last_completed_time")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    LAST_COMPLETED_DAY_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_COMPLETED_TIME_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    position: int
    last_completed_day_id: str
    last_completed_time: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., position: _Optional[int] = ..., last_completed_day_id: _Optional[str] = ..., last_completed_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ClientPlanDaySummary(_message.Message):
    __slots__ = ("id", "name", "position", "exercise_count")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_COUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    position: int
    exercise_count: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., position: _Optional[int] = ..., exercise_count: _Optional[int] = ...) -> None: ...

class ClientPlan(_message.Message):
    __slots__ = ("id", "name", "description", "status", "coach_name", "days", "days_truncated", "next_day")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    COACH_NAME_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    DAYS_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    NEXT_DAY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    status: str
    coach_name: str
    days: _containers.RepeatedCompositeFieldContainer[ClientPlanDaySummary]
    days_truncated: bool
    next_day: ClientNextDay
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., status: _Optional[str] = ..., coach_name: _Optional[str] = ..., days: _Optional[_Iterable[_Union[ClientPlanDaySummary, _Mapping]]] = ..., days_truncated: _Optional[bool] = ..., next_day: _Optional[_Union[ClientNextDay, _Mapping]] = ...) -> None: ...

class ClientPlanExercise(_message.Message):
    __slots__ = ("id", "exercise_id", "exercise_name", "catalog_exercise_id", "target_sets", "target_reps", "target_weight_kg", "rest_seconds", "notes")
    ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_NAME_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    TARGET_SETS_FIELD_NUMBER: _ClassVar[int]
    TARGET_REPS_FIELD_NUMBER: _ClassVar[int]
    TARGET_WEIGHT_KG_FIELD_NUMBER: _ClassVar[int]
    REST_SECONDS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    exercise_id: str
    exercise_name: str
    catalog_exercise_id: str
    target_sets: int
    target_reps: str
    target_weight_kg: float
    rest_seconds: int
    notes: str
    def __init__(self, id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., exercise_name: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ..., target_sets: _Optional[int] = ..., target_reps: _Optional[str] = ..., target_weight_kg: _Optional[float] = ..., rest_seconds: _Optional[int] = ..., notes: _Optional[str] = ...) -> None: ...

class ClientPlanDay(_message.Message):
    __slots__ = ("id", "plan_id", "plan_name", "name", "position", "exercises")
    ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_NAME_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    EXERCISES_FIELD_NUMBER: _ClassVar[int]
    id: str
    plan_id: str
    plan_name: str
    name: str
    position: int
    exercises: _containers.RepeatedCompositeFieldContainer[ClientPlanExercise]
    def __init__(self, id: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_name: _Optional[str] = ..., name: _Optional[str] = ..., position: _Optional[int] = ..., exercises: _Optional[_Iterable[_Union[ClientPlanExercise, _Mapping]]] = ...) -> None: ...

class ClientExercise(_message.Message):
    __slots__ = ("id", "name", "instructions", "catalog_exercise_id", "own")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    CATALOG_EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    OWN_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    instructions: str
    catalog_exercise_id: str
    own: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., instructions: _Optional[str] = ..., catalog_exercise_id: _Optional[str] = ..., own: _Optional[bool] = ...) -> None: ...

class ClientSetupField(_message.Message):
    __slots__ = ("key", "label", "value", "source")
    KEY_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    key: str
    label: str
    value: _struct_pb2.Value
    source: str
    def __init__(self, key: _Optional[str] = ..., label: _Optional[str] = ..., value: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., source: _Optional[str] = ...) -> None: ...

class EquipmentCatalogItem(_message.Message):
    __slots__ = ("key", "name")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class ClientEquipmentItem(_message.Message):
    __slots__ = ("equipment_key", "name", "quantity")
    EQUIPMENT_KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    QUANTITY_FIELD_NUMBER: _ClassVar[int]
    equipment_key: str
    name: str
    quantity: int
    def __init__(self, equipment_key: _Optional[str] = ..., name: _Optional[str] = ..., quantity: _Optional[int] = ...) -> None: ...

class ListMyPlansRequest(_message.Message):
    __slots__ = ("account_id", "status", "language", "page", "limit", "page_size", "page_token", "skip")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SKIP_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    status: str
    language: str
    page: int
    limit: int
    page_size: int
    page_token: str
    skip: int
    def __init__(self, account_id: _Optional[str] = ..., status: _Optional[str] = ..., language: _Optional[str] = ..., page: _Optional[int] = ..., limit: _Optional[int] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., skip: _Optional[int] = ...) -> None: ...

class ListMyPlansResponse(_message.Message):
    __slots__ = ("plans", "page", "limit", "total_count", "has_more", "next_page_token")
    PLANS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    plans: _containers.RepeatedCompositeFieldContainer[ClientPlanSummary]
    page: int
    limit: int
    total_count: int
    has_more: bool
    next_page_token: str
    def __init__(self, plans: _Optional[_Iterable[_Union[ClientPlanSummary, _Mapping]]] = ..., page: _Optional[int] = ..., limit: _Optional[int] = ..., total_count: _Optional[int] = ..., has_more: _Optional[bool] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetMyPlanRequest(_message.Message):
    __slots__ = ("account_id", "plan_id", "language")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    plan_id: str
    language: str
    def __init__(self, account_id: _Optional[str] = ..., plan_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetMyPlanResponse(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: ClientPlan
    def __init__(self, plan: _Optional[_Union[ClientPlan, _Mapping]] = ...) -> None: ...

class GetMyPlanDayRequest(_message.Message):
    __slots__ = ("account_id", "plan_id", "plan_moment_id", "language")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_MOMENT_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    plan_id: str
    plan_moment_id: str
    language: str
    def __init__(self, account_id: _Optional[str] = ..., plan_id: _Optional[str] = ..., plan_moment_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetMyPlanDayResponse(_message.Message):
    __slots__ = ("day",)
    DAY_FIELD_NUMBER: _ClassVar[int]
    day: ClientPlanDay
    def __init__(self, day: _Optional[_Union[ClientPlanDay, _Mapping]] = ...) -> None: ...

class GetExerciseRequest(_message.Message):
    __slots__ = ("account_id", "exercise_id", "language")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_id: str
    language: str
    def __init__(self, account_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetExerciseResponse(_message.Message):
    __slots__ = ("exercise",)
    EXERCISE_FIELD_NUMBER: _ClassVar[int]
    exercise: ClientExercise
    def __init__(self, exercise: _Optional[_Union[ClientExercise, _Mapping]] = ...) -> None: ...

class GetMachinePresetRequest(_message.Message):
    __slots__ = ("account_id", "exercise_id", "language")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    exercise_id: str
    language: str
    def __init__(self, account_id: _Optional[str] = ..., exercise_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetMachinePresetResponse(_message.Message):
    __slots__ = ("exercise_id", "company_fields", "system_fields", "effective_fields", "next_setup_values")
    EXERCISE_ID_FIELD_NUMBER: _ClassVar[int]
    COMPANY_FIELDS_FIELD_NUMBER: _ClassVar[int]
    SYSTEM_FIELDS_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_FIELDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_SETUP_VALUES_FIELD_NUMBER: _ClassVar[int]
    exercise_id: str
    company_fields: _containers.RepeatedCompositeFieldContainer[ClientSetupField]
    system_fields: _containers.RepeatedCompositeFieldContainer[ClientSetupField]
    effective_fields: _containers.RepeatedCompositeFieldContainer[ClientSetupField]
    next_setup_values: _containers.RepeatedCompositeFieldContainer[ClientSetupField]
    def __init__(self, exercise_id: _Optional[str] = ..., company_fields: _Optional[_Iterable[_Union[ClientSetupField, _Mapping]]] = ..., system_fields: _Optional[_Iterable[_Union[ClientSetupField, _Mapping]]] = ..., effective_fields: _Optional[_Iterable[_Union[ClientSetupField, _Mapping]]] = ..., next_setup_values: _Optional[_Iterable[_Union[ClientSetupField, _Mapping]]] = ...) -> None: ...

class GetEquipmentProfileRequest(_message.Message):
    __slots__ = ("account_id", "language")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    language: str
    def __init__(self, account_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetEquipmentProfileResponse(_message.Message):
    __slots__ = ("items", "catalog", "max_items")
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    CATALOG_FIELD_NUMBER: _ClassVar[int]
    MAX_ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[ClientEquipmentItem]
    catalog: _containers.RepeatedCompositeFieldContainer[EquipmentCatalogItem]
    max_items: int
    def __init__(self, items: _Optional[_Iterable[_Union[ClientEquipmentItem, _Mapping]]] = ..., catalog: _Optional[_Iterable[_Union[EquipmentCatalogItem, _Mapping]]] = ..., max_items: _Optional[int] = ...) -> None: ...
