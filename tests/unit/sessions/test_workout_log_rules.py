"""The workout log's input rules: words, loads in two units, set changes and local days (decision 0049)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from services.sessions.domain.session_model import LoggedSet
from services.sessions.domain.session_rules import Violations
from services.sessions.workout_log.domain.log_model import SetChange, SetInput
from services.sessions.workout_log.domain.log_rules import (
    local_window,
    moved_to_day,
    normalize_words,
    unconfirmed_exercise_id,
    workout_start,
)
from services.sessions.workout_log.domain.set_rules import changed_set, logged_set

AMSTERDAM = ZoneInfo("Europe/Amsterdam")
NOW = datetime(2026, 9, 20, 15, 0, tzinfo=UTC)


def test_words_are_lower_case_with_hyphens_and_runs_of_spaces_as_one_space():
    assert normalize_words("  Bench-Press__Paused   Reps ") == "bench press paused reps"


def test_an_unconfirmed_exercise_id_fits_the_column():
    assert unconfirmed_exercise_id("zercher squat") == "words:zercher squat"
    assert len(unconfirmed_exercise_id("w" * 300)) == 80


def test_pounds_keep_their_value_and_store_kilograms():
    out = Violations()
    stored = logged_set(out, "", SetInput(reps=5, load_value=225, load_unit="lb", warmup=True), 3)
    assert out.items == []
    assert (stored.set_number, stored.set_type, stored.completed) == (3, "W", True)
    assert (stored.load_value, stored.load_unit) == (225, "lb")
    assert stored.weight_kg == pytest.approx(102.058, abs=0.001)


def test_a_load_in_kilograms_keeps_the_unit_and_no_separate_value():
    out = Violations()
    stored = logged_set(out, "", SetInput(load_kg=100), 1)
    assert (stored.weight_kg, stored.load_value, stored.load_unit) == (100, None, "kg")


@pytest.mark.parametrize(
    ("given", "field"),
    [
        (SetInput(load_kg=100, load_value=100, load_unit="lb"), "s.load_value"),
        (SetInput(load_kg=1001), "s.load_kg"),
        (SetInput(load_kg=10, load_unit="st"), "s.load_unit"),
        (SetInput(rpe=0), "s.rpe"),
        (SetInput(reps=1001), "s.reps"),
        (SetInput(duration_s=86401), "s.duration_s"),
    ],
)
def test_bad_set_figures_name_their_field(given, field):
    out = Violations()
    logged_set(out, "s.", given, 1)
    assert [v.field for v in out.items] == [field]


def test_a_unit_alone_re_expresses_the_stored_load_and_a_warmup_flag_turns_back():
    stored = LoggedSet(set_number=1, set_type="W", weight_kg=100, load_unit="kg")
    out = Violations()
    in_pounds = changed_set(out, stored, SetChange(load_unit="lb", warmup=False))
    assert (in_pounds.load_value, in_pounds.load_unit, in_pounds.set_type) == (220.46, "lb", "N")
    bodyweight = LoggedSet(set_number=1)
    changed_set(out, bodyweight, SetChange(load_unit="lb"))
    assert [v.field for v in out.items] == ["set.load_unit"]


def test_a_workout_of_another_day_starts_at_local_noon_and_today_at_now():
    assert workout_start(date(2026, 9, 18), AMSTERDAM, NOW) == datetime(2026, 9, 18, 10, 0, tzinfo=UTC)
    assert workout_start(date(2026, 9, 20), AMSTERDAM, NOW) == NOW
    assert workout_start(None, AMSTERDAM, NOW) == NOW


def test_moving_a_workout_keeps_its_local_time_across_a_clock_change():
    # 18:30 in Amsterdam on a summer day is 18:30 on the winter day after the change too.
    summer = datetime(2026, 10, 20, 16, 30, tzinfo=UTC)
    moved = moved_to_day(summer, date(2026, 10, 27), AMSTERDAM)
    assert moved == datetime(2026, 10, 27, 17, 30, tzinfo=UTC)


def test_a_window_covers_whole_local_days_and_defaults_to_thirty_days_to_today():
    out = Violations()
    start, end = local_window(out, "2026-09-01", "2026-09-02", AMSTERDAM, NOW, max_days=3660)
    assert (start, end) == (datetime(2026, 8, 31, 22, 0, tzinfo=UTC), datetime(2026, 9, 2, 22, 0, tzinfo=UTC))
    start, end = local_window(out, "", "", AMSTERDAM, NOW, max_days=3660)
    assert (start.astimezone(AMSTERDAM).date(), end.astimezone(AMSTERDAM).date()) == (
        date(2026, 8, 22),
        date(2026, 9, 21),
    )
    local_window(out, "2026-09-02", "2026-09-01", AMSTERDAM, NOW, max_days=3660)
    assert [v.field for v in out.items] == ["to_day"]
