"""Local days, time zones, windows and weeks (seed 000: YYYY-MM-DD, IANA zones, exclusive ends, Sunday 1)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from kinetic.errors import InvalidArgument
from services.training.domain.calendar import (
    CALENDAR_MAX_DAYS,
    HISTORY_MAX_DAYS,
    check_time_zone,
    check_week_starts_on,
    check_window,
    local_day_of,
    local_today,
    metric_weekday,
    parse_day,
    week_start,
)

NEW_YORK = ZoneInfo("America/New_York")
AMSTERDAM = ZoneInfo("Europe/Amsterdam")


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_seed_limits() -> None:
    assert CALENDAR_MAX_DAYS == 93
    assert HISTORY_MAX_DAYS == 366


# --- parse_day ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2026-09-25", date(2026, 9, 25)), ("2028-02-29", date(2028, 2, 29)), ("0001-01-01", date(1, 1, 1))],
)
def test_parse_day_reads_yyyy_mm_dd(text: str, expected: date) -> None:
    assert parse_day(text, "from") == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "2026-9-25",
        "20260925",  # date.fromisoformat accepts this; the contract does not
        "2026-W39-5",
        "2026-09-25T00:00",
        "2026-09-25 ",
        " 2026-09-25",
        "2026-09-25\n",
        "2026-02-30",
        "2027-02-29",
        "2026-13-01",
        "\uff12\uff10\uff12\uff16-09-25",  # full-width digits
        "25/09/2026",
    ],
)
def test_parse_day_refuses_anything_else_naming_the_field(text: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        parse_day(text, "input.destinationDay")
    error = caught.value
    assert [v.field for v in error.violations] == ["input.destinationDay"]
    assert error.violations[0].description == "must be a local day YYYY-MM-DD, e.g. 2026-09-25"
    assert error.message.startswith("input.destinationDay: ")


def test_parse_day_refuses_a_non_string() -> None:
    with pytest.raises(InvalidArgument):
        parse_day(20260925, "from")  # type: ignore[arg-type]


# --- check_time_zone ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["America/New_York", "Europe/Amsterdam", "Australia/Lord_Howe", "Pacific/Chatham", "UTC"]
)
def test_check_time_zone_accepts_iana_names(name: str) -> None:
    assert check_time_zone(name) == ZoneInfo(name)


def test_check_time_zone_requires_a_value_and_names_the_field() -> None:
    with pytest.raises(InvalidArgument) as caught:
        check_time_zone("")
    assert caught.value.violations[0].field == "timeZone"
    assert "required" in caught.value.violations[0].description


@pytest.mark.parametrize(
    "name",
    [
        "america/new_york",
        "Mars/Olympus_Mons",
        "localtime",
        "Factory",
        "/usr/share/zoneinfo/UTC",
        "../zoneinfo/UTC",
        "+05:00",
        "America/New_York ",
    ],
)
def test_check_time_zone_refuses_non_iana_names(name: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        check_time_zone(name, "preview.timeZone")
    assert caught.value.violations[0].field == "preview.timeZone"
    assert "IANA" in caught.value.violations[0].description


# --- local_today and local_day_of across DST ---------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "now", "today"),
    [
        # New York springs forward on 2026-03-08 (07:00 UTC) and falls back on 2026-11-01 (06:00 UTC).
        (NEW_YORK, "2026-03-08T04:59:59", date(2026, 3, 7)),
        (NEW_YORK, "2026-03-08T05:00:00", date(2026, 3, 8)),
        (NEW_YORK, "2026-03-09T03:59:59", date(2026, 3, 8)),
        (NEW_YORK, "2026-03-09T04:30:00", date(2026, 3, 9)),  # EDT; a fixed -05:00 would say the 8th
        (NEW_YORK, "2026-11-01T03:59:59", date(2026, 10, 31)),
        (NEW_YORK, "2026-11-01T04:00:00", date(2026, 11, 1)),
        (NEW_YORK, "2026-11-02T04:30:00", date(2026, 11, 1)),  # EST; a fixed -04:00 would say the 2nd
        # Amsterdam springs forward on 2026-03-29 and falls back on 2026-10-25 (01:00 UTC both).
        (AMSTERDAM, "2026-03-28T22:59:59", date(2026, 3, 28)),
        (AMSTERDAM, "2026-03-28T23:00:00", date(2026, 3, 29)),
        (AMSTERDAM, "2026-03-29T22:30:00", date(2026, 3, 30)),  # CEST; a fixed +01:00 would say the 29th
        (AMSTERDAM, "2026-10-24T22:30:00", date(2026, 10, 25)),
        (AMSTERDAM, "2026-10-25T22:30:00", date(2026, 10, 25)),  # CET; a fixed +02:00 would say the 26th
    ],
)
def test_local_today_follows_the_zone_across_dst(zone: ZoneInfo, now: str, today: date) -> None:
    assert local_today(zone, utc(now)) == today


@pytest.mark.parametrize(
    ("zone", "instant", "day"),
    [
        # The repeated hour of 2026-11-01 in New York: 01:30 EDT and 01:30 EST are both the 1st.
        (NEW_YORK, "2026-11-01T05:30:00", date(2026, 11, 1)),
        (NEW_YORK, "2026-11-01T06:30:00", date(2026, 11, 1)),
        # Just before and after local midnight at the end of each switch day.
        (NEW_YORK, "2026-03-09T03:59:00", date(2026, 3, 8)),
        (NEW_YORK, "2026-03-09T04:00:00", date(2026, 3, 9)),
        (NEW_YORK, "2026-11-02T04:59:00", date(2026, 11, 1)),
        (NEW_YORK, "2026-11-02T05:00:00", date(2026, 11, 2)),
        (AMSTERDAM, "2026-03-29T21:59:00", date(2026, 3, 29)),
        (AMSTERDAM, "2026-03-29T22:00:00", date(2026, 3, 30)),
        (AMSTERDAM, "2026-10-25T22:59:00", date(2026, 10, 25)),
        (AMSTERDAM, "2026-10-25T23:00:00", date(2026, 10, 26)),
        # The skipped hour in Amsterdam: 01:00 UTC is 03:00 CEST on the 29th.
        (AMSTERDAM, "2026-03-29T01:00:00", date(2026, 3, 29)),
    ],
)
def test_local_day_of_a_completion_near_midnight_on_dst_days(zone: ZoneInfo, instant: str, day: date) -> None:
    assert local_day_of(utc(instant), zone) == day


def test_local_day_of_accepts_any_aware_instant() -> None:
    tokyo_morning = datetime(2026, 3, 9, 9, 0, tzinfo=timezone(timedelta(hours=9)))  # 00:00 UTC
    assert local_day_of(tokyo_morning, NEW_YORK) == date(2026, 3, 8)


def test_naive_instants_are_refused_rather_than_guessed() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        local_day_of(datetime(2026, 3, 8, 12), NEW_YORK)
    with pytest.raises(ValueError, match="timezone-aware"):
        local_today(NEW_YORK, datetime(2026, 3, 8, 12))


# --- check_window ------------------------------------------------------------------------------


def test_window_of_one_day_and_of_the_maximum_are_accepted() -> None:
    start = date(2026, 9, 25)
    check_window(start, start + timedelta(days=1), CALENDAR_MAX_DAYS, start_field="from", end_field="to")
    check_window(start, start + timedelta(days=93), CALENDAR_MAX_DAYS, start_field="from", end_field="to")
    check_window(start, start + timedelta(days=366), HISTORY_MAX_DAYS, start_field="from", end_field="to")


@pytest.mark.parametrize("days", [0, -1])
def test_window_end_must_be_after_start(days: int) -> None:
    start = date(2026, 9, 25)
    with pytest.raises(InvalidArgument) as caught:
        check_window(start, start + timedelta(days=days), 93, start_field="from", end_field="to")
    violation = caught.value.violations[0]
    assert violation.field == "to"
    assert "after from" in violation.description
    assert "exclusive" in violation.description


@pytest.mark.parametrize(("limit", "days"), [(CALENDAR_MAX_DAYS, 94), (HISTORY_MAX_DAYS, 367)])
def test_window_longer_than_the_limit_is_refused(limit: int, days: int) -> None:
    start = date(2026, 9, 25)
    with pytest.raises(InvalidArgument) as caught:
        check_window(start, start + timedelta(days=days), limit, start_field="fromDay", end_field="toDay")
    violation = caught.value.violations[0]
    assert violation.field == "toDay"
    assert f"at most {limit} days after fromDay" in violation.description
    assert str(days) in violation.description


# --- weekdays and weeks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "number"),
    [
        (date(2026, 9, 27), 1),  # Sunday
        (date(2026, 9, 28), 2),  # Monday
        (date(2026, 9, 25), 6),  # Friday
        (date(2026, 9, 26), 7),  # Saturday
    ],
)
def test_metric_weekday_counts_from_sunday(day: date, number: int) -> None:
    assert metric_weekday(day) == number


# 2026-09-25 is a Friday (6). Its week starts on the latest day with the chosen weekday on or before it.
@pytest.mark.parametrize(
    ("week_starts_on", "start"),
    [
        (1, date(2026, 9, 20)),  # Sunday
        (2, date(2026, 9, 21)),  # Monday
        (3, date(2026, 9, 22)),  # Tuesday
        (4, date(2026, 9, 23)),  # Wednesday
        (5, date(2026, 9, 24)),  # Thursday
        (6, date(2026, 9, 25)),  # Friday: the day itself
        (7, date(2026, 9, 19)),  # Saturday
    ],
)
def test_week_start_for_each_first_weekday(week_starts_on: int, start: date) -> None:
    assert week_start(date(2026, 9, 25), week_starts_on) == start


@pytest.mark.parametrize("week_starts_on", range(1, 8))
def test_every_day_of_a_week_shares_its_start(week_starts_on: int) -> None:
    first = week_start(date(2026, 3, 8), week_starts_on)  # a DST day changes nothing for days
    assert metric_weekday(first) == week_starts_on
    for offset in range(7):
        assert week_start(first + timedelta(days=offset), week_starts_on) == first
    assert week_start(first + timedelta(days=7), week_starts_on) == first + timedelta(days=7)


@pytest.mark.parametrize("value", [0, 8, -1, True])
def test_week_starts_on_outside_1_to_7_is_refused(value: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        check_week_starts_on(value)
    assert caught.value.violations[0].field == "weekStartsOn"
    assert "1 (Sunday) to 7 (Saturday)" in caught.value.violations[0].description
    with pytest.raises(InvalidArgument):
        week_start(date(2026, 9, 25), value)


def test_week_starts_on_field_name_can_be_given() -> None:
    assert check_week_starts_on(2, "view.weekStartsOn") == 2
    with pytest.raises(InvalidArgument) as caught:
        check_week_starts_on(9, "view.weekStartsOn")
    assert caught.value.violations[0].field == "view.weekStartsOn"
