import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Change(_message.Message):
    __slots__ = ("sequence", "kind", "record_id", "create_time", "payload_json")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RECORD_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_JSON_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    kind: str
    record_id: str
    create_time: _timestamp_pb2.Timestamp
    payload_json: str
    def __init__(self, sequence: _Optional[int] = ..., kind: _Optional[str] = ..., record_id: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., payload_json: _Optional[str] = ...) -> None: ...

class ListChangesRequest(_message.Message):
    __slots__ = ("account_id", "after_sequence", "page_size")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    after_sequence: int
    page_size: int
    def __init__(self, account_id: _Optional[str] = ..., after_sequence: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class ListChangesResponse(_message.Message):
    __slots__ = ("changes", "latest_sequence")
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    LATEST_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[Change]
    latest_sequence: int
    def __init__(self, changes: _Optional[_Iterable[_Union[Change, _Mapping]]] = ..., latest_sequence: _Optional[int] = ...) -> None: ...
