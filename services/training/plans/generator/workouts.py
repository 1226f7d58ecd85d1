"""A generated workout and its structured steps, and the builders of each kind (decision 0065).

Steps mirror training's endurance step vocabulary (warm_up, cool_down, interval, repeat; interval
roles work, recovery, active; a pace target in whole seconds per km with its VDOT zone letter), so
the adapter that stores a plan maps them one to one. Every step has a distance except a timed
race's (a duration); its time comes from the middle of its pace band. Planned stress is rTSS summed
over the steps with repeats expanded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

from knowledge.endurance.pace import clock_text
from knowledge.plan_generation.events import Event
from services.training.plans.generator.paces import (
    MAX_PACE_S,
    MIN_PACE_S,
    PaceTarget,
    PaceZone,
    ZonePaces,
    race_estimate,
    running_tss,
    seconds_for,
)

StepType = Literal["warm_up", "cool_down", "interval", "repeat"]
StepRole = Literal["work", "recovery", "active", ""]
GeneratedType = Literal["EASY", "RECOVERY", "LONG", "TEMPO", "INTERVALS", "REPETITIONS", "RACE"]
QualityKind = Literal["R", "I", "T", "M"]

# What a stored workout may last (decision 0056): a race expected to last longer has no planned
# duration (its distance, at most 300 km, is always set).
MAX_WORKOUT_DURATION_S: Final = 86_400
MAX_REPEAT_COUNT: Final = 50
# A race's pace band: +/- 3 % around the estimate (it is a plan, not a prediction).
RACE_BAND: Final = 0.03


@dataclass(frozen=True)
class Step:
    """A warm-up, cool-down or interval of a distance (or a duration), or a repeat of steps."""

    type: StepType
    role: StepRole = ""
    distance_m: float | None = None
    duration_s: int | None = None
    target: PaceTarget | None = None
    repeat_count: int = 0
    steps: tuple[Step, ...] = ()
    notes: str = ""

    def seconds(self) -> float:
        if self.type == "repeat":
            return self.repeat_count * math.fsum(step.seconds() for step in self.steps)
        if self.duration_s is not None:
            return float(self.duration_s)
        assert self.distance_m is not None and self.target is not None
        return seconds_for(self.distance_m, self.target.middle)

    def meters(self) -> float:
        if self.type == "repeat":
            return self.repeat_count * math.fsum(step.meters() for step in self.steps)
        if self.distance_m is not None:
            return self.distance_m
        assert self.duration_s is not None and self.target is not None
        return self.duration_s * 1000 / self.target.middle

    def tss(self, threshold_s_per_km: float) -> float:
        if self.type == "repeat":
            return self.repeat_count * math.fsum(step.tss(threshold_s_per_km) for step in self.steps)
        assert self.target is not None
        return running_tss(self.seconds(), self.target.middle, threshold_s_per_km)


@dataclass(frozen=True)
class Workout:
    """One generated run: always sport RUN, a contract workout type, planned totals and steps.

    ``duration_s`` is None only for a race expected to last over a day (a slow 100 miles): a stored
    workout lasts at most 24 hours. ``planned_tss`` is to 0.1.
    """

    day: date
    workout_type: GeneratedType
    name: str
    description: str
    distance_m: float
    duration_s: int | None
    planned_tss: float
    steps: tuple[Step, ...]
    sport: Literal["RUN"] = "RUN"


def _workout(
    day: date,
    workout_type: GeneratedType,
    name: str,
    description: str,
    steps: tuple[Step, ...],
    paces: ZonePaces,
    *,
    tss: float | None = None,
) -> Workout:
    seconds = math.fsum(step.seconds() for step in steps)
    meters = math.fsum(step.meters() for step in steps)
    stress = math.fsum(step.tss(paces.threshold_s_per_km) for step in steps) if tss is None else tss
    duration = round(seconds) if seconds <= MAX_WORKOUT_DURATION_S else None
    return Workout(day, workout_type, name, description, round(meters), duration, round(stress, 1), steps)


def km_text(meters: float) -> str:
    return f"{meters / 1000:.1f}".removesuffix(".0") + " km"


def pace_text(target: PaceTarget) -> str:
    zone = f" ({target.zone})" if target.zone else ""
    return f"{clock_text(target.low_s_per_km)}-{clock_text(target.high_s_per_km)} /km{zone}"


def _round_km(km: float, step: float = 0.1) -> float:
    """Whole tenths (or halves) of a kilometre, in metres."""
    return round(round(km / step) * step * 1000)


def steady_run(day: date, km: float, workout_type: GeneratedType, paces: ZonePaces) -> Workout:
    """An easy, recovery or long run: one stretch at easy pace."""
    meters = _round_km(km)
    step = Step("interval", "active", distance_m=meters, target=paces.easy)
    label = {"EASY": "Easy run", "RECOVERY": "Recovery run", "LONG": "Long run"}[workout_type]
    why = {
        "EASY": "Aerobic volume at a conversational effort.",
        "RECOVERY": "Short and slow, at the slow end of the range: blood flow, not training.",
        "LONG": "Endurance: time on feet at an easy, even effort; walk breaks are fine.",
    }[workout_type]
    description = f"{km_text(meters)} at {pace_text(paces.easy)}. {why}"
    return _workout(day, workout_type, f"{label} {km_text(meters)}", description, (step,), paces)


@dataclass(frozen=True)
class QualitySpec:
    """How much work a kind of session holds: a share of the week's volume within bounds (Daniels'
    limits: R 5 % and 8 km, I 8 % and 10 km, T 10 %, M 15 % of the week), in reps of ``rep_m``
    (``long_rep_m`` once the work is ``long_from_km`` or more), each followed by a jog of
    ``jog_share`` of the rep; a ``jog_share`` of 0 runs the work as one stretch."""

    zone: PaceZone
    workout_type: GeneratedType
    label: str
    share: float
    min_km: float
    max_km: float
    rep_m: float
    long_rep_m: float
    long_from_km: float
    jog_share: float
    why: str


QUALITY: Final[dict[QualityKind, QualitySpec]] = {
    "R": QualitySpec(
        "R", "REPETITIONS", "Repetitions", 0.05, 1.6, 8.0, 200, 400, 3.0, 1.0,
        "Speed and economy: fast, relaxed, full recovery.",
    ),
    "I": QualitySpec(
        "I", "INTERVALS", "Intervals", 0.08, 2.4, 10.0, 800, 1000, 4.0, 0.5,
        "VO2max: hard but even; jog between.",
    ),
    "T": QualitySpec(
        "T", "TEMPO", "Threshold", 0.10, 3.0, 13.0, 1600, 1600, 0.0, 0.125,
        "Lactate threshold: comfortably hard, controlled.",
    ),
    "M": QualitySpec(
        "M", "TEMPO", "Marathon pace", 0.15, 5.0, 16.0, 0, 0, 0.0, 0.0,
        "Race-pace practice: smooth and steady.",
    ),
}  # fmt: skip


def warm_up_km(week_km: float) -> float:
    """Warm-up and cool-down each: 8 % of the week, 1 to 3 km, in halves of a kilometre."""
    return min(3.0, max(1.0, round(week_km * 0.08 * 2) / 2))


def quality_session(day: date, kind: QualityKind, week_km: float, scale: float, paces: ZonePaces) -> Workout:
    """A warm-up, the work (reps with jogs, or one stretch) and a cool-down."""
    spec = QUALITY[kind]
    work_km = min(spec.max_km, max(spec.min_km, spec.share * week_km * scale))
    target = paces.of(spec.zone)
    easy_km = warm_up_km(week_km)
    warm = Step("warm_up", distance_m=_round_km(easy_km), target=paces.easy)
    cool = Step("cool_down", distance_m=_round_km(easy_km), target=paces.easy)
    if spec.rep_m == 0 or (kind == "T" and work_km < 4.8):
        meters = _round_km(work_km, 0.5)
        work = Step("interval", "work", distance_m=meters, target=target)
        title = f"{spec.label} {km_text(meters)}"
        what = f"{km_text(meters)} at {pace_text(target)}"
    else:
        rep_m = spec.long_rep_m if work_km >= spec.long_from_km else spec.rep_m
        reps = min(MAX_REPEAT_COUNT, max(2, round(work_km * 1000 / rep_m)))
        jog_m = rep_m * spec.jog_share
        work = Step(
            "repeat",
            repeat_count=reps,
            steps=(
                Step("interval", "work", distance_m=rep_m, target=target),
                Step("interval", "recovery", distance_m=jog_m, target=paces.easy),
            ),
        )
        title = f"{spec.label} {reps} x {rep_m:.0f} m"
        what = f"{reps} x {rep_m:.0f} m at {pace_text(target)}, {jog_m:.0f} m easy jog after each"
    description = (
        f"{km_text(warm.distance_m or 0)} easy warm-up; {what}; {km_text(cool.distance_m or 0)} easy "
        f"cool-down. {spec.why}"
    )
    return _workout(day, spec.workout_type, title, description, (warm, work, cool), paces)


def race_day(day: date, event: Event, paces: ZonePaces) -> Workout:
    """The race: one stretch of the event's distance (or time) at the estimated race pace."""
    estimate = race_estimate(event, paces.vdot)
    pace = estimate.pace_s_per_km
    target = PaceTarget(
        max(MIN_PACE_S, round(pace * (1 - RACE_BAND))), min(MAX_PACE_S, round(pace * (1 + RACE_BAND))), None
    )
    if event.duration_s is not None:
        step = Step("interval", "work", duration_s=event.duration_s, target=target)
        goal = f"about {km_text(estimate.distance_m)} in {clock_text(event.duration_s)}"
    else:
        step = Step("interval", "work", distance_m=estimate.distance_m, target=target)
        goal = f"about {clock_text(estimate.duration_s)}"
    tss = running_tss(estimate.duration_s, pace, paces.threshold_s_per_km)
    description = (
        f"Race day: {event.name}, {goal} at about {clock_text(pace)} /km (an estimate from VDOT "
        f"{paces.vdot:.1f}). Start conservatively; fuel and drink early on anything over 90 minutes."
    )
    return _workout(day, "RACE", f"Race: {event.name}", description, (step,), paces, tss=tss)
