import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class OAuthClient(_message.Message):
    __slots__ = ("client_id", "client_name", "redirect_uris", "kind")
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_NAME_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_URIS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    client_id: str
    client_name: str
    redirect_uris: _containers.RepeatedScalarFieldContainer[str]
    kind: str
    def __init__(self, client_id: _Optional[str] = ..., client_name: _Optional[str] = ..., redirect_uris: _Optional[_Iterable[str]] = ..., kind: _Optional[str] = ...) -> None: ...

class GetClientRequest(_message.Message):
    __slots__ = ("client_id",)
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    client_id: str
    def __init__(self, client_id: _Optional[str] = ...) -> None: ...

class GetClientResponse(_message.Message):
    __slots__ = ("client",)
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    client: OAuthClient
    def __init__(self, client: _Optional[_Union[OAuthClient, _Mapping]] = ...) -> None: ...

class RegisterClientRequest(_message.Message):
    __slots__ = ("metadata_json", "remote_address")
    METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    REMOTE_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    metadata_json: str
    remote_address: str
    def __init__(self, metadata_json: _Optional[str] = ..., remote_address: _Optional[str] = ...) -> None: ...

class RegisterClientResponse(_message.Message):
    __slots__ = ("client", "response_json")
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_JSON_FIELD_NUMBER: _ClassVar[int]
    client: OAuthClient
    response_json: str
    def __init__(self, client: _Optional[_Union[OAuthClient, _Mapping]] = ..., response_json: _Optional[str] = ...) -> None: ...

class StartAuthorizationRequest(_message.Message):
    __slots__ = ("response_type", "client_id", "redirect_uri", "scope", "resource", "state", "code_challenge", "code_challenge_method")
    RESPONSE_TYPE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_URI_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CODE_CHALLENGE_FIELD_NUMBER: _ClassVar[int]
    CODE_CHALLENGE_METHOD_FIELD_NUMBER: _ClassVar[int]
    response_type: str
    client_id: str
    redirect_uri: str
    scope: str
    resource: str
    state: str
    code_challenge: str
    code_challenge_method: str
    def __init__(self, response_type: _Optional[str] = ..., client_id: _Optional[str] = ..., redirect_uri: _Optional[str] = ..., scope: _Optional[str] = ..., resource: _Optional[str] = ..., state: _Optional[str] = ..., code_challenge: _Optional[str] = ..., code_challenge_method: _Optional[str] = ...) -> None: ...

class Authorization(_message.Message):
    __slots__ = ("authorization_id", "client", "scopes", "resource", "redirect_uri", "status", "redirect_to", "expire_time")
    AUTHORIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_URI_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_TO_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    authorization_id: str
    client: OAuthClient
    scopes: _containers.RepeatedScalarFieldContainer[str]
    resource: str
    redirect_uri: str
    status: str
    redirect_to: str
    expire_time: _timestamp_pb2.Timestamp
    def __init__(self, authorization_id: _Optional[str] = ..., client: _Optional[_Union[OAuthClient, _Mapping]] = ..., scopes: _Optional[_Iterable[str]] = ..., resource: _Optional[str] = ..., redirect_uri: _Optional[str] = ..., status: _Optional[str] = ..., redirect_to: _Optional[str] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class StartAuthorizationResponse(_message.Message):
    __slots__ = ("authorization",)
    AUTHORIZATION_FIELD_NUMBER: _ClassVar[int]
    authorization: Authorization
    def __init__(self, authorization: _Optional[_Union[Authorization, _Mapping]] = ...) -> None: ...

class GetAuthorizationRequest(_message.Message):
    __slots__ = ("authorization_id",)
    AUTHORIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    authorization_id: str
    def __init__(self, authorization_id: _Optional[str] = ...) -> None: ...

class GetAuthorizationResponse(_message.Message):
    __slots__ = ("authorization",)
    AUTHORIZATION_FIELD_NUMBER: _ClassVar[int]
    authorization: Authorization
    def __init__(self, authorization: _Optional[_Union[Authorization, _Mapping]] = ...) -> None: ...

class DecideAuthorizationRequest(_message.Message):
    __slots__ = ("authorization_id", "account_id", "approve")
    AUTHORIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    APPROVE_FIELD_NUMBER: _ClassVar[int]
    authorization_id: str
    account_id: str
    approve: bool
    def __init__(self, authorization_id: _Optional[str] = ..., account_id: _Optional[str] = ..., approve: _Optional[bool] = ...) -> None: ...

class DecideAuthorizationResponse(_message.Message):
    __slots__ = ("authorization",)
    AUTHORIZATION_FIELD_NUMBER: _ClassVar[int]
    authorization: Authorization
    def __init__(self, authorization: _Optional[_Union[Authorization, _Mapping]] = ...) -> None: ...

class ExchangeTokenRequest(_message.Message):
    __slots__ = ("grant_type", "client_id", "code", "redirect_uri", "code_verifier", "refresh_token", "resource", "scope")
    GRANT_TYPE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_URI_FIELD_NUMBER: _ClassVar[int]
    CODE_VERIFIER_FIELD_NUMBER: _ClassVar[int]
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    grant_type: str
    client_id: str
    code: str
    redirect_uri: str
    code_verifier: str
    refresh_token: str
    resource: str
    scope: str
    def __init__(self, grant_type: _Optional[str] = ..., client_id: _Optional[str] = ..., code: _Optional[str] = ..., redirect_uri: _Optional[str] = ..., code_verifier: _Optional[str] = ..., refresh_token: _Optional[str] = ..., resource: _Optional[str] = ..., scope: _Optional[str] = ...) -> None: ...

class ExchangeTokenResponse(_message.Message):
    __slots__ = ("access_token", "token_type", "expires_in", "refresh_token", "scope")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    token_type: str
    expires_in: int
    refresh_token: str
    scope: str
    def __init__(self, access_token: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ..., refresh_token: _Optional[str] = ..., scope: _Optional[str] = ...) -> None: ...

class RevokeTokenRequest(_message.Message):
    __slots__ = ("token", "token_type_hint", "client_id")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_HINT_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    token: str
    token_type_hint: str
    client_id: str
    def __init__(self, token: _Optional[str] = ..., token_type_hint: _Optional[str] = ..., client_id: _Optional[str] = ...) -> None: ...

class RevokeTokenResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CheckAccessTokenRequest(_message.Message):
    __slots__ = ("token_id",)
    TOKEN_ID_FIELD_NUMBER: _ClassVar[int]
    token_id: str
    def __init__(self, token_id: _Optional[str] = ...) -> None: ...

class CheckAccessTokenResponse(_message.Message):
    __slots__ = ("active",)
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    active: bool
    def __init__(self, active: _Optional[bool] = ...) -> None: ...

class Grant(_message.Message):
    __slots__ = ("grant_id", "client", "resource", "scopes", "create_time", "last_used_time")
    GRANT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_TIME_FIELD_NUMBER: _ClassVar[int]
    grant_id: str
    client: OAuthClient
    resource: str
    scopes: _containers.RepeatedScalarFieldContainer[str]
    create_time: _timestamp_pb2.Timestamp
    last_used_time: _timestamp_pb2.Timestamp
    def __init__(self, grant_id: _Optional[str] = ..., client: _Optional[_Union[OAuthClient, _Mapping]] = ..., resource: _Optional[str] = ..., scopes: _Optional[_Iterable[str]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_used_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListGrantsRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class ListGrantsResponse(_message.Message):
    __slots__ = ("grants",)
    GRANTS_FIELD_NUMBER: _ClassVar[int]
    grants: _containers.RepeatedCompositeFieldContainer[Grant]
    def __init__(self, grants: _Optional[_Iterable[_Union[Grant, _Mapping]]] = ...) -> None: ...

class RevokeClientGrantsRequest(_message.Message):
    __slots__ = ("account_id", "client_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    client_id: str
    def __init__(self, account_id: _Optional[str] = ..., client_id: _Optional[str] = ...) -> None: ...

class RevokeClientGrantsResponse(_message.Message):
    __slots__ = ("revoked_count",)
    REVOKED_COUNT_FIELD_NUMBER: _ClassVar[int]
    revoked_count: int
    def __init__(self, revoked_count: _Optional[int] = ...) -> None: ...

class RevokeAccountGrantsRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class RevokeAccountGrantsResponse(_message.Message):
    __slots__ = ("revoked_count",)
    REVOKED_COUNT_FIELD_NUMBER: _ClassVar[int]
    revoked_count: int
    def __init__(self, revoked_count: _Optional[int] = ...) -> None: ...

class CreateBrowserSessionRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class BrowserSession(_message.Message):
    __slots__ = ("session_token", "account_id", "csrf_secret", "expire_time")
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CSRF_SECRET_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    account_id: str
    csrf_secret: str
    expire_time: _timestamp_pb2.Timestamp
    def __init__(self, session_token: _Optional[str] = ..., account_id: _Optional[str] = ..., csrf_secret: _Optional[str] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateBrowserSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: BrowserSession
    def __init__(self, session: _Optional[_Union[BrowserSession, _Mapping]] = ...) -> None: ...

class GetBrowserSessionRequest(_message.Message):
    __slots__ = ("session_token",)
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    def __init__(self, session_token: _Optional[str] = ...) -> None: ...

class GetBrowserSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: BrowserSession
    def __init__(self, session: _Optional[_Union[BrowserSession, _Mapping]] = ...) -> None: ...

class EndBrowserSessionRequest(_message.Message):
    __slots__ = ("session_token",)
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    def __init__(self, session_token: _Optional[str] = ...) -> None: ...

class EndBrowserSessionResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
