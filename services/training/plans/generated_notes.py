"""A generated plan's workouts after ``recalibrate_thresholds``: Kinetic's own notes and race target
follow the athlete's new thresholds (issue 30: "one source for paces: the athlete's thresholds;
notes are rendered from the same targets"; decision 0065, "Notes and the race after a
recalibration").

A workout is Kinetic's own when its goal was made by the standard builder and its notes are, word
for word, what the generator renders from its steps as stored: then nobody has changed its text or
its targets since Kinetic wrote them. Such a workout's race target is solved again from the new
VDOT, its zone-named steps re-resolve as every plan's do, and its notes and planned totals are
rendered again from the steps that result. Any other workout (a user's text, a target the user set,
a plan the user wrote) keeps its notes and race target; only its zone-named steps move. The goal's
own note, which names the VDOT the plan was paced from, names the new one when it is still the
note Kinetic wrote.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Final, cast

from knowledge.plan_generation.events import EVENTS_BY_ID, Event
from services.training.domain.endurance import EnduranceStep, EnduranceTarget, StepTarget
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generator.paces import PaceTarget, PaceZone
from services.training.plans.generator.workouts import (
    MAX_WORKOUT_DURATION_S,
    Step,
    StepRole,
    StepType,
    race_target,
    workout_notes,
)
from services.training.plans.goal import GoalFields

# The goal note ``generated_goal`` writes; any other text is the athlete's and stays.
_GOAL_NOTES: Final = re.compile(r"Generated plan (?P<plan_id>\S+): VDOT \d+(?:\.\d+)? \([a-z ]+\)\.")
_STEP_TYPES: Final = ("warm_up", "cool_down", "interval", "repeat")
_ROLES: Final = ("work", "recovery", "active", "")
_ZONES: Final = ("E", "M", "T", "I", "R")


def generated_event(fields: GoalFields) -> Event | None:
    """The event of a goal the standard builder made, else None (a user's own plan)."""
    if fields.creation_mode != CREATION_MODE:
        return None
    return EVENTS_BY_ID.get(fields.race_type)


def recalibrated_goal_notes(notes: str, vdot: float | None) -> str:
    """The goal note Kinetic wrote, naming ``vdot`` (the athlete's thresholds now pace the plan);
    any other note unchanged."""
    found = _GOAL_NOTES.fullmatch(notes)
    if found is None or vdot is None or not math.isfinite(vdot) or vdot <= 0:
        return notes
    return f"Generated plan {found['plan_id']}: VDOT {vdot:.1f} (athlete thresholds)."


def is_kinetic_own(notes: str, workout_type: str, endurance: EnduranceTarget, event: Event) -> bool:
    """Whether ``notes`` are exactly what the generator renders from these steps."""
    steps = generator_steps(endurance.steps)
    return steps is not None and workout_notes(workout_type, steps, event) == notes


def with_race_target(
    endurance: EnduranceTarget, workout_type: str, event: Event, vdot: float | None
) -> EnduranceTarget:
    """A Kinetic race's target solved again for ``vdot`` (unchanged without one, or for any other
    workout): the race step names no zone, so re-resolving zones would leave it where it was."""
    if workout_type.upper() != "RACE" or vdot is None or not math.isfinite(vdot) or vdot <= 0:
        return endurance
    band = race_target(event, vdot)
    (step,) = endurance.steps
    target = StepTarget(
        kind="pace", pace_low_seconds_per_km=band.low_s_per_km, pace_high_seconds_per_km=band.high_s_per_km
    )
    return replace(endurance, steps=(replace(step, target=target),))


def rendered(
    workout_type: str, endurance: EnduranceTarget, event: Event
) -> tuple[str, EnduranceTarget] | None:
    """The notes the generator renders from these steps and the planned distance and duration it
    derives from them (a duration over a day is left unset, as the generator leaves it)."""
    steps = generator_steps(endurance.steps)
    if steps is None:
        return None
    notes = workout_notes(workout_type, steps, event)
    if notes is None:
        return None
    seconds = math.fsum(step.seconds() for step in steps)
    meters = math.fsum(step.meters() for step in steps)
    totals = replace(
        endurance,
        planned_distance_meters=float(round(meters)),
        planned_duration_seconds=round(seconds) if seconds <= MAX_WORKOUT_DURATION_S else None,
    )
    return notes, totals


def generator_steps(steps: tuple[EnduranceStep, ...]) -> tuple[Step, ...] | None:
    """Stored steps as the generator's, or None when one is not of a kind the generator writes (a
    target other than a pace band, a type or role it does not use)."""
    converted = [_step(step) for step in steps]
    if any(step is None for step in converted):
        return None
    return tuple(step for step in converted if step is not None)


def _step(step: EnduranceStep) -> Step | None:
    if step.type not in _STEP_TYPES or step.role not in _ROLES:
        return None
    inner = generator_steps(step.steps)
    if inner is None:
        return None
    target = None
    if step.target is not None:
        found = step.target
        low, high = found.pace_low_seconds_per_km, found.pace_high_seconds_per_km
        if found.kind != "pace" or low is None or high is None:
            return None
        if found.pace_zone is not None and found.pace_zone not in _ZONES:
            return None
        target = PaceTarget(low, high, cast(PaceZone | None, found.pace_zone))
    return Step(
        cast(StepType, step.type),
        cast(StepRole, step.role),
        distance_m=step.distance_meters,
        duration_s=step.duration_seconds,
        target=target,
        repeat_count=step.repeat_count,
        steps=inner,
        notes=step.notes,
    )
