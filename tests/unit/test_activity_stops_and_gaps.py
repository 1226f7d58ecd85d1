"""Stopped time and gaps in activity files (decision 0086): a timer pause or a new GPX segment is
left out of average power, NP, distance and (when long) the climb; coasting zeros stay in.

Every file is built here from known inputs, and every expected figure is worked out from those
inputs by hand, never from what the reader returned.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest
from fit_tool.profile.profile_type import Sport

from services.sessions.endurance.activity_files import read_activity_file
from services.sessions.endurance.domain.figures import normalized_power
from tests.fixtures.activity_files import generate
from tests.fixtures.activity_files.generate import EARTH_RADIUS_M, Recorded, Sample

START = datetime(2026, 4, 4, 8, 0, tzinfo=UTC)
STOP_S = 2 * 3600  # a two-hour café stop


def _fourth_power_mean_np(stretches: list[list[int]]) -> float:
    """NP by hand: every full 30-s window within a stretch, 4th powers averaged, 4th root."""
    windows = [
        sum(stretch[end - 30 : end]) / 30 for stretch in stretches for end in range(30, len(stretch) + 1)
    ]
    return float((sum(window**4 for window in windows) / len(windows)) ** 0.25)


def _intervals(seconds: int) -> list[int]:
    """Minute-long blocks of 300 W and 100 W, with 20 s coasting at 0 W every fourth minute."""
    return [
        0 if (offset // 60) % 4 == 3 and offset % 60 < 20 else 300 if (offset // 60) % 2 == 0 else 100
        for offset in range(seconds)
    ]


def test_a_two_hour_timer_stop_is_in_neither_the_average_power_nor_np() -> None:
    # 20 minutes of intervals, the timer stopped for two hours, 20 minutes more: the device averages
    # the 40 minutes it timed. Counted as 0 W, the stop would pull NP from about 240 W to about 155 W
    # while the average power skipped it, and NP would fall below the average.
    first, second = _intervals(1200), _intervals(1200)
    samples = [Sample(offset, power=watts, speed=8.0) for offset, watts in enumerate(first)]
    resumed = 1200 + STOP_S
    samples += [Sample(resumed + offset, power=watts, speed=8.0) for offset, watts in enumerate(second)]
    ride = Recorded(start=START, samples=tuple(samples), pauses=((1199, resumed),))
    activity = read_activity_file(generate.write_fit(ride, Sport.CYCLING))

    watts = first + second
    assert activity.avg_power_w == pytest.approx(sum(watts) / len(watts), abs=0.05)
    by_hand = _fourth_power_mean_np([first, second])
    assert by_hand > sum(watts) / len(watts)
    assert normalized_power(activity.streams.power) == round(by_hand)
    assert activity.moving_time_s == 2399  # the seconds 0 .. last - 1 the timer ran, at 8 m/s


def _gpx(segments: Sequence[Sequence[tuple[int, float, float, int | None]]]) -> bytes:
    """A GPX 1.1 ride, one ``trkseg`` per list of (offset s, metres north, altitude, watts)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Kinetic test" xmlns="http://www.topografix.com/GPX/1/1">',
        "<trk><type>cycling</type>",
    ]
    for segment in segments:
        lines.append("<trkseg>")
        for offset, north_m, altitude, watts in segment:
            latitude = generate.GPX_START_LATITUDE + math.degrees(north_m / EARTH_RADIUS_M)
            moment = (START + timedelta(seconds=offset)).strftime("%Y-%m-%dT%H:%M:%SZ")
            power = "" if watts is None else f"<extensions><power>{watts}</power></extensions>"
            lines.append(
                f'<trkpt lat="{latitude:.9f}" lon="{generate.GPX_LONGITUDE}"><ele>{altitude}</ele>'
                f"<time>{moment}</time>{power}</trkpt>"
            )
        lines.append("</trkseg>")
    lines += ["</trk>", "</gpx>"]
    return "\n".join(lines).encode()


def test_gpx_segments_stay_apart_no_distance_or_climb_across_them() -> None:
    # Two segments of 10 minutes at 5 m/s on flat ground, 20 km apart and 80 m higher after an hour
    # off: the track covers 2 × 600 × 5 = 6 000 m and climbs nothing; the straight line between the
    # segments is not ridden, and the altitude after the hour is not a climb.
    first = [(offset, 5.0 * offset, 100.0, 200) for offset in range(601)]
    second = [(4200 + offset, 23_000.0 + 5.0 * offset, 180.0, 200) for offset in range(601)]
    activity = read_activity_file(_gpx([first, second]))
    assert activity.distance_m == pytest.approx(6000, abs=0.01)
    assert activity.elevation_gain_m == 0.0
    # The hour between is stopped time: not moving, no power, nothing in the streams. (The second
    # the first segment ends in counts, as the one a FIT timer stops in does: 601 + 600.)
    assert activity.moving_time_s == 601 + 600
    assert all(value is None for value in activity.streams.power[601:4200])
    assert activity.avg_power_w == 200
    assert normalized_power(activity.streams.power) == 200


def test_a_short_pause_keeps_the_climb_going_on_across_it() -> None:
    # A climb of 0.1 m a second for 10 minutes, with the points of seconds 300 to 359 in a segment
    # of their own after a 60-s break: under the 5-minute mark the road goes on from where it was,
    # so the climb counts whole, 60 m less the running median's first and last 2.5 s (0.5 m).
    points = [(offset, 5.0 * offset, round(100 + 0.1 * offset, 1), None) for offset in range(601)]
    activity = read_activity_file(_gpx([points[:240], points[300:]]))
    assert activity.elevation_gain_m == pytest.approx(60.0 - 0.5, abs=0.15)
    # The break is a pause: the 300 m ridden in it (points 240 to 299 are missing) are not a
    # distance recorded, and the straight line across it is not counted either.
    assert activity.distance_m == pytest.approx(5.0 * (239 + 300), abs=0.01)


def test_an_altimeter_spike_is_outvoted_and_noise_under_three_metres_is_not_a_climb() -> None:
    # A flat ride whose altimeter starts 80 m high for three readings (a barometer settling) and then
    # wavers ±1.4 m: no climb. The median of 5 s either side outvotes the spike; the 3-m hysteresis
    # (GoldenCheetah's default) swallows the wavering.
    altitudes = [180.0, 180.0, 180.0] + [
        100.0 + (1.4 if offset % 7 < 3 else -1.4) for offset in range(3, 900)
    ]
    points = [(offset, 5.0 * offset, altitude, None) for offset, altitude in enumerate(altitudes)]
    assert read_activity_file(_gpx([points])).elevation_gain_m == 0.0


def test_a_sparse_recorder_moving_on_is_moving_time_and_a_gap_standing_still_is_not() -> None:
    # A logger writing a point every 15 s (longer than the 10-s hold gap) at 3 m/s for 30 minutes,
    # then no point for 10 minutes while standing at the same place, then 15 minutes more. The
    # seconds between two points 45 m apart are moving (the device's timer ran and the athlete
    # moved on); the 10 minutes in place are not. Moving: the 1 800 s and the 900 s ridden.
    points = [(offset, 3.0 * offset, 100.0, None) for offset in range(0, 1801, 15)]
    points += [(2400 + offset, 5400 + 3.0 * offset, 100.0, None) for offset in range(0, 901, 15)]
    activity = read_activity_file(_gpx([points]))
    assert activity.distance_m == pytest.approx(3.0 * (1800 + 900), abs=0.01)
    assert activity.moving_time_s == pytest.approx(1800 + 900, abs=2)
