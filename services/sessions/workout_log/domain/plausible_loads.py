"""Loads far above the person's records or what people lift: asked about before a text is stored
(decision 0104).

A load written without a unit takes the profile's unit, so "bench 5x5 at 225" from someone who
meant pounds would store 225 kg. The estimated one-rep max of each set (Epley: load × (1 + reps/30))
is compared with the person's own best on that exercise, or, with none yet, with what a very strong
lifter reaches; above it the text is refused with the question, and the person confirms by logging
the sets as structured (log_workout) or corrects the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# Estimated one-rep maxes (kg) only the strongest few lifters pass, by catalog exercise. Chosen
# above national-level raw lifters and below the world records, so a strong person's real sets pass
# and a pound figure read as kilograms (or a typo) does not.
_ELITE_E1RM_KG: Final[Mapping[str, float]] = MappingProxyType(
    {
        "barbell-back-squat": 330.0,
        "low-bar-back-squat": 330.0,
        "front-squat": 270.0,
        "barbell-deadlift": 360.0,
        "sumo-deadlift": 360.0,
        "trap-bar-deadlift": 380.0,
        "romanian-deadlift": 300.0,
        "barbell-bench-press": 250.0,
        "incline-barbell-bench-press": 220.0,
        "close-grip-bench-press": 230.0,
        "overhead-press": 150.0,
        "push-press": 190.0,
        "barbell-bent-over-row": 220.0,
        "pendlay-row": 200.0,
        "barbell-hip-thrust": 400.0,
        "power-clean": 200.0,
        "barbell-curl": 110.0,
        "ez-bar-curl": 110.0,
        "dumbbell-bicep-curl": 60.0,
        "hammer-curl": 60.0,
        "dumbbell-lateral-raise": 40.0,
        "dumbbell-front-raise": 40.0,
        "dumbbell-bench-press": 100.0,
        "dumbbell-shoulder-press": 80.0,
        "one-arm-dumbbell-row": 120.0,
        "lat-pulldown": 200.0,
        "leg-press": 800.0,
    }
)


def elite_e1rm_kg(exercise_id: str) -> float | None:
    """The bound for ``exercise_id``, None when there is none (any load up to the log's limit)."""
    return _ELITE_E1RM_KG.get(exercise_id)


# A set is "far above" the person's own best when its estimate passes their best estimated 1RM by
# half, plus 10 kg so that light exercises (a 10 kg curl becoming 16 kg) are not questioned.
OWN_BEST_FACTOR: Final = 1.5
OWN_BEST_MARGIN_KG: Final = 10.0


def load_bound_kg(exercise_id: str, own_best_e1rm_kg: float | None) -> float | None:
    """The highest estimated 1RM stored without a question: from the person's own best when they
    have one (their records say more than any table, also above the table for the strongest), else
    the elite bound; None when neither exists."""
    if own_best_e1rm_kg is not None:
        return own_best_e1rm_kg * OWN_BEST_FACTOR + OWN_BEST_MARGIN_KG
    return elite_e1rm_kg(exercise_id)


def e1rm_kg(load_kg: float, reps: int) -> float:
    """Epley's estimate; a set of more than 12 reps counts as 12, where the estimate stops growing
    credibly (a set of 30 is not a sign of a one-rep max twice the load)."""
    return load_kg * (1 + min(reps, 12) / 30)
