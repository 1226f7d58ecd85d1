"""Which Training workouts a plan adjustment proposal concerns (docs/decisions/0024).

- Matching an exercise to a movement: the movement's exercise ID equals the logged exercise's ID,
  or the catalog exercise the logged one maps to (a gym exercise's ``catalogExerciseId``).
- deload: every movement of every workout that prescribes the exercise, with the workout's current
  target load and the proposed one.
- add_sets: one workout that trains the muscle: the one with the most movements whose catalog
  exercise has the muscle as a primary mover (then by name, then ID); its first such movement with a
  target set count (else its first such movement). Proposed sets = current + the extra weekly sets.
Nothing here writes: each target is part of a proposal that needs the user's approval.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from services.analytics.domain.training_facts import MovementFact, PlanFact, WorkoutFact

MusclesOf = Callable[[str], tuple[str, ...]]  # a movement's exercise ID -> its primary muscles


@dataclass(frozen=True)
class PlanTarget:
    """One movement of one workout and what a proposal would set its target to."""

    workout_id: str
    workout_name: str
    workout_version: str
    plan_id: str
    plan_name: str
    movement_id: str
    exercise_id: str
    current_target_weight_kg: float | None = None
    proposed_target_weight_kg: float | None = None
    current_target_sets: int | None = None
    proposed_target_sets: int | None = None


def _target(workout: WorkoutFact, movement: MovementFact, plans: Mapping[str, PlanFact]) -> PlanTarget:
    plan = plans.get(workout.plan_id)
    return PlanTarget(
        workout.workout_id,
        workout.name,
        workout.version,
        workout.plan_id,
        plan.name if plan else "",
        movement.movement_id,
        movement.exercise_id,
    )


def _ordered(workouts: Iterable[WorkoutFact]) -> list[WorkoutFact]:
    return sorted(workouts, key=lambda w: (w.name, w.workout_id))


def deload_targets(
    workouts: Iterable[WorkoutFact],
    plans: Mapping[str, PlanFact],
    exercise_ids: set[str],
    proposed_kg: float,
) -> list[PlanTarget]:
    """Every movement prescribing one of ``exercise_ids`` (the exercise and what it maps to)."""
    out: list[PlanTarget] = []
    for workout in _ordered(workouts):
        for movement in sorted(workout.movements, key=lambda m: m.position):
            if movement.exercise_id in exercise_ids:
                out.append(
                    replace(
                        _target(workout, movement, plans),
                        current_target_weight_kg=movement.target_weight_kg,
                        proposed_target_weight_kg=proposed_kg,
                    )
                )
    return out


def add_sets_target(
    workouts: Iterable[WorkoutFact],
    plans: Mapping[str, PlanFact],
    muscle: str,
    muscles_of: MusclesOf,
    extra_sets: int,
) -> PlanTarget | None:
    """The movement of the workout that trains ``muscle`` most; None when no workout does."""
    best: tuple[int, WorkoutFact, list[MovementFact]] | None = None
    for workout in _ordered(workouts):
        training = [
            m
            for m in sorted(workout.movements, key=lambda m: m.position)
            if muscle in muscles_of(m.exercise_id)
        ]
        if training and (best is None or len(training) > best[0]):
            best = (len(training), workout, training)
    if best is None:
        return None
    _, workout, training = best
    movement = next((m for m in training if m.target_sets is not None), training[0])
    current = movement.target_sets
    return replace(
        _target(workout, movement, plans),
        current_target_sets=current,
        proposed_target_sets=current + extra_sets if current is not None else None,
    )
