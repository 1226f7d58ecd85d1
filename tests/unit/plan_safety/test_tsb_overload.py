"""Rule 4 of the plan contract's safety engine (section 4): "projected_tsb_overload (critical):
Triggers when projected Training Stress Balance (TSB) drops below -30." TSB is the form going into
a day (yesterday's CTL - ATL), projected with the exact exponential step of
``knowledge.endurance.load`` (decision 0060)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from knowledge.endurance.load import PmcSeed, pmc_series
from knowledge.plan_safety import TrainingHistory, TsbOverload, evaluate_plan_safety
from knowledge.plan_safety.inputs import CompletedDay, PlannedWorkout
from tests.unit.plan_safety.plans import MONDAY, session

EVE = MONDAY - timedelta(days=1)


def ride(day_offset: int, tss: float) -> PlannedWorkout:
    return session(MONDAY + timedelta(days=day_offset), "BIKE", "RIDE_ENDURANCE", tss)


@pytest.mark.parametrize(("atl", "flagged"), [(70.0, False), (70.1, True)])
def test_minus_thirty_is_not_below_and_minus_thirty_point_one_is(atl: float, flagged: bool) -> None:
    """ "drops below -30": going into the plan's first day with CTL 40 and ATL 70 is -30.0, not below;
    ATL 70.1 gives -30.1, below. A rest day after lets form recover."""
    advisories = evaluate_plan_safety([ride(0, 0)], load_seed=PmcSeed(EVE, ctl=40.0, atl=atl))
    assert [a.rule for a in advisories] == (["projected_tsb_overload"] if flagged else [])
    if flagged:
        (advisory,) = advisories
        assert (advisory.level, advisory.day) == ("critical", MONDAY)
        assert isinstance(advisory.detail, TsbOverload)
        assert (advisory.detail.first_day, advisory.detail.last_day) == (MONDAY, MONDAY)
        assert advisory.detail.first_tsb == pytest.approx(-30.1)
        assert advisory.detail.threshold == -30.0
        assert "below -30 on Mon 2 Mar 2026: -30.1 on the first day" in advisory.message


def test_the_day_after_the_last_workout_is_judged() -> None:
    """One 400 TSS day from CTL = ATL = 50: its own form is 0 (TSB is the form going in), the form
    going into the next day is about -38, so the day after the plan raises the advisory."""
    (advisory,) = evaluate_plan_safety([ride(0, 400)], load_seed=PmcSeed(EVE, 50.0, 50.0))
    assert advisory.day == MONDAY + timedelta(days=1)
    assert isinstance(advisory.detail, TsbOverload)
    expected = pmc_series(MONDAY, MONDAY + timedelta(days=1), {MONDAY: 400.0}, PmcSeed(EVE, 50.0, 50.0))[
        1
    ].tsb
    assert advisory.detail.first_tsb == expected
    assert -39 < expected < -37


def test_a_block_gives_one_advisory_per_run_of_days_with_its_lowest_day() -> None:
    """A crash week (5 x 200 TSS), 10 easy days, then a second crash week: two runs below -30, each
    one advisory with the first day, the last and the lowest, as the load chart projects them."""
    seed = PmcSeed(EVE, 50.0, 50.0)
    plan = [ride(d, 200) for d in (0, 1, 2, 3, 4)] + [ride(d, 30) for d in range(5, 15)]
    plan += [ride(d, 200) for d in (15, 16, 17, 18, 19)]
    advisories = evaluate_plan_safety(plan, load_seed=seed)
    details = [a.detail for a in advisories if a.rule == "projected_tsb_overload"]
    assert all(isinstance(d, TsbOverload) for d in details) and len(details) == 2
    chart = pmc_series(MONDAY, MONDAY + timedelta(days=20), {w.day: w.planned_tss for w in plan}, seed)
    below = [day.day for day in chart if round(day.tsb, 1) < -30]
    for detail in details:
        assert isinstance(detail, TsbOverload)
        run = [day for day in chart if detail.first_day <= day.day <= detail.last_day]
        assert [day.day for day in run] == [d for d in below if detail.first_day <= d <= detail.last_day]
        assert detail.lowest_tsb == min(day.tsb for day in run)
    covered = sum((d.last_day - d.first_day).days + 1 for d in details if isinstance(d, TsbOverload))
    assert covered == len(below)


def test_rest_days_count_as_zero_and_history_after_the_seed_counts() -> None:
    """The seed is a week before the plan; the 6 completed days between add their stress. With
    heavy days there the plan's first (light) day starts below -30; with none, it does not."""
    seed = PmcSeed(MONDAY - timedelta(days=7), 50.0, 50.0)
    heavy = TrainingHistory.of(
        seed.day, [CompletedDay(MONDAY - timedelta(days=d), tss=200.0) for d in range(1, 7)]
    )
    assert [a.rule for a in evaluate_plan_safety([ride(0, 10)], heavy, seed)] == ["projected_tsb_overload"]
    assert evaluate_plan_safety([ride(0, 10)], TrainingHistory(seed.day), seed) == ()


def test_without_a_seed_loads_start_at_zero_on_the_first_completed_day() -> None:
    """No seed: the chart starts from nothing at the history, so a first week of 100 TSS a day is
    fatigue without fitness: form falls below -30 within the plan's second week."""
    plan = [ride(d, 100) for d in range(10)]
    (advisory,) = evaluate_plan_safety(plan)
    chart = pmc_series(MONDAY, MONDAY + timedelta(days=10), {w.day: 100.0 for w in plan})
    first = next(day for day in chart if round(day.tsb, 1) < -30)
    assert advisory.day == first.day


def race(day_offset: int, tss: float) -> PlannedWorkout:
    return session(MONDAY + timedelta(days=day_offset), "RUN", "RACE", tss, 80.0)


def test_the_recovery_after_a_race_is_not_judged_but_training_on_top_of_it_is() -> None:
    """The same 400 TSS day as above, raced: the days after it, up to the next workout, are the
    race's recovery and are not judged; a ride the next day is judged with the race's fatigue
    (about -38 going into Tuesday), and the days after that ride again."""
    seed = PmcSeed(EVE, 50.0, 50.0)
    assert evaluate_plan_safety([race(0, 400)], load_seed=seed) == ()
    (advisory,) = evaluate_plan_safety([race(0, 400), ride(1, 30)], load_seed=seed)
    assert advisory.rule == "projected_tsb_overload" and advisory.day == MONDAY + timedelta(days=1)
    assert isinstance(advisory.detail, TsbOverload)
    assert advisory.detail.first_tsb < -37
