"""``kinetic.timestamps`` gives what ``Timestamp.FromDatetime`` and ``ToDatetime`` give (0121, 0123)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.timestamps import moment_of, set_timestamp, timestamp

MOMENTS = [
    datetime(2026, 12, 7, 20, 16, 46, 123456, tzinfo=UTC),
    datetime(2026, 12, 7, 20, 16, 46, tzinfo=UTC),
    datetime(1970, 1, 1, tzinfo=UTC),
    datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    datetime(1, 1, 1, tzinfo=UTC),
    datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    datetime(2024, 2, 29, 12, 0, 0, 1, tzinfo=timezone(timedelta(hours=5, minutes=30))),
    datetime(2024, 3, 31, 1, 30, tzinfo=timezone(timedelta(hours=-9))),
    datetime(2026, 6, 1, 8, 0, 0, 500000),  # naive: UTC, as FromDatetime takes it
    datetime(1900, 1, 1, 0, 0, 0, 1),
]


@pytest.mark.parametrize("moment", MOMENTS, ids=str)
def test_timestamp_is_what_from_datetime_gives(moment: datetime) -> None:
    expected = Timestamp()
    expected.FromDatetime(moment)
    assert timestamp(moment) == expected


def test_a_timestamp_reads_back_as_its_moment() -> None:
    moment = datetime(2026, 12, 7, 20, 16, 46, 654321, tzinfo=UTC)
    assert timestamp(moment).ToDatetime(tzinfo=UTC) == moment
    assert timestamp(moment.astimezone(timezone(timedelta(hours=-3)))).ToDatetime(tzinfo=UTC) == moment


@pytest.mark.parametrize("moment", MOMENTS, ids=str)
def test_set_timestamp_fills_a_field_as_from_datetime_does(moment: datetime) -> None:
    expected, filled = Timestamp(), Timestamp(seconds=1, nanos=2)
    expected.FromDatetime(moment)
    set_timestamp(filled, moment)
    assert filled == expected


@pytest.mark.parametrize("moment", MOMENTS, ids=str)
def test_moment_of_is_what_to_datetime_gives(moment: datetime) -> None:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    assert moment_of(stamp) == stamp.ToDatetime(tzinfo=UTC)
    assert moment_of(stamp).tzinfo is UTC
