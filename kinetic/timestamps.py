"""Datetimes and protobuf ``Timestamp`` messages, by arithmetic (decisions 0021, 0121, 0123).

``Timestamp.FromDatetime`` goes through ``utctimetuple`` and ``calendar.timegm`` for each field,
and ``ToDatetime`` through general time zone handling; a plan write answers and feeds about a
hundred timestamps, a cold catch-up reads several per change, a progress series two per point.
These give the same seconds, nanos and moments from one subtraction or addition.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_EPOCH_NAIVE = datetime(1970, 1, 1)


def seconds_and_nanos(moment: datetime) -> tuple[int, int]:
    """``moment``'s Timestamp fields, what ``FromDatetime`` sets: a naive ``moment`` is UTC."""
    since = moment - (_EPOCH_NAIVE if moment.tzinfo is None else _EPOCH)
    return since.days * 86400 + since.seconds, since.microseconds * 1000


def timestamp(moment: datetime) -> Timestamp:
    """``moment`` as a new Timestamp."""
    seconds, nanos = seconds_and_nanos(moment)
    return Timestamp(seconds=seconds, nanos=nanos)


def set_timestamp(stamp: Timestamp, moment: datetime) -> None:
    """``stamp.FromDatetime(moment)``, in place (a field of a message being filled); written out,
    not through ``seconds_and_nanos``: the sessions feed sets one or two per change."""
    since = moment - (_EPOCH_NAIVE if moment.tzinfo is None else _EPOCH)
    stamp.seconds = since.days * 86400 + since.seconds
    stamp.nanos = since.microseconds * 1000


def moment_of(stamp: Timestamp) -> datetime:
    """``stamp.ToDatetime(tzinfo=UTC)``: an aware UTC datetime, microseconds kept."""
    return _EPOCH + timedelta(seconds=stamp.seconds, microseconds=stamp.nanos // 1000)
