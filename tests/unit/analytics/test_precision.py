"""Kilogram figures are answered to what the measurement supports (decision 0037)."""

from __future__ import annotations

import json

from services.analytics.domain import precision
from services.analytics.domain.precision import derived_kg, logged_kg


def test_derived_figures_are_tenths_of_a_kilogram():
    assert derived_kg(31983.561234567) == 31983.6
    assert derived_kg(100 * (1 + 5 / 30)) == 116.7
    assert derived_kg(90 * 36 / 32) == 101.3, "half up, as by hand: 101.25 -> 101.3"
    assert derived_kg(-2.34) == -2.3
    assert json.dumps(derived_kg(-0.04)) == "0.0", "never a negative zero"


def test_logged_loads_keep_their_plates_and_lose_float_noise():
    assert logged_kg(81.25) == 81.25 and logged_kg(0.1 + 0.2) == 0.3
    assert json.dumps(logged_kg(102.5)) == "102.5"


def test_a_column_is_rounded_as_each_value_is():
    # The series' columns are rounded a list at a time (decision 0121); the same arithmetic.
    values = [0.0, -0.0, 0.05, 0.15, 0.25, 0.005, 0.015, 101.25, 101.35, 1e-7, 1e16, -2.45, 183.705, 2 / 3]
    assert [repr(v) for v in precision.derived_kg_each(values)] == [
        repr(precision.derived_kg(v)) for v in values
    ]
    assert [repr(v) for v in precision.logged_kg_each(values)] == [
        repr(precision.logged_kg(v)) for v in values
    ]
