"""The protobuf ``Timestamp`` of a domain time, shared by the auth and OAuth servicers."""

from __future__ import annotations

from datetime import datetime

from google.protobuf.timestamp_pb2 import Timestamp


def to_timestamp(moment: datetime) -> Timestamp:
    """``moment`` (timezone-aware, as the domain keeps it) as a protobuf ``Timestamp``."""
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp
