"""How many digits a kilogram figure is answered with (decision 0037).

A logged load is what the person entered: plates come in 0.25 kg steps, so two decimals keep every
real load and drop only float noise (0.1 + 0.2). A figure derived from loads and reps (an estimated
one-rep max, a slope, a standard error, a prediction, a volume) carries the day-to-day scatter of a
lift, several kilograms, so a tenth of a kilogram is already finer than it supports; more digits
would only look precise. Rounding happens where answers are built, never in the stored figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


def _half_up(value: float, per_kg: int) -> float:
    # Half up, as a person rounds by hand (101.25 -> 101.3); Python's round() goes to the even
    # neighbour. + 0.0 turns a negative zero into 0.0.
    return math.floor(value * per_kg + 0.5) / per_kg + 0.0


def logged_kg(value: float) -> float:
    """A load as logged, to 0.01 kg."""
    return _half_up(value, 100)


def derived_kg(value: float) -> float:
    """A kilogram figure worked out from logged sets, to 0.1 kg."""
    return _half_up(value, 10)


def logged_kg_each(values: Iterable[float]) -> list[float]:
    """``logged_kg`` of each value (a series' column), the same arithmetic without a call per value."""
    floor = math.floor
    return [floor(value * 100 + 0.5) / 100 + 0.0 for value in values]


def derived_kg_each(values: Iterable[float]) -> list[float]:
    """``derived_kg`` of each value (a series' column), the same arithmetic without a call per value."""
    floor = math.floor
    return [floor(value * 10 + 0.5) / 10 + 0.0 for value in values]
