"""Planned TSS from a workout's steps and the athlete's thresholds (decision 0062, "Planned stress")."""

from __future__ import annotations

import pytest

from knowledge.endurance.running import training_paces
from services.training.domain.endurance import EnduranceStep, EnduranceTarget, IntensityTarget, StepTarget
from services.training.domain.planned_stress import (
    Thresholds,
    planned_tss,
    unresolved_pace_zones,
    with_resolved_paces,
    zone_pace_band,
)

RUNNER = Thresholds(threshold_pace_seconds_per_km=240.0, ftp_watts=250.0, css_seconds_per_100m=100.0)


def interval(
    seconds: int | None = None,
    meters: float | None = None,
    target: StepTarget | None = None,
    role: str = "work",
) -> EnduranceStep:
    return EnduranceStep(
        type="interval", role=role, duration_seconds=seconds, distance_meters=meters, target=target
    )


def run(*steps: EnduranceStep, sport: str = "run") -> EnduranceTarget:
    return EnduranceTarget(sport=sport, steps=steps)


def test_an_hour_at_threshold_pace_scores_100() -> None:
    at_threshold = StepTarget(kind="pace", pace_low_seconds_per_km=238, pace_high_seconds_per_km=242)
    assert planned_tss(run(interval(3600, target=at_threshold)), RUNNER) == 100.0


def test_an_hour_at_ftp_scores_100_in_watts_or_percent() -> None:
    watts = StepTarget(kind="power", watts_low=240, watts_high=260)
    percent = StepTarget(kind="power", ftp_percent_low=95, ftp_percent_high=105)
    assert planned_tss(run(interval(3600, target=watts), sport="ride"), RUNNER) == 100.0
    assert planned_tss(run(interval(3600, target=percent), sport="ride"), Thresholds()) == 100.0


def test_swimming_uses_the_cube_of_the_intensity_factor() -> None:
    # 2:00 /100 m against a CSS of 1:40: IF 0.833; an hour scores 0.833^3 x 100.
    slower = StepTarget(kind="pace", pace_low_seconds_per_km=1200, pace_high_seconds_per_km=1200)
    assert planned_tss(run(interval(3600, target=slower), sport="swim"), RUNNER) == pytest.approx(
        57.9, abs=0.05
    )


def test_repeats_count_every_round() -> None:
    work = interval(300, target=StepTarget(kind="power", ftp_percent_low=100, ftp_percent_high=100))
    rest = interval(300, role="recovery")
    once = planned_tss(run(work, rest, sport="ride"), RUNNER)
    five = planned_tss(
        run(EnduranceStep(type="repeat", repeat_count=5, steps=(work, rest)), sport="ride"), RUNNER
    )
    assert once is not None and five is not None
    assert five == pytest.approx(once * 5, abs=0.5)  # each is rounded to 0.1


def test_a_distance_step_is_timed_by_its_pace_or_by_threshold() -> None:
    paced = StepTarget(kind="pace", pace_low_seconds_per_km=300, pace_high_seconds_per_km=300)
    # 10 km at 5:00 /km = 50 min at IF 0.8: 0.8333 h x 0.64 x 100 = 53.3
    assert planned_tss(run(interval(meters=10_000, target=paced)), RUNNER) == pytest.approx(53.3, abs=0.05)
    # Without a pace and without a threshold pace, its length cannot be known.
    assert planned_tss(run(interval(meters=10_000)), Thresholds()) is None
    # With a threshold pace, an untargeted work step runs at IF 0.85 of it.
    assert planned_tss(run(interval(meters=10_000)), RUNNER) is not None


def test_without_steps_duration_and_intensity_label_decide() -> None:
    easy_hour = EnduranceTarget(sport="run", planned_duration_seconds=3600)
    zone_three = EnduranceTarget(
        sport="run", planned_duration_seconds=3600, intensity=IntensityTarget("heart_rate", "Z3")
    )
    assert planned_tss(easy_hour, Thresholds()) == pytest.approx(56.2, abs=0.05)
    assert planned_tss(zone_three, Thresholds()) == pytest.approx(72.2, abs=0.05)
    assert planned_tss(EnduranceTarget(sport="run"), RUNNER) is None


def test_a_ride_never_borrows_the_running_threshold_pace() -> None:
    paced_ride = run(
        interval(
            3600, target=StepTarget(kind="pace", pace_low_seconds_per_km=120, pace_high_seconds_per_km=120)
        ),
        sport="ride",
    )
    # No threshold pace for a ride: the step is read by its role (work, 0.85).
    assert planned_tss(paced_ride, RUNNER) == pytest.approx(72.2, abs=0.05)


def test_named_paces_get_seconds_from_the_vdot_and_again_after_recalibration() -> None:
    named = run(interval(1200, target=StepTarget(kind="pace", pace_zone="T")))
    assert unresolved_pace_zones(named)
    assert with_resolved_paces(named, None) is named
    at_50 = with_resolved_paces(named, 50.0)
    at_55 = with_resolved_paces(at_50, 55.0)
    target_50, target_55 = at_50.steps[0].target, at_55.steps[0].target
    assert target_50 is not None and target_55 is not None
    assert not unresolved_pace_zones(at_50)
    threshold_50 = training_paces(50.0).threshold.seconds_per_km
    assert target_50.pace_low_seconds_per_km == round(threshold_50 - 3)
    assert target_55.pace_low_seconds_per_km is not None and target_50.pace_low_seconds_per_km is not None
    assert target_55.pace_low_seconds_per_km < target_50.pace_low_seconds_per_km
    assert target_55.pace_zone == "T"


def test_easy_pace_is_its_own_range_and_bands_stay_within_target_limits() -> None:
    low, high = zone_pace_band("E", 45.0)
    paces = training_paces(45.0)
    assert (low, high) == (round(paces.easy.fastest.seconds_per_km), round(paces.easy.slowest.seconds_per_km))
    assert zone_pace_band("R", 85.0)[0] >= 120
    assert zone_pace_band("E", 20.0)[1] <= 1200
