"""Power formulas against streams small or regular enough to work out by hand (decision 0051).

Source of every formula: Allen & Coggan, "Training and Racing with a Power Meter" (NP with its 30 s
rolling average and 4th-power mean, IF, VI, TSS, the mean-maximal power curve, FTP as 95 % of a
20-minute best, the seven power zones). Each test writes its arithmetic in a comment.
"""

from __future__ import annotations

import pytest

from knowledge.endurance.power import (
    MMP_DURATIONS_SECONDS,
    BestEffort,
    PowerCurvePoint,
    PowerSummary,
    average_power,
    estimated_ftp,
    intensity_factor,
    mean_maximal_power,
    normalized_power,
    power_curve,
    power_summary,
    power_zone_number,
    power_zones,
    time_in_power_zones,
    training_stress_score,
    variability_index,
)


def test_a_steady_hour_at_200_w_against_an_ftp_of_250():
    # Every 30 s window averages 200 W, so NP = (200⁴)^(1/4) = 200 = average power; VI = 200/200 = 1;
    # IF = 200/250 = 0.8; TSS = (3600 × 200 × 0.8) / (250 × 3600) × 100 = 64.
    summary = power_summary([200] * 3600, ftp_watts=250)
    assert summary.duration_seconds == 3600
    assert summary.average_power == 200
    assert summary.normalized_power == pytest.approx(200)
    assert summary.intensity_factor == pytest.approx(0.8)
    assert summary.variability_index == pytest.approx(1.0)
    assert summary.training_stress_score == pytest.approx(64)


def test_an_hour_at_ftp_is_100_tss():
    # TSS's scale (Coggan): (3600 × 250 × 1.0) / (250 × 3600) × 100 = 100.
    assert power_summary([250] * 3600, ftp_watts=250).training_stress_score == pytest.approx(100)
    # The same from the formula's parts: half an hour at IF 1.2 is 0.5 h × 1.2² × 100 = 72.
    assert training_stress_score(1800, 300, 250) == pytest.approx(72)
    assert intensity_factor(300, 250) == pytest.approx(1.2)


def test_surges_shorter_than_the_30_s_window_are_smoothed_away():
    # 15 s at 400 W then 15 s at 0 W, for an hour: every 30 s window, wherever it starts, holds 15 s of
    # each, so every rolling average is 6000/30 = 200 W and NP = 200 = average power, VI = 1.
    stream = ([400] * 15 + [0] * 15) * 120
    assert normalized_power(stream) == pytest.approx(200)
    assert average_power(stream) == 200
    assert power_summary(stream, 250).variability_index == pytest.approx(1.0)


def test_np_weights_the_hard_window_by_its_fourth_power():
    # 60 s at 100 W, then 30 s at 400 W, then 60 s at 100 W: 150 samples give 121 rolling windows.
    # 31 hold only 100 W (ending at seconds 30-60), then 29 ramp up (k s of 400 W, k = 1..29:
    # 100 + 300k/30), one holds only 400 W, 29 ramp down, and the last 31 hold only 100 W.
    # NP = ((62 × 100⁴ + 2 × Σ(100 + 10k)⁴ + 400⁴) / 121)^(1/4); average = (120 × 100 + 30 × 400) / 150
    # = 160 W. With an FTP of 200 W: IF = NP / 200; TSS = 150 × NP × IF / (200 × 3600) × 100.
    windows = [100.0] * 62 + [100 + 10 * k for k in range(1, 30)] * 2 + [400.0]
    by_hand = (sum(w**4 for w in windows) / 121) ** 0.25
    summary = power_summary([100] * 60 + [400] * 30 + [100] * 60, ftp_watts=200)
    assert summary.normalized_power == pytest.approx(by_hand)
    assert by_hand > 160
    assert summary.average_power == pytest.approx(160)
    assert summary.variability_index == pytest.approx(by_hand / 160)
    assert summary.intensity_factor == pytest.approx(by_hand / 200)
    assert summary.training_stress_score == pytest.approx(
        150 * by_hand * (by_hand / 200) / (200 * 3600) * 100
    )


def test_np_is_never_below_the_average_power():
    # 44 s at 0 W, then 600 W for 1 s: 45 samples give 16 rolling windows (ending at seconds 30 to 45).
    # The first 15 hold only zeros; the last holds the 600 W: 600/30 = 20 W, so the 4th-power mean
    # is (20⁴ / 16)^(1/4) = 10 W, below the average of 600 / 45 = 13.33 W: the windows weigh the
    # last second 1/30 of the middle's. NP is then the average (decision 0086), and VI is 1.
    summary = power_summary([0] * 44 + [600], ftp_watts=100)
    assert summary.normalized_power == pytest.approx(600 / 45)
    assert summary.average_power == pytest.approx(600 / 45)
    assert summary.variability_index == pytest.approx(1.0)


def test_np_of_a_step_down_from_300_to_100_w():
    # 60 s at 300 W then 60 s at 100 W: 91 rolling windows. 31 of them (ending at seconds 30-60) average
    # 300 W; the next 29 hold k seconds of 100 W (k = 1..29) and average 300 - 200k/30; the last 31
    # average 100 W. NP = ((31 × 300⁴ + Σ(300 - 200k/30)⁴ + 31 × 100⁴) / 91)^(1/4) = 244.0388 W,
    # against an average of 200 W: VI = 1.2202.
    windows = [300.0] * 31 + [300 - 200 * k / 30 for k in range(1, 30)] + [100.0] * 31
    by_hand = (sum(w**4 for w in windows) / 91) ** 0.25
    assert by_hand == pytest.approx(244.0388, abs=1e-4)
    stream = [300] * 60 + [100] * 60
    assert normalized_power(stream) == pytest.approx(by_hand)
    assert power_summary(stream, 250).variability_index == pytest.approx(244.0388 / 200, abs=1e-6)


def test_a_gap_is_stopped_time_left_out_of_the_average_np_and_tss():
    # An hour at 200 W with a 2-hour stop in the middle (7 200 gaps): average power and NP are those
    # of the hour, 200 W, and TSS counts the hour only: (3600 × 200 × 0.8) / (250 × 3600) × 100 = 64.
    # Counting the stop as 0 W would give an average of 66.7 W and an NP of about 152 W.
    with_stop = power_summary([200] * 1800 + [None] * 7200 + [200] * 1800, ftp_watts=250)
    assert with_stop.average_power == 200
    assert with_stop.normalized_power == pytest.approx(200)
    assert with_stop.duration_seconds == 3600
    assert with_stop.training_stress_score == pytest.approx(64)


def test_coasting_zeros_stay_in_the_average_and_np():
    # 30 s at 300 W, then 30 s coasting at 0 W, for an hour: the average is 150 W (zeros kept), and
    # no window is ever steady, so NP is above it. The same with gaps for the zeros is a ride of
    # 30-s stretches at 300 W: average 300 W, and each stretch has one full window of 300 W.
    coasting = [300] * 30 + [0] * 30
    assert average_power(coasting * 60) == 150
    assert (normalized_power(coasting * 60) or 0) > 150
    stopping: list[float | None] = [300] * 30 + [None] * 30
    assert average_power(stopping * 60) == 300
    assert normalized_power(stopping * 60) == pytest.approx(300)


def test_np_windows_never_span_a_stop():
    # 30 s at 400 W, a stop, 30 s at 100 W: one full window in each stretch, 400 W and 100 W, so
    # NP = ((400⁴ + 100⁴) / 2)^(1/4) = 336.8 W. Joined across the stop, the 31 windows of the 60 s
    # would ramp from 400 to 100 W. A stretch shorter than 30 s has no window: NP rests on the others
    # (40 s at 250 W: 250 W), and is then lifted to the ride's average, (40 × 250 + 29 × 900) / 69 =
    # 523.2 W, which counts every second; a ride of short stretches only has no NP.
    two_stretches = [400] * 30 + [None] * 600 + [100] * 30
    assert normalized_power(two_stretches) == pytest.approx(((400**4 + 100**4) / 2) ** 0.25)
    assert normalized_power([250] * 40 + [None] + [900] * 29) == pytest.approx(
        max(250.0, (250 * 40 + 900 * 29) / 69)
    )
    assert normalized_power(([300] * 29 + [None]) * 10) is None


def test_under_30_s_there_is_no_np_nor_what_rests_on_it():
    summary = power_summary([300] * 29, ftp_watts=250)
    assert summary.average_power == 300
    assert (summary.normalized_power, summary.intensity_factor, summary.training_stress_score) == (
        None,
        None,
        None,
    )
    assert normalized_power([300] * 30) == pytest.approx(300)
    assert average_power([]) is None


def test_variability_index_is_undefined_when_nothing_was_pedalled():
    # NP / 0 W: a ride of coasting only has no VI; a ride of gaps only has no figure at all.
    assert variability_index(0.0, 0.0) is None
    assert power_summary([0] * 60, 250).variability_index is None
    assert power_summary([None] * 60, 250) == PowerSummary(0, None, None, None, None, None)


@pytest.mark.parametrize("bad", [-1, float("nan"), float("inf")])
def test_a_power_sample_is_finite_and_not_negative(bad):
    with pytest.raises(ValueError, match="power sample"):
        normalized_power([200] * 40 + [bad])


@pytest.mark.parametrize("ftp", [0, -250, float("nan")])
def test_ftp_is_a_positive_number_of_watts(ftp):
    with pytest.raises(ValueError, match="FTP"):
        power_summary([200] * 60, ftp)


def test_mean_maximal_power_windows_by_hand():
    stream = [100, 300, 200, 400, 0, 50]
    # 1 s: the single best sample, 400 W at second 3.
    # 2 s: windows 200, 250, 300, 200, 25: best (200 + 400) / 2 = 300 starting at second 2.
    # 3 s: windows 200, 300, 200, 150: best (300 + 200 + 400) / 3 = 300 starting at second 1.
    # 6 s: the whole stream, 1050 / 6 = 175. 7 s is longer than the stream: left out.
    assert mean_maximal_power(stream, (1, 2, 3, 6, 7)) == (
        BestEffort(1, 400, 3),
        BestEffort(2, 300, 2),
        BestEffort(3, 300, 1),
        BestEffort(6, 175, 0),
    )


def test_mean_maximal_power_takes_the_earliest_window_on_a_tie_and_gaps_as_zero():
    assert mean_maximal_power([200, 100, 200], (1,)) == (BestEffort(1, 200, 0),)
    # 500, gap, 500: 3 s = 1000/3; 2 s = 500/2 = 250 (a dropout never makes a best effort higher).
    efforts = mean_maximal_power([500, None, 500], (2, 3))
    assert efforts[0] == BestEffort(2, 250, 0)
    assert efforts[1].watts == pytest.approx(1000 / 3)


def test_the_default_durations_of_a_two_minute_ride():
    # 5 s ... 2 min fit in 120 s; 5 min and longer do not. A 10 s sprint at 900 W in an otherwise
    # steady 200 W ride: best 5 s = 900; 10 s = 900; 30 s = (10 × 900 + 20 × 200) / 30 = 433.33;
    # 60 s = (9000 + 50 × 200) / 60 = 316.67; 120 s = (9000 + 110 × 200) / 120 = 258.33.
    stream = [200] * 50 + [900] * 10 + [200] * 60
    efforts = mean_maximal_power(stream)
    assert [effort.duration_seconds for effort in efforts] == [5, 10, 30, 60, 120]
    assert [effort.watts for effort in efforts] == pytest.approx(
        [900, 900, 433.333, 316.667, 258.333], abs=1e-3
    )
    assert efforts[0].start_second == 50
    assert MMP_DURATIONS_SECONDS == (5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600)


def test_the_curve_takes_each_durations_best_ride():
    curve = power_curve(
        {
            "monday": [BestEffort(5, 900, 0), BestEffort(60, 400, 10), BestEffort(1200, 280, 0)],
            "friday": [BestEffort(5, 1000, 3), BestEffort(60, 380, 0), BestEffort(1200, 300, 0)],
            "sunday": [BestEffort(5, 1000, 7)],  # a tie: the ride given first keeps the point
        }
    )
    assert curve == (
        PowerCurvePoint(5, 1000, "friday", 5),
        PowerCurvePoint(60, 400, "monday", 60),
        PowerCurvePoint(1200, 300, "friday", 1200),
    )


def test_a_longer_duration_never_shows_more_power_than_a_shorter_one():
    # 10 W, 0 W, 10 W: the best 3 s is 20/3 = 6.67 W but the best 2 s only (10 + 0)/2 = 5 W. Holding
    # 6.67 W for 3 s shows 6.67 W can be held for 2 s, so the curve lifts 2 s to 6.67 W from 3 s.
    raw = mean_maximal_power([10, 0, 10], (1, 2, 3))
    assert [effort.watts for effort in raw] == pytest.approx([10, 5, 20 / 3])
    curve = power_curve({"ride": raw})
    assert [point.watts for point in curve] == pytest.approx([10, 20 / 3, 20 / 3])
    assert [point.achieved_over_seconds for point in curve] == [1, 3, 3]
    # Across rides: a 30-minute best above the 20-minute one lifts 20 minutes (and keeps its ride).
    curve = power_curve(
        {"short": [BestEffort(1200, 300, 0)], "long": [BestEffort(1200, 290, 0), BestEffort(1800, 310, 0)]}
    )
    assert curve == (PowerCurvePoint(1200, 310, "long", 1800), PowerCurvePoint(1800, 310, "long", 1800))


def test_eftp_is_95_percent_of_the_20_minute_best():
    # 0.95 × 300 = 285 W.
    estimate = estimated_ftp([PowerCurvePoint(300, 340, "a", 300), PowerCurvePoint(1200, 300, "a", 1200)])
    assert estimate is not None
    assert estimate.watts == pytest.approx(285)
    assert (estimate.from_duration_seconds, estimate.activity_id) == (1200, "a")


def test_eftp_is_the_hours_best_when_that_is_higher():
    # 0.95 × 300 = 285 < 290 held for an hour: the hour's 290 W is an FTP shown.
    curve = [PowerCurvePoint(1200, 300, "test", 1200), PowerCurvePoint(3600, 290, "race", 3600)]
    estimate = estimated_ftp(curve)
    assert estimate is not None
    assert (estimate.watts, estimate.from_duration_seconds, estimate.activity_id) == (290, 3600, "race")
    # A tie (0.95 × 300 = 285 = the hour) keeps the 20-minute rule.
    tie = estimated_ftp([PowerCurvePoint(1200, 300, "test", 1200), PowerCurvePoint(3600, 285, "race", 3600)])
    assert tie is not None and tie.from_duration_seconds == 1200


def test_no_eftp_without_a_20_minute_ride():
    assert estimated_ftp([PowerCurvePoint(600, 320, "a", 600)]) is None


def test_zones_of_an_ftp_of_200_w_for_80_kg():
    # Coggan's bands: Z1 ≤ 55 %, Z2 ≤ 75 %, Z3 ≤ 90 %, Z4 ≤ 105 %, Z5 ≤ 120 %, Z6 ≤ 150 %, Z7 above.
    # At 200 W: ceilings 110, 150, 180, 210, 240, 300 W; per kg (÷ 80): 1.375, 1.875, 2.25, 2.625, 3.0,
    # 3.75 W/kg. Each zone's floor is the previous ceiling (zone 1 from 0 W).
    zones = power_zones(200, body_weight_kg=80)
    assert [zone.number for zone in zones] == [1, 2, 3, 4, 5, 6, 7]
    assert [zone.ceiling_watts for zone in zones] == pytest.approx([110, 150, 180, 210, 240, 300, None])
    assert [zone.floor_watts for zone in zones] == pytest.approx([0, 110, 150, 180, 210, 240, 300])
    assert [zone.ceiling_watts_per_kg for zone in zones] == pytest.approx(
        [1.375, 1.875, 2.25, 2.625, 3.0, 3.75, None]
    )
    assert [zone.floor_watts_per_kg for zone in zones] == pytest.approx(
        [0, 1.375, 1.875, 2.25, 2.625, 3.0, 3.75]
    )
    assert [(zone.floor_percent, zone.ceiling_percent) for zone in zones] == [
        (0, 55),
        (55, 75),
        (75, 90),
        (90, 105),
        (105, 120),
        (120, 150),
        (150, None),
    ]
    assert zones[3].name == "Lactate threshold"


def test_zones_without_a_body_weight_have_no_watts_per_kg():
    zones = power_zones(250)
    assert all(zone.floor_watts_per_kg is None and zone.ceiling_watts_per_kg is None for zone in zones)
    with pytest.raises(ValueError, match="body weight"):
        power_zones(250, body_weight_kg=0)


@pytest.mark.parametrize(
    ("watts", "zone"),
    [
        (0, 1),
        (110, 1),  # exactly 55 % of 200: the ceiling belongs to the lower zone
        (110.01, 2),
        (150, 2),
        (150.5, 3),
        (180, 3),
        (181, 4),
        (210, 4),
        (211, 5),
        (240, 5),
        (241, 6),
        (300, 6),  # 150 %: still zone 6; zone 7 is above 150 %
        (300.1, 7),
        (2000, 7),
    ],
)
def test_zone_boundaries_at_an_ftp_of_200_w(watts, zone):
    assert power_zone_number(watts, 200) == zone


def test_a_power_exactly_on_a_bound_is_not_pushed_up_by_float_rounding():
    # 120 % of 101 W is 121.2 W, but 1.2 × 101 in floating point is 121.19999999999999: read that way,
    # 121.2 W would be zone 6. Compared as 121.2 × 100 = 12 120 against 120 × 101 = 12 120, it is zone 5.
    assert 1.2 * 101 < 121.2
    assert power_zone_number(121.2, 101) == 5


def test_time_in_zones_counts_gaps_apart():
    # FTP 200: 0 and 110 W in Z1; 111, 150 in Z2; 180 in Z3; 181, 210 in Z4; 240 in Z5; 241, 300 in Z6;
    # 301 in Z7; the two gaps in no zone: 2 + 2 + 1 + 2 + 1 + 2 + 1 + 2 = 13 samples.
    stream = [0, 110, 111, 150, 180, 181, 210, 240, 241, 300, 301, None, None]
    times = time_in_power_zones(stream, 200)
    assert times.seconds == (2, 2, 1, 2, 1, 2, 1)
    assert times.no_data_seconds == 2
    assert times.seconds_in(4) == 2
    with pytest.raises(ValueError, match="1 to 7"):
        times.seconds_in(8)
