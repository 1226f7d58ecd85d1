"""Local days as UTC instants (decision 0105): the bounds every date filter hands a store."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from kinetic.time_zones import day_span, day_start


@pytest.mark.parametrize(
    ("zone", "day", "starts"),
    [
        ("America/New_York", date(2026, 12, 6), datetime(2026, 12, 6, 5, 0, tzinfo=UTC)),
        ("Etc/GMT+12", date(2026, 12, 6), datetime(2026, 12, 6, 12, 0, tzinfo=UTC)),
        ("Pacific/Kiritimati", date(2026, 12, 6), datetime(2026, 12, 5, 10, 0, tzinfo=UTC)),
        ("Asia/Kolkata", date(2026, 12, 6), datetime(2026, 12, 5, 18, 30, tzinfo=UTC)),
        ("UTC", date(2026, 12, 6), datetime(2026, 12, 6, 0, 0, tzinfo=UTC)),
    ],
)
def test_a_day_starts_at_its_local_midnight_given_in_utc(zone: str, day: date, starts: datetime) -> None:
    found = day_start(day, ZoneInfo(zone))
    assert found == starts and found.tzinfo is UTC


def test_days_of_a_clock_change_last_23_or_25_hours() -> None:
    new_york = ZoneInfo("America/New_York")
    spring_start, spring_end = day_span(date(2026, 3, 8), date(2026, 3, 8), new_york)
    autumn_start, autumn_end = day_span(date(2026, 11, 1), date(2026, 11, 1), new_york)
    assert (spring_end - spring_start).total_seconds() == 23 * 3600
    assert (autumn_end - autumn_start).total_seconds() == 25 * 3600


def test_a_midnight_the_clock_skips_starts_the_day_at_its_first_instant() -> None:
    # Chile moves its clocks from 24:00 to 01:00 on 6 September 2026: that day has no 00:00.
    santiago = ZoneInfo("America/Santiago")
    start = day_start(date(2026, 9, 6), santiago)
    assert start == datetime(2026, 9, 6, 4, 0, tzinfo=UTC)
    assert start.astimezone(santiago).date() == date(2026, 9, 6)
    assert start.astimezone(santiago).hour == 1
