"""Training stress per activity: which method applies, in which order, and what each gives, against
arithmetic written out by hand (decision 0055)."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime

import pytest

from services.analytics.domain.endurance_changes import ActivityFacts, ThresholdValue
from services.analytics.domain.training_stress import ThresholdHistory, activity_stress

DAY = date(2026, 3, 10)
START = datetime(2026, 3, 10, 7, tzinfo=UTC)


def activity(sport: str, seconds: float, **fields: object) -> ActivityFacts:
    return ActivityFacts("act_1", sport, START, seconds, seconds, **fields)  # type: ignore[arg-type]


def history(*values: ThresholdValue) -> ThresholdHistory:
    return ThresholdHistory(values)


def value(
    kind: str, day: date = date(2026, 1, 1), threshold_id: str = "", **figures: float
) -> ThresholdValue:
    return ThresholdValue(threshold_id or f"thr_{kind}_{day}", kind, day, **figures)  # type: ignore[arg-type]


def stress_of(item: ActivityFacts, *values: ThresholdValue):
    return activity_stress(item, history(*values).in_force(DAY))


def test_power_tss_is_hours_times_if_squared_times_100():
    """Coggan (Allen & Coggan, Training and Racing with a Power Meter): TSS = s × NP × IF /
    (FTP × 3600) × 100. Two hours at NP 200 W with FTP 250 W: IF 0.8, TSS = 2 × 0.64 × 100 = 128;
    VI = NP / average = 200 / 180 = 1.111."""
    found = stress_of(
        activity("ride", 7200, normalized_power_w=200.0, avg_power_w=180.0), value("ftp", watts=250)
    )
    assert found.method == "power"
    assert found.tss == pytest.approx(128.0)
    assert found.intensity_factor == pytest.approx(0.8)
    assert found.variability_index == pytest.approx(200 / 180)


def test_average_power_stands_in_for_a_missing_normalized_power():
    """One hour at an average 200 W against FTP 250 W: IF 0.8, TSS 64 (no NP, so no VI)."""
    found = stress_of(activity("ride", 3600, avg_power_w=200.0), value("ftp", watts=250))
    assert (found.method, found.variability_index) == ("power", None)
    assert found.tss == pytest.approx(64.0)


def test_pace_rtss_from_a_threshold_pace():
    """rTSS (Skiba): hours × IF² × 100, IF = speed / threshold speed. 10 km in 50 min is 3.333 m/s;
    a 4:00/km threshold is 4.1667 m/s: IF 0.8, rTSS = (50/60) × 0.64 × 100 = 53.33."""
    found = stress_of(activity("run", 3000, distance_m=10_000.0), value("threshold_pace", seconds_per_km=240))
    assert found.method == "pace"
    assert found.intensity_factor == pytest.approx(0.8)
    assert found.tss == pytest.approx(50 / 60 * 0.64 * 100)


def test_pace_rtss_from_a_race_results_vdot():
    """Daniels' Running Formula: VDOT 50 has a T pace of 4:15/km (88 % of VDOT: VO2 44 ml/kg/min,
    0.000104·v² + 0.182258·v - 4.60 = 44 gives v = 235.1 m/min, 255.2 s/km). An hour at that pace
    is rTSS 100 by construction."""
    speed = 1000 / 255.17  # m/s at the hand-computed T pace
    found = stress_of(
        activity("run", 3600, distance_m=3600 * speed),
        value("race_result", vdot=50.0, distance_m=5000, seconds=1197),
    )
    assert found.method == "pace"
    assert found.tss == pytest.approx(100.0, abs=0.05)


def test_a_later_threshold_pace_wins_over_an_earlier_race_result_and_a_same_day_pace_too():
    run = activity("run", 3000, distance_m=10_000.0)
    race = value("race_result", date(2026, 2, 1), vdot=50.0)
    later_pace = value("threshold_pace", date(2026, 3, 1), seconds_per_km=240)
    same_day_pace = value("threshold_pace", date(2026, 2, 1), seconds_per_km=240)
    assert stress_of(run, race, later_pace).intensity_factor == pytest.approx(0.8)
    assert stress_of(run, race, same_day_pace).intensity_factor == pytest.approx(0.8)
    earlier_pace = value("threshold_pace", date(2026, 1, 1), seconds_per_km=240)
    assert stress_of(run, race, earlier_pace).intensity_factor != pytest.approx(0.8)


def test_swim_stss_cubes_the_intensity():
    """sTSS: IF³ × hours × 100. CSS 1:40/100 m is 1 m/s; 2000 m in 40 min is 0.8333 m/s:
    IF 0.8333, IF³ = 0.5787, × 0.6667 h × 100 = 38.58."""
    found = stress_of(activity("swim", 2400, distance_m=2000.0), value("css", seconds_per_100m=100))
    assert found.method == "swim"
    assert found.tss == pytest.approx((2000 / 2400) ** 3 * (2400 / 3600) * 100)
    assert found.tss == pytest.approx(38.58, abs=0.01)


def test_css_from_the_two_time_trials():
    """CSS = (400 - 200) / (t400 - t200): 6:00 and 2:50 give 200 / 190 = 1.0526 m/s."""
    found = stress_of(
        activity("swim", 1900, distance_m=2000.0), value("css", seconds_400m=360, seconds_200m=170)
    )
    assert found.intensity_factor == pytest.approx((2000 / 1900) / (200 / 190))


HR = (value("resting_hr", bpm=50), value("max_hr", bpm=190), value("threshold_hr", bpm=170))


def banister_trimp(minutes: float, average: float, resting: float = 50, maximum: float = 190) -> float:
    """Banister 1975/1991: minutes × x × a·e^(b·x), x the heart-rate reserve fraction; with sex
    unknown the mean of the male (0.64, 1.92) and female (0.86, 1.67) weightings."""
    x = (average - resting) / (maximum - resting)
    return minutes * x * (0.64 * math.exp(1.92 * x) + 0.86 * math.exp(1.67 * x)) / 2


def test_heart_rate_hrtss_is_trimp_against_an_hour_at_threshold():
    """hrTSS = TRIMP / TRIMP(60 min at threshold HR) × 100: 90 min at 150 bpm with rest 50, max 190,
    threshold 170; TRIMP itself is answered too."""
    found = stress_of(activity("strength", 5400, avg_hr=150.0), *HR)
    assert found.method == "heart_rate"
    assert found.tss == pytest.approx(banister_trimp(90, 150) / banister_trimp(60, 170) * 100)
    assert found.trimp == pytest.approx(banister_trimp(90, 150))
    at_threshold = stress_of(activity("other", 1800, avg_hr=170.0), *HR)
    assert at_threshold.tss == pytest.approx(50.0)


def test_heart_rate_uses_an_estimated_threshold_without_a_measured_one():
    """Karvonen at 85 % of the reserve: 50 + 0.85 × 140 = 169 bpm; an hour at it scores 100."""
    found = stress_of(activity("other", 3600, avg_hr=169.0), *HR[:2])
    assert (found.method, found.tss) == ("heart_rate", pytest.approx(100.0))


def test_rpe_fallback_is_hours_times_rpe_tenth_squared_times_100():
    """Session RPE (Foster et al. 2001) on the TSS scale: 90 min at RPE 6 = 1.5 × 0.36 × 100 = 54."""
    found = stress_of(activity("strength", 5400, rpe=6.0))
    assert (found.method, found.intensity_factor) == ("rpe", pytest.approx(0.6))
    assert found.tss == pytest.approx(54.0)


def test_nothing_to_go_on_is_zero_with_method_none():
    found = stress_of(activity("run", 3600, distance_m=10_000.0))
    assert (found.tss, found.method, found.intensity_factor) == (0.0, "none", None)


def test_the_methods_go_in_order_and_power_is_for_rides_only():
    ftp = value("ftp", watts=250)
    pace = value("threshold_pace", seconds_per_km=240)
    ride = activity("ride", 3600, normalized_power_w=200.0, avg_hr=150.0, rpe=5.0)
    assert stress_of(ride, ftp, *HR).method == "power"
    assert stress_of(ride, *HR).method == "heart_rate"  # no FTP in force
    assert stress_of(ride).method == "rpe"
    run = activity("run", 3000, distance_m=10_000.0, normalized_power_w=300.0, avg_hr=150.0)
    assert stress_of(run, ftp, pace, *HR).method == "pace"  # a run's power is not against FTP
    # An average heart rate above the maximum in force: hrTSS refuses it, RPE takes over.
    hot = activity("other", 3600, avg_hr=200.0, rpe=5.0)
    assert (stress_of(hot, *HR).method, stress_of(hot, *HR).trimp) == ("rpe", None)


def test_the_thresholds_in_force_are_the_latest_of_each_kind_on_or_before_the_day():
    ride = activity("ride", 3600, normalized_power_w=200.0)
    old = value("ftp", date(2026, 1, 1), watts=250)
    newer = value("ftp", date(2026, 3, 10), watts=200)  # effective that very day
    future = value("ftp", date(2026, 3, 11), watts=100)
    assert stress_of(ride, old, newer, future).tss == pytest.approx(100.0)
    assert stress_of(ride, old, future).tss == pytest.approx(64.0)
    assert stress_of(ride, future).method == "none"


def test_a_swim_covered_faster_than_anyone_swims_leaves_its_distance_out_of_the_stress():
    """Decision 0085: 2 000 m "in" 8 s of moving time (a pool swim read as a track) is 0.4 s/100 m;
    with CSS 1:40/100 m its sTSS would be 250³ × 8/3600 × 100 ≈ 3.5 million. The distance is left
    out, so the heart rate gives the stress, and the answer names the figure and its bound."""
    swim = ActivityFacts("act_1", "swim", START, 3000, 8, distance_m=2000.0, avg_hr=140.0)
    css = value("css", seconds_per_100m=100)

    alone = stress_of(swim, css)
    with_heart_rate = stress_of(swim, css, value("resting_hr", bpm=50), value("max_hr", bpm=190))

    assert (alone.tss, alone.method) == (0.0, "none")
    [speed] = alone.implausible
    assert (speed.figure, speed.value, speed.bound) == ("avg_speed", 250.0, 5.0)
    assert "0:20.0/100 m" in speed.reason and "left out of fitness and fatigue" in speed.reason
    assert with_heart_rate.method == "heart_rate" and with_heart_rate.implausible == (speed,)


def test_a_stress_above_150_an_hour_is_left_out_whole():
    """A 30-minute ride at NP 400 W with an FTP of 200 W: IF 2, TSS = 0.5 × 4 × 100 = 200, that
    is 400 an hour, above 150: 0 with method none, and the reason names both numbers."""
    found = stress_of(activity("ride", 1800, normalized_power_w=400.0), value("ftp", watts=200))

    assert (found.tss, found.method, found.intensity_factor) == (0.0, "none", None)
    [stress] = found.implausible
    assert (stress.figure, stress.value, stress.bound) == ("stress_per_hour", 400.0, 150.0)
    assert "200" in stress.reason and "400 per hour" in stress.reason and "150" in stress.reason


def test_a_hard_hour_at_threshold_and_a_real_swim_stay_in():
    """An hour at IF 1.2 (TSS 144) is under the bound; a 25 m pool swim of 1 100 m in 1 397 s of
    swimming with CSS 1:50/100 m (IF 0.7874/0.9091 = 0.866) scores 0.866³ × 0.388 × 100 = 25.2."""
    hard = stress_of(activity("ride", 3600, normalized_power_w=300.0), value("ftp", watts=250))
    swim = stress_of(
        ActivityFacts("act_2", "swim", START, 1761, 1397.002, distance_m=1100.0),
        value("css", seconds_per_100m=110),
    )

    assert (hard.method, hard.implausible) == ("power", ()) and hard.tss == pytest.approx(144.0)
    assert swim.method == "swim" and swim.implausible == ()
    assert swim.tss == pytest.approx((1100 / 1397.002 / (100 / 110)) ** 3 * 1397.002 / 3600 * 100)
    assert swim.tss == pytest.approx(25.2, abs=0.05)
