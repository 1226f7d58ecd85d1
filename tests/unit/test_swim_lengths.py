"""Swims read as the device measured them (decision 0084), on real files from real watches.

Each file's expected figures are the device's own: its session message (timer time, distance,
pool length) and its length messages (active lengths' timer time), as SOURCES.md lists them; the
length sums are also taken here with fitdecode, an independent FIT parser.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import fitdecode
import pytest

from services.sessions.endurance.activity_files import read_activity_file
from services.sessions.endurance.activity_files.activity import build_activity
from services.sessions.endurance.activity_files.fit import read_fit

SWIMS = Path(__file__).parents[1] / "fixtures" / "real_activities" / "swims"


@dataclass(frozen=True)
class DeviceSwim:
    """A file's figures as its device wrote them."""

    file: str
    moving_time_s: float  # pool: the active lengths' timer time; open water: the session's timer time
    distance_m: float  # the session's total_distance
    timer_s: float  # the session's total_timer_time
    active_lengths: int  # 0 in open water
    pool_length_m: float | None
    avg_hr: float  # the session's avg_heart_rate (Fenix 3: from a strap's stored beats, FIT "hr")


DEVICE_SWIMS = (
    DeviceSwim("garmin_fenix6_pool_25m.fit", 1397.002, 1100.0, 1761.75, 44, 25.0, 139),
    DeviceSwim("garmin_fenix3_pool_25m_drills.fit", 1839.588, 1700.0, 3485.293, 68, 25.0, 103),
    DeviceSwim("coros_pace3_pool_25m.fit", 3332.51, 2300.0, 4011.63, 92, 25.0, 119),
    DeviceSwim("garmin_fenix6_open_water.fit", 178.233, 123.81, 178.233, 0, None, 142),
)


def fitdecode_lengths(data: bytes) -> tuple[int, float]:
    """The active lengths and their timer seconds, as fitdecode reads the length messages."""
    count, seconds = 0, 0.0
    with fitdecode.FitReader(io.BytesIO(data)) as reader:
        for frame in reader:
            if (
                isinstance(frame, fitdecode.FitDataMessage)
                and frame.name == "length"
                and frame.get_value("length_type", fallback=None) == "active"
            ):
                count += 1
                seconds += frame.get_value("total_timer_time")
    return count, seconds


@pytest.mark.parametrize("device", DEVICE_SWIMS, ids=lambda device: device.file)
def test_a_real_swim_has_the_devices_moving_time_distance_and_a_human_pace(device: DeviceSwim) -> None:
    data = (SWIMS / device.file).read_bytes()
    activity = read_activity_file(data, filename=device.file)
    count, seconds = fitdecode_lengths(data)

    assert activity.sport == "swim"
    assert (count, round(seconds, 3)) == (device.active_lengths, device.moving_time_s if count else 0.0)
    # Moving time never exceeds the elapsed time (open water: 178.233 of 178.233).
    assert activity.moving_time_s == pytest.approx(min(device.moving_time_s, activity.duration_s), abs=0.001)
    assert activity.distance_m == pytest.approx(device.distance_m, abs=0.01)
    if device.pool_length_m is not None:
        assert activity.distance_m == pytest.approx(device.active_lengths * device.pool_length_m)
    assert activity.distance_m is not None
    pace_per_100m = activity.moving_time_s / activity.distance_m * 100
    assert 60 < pace_per_100m < 180, "a recreational swimmer's pace, not 0.5 s/100 m"
    assert activity.avg_hr == pytest.approx(device.avg_hr, abs=1)


@pytest.mark.parametrize("device", DEVICE_SWIMS[:3], ids=lambda device: device.file)
def test_a_pool_swims_laps_add_up_to_its_lengths(device: DeviceSwim) -> None:
    activity = read_activity_file((SWIMS / device.file).read_bytes(), filename=device.file)

    assert sum(lap.distance_m or 0 for lap in activity.laps) == pytest.approx(device.distance_m)
    # A lap's moving time is capped at its own duration, so the laps may hold a few seconds less.
    assert sum(lap.moving_time_s for lap in activity.laps) == pytest.approx(device.moving_time_s, rel=0.01)
    assert all(lap.moving_time_s <= lap.duration_s for lap in activity.laps)


def test_a_swim_recorded_once_per_length_keeps_its_moving_time() -> None:
    # Older Garmin swim watches write a record only at the end of each length, 25-60 s apart:
    # the same real swim with only those records must read the same.
    data = (SWIMS / "garmin_fenix6_pool_25m.fit").read_bytes()
    every_second = build_activity(read_fit(data))
    recording = read_fit(data)
    ends = {round(length.start + length.timer_s) for length in recording.lengths}
    recording.keep_records([index == 0 or round(time) in ends for index, time in enumerate(recording.times)])
    assert 30 < len(recording.times) < 60, "about one record per length"

    per_length = build_activity(recording)

    assert per_length.moving_time_s == every_second.moving_time_s == pytest.approx(1397.002)
    assert per_length.distance_m == every_second.distance_m == 1100.0


def test_a_swim_relabelled_as_a_run_is_read_from_its_records() -> None:
    # The lengths are a swim's; a file whose sport is not swimming keeps the records' figures.
    recording = read_fit((SWIMS / "garmin_fenix6_pool_25m.fit").read_bytes())
    recording.sport = "other"
    records_s = recording.times[-1] - recording.times[0]

    activity = build_activity(recording)

    # Every second of the records moves (no speed in a pool); the elapsed time is the session's.
    assert activity.moving_time_s == pytest.approx(records_s, abs=1) and activity.distance_m is None
    assert activity.duration_s == pytest.approx(1769.506)
