"""Checking a workout's ``endurance`` part as sent (``edit_input.EnduranceInput``).

Like the movement rules (``workout_rules``), every problem is collected with the path of the field to
fix, spelt as the JSON spells it (``input.workout.endurance.steps[1].steps[0].target.wattsHigh``), so
one round trip shows them all. Limits: docs/decisions/0056-planned-endurance-workouts.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from knowledge.limits.endurance_plans import (
    MAX_DISTANCE_METERS,
    MAX_DURATION_SECONDS,
    MAX_LABEL_CHARS,
    MAX_PLANNED_TSS,
    MAX_REPEAT_COUNT,
    MAX_REPEAT_DEPTH,
    MAX_REPEAT_STEPS,
    MAX_TOP_LEVEL_STEPS,
    TARGET_RANGES,
)
from knowledge.training.rules import MAX_NOTES_CHARS
from services.training.domain.edit_input import (
    EnduranceInput,
    EnduranceStepInput,
    IntensityInput,
    StepTargetInput,
)
from services.training.domain.endurance import (
    DISTANCE_SPORTS,
    INTENSITY_KINDS,
    INTERVAL_ROLES,
    PACE_ZONES,
    SPORTS,
    STEP_TYPES,
    EnduranceStep,
    EnduranceTarget,
    IntensityTarget,
    StepTarget,
)
from services.training.domain.input_values import (
    Violations,
    check_count,
    read_choice,
    read_int,
    read_notes,
    read_number,
    require,
)


@dataclass(frozen=True)
class _Bound:
    """A target field's range, unit and whether it is whole."""

    low: int
    high: int
    unit: str
    whole: bool = True


# Ranges from training's limits (decision 0091); units and wholeness are how errors say them.
_UNITS: dict[str, tuple[str, bool]] = {
    "pace_low_seconds_per_km": ("seconds per km", True),
    "pace_high_seconds_per_km": ("seconds per km", True),
    "watts_low": ("watts", True),
    "watts_high": ("watts", True),
    "ftp_percent_low": ("% of FTP", False),
    "ftp_percent_high": ("% of FTP", False),
    "bpm_low": ("bpm", True),
    "bpm_high": ("bpm", True),
    "heart_rate_zone": ("zone", True),
    "rpe": ("RPE", True),
}
_TARGET_BOUNDS: dict[str, _Bound] = {
    name: _Bound(*TARGET_RANGES[name], unit, whole) for name, (unit, whole) in _UNITS.items()
}
# The field sets each target kind accepts; exactly one of them is sent whole.
_TARGET_SHAPES: dict[str, tuple[tuple[str, ...], ...]] = {
    "pace": (("pace_low_seconds_per_km", "pace_high_seconds_per_km"),),
    "power": (("watts_low", "watts_high"), ("ftp_percent_low", "ftp_percent_high")),
    "heart_rate": (("bpm_low", "bpm_high"), ("heart_rate_zone",)),
    "rpe": (("rpe",),),
}
_NO_DISTANCE = f"does not apply to a strength workout; distances are for {', '.join(DISTANCE_SPORTS)}"


def _json(attribute: str) -> str:
    """A target field's name as the JSON spells it (``watts_low`` is ``wattsLow``)."""
    first, *rest = attribute.split("_")
    return first + "".join(word.capitalize() for word in rest)


# What ``_target`` says of each kind, made once: a plan write checks hundreds of targets
# (decision 0123). The fields each kind takes, and how errors name its ways ("wattsLow and
# wattsHigh or ftpPercentLow and ftpPercentHigh").
_TAKES: dict[str, frozenset[str]] = {
    kind: frozenset(attribute for shape in shapes for attribute in shape)
    for kind, shapes in _TARGET_SHAPES.items()
}
_WAYS: dict[str, str] = {
    kind: " or ".join(" and ".join(_json(a) for a in shape) for shape in shapes)
    for kind, shapes in _TARGET_SHAPES.items()
}
# Each target field's JSON name, and the order errors list them in (decision 0123).
_JSON: dict[str, str] = {attribute: _json(attribute) for attribute in _TARGET_BOUNDS}
_ORDER: dict[str, int] = {attribute: n for n, attribute in enumerate(_TARGET_BOUNDS)}

# Paths to fields are built only for a problem: valid input, most of what a plan write checks,
# builds none (decision 0123). The checks below take the value's range first, then, outside it,
# the reader that records the problem at its path.


def check_endurance(problems: Violations, path: str, endurance: EnduranceInput) -> EnduranceTarget | None:
    """The endurance part of a workout, or None (with the problems recorded)."""
    before = len(problems)
    sport = _required_choice(problems, path, "sport", endurance.sport, SPORTS)
    duration = (
        _duration(problems, path, "plannedDurationSeconds", endurance.planned_duration_seconds)
        if endurance.planned_duration_seconds is not None
        else None
    )
    distance = None
    if endurance.planned_distance_meters is not None:
        planned = endurance.planned_distance_meters
        distance = _distance(problems, path, "plannedDistanceMeters", planned, sport)
    intensity = (
        _intensity(problems, f"{path}.intensity", endurance.intensity)
        if endurance.intensity is not None
        else None
    )
    steps = _steps(problems, f"{path}.steps", endurance.steps, sport, 0, MAX_TOP_LEVEL_STEPS, low=0)
    tss = None
    if endurance.planned_tss is not None:
        tss = read_number(problems, f"{path}.plannedTss", endurance.planned_tss, 0, MAX_PLANNED_TSS, "TSS")
    elif endurance.planned_tss_locked:
        problems.add(f"{path}.plannedTssLocked", "locks plannedTss, which is not sent; send plannedTss too")
    if len(problems) > before or sport is None or steps is None:
        return None
    return EnduranceTarget(
        sport=sport,
        planned_duration_seconds=duration,
        planned_distance_meters=distance,
        intensity=intensity,
        steps=steps,
        planned_tss=tss,
        planned_tss_locked=endurance.planned_tss_locked,
    )


def _required_choice(
    problems: Violations, path: str, key: str, value: str, choices: Sequence[str]
) -> str | None:
    if value and value in choices:
        return value
    if not require(problems, path, bool(value), key, f"; one of {', '.join(choices)}"):
        return None
    return read_choice(problems, f"{path}.{key}", value, choices)


def _duration(problems: Violations, path: str, key: str, value: int) -> int | None:
    """The seconds at ``path``.``key``."""
    if 1 <= value <= MAX_DURATION_SECONDS:
        return value
    return read_int(problems, f"{path}.{key}", value, 1, MAX_DURATION_SECONDS, "seconds")


def _distance(problems: Violations, path: str, key: str, value: float, sport: str | None) -> float | None:
    """The meters at ``path``.``key``."""
    if sport == "strength":
        problems.add(f"{path}.{key}", _NO_DISTANCE)
        return None
    if 1 <= value <= MAX_DISTANCE_METERS:
        return value
    return read_number(problems, f"{path}.{key}", value, 1, MAX_DISTANCE_METERS, "meters")


def _intensity(problems: Violations, path: str, intensity: IntensityInput) -> IntensityTarget | None:
    kind = _required_choice(problems, path, "kind", intensity.kind, INTENSITY_KINDS)
    label = intensity.label.strip()
    if not 1 <= len(label) <= MAX_LABEL_CHARS or not label.isprintable():
        problems.add(
            f"{path}.label",
            f'must be 1-{MAX_LABEL_CHARS} printable characters (a zone or label such as "Z2" or '
            f'"threshold"), not {len(label)}',
        )
        return None
    return None if kind is None else IntensityTarget(kind, label)


def _steps(
    problems: Violations,
    path: str,
    sent: Sequence[EnduranceStepInput],
    sport: str | None,
    depth: int,
    high: int,
    *,
    low: int,
) -> tuple[EnduranceStep, ...] | None:
    valid = _valid_steps(sent, sport, depth, high, low)
    if valid is not None:
        return valid
    return _checked_steps(problems, path, sent, sport, depth, high, low=low)


def _checked_steps(
    problems: Violations,
    path: str,
    sent: Sequence[EnduranceStepInput],
    sport: str | None,
    depth: int,
    high: int,
    *,
    low: int,
) -> tuple[EnduranceStep, ...] | None:
    """The steps checked field by field, each problem recorded at its path."""
    if not check_count(problems, path, sent, low, high, "steps"):
        return None
    before = len(problems)
    steps = [_step(problems, f"{path}[{i}]", step, sport, depth) for i, step in enumerate(sent)]
    if len(problems) > before:
        return None
    return tuple(s for s in steps if s is not None)


def _valid_steps(
    sent: Sequence[EnduranceStepInput], sport: str | None, depth: int, high: int, low: int
) -> tuple[EnduranceStep, ...] | None:
    """The steps when nothing in them is wrong, the most of what a plan write checks (decision 0123,
    fourth pass): no path is spelt and no problem counted. Else None, and ``_checked_steps`` finds
    and names each problem as before."""
    if not low <= len(sent) <= high:
        return None
    steps = []
    for step in sent:
        valid = _valid_step(step, sport, depth)
        if valid is None:
            return None
        steps.append(valid)
    return tuple(steps)


def _valid_step(step: EnduranceStepInput, sport: str | None, depth: int) -> EnduranceStep | None:
    """What ``_step`` makes of a step with nothing wrong (and ``_repeat`` of a repeat); else None."""
    kind, notes = step.type, step.notes
    if len(notes) > MAX_NOTES_CHARS:
        return None
    if kind == "repeat":
        count = step.repeat_count
        if (
            step.duration_seconds is not None
            or step.distance_meters is not None
            or step.target is not None
            or step.role
            or depth >= MAX_REPEAT_DEPTH
            or not 1 <= count <= MAX_REPEAT_COUNT
        ):
            return None
        inner = _valid_steps(step.steps, sport, depth + 1, MAX_REPEAT_STEPS, 1)
        return (
            None
            if inner is None
            else EnduranceStep(type="repeat", notes=notes, repeat_count=count, steps=inner)
        )
    if kind not in STEP_TYPES or step.repeat_count or step.steps:
        return None
    role = step.role
    if kind == "interval":
        if role not in INTERVAL_ROLES:
            return None
    elif role:
        return None
    duration, distance = step.duration_seconds, step.distance_meters
    if duration is not None:
        if distance is not None or not 1 <= duration <= MAX_DURATION_SECONDS:
            return None
    elif distance is None or sport == "strength" or not 1 <= distance <= MAX_DISTANCE_METERS:
        return None
    target = None
    if step.target is not None:
        target = _valid_target(step.target)
        if target is None:
            return None
    return EnduranceStep(
        type=kind, role=role, duration_seconds=duration, distance_meters=distance, target=target, notes=notes
    )


def _step(
    problems: Violations, path: str, step: EnduranceStepInput, sport: str | None, depth: int
) -> EnduranceStep | None:
    """One step; ``depth`` is how many repeats hold it."""
    before = len(problems)
    kind = _required_choice(problems, path, "type", step.type, STEP_TYPES)
    notes: str | None = step.notes
    if len(step.notes) > MAX_NOTES_CHARS:
        notes = read_notes(problems, f"{path}.notes", step.notes)
    if kind == "repeat":
        return _repeat(problems, path, step, sport, depth, notes)
    if step.repeat_count:
        problems.add(f"{path}.repeatCount", f"applies to a repeat only, not to a {kind or 'step'}")
    if step.steps:
        problems.add(f"{path}.steps", f"only a repeat holds steps, not a {kind or 'step'}")
    role = ""
    if kind == "interval":
        role = _required_choice(problems, path, "role", step.role, INTERVAL_ROLES) or ""
    elif step.role:
        problems.add(f"{path}.role", f"applies to an interval only, not to a {kind or 'step'}")
    has_duration, has_distance = step.duration_seconds is not None, step.distance_meters is not None
    duration = (
        _duration(problems, path, "durationSeconds", step.duration_seconds)
        if step.duration_seconds is not None
        else None
    )
    distance = None
    if has_duration and has_distance:
        problems.add(f"{path}.distanceMeters", "send durationSeconds or distanceMeters, not both")
    elif step.distance_meters is not None:
        distance = _distance(problems, path, "distanceMeters", step.distance_meters, sport)
    elif not has_duration:
        problems.add(
            path,
            f"needs a length: durationSeconds (1-{MAX_DURATION_SECONDS}) or distanceMeters "
            f"(1-{MAX_DISTANCE_METERS})",
        )
    target = _target(problems, f"{path}.target", step.target) if step.target is not None else None
    if len(problems) > before or kind is None or notes is None:
        return None
    return EnduranceStep(
        type=kind, role=role, duration_seconds=duration, distance_meters=distance, target=target, notes=notes
    )


def _repeat(
    problems: Violations,
    path: str,
    step: EnduranceStepInput,
    sport: str | None,
    depth: int,
    notes: str | None,
) -> EnduranceStep | None:
    before = len(problems)
    for attribute, key in (
        ("duration_seconds", "durationSeconds"),
        ("distance_meters", "distanceMeters"),
        ("target", "target"),
    ):
        if getattr(step, attribute) is not None:
            problems.add(f"{path}.{key}", "does not apply to a repeat; set it on the repeated steps")
    if step.role:
        problems.add(f"{path}.role", "applies to an interval only, not to a repeat")
    if depth >= MAX_REPEAT_DEPTH:
        problems.add(path, f"repeats nest at most {MAX_REPEAT_DEPTH} deep; flatten this one into its parent")
        return None
    count = None
    if require(problems, path, step.repeat_count != 0, "repeatCount", f" (1-{MAX_REPEAT_COUNT})"):
        count = read_int(problems, f"{path}.repeatCount", step.repeat_count, 1, MAX_REPEAT_COUNT, "times")
    steps = _steps(problems, f"{path}.steps", step.steps, sport, depth + 1, MAX_REPEAT_STEPS, low=1)
    if len(problems) > before or count is None or steps is None or notes is None:
        return None
    return EnduranceStep(type="repeat", notes=notes, repeat_count=count, steps=steps)


# Per kind, each field set it takes whole, by the set (a pace target may send none: its zone only).
_WHOLE: dict[str, dict[frozenset[str], tuple[str, ...]]] = {
    kind: {frozenset(shape): shape for shape in shapes} | ({frozenset(): ()} if kind == "pace" else {})
    for kind, shapes in _TARGET_SHAPES.items()
}


def _valid_target(target: StepTargetInput) -> StepTarget | None:
    """The target when nothing in it is wrong, the most of what a plan write checks (decision 0123,
    fourth pass); else None, and ``_target`` finds and names each problem as before: a known kind,
    one of its field sets sent whole and nothing else, each value in its range, low at most high,
    a pace zone only on a pace target and one of the zones (a pace target may send its zone
    alone)."""
    values = {name: value for name, value in vars(target).items() if value is not None}
    kind = values.pop("kind")
    zone = values.pop("pace_zone", None)
    shapes = _WHOLE.get(kind)
    if shapes is None:
        return None
    shape = shapes.get(frozenset(values))
    if shape is None:
        return None
    for name, value in values.items():
        bound = _TARGET_BOUNDS[name]
        if not bound.low <= value <= bound.high:
            return None
    if len(shape) == 2 and values[shape[0]] > values[shape[1]]:
        return None
    if zone is None:
        return StepTarget(kind=kind, **values) if shape else None
    if kind != "pace" or zone not in PACE_ZONES:
        return None
    return StepTarget(kind=kind, pace_zone=zone, **values)


def _target(problems: Violations, path: str, target: StepTargetInput) -> StepTarget | None:
    valid = _valid_target(target)
    return valid if valid is not None else _checked_target(problems, path, target)


def _checked_target(problems: Violations, path: str, target: StepTargetInput) -> StepTarget | None:
    """The target checked field by field, each problem recorded at its path."""
    kind = _required_choice(problems, path, "kind", target.kind, INTENSITY_KINDS)
    if kind is None:
        return None
    before = len(problems)
    sent = {attribute for attribute in _TARGET_BOUNDS if getattr(target, attribute) is not None}
    shapes = _TARGET_SHAPES[kind]
    takes = _TAKES[kind]
    ways = _WAYS[kind]
    for attribute in sorted(sent - takes, key=_ORDER.__getitem__):
        problems.add(f"{path}.{_JSON[attribute]}", f"does not apply to a {kind} target; it takes {ways}")
    used = [shape for shape in shapes if sent & set(shape)]
    zone_only = kind == "pace" and not used and target.pace_zone is not None
    if not used and not zone_only:
        problems.add(path, f"a {kind} target needs {ways}")
    elif len(used) > 1:
        problems.add(path, f"send {ways}, not more than one of them")
    elif used:  # a pace target naming only its zone has no range to complete
        for attribute in used[0]:
            if attribute not in sent:
                given = _JSON[min(sent & set(used[0]))]
                require(problems, path, False, _JSON[attribute], f" with {given}")
    values: dict[str, Any] = {}
    for attribute in sent & takes:
        bound = _TARGET_BOUNDS[attribute]
        value = getattr(target, attribute)
        if bound.low <= value <= bound.high:
            values[attribute] = value
            continue
        where = f"{path}.{_JSON[attribute]}"
        if bound.whole:
            values[attribute] = read_int(problems, where, value, bound.low, bound.high, bound.unit)
        else:
            values[attribute] = read_number(problems, where, value, bound.low, bound.high, bound.unit)
    if len(problems) > before:
        return None
    zone = _pace_zone(problems, path, kind, target)
    if len(problems) > before:
        return None
    for low_name, high_name in (shape for shape in used[0:1] if len(shape) == 2):
        if values[low_name] > values[high_name]:
            problems.add(
                f"{path}.{_JSON[high_name]}",
                f"must be at least {_JSON[low_name]} ({values[low_name]:g}), not {values[high_name]:g}",
            )
            return None
    return StepTarget(kind=kind, pace_zone=zone, **values)


def _pace_zone(problems: Violations, path: str, kind: str, target: StepTargetInput) -> str | None:
    """A pace target may name its VDOT pace; the seconds are then computed from the athlete's VDOT
    by the plan service (decision 0062), or sent with it as computed before."""
    if target.pace_zone is None:
        return None
    where = f"{path}.paceZone"
    if kind != "pace":
        problems.add(where, f"does not apply to a {kind} target; only a pace target names a pace zone")
        return None
    return read_choice(problems, where, target.pace_zone, PACE_ZONES)
