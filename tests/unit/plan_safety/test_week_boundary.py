"""The athlete's week: the weekly rules count volume in weeks starting on the athlete's first
weekday (ISO, 1 = Monday, the default, ... 7 = Sunday), the boundary the plan contract leaves open
(decision 0060, Weeks)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from knowledge.plan_safety import Advisory, LongRun, PlannedWorkout, VolumeSpike, evaluate_plan_safety
from knowledge.plan_safety.weeks import week_start
from tests.unit.plan_safety.plans import MONDAY, run

SUNDAY_BEFORE = MONDAY - timedelta(days=1)  # Sun 1 Mar 2026
ISO_SUNDAY = 7


def runs(first: date, *by_offset: tuple[int, float]) -> list[PlannedWorkout]:
    """Easy runs without TSS, ``(days after first, km)`` each: only the distance rules can speak."""
    return [run(first + timedelta(days=offset), km, tss=0) for offset, km in by_offset]


def spikes(advisories: tuple[Advisory, ...]) -> list[VolumeSpike]:
    return [a.detail for a in advisories if isinstance(a.detail, VolumeSpike)]


@pytest.mark.parametrize(
    ("week_starts_on", "first_day"),
    [
        (1, date(2026, 3, 2)),  # Monday
        (2, date(2026, 3, 3)),
        (3, date(2026, 3, 4)),  # the day itself
        (4, date(2026, 2, 26)),
        (5, date(2026, 2, 27)),
        (6, date(2026, 2, 28)),
        (7, date(2026, 3, 1)),  # Sunday
    ],
)
def test_a_week_starts_on_the_last_first_weekday_on_or_before_the_day(
    week_starts_on: int, first_day: date
) -> None:
    wednesday = date(2026, 3, 4)
    assert week_start(wednesday, week_starts_on) == first_day
    assert first_day.isoweekday() == week_starts_on


def test_monday_is_the_default() -> None:
    assert week_start(date(2026, 3, 8)) == MONDAY


@pytest.mark.parametrize("week_starts_on", [0, 8, -1])
def test_a_first_weekday_outside_one_to_seven_is_refused(week_starts_on: int) -> None:
    with pytest.raises(ValueError, match=r"1 \(Monday\) to 7 \(Sunday\)"):
        evaluate_plan_safety(runs(MONDAY, (0, 10)), week_starts_on=week_starts_on)


# From Sun 1 Mar, without history: 5 + 10 + 10 km, then 10 km on Sun 8 Mar and 9 + 8 + 8 km.
# Sunday weeks: 25 km (Sun 1 - Sat 7), then 35 km (Sun 8 - Sat 14): +40 %, a spike.
# Monday weeks: the week of Mon 23 Feb holds only Sun 1 Mar and starts before the plan (incomplete),
# Mon 2 - Sun 8 is 30 km with nothing complete before it, Mon 9 - Sun 15 is 25 km: no spike.
SUNDAY_SPLIT_PLAN = runs(SUNDAY_BEFORE, (0, 5), (2, 10), (4, 10), (7, 10), (9, 9), (10, 8), (11, 8))


def test_a_spike_that_only_sunday_weeks_see() -> None:
    (advisory,) = evaluate_plan_safety(SUNDAY_SPLIT_PLAN, week_starts_on=ISO_SUNDAY)
    assert isinstance(advisory.detail, VolumeSpike)
    assert (advisory.day, advisory.detail.week_start) == (SUNDAY_BEFORE + timedelta(weeks=1),) * 2
    assert (advisory.detail.week_total, advisory.detail.prior_week_total) == (35_000.0, 25_000.0)
    assert (advisory.detail.weeks_averaged, advisory.detail.increase_vs_prior_pct) == (1, 40.0)
    assert advisory.message.startswith("Week of Sun 8 Mar 2026: planned running distance of 35.0 km")


def test_the_same_plan_in_monday_weeks_has_no_spike() -> None:
    assert evaluate_plan_safety(SUNDAY_SPLIT_PLAN) == ()
    assert evaluate_plan_safety(SUNDAY_SPLIT_PLAN, week_starts_on=1) == ()


def test_an_incomplete_first_week_is_never_a_base_whatever_day_weeks_start() -> None:
    """A plan from Monday 2 March in Sunday weeks: its first week (Sun 1 - Sat 7) misses its Sunday,
    so the second (40 km) is not compared with its 10 km; the third (50 km) is, with the second as
    its only base. In Monday weeks the same first week is complete and both later weeks spike."""
    plan = [
        *runs(MONDAY, (0, 10)),
        *runs(MONDAY, (8, 10), (9, 10), (10, 10), (12, 10)),  # Tue 10 - Sat 14
        *runs(MONDAY, (15, 12.5), (16, 12.5), (17, 12.5), (19, 12.5)),  # Tue 17 - Sat 21
    ]
    (spike,) = spikes(evaluate_plan_safety(plan, week_starts_on=ISO_SUNDAY))
    assert (spike.week_start, spike.weeks_averaged, spike.prior_week_total) == (
        SUNDAY_BEFORE + timedelta(weeks=2),
        1,
        40_000.0,
    )
    assert [s.week_start for s in spikes(evaluate_plan_safety(plan))] == [
        MONDAY + timedelta(weeks=1),
        MONDAY + timedelta(weeks=2),
    ]


def test_the_long_run_cap_counts_the_run_in_the_athlete_s_week() -> None:
    """A 12 km Sunday long run and 6 km on Tuesday, Thursday and Saturday after it: in Sunday weeks
    it is 40 % of a 30 km week (over the cap); in Monday weeks it closes a 12 km week and opens
    none, and the 18 km week after is under 30 km, so nothing is judged."""
    plan = [
        run(SUNDAY_BEFORE, 12, "LONG", tss=0, workout_id="long"),
        *runs(SUNDAY_BEFORE, (2, 6), (4, 6), (6, 6)),
    ]
    (advisory,) = evaluate_plan_safety(plan, week_starts_on=ISO_SUNDAY)
    assert isinstance(advisory.detail, LongRun)
    assert (advisory.detail.week_start, advisory.detail.share_pct) == (SUNDAY_BEFORE, 40.0)
    assert "(week of Sun 1 Mar 2026)" in advisory.message
    assert evaluate_plan_safety(plan) == ()
