"""Real device files that broke the reader: a Garmin Fenix 2 multisport day read as its legs, and
a Coros Pace 2 ride whose definitions declare field sizes no multiple of their type (decision
0087). Expected figures are the devices' own session messages, read with fitdecode here (a
second, independent decoder); the files and their sources are in
tests/fixtures/real_activities/twins_multisport/SOURCES.md.
"""

from __future__ import annotations

import gzip
import io
import warnings
from pathlib import Path
from typing import Any

import fitdecode
import pytest

from services.sessions.endurance.activity_files import read_activity_file, read_activity_files
from services.sessions.endurance.activity_files.fit import read_fit
from tests.fixtures.fitdecode_reference import read_fit_with_fitdecode
from tests.fixtures.multisport_day import write_multisport

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "real_activities" / "twins_multisport"
FENIX_2 = gzip.decompress((REAL / "activity-large-fenxi2-multisport.fit.gz").read_bytes())
COROS = (REAL / "coros-pace-2-cycling-misaligned-fields.fit").read_bytes()
SPORTS = {"running": "run", "cycling": "ride", "transition": "other", "generic": "other"}


def device_sessions(data: bytes) -> list[dict[str, Any]]:
    """The file's session messages as fitdecode reads them (lenient about field sizes)."""
    sessions = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with fitdecode.FitReader(io.BytesIO(data), error_handling=fitdecode.ErrorHandling.IGNORE) as reader:
            for frame in reader:
                if isinstance(frame, fitdecode.FitDataMessage) and frame.name == "session":
                    sessions.append({field.name: field.value for field in frame.fields})
    return sessions


def test_a_multisport_file_reads_as_one_activity_per_leg_with_the_devices_figures() -> None:
    sessions = device_sessions(FENIX_2)
    legs = read_activity_files(FENIX_2)
    assert len(sessions) == len(legs) == 7
    for index, (leg, session) in enumerate(zip(legs, sessions, strict=True)):
        assert leg.sport == SPORTS[session["sport"]], index
        assert leg.name == f"leg {index + 1} of 7: {session['sport']}"
        assert leg.duration_s == pytest.approx(session["total_elapsed_time"], abs=1.0), index
        assert leg.distance_m == pytest.approx(session["total_distance"], rel=0.001), index
        assert leg.avg_power_w is None
    # Each leg after the first starts where the device says; the first at the first record, as the
    # device wrote its start 45 minutes late (its end less its elapsed time is the first record).
    for leg, session in zip(legs[1:], sessions[1:], strict=True):
        assert leg.start == session["start_time"]
    first_end = sessions[0]["timestamp"].timestamp()
    assert legs[0].start.timestamp() == pytest.approx(first_end - sessions[0]["total_elapsed_time"], abs=2)
    total = sum(leg.distance_m or 0 for leg in legs)
    assert total == pytest.approx(sum(s["total_distance"] for s in sessions), rel=0.001)
    assert total > 69_800  # read whole, the file said 28.9 km: the last leg's counter
    assert read_activity_file(FENIX_2).distance_m == pytest.approx(28_927, abs=1)
    assert len({leg.source_key for leg in legs}) == 7


def test_a_file_of_one_session_is_one_activity_as_before() -> None:
    [ride] = read_activity_files(COROS)
    assert ride == read_activity_file(COROS)


def test_a_day_whose_distance_counter_runs_across_legs_gives_each_leg_its_own() -> None:
    legs = read_activity_files(write_multisport(hours=4))
    assert [leg.sport for leg in legs] == ["swim", "other", "ride", "other"]
    swim, _, ride, _ = legs
    assert swim.distance_m == pytest.approx(5400 * 0.9, rel=0.01)
    assert ride.avg_power_w == pytest.approx(180, abs=3)
    assert swim.avg_power_w is None, "the ride's power stays on the ride"
    whole = read_activity_file(write_multisport(hours=4))
    assert sum(leg.distance_m or 0 for leg in legs) == pytest.approx(whole.distance_m, rel=0.001)


def test_the_coros_ride_reads_with_the_devices_figures_and_as_fitdecode_reads_it() -> None:
    [session] = device_sessions(COROS)
    ride = read_activity_file(COROS)
    assert (ride.sport, ride.device) == ("ride", "coros COROS PACE 2")
    assert ride.duration_s == pytest.approx(session["total_elapsed_time"], abs=1.0)
    assert ride.distance_m == pytest.approx(session["total_distance"], rel=0.001)
    assert ride.max_hr == session["max_heart_rate"]
    assert ride.avg_power_w is None and session["avg_power"] == 0, "no power meter: the device wrote 0"
    # The misaligned fields are not record columns: both decoders give the same recording.
    ours = read_fit(COROS)
    theirs = read_fit_with_fitdecode(COROS, error_handling=fitdecode.ErrorHandling.IGNORE)
    assert [column.tobytes() for column in ours.columns()] == [
        column.tobytes() for column in theirs.columns()
    ]
    assert (ours.lap_starts, ours.pauses, ours.sport) == (theirs.lap_starts, theirs.pauses, theirs.sport)
