"""A planned endurance workout's part of a workout: sport, planned totals, intensity and steps.

One workout model serves strength and endurance alike: a workout whose ``endurance`` is set is a
planned run, ride, swim... and may have no movements. The vocabulary (``"run"``, ``"heart_rate"``)
is the endurance records' (sessions' EnduranceService), so a later comparison of plan and activity
needs no mapping. Limits are training's data in
``knowledge.limits.endurance_plans`` (decision 0091), enforced by ``endurance_rules``
(docs/decisions/0056-planned-endurance-workouts.md).
"""

from __future__ import annotations

from dataclasses import dataclass

SPORTS: tuple[str, ...] = ("run", "ride", "swim", "strength", "other")
# Sports a distance may be planned for: a strength day has none.
DISTANCE_SPORTS: tuple[str, ...] = ("run", "ride", "swim", "other")
INTENSITY_KINDS: tuple[str, ...] = ("pace", "power", "heart_rate", "rpe")
STEP_TYPES: tuple[str, ...] = ("warm_up", "cool_down", "interval", "repeat")
INTERVAL_ROLES: tuple[str, ...] = ("work", "recovery", "active")
# Daniels' training paces by their letters: easy, marathon, threshold, interval, repetition.
PACE_ZONES: tuple[str, ...] = ("E", "M", "T", "I", "R")


@dataclass(frozen=True)
class StepTarget:
    """What a step holds; exactly the fields of ``kind`` are set (low <= high)."""

    kind: str
    pace_low_seconds_per_km: int | None = None
    pace_high_seconds_per_km: int | None = None
    watts_low: int | None = None
    watts_high: int | None = None
    ftp_percent_low: float | None = None
    ftp_percent_high: float | None = None
    bpm_low: int | None = None
    bpm_high: int | None = None
    heart_rate_zone: int | None = None
    rpe: int | None = None
    # pace: the VDOT training pace the seconds come from ("E", "M", "T", "I", "R"), when named;
    # a recalibration computes the seconds again (decision 0062).
    pace_zone: str | None = None


@dataclass(frozen=True)
class EnduranceStep:
    """A warm-up, cool-down or interval of a duration or a distance, or a repeat block of steps."""

    type: str
    role: str = ""  # intervals only: work, recovery or active
    duration_seconds: int | None = None
    distance_meters: float | None = None
    target: StepTarget | None = None
    notes: str = ""
    repeat_count: int = 0  # repeats only
    steps: tuple[EnduranceStep, ...] = ()  # repeats only


@dataclass(frozen=True)
class IntensityTarget:
    """The session's overall intensity: a kind and a zone or label such as "Z2"."""

    kind: str
    label: str


@dataclass(frozen=True)
class EnduranceTarget:
    """What a planned endurance workout asks for.

    ``planned_tss`` is kept as given: computing it from the steps and the athlete's thresholds is
    not done yet, and ``planned_tss_locked`` marks a value a later computation must keep.
    """

    sport: str
    planned_duration_seconds: int | None = None
    planned_distance_meters: float | None = None
    intensity: IntensityTarget | None = None
    steps: tuple[EnduranceStep, ...] = ()
    planned_tss: float | None = None
    planned_tss_locked: bool = False
