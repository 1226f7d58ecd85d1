"""Datetimes as protobuf ``Timestamp`` messages, by arithmetic (decision 0123).

``Timestamp.FromDatetime`` goes through ``utctimetuple`` and ``calendar.timegm`` for each field; a
plan write answers and feeds about a hundred of them. ``timestamp`` gives the same seconds and
nanos from one subtraction.
"""

from __future__ import annotations

from datetime import UTC, datetime

from google.protobuf.timestamp_pb2 import Timestamp

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_EPOCH_NAIVE = datetime(1970, 1, 1)


def timestamp(moment: datetime) -> Timestamp:
    """``moment`` as a Timestamp, what ``Timestamp.FromDatetime`` gives: a naive ``moment`` is UTC."""
    since = moment - (_EPOCH_NAIVE if moment.utcoffset() is None else _EPOCH)
    return Timestamp(seconds=since.days * 86400 + since.seconds, nanos=since.microseconds * 1000)
