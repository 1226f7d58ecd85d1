"""Critical swim speed, swim pace zones and sTSS (knowledge/endurance/swimming.py) against
hand-computed values; CSS after Wakayoshi et al. 1992 as coaches reduce it to a 400 m and a 200 m
trial; bands and the cubed intensity in docs/decisions/0052-running-swimming-and-heart-rate-figures.md."""

from __future__ import annotations

import math

import pytest

from knowledge.endurance.pace import parse_clock
from knowledge.endurance.swimming import (
    CriticalSwimSpeed,
    critical_swim_speed,
    swim_stress,
    swim_zone_of,
    swim_zones,
)

# 400 m in 6:00 and 200 m in 2:50: CSS = (400 - 200) / (360 - 170) = 200 / 190 = 1.052632 m/s,
# 100 / 1.052632 = 95 s = 1:35 per 100 m.
CSS = critical_swim_speed(parse_clock("6:00"), parse_clock("2:50"))


def test_css_from_a_400_and_a_200_by_hand():
    assert CSS.meters_per_second == pytest.approx(1.052632, abs=1e-6)
    assert CSS.seconds_per_100m == pytest.approx(95)
    assert CSS.per_100m_text == "1:35"


def test_pace_zones_around_css_pace():
    # CSS 95 s: Z1 slower than 95 + 15 = 110; Z2 110-103; Z3 103-98; Z4 98-92; Z5 faster than 95 - 3 = 92
    zones = swim_zones(CSS)
    assert [(z.number, z.name, z.slowest_s_per_100m, z.fastest_s_per_100m) for z in zones] == [
        (1, "recovery", None, pytest.approx(110)),
        (2, "endurance", pytest.approx(110), pytest.approx(103)),
        (3, "tempo", pytest.approx(103), pytest.approx(98)),
        (4, "threshold", pytest.approx(98), pytest.approx(92)),
        (5, "speed", pytest.approx(92), None),
    ]
    assert [(z.slowest_text, z.fastest_text) for z in zones] == [
        (None, "1:50"),
        ("1:50", "1:43"),
        ("1:43", "1:38"),
        ("1:38", "1:32"),
        ("1:32", None),
    ]


def test_the_zone_of_a_pace_and_its_bounds():
    assert swim_zone_of(111, CSS) == 1
    assert swim_zone_of(110, CSS) == 2  # on a bound: the faster zone
    assert swim_zone_of(95, CSS) == 4  # CSS itself is threshold
    assert swim_zone_of(92.1, CSS) == 4
    assert swim_zone_of(92, CSS) == 5
    with pytest.raises(ValueError, match="pace per 100 m"):
        swim_zone_of(0, CSS)


def test_an_hour_at_css_scores_100():
    # 1.052632 m/s × 3600 s = 3789.47 m: IF = 1, 1³ × 1 h × 100 = 100
    stress = swim_stress(CSS.meters_per_second * 3600, 3600, CSS)
    assert stress.intensity_factor == pytest.approx(1)
    assert stress.stss == pytest.approx(100)


def test_stss_by_hand():
    # 2000 m in 40 min: 0.833333 m/s; IF = 0.833333 / 1.052632 = 0.791667;
    # IF³ = 0.496166; sTSS = 0.496166 × (2400 / 3600) × 100 = 33.078
    stress = swim_stress(2000, 2400, CSS)
    assert stress.intensity_factor == pytest.approx(0.791667, abs=1e-6)
    assert stress.stss == pytest.approx(33.078, abs=1e-3)


def test_stss_cubes_the_intensity():
    # The same hour 10 % faster than CSS: 1.1³ = 1.331, so 133.1.
    assert swim_stress(CSS.meters_per_second * 1.1 * 3600, 3600, CSS).stss == pytest.approx(133.1)


@pytest.mark.parametrize(
    ("seconds_400", "seconds_200", "names"),
    [
        (360, 0, "200 m time must be a positive"),
        (-360, 170, "400 m time must be a positive"),
        (math.inf, 170, "400 m time must be a positive"),
        (170, 360, "400 m time \\(2:50\\) must be slower than the 200 m time \\(6:00\\).*swapped"),
        (170, 170, "must be slower than the 200 m time"),
        (330, 170, "faster pace than the 200 m.*not flat out"),  # 1:22.5 per 100 m vs 1:25
    ],
)
def test_absurd_time_trials_are_refused_with_what_to_fix(seconds_400, seconds_200, names):
    with pytest.raises(ValueError, match=names):
        critical_swim_speed(seconds_400, seconds_200)


def test_equal_pace_trials_give_css_at_that_pace():
    # 400 m in 6:40 and 200 m in 3:20, both 1:40 per 100 m: CSS = 200 / 200 = 1 m/s, 1:40 per 100 m
    assert critical_swim_speed(400, 200) == CriticalSwimSpeed(1.0)


@pytest.mark.parametrize(
    ("distance", "moving_time", "names"), [(0, 2400, "distance"), (2000, 0, "moving time")]
)
def test_a_swim_without_distance_or_time_is_refused(distance, moving_time, names):
    with pytest.raises(ValueError, match=names):
        swim_stress(distance, moving_time, CSS)
