"""Occurrences by hand: schedules, segments, phase bounds, windows, moves, replacements and statuses.

Identity is the workout ID plus the original scheduled day (seed 000); rules in
docs/decisions/0013-occurrence-expansion.md.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from services.training.domain.model import (
    Occurrence,
    OccurrenceOverride,
    Schedule,
    ScheduleSegment,
    Workout,
    WorkoutContent,
)
from services.training.domain.occurrences import (
    change_schedule,
    expand,
    find_occurrence,
    initial_segments,
    is_scheduled,
    schedule_falls_on,
    scheduled_days,
    segment_for,
)

CONTENT = WorkoutContent(name="Strength A", kind="fullBody", notes="", exercises=())
MON_WED_FRI = Schedule("weekdays", weekdays=(2, 4, 6))
SUNDAYS = Schedule("weekdays", weekdays=(1,))
SATURDAYS = Schedule("weekdays", weekdays=(7,))
# 2026-09-25 is a Friday.
FRI = date(2026, 9, 25)


def d(text: str) -> date:
    return date.fromisoformat(text)


def every(n: int, anchor: str) -> Schedule:
    return Schedule("everyNDays", interval_days=n, anchor_day=d(anchor))


def workout(
    schedule: Schedule | None = MON_WED_FRI,
    *,
    workout_id: str = "w1",
    segments: tuple[ScheduleSegment, ...] | None = None,
    active_from: str | None = None,
    active_until: str | None = None,
) -> Workout:
    return Workout(
        id=workout_id,
        version="1.test",
        content=CONTENT,
        segments=segments if segments is not None else (ScheduleSegment(None, schedule),),
        active_from=d(active_from) if active_from else None,
        active_until=d(active_until) if active_until else None,
    )


def days(*texts: str) -> list[date]:
    return [d(t) for t in texts]


def placed(occurrences: list[Occurrence]) -> list[tuple[str, str, str, str]]:
    """(workout, original day, day, status) for compact assertions."""
    return [(o.workout_id, o.original_day.isoformat(), o.day.isoformat(), o.status) for o in occurrences]


# --- schedule_falls_on -------------------------------------------------------------------------


def test_weekdays_count_sunday_as_1_and_saturday_as_7() -> None:
    assert schedule_falls_on(SUNDAYS, d("2026-09-27"))
    assert not schedule_falls_on(SUNDAYS, d("2026-09-26"))  # Saturday
    assert not schedule_falls_on(SUNDAYS, d("2026-09-28"))  # Monday
    assert schedule_falls_on(SATURDAYS, d("2026-09-26"))
    assert not schedule_falls_on(SATURDAYS, d("2026-09-27"))
    assert [schedule_falls_on(MON_WED_FRI, d("2026-09-27") + timedelta(days=i)) for i in range(7)] == [
        False,  # Sun
        True,  # Mon
        False,
        True,  # Wed
        False,
        True,  # Fri
        False,  # Sat
    ]


def test_every_n_days_runs_both_ways_from_its_anchor() -> None:
    schedule = every(3, "2026-09-25")
    on = {FRI + timedelta(days=k) for k in (-9, -6, -3, 0, 3, 6, 9)}
    for offset in range(-10, 11):
        day = FRI + timedelta(days=offset)
        assert schedule_falls_on(schedule, day) == (day in on), day


def test_every_day_and_every_fourteen_days() -> None:
    assert all(schedule_falls_on(every(1, "2026-09-25"), FRI + timedelta(days=i)) for i in range(-20, 20))
    fortnightly = every(14, "2026-09-25")
    assert schedule_falls_on(fortnightly, d("2026-09-11"))
    assert schedule_falls_on(fortnightly, d("2026-10-09"))
    assert not schedule_falls_on(fortnightly, d("2026-10-02"))


def test_every_n_days_without_anchor_is_a_bug_not_a_guess() -> None:
    with pytest.raises(ValueError, match="anchor_day"):
        schedule_falls_on(Schedule("everyNDays", interval_days=3), FRI)
    with pytest.raises(ValueError, match="interval_days"):
        schedule_falls_on(Schedule("everyNDays", interval_days=0, anchor_day=FRI), FRI)


# --- segments ----------------------------------------------------------------------------------


def test_segment_for_picks_the_latest_effective_day_on_or_before() -> None:
    segments = (
        ScheduleSegment(None, MON_WED_FRI),
        ScheduleSegment(d("2026-10-01"), SUNDAYS),
        ScheduleSegment(d("2026-11-01"), None),
    )
    assert segment_for(segments, d("1999-01-01")) == MON_WED_FRI
    assert segment_for(segments, d("2026-09-30")) == MON_WED_FRI
    assert segment_for(segments, d("2026-10-01")) == SUNDAYS
    assert segment_for(segments, d("2026-10-31")) == SUNDAYS
    assert segment_for(segments, d("2026-11-01")) is None


def test_segment_for_without_a_beginning_segment_has_nothing_before_the_first() -> None:
    segments = (ScheduleSegment(d("2026-10-01"), SUNDAYS),)
    assert segment_for(segments, d("2026-09-30")) is None
    assert segment_for(segments, d("2026-10-01")) == SUNDAYS
    assert segment_for((), FRI) is None


def test_segment_for_takes_unsorted_input_and_the_later_of_two_on_one_day() -> None:
    segments = (
        ScheduleSegment(d("2026-10-01"), SUNDAYS),
        ScheduleSegment(None, MON_WED_FRI),
        ScheduleSegment(d("2026-10-01"), SATURDAYS),
    )
    assert segment_for(segments, d("2026-09-30")) == MON_WED_FRI
    assert segment_for(segments, d("2026-10-05")) == SATURDAYS
    assert scheduled_days(workout(segments=segments), d("2026-09-28"), d("2026-10-11")) == days(
        "2026-09-28", "2026-09-30", "2026-10-03", "2026-10-10"
    )


# --- is_scheduled and scheduled_days -----------------------------------------------------------


def test_phase_bounds_start_inclusive_end_exclusive() -> None:
    w = workout(every(1, "2026-09-01"), active_from="2026-09-10", active_until="2026-09-13")
    assert not is_scheduled(w, d("2026-09-09"))
    assert is_scheduled(w, d("2026-09-10"))
    assert is_scheduled(w, d("2026-09-12"))
    assert not is_scheduled(w, d("2026-09-13"))
    assert scheduled_days(w, d("2026-09-01"), d("2026-10-01")) == days(
        "2026-09-10", "2026-09-11", "2026-09-12"
    )


def test_window_start_is_included_and_end_excluded() -> None:
    w = workout(MON_WED_FRI)
    # Mon 2026-09-21 ... Mon 2026-09-28
    assert scheduled_days(w, d("2026-09-21"), d("2026-09-28")) == days(
        "2026-09-21", "2026-09-23", "2026-09-25"
    )
    assert scheduled_days(w, d("2026-09-22"), d("2026-09-29")) == days(
        "2026-09-23", "2026-09-25", "2026-09-28"
    )
    assert scheduled_days(w, FRI, FRI + timedelta(days=1)) == [FRI]
    assert scheduled_days(w, FRI, FRI) == []


def test_every_n_days_in_a_window_far_from_its_anchor() -> None:
    w = workout(every(5, "2020-01-01"))
    found = scheduled_days(w, d("2026-09-01"), d("2026-09-30"))
    assert found == [
        day for day in (d("2026-09-01") + timedelta(days=i) for i in range(29)) if is_scheduled(w, day)
    ]
    assert all((day - d("2020-01-01")).days % 5 == 0 for day in found)
    assert len(found) == 6
    before = scheduled_days(w, d("2019-12-20"), d("2020-01-02"))
    assert before == days("2019-12-22", "2019-12-27", "2020-01-01")


def test_the_ends_of_the_date_range_do_not_overflow() -> None:
    w = workout(every(7, "2000-01-01"))
    last = date.max
    tail = scheduled_days(w, last - timedelta(days=20), last)
    assert tail and all(is_scheduled(w, day) for day in tail)
    assert len(tail) == 3
    assert isinstance(is_scheduled(w, last), bool)
    assert isinstance(is_scheduled(workout(MON_WED_FRI), last), bool)
    assert scheduled_days(workout(MON_WED_FRI), last - timedelta(days=6), last)


def test_a_schedule_change_mid_window() -> None:
    segments = change_schedule(
        initial_segments(MON_WED_FRI, d("2026-01-01")), d("2026-09-30"), every(2, "2026-09-30")
    )
    w = workout(segments=segments)
    # Mon 21, Wed 23, Fri 25, Mon 28 on the old schedule; from Wed 30 every other day.
    assert scheduled_days(w, d("2026-09-21"), d("2026-10-07")) == days(
        "2026-09-21",
        "2026-09-23",
        "2026-09-25",
        "2026-09-28",
        "2026-09-30",
        "2026-10-02",
        "2026-10-04",
        "2026-10-06",
    )


def test_no_schedule_means_no_days() -> None:
    assert scheduled_days(workout(None), d("2026-09-01"), d("2026-10-01")) == []
    assert scheduled_days(workout(segments=()), d("2026-09-01"), d("2026-10-01")) == []
    assert not is_scheduled(workout(segments=()), FRI)


# --- change_schedule and initial_segments ------------------------------------------------------


def test_initial_segments_anchor_every_n_days_on_the_first_day() -> None:
    assert initial_segments(MON_WED_FRI, FRI) == (ScheduleSegment(None, MON_WED_FRI),)
    assert initial_segments(Schedule("everyNDays", interval_days=3), FRI) == (
        ScheduleSegment(None, every(3, "2026-09-25")),
    )
    # A copied schedule starts on the copy's own first day (e.g. its phase's start).
    assert initial_segments(every(3, "2026-01-01"), FRI) == (ScheduleSegment(None, every(3, "2026-09-25")),)
    assert initial_segments(None, FRI) == (ScheduleSegment(None, None),)


def test_change_schedule_drops_segments_from_the_effective_day_and_appends() -> None:
    segments = (
        ScheduleSegment(None, MON_WED_FRI),
        ScheduleSegment(d("2026-09-01"), SUNDAYS),
        ScheduleSegment(d("2026-10-01"), SATURDAYS),
        ScheduleSegment(d("2026-11-01"), None),
    )
    changed = change_schedule(segments, d("2026-10-01"), Schedule("everyNDays", interval_days=4))
    assert changed == (
        ScheduleSegment(None, MON_WED_FRI),
        ScheduleSegment(d("2026-09-01"), SUNDAYS),
        ScheduleSegment(d("2026-10-01"), every(4, "2026-10-01")),
    )


def test_change_schedule_keeps_an_explicit_anchor_and_can_stop_the_series() -> None:
    kept = change_schedule((ScheduleSegment(None, SUNDAYS),), FRI, every(3, "2026-09-20"))
    assert kept[-1] == ScheduleSegment(FRI, every(3, "2026-09-20"))
    stopped = change_schedule((ScheduleSegment(None, SUNDAYS),), FRI, None)
    w = workout(segments=stopped)
    assert scheduled_days(w, d("2026-09-13"), d("2026-10-31")) == days("2026-09-13", "2026-09-20")


# --- expand ------------------------------------------------------------------------------------

SEPT = (d("2026-09-01"), d("2026-10-01"))


def test_plain_expansion_is_the_scheduled_days_sorted() -> None:
    a = workout(SUNDAYS, workout_id="a")
    b = workout(every(10, "2026-09-06"), workout_id="b")
    assert placed(expand([b, a], [], d("2026-09-01"), d("2026-09-17"))) == [
        ("a", "2026-09-06", "2026-09-06", "scheduled"),
        ("b", "2026-09-06", "2026-09-06", "scheduled"),
        ("a", "2026-09-13", "2026-09-13", "scheduled"),
        ("b", "2026-09-16", "2026-09-16", "scheduled"),
    ]


def test_a_move_within_the_window_shows_once_on_the_destination() -> None:
    w = workout(SUNDAYS)
    moved = OccurrenceOverride("w1", d("2026-09-13"), destination_day=d("2026-09-15"))
    assert placed(expand([w], [moved], d("2026-09-10"), d("2026-09-21"))) == [
        ("w1", "2026-09-13", "2026-09-15", "moved"),
        ("w1", "2026-09-20", "2026-09-20", "scheduled"),
    ]


def test_a_move_out_of_the_window_leaves_it_and_shows_in_the_destination_window() -> None:
    w = workout(SUNDAYS)
    moved = OccurrenceOverride("w1", d("2026-09-27"), destination_day=d("2026-10-02"))
    assert placed(expand([w], [moved], *SEPT)) == [
        ("w1", f"2026-09-{n:02}", f"2026-09-{n:02}", "scheduled") for n in (6, 13, 20)
    ]
    assert placed(expand([w], [moved], d("2026-10-01"), d("2026-10-05"))) == [
        ("w1", "2026-09-27", "2026-10-02", "moved"),
        ("w1", "2026-10-04", "2026-10-04", "scheduled"),
    ]


def test_moves_into_the_window_from_before_and_after_it() -> None:
    w = workout(SUNDAYS)
    from_before = OccurrenceOverride("w1", d("2026-08-30"), destination_day=d("2026-09-02"))
    from_after = OccurrenceOverride("w1", d("2026-10-04"), destination_day=d("2026-09-30"))
    found = expand([w], [from_after, from_before], *SEPT)
    assert placed(found) == [
        ("w1", "2026-08-30", "2026-09-02", "moved"),
        ("w1", "2026-09-06", "2026-09-06", "scheduled"),
        ("w1", "2026-09-13", "2026-09-13", "scheduled"),
        ("w1", "2026-09-20", "2026-09-20", "scheduled"),
        ("w1", "2026-09-27", "2026-09-27", "scheduled"),
        ("w1", "2026-10-04", "2026-09-30", "moved"),
    ]


def test_a_move_onto_another_occurrence_of_the_same_workout_keeps_both() -> None:
    w = workout(SUNDAYS)
    onto_next = OccurrenceOverride("w1", d("2026-09-13"), destination_day=d("2026-09-20"))
    assert placed(expand([w], [onto_next], d("2026-09-13"), d("2026-09-21"))) == [
        ("w1", "2026-09-13", "2026-09-20", "moved"),
        ("w1", "2026-09-20", "2026-09-20", "scheduled"),
    ]


def test_a_move_back_to_the_original_day_is_scheduled() -> None:
    w = workout(SUNDAYS)
    home = OccurrenceOverride("w1", d("2026-09-13"), destination_day=d("2026-09-13"))
    assert placed(expand([w], [home], d("2026-09-13"), d("2026-09-14"))) == [
        ("w1", "2026-09-13", "2026-09-13", "scheduled")
    ]


def test_a_replacement_stays_on_its_day_and_names_the_other_workout() -> None:
    w = workout(SUNDAYS)
    other = workout(SATURDAYS, workout_id="w2")
    replaced = OccurrenceOverride("w1", d("2026-09-13"), replacement_workout_id="w2")
    found = expand([w, other], [replaced], d("2026-09-12"), d("2026-09-14"))
    assert placed(found) == [
        ("w2", "2026-09-12", "2026-09-12", "scheduled"),
        ("w1", "2026-09-13", "2026-09-13", "replaced"),
    ]
    assert found[1].replacement_workout_id == "w2"
    assert found[0].replacement_workout_id is None


def test_moved_and_replaced_is_replaced_on_the_destination() -> None:
    w = workout(SUNDAYS)
    both = OccurrenceOverride(
        "w1", d("2026-09-13"), destination_day=d("2026-09-14"), replacement_workout_id="w2"
    )
    [found] = expand([w], [both], d("2026-09-14"), d("2026-09-15"))
    assert (found.day, found.status, found.replacement_workout_id) == (d("2026-09-14"), "replaced", "w2")


def test_active_and_completed_win_the_status_on_the_current_day() -> None:
    w = workout(SUNDAYS)
    done_at = datetime(2026, 9, 15, 18, 30, tzinfo=UTC)
    overrides = [
        OccurrenceOverride(
            "w1", d("2026-09-13"), destination_day=d("2026-09-15"), status="completed", completed_at=done_at
        ),
        OccurrenceOverride("w1", d("2026-09-20"), replacement_workout_id="w2", status="active"),
    ]
    found = expand([w], overrides, d("2026-09-13"), d("2026-09-21"))
    assert placed(found) == [
        ("w1", "2026-09-13", "2026-09-15", "completed"),
        ("w1", "2026-09-20", "2026-09-20", "active"),
    ]
    assert found[0].completed_at == done_at
    assert found[1].replacement_workout_id == "w2"


def test_overrides_on_days_the_schedule_does_not_have_are_ignored_unless_they_happened() -> None:
    w = workout(SUNDAYS)
    stray = [
        OccurrenceOverride("w1", d("2026-09-14"), destination_day=d("2026-09-16")),  # a Monday
        OccurrenceOverride("w1", d("2026-09-15"), replacement_workout_id="w2"),
        OccurrenceOverride(
            "w1", d("2026-09-17"), status="completed", completed_at=datetime(2026, 9, 17, tzinfo=UTC)
        ),
        OccurrenceOverride("w1", d("2026-09-18"), status="active"),
    ]
    assert placed(expand([w], stray, d("2026-09-14"), d("2026-09-20"))) == [
        ("w1", "2026-09-17", "2026-09-17", "completed"),
        ("w1", "2026-09-18", "2026-09-18", "active"),
    ]


def test_a_later_schedule_change_keeps_completed_history_and_drops_pending_moves() -> None:
    before = workout(SUNDAYS)
    overrides = [
        OccurrenceOverride(
            "w1", d("2026-09-20"), status="completed", completed_at=datetime(2026, 9, 20, tzinfo=UTC)
        ),
        OccurrenceOverride("w1", d("2026-09-27"), destination_day=d("2026-09-29")),
    ]
    assert placed(expand([before], overrides, d("2026-09-20"), d("2026-10-01"))) == [
        ("w1", "2026-09-20", "2026-09-20", "completed"),
        ("w1", "2026-09-27", "2026-09-29", "moved"),
    ]
    # From the beginning on Saturdays instead (a change with an early effective day).
    after = workout(segments=change_schedule(before.segments, d("2026-01-01"), SATURDAYS))
    assert placed(expand([after], overrides, d("2026-09-20"), d("2026-10-01"))) == [
        ("w1", "2026-09-20", "2026-09-20", "completed"),
        ("w1", "2026-09-26", "2026-09-26", "scheduled"),
    ]


def test_phase_bounds_apply_to_original_days_not_to_destinations() -> None:
    w = workout(every(1, "2026-09-01"), active_from="2026-09-10", active_until="2026-09-12")
    overrides = [
        OccurrenceOverride("w1", d("2026-09-11"), destination_day=d("2026-09-20")),  # out of the phase: fine
        OccurrenceOverride("w1", d("2026-09-12"), destination_day=d("2026-09-13")),  # not an occurrence
        OccurrenceOverride("w1", d("2026-09-09"), status="completed"),  # happened: kept
    ]
    assert placed(expand([w], overrides, *SEPT)) == [
        ("w1", "2026-09-09", "2026-09-09", "completed"),
        ("w1", "2026-09-10", "2026-09-10", "scheduled"),
        ("w1", "2026-09-11", "2026-09-20", "moved"),
    ]


def test_overrides_of_workouts_not_given_are_ignored() -> None:
    w = workout(SUNDAYS)
    ghost = OccurrenceOverride("gone", d("2026-09-13"), status="completed")
    assert placed(expand([w], [ghost], d("2026-09-13"), d("2026-09-14"))) == [
        ("w1", "2026-09-13", "2026-09-13", "scheduled")
    ]


def test_same_day_ordering_is_workout_then_original_day() -> None:
    a = workout(SUNDAYS, workout_id="a")
    b = workout(SUNDAYS, workout_id="b")
    overrides = [
        OccurrenceOverride("b", d("2026-09-06"), destination_day=d("2026-09-13")),
        OccurrenceOverride("a", d("2026-09-20"), destination_day=d("2026-09-13")),
    ]
    assert placed(expand([b, a], overrides, d("2026-09-13"), d("2026-09-14"))) == [
        ("a", "2026-09-13", "2026-09-13", "scheduled"),
        ("a", "2026-09-20", "2026-09-13", "moved"),
        ("b", "2026-09-06", "2026-09-13", "moved"),
        ("b", "2026-09-13", "2026-09-13", "scheduled"),
    ]


# --- find_occurrence ---------------------------------------------------------------------------


def test_find_occurrence_only_for_days_that_have_one() -> None:
    w = workout(SUNDAYS)
    assert find_occurrence(w, [], d("2026-09-13")) == Occurrence(
        "w1", d("2026-09-13"), d("2026-09-13"), "scheduled"
    )
    assert find_occurrence(w, [], d("2026-09-14")) is None
    # A pending move on a day the schedule lost does not make an occurrence; a completion does.
    assert (
        find_occurrence(w, [OccurrenceOverride("w1", d("2026-09-14"), destination_day=FRI)], d("2026-09-14"))
        is None
    )
    done = OccurrenceOverride("w1", d("2026-09-14"), status="completed")
    found = find_occurrence(w, [done], d("2026-09-14"))
    assert found is not None and found.status == "completed"


def test_find_occurrence_uses_only_the_override_with_its_identity() -> None:
    w = workout(SUNDAYS)
    others = [
        OccurrenceOverride("w1", d("2026-09-20"), destination_day=FRI),
        OccurrenceOverride("w2", d("2026-09-13"), destination_day=FRI),
        OccurrenceOverride("w1", d("2026-09-13"), destination_day=d("2026-09-16")),
    ]
    found = find_occurrence(w, others, d("2026-09-13"))
    assert found == Occurrence("w1", d("2026-09-13"), d("2026-09-16"), "moved")
