"""Paces, race estimates and planned stress for a plan, all from one VDOT (decision 0065).

Training paces are Daniels' (``knowledge.endurance.running.training_paces``). A race up to the
marathon is predicted by the same equations; beyond them (ultras, timed events) the marathon
prediction is carried out with a power law. Planned stress is rTSS: hours x IF^2 x 100, IF the
threshold pace over the step's pace (the middle of its band), the model training's planned stress
uses too, so a stored workout's recomputed TSS matches the generator's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from knowledge.endurance.pace import METERS_PER_KILOMETER, SECONDS_PER_HOUR
from knowledge.endurance.running import (
    LONGEST_DISTANCE_M,
    MARATHON_M,
    predict_race_seconds,
    threshold_pace,
    training_paces,
)
from knowledge.plan_generation.events import Event, Experience

PaceZone = Literal["E", "M", "T", "I", "R"]

# The VDOTs a plan is made for: the published tables start at 30 and a beginner walking part of a
# run may be below; above 85 is beyond the tables and beyond the world's best.
PLAN_VDOT_MIN: Final = 20.0
PLAN_VDOT_MAX: Final = 85.0
# The limits a stored pace target keeps (decision 0056): seconds per km.
MIN_PACE_S: Final = 120
MAX_PACE_S: Final = 1200
# A single-pace zone (M, T, I, R) is a band of +/- 3 s/km to run in, as training names them.
PACE_BAND_S: Final = 3

# Default VDOT without a race: a conservative figure by experience, moved 0.1 per km a week away from
# what such a runner typically runs, within -4..+8 (decision 0065, "VDOT without a race").
_ESTIMATE_BASE: Final[dict[Experience, float]] = {"beginner": 30.0, "intermediate": 38.0, "advanced": 45.0}
_ESTIMATE_REFERENCE_KM: Final[dict[Experience, float]] = {
    "beginner": 20.0,
    "intermediate": 40.0,
    "advanced": 60.0,
}
_ESTIMATE_KM_SLOPE: Final = 0.1
_ESTIMATE_LOW, _ESTIMATE_HIGH = -4.0, 8.0

# Beyond the marathon, time grows as distance^1.3 (Riegel's power law with a larger exponent than
# his 1.06, which holds to the marathon and makes ultras far too fast): a 3:10 marathoner gets about
# 4:00 for 50 km, 9:45 for 100 km and 200 km in 24 hours, typical amateur results.
ULTRA_EXPONENT: Final = 1.3
# Nothing stored runs further than 300 km (decision 0056).
MAX_RACE_DISTANCE_M: Final = 300_000.0


@dataclass(frozen=True)
class PaceTarget:
    """A band of paces in whole seconds per km (``low`` the faster) and the VDOT zone it is, if any."""

    low_s_per_km: int
    high_s_per_km: int
    zone: PaceZone | None

    @property
    def middle(self) -> float:
        return (self.low_s_per_km + self.high_s_per_km) / 2


@dataclass(frozen=True)
class ZonePaces:
    """The five training paces of one VDOT as targets, and threshold pace for stress."""

    vdot: float
    easy: PaceTarget
    marathon: PaceTarget
    threshold: PaceTarget
    interval: PaceTarget
    repetition: PaceTarget
    threshold_s_per_km: float

    def of(self, zone: PaceZone) -> PaceTarget:
        return {
            "E": self.easy,
            "M": self.marathon,
            "T": self.threshold,
            "I": self.interval,
            "R": self.repetition,
        }[zone]


def _clamped(seconds: float) -> int:
    return min(MAX_PACE_S, max(MIN_PACE_S, round(seconds)))


def _band(seconds: float, zone: PaceZone) -> PaceTarget:
    middle = _clamped(seconds)
    return PaceTarget(max(MIN_PACE_S, middle - PACE_BAND_S), min(MAX_PACE_S, middle + PACE_BAND_S), zone)


def zone_paces(vdot: float) -> ZonePaces:
    paces = training_paces(vdot)
    return ZonePaces(
        vdot=vdot,
        easy=PaceTarget(
            _clamped(paces.easy.fastest.seconds_per_km), _clamped(paces.easy.slowest.seconds_per_km), "E"
        ),
        marathon=_band(paces.marathon.seconds_per_km, "M"),
        threshold=_band(paces.threshold.seconds_per_km, "T"),
        interval=_band(paces.interval.seconds_per_km, "I"),
        repetition=_band(paces.repetition.seconds_per_km, "R"),
        threshold_s_per_km=paces.threshold.seconds_per_km,
    )


def estimated_vdot(weekly_km: float, experience: Experience) -> float:
    """The VDOT assumed when no race is given: conservative, so paces err on the easy side."""
    shift = (weekly_km - _ESTIMATE_REFERENCE_KM[experience]) * _ESTIMATE_KM_SLOPE
    return _ESTIMATE_BASE[experience] + min(_ESTIMATE_HIGH, max(_ESTIMATE_LOW, shift))


@dataclass(frozen=True)
class RaceEstimate:
    """The expected race: distance (the event's, or what a timed event should cover), time, pace."""

    distance_m: float
    duration_s: float

    @property
    def pace_s_per_km(self) -> float:
        return self.duration_s * METERS_PER_KILOMETER / self.distance_m


def race_estimate(event: Event, vdot: float) -> RaceEstimate:
    """The race a runner of ``vdot`` is expected to run (a planning figure, not a prediction)."""
    marathon_s = predict_race_seconds(vdot, MARATHON_M)
    if event.duration_s is not None:
        meters = MARATHON_M * (event.duration_s / marathon_s) ** (1 / ULTRA_EXPONENT)
        return RaceEstimate(min(MAX_RACE_DISTANCE_M, meters), float(event.duration_s))
    assert event.distance_m is not None
    if event.distance_m <= LONGEST_DISTANCE_M:
        return RaceEstimate(event.distance_m, float(predict_race_seconds(vdot, event.distance_m)))
    return RaceEstimate(event.distance_m, marathon_s * (event.distance_m / MARATHON_M) ** ULTRA_EXPONENT)


def running_tss(seconds: float, pace_s_per_km: float, threshold_s_per_km: float) -> float:
    """rTSS of ``seconds`` at ``pace``: hours x IF^2 x 100 (an hour at threshold scores 100)."""
    intensity = threshold_s_per_km / pace_s_per_km
    return seconds / SECONDS_PER_HOUR * intensity**2 * 100


def seconds_for(meters: float, pace_s_per_km: float) -> float:
    return meters * pace_s_per_km / METERS_PER_KILOMETER


# Bisection rounds of ``vdot_for_threshold_pace``: 40 halvings of 65 VDOT points is far below 0.01.
_THRESHOLD_ROUNDS: Final = 40


def vdot_for_threshold_pace(seconds_per_km: float) -> float:
    """The VDOT whose threshold (T) pace is ``seconds_per_km`` (Daniels; T pace falls as VDOT rises),
    within the plan's 20-85: an athlete's threshold pace as the one figure their paces come from."""
    low, high = PLAN_VDOT_MIN, PLAN_VDOT_MAX
    for _ in range(_THRESHOLD_ROUNDS):
        middle = (low + high) / 2
        if threshold_pace(middle).seconds_per_km > seconds_per_km:
            low = middle
        else:
            high = middle
    return round((low + high) / 2, 2)
