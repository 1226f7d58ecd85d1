"""Sparse records, sensorless indoor files and unset clocks (decision 0093).

A device's timer runs between records however far apart they are: its average heart rate holds
each reading until the next, and its moving time goes by the speed it wrote. A file whose distance
never grows has no speed to judge by. A watch whose clock was not set writes times from power-on.

Built files have every expected figure worked out by hand from their inputs; real files are
compared with their device's own summary (``tests/fixtures/real_activities/corpus/manifest.json``,
written by ``extract_summaries.py`` with fitdecode and the standard library, not Kinetic).
"""

from __future__ import annotations

import json
import struct
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fit_tool.profile.profile_type import Sport

from services.sessions.endurance.activity_files import (
    ActivityFile,
    UnreadableActivityFile,
    read_activity_file,
)
from services.sessions.endurance.activity_files.fit_decoder import fit_crc
from tests.fixtures.activity_files import generate
from tests.fixtures.activity_files.generate import Recorded, Sample

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "real_activities" / "corpus"
START = datetime(2026, 5, 2, 7, 0, tzinfo=UTC)
# FIT base types and message numbers for the raw files below.
UINT8, UINT16, UINT32 = 0x02, 0x84, 0x86
RECORD, EVENT, ACTIVITY = 20, 21, 34


def _device(name: str) -> dict[str, float]:
    entries = json.loads((CORPUS / "manifest.json").read_text())["files"]
    return next(entry["expected"] for entry in entries if entry["file"] == name)


def _read(name: str) -> ActivityFile:
    return read_activity_file((CORPUS / name).read_bytes(), filename=name)


# --- Heart rate held until the next reading ------------------------------------------------------


def test_a_heart_rate_reading_holds_until_the_next_one_however_far_apart() -> None:
    # A watch writing a record every 30 s (its timer running, the runner standing): 130 bpm held
    # 30 s, then 160 bpm held 30 s, then 130 bpm for the last 60 s. The device averages each
    # reading over the seconds until the next: (130·30 + 160·30 + 130·60) / 120 = 137.5, and
    # the last record's own second: (130·30 + 160·30 + 130·61) / 121.
    readings = [(0, 130), (30, 160), (60, 130), (90, 130), (120, 130)]
    samples = tuple(Sample(offset, heart_rate=bpm, speed=0.0, distance=0.0) for offset, bpm in readings)
    activity = read_activity_file(generate.write_fit(Recorded(start=START, samples=samples), Sport.RUNNING))
    assert activity.avg_hr == pytest.approx((130 * 30 + 160 * 30 + 130 * 61) / 121, abs=0.05)
    # The streams keep their gaps: nothing is written where the device wrote nothing.
    assert activity.streams.heart_rate[15] is None


def test_a_timer_stop_is_not_held_across() -> None:
    # 100 bpm for 60 s, the timer stopped 10 minutes, then 160 bpm for 60 s: the stop counts for
    # neither reading, so the average is the two minutes' (and the last record's second).
    samples = [Sample(offset, heart_rate=100, speed=3.0) for offset in range(0, 60)]
    samples += [Sample(offset, heart_rate=160, speed=3.0) for offset in range(660, 721)]
    ride = Recorded(start=START, samples=tuple(samples), pauses=((59, 660),))
    activity = read_activity_file(generate.write_fit(ride, Sport.RUNNING))
    assert activity.avg_hr == pytest.approx((100 * 60 + 160 * 61) / 121, abs=0.05)


@pytest.mark.parametrize(
    "name",
    [
        "garmin-fr110-run.fit",
        "garmin-vivoactive-hr-walk.tcx",
        "garmin-vivoactive-hr-sup.tcx",
        "garmin-vivoactive-hr-xc-ski.tcx",
        "garmin-oregon600-track.gpx",
        "strava-run.gpx",
        "garmin-fenix5-walk-short.fit",
    ],
)
def test_sparse_real_files_average_heart_rate_as_their_device(name: str) -> None:
    assert _read(name).avg_hr == pytest.approx(_device(name)["avg_hr"], abs=1.0)


# --- Moving time between sparse records ----------------------------------------------------------


def test_the_seconds_after_a_record_move_at_its_speed_however_late_the_next_one() -> None:
    # Records every 15 s: 2 m/s for a minute, then a record at 0 m/s and none for 45 s (standing),
    # then 2 m/s again for a minute. Moving: 60 + 60 s; the 45 s after the 0 m/s record are not.
    offsets = [0, 15, 30, 45, 60, 105, 120, 135, 150, 165]
    speeds = [2.0, 2.0, 2.0, 2.0, 0.0, 2.0, 2.0, 2.0, 2.0, 2.0]
    distance, samples = 0.0, []
    for index, (offset, speed) in enumerate(zip(offsets, speeds, strict=True)):
        if index:
            distance += speeds[index - 1] * (offset - offsets[index - 1])
        samples.append(Sample(offset, speed=speed, distance=distance, heart_rate=120))
    activity = read_activity_file(
        generate.write_fit(Recorded(start=START, samples=tuple(samples)), Sport.RUNNING)
    )
    assert activity.moving_time_s == 60 + 60


@pytest.mark.parametrize(
    "name",
    [
        "garmin-fr110-run.fit",
        "garmin-vivoactive-hr-walk.tcx",
        "garmin-vivoactive-hr-sup.tcx",
        "garmin-vivoactive-hr-xc-ski.tcx",
        "gpsbabel-cerknicko-jezero.gpx",
        "gpsbabel-korita-zbevnica.gpx",
        "garmin-fr410-run.tcx",
        "garmin-edge200-ride.fit",
        "locus-map-ride.gpx",
    ],
)
def test_sparse_real_files_move_as_their_device_timed_them(name: str) -> None:
    expected = _device(name)["moving_time_s"]
    assert _read(name).moving_time_s == pytest.approx(expected, abs=max(2.0, 0.01 * expected))


# --- No speed sensor -----------------------------------------------------------------------------


def test_an_indoor_row_writing_zero_speed_is_moving_all_its_timer_time() -> None:
    name = "garmin-vivoactive-hr-indoor-rowing.fit"
    activity = _read(name)
    timer = _device(name)["timer_time_s"]
    assert activity.distance_m in (None, 0.0)
    assert activity.moving_time_s == pytest.approx(timer, abs=max(2.0, 0.01 * timer))


def test_a_treadmill_writing_zeros_is_moving_but_for_its_pause() -> None:
    # Speed and distance 0 in every record, once a second for 20 minutes, the timer stopped for
    # 5 of them: the 15 timed minutes are moving (but for the last record's second).
    samples = [Sample(offset, speed=0.0, distance=0.0, heart_rate=140) for offset in range(0, 600)]
    samples += [Sample(offset, speed=0.0, distance=0.0, heart_rate=140) for offset in range(900, 1201)]
    run = Recorded(start=START, samples=tuple(samples), pauses=((599, 900),))
    activity = read_activity_file(generate.write_fit(run, Sport.RUNNING))
    assert activity.moving_time_s == 600 + 300


# --- A watch whose clock was not set -------------------------------------------------------------


def _definition(local: int, number: int, fields: list[tuple[int, int, int]]) -> bytes:
    return (
        bytes([0x40 | local])
        + struct.pack("<BBHB", 0, 0, number, len(fields))
        + bytes(value for field in fields for value in field)
    )


def _fit(body: bytes) -> bytes:
    header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(body), b".FIT")
    header += struct.pack("<H", fit_crc(header))
    return header + body + struct.pack("<H", fit_crc(header + body))


def _system_time_run(*, local_timestamp: int | None) -> bytes:
    """Ten minutes at 3 m/s, a record every 5 s, times counted from power-on (17 217 864 s)."""
    power_on = 17_217_864
    parts = [_definition(0, RECORD, [(253, 4, UINT32), (3, 1, UINT8), (5, 4, UINT32), (6, 2, UINT16)])]
    parts += [
        bytes([0]) + struct.pack("<IBIH", power_on + offset, 150, offset * 300, 3000)
        for offset in range(0, 601, 5)
    ]
    if local_timestamp is not None:
        parts.append(_definition(1, ACTIVITY, [(253, 4, UINT32), (5, 4, UINT32)]))
        parts.append(bytes([1]) + struct.pack("<II", power_on + 600, local_timestamp))
    return _fit(b"".join(parts))


def test_times_from_power_on_are_placed_by_the_files_local_time() -> None:
    # The activity message says the last record (power-on + 600 s) was 2012-02-13 12:26:16 local
    # time (FIT's 698 070 376 s from 1989-12-31): the run started ten minutes before, stored as UTC.
    activity = read_activity_file(_system_time_run(local_timestamp=698_070_376))
    assert activity.start == datetime(2012, 2, 13, 12, 16, 16, tzinfo=UTC)
    assert activity.duration_s == 600.0
    assert activity.distance_m == pytest.approx(1800.0)
    assert activity.clock_not_set


def test_times_from_power_on_with_no_date_to_place_them_are_refused_saying_so() -> None:
    with pytest.raises(UnreadableActivityFile, match="the watch's clock was not set"):
        read_activity_file(_system_time_run(local_timestamp=None))


def test_the_forerunner_70_run_without_a_clock_is_stored_as_its_device_summed_it() -> None:
    name = "garmin-fr70-run.fit"
    activity, device = _read(name), _device(name)
    assert activity.clock_not_set
    assert activity.start.date() == datetime(2012, 2, 13).date()
    assert activity.duration_s == pytest.approx(device["elapsed_time_s"], abs=0.01 * device["elapsed_time_s"])
    assert activity.distance_m == pytest.approx(device["distance_m"], rel=0.01)
    assert activity.avg_hr == pytest.approx(device["avg_hr"], abs=1.0)
    assert activity.moving_time_s == pytest.approx(device["moving_time_s"], rel=0.01)
