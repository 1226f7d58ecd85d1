"""A logged set from what the person gave: ranges, warm-ups and loads in two units (decision 0049).

Every load is stored in kilograms (``weight_kg``, the figure history, records and analytics use);
a load given in pounds also keeps its value and unit (``load_value``, ``load_unit`` "lb"), so
"225 lb" reads back as 225 lb, not 102.06 kg. A load given in kilograms keeps the unit "kg" and no
separate value. Field names are the proto's snake_case names under the caller's prefix.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.limits.sessions import MAX_LOAD_KG, MAX_LOAD_LB, METERS, REPS, RPE_SEED_003, SECONDS
from services.sessions.domain.session_model import LoggedSet
from services.sessions.domain.session_rules import Violations, check_number
from services.sessions.workout_log.domain.log_model import SetChange, SetInput

KG_PER_LB = 0.45359237
UNITS = ("kg", "lb")
# The limits are data in knowledge.limits.sessions, which the OWS profile publishes (decision 0091).
REPS_RANGE = REPS
DURATION_RANGE = SECONDS
DISTANCE_RANGE = METERS
RPE_RANGE = RPE_SEED_003
# A load_kg and a load_value given together must agree this closely (the edge rounds its conversion).
LOAD_TOLERANCE_KG = 0.1
LOAD_TOLERANCE_SHARE = 0.01


def _load(
    out: Violations, at: str, load_kg: float | None, load_value: float | None, unit: str
) -> tuple[float | None, float | None, str]:
    """(weight_kg, load_value, load_unit) as stored; (None, None, "") for no load."""
    before = len(out.items)
    unit = unit or "kg"
    if unit not in UNITS:
        out.add(f"{at}load_unit", "must be kg or lb (empty means kg)")
        return None, None, ""
    if load_kg is None and load_value is None:
        return None, None, ""
    check_number(out, f"{at}load_kg", load_kg, 0, MAX_LOAD_KG)
    check_number(out, f"{at}load_value", load_value, 0, MAX_LOAD_LB if unit == "lb" else MAX_LOAD_KG)
    if len(out.items) > before:
        return None, None, ""
    factor = KG_PER_LB if unit == "lb" else 1.0
    if load_kg is None:
        assert load_value is not None
        load_kg = round(load_value * factor, 3)
    elif load_value is not None and abs(load_kg - load_value * factor) > max(
        LOAD_TOLERANCE_KG, LOAD_TOLERANCE_SHARE * load_kg
    ):
        out.add(f"{at}load_value", f"{load_value:g} {unit} is not load_kg {load_kg:g}; send matching figures")
        return None, None, ""
    if unit == "kg":
        return load_kg, None, "kg"
    return load_kg, load_value if load_value is not None else round(load_kg / KG_PER_LB, 2), "lb"


def _check_figures(
    out: Violations,
    at: str,
    reps: int | None,
    duration_s: int | None,
    distance_m: float | None,
    rpe: float | None,
) -> None:
    check_number(out, f"{at}reps", reps, *REPS_RANGE)
    check_number(out, f"{at}duration_s", duration_s, *DURATION_RANGE)
    check_number(out, f"{at}distance_m", distance_m, *DISTANCE_RANGE)
    check_number(out, f"{at}rpe", rpe, *RPE_RANGE)


def _float(value: float | None) -> float | None:
    return None if value is None else float(value)


def _or(new: float | None, stored: float | None) -> float | None:
    return stored if new is None else float(new)


def logged_set(out: Violations, at: str, given: SetInput, set_number: int) -> LoggedSet:
    """The set to store as ``set_number``: completed, "W" for a warm-up, "N" otherwise.

    ``at`` prefixes field names, e.g. "entries[0].sets[2]." (bad fields are added to ``out``).
    """
    before = len(out.items)
    _check_figures(out, at, given.reps, given.duration_s, given.distance_m, given.rpe)
    weight_kg, load_value, load_unit = _load(out, at, given.load_kg, given.load_value, given.load_unit)
    if len(out.items) > before:
        return LoggedSet(set_number=set_number)
    return LoggedSet(
        set_number=set_number,
        set_type="W" if given.warmup else "N",
        weight_kg=weight_kg,
        reps=_float(given.reps),
        time_seconds=_float(given.duration_s),
        distance_meters=_float(given.distance_m),
        rpe=_float(given.rpe),
        completed=True,
        estimated=given.estimated,
        load_value=load_value,
        load_unit=load_unit,
    )


def is_empty_change(change: SetChange) -> bool:
    """Whether a SetChange names nothing to change."""
    return change == SetChange()


def changed_set(out: Violations, stored: LoggedSet, change: SetChange) -> LoggedSet:
    """``stored`` with ``change`` applied; bad fields go to ``out`` as "set.<field>".

    A load (load_kg and/or load_value) replaces the stored one in its unit; load_unit alone
    re-expresses the stored load in that unit; remove_load makes the set bodyweight. A warm-up
    flag turns the set type to "W" or back to "N" (a drop or failure set stays one when it is not
    made a warm-up).
    """
    at = "set."
    before = len(out.items)
    _check_figures(out, at, change.reps, change.duration_s, change.distance_m, change.rpe)
    given_load = change.load_kg is not None or change.load_value is not None
    if change.remove_load and (given_load or change.load_unit):
        out.add(f"{at}remove_load", "cannot go with a load or a load unit")
    weight_kg, load_value, load_unit = stored.weight_kg, stored.load_value, stored.load_unit
    if change.remove_load:
        weight_kg, load_value, load_unit = None, None, ""
    elif given_load:
        weight_kg, load_value, load_unit = _load(out, at, change.load_kg, change.load_value, change.load_unit)
    elif change.load_unit:
        if change.load_unit not in UNITS:
            out.add(f"{at}load_unit", "must be kg or lb")
        elif stored.weight_kg is None:
            out.add(f"{at}load_unit", "the set has no load to express in another unit")
        elif change.load_unit == "kg":
            load_value, load_unit = None, "kg"
        else:
            load_value, load_unit = round(stored.weight_kg / KG_PER_LB, 2), "lb"
    if len(out.items) > before:
        return stored
    set_type = stored.set_type
    if change.warmup is True:
        set_type = "W"
    elif change.warmup is False and set_type == "W":
        set_type = "N"
    return replace(
        stored,
        set_type=set_type,
        weight_kg=weight_kg,
        load_value=load_value,
        load_unit=load_unit,
        # Reps stored as text ("AMRAP", by LogPerformance) stay unless a number replaces them.
        reps=stored.reps if change.reps is None else float(change.reps),
        time_seconds=_or(change.duration_s, stored.time_seconds),
        distance_meters=_or(change.distance_m, stored.distance_meters),
        rpe=_or(change.rpe, stored.rpe),
    )
