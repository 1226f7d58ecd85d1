from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class GetFeedPositionRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetFeedPositionResponse(_message.Message):
    __slots__ = ("sessions_sequence",)
    SESSIONS_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    sessions_sequence: int
    def __init__(self, sessions_sequence: _Optional[int] = ...) -> None: ...
