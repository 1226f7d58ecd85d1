"""Which imported activity is the twin of a stored one, and which copy is kept (decision 0087)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from services.sessions.endurance.domain.endurance_model import ActivityValues
from services.sessions.endurance.domain.twin_rules import is_twin, richness

START = datetime(2013, 8, 16, 18, 5, 10, tzinfo=UTC)
RIDE = ActivityValues(
    sport="ride",
    start=START,
    duration_s=4700.0,
    moving_time_s=4650.0,
    distance_m=41_339.0,
    avg_power_w=276.0,
    avg_hr=154.0,
    avg_cadence=87.0,
)


@pytest.mark.parametrize(
    ("change", "twin"),
    [
        ({}, True),
        ({"start": START + timedelta(seconds=60)}, True),
        ({"start": START - timedelta(seconds=60)}, True),
        ({"start": START + timedelta(seconds=61)}, False),
        ({"sport": "run"}, False),
        ({"duration_s": 4700.0 * 1.1}, True),  # within 10 % of the longer
        ({"duration_s": 4200.0}, False),
        ({"start": START.replace(tzinfo=None)}, True),  # read back from SQLite: UTC
    ],
)
def test_a_twin_has_the_sport_a_start_within_a_minute_and_a_similar_duration(
    change: dict[str, object], twin: bool
) -> None:
    assert is_twin(RIDE, replace(RIDE, **change)) is twin  # type: ignore[arg-type]


def test_short_activities_match_within_a_minute_of_duration() -> None:
    short = replace(RIDE, duration_s=300.0)
    assert is_twin(short, replace(short, duration_s=360.0))
    assert not is_twin(short, replace(short, duration_s=361.0))


def test_the_copy_with_more_measures_is_richer_then_fit_over_tcx_over_gpx() -> None:
    no_hr = replace(RIDE, avg_hr=None)
    assert richness(RIDE, "tcx:a") > richness(no_hr, "fit:b")
    assert richness(RIDE, "fit:a") > richness(RIDE, "tcx:b") > richness(RIDE, "gpx:c")
    assert richness(RIDE, "tcx:a") == richness(RIDE, "tcx:b"), "a tie keeps the first"
