"""The sessions service's input rules, experience points and IDs, without storage."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from kinetic.errors import InvalidArgument
from services.sessions.domain import session_rules as rules
from services.sessions.domain.object_ids import is_object_id, new_object_id
from services.sessions.domain.session_model import LoggedSet, Performance
from services.sessions.domain.xp import experience_points

NOW = datetime(2026, 9, 20, 15, 0, tzinfo=UTC)


def window(date_from: str = "", date_to: str = "") -> tuple[datetime, datetime]:
    out = rules.Violations()
    found = rules.check_window(out, date_from, date_to, NOW)
    out.raise_if_any()
    return found


def window_error(date_from: str = "", date_to: str = "") -> list[str]:
    with pytest.raises(InvalidArgument) as info:
        window(date_from, date_to)
    return [v.field for v in info.value.violations]


def test_windows_fill_a_missing_side_with_366_days():
    assert window() == (NOW - timedelta(days=366), NOW + timedelta(microseconds=1))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert window("2026-01-01") == (start, start + timedelta(days=366))
    assert window(date_to="2026-01-01") == (start - timedelta(days=366), start + timedelta(days=1))


def test_a_date_to_alone_covers_its_whole_day_and_offsets_become_utc():
    assert window("2026-09-01", "2026-09-01") == (
        datetime(2026, 9, 1, tzinfo=UTC),
        datetime(2026, 9, 2, tzinfo=UTC),
    )
    start, end = window("2026-09-01T08:00:00+02:00", "2026-09-01T10:00:00Z")
    assert (start, end) == (datetime(2026, 9, 1, 6, tzinfo=UTC), datetime(2026, 9, 1, 10, tzinfo=UTC))


def test_windows_over_366_days_or_backwards_or_unreadable_name_the_field():
    assert window("2025-09-01", "2026-09-02")  # exactly 366 days
    assert window_error("2025-09-01", "2026-09-03") == ["dateFrom"]
    assert window_error("2026-09-03", "2026-09-01") == ["dateTo"]
    assert window_error("yesterday") == ["dateFrom"]
    assert window_error(date_to="2026-13-01") == ["dateTo"]


def test_windows_name_only_the_years_1900_to_2999():
    assert window("1900-01-01", "1900-12-31") and window("2999-01-01", "2999-12-31")
    assert window_error("9999-12-31") == ["dateFrom"]
    assert window_error(date_to="0001-01-01") == ["dateTo"]
    # Offsets that move an instant past Python's calendar are refused the same way.
    assert window_error("9999-12-31T23:59:59-12:00") == ["dateFrom"]
    assert window_error(date_to="0001-01-01T00:00:00+14:00") == ["dateTo"]
    assert window_error("1899-12-31", "3000-01-01") == ["dateFrom", "dateTo"]


def check_sets(sets: list[LoggedSet]) -> list[str]:
    out = rules.Violations()
    rules.check_sets(out, sets)
    return [v.field for v in out.items]


def test_set_limits_hold_at_their_edges():
    edge = LoggedSet(
        set_number=100,
        weight_kg=1000,
        reps=1000,
        time_seconds=86400,
        distance_meters=1_000_000,
        rest_seconds=86400,
        rpe=10,
        notes="n" * 1000,
    )
    low = LoggedSet(set_number=1, set_type="D", weight_kg=0, reps="AMRAP", rpe=0)
    assert check_sets([edge, low]) == []
    over = LoggedSet(set_number=1, weight_kg=1000.5, reps=1001, rpe=10.01, notes="n" * 1001)
    assert check_sets([over]) == ["sets[0].weight", "sets[0].rpe", "sets[0].reps", "sets[0].notes"]
    assert check_sets([LoggedSet(set_number=n) for n in range(1, 51)]) == []
    assert check_sets([LoggedSet(set_number=n) for n in range(1, 52)]) == ["sets"]
    assert check_sets([LoggedSet(set_number=1, reps=float("inf"))]) == ["sets[0].reps"]
    assert check_sets([LoggedSet(set_number=1, reps=" 8")]) == ["sets[0].reps"]


def performance(*sets: LoggedSet) -> Performance:
    return Performance(
        "p" * 24, "s" * 24, "e" * 24, "", "", None, False, (), (), False, False, sets, NOW, NOW
    )


def test_experience_counts_completed_working_sets_and_is_capped():
    sets = (
        LoggedSet(1, set_type="W", completed=True),
        LoggedSet(2, completed=True),
        LoggedSet(3, set_type="D", completed=True),
        LoggedSet(4, set_type="F", completed=True),
        LoggedSet(5, completed=False),
    )
    assert experience_points([performance(*sets)]) == 30
    many = [performance(*(LoggedSet(n, completed=True) for n in range(1, 31))) for _ in range(2)]
    assert experience_points(many) == 500
    assert experience_points([]) == 0


def test_object_ids_are_24_hex_characters_that_start_with_the_time():
    first, second = new_object_id(NOW), new_object_id(NOW)
    assert is_object_id(first) and first != second
    assert int(first[:8], 16) == int(NOW.timestamp())
    assert not is_object_id("64b64c0f2f5f4c001234567")  # 23
    assert not is_object_id("64b64c0f2f5f4c001234567g")


def test_a_window_of_days_in_the_account_zone_is_those_local_days_in_utc():
    out = rules.Violations()
    new_york = rules.check_window_zone(out, "America/New_York")
    found = rules.check_window(out, "2026-12-06", "2026-12-06", NOW, new_york)
    out.raise_if_any()
    assert found == (datetime(2026, 12, 6, 5, tzinfo=UTC), datetime(2026, 12, 7, 5, tzinfo=UTC))
    # A date-time without an offset is a wall time there; one with an offset is that instant.
    local = rules.check_window(out, "2026-12-06T22:05:00", "2026-12-07T04:00:00Z", NOW, new_york)
    out.raise_if_any()
    assert local == (datetime(2026, 12, 7, 3, 5, tzinfo=UTC), datetime(2026, 12, 7, 4, tzinfo=UTC))


def test_a_window_zone_is_an_iana_name_and_empty_is_utc():
    out = rules.Violations()
    assert rules.check_window_zone(out, "").key == "UTC"
    assert rules.check_window_zone(out, "Mars/Olympus").key == "UTC"
    with pytest.raises(InvalidArgument) as info:
        out.raise_if_any()
    assert [v.field for v in info.value.violations] == ["time_zone"]
