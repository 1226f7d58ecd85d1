"""Plan-aware proposals: which workouts and movements a deload or an add_sets proposal names."""

from __future__ import annotations

from services.analytics.domain.plan_targets import PlanTarget, add_sets_target, deload_targets
from services.analytics.domain.training_facts import MovementFact, PlanFact, WorkoutFact

PLANS = {"P": PlanFact("P", "2.muse", "Spring block")}
LOWER_A = WorkoutFact(
    "wA",
    "5.muse",
    "Lower A",
    "strength",
    "P",
    "ph",
    (
        MovementFact("mA1", "barbell-back-squat", 0, None, target_sets=5, target_weight_kg=100),
        MovementFact("mA2", "walking-lunge", 1, None, target_sets=3),
    ),
)
LOWER_B = WorkoutFact(
    "wB",
    "2.muse",
    "Lower B",
    "strength",
    "",
    "",
    (
        MovementFact("mB1", "barbell-back-squat", 0, None),  # no target load
        MovementFact("mB2", "barbell-back-squat", 1, None, target_weight_kg=90),
    ),
)
UPPER = WorkoutFact("wU", "1.muse", "Upper", "strength", "", "", (MovementFact("mU1", "bench", 0, None),))
ARMS = WorkoutFact(
    "wR",
    "7.muse",
    "Arms",
    "strength",
    "",
    "",
    (
        MovementFact("mR1", "barbell-curl", 0, None),
        MovementFact("mR2", "hammer-curl", 1, None, target_sets=3),
    ),
)
BACK = WorkoutFact("wK", "1.muse", "Back", "strength", "", "", (MovementFact("mK1", "chin-up", 0, None, 4),))
PRIMARY = {"barbell-curl": ("biceps",), "hammer-curl": ("biceps", "forearms"), "chin-up": ("lats", "biceps")}


def primary(exercise_id: str) -> tuple[str, ...]:
    return PRIMARY.get(exercise_id, ())


def test_a_deload_names_every_movement_that_prescribes_the_exercise():
    targets = deload_targets([UPPER, LOWER_B, LOWER_A], PLANS, {"barbell-back-squat"}, 82.5)
    assert [(t.workout_name, t.movement_id, t.current_target_weight_kg) for t in targets] == [
        ("Lower A", "mA1", 100),
        ("Lower B", "mB1", None),
        ("Lower B", "mB2", 90),
    ]
    assert targets[0] == PlanTarget(
        "wA",
        "Lower A",
        "5.muse",
        "P",
        "Spring block",
        "mA1",
        "barbell-back-squat",
        current_target_weight_kg=100,
        proposed_target_weight_kg=82.5,
    )
    assert deload_targets([UPPER], PLANS, {"barbell-back-squat"}, 82.5) == []


def test_add_sets_names_the_workout_training_the_muscle_most():
    target = add_sets_target([BACK, ARMS, UPPER], PLANS, "biceps", primary, 2)
    assert target is not None
    # Arms has two biceps movements, Back one; the first with a set target is the hammer curl.
    assert (target.workout_id, target.workout_version, target.movement_id) == ("wR", "7.muse", "mR2")
    assert (target.current_target_sets, target.proposed_target_sets) == (3, 5)
    assert add_sets_target([UPPER, LOWER_A], PLANS, "biceps", primary, 2) is None
    back = add_sets_target([BACK], PLANS, "lats", primary, 2)
    assert back is not None and (back.movement_id, back.proposed_target_sets) == ("mK1", 6)
