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


STEADY_LABEL: Final[dict[str, str]] = {"EASY": "Easy run", "RECOVERY": "Recovery run", "LONG": "Long run"}
STEADY_WHY: Final[dict[str, str]] = {
    "EASY": "Aerobic volume at a conversational effort.",
    "RECOVERY": "Short and slow, at the slow end of the range: blood flow, not training.",
    "LONG": "Endurance: time on feet at an easy, even effort; walk breaks are fine.",
}


def steady_run(day: date, km: float, workout_type: GeneratedType, paces: ZonePaces) -> Workout:
    """An easy, recovery or long run: one stretch at easy pace."""
    meters = _round_km(km)
    steps = (Step("interval", "active", distance_m=meters, target=paces.easy),)
    name = f"{STEADY_LABEL[workout_type]} {km_text(meters)}"
    return _workout(day, workout_type, name, _notes(workout_type, steps, None), steps, paces)


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


_QUALITY_BY_ZONE: Final[dict[str, QualitySpec]] = {spec.zone: spec for spec in QUALITY.values()}


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
    else:
        rep_m = spec.long_rep_m if work_km >= spec.long_from_km else spec.rep_m
        reps = min(MAX_REPEAT_COUNT, max(2, round(work_km * 1000 / rep_m)))
        work = Step(
            "repeat",
            repeat_count=reps,
            steps=(
                Step("interval", "work", distance_m=rep_m, target=target),
                Step("interval", "recovery", distance_m=rep_m * spec.jog_share, target=paces.easy),
            ),
        )
        title = f"{spec.label} {reps} x {rep_m:.0f} m"
    steps = (warm, work, cool)
    return _workout(day, spec.workout_type, title, _notes(spec.workout_type, steps, None), steps, paces)


def race_target(event: Event, vdot: float) -> PaceTarget:
    """The race's pace band: +/- 3 % around the pace a runner of ``vdot`` is expected to race at,
    with no zone letter (it is the race's own pace)."""
    pace = race_estimate(event, vdot).pace_s_per_km
    return PaceTarget(
        max(MIN_PACE_S, round(pace * (1 - RACE_BAND))), min(MAX_PACE_S, round(pace * (1 + RACE_BAND))), None
    )


def race_step(event: Event, target: PaceTarget) -> Step:
    """The race: the event's distance, or a timed event's time, at ``target``."""
    if event.duration_s is not None:
        return Step("interval", "work", duration_s=event.duration_s, target=target)
    assert event.distance_m is not None
    return Step("interval", "work", distance_m=event.distance_m, target=target)


def race_day(day: date, event: Event, paces: ZonePaces) -> Workout:
    """The race: one stretch of the event's distance (or time) at the estimated race pace."""
    estimate = race_estimate(event, paces.vdot)
    steps = (race_step(event, race_target(event, paces.vdot)),)
    tss = running_tss(estimate.duration_s, estimate.pace_s_per_km, paces.threshold_s_per_km)
    return _workout(day, "RACE", f"Race: {event.name}", _notes("RACE", steps, event), steps, paces, tss=tss)


def _notes(workout_type: str, steps: tuple[Step, ...], event: Event | None) -> str:
    notes = workout_notes(workout_type, steps, event)
    assert notes is not None, f"a generated {workout_type} workout has notes"
    return notes


def workout_notes(workout_type: str, steps: tuple[Step, ...], event: Event | None) -> str | None:
    """A generated workout's notes, rendered from its steps alone (issue 30: one source for paces,
    decision 0065 "Notes"): every pace the notes name is a step's target, so re-rendering after the
    targets move keeps them equal. None when the steps are not of the shape the generator builds for
    ``workout_type`` (such a workout's notes are not Kinetic's to render). ``workout_type`` is the
    contract's spelling, any case; ``event`` is needed for a RACE only."""
    kind = workout_type.upper()
    if kind in STEADY_WHY:
        return _steady_notes(kind, steps)
    if kind in ("TEMPO", "INTERVALS", "REPETITIONS"):
        return _quality_notes(kind, steps)
    if kind == "RACE" and event is not None:
        return _race_notes(event, steps)
    return None


def _steady_notes(kind: str, steps: tuple[Step, ...]) -> str | None:
    if len(steps) != 1 or not _paced(steps[0]) or steps[0].distance_m is None:
        return None
    step = steps[0]
    assert step.target is not None and step.distance_m is not None
    return f"{km_text(step.distance_m)} at {pace_text(step.target)}. {STEADY_WHY[kind]}"


def _quality_notes(kind: str, steps: tuple[Step, ...]) -> str | None:
    if len(steps) != 3 or [step.type for step in steps] != ["warm_up", steps[1].type, "cool_down"]:
        return None
    warm, work, cool = steps
    if not (_paced(warm) and _paced(cool)) or warm.distance_m is None or cool.distance_m is None:
        return None
    if work.type == "interval" and _paced(work) and work.distance_m is not None:
        assert work.target is not None
        zone, what = work.target.zone, f"{km_text(work.distance_m)} at {pace_text(work.target)}"
    elif work.type == "repeat" and len(work.steps) == 2 and all(_paced(step) for step in work.steps):
        rep, jog = work.steps
        if rep.distance_m is None or jog.distance_m is None or jog.target != warm.target:
            return None
        assert rep.target is not None
        zone = rep.target.zone
        what = (
            f"{work.repeat_count} x {rep.distance_m:.0f} m at {pace_text(rep.target)}, "
            f"{jog.distance_m:.0f} m easy jog after each"
        )
    else:
        return None
    spec = _QUALITY_BY_ZONE.get(zone or "")
    if spec is None or spec.workout_type != kind or warm.target != cool.target or warm.target is None:
        return None
    # The easy pace once, for the warm-up, the jogs and the cool-down alike: every pace the watch
    # will show is in the notes.
    return (
        f"{km_text(warm.distance_m)} easy warm-up; {what}; {km_text(cool.distance_m)} easy "
        f"cool-down. Easy: {pace_text(warm.target)}. {spec.why}"
    )


def _race_notes(event: Event, steps: tuple[Step, ...]) -> str | None:
    if len(steps) != 1 or not _paced(steps[0]) or steps[0].target is None or steps[0].target.zone:
        return None
    step = steps[0]
    target = step.target
    assert target is not None
    if event.duration_s is not None:
        if step.duration_s != event.duration_s:
            return None
        goal = f"about {km_text(step.meters())} in {clock_text(event.duration_s)}"
    else:
        if step.distance_m is None:
            return None
        goal = f"about {clock_text(step.seconds())}"
    return (
        f"Race day: {event.name}, {goal} at {pace_text(target)}, from your current fitness. Start "
        f"conservatively; fuel and drink early on anything over 90 minutes."
    )


def _paced(step: Step) -> bool:
    """An interval with a pace band and either a distance or a duration."""
    return step.type in ("warm_up", "cool_down", "interval") and step.target is not None and not step.steps
