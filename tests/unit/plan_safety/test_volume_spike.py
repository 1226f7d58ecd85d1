"""Rule 1 of the plan contract's safety engine (section 4): "weekly_volume_spike (warning): Triggers
when weekly distance or TSS increases by more than 10% vs. the prior week AND vs. the 4-week
rolling average." Judged per distance sport and for TSS over all sports (decision 0060)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from knowledge.plan_safety import (
    Advisory,
    CompletedDay,
    PlannedWorkout,
    TrainingHistory,
    VolumeSpike,
    evaluate_plan_safety,
)
from tests.unit.plan_safety.plans import KM, MONDAY, run, session, steady_history, week_of_runs

WEDNESDAY = MONDAY + timedelta(days=2)


def spikes(advisories: tuple[Advisory, ...]) -> list[VolumeSpike]:
    return [a.detail for a in advisories if isinstance(a.detail, VolumeSpike)]


def weekly_history(*run_km: float) -> TrainingHistory:
    """Whole weeks of running (no TSS) just before MONDAY, oldest first, each on its Wednesday."""
    since = MONDAY - timedelta(weeks=len(run_km))
    days = [CompletedDay(since + timedelta(weeks=i, days=2), run_m=km * KM) for i, km in enumerate(run_km)]
    return TrainingHistory.of(since, days)


@pytest.mark.parametrize(("km", "flagged"), [(44.0, False), (44.04, True)])
def test_exactly_ten_percent_is_not_a_spike_and_ten_point_one_is(km: float, flagged: bool) -> None:
    """ "increases by more than 10%": 40 -> 44 km (10.0 %) is not a spike, 40 -> 44.04 km (10.1 %) is."""
    advisories = evaluate_plan_safety(week_of_runs(MONDAY, km), weekly_history(40, 40, 40, 40))

    assert [s.metric for s in spikes(advisories)] == (["run_distance_m"] if flagged else [])
    if flagged:
        (advisory,) = advisories
        assert (advisory.level, advisory.rule, advisory.day) == ("warning", "weekly_volume_spike", MONDAY)
        assert advisory.detail == VolumeSpike(
            week_start=MONDAY,
            metric="run_distance_m",
            week_total=44_040.0,
            prior_week_total=40_000.0,
            rolling_average=40_000.0,
            weeks_averaged=4,
            increase_vs_prior_pct=10.1,
            increase_vs_average_pct=10.1,
            threshold_pct=10.0,
            minimum_base=15_000.0,
        )
        assert "44.0 km is 10.1 % above the week before (40.0 km)" in advisory.message
        assert "10.1 % above the 4-week average (40.0 km)" in advisory.message
        assert "at or below 44.0 km" in advisory.message


def test_above_the_prior_week_but_not_the_rolling_average_is_not_a_spike() -> None:
    """ "vs. the prior week AND vs. the 4-week rolling average": 30 -> 40 km is +33 % on the prior
    week, but the 4-week average is 45 km, so the week is not a spike (a return after a cutback)."""
    assert spikes(evaluate_plan_safety(week_of_runs(MONDAY, 40), weekly_history(50, 50, 50, 30))) == []


def test_above_the_rolling_average_but_not_the_prior_week_is_not_a_spike() -> None:
    """The other half of the AND: 54 km is +54 % on the average of 30, 30, 30, 50 km (35 km) but
    only +8 % on the prior week's 50 km."""
    assert spikes(evaluate_plan_safety(week_of_runs(MONDAY, 54), weekly_history(30, 30, 30, 50))) == []


def test_the_rolling_average_is_of_the_four_weeks_before_not_more() -> None:
    """ "the 4-week rolling average": a big week five weeks back is out of it. 60, 40, 40, 40, 40
    then 46 km: the average of the 4 weeks before is 40 km, so +15 % on both."""
    (spike,) = spikes(evaluate_plan_safety(week_of_runs(MONDAY, 46), weekly_history(60, 40, 40, 40, 40)))
    assert (spike.rolling_average, spike.weeks_averaged, spike.increase_vs_average_pct) == (40_000.0, 4, 15.0)


def test_with_fewer_than_four_weeks_before_the_average_is_of_the_weeks_there_are() -> None:
    """Two weeks of history (30 and 40 km): the average is 35 km over 2 weeks."""
    (spike,) = spikes(evaluate_plan_safety(week_of_runs(MONDAY, 50), weekly_history(30, 40)))
    assert (spike.rolling_average, spike.weeks_averaged) == (35_000.0, 2)
    assert (spike.increase_vs_prior_pct, spike.increase_vs_average_pct) == (25.0, 42.9)
    assert (
        "the 2-week average (35.0 km)"
        in evaluate_plan_safety(week_of_runs(MONDAY, 50), weekly_history(30, 40))[0].message
    )


def test_a_plan_without_history_judges_its_second_week_against_its_first() -> None:
    """A week with nothing before it is not a spike; the second week of a plan that starts on a
    Monday has one complete week before it."""
    plan = [*week_of_runs(MONDAY, 20), *week_of_runs(MONDAY + timedelta(weeks=1), 40)]
    (advisory,) = evaluate_plan_safety(plan)
    assert isinstance(advisory.detail, VolumeSpike)
    assert advisory.day == MONDAY + timedelta(weeks=1)
    assert (advisory.detail.weeks_averaged, advisory.detail.increase_vs_prior_pct) == (1, 100.0)


def test_an_incomplete_first_week_is_never_a_base() -> None:
    """A plan that starts on a Wednesday without history: its first week covers 5 days, so the
    second week is not compared with it; the third week is, with the second as its only base."""
    plan = [
        run(WEDNESDAY, 10, tss=0),
        *week_of_runs(MONDAY + timedelta(weeks=1), 40),
        *week_of_runs(MONDAY + timedelta(weeks=2), 50),
    ]
    (spike,) = spikes(evaluate_plan_safety(plan))
    assert (spike.week_start, spike.weeks_averaged, spike.prior_week_total) == (
        MONDAY + timedelta(weeks=2),
        1,
        40_000.0,
    )


def test_history_and_plan_add_up_in_the_week_they_share() -> None:
    """History from Monday to Tuesday and a plan from Wednesday make one week: 20 + 26 km = 46 km,
    +15 % on the 40 km weeks before."""
    since = MONDAY - timedelta(weeks=4)
    days = [CompletedDay(since + timedelta(weeks=i), run_m=40 * KM) for i in range(4)]
    history = TrainingHistory.of(since, [*days, CompletedDay(MONDAY, run_m=20 * KM)])
    plan = [run(WEDNESDAY, 13, tss=0), run(WEDNESDAY + timedelta(days=2), 13, tss=0)]
    (spike,) = spikes(evaluate_plan_safety(plan, history))
    assert (spike.week_total, spike.increase_vs_prior_pct) == (46_000.0, 15.0)


@pytest.mark.parametrize(("km", "flagged"), [(16.5, False), (16.6, True)])
def test_after_zero_weeks_a_base_counts_as_the_minimum(km: float, flagged: bool) -> None:
    """After weeks of nothing the increase is endless, so the base counts as 15 km of running:
    up to 16.5 km is no spike, more is one, reported as an increase from nothing."""
    advisories = evaluate_plan_safety(week_of_runs(MONDAY, km), weekly_history(0, 0, 0, 0))
    found = spikes(advisories)
    assert bool(found) is flagged
    if flagged:
        assert (found[0].increase_vs_prior_pct, found[0].increase_vs_average_pct) == (None, None)
        assert "up from nothing in the week before (0.0 km)" in advisories[0].message


def test_a_zero_week_in_the_plan_is_not_a_spike_and_the_week_after_it_is_judged_against_it() -> None:
    """A week off: 40 km weeks, nothing, then 40 km again: +inf on the prior week, but 30 km is the
    average (40, 40, 40, 0), and 40 km is 33 % above it: a spike, as a return after a week off is."""
    plan = [workout for w in (0, 1, 2, 4) for workout in week_of_runs(MONDAY + timedelta(weeks=w), 40)]
    (spike,) = spikes(evaluate_plan_safety(plan, weekly_history(40)))
    assert (spike.week_start, spike.prior_week_total, spike.rolling_average) == (
        MONDAY + timedelta(weeks=4),
        0.0,
        30_000.0,
    )


def test_each_sport_s_distance_is_judged_on_its_own() -> None:
    """ "weekly distance": running steady at 40 km, cycling from 100 to 150 km, swimming from 4 to
    6 km: one spike for cycling, one for swimming, none for running; a ride kilometre is not a run's."""
    since = MONDAY - timedelta(weeks=4)
    history = TrainingHistory.of(
        since,
        [
            CompletedDay(since + timedelta(weeks=i), run_m=40 * KM, bike_m=100 * KM, swim_m=4 * KM)
            for i in range(4)
        ],
    )
    plan = [
        *week_of_runs(MONDAY, 40),
        session(WEDNESDAY, "BIKE", "RIDE_ENDURANCE", 0, km=150),
        session(WEDNESDAY, "SWIM", "SWIM_TECHNIQUE", 0, km=6),
    ]
    advisories = evaluate_plan_safety(plan, history)
    assert [s.metric for s in spikes(advisories)] == ["bike_distance_m", "swim_distance_m"]
    assert "6,000 m is 50.0 % above" in advisories[1].message


def test_tss_is_judged_across_all_sports() -> None:
    """ "or TSS": running and its TSS steady, a strength and a bike session add 100 TSS to a 400 TSS
    week (+25 %); distance did not spike, stress did."""
    history = steady_history(4, MONDAY, run_km=40, tss=400)
    plan = [
        *week_of_runs(MONDAY, 40, tss=400),
        session(WEDNESDAY, "STRENGTH", "STRENGTH", 40),
        session(WEDNESDAY + timedelta(days=1), "BIKE", "RIDE_ENDURANCE", 60),
    ]
    (spike,) = spikes(evaluate_plan_safety(plan, history))
    assert (spike.metric, spike.week_total, spike.increase_vs_prior_pct) == ("tss", 500.0, 25.0)
    assert "training stress (TSS, all sports) of 500 TSS" in evaluate_plan_safety(plan, history)[0].message


def test_history_weeks_themselves_are_not_judged() -> None:
    """Only the plan's weeks are judged: a spike inside the completed history raises nothing."""
    assert evaluate_plan_safety(week_of_runs(MONDAY, 60), weekly_history(20, 20, 60, 60)) == ()


def test_a_race_is_judged_as_a_race_not_as_a_week_of_training() -> None:
    """Issue 30: a marathon in a taper week (30.8 km of training after 60 km weeks) raised "73.0 km
    is ... above the week before"; the race's distance and stress are the event's, not training."""
    plan = [
        run(MONDAY + timedelta(days=1), 12.0),
        run(MONDAY + timedelta(days=3), 10.0),
        run(MONDAY + timedelta(days=4), 8.8),
        run(MONDAY + timedelta(days=6), 42.2, "RACE", tss=320),
    ]
    history = steady_history(4, MONDAY, run_km=60.0, tss=360.0)
    assert spikes(evaluate_plan_safety(plan, history)) == []


def test_training_around_a_race_is_still_judged() -> None:
    """Leaving the race out does not hide a spike in the training itself."""
    plan = [run(MONDAY + timedelta(days=1), 40.0), run(MONDAY + timedelta(days=6), 10.0, "RACE", tss=60)]
    found = spikes(evaluate_plan_safety(plan, weekly_history(30, 30, 30, 30)))
    (spike,) = [s for s in found if s.metric == "run_distance_m"]
    assert spike.week_total == 40_000.0


def test_a_duration_only_run_counts_its_estimated_distance() -> None:
    """A 60-minute run with no distance is about 10 km at 6:00 /km, not 0 km: the week after a
    week of such runs is not a spike from nothing."""
    timed = [PlannedWorkout(MONDAY + timedelta(days=d), "RUN", "EASY", 50.0, None, 3600.0) for d in (1, 3, 5)]
    measured = week_of_runs(MONDAY + timedelta(weeks=1), 30.0)
    advisories = evaluate_plan_safety([*timed, *measured], weekly_history(30, 30, 30, 30))
    assert [s.metric for s in spikes(advisories)] == []
