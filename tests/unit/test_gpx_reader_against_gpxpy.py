"""Kinetic's streaming GPX reader reads what gpxpy (its reader until decision 0069) read: the same
points, times, positions, elevations and extension values, on every GPX fixture."""

from __future__ import annotations

import math
from datetime import UTC
from pathlib import Path

import gpxpy
import pytest

from services.sessions.endurance.activity_files.gpx import read_gpx
from services.sessions.endurance.activity_files.recording import MISSING, Recording

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "activity_files"
READABLE = sorted(path for path in FIXTURES.glob("*.gpx") if not path.name.startswith("broken_"))


def gpxpy_points(data: bytes) -> list[tuple[float, float, float, float]]:
    """(time, latitude, longitude, elevation) of every timed point, as gpxpy reads them."""
    document = gpxpy.parse(data.decode("utf-8-sig"))
    points = []
    for track in document.tracks:
        for segment in track.segments:
            for point in segment.points:
                if point.time is None:
                    continue
                moment = point.time if point.time.tzinfo else point.time.replace(tzinfo=UTC)
                elevation = MISSING if point.elevation is None else float(point.elevation)
                points.append((moment.timestamp(), point.latitude, point.longitude, elevation))
    return points


def kinetic_points(recording: Recording) -> list[tuple[float, float, float, float]]:
    return list(
        zip(recording.times, recording.latitude, recording.longitude, recording.altitude, strict=True)
    )


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, abs=1e-9)


@pytest.mark.parametrize("path", READABLE, ids=lambda path: path.name)
def test_the_streaming_reader_reads_every_point_gpxpy_read(path: Path):
    data = path.read_bytes()
    expected = gpxpy_points(data)
    read = kinetic_points(read_gpx(data))
    assert len(read) == len(expected) > 0
    for ours, theirs in zip(read, expected, strict=True):
        assert all(same(a, b) for a, b in zip(ours, theirs, strict=True)), (ours, theirs)


def test_the_fixtures_include_points_with_extensions():
    assert READABLE, "no GPX fixture to compare"
    with_heart_rate = read_gpx((FIXTURES / "run_hr.gpx").read_bytes())
    assert any(not math.isnan(value) for value in with_heart_rate.heart_rate)
