"""Running figures from the Daniels-Gilbert equations: VDOT, race predictions, training paces,
effective VDOT from recent runs, threshold pace and the running stress score (rTSS).

Two equations from Daniels & Gilbert, *Oxygen Power* (1979), carry everything here:

- the oxygen cost of running at ``v`` metres per minute, in ml/kg/min:
  ``VO2 = -4.60 + 0.182258·v + 0.000104·v²``;
- the fraction of VO2max a runner can hold for ``t`` minutes:
  ``%max = 0.8 + 0.1894393·e^(-0.012778·t) + 0.2989558·e^(-0.1932605·t)``.

A race's VDOT is ``VO2 / %max``; a race prediction solves the same equation for the time; a
training pace is the speed whose oxygen cost is a set fraction of VDOT. Everything is pure and
deterministic. Constants, bands, qualification rules and tolerances:
docs/decisions/0052-running-swimming-and-heart-rate-figures.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Final

from knowledge.endurance.pace import (
    METERS_PER_KILOMETER,
    METERS_PER_MILE,
    SECONDS_PER_HOUR,
    SECONDS_PER_MINUTE,
    Pace,
    clock_text,
    nearest_second,
)

# Oxygen cost of running (Daniels & Gilbert 1979), ml/kg/min at v metres per minute.
OXYGEN_COST_INTERCEPT: Final = -4.60
OXYGEN_COST_LINEAR: Final = 0.182258
OXYGEN_COST_QUADRATIC: Final = 0.000104

# Fraction of VO2max sustainable for t minutes (Daniels & Gilbert 1979): a floor the curve tends to
# over very long efforts, plus a slow and a fast decaying term.
SUSTAINED_FLOOR: Final = 0.8
SUSTAINED_SLOW_AMPLITUDE: Final = 0.1894393
SUSTAINED_SLOW_RATE_PER_MINUTE: Final = 0.012778
SUSTAINED_FAST_AMPLITUDE: Final = 0.2989558
SUSTAINED_FAST_RATE_PER_MINUTE: Final = 0.1932605

# The VDOTs a person can have: the published tables run 30 to 85; a figure outside 10-100 comes from
# a wrong unit (kilometres given as metres) or a recording error, never from a runner.
VDOT_MIN: Final = 10.0
VDOT_MAX: Final = 100.0

MARATHON_M: Final = 42_195.0
HALF_MARATHON_M: Final = 21_097.5
# The distances the equations are used over: the tables' shortest race to the marathon, plus the 2 %
# a GPS watch commonly over-measures a marathon by, so a recorded marathon still counts.
SHORTEST_DISTANCE_M: Final = 1500.0
LONGEST_DISTANCE_M: Final = MARATHON_M * 1.02

# Training intensities as fractions of VDOT (Daniels' Running Formula): easy running spans 59-74 %
# of VO2max; threshold is 88 % and interval 97.5 %, the fractions that reproduce the book's tables
# (decision 0052). Marathon pace is the marathon prediction and repetition pace the mile prediction,
# as the book defines them, so both come from the race equations rather than a fraction.
EASY_SLOWEST_FRACTION: Final = 0.59
EASY_FASTEST_FRACTION: Final = 0.74
THRESHOLD_FRACTION: Final = 0.88
INTERVAL_FRACTION: Final = 0.975

# Effective VDOT: which recent runs count (decision 0052).
EFFECTIVE_VDOT_WINDOW: Final = timedelta(weeks=6)
QUALIFYING_MIN_DURATION_S: Final = 3.5 * SECONDS_PER_MINUTE  # no one covers 1 500 m faster
QUALIFYING_MAX_DURATION_S: Final = 5 * SECONDS_PER_HOUR  # the slowest marathon in the tables, rounded up
# A hard effort: Daniels puts threshold running at 88-92 % of maximum heart rate, and 8 of 10 is
# "hard" on the usual perceived-effort scale.
HARD_EFFORT_MIN_HR_FRACTION: Final = 0.88
HARD_EFFORT_MIN_PERCEIVED: Final = 8
PERCEIVED_EFFORT_SCALE: Final = range(1, 11)

# Bisection bracket for race predictions, in seconds: one second is faster than any VDOT's pace and
# two days slower than any VDOT's marathon, so the answer always lies inside.
_PREDICTION_FASTEST_S: Final = 1.0
_PREDICTION_SLOWEST_S: Final = 2.0 * 24 * SECONDS_PER_HOUR
_PREDICTION_PRECISION_S: Final = 1e-6


def _check_positive(value: float, what: str) -> None:
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a positive number (got {value})")


def _check_vdot(vdot: float) -> None:
    if not math.isfinite(vdot) or not VDOT_MIN <= vdot <= VDOT_MAX:
        raise ValueError(f"a VDOT must be between {VDOT_MIN:g} and {VDOT_MAX:g} (got {vdot})")


def _check_distance(distance_m: float) -> None:
    _check_positive(distance_m, "the distance in metres")
    if not SHORTEST_DISTANCE_M <= distance_m <= LONGEST_DISTANCE_M:
        raise ValueError(
            f"the running equations hold from {SHORTEST_DISTANCE_M:g} m to the marathon "
            f"({MARATHON_M:g} m); give a distance in metres in that range (got {distance_m:g})"
        )


def oxygen_cost(meters_per_minute: float) -> float:
    """VO2 in ml/kg/min that running at ``meters_per_minute`` costs (Daniels & Gilbert 1979)."""
    v = meters_per_minute
    return OXYGEN_COST_INTERCEPT + OXYGEN_COST_LINEAR * v + OXYGEN_COST_QUADRATIC * v * v


def sustained_fraction(minutes: float) -> float:
    """The fraction of VO2max a runner holds for a race lasting ``minutes`` (Daniels & Gilbert 1979)."""
    return (
        SUSTAINED_FLOOR
        + SUSTAINED_SLOW_AMPLITUDE * math.exp(-SUSTAINED_SLOW_RATE_PER_MINUTE * minutes)
        + SUSTAINED_FAST_AMPLITUDE * math.exp(-SUSTAINED_FAST_RATE_PER_MINUTE * minutes)
    )


def speed_for_oxygen_cost(vo2: float) -> float:
    """Metres per minute whose oxygen cost is ``vo2``: the positive root of the cost quadratic."""
    a, b, c = OXYGEN_COST_QUADRATIC, OXYGEN_COST_LINEAR, OXYGEN_COST_INTERCEPT - vo2
    return (-b + math.sqrt(b * b - 4 * a * c)) / (2 * a)


def _vdot(distance_m: float, duration_s: float) -> float:
    minutes = duration_s / SECONDS_PER_MINUTE
    return oxygen_cost(distance_m / minutes) / sustained_fraction(minutes)


def vdot_from_race(distance_m: float, duration_s: float) -> float:
    """VDOT of running ``distance_m`` metres in ``duration_s`` seconds, flat out.

    Refuses distances outside 1 500 m to the marathon (the equations' range) and results outside
    10-100, which only a wrong unit or a recording error gives.
    """
    _check_positive(duration_s, "the race time in seconds")
    _check_distance(distance_m)
    vdot = _vdot(distance_m, duration_s)
    if not VDOT_MIN <= vdot <= VDOT_MAX:
        raise ValueError(
            f"{distance_m:g} m in {clock_text(duration_s)} gives a VDOT of {vdot:.1f}, outside "
            f"{VDOT_MIN:g}-{VDOT_MAX:g}: check the distance is in metres and the time in seconds"
        )
    return vdot


def predict_race_seconds(vdot: float, distance_m: float) -> int:
    """The whole-second time a runner of ``vdot`` would race ``distance_m`` metres in.

    Solves ``VO2(d/t) / %max(t) = vdot`` for t by bisection: the left side falls steadily as t grows
    over the bracket, so the answer is unique, and bisection always lands on the same second.
    """
    _check_vdot(vdot)
    _check_distance(distance_m)
    return _predicted_seconds(vdot, distance_m)


# Worked out once per VDOT and distance (a pure function): a plan write asks for the same athlete's
# predictions several times, in analytics' figures and the generator's paces (decision 0123, third
# pass).
@lru_cache(maxsize=1024)
def _predicted_seconds(vdot: float, distance_m: float) -> int:
    faster, slower = _PREDICTION_FASTEST_S, _PREDICTION_SLOWEST_S
    while slower - faster > _PREDICTION_PRECISION_S:
        middle = (faster + slower) / 2
        if _vdot(distance_m, middle) > vdot:
            faster = middle
        else:
            slower = middle
    return nearest_second((faster + slower) / 2)


@dataclass(frozen=True)
class RaceDistance:
    """A standard race: the name it is shown with and its length in metres."""

    name: str
    meters: float


RACE_DISTANCES: Final = (
    RaceDistance("1500 m", 1500.0),
    RaceDistance("mile", METERS_PER_MILE),
    RaceDistance("3000 m", 3000.0),
    RaceDistance("5 km", 5000.0),
    RaceDistance("10 km", 10_000.0),
    RaceDistance("half marathon", HALF_MARATHON_M),
    RaceDistance("marathon", MARATHON_M),
)
_MILE, _MARATHON = RACE_DISTANCES[1], RACE_DISTANCES[-1]


@dataclass(frozen=True)
class RacePrediction:
    """A predicted race time, whole seconds, with its text and average pace."""

    distance: RaceDistance
    seconds: int
    text: str
    pace: Pace


def predict_race(vdot: float, distance: RaceDistance) -> RacePrediction:
    """The race time and pace a runner of ``vdot`` is expected to run ``distance`` in."""
    seconds = predict_race_seconds(vdot, distance.meters)
    pace = Pace(seconds * METERS_PER_KILOMETER / distance.meters)
    return RacePrediction(distance, seconds, clock_text(seconds), pace)


def predict_races(vdot: float) -> tuple[RacePrediction, ...]:
    """Predictions for 1 500 m, the mile, 3 000 m, 5 km, 10 km, the half marathon and the marathon."""
    return tuple(predict_race(vdot, distance) for distance in RACE_DISTANCES)


def pace_at_fraction(vdot: float, fraction: float) -> Pace:
    """The pace whose oxygen cost is ``fraction`` of ``vdot``."""
    _check_vdot(vdot)
    _check_positive(fraction, "the fraction of VDOT")
    return Pace.from_speed(speed_for_oxygen_cost(fraction * vdot) / SECONDS_PER_MINUTE)


@dataclass(frozen=True)
class PaceRange:
    """A band of paces: ``slowest`` has the most seconds per kilometre."""

    slowest: Pace
    fastest: Pace


@dataclass(frozen=True)
class TrainingPaces:
    """Daniels' five training paces for one VDOT (fractions in decision 0052)."""

    vdot: float
    easy: PaceRange  # 59-74 % of VDOT
    marathon: Pace  # the marathon prediction's pace
    threshold: Pace  # 88 % of VDOT
    interval: Pace  # 97.5 % of VDOT
    repetition: Pace  # the mile prediction's pace


def threshold_pace(vdot: float) -> Pace:
    """Threshold (T) pace: 88 % of VDOT, about the pace a runner can hold for an hour."""
    return pace_at_fraction(vdot, THRESHOLD_FRACTION)


def training_paces(vdot: float) -> TrainingPaces:
    """E, M, T, I and R paces for ``vdot``, each per kilometre and per mile through ``Pace``."""
    return TrainingPaces(
        vdot=vdot,
        easy=PaceRange(
            slowest=pace_at_fraction(vdot, EASY_SLOWEST_FRACTION),
            fastest=pace_at_fraction(vdot, EASY_FASTEST_FRACTION),
        ),
        marathon=predict_race(vdot, _MARATHON).pace,
        threshold=threshold_pace(vdot),
        interval=pace_at_fraction(vdot, INTERVAL_FRACTION),
        repetition=predict_race(vdot, _MILE).pace,
    )


@dataclass(frozen=True)
class RunEffort:
    """One recorded run, as much of it as effective VDOT needs.

    ``duration_s`` is moving time. ``race`` says the run was raced; ``perceived_effort`` is the
    athlete's 1-10 rating, when given; ``average_hr`` in beats per minute, when recorded.
    """

    started_at: datetime
    distance_m: float
    duration_s: float
    average_hr: float | None = None
    perceived_effort: int | None = None
    race: bool = False

    def __post_init__(self) -> None:
        _check_positive(self.distance_m, "a run's distance in metres")
        _check_positive(self.duration_s, "a run's moving time in seconds")
        if self.average_hr is not None:
            _check_positive(self.average_hr, "a run's average heart rate in bpm")
        if self.perceived_effort is not None and self.perceived_effort not in PERCEIVED_EFFORT_SCALE:
            raise ValueError(f"a perceived effort must be 1 to 10 (got {self.perceived_effort})")


@dataclass(frozen=True)
class EffectiveVdot:
    """The best VDOT among the qualifying runs of the window, and the run that gave it."""

    vdot: float
    run: RunEffort
    qualifying_runs: int


def _hard_enough(run: RunEffort, max_hr: float | None) -> bool:
    """A race always is; otherwise any given sign of a hard effort is; with no sign either way, yes."""
    if run.race:
        return True
    signs: list[bool] = []
    if run.perceived_effort is not None:
        signs.append(run.perceived_effort >= HARD_EFFORT_MIN_PERCEIVED)
    if run.average_hr is not None and max_hr is not None:
        signs.append(run.average_hr >= HARD_EFFORT_MIN_HR_FRACTION * max_hr)
    return any(signs) if signs else True


def qualifying_vdot(run: RunEffort, max_hr: float | None = None) -> float | None:
    """The run's VDOT when it may stand for the runner's fitness, else None (rules in decision 0052)."""
    if not SHORTEST_DISTANCE_M <= run.distance_m <= LONGEST_DISTANCE_M:
        return None
    if not QUALIFYING_MIN_DURATION_S <= run.duration_s <= QUALIFYING_MAX_DURATION_S:
        return None
    if not _hard_enough(run, max_hr):
        return None
    vdot = _vdot(run.distance_m, run.duration_s)
    return vdot if VDOT_MIN <= vdot <= VDOT_MAX else None


def effective_vdot(
    runs: Iterable[RunEffort],
    as_of: datetime,
    *,
    max_hr: float | None = None,
    window: timedelta = EFFECTIVE_VDOT_WINDOW,
) -> EffectiveVdot | None:
    """The best VDOT of the qualifying runs started in ``window`` up to ``as_of``; None without one.

    The best, not the average: an easy run says little about fitness and only ever gives a lower
    VDOT, so the hardest recent effort is the one to trust. Ties go to the most recent run.
    """
    if max_hr is not None:
        _check_positive(max_hr, "the maximum heart rate in bpm")
    qualifying: list[tuple[float, RunEffort]] = []
    for run in sorted(runs, key=lambda r: r.started_at):
        vdot = qualifying_vdot(run, max_hr) if as_of - window <= run.started_at <= as_of else None
        if vdot is not None:
            qualifying.append((vdot, run))
    if not qualifying:
        return None
    # max() keeps the first of equals; reversed order makes that the most recent run.
    vdot, run = max(reversed(qualifying), key=lambda pair: pair[0])
    return EffectiveVdot(vdot, run, len(qualifying))


@dataclass(frozen=True)
class RunningStress:
    """rTSS of one run and the intensity factor behind it.

    ``graded`` is False when no normalized graded pace was known and the average pace stood in
    (flat-ground figures: hills make it an underestimate).
    """

    rtss: float
    intensity_factor: float
    graded: bool


def running_stress(
    duration_s: float,
    distance_m: float,
    threshold: Pace,
    normalized_graded_pace: Pace | None = None,
) -> RunningStress:
    """rTSS = (duration_s × NGP × IF) / (threshold speed × 3600) × 100, IF = NGP / threshold speed.

    Speeds, not paces, go into the formula, so it reduces to hours × IF² × 100: an hour at
    threshold pace scores 100. Without a normalized graded pace the average speed stands in.
    """
    _check_positive(duration_s, "the run's moving time in seconds")
    _check_positive(distance_m, "the run's distance in metres")
    graded_speed = (
        normalized_graded_pace.meters_per_second
        if normalized_graded_pace is not None
        else distance_m / duration_s
    )
    threshold_speed = threshold.meters_per_second
    intensity = graded_speed / threshold_speed
    rtss = duration_s * graded_speed * intensity / (threshold_speed * SECONDS_PER_HOUR) * 100
    return RunningStress(rtss, intensity, normalized_graded_pace is not None)
