"""The plausibility bounds (decision 0085): world-record performances stay in, wrong figures out."""

from __future__ import annotations

import pytest

from knowledge.endurance.plausibility import (
    MAX_STRESS_PER_HOUR,
    SPEED_LIMITS,
    implausible_speed,
    implausible_stress,
)


@pytest.mark.parametrize(
    ("sport", "metres", "seconds"),
    [
        ("swim", 50, 20.91),  # 50 m freestyle, long course (Cielo, 2009)
        ("swim", 1500, 870.67),  # 1500 m freestyle (Finke, 2024)
        ("run", 100, 9.58),  # 100 m (Bolt, 2009): short, and still kept
        ("run", 400, 43.03),  # 400 m (van Niekerk, 2016)
        ("run", 42195, 7235),  # marathon (Kiptum, 2023)
        ("ride", 56792, 3600),  # UCI hour record (Ganna, 2022)
        ("ride", 5000, 180),  # three minutes down a pass at 100 km/h: shorter than ten minutes
    ],
)
def test_world_records_and_short_bursts_are_plausible(sport: str, metres: float, seconds: float) -> None:
    assert implausible_speed(sport, metres, seconds) is None


@pytest.mark.parametrize(
    ("sport", "metres", "seconds", "words"),
    [
        ("swim", 2000, 8, "0:00.4/100 m"),  # a 50-minute pool swim read as 8 s of moving time
        ("swim", 1100, 200, "0:18.2/100 m"),
        ("run", 10000, 600, "60.0 km/h"),  # a run recorded in a car
        ("run", 1000, 50, "72.0 km/h"),  # shorter than a minute, but farther than 9.6 m/s covers in one
        ("ride", 40000, 1200, "120.0 km/h"),
    ],
)
def test_speeds_no_one_holds_are_flagged_with_a_reason(
    sport: str, metres: float, seconds: float, words: str
) -> None:
    found = implausible_speed(sport, metres, seconds)

    assert found is not None and found.figure == "avg_speed"
    assert found.value == pytest.approx(metres / seconds) and found.bound == SPEED_LIMITS[sport].max_mps
    assert words in found.reason and "left out of fitness and fatigue" in found.reason


def test_sports_without_a_speed_bound_and_missing_figures_are_never_flagged() -> None:
    assert implausible_speed("other", 100_000, 60) is None
    assert implausible_speed("strength", 100_000, 60) is None
    assert implausible_speed("swim", None, 60) is None
    assert implausible_speed("swim", 2000, 0) is None


def test_stress_per_hour_is_bounded_at_150() -> None:
    assert implausible_stress(150.0, 3600) is None
    assert implausible_stress(75.0, 1800) is None
    found = implausible_stress(1_194_165.2, 3000)
    assert found is not None and (found.figure, found.bound) == ("stress_per_hour", MAX_STRESS_PER_HOUR)
    assert found.value == pytest.approx(1_194_165.2 / (3000 / 3600))
    assert "1194165" in found.reason and "left out of fitness and fatigue" in found.reason
