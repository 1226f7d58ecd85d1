import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Account(_message.Message):
    __slots__ = ("account_id", "email", "display_name", "time_zone", "units", "create_time", "logging_consent", "health_data_consent", "primary_sport", "account_status", "plan_tier", "distance_unit", "first_weekday")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    LOGGING_CONSENT_FIELD_NUMBER: _ClassVar[int]
    HEALTH_DATA_CONSENT_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_SPORT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAN_TIER_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_UNIT_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    email: str
    display_name: str
    time_zone: str
    units: str
    create_time: _timestamp_pb2.Timestamp
    logging_consent: bool
    health_data_consent: bool
    primary_sport: str
    account_status: str
    plan_tier: str
    distance_unit: str
    first_weekday: int
    def __init__(self, account_id: _Optional[str] = ..., email: _Optional[str] = ..., display_name: _Optional[str] = ..., time_zone: _Optional[str] = ..., units: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., logging_consent: _Optional[bool] = ..., health_data_consent: _Optional[bool] = ..., primary_sport: _Optional[str] = ..., account_status: _Optional[str] = ..., plan_tier: _Optional[str] = ..., distance_unit: _Optional[str] = ..., first_weekday: _Optional[int] = ...) -> None: ...

class CreateAccountRequest(_message.Message):
    __slots__ = ("email", "password", "display_name", "time_zone", "units")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    display_name: str
    time_zone: str
    units: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ..., display_name: _Optional[str] = ..., time_zone: _Optional[str] = ..., units: _Optional[str] = ...) -> None: ...

class CreateAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class GetAccountRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class UpdateAccountRequest(_message.Message):
    __slots__ = ("account_id", "display_name", "time_zone", "units", "logging_consent", "health_data_consent", "primary_sport", "account_status", "plan_tier", "distance_unit", "first_weekday")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    LOGGING_CONSENT_FIELD_NUMBER: _ClassVar[int]
    HEALTH_DATA_CONSENT_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_SPORT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAN_TIER_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_UNIT_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    display_name: str
    time_zone: str
    units: str
    logging_consent: bool
    health_data_consent: bool
    primary_sport: str
    account_status: str
    plan_tier: str
    distance_unit: str
    first_weekday: int
    def __init__(self, account_id: _Optional[str] = ..., display_name: _Optional[str] = ..., time_zone: _Optional[str] = ..., units: _Optional[str] = ..., logging_consent: _Optional[bool] = ..., health_data_consent: _Optional[bool] = ..., primary_sport: _Optional[str] = ..., account_status: _Optional[str] = ..., plan_tier: _Optional[str] = ..., distance_unit: _Optional[str] = ..., first_weekday: _Optional[int] = ...) -> None: ...

class UpdateAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class VerifyPasswordRequest(_message.Message):
    __slots__ = ("email", "password")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class VerifyPasswordResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class IssueAccessTokenRequest(_message.Message):
    __slots__ = ("account_id", "audience", "scopes", "ttl_seconds", "client_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AUDIENCE_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    TTL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    audience: str
    scopes: _containers.RepeatedScalarFieldContainer[str]
    ttl_seconds: int
    client_id: str
    def __init__(self, account_id: _Optional[str] = ..., audience: _Optional[str] = ..., scopes: _Optional[_Iterable[str]] = ..., ttl_seconds: _Optional[int] = ..., client_id: _Optional[str] = ...) -> None: ...

class IssueAccessTokenResponse(_message.Message):
    __slots__ = ("access_token", "expire_time", "token_id")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_ID_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    expire_time: _timestamp_pb2.Timestamp
    token_id: str
    def __init__(self, access_token: _Optional[str] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., token_id: _Optional[str] = ...) -> None: ...

class GetJwksRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetJwksResponse(_message.Message):
    __slots__ = ("jwks_json", "issuer")
    JWKS_JSON_FIELD_NUMBER: _ClassVar[int]
    ISSUER_FIELD_NUMBER: _ClassVar[int]
    jwks_json: str
    issuer: str
    def __init__(self, jwks_json: _Optional[str] = ..., issuer: _Optional[str] = ...) -> None: ...

class ApiKey(_message.Message):
    __slots__ = ("key_id", "account_id", "name", "scopes", "prefix", "create_time", "revoke_time")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    PREFIX_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    REVOKE_TIME_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    account_id: str
    name: str
    scopes: _containers.RepeatedScalarFieldContainer[str]
    prefix: str
    create_time: _timestamp_pb2.Timestamp
    revoke_time: _timestamp_pb2.Timestamp
    def __init__(self, key_id: _Optional[str] = ..., account_id: _Optional[str] = ..., name: _Optional[str] = ..., scopes: _Optional[_Iterable[str]] = ..., prefix: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., revoke_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateApiKeyRequest(_message.Message):
    __slots__ = ("account_id", "name", "scopes")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    name: str
    scopes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, account_id: _Optional[str] = ..., name: _Optional[str] = ..., scopes: _Optional[_Iterable[str]] = ...) -> None: ...

class CreateApiKeyResponse(_message.Message):
    __slots__ = ("api_key", "secret")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    secret: str
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ..., secret: _Optional[str] = ...) -> None: ...

class ListApiKeysRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class ListApiKeysResponse(_message.Message):
    __slots__ = ("api_keys",)
    API_KEYS_FIELD_NUMBER: _ClassVar[int]
    api_keys: _containers.RepeatedCompositeFieldContainer[ApiKey]
    def __init__(self, api_keys: _Optional[_Iterable[_Union[ApiKey, _Mapping]]] = ...) -> None: ...

class RevokeApiKeyRequest(_message.Message):
    __slots__ = ("account_id", "key_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    key_id: str
    def __init__(self, account_id: _Optional[str] = ..., key_id: _Optional[str] = ...) -> None: ...

class RevokeApiKeyResponse(_message.Message):
    __slots__ = ("api_key",)
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ...) -> None: ...

class VerifyApiKeyRequest(_message.Message):
    __slots__ = ("secret",)
    SECRET_FIELD_NUMBER: _ClassVar[int]
    secret: str
    def __init__(self, secret: _Optional[str] = ...) -> None: ...

class VerifyApiKeyResponse(_message.Message):
    __slots__ = ("api_key", "plan_tier", "account_status", "time_zone", "first_weekday")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAN_TIER_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_STATUS_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    FIRST_WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    plan_tier: str
    account_status: str
    time_zone: str
    first_weekday: int
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ..., plan_tier: _Optional[str] = ..., account_status: _Optional[str] = ..., time_zone: _Optional[str] = ..., first_weekday: _Optional[int] = ...) -> None: ...

class DeleteAccountRequest(_message.Message):
    __slots__ = ("account_id", "password")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    password: str
    def __init__(self, account_id: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class DeleteAccountResponse(_message.Message):
    __slots__ = ("deleted_api_keys", "deleted_grants", "deleted_browser_sessions")
    DELETED_API_KEYS_FIELD_NUMBER: _ClassVar[int]
    DELETED_GRANTS_FIELD_NUMBER: _ClassVar[int]
    DELETED_BROWSER_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    deleted_api_keys: int
    deleted_grants: int
    deleted_browser_sessions: int
    def __init__(self, deleted_api_keys: _Optional[int] = ..., deleted_grants: _Optional[int] = ..., deleted_browser_sessions: _Optional[int] = ...) -> None: ...

class WatchRevocationsRequest(_message.Message):
    __slots__ = ("after_sequence",)
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    after_sequence: int
    def __init__(self, after_sequence: _Optional[int] = ...) -> None: ...

class Revocation(_message.Message):
    __slots__ = ("sequence", "token_id", "grant_id", "account_id", "api_key_id", "account_standing", "expire_time")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_ID_FIELD_NUMBER: _ClassVar[int]
    GRANT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    API_KEY_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_STANDING_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    token_id: str
    grant_id: str
    account_id: str
    api_key_id: str
    account_standing: AccountStanding
    expire_time: _timestamp_pb2.Timestamp
    def __init__(self, sequence: _Optional[int] = ..., token_id: _Optional[str] = ..., grant_id: _Optional[str] = ..., account_id: _Optional[str] = ..., api_key_id: _Optional[str] = ..., account_standing: _Optional[_Union[AccountStanding, _Mapping]] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class AccountStanding(_message.Message):
    __slots__ = ("account_id", "plan_tier", "account_status")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_TIER_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_STATUS_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    plan_tier: str
    account_status: str
    def __init__(self, account_id: _Optional[str] = ..., plan_tier: _Optional[str] = ..., account_status: _Optional[str] = ...) -> None: ...

class WatchRevocationsResponse(_message.Message):
    __slots__ = ("revocations", "snapshot", "current", "sequence")
    REVOCATIONS_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    revocations: _containers.RepeatedCompositeFieldContainer[Revocation]
    snapshot: bool
    current: bool
    sequence: int
    def __init__(self, revocations: _Optional[_Iterable[_Union[Revocation, _Mapping]]] = ..., snapshot: _Optional[bool] = ..., current: _Optional[bool] = ..., sequence: _Optional[int] = ...) -> None: ...
