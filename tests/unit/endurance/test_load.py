"""The performance management chart against figures worked out by hand with its exact constants
(decision 0051).

Sources: Banister et al. 1975, the impulse-response model (each day's stress an impulse decaying
exponentially; here with time constants 42 and 7 days, CTL_d = CTL_{d-1} + (TSS_d - CTL_{d-1}) × k,
k = 1 - e^(-1/τ)); Allen & Coggan, "Training and Racing with a Power Meter", for TSS as the impulse
and TSB as yesterday's CTL - yesterday's ATL; Gabbett 2016, "The training-injury prevention
paradox", Br J Sports Med 50:273-280, for the acute:chronic workload ratio's bands.
"""

from __future__ import annotations

import math
from datetime import date, timedelta

import pytest

from knowledge.endurance.load import (
    ATL_GAIN,
    CTL_GAIN,
    MIN_CHRONIC_LOAD,
    PmcSeed,
    overtraining_risk,
    pmc_by_sport,
    pmc_on,
    pmc_series,
    workload_ratio,
)

DAY1 = date(2026, 3, 2)
# k42 = 1 - e^(-1/42) = 0.0235283; k7 = 1 - e^(-1/7) = 0.1331221 (the 1/τ forms would be 0.0238095 and
# 0.1428571: not what Kinetic uses).
K42 = 0.023528313347756735
K7 = 0.1331221002498184


def days(count: int, start: date = DAY1) -> list[date]:
    return [start + timedelta(days=offset) for offset in range(count)]


def ten_years_of_stress() -> dict[date, float]:
    """A deterministic training history: rests, easy days and long rides in a weekly pattern that
    shifts every month, with builds and breaks, so every figure moves."""
    history = {}
    for offset, day in enumerate(days(3650)):
        week_pattern = (0, 45, 80, 0, 60, 150, 90)[offset % 7]
        season = 1.0 + 0.5 * math.sin(offset / 58)
        if offset % 180 < 14:  # a two-week break twice a year
            continue
        if week_pattern:
            history[day] = week_pattern * season
    return history


def test_the_gains_are_the_exact_exponential_steps():
    assert math.isclose(CTL_GAIN, 1 - math.exp(-1 / 42))
    assert math.isclose(ATL_GAIN, 1 - math.exp(-1 / 7))
    assert math.isclose(CTL_GAIN, K42) and math.isclose(ATL_GAIN, K7)


def test_three_days_by_hand():
    # Day 1, 100 TSS from nothing: CTL = 0 + (100 - 0) × k42 = 2.352831; ATL = 100 × k7 = 13.312210;
    #   TSB = CTL0 - ATL0 = 0 - 0 = 0 (the form going into day 1).
    # Day 2, no entry (a rest day, 0 TSS): CTL = 2.352831 × (1 - k42) = 2.297473;
    #   ATL = 13.312210 × (1 - k7) = 11.540061; TSB = 2.352831 - 13.312210 = -10.959379.
    # Day 3, 50 TSS: CTL = 2.297473 + (50 - 2.297473) × k42 = 3.419833;
    #   ATL = 11.540061 + (50 - 11.540061) × k7 = 16.659929; TSB = 2.297473 - 11.540061 = -9.242587.
    day1, day2, day3 = pmc_series(DAY1, DAY1 + timedelta(days=2), {DAY1: 100, DAY1 + timedelta(days=2): 50})
    assert (day1.stress, day2.stress, day3.stress) == (100, 0, 50)
    assert (day1.ctl, day1.atl, day1.tsb) == pytest.approx((2.352831, 13.312210, 0), abs=1e-6)
    assert (day2.ctl, day2.atl, day2.tsb) == pytest.approx((2.297473, 11.540061, -10.959379), abs=1e-6)
    assert (day3.ctl, day3.atl, day3.tsb) == pytest.approx((3.419833, 16.659929, -9.242587), abs=1e-6)


def test_a_missing_day_is_a_rest_day():
    with_zeros = {
        DAY1: 80.0,
        DAY1 + timedelta(days=1): 0.0,
        DAY1 + timedelta(days=2): 0.0,
        DAY1 + timedelta(days=3): 60.0,
    }
    without = {DAY1: 80.0, DAY1 + timedelta(days=3): 60.0}
    assert pmc_series(DAY1, DAY1 + timedelta(days=5), with_zeros) == pmc_series(
        DAY1, DAY1 + timedelta(days=5), without
    )


def test_ramp_rate_of_a_steady_100_tss_a_day():
    # From nothing, n days of 100 TSS give CTL_n = 100 × (1 - e^(-n/42)) (the sum of the geometric steps).
    # Day 7: ramp = CTL_7 - CTL_0 = 100 × (1 - e^(-1/6)) = 15.351828 (CTL before day 1 was 0).
    # Day 14: ramp = CTL_14 - CTL_7 = 100 × (e^(-1/6) - e^(-1/3)) = 12.995041.
    chart = pmc_series(DAY1, DAY1 + timedelta(days=13), dict.fromkeys(days(14), 100.0))
    assert chart[6].ctl == pytest.approx(100 * (1 - math.exp(-7 / 42)))
    assert chart[6].ramp_rate == pytest.approx(15.351828, abs=1e-6)
    assert chart[13].ramp_rate == pytest.approx(12.995041, abs=1e-6)
    # Day 3's ramp compares with CTL 7 days earlier, before the history began: 0.
    assert chart[2].ramp_rate == pytest.approx(chart[2].ctl)


def test_the_workload_ratio_needs_a_chronic_load_of_1_tss_a_day():
    assert MIN_CHRONIC_LOAD == 1.0
    assert workload_ratio(acute_week=5.0, chronic_week=6.999) is None
    assert workload_ratio(acute_week=35.0, chronic_week=7.0) == 5.0
    assert workload_ratio(acute_week=30.0, chronic_week=0.0) is None
    # One ride from nothing: the week holds it all, the four-week mean a quarter of it. 27 TSS:
    # weekly mean 6.75 < 7, no ratio; 28 TSS: 28 / 7 = 4, far above 2: very high (a spike).
    assert pmc_on(DAY1, {DAY1: 27.0}).workload_ratio is None
    first_big_ride = pmc_on(DAY1, {DAY1: 28.0})
    assert (first_big_ride.acute_week, first_big_ride.chronic_week) == (28.0, 7.0)
    assert first_big_ride.workload_ratio == 4.0
    assert first_big_ride.risk == "very_high"


def test_the_workload_ratio_is_on_rolling_weekly_sums_so_a_routine_is_flat():
    """Decision 0112: the same week repeated (a hard Saturday, rest on Mondays) is a ratio of 1 on
    every day once four weeks are in, where ATL / CTL swings with the days of the week."""
    week = (0.0, 60.0, 55.0, 45.0, 0.0, 105.0, 90.0)
    routine = {DAY1 + timedelta(days=n): week[n % 7] for n in range(12 * 7)}
    chart = pmc_series(DAY1 + timedelta(days=8 * 7), DAY1 + timedelta(days=12 * 7 - 1), routine)
    assert {round(day.workload_ratio or 0.0, 9) for day in chart} == {1.0}
    assert max(day.atl / day.ctl for day in chart) > 1.3 > 1.0  # what the daily ratio would say
    assert {day.risk for day in chart} == {"low"}


@pytest.mark.parametrize(
    ("ratio", "risk"),
    [
        (0.5, "low"),  # unloading: a risk of losing fitness, not of overtraining
        (1.0, "low"),
        (1.3, "low"),  # top of Gabbett's 0.8-1.3 sweet spot
        (1.31, "moderate"),
        (1.49, "moderate"),
        (1.5, "high"),  # Gabbett's danger zone starts at 1.5
        (1.99, "high"),
        (2.0, "very_high"),  # acute load double the chronic
        (3.0, "very_high"),
    ],
)
def test_risk_from_the_workload_ratio(ratio, risk):
    assert overtraining_risk(None, ratio) == risk


@pytest.mark.parametrize(
    ("ramp", "risk"),
    [
        (-4.0, "low"),  # losing fitness
        (5.0, "low"),
        (5.01, "moderate"),
        (8.0, "moderate"),  # above 8 CTL a week is aggressive; 8 itself is not yet
        (8.01, "high"),
        (12.0, "high"),
        (12.01, "very_high"),
    ],
)
def test_risk_from_the_ramp_rate(ramp, risk):
    assert overtraining_risk(ramp, None) == risk


def test_risk_is_the_higher_of_the_two_classes():
    assert overtraining_risk(9.0, 1.0) == "high"
    assert overtraining_risk(3.0, 1.6) == "high"
    assert overtraining_risk(6.0, 2.1) == "very_high"
    assert overtraining_risk(None, None) is None


def test_a_past_day_is_the_same_as_in_the_whole_series():
    history = ten_years_of_stress()
    first, last = DAY1, DAY1 + timedelta(days=3649)
    chart = pmc_series(first, last, history)
    assert len(chart) == 3650 and chart[0].day == first and chart[-1].day == last
    for offset in (0, 6, 7, 400, 1234, 3649):
        assert pmc_on(first + timedelta(days=offset), history) == chart[offset]
    # A window in the middle also counts the years before it.
    window = pmc_series(first + timedelta(days=2000), first + timedelta(days=2010), history)
    assert window == chart[2000:2011]


def test_a_seed_carries_the_loads_forward():
    history = ten_years_of_stress()
    chart = pmc_series(DAY1, DAY1 + timedelta(days=999), history)
    checkpoint = chart[499]
    seed = PmcSeed(checkpoint.day, checkpoint.ctl, checkpoint.atl)
    # Entries up to the seed's day do not enter the loads: the seed stands for them. The workload
    # ratio's 28-day sums still read the 27 days before (decision 0112).
    after = {day: stress for day, stress in history.items() if day > seed.day}
    seeded = pmc_series(checkpoint.day + timedelta(days=1), DAY1 + timedelta(days=999), history, seed)
    without = pmc_series(seed.day + timedelta(days=1), DAY1 + timedelta(days=999), after, seed)
    assert [(d.ctl, d.atl, d.tsb, d.ramp_rate) for d in seeded] == [
        (d.ctl, d.atl, d.tsb, d.ramp_rate) for d in without
    ]
    assert seeded[27:] == without[27:]
    # The loads and form go on exactly; the ramp rate needs CTL from 7 days earlier, which only the
    # seed's own day provides: None for 6 days, then the same as the whole series.
    assert [day.ctl for day in seeded] == [day.ctl for day in chart[500:]]
    assert [day.tsb for day in seeded] == [day.tsb for day in chart[500:]]
    assert [day.ramp_rate for day in seeded[:6]] == [None] * 6
    assert seeded[6:] == chart[506:]


def test_a_seed_is_for_a_day_before_the_first():
    with pytest.raises(ValueError, match="seed"):
        pmc_series(DAY1, DAY1, {}, PmcSeed(DAY1, 10.0, 10.0))
    with pytest.raises(ValueError, match="before the first"):
        pmc_series(DAY1, DAY1 - timedelta(days=1), {})
    with pytest.raises(ValueError, match="training stress"):
        pmc_on(DAY1, {DAY1: -5.0})


def test_each_sport_and_their_sum():
    run = {DAY1: 50.0, DAY1 + timedelta(days=2): 30.0}
    ride = {DAY1: 100.0, DAY1 + timedelta(days=1): 80.0}
    loads = pmc_by_sport(DAY1, DAY1 + timedelta(days=9), {"run": run, "ride": ride})
    assert loads.by_sport["run"] == pmc_series(DAY1, DAY1 + timedelta(days=9), run)
    assert loads.by_sport["ride"] == pmc_series(DAY1, DAY1 + timedelta(days=9), ride)
    # Day 1 by hand: run CTL = 50 × k42, ride CTL = 100 × k42, combined 150 × k42 = 3.529247.
    assert loads.combined[0].stress == 150
    assert loads.combined[0].ctl == pytest.approx(150 * K42)
    # The model is linear: the sum of the sports' charts is the chart of the summed stress.
    summed = {day: run.get(day, 0.0) + ride.get(day, 0.0) for day in days(3)}
    alone = pmc_series(DAY1, DAY1 + timedelta(days=9), summed)
    for together, by_hand in zip(loads.combined, alone, strict=True):
        assert (together.ctl, together.atl, together.tsb, together.ramp_rate) == pytest.approx(
            (by_hand.ctl, by_hand.atl, by_hand.tsb, by_hand.ramp_rate)
        )
        # The ratio is worked out from the summed weekly sums, not summed.
        assert (together.acute_week, together.chronic_week) == pytest.approx(
            (by_hand.acute_week, by_hand.chronic_week)
        )
        assert together.workload_ratio == pytest.approx(by_hand.workload_ratio)
        assert together.risk == by_hand.risk
    day5 = 4
    ratios = [loads.by_sport[sport][day5].workload_ratio for sport in ("run", "ride")]
    assert loads.combined[day5].workload_ratio != pytest.approx(sum(r for r in ratios if r is not None))


def test_a_seeded_sport_leaves_the_combined_ramp_unknown_for_its_first_days():
    seeds = {"ride": PmcSeed(DAY1 - timedelta(days=1), ctl=60.0, atl=70.0)}
    loads = pmc_by_sport(DAY1, DAY1 + timedelta(days=7), {"run": {DAY1: 40.0}, "ride": {}}, seeds)
    # Ride: CTL = 60 × (1 - k42) = 58.588301 on day 1; run: 40 × k42 = 0.941133. Combined TSB on day 1:
    # (60 - 70) + (0 - 0) = -10.
    assert loads.combined[0].ctl == pytest.approx(58.588301 + 0.941133, abs=1e-6)
    assert loads.combined[0].tsb == pytest.approx(-10)
    assert [day.ramp_rate is None for day in loads.combined] == [True] * 6 + [False] * 2


def test_no_sports_is_an_empty_chart_of_rest_days():
    loads = pmc_by_sport(DAY1, DAY1 + timedelta(days=1), {})
    assert loads.by_sport == {}
    assert [(day.ctl, day.atl, day.tsb, day.risk) for day in loads.combined] == [(0, 0, 0, "low")] * 2
