"""A swim's heart rate from a chest strap's stored beats, the elapsed time of a FIT session that
outlasts its records, a TCX swim's laps and a triathlon's transitions (decision 0084, 0087).

The expected figures are the devices' own, read here with fitdecode (an independent FIT parser)
or the standard library's XML parser, never with Kinetic's readers.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import fitdecode
import pytest

from services.sessions.endurance.activity_files import read_activity_file, read_activity_files
from services.sessions.endurance.activity_files.fit import read_fit
from services.sessions.endurance.activity_files.recording import Recording
from services.sessions.endurance.activity_files.strap_heart_rate import StrapHeartRate

CORPUS = Path(__file__).parents[1] / "fixtures" / "real_activities" / "corpus"


def _lap_number(lap: ET.Element, name: str) -> float:
    found = lap.find("{*}" + name)
    assert found is not None and found.text, name
    return float(found.text)


def fitdecode_sessions(data: bytes) -> list[dict[str, Any]]:
    sessions = []
    with fitdecode.FitReader(io.BytesIO(data), check_crc=fitdecode.CrcCheck.DISABLED) as reader:
        for frame in reader:
            if isinstance(frame, fitdecode.FitDataMessage) and frame.name == "session":
                sessions.append({field.name: field.value for field in frame.fields})
    return sessions


def test_a_strap_clock_is_tied_to_utc_by_its_first_message_and_counts_on_in_12_bits() -> None:
    recording = Recording(format="fit")
    strap = StrapHeartRate(recording)
    # The first message: the strap's clock at 1000.5 s is 631065600 + 1_000_000_000 + 0.25 POSIX s.
    strap.take(
        {
            "timestamp": 1_000_000_000,
            "fractional_timestamp": 0.25,
            "event_timestamp": 1000.5,
            "filtered_bpm": 100,
        }
    )
    anchor = 631_065_600 + 1_000_000_000 + 0.25
    # Then three beats 1, 2 and 3 s later, given by their low 12 bits (1/1024 s); the third
    # crosses a 4-s wrap of the 12-bit counter.
    ticks = [round((1000.5 + seconds) * 1024) for seconds in (1.0, 2.0, 3.0)]
    packed = sum((tick & 0xFFF) << (12 * index) for index, tick in enumerate(ticks))
    strap.take({"event_timestamp_12": tuple(packed.to_bytes(5, "little")), "filtered_bpm": (101, 102, 103)})

    assert recording.strap_heart_rate == [
        (anchor, 100.0),
        (pytest.approx(anchor + 1.0), 101.0),
        (pytest.approx(anchor + 2.0), 102.0),
        (pytest.approx(anchor + 3.0), 103.0),
    ]


def test_a_pool_swim_with_a_strap_has_the_devices_heart_rate_and_elapsed_time() -> None:
    # Forerunner 735XT + HRM-Swim: no heart rate in any record, 1 415 hr messages in FIT files
    # chained after the activity; the records stop 124 s before the session ends.
    data = (CORPUS / "garmin-fr735xt-pool-swim.fit").read_bytes()
    (session,) = fitdecode_sessions(data)
    activity = read_activity_file(data)

    assert activity.avg_hr == pytest.approx(session["avg_heart_rate"], abs=1)
    assert activity.max_hr == session["max_heart_rate"]
    assert activity.start == session["start_time"]
    assert activity.duration_s == pytest.approx(session["total_elapsed_time"], abs=0.001)
    assert activity.distance_m == pytest.approx(session["total_distance"], abs=0.01)
    # Moving at the device's own average speed (distance over the active lengths' time).
    assert (activity.distance_m or 0) / activity.moving_time_s == pytest.approx(
        session["avg_speed"], abs=0.01
    )


def test_a_live_heart_rate_in_the_records_stands_against_a_straps_stored_beats() -> None:
    # Forerunner 935: 70 % of its records carry a heart rate, and it also wrote hr messages
    # whose beats average 90; its session states the records' 80.
    data = (CORPUS / "garmin-fr935-swim.fit").read_bytes()
    (session,) = fitdecode_sessions(data)

    assert read_fit(data).strap_heart_rate, "the file has stored beats"
    assert read_activity_file(data).avg_hr == pytest.approx(session["avg_heart_rate"], abs=1)


def test_a_session_starting_before_its_records_gives_the_start_and_elapsed_time() -> None:
    # Forerunner 645 Music pool swim: the first record 317 s after the session's start.
    data = (CORPUS / "garmin-fr645m-pool-swim.fit").read_bytes()
    (session,) = fitdecode_sessions(data)
    activity = read_activity_file(data)

    assert activity.start == session["start_time"]
    assert activity.duration_s == pytest.approx(session["total_elapsed_time"], abs=0.001)
    assert (activity.distance_m or 0) / activity.moving_time_s == pytest.approx(
        session["avg_speed"], abs=0.001
    )


def test_a_triathlons_swim_leg_takes_the_straps_beats_and_its_transition_its_last_seconds() -> None:
    data = (CORPUS / "garmin-fr920xt-triathlon.fit").read_bytes()
    sessions = fitdecode_sessions(data)
    legs = read_activity_files(data)

    swim, transition = legs[0], legs[1]
    assert swim.avg_hr == pytest.approx(sessions[0]["avg_heart_rate"], abs=1)  # 7 of 350 records had one
    assert swim.max_hr == pytest.approx(sessions[0]["max_heart_rate"], abs=1)
    # The transition's records stop 3 s before its session ends, at 2.3 m/s: those seconds move.
    assert transition.duration_s == pytest.approx(sessions[1]["total_elapsed_time"], abs=0.001)
    assert transition.moving_time_s == 53
    # The ride and the run have their records' live heart rate.
    assert legs[2].avg_hr == pytest.approx(sessions[2]["avg_heart_rate"], abs=1)
    assert legs[4].avg_hr == pytest.approx(sessions[4]["avg_heart_rate"], abs=1)


def test_a_tcx_swim_given_at_upload_has_its_laps_time_and_distance() -> None:
    # A vivoactive HR pool swim exported as TCX (Sport="Other", no lengths in TCX).
    data = (CORPUS / "garmin-vivoactive-hr-pool-swim.tcx").read_bytes()
    laps = [element for element in ET.fromstring(data).iter() if element.tag.endswith("}Lap")]
    seconds = sum(_lap_number(lap, "TotalTimeSeconds") for lap in laps)
    metres = sum(_lap_number(lap, "DistanceMeters") for lap in laps)

    (swim,) = read_activity_files(data, sport="swim")
    (other,) = read_activity_files(data)

    assert swim.sport == "swim" and other.sport == "other"
    assert swim.moving_time_s == pytest.approx(seconds, abs=0.001)
    assert swim.distance_m == pytest.approx(metres, abs=0.01)
    assert other.moving_time_s < swim.moving_time_s, "read as a track, its points judge its time"
    assert swim.source_key == other.source_key


def test_a_swim_climbs_nothing() -> None:
    # The watch's altitude on an open-water swim is noise; read as a track it climbs 2.4 km.
    data = (CORPUS / "garmin-vivoactive-hr-open-water-swim.tcx").read_bytes()
    (swim,) = read_activity_files(data, sport="swim")
    (track,) = read_activity_files(data)
    assert swim.elevation_gain_m is None
    assert track.elevation_gain_m is not None and track.elevation_gain_m > 1000
