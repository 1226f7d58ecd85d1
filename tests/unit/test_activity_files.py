"""Reading FIT, TCX and GPX activity files (decision 0053).

The fixtures under tests/fixtures/activity_files/ are written by its ``generate.py`` from known
inputs (``Recorded``); every expected figure here is computed from those inputs, never from
what the reader returned.
"""

from __future__ import annotations

import gzip
import itertools
import math
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from services.sessions.endurance.activity_files import (
    HOLD_GAP_S,
    MOVING_SPEED_MPS,
    ActivityFile,
    UnreadableActivityFile,
    read_activity_file,
)
from services.sessions.endurance.activity_files.sports import fit_sport, gpx_sport, tcx_sport
from tests.fixtures.activity_files import generate
from tests.fixtures.activity_files.generate import Recorded, Sample

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "activity_files"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def read(name: str) -> ActivityFile:
    return read_activity_file(fixture(name), filename=name)


def mean(values: list[int] | list[float]) -> float:
    return round(sum(values) / len(values), 1)


def values(recorded: Recorded, measure: str, first: int = 0, end: int | None = None) -> list[float]:
    """A measure's known values over the records at offsets ``first .. end - 1`` (1 Hz fixtures)."""
    return [
        getattr(sample, measure)
        for sample in recorded.samples
        if first <= sample.offset_s < (end if end is not None else recorded.duration_s + 1)
        and getattr(sample, measure) is not None
    ]


def known(value: float | None) -> float:
    assert value is not None
    return value


def by_offset(recorded: Recorded) -> dict[int, Sample]:
    return {sample.offset_s: sample for sample in recorded.samples}


def climbs(altitudes: list[float]) -> float:
    """The rises of a smooth profile (every rise and fall there is well above the 2 m margin)."""
    return round(sum(max(0.0, after - before) for before, after in itertools.pairwise(altitudes)), 1)


# --- FIT ----------------------------------------------------------------------------------------


def test_a_fit_ride_is_summed_up_from_its_records() -> None:
    recorded = generate.ride()
    activity = read("ride.fit")
    assert activity.format == "fit"
    assert activity.sport == "ride"
    assert activity.start == generate.RIDE_START
    assert activity.duration_s == 2700.0
    # 60 s of timer pause (1200 to 1259) are not moving; every other second rolls.
    assert min(values(recorded, "speed")) >= MOVING_SPEED_MPS
    assert activity.moving_time_s == 2700.0 - 60
    assert activity.distance_m == pytest.approx(recorded.samples[-1].distance, abs=0.005)
    # The altitude's running median (5 s either side, cut at the ends; decision 0086) starts the ride
    # at the median of its first 5 s, so the first climb loses its first 2.5 s of rise:
    # 20 × sin(2π × 2.5 / 600) = 0.52 m. Every crest and trough later loses under 0.02 m.
    first_seconds_rise = 20 * math.sin(2 * math.pi * 2.5 / 600)
    assert activity.elevation_gain_m == pytest.approx(
        climbs(values(recorded, "altitude")) - first_seconds_rise, abs=0.1
    )
    assert activity.avg_power_w == pytest.approx(mean(values(recorded, "power")), abs=0.05)
    assert activity.max_power_w == max(values(recorded, "power"))
    assert activity.avg_hr == pytest.approx(mean(values(recorded, "heart_rate")), abs=0.05)
    assert activity.max_hr == max(values(recorded, "heart_rate"))
    # A minute of coasting at cadence 0 is left out of the cadence but kept in the power (0 W).
    pedalling = [cadence for cadence in values(recorded, "cadence") if cadence > 0]
    assert len(pedalling) == len(values(recorded, "cadence")) - 60
    assert activity.avg_cadence == pytest.approx(mean(pedalling), abs=0.05)
    assert activity.device == "development 53"
    assert activity.name == ""


def test_a_fit_ride_has_its_laps_with_figures_from_their_seconds() -> None:
    recorded = generate.ride()
    samples = by_offset(recorded)
    activity = read("ride.fit")
    assert [lap.start for lap in activity.laps] == [
        generate.RIDE_START + timedelta(minutes=m) for m in (0, 15, 30)
    ]
    assert [lap.duration_s for lap in activity.laps] == [900.0, 900.0, 900.0]
    assert [lap.moving_time_s for lap in activity.laps] == [900.0, 840.0, 900.0]
    first, second, last = activity.laps
    assert first.distance_m == pytest.approx(
        known(samples[900].distance) - known(samples[0].distance), abs=0.005
    )
    assert last.distance_m == pytest.approx(
        known(samples[2700].distance) - known(samples[1800].distance), abs=0.005
    )
    assert second.avg_power_w == pytest.approx(mean(values(recorded, "power", 900, 1800)), abs=0.05)
    assert last.avg_power_w == pytest.approx(mean(values(recorded, "power", 1800)), abs=0.05)
    assert first.avg_hr == pytest.approx(mean(values(recorded, "heart_rate", 0, 900)), abs=0.05)
    assert sum(lap.moving_time_s for lap in activity.laps) == activity.moving_time_s


def test_a_fit_ride_streams_one_value_a_second_and_none_while_paused() -> None:
    samples = by_offset(generate.ride())
    streams = read("ride.fit").streams
    assert streams.time_s == tuple(range(2701))
    for stream in (streams.power, streams.heart_rate, streams.speed_mps, streams.cadence, streams.altitude_m):
        assert len(stream) == 2701
    for second in (0, 1199, 1260, 1830, 2700):
        assert streams.power[second] == samples[second].power
        assert streams.heart_rate[second] == samples[second].heart_rate
        assert streams.speed_mps[second] == pytest.approx(samples[second].speed)
        assert streams.distance_m[second] == pytest.approx(samples[second].distance)
        assert streams.altitude_m[second] == pytest.approx(samples[second].altitude)
    assert set(streams.power[1200:1260]) == {None}
    assert set(streams.distance_m[1200:1260]) == {None}


def test_a_fit_timer_pause_shorter_than_the_hold_gap_is_still_a_pause() -> None:
    recorded = generate.fit_run()
    activity = read("run.fit")
    assert HOLD_GAP_S >= 908 - 899  # without the timer events these seconds would hold 899's values
    assert set(activity.streams.heart_rate[900:908]) == {None}
    assert activity.streams.heart_rate[899] == by_offset(recorded)[899].heart_rate
    assert activity.moving_time_s == 1800.0 - 8
    assert [lap.moving_time_s for lap in activity.laps] == [600.0, 592.0, 600.0]


def test_a_fit_run_without_power_or_climbing() -> None:
    recorded = generate.fit_run()
    activity = read("run.fit")
    assert activity.sport == "run"
    assert activity.start == generate.RUN_START
    assert activity.duration_s == 1800.0
    assert activity.distance_m == pytest.approx(recorded.samples[-1].distance, abs=0.005)
    assert activity.avg_power_w is None
    assert activity.max_power_w is None
    assert set(activity.streams.power) == {None}
    assert activity.elevation_gain_m == 0.0
    assert activity.avg_hr == pytest.approx(mean(values(recorded, "heart_rate")), abs=0.05)
    assert activity.avg_cadence == pytest.approx(mean(values(recorded, "cadence")), abs=0.05)


# --- TCX ----------------------------------------------------------------------------------------


def test_a_tcx_run_takes_its_speed_from_the_distance_and_stops_while_standing() -> None:
    recorded = generate.tcx_run()
    samples = by_offset(recorded)
    activity = read("run.tcx")
    assert activity.format == "tcx"
    assert activity.sport == "run"
    assert activity.start == recorded.start
    assert activity.duration_s == 900.0
    assert activity.device == "Kinetic fixture watch"
    assert activity.distance_m == pytest.approx(recorded.samples[-1].distance, abs=0.0005)
    streams = activity.streams
    # Each second's speed is the distance covered since the second before.
    assert streams.speed_mps[100] == pytest.approx(known(samples[100].distance) - known(samples[99].distance))
    assert streams.speed_mps[630] == 0.0
    # Across the two-minute gap there is no speed to derive; the gap holds nothing at all.
    assert streams.speed_mps[420] is None
    assert set(streams.heart_rate[300:420]) == {None}
    # Moving: 900 s less the 120 s gap and the 60 s standing still.
    assert len(recorded.seconds_standing) == 60
    assert all(
        samples[second].distance == samples[second - 1].distance for second in recorded.seconds_standing
    )
    assert activity.moving_time_s == 900.0 - 120 - 60
    assert [lap.moving_time_s for lap in activity.laps] == [450.0 - 120, 450.0 - 60]
    assert activity.avg_hr == pytest.approx(mean(values(recorded, "heart_rate")), abs=0.05)
    running = [cadence for cadence in values(recorded, "cadence") if cadence > 0]
    assert activity.avg_cadence == pytest.approx(mean(running), abs=0.05)


def test_a_tcx_ride_recorded_every_two_seconds_is_held_and_averaged_by_time() -> None:
    recorded = generate.tcx_ride()
    activity = read("ride.tcx")
    assert activity.sport == "ride"
    assert activity.duration_s == 900.0
    streams = activity.streams
    assert len(streams.power) == 901
    powers = values(recorded, "power")
    assert streams.power[::2] == tuple(powers)
    assert streams.power[1::2] == tuple(powers[:-1])  # each odd second holds the reading before it
    # Each reading lasts two seconds but the last, which ends the recording.
    time_weighted = (2 * sum(powers[:-1]) + powers[-1]) / (2 * len(powers) - 1)
    assert activity.avg_power_w == pytest.approx(round(time_weighted, 1), abs=0.05)
    assert activity.max_power_w == max(powers)
    assert activity.moving_time_s == 900.0
    assert activity.distance_m == pytest.approx(recorded.samples[-1].distance, abs=0.0005)
    assert [lap.duration_s for lap in activity.laps] == [450.0, 450.0]


def test_a_reading_out_of_range_is_dropped_and_the_second_holds_the_one_before() -> None:
    data = fixture("run.tcx")
    marker = b"<Time>2026-03-16T06:31:40Z</Time>"
    start = data.index(marker)
    end = data.index(b"</Trackpoint>", start)
    point = data[start:end]
    absurd = re.sub(rb"<Value>\d+</Value>", b"<Value>300</Value>", point)
    activity = read_activity_file(data[:start] + absurd + data[end:])
    samples = by_offset(generate.tcx_run())
    assert activity.max_hr is not None and activity.max_hr <= 250
    assert activity.streams.heart_rate[100] == samples[99].heart_rate


def trackpoint_at(data: bytes, offset_s: int, start: datetime) -> tuple[int, int]:
    """Where the trackpoint at ``offset_s`` seconds from ``start`` begins and ends in a TCX file."""
    time = (start + timedelta(seconds=offset_s)).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    begin = data.index(b"<Trackpoint><Time>" + time)
    return begin, data.index(b"</Trackpoint>", begin) + len(b"</Trackpoint>")


def test_a_heart_rate_dropout_longer_than_the_hold_gap_is_none_while_the_rest_goes_on() -> None:
    recorded = generate.tcx_run()
    data = fixture("run.tcx")
    first, _ = trackpoint_at(data, 100, recorded.start)
    _, end = trackpoint_at(data, 129, recorded.start)
    without_heart_rate = (
        data[:first] + re.sub(rb"<HeartRateBpm>.*?</HeartRateBpm>", b"", data[first:end]) + data[end:]
    )
    streams = read_activity_file(without_heart_rate).streams
    assert HOLD_GAP_S < 130 - 99
    assert set(streams.heart_rate[100:130]) == {None}
    assert streams.heart_rate[130] == by_offset(recorded)[130].heart_rate
    assert None not in streams.distance_m[99:131]


def test_a_record_earlier_than_the_one_before_is_passed_over() -> None:
    recorded = generate.tcx_run()
    data = fixture("run.tcx")
    first, end = trackpoint_at(data, 100, recorded.start)
    late = (recorded.start + timedelta(seconds=100)).strftime("%H:%M:%SZ").encode()
    early = (recorded.start + timedelta(seconds=50)).strftime("%H:%M:%SZ").encode()
    activity = read_activity_file(data[:first] + data[first:end].replace(late, early) + data[end:])
    samples = by_offset(recorded)
    assert activity.duration_s == 900.0
    assert activity.streams.heart_rate[50] == samples[50].heart_rate
    assert activity.streams.heart_rate[100] == samples[99].heart_rate  # held across the 2-s gap


def test_without_speed_or_distance_every_recorded_second_is_moving() -> None:
    data = re.sub(
        rb"<ns3:Speed>[^<]*</ns3:Speed>|<DistanceMeters>[^<]*</DistanceMeters>", b"", fixture("ride.tcx")
    )
    activity = read_activity_file(data)
    assert activity.distance_m is None
    assert set(activity.streams.speed_mps) == {None}
    assert activity.moving_time_s == activity.duration_s == 900.0


def test_a_tcx_with_two_activities_is_refused() -> None:
    data = fixture("run.tcx")
    activity = re.search(rb"<Activity .*</Activity>", data, re.DOTALL)
    assert activity is not None
    doubled = data.replace(activity.group(0), activity.group(0) * 2)
    with pytest.raises(UnreadableActivityFile, match="more than one activity"):
        read_activity_file(doubled)


def test_a_number_that_is_not_one_refuses_the_file() -> None:
    data = fixture("ride.tcx").replace(b"<ns3:Watts>", b"<ns3:Watts>x", 1)
    with pytest.raises(UnreadableActivityFile, match=r"<Watts>.*'x"):
        read_activity_file(data)


def test_records_spanning_more_than_three_days_are_refused() -> None:
    data = fixture("ride.tcx").replace(b"2026-03-16T07:15:00Z</Time>", b"2026-03-20T07:15:00Z</Time>")
    with pytest.raises(UnreadableActivityFile, match="span 96 hours"):
        read_activity_file(data)


# --- GPX ----------------------------------------------------------------------------------------


def test_a_gpx_run_with_heart_rate_extensions() -> None:
    recorded = generate.gpx_run()
    activity = read("run_hr.gpx")
    assert activity.format == "gpx"
    assert activity.sport == "run"
    assert activity.name == "Morning run"
    assert activity.device == "Kinetic fixture generator"
    assert activity.start == recorded.start
    assert activity.duration_s == 600.0
    # Points along a meridian: the track's length is the sum of each second's known speed.
    assert activity.distance_m == pytest.approx(sum(values(recorded, "speed")), abs=0.01)
    assert activity.streams.speed_mps[300] == pytest.approx(by_offset(recorded)[300].speed, abs=0.001)
    assert activity.moving_time_s == 600.0
    assert activity.avg_hr == pytest.approx(mean(values(recorded, "heart_rate")), abs=0.05)
    assert activity.avg_cadence == pytest.approx(mean(values(recorded, "cadence")), abs=0.05)
    # A steady climb of 1/60 m a second: the running median starts and ends it at the median of the
    # first and last 5 s, 2.5 s in from each end: 2 × 2.5 / 60 = 0.08 m less (the altitudes are
    # written to 0.1 m).
    assert activity.elevation_gain_m == pytest.approx(
        known(recorded.samples[-1].altitude) - known(recorded.samples[0].altitude) - 5 / 60, abs=0.05
    )
    assert len(activity.laps) == 1
    assert activity.laps[0].distance_m == activity.distance_m


def test_a_gpx_without_extensions_or_type() -> None:
    recorded = generate.gpx_run()
    activity = read("run_plain.gpx")
    assert activity.sport == "other"
    assert activity.name == ""
    assert activity.avg_hr is None
    assert activity.avg_cadence is None
    assert set(activity.streams.heart_rate) == {None}
    assert activity.distance_m == pytest.approx(sum(values(recorded, "speed")), abs=0.01)


def test_a_gpx_track_without_times_is_refused() -> None:
    data = re.sub(rb"<time>[^<]*</time>", b"", fixture("run_plain.gpx"))
    with pytest.raises(UnreadableActivityFile, match="no track points with a time"):
        read_activity_file(data)


def test_a_gps_jump_adds_no_distance() -> None:
    data = fixture("run_plain.gpx")
    points = data.split(b'<trkpt lat="48.0')
    points[2] = b"5" + points[2][1:]  # the second point 55 km north, and back the second after
    jumped = b'<trkpt lat="48.0'.join(points[:2]) + b'<trkpt lat="48.' + b'<trkpt lat="48.0'.join(points[2:])
    assert jumped.count(b'lat="48.5') == 1
    # Along a straight line, measuring from the first point to the third is the same length.
    assert read_activity_file(jumped).distance_m == pytest.approx(
        read_activity_file(data).distance_m, abs=0.001
    )


# --- Sport --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sport", "sub_sport", "expected"),
    [
        ("running", "generic", "run"),
        ("cycling", "road", "ride"),
        ("swimming", "lap_swimming", "swim"),
        ("training", "strength_training", "strength"),
        ("training", "cardio_training", "strength"),
        ("fitness_equipment", "treadmill", "run"),
        ("fitness_equipment", "indoor_cycling", "ride"),
        ("fitness_equipment", "indoor_rowing", "other"),
        ("hiking", "generic", "other"),
        (None, None, "other"),
    ],
)
def test_fit_sports(sport: str | None, sub_sport: str | None, expected: str) -> None:
    assert fit_sport(sport, sub_sport) == expected


@pytest.mark.parametrize(("sport", "expected"), [("Running", "run"), ("Biking", "ride"), ("Other", "other")])
def test_tcx_sports(sport: str, expected: str) -> None:
    assert tcx_sport(sport) == expected
    data = fixture("ride.tcx").replace(b'Sport="Biking"', f'Sport="{sport}"'.encode())
    assert read_activity_file(data).sport == expected


@pytest.mark.parametrize(
    ("track_type", "expected"),
    [
        ("running", "run"),
        ("Trail Run", "run"),
        ("cycling", "ride"),
        ("Ride", "ride"),
        ("mountain_biking", "ride"),
        ("Swimming", "swim"),
        ("strength_training", "strength"),
        ("hiking", "other"),
        ("9", "other"),
    ],
)
def test_gpx_sports(track_type: str, expected: str) -> None:
    assert gpx_sport(track_type) == expected


def test_a_gpx_sport_comes_from_the_track_type() -> None:
    data = fixture("run_hr.gpx").replace(b"<type>running</type>", b"<type>Ride</type>")
    assert read_activity_file(data).sport == "ride"


# --- source_key ---------------------------------------------------------------------------------


def test_the_same_file_renamed_has_the_same_key() -> None:
    data = fixture("ride.fit")
    keys = {read_activity_file(data, filename=name).source_key for name in ("ride.fit", "Morning.FIT", None)}
    assert len(keys) == 1
    (key,) = keys
    assert re.fullmatch(r"fit:[0-9a-f]{32}", key)


@pytest.mark.parametrize("name", ["run.tcx", "run_hr.gpx"])
def test_xml_saved_again_with_other_whitespace_has_the_same_key(name: str) -> None:
    data = fixture(name)
    compact = re.sub(rb">\s+<", b"><", data)
    windows = data.replace(b"\n", b"\r\n").replace(b"  ", b"\t")
    assert compact != data
    keys = {read_activity_file(variant).source_key for variant in (data, compact, windows)}
    assert len(keys) == 1


def test_another_activity_or_one_changed_reading_has_another_key() -> None:
    data = fixture("run.tcx")
    changed = data.replace(b"<Value>148</Value>", b"<Value>149</Value>", 1)
    assert changed != data
    keys = [read_activity_file(variant).source_key for variant in (data, changed)]
    keys += [read("ride.tcx").source_key, read("run.fit").source_key, read("ride.fit").source_key]
    assert len(set(keys)) == len(keys)


# --- Refused files and detection ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("broken_truncated.fit", "the FIT file is cut short"),
        ("broken_bad_crc.fit", "checksum does not match"),
        ("broken_one_record.fit", "only one record with a time"),
        ("broken_empty.fit", "the file is empty"),
        ("broken_neither.xml", "root element is <kml>"),
        ("broken_neither.csv", "neither FIT .* nor TCX or GPX"),
        ("broken_no_points.gpx", "no track points with a time"),
        ("broken_entities.gpx", "declares a document type"),
    ],
)
def test_broken_files_are_refused_with_their_reason(name: str, reason: str) -> None:
    with pytest.raises(UnreadableActivityFile, match=reason) as refused:
        read(name)
    assert isinstance(refused.value, ValueError)
    assert re.search(reason, refused.value.reason)


def test_the_refusal_names_a_file_that_only_claims_to_be_fit() -> None:
    with pytest.raises(UnreadableActivityFile, match=r"named 'ride\.fit'"):
        read_activity_file(fixture("broken_neither.csv"), filename="ride.fit")


def test_compressed_files_are_refused_with_what_to_do() -> None:
    with pytest.raises(UnreadableActivityFile, match="gzip-compressed: decompress it"):
        read_activity_file(gzip.compress(fixture("ride.fit"), mtime=0), filename="ride.fit.gz")


def test_the_format_comes_from_the_content_not_the_name() -> None:
    assert read_activity_file(fixture("run.tcx"), filename="run.gpx").format == "tcx"
    assert read_activity_file(fixture("run_hr.gpx"), filename="run.fit").format == "gpx"
    assert read_activity_file(fixture("run.fit"), filename="run.tcx").format == "fit"
    assert read_activity_file(b"\xef\xbb\xbf" + fixture("run_plain.gpx")).format == "gpx"


def test_an_internal_entity_is_refused_before_anything_is_expanded() -> None:
    data = (
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>'
        b"<TrainingCenterDatabase>&a;</TrainingCenterDatabase>"
    )
    with pytest.raises(UnreadableActivityFile, match="document type"):
        read_activity_file(data)


def test_the_text_fixtures_are_what_the_generator_writes() -> None:
    files = {
        "run.tcx": generate.write_tcx(generate.tcx_run(), "Running"),
        "ride.tcx": generate.write_tcx(generate.tcx_ride(), "Biking"),
        "run_plain.gpx": generate.write_gpx(generate.gpx_run(), extensions=False, track_type=None, name=None),
    }
    for name, data in files.items():
        assert fixture(name) == data, name
