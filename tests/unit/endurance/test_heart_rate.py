"""Heart-rate zones, TRIMP, hrTSS and time in zones (knowledge/endurance/heart_rate.py) against
hand-computed values; models and sources in docs/decisions/0052-running-swimming-and-heart-rate-figures.md."""

from __future__ import annotations

import math

import pytest

from knowledge.endurance.heart_rate import (
    ZONE_BANDS,
    estimated_threshold_hr,
    heart_rate_zones,
    hr_tss,
    reserve_fraction,
    time_in_zones,
    trimp,
    zones_from_reserve,
    zones_from_threshold,
)


def bounds(zones):
    return [(zone.number, zone.lowest_bpm, zone.highest_bpm) for zone in zones.zones]


# --- Zones (Friel's LTHR bands, 5b and 5c as Z6; Karvonen 1957 for the estimate) ------------------


def test_zones_from_a_threshold_of_170():
    # 81 % × 170 = 137.7 → 138; 90 % = 153; 94 % = 159.8 → 160; 100 % = 170; 103 % = 175.1 → 176
    zones = zones_from_threshold(170)
    assert bounds(zones) == [
        (1, 0, 137),
        (2, 138, 152),
        (3, 153, 159),
        (4, 160, 169),
        (5, 170, 175),
        (6, 176, None),
    ]
    assert [zone.name for zone in zones.zones] == [band.name for band in ZONE_BANDS]
    assert zones.threshold_hr == 170 and zones.estimated is False


def test_zone_of_a_heart_rate_uses_the_exact_percentages():
    zones = zones_from_threshold(170)
    assert zones.zone_of(137.6) == 1
    assert zones.zone_of(137.7) == 2  # 81 % of 170 exactly
    assert zones.zone_of(153) == 3  # 90 % of 170, although 0.9 × 170 is 153.00000000000003 in floats
    assert zones.zone_of(169.9) == 4
    assert zones.zone_of(170) == 5
    assert zones.zone_of(176) == 6
    assert zones.zone_of(40) == 1


def test_every_whole_bpm_is_in_the_zone_its_bounds_say():
    zones = zones_from_threshold(163)
    for bpm in range(60, 200):
        inside = [
            zone.number
            for zone in zones.zones
            if zone.lowest_bpm <= bpm and (zone.highest_bpm is None or bpm <= zone.highest_bpm)
        ]
        assert inside == [zones.zone_of(bpm)], bpm


def test_without_a_threshold_it_is_estimated_at_85_percent_of_the_reserve():
    # Karvonen: 50 + 0.85 × (190 - 50) = 50 + 119 = 169
    assert estimated_threshold_hr(50, 190) == pytest.approx(169)
    zones = zones_from_reserve(50, 190)
    # 81 % × 169 = 136.89 → 137; 90 % = 152.1 → 153; 94 % = 158.86 → 159; 169; 103 % = 174.07 → 175
    assert bounds(zones) == [
        (1, 0, 136),
        (2, 137, 152),
        (3, 153, 158),
        (4, 159, 168),
        (5, 169, 174),
        (6, 175, None),
    ]
    assert zones.estimated is True


def test_a_measured_threshold_wins_over_the_estimate():
    assert heart_rate_zones(threshold_hr=172, resting_hr=50, max_hr=190).threshold_hr == 172
    assert heart_rate_zones(resting_hr=50, max_hr=190).threshold_hr == pytest.approx(169)
    with pytest.raises(ValueError, match="threshold heart rate, or both resting and maximum"):
        heart_rate_zones(max_hr=190)


@pytest.mark.parametrize(
    ("resting", "maximum", "names"),
    [
        (60, 60, "maximum heart rate \\(60\\) must be above the resting heart rate"),
        (190, 50, "must be above the resting heart rate.*swapped"),
        (0, 190, "resting heart rate must be 20 to 250 bpm"),
        (50, 400, "maximum heart rate must be 20 to 250 bpm"),
        (math.nan, 190, "resting heart rate"),
    ],
)
def test_absurd_resting_and_maximum_heart_rates_are_refused(resting, maximum, names):
    with pytest.raises(ValueError, match=names):
        zones_from_reserve(resting, maximum)


def test_an_absurd_threshold_is_refused():
    with pytest.raises(ValueError, match="threshold heart rate must be 20 to 250 bpm"):
        zones_from_threshold(-170)


# --- TRIMP (Banister 1991) -----------------------------------------------------------------------


def test_trimp_by_hand_for_men_women_and_unknown_sex():
    # An hour at 150 bpm, resting 50, maximum 190: x = (150 - 50) / (190 - 50) = 0.714286.
    # Men: 0.64 × e^(1.92 × 0.714286) = 0.64 × e^1.371429 = 0.64 × 3.940977 = 2.522225;
    #      TRIMP = 60 × 0.714286 × 2.522225 = 108.095
    # Women: 0.86 × e^(1.67 × 0.714286) = 0.86 × e^1.192857 = 0.86 × 3.296486 = 2.834978;
    #      TRIMP = 60 × 0.714286 × 2.834978 = 121.499
    # Unknown: the mean of the two weights, so the mean of the two TRIMPs: 114.797
    assert reserve_fraction(150, 50, 190) == pytest.approx(0.714286, abs=1e-6)
    assert trimp(3600, 150, 50, 190, "male") == pytest.approx(108.095, abs=1e-3)
    assert trimp(3600, 150, 50, 190, "female") == pytest.approx(121.499, abs=1e-3)
    assert trimp(3600, 150, 50, 190) == pytest.approx(114.797, abs=1e-3)


def test_trimp_grows_with_time_linearly_and_with_heart_rate_faster():
    assert trimp(1800, 150, 50, 190, "male") == pytest.approx(trimp(3600, 150, 50, 190, "male") / 2)
    assert trimp(3600, 0.5 * (50 + 190), 50, 190, "male") < trimp(3600, 150, 50, 190, "male")
    assert trimp(3600, 50, 50, 190, "male") == 0  # at rest, no training load


@pytest.mark.parametrize(
    ("duration", "average", "names"),
    [
        (0, 150, "duration must be a positive"),
        (-60, 150, "duration must be a positive"),
        (3600, 45, "below the resting heart rate.*update the resting"),
        (3600, 195, "above the maximum heart rate.*update the maximum"),
    ],
)
def test_absurd_activities_are_refused_with_what_to_fix(duration, average, names):
    with pytest.raises(ValueError, match=names):
        trimp(duration, average, 50, 190, "male")


# --- hrTSS: TRIMP over an hour's TRIMP at threshold, × 100 ---------------------------------------


def test_an_hour_at_threshold_is_100_and_half_an_hour_is_50():
    assert hr_tss(3600, 169, 50, 190, 169, "male") == pytest.approx(100)
    assert hr_tss(1800, 169, 50, 190, 169) == pytest.approx(50)


def test_hr_tss_by_hand():
    # Threshold 169: x = 119 / 140 = 0.85; 0.64 × e^(1.92 × 0.85) = 0.64 × e^1.632 = 0.64 × 5.114093
    # = 3.273019; an hour at threshold: 60 × 0.85 × 3.273019 = 166.924.
    # An hour at 150 bpm: TRIMP 108.095 (above); hrTSS = 108.095 / 166.924 × 100 = 64.757
    assert hr_tss(3600, 150, 50, 190, 169, "male") == pytest.approx(64.757, abs=1e-3)


# --- Time in zones from a stream ------------------------------------------------------------------


def test_time_in_zones_by_hand():
    zones = zones_from_threshold(170)  # Z1 ≤137, Z2 138-152, Z3 153-159, Z4 160-169, Z5 170-175, Z6 ≥176
    samples = [
        (0, 120),  # 0-5 s Z1: 5 s
        (5, 140),  # 5-10 s Z2: 5 s
        (10, 155),  # 10-12 s Z3: 2 s
        (12, None),  # 12-14 s no heart rate: 2 s uncounted
        (14, 165),  # 14-44 s a 30 s gap, over 15 s: 30 s uncounted
        (44, 172),  # 44-46 s Z5: 2 s
        (46, 180),  # 46-50 s Z6: 4 s
        (50, 0),  # 50-51 s a dropout reading 0: 1 s uncounted
        (51, 130),  # 51-66 s a 15 s gap, not over 15 s: Z1, 15 s
        (66, 161),  # last sample: starts no span
    ]
    result = time_in_zones(samples, zones)
    assert result.seconds == (20, 5, 2, 0, 2, 4)
    assert result.uncounted_seconds == 33
    assert sum(result.seconds) + result.uncounted_seconds == 66


def test_a_stream_of_one_sample_or_none_has_no_time():
    zones = zones_from_threshold(170)
    assert time_in_zones([], zones).seconds == (0, 0, 0, 0, 0, 0)
    assert time_in_zones([(0, 150)], zones).seconds == (0, 0, 0, 0, 0, 0)


def test_samples_out_of_time_order_are_refused():
    with pytest.raises(ValueError, match="time order"):
        time_in_zones([(0, 120), (5, 130), (5, 131)], zones_from_threshold(170))


@pytest.mark.parametrize("threshold", [50, 40, 195])
def test_hr_tss_refuses_a_threshold_outside_rest_to_maximum(threshold):
    with pytest.raises(ValueError, match=r"threshold heart rate .* must be above the resting"):
        hr_tss(3600, 150, 50, 190, threshold)
