"""A workout's endurance part to and from its stored JSON (its message: ``entrypoints/library_pb``).

Stored inside the workout's ``content`` JSON under ``"endurance"`` (absent on every other workout),
with the proto's JSON names (``plannedDurationSeconds``), so rows written before it existed read as
workouts without it and no migration is needed (docs/decisions/0056-planned-endurance-workouts.md).
Values not given are left out, as in the movements' targets.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from services.training.domain.endurance import EnduranceStep, EnduranceTarget, IntensityTarget, StepTarget


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


_TARGET_KEYS = {f.name: _camel(f.name) for f in fields(StepTarget)}
# A step target's figures, in the value's (and the message's) field names.
TARGET_NAMES = tuple(_TARGET_KEYS)


def endurance_to_dict(endurance: EnduranceTarget) -> dict[str, Any]:
    """The stored form."""
    stored: dict[str, Any] = {
        "sport": endurance.sport,
        "steps": [_step_to_dict(step) for step in endurance.steps],
        "plannedTssLocked": endurance.planned_tss_locked,
    }
    if endurance.planned_duration_seconds is not None:
        stored["plannedDurationSeconds"] = endurance.planned_duration_seconds
    if endurance.planned_distance_meters is not None:
        stored["plannedDistanceMeters"] = endurance.planned_distance_meters
    if endurance.intensity is not None:
        stored["intensity"] = {"kind": endurance.intensity.kind, "label": endurance.intensity.label}
    if endurance.planned_tss is not None:
        stored["plannedTss"] = endurance.planned_tss
    return stored


def _step_to_dict(step: EnduranceStep) -> dict[str, Any]:
    stored: dict[str, Any] = {"type": step.type, "notes": step.notes}
    if step.role:
        stored["role"] = step.role
    if step.duration_seconds is not None:
        stored["durationSeconds"] = step.duration_seconds
    if step.distance_meters is not None:
        stored["distanceMeters"] = step.distance_meters
    if step.target is not None:
        stored["target"] = {
            key: getattr(step.target, name)
            for name, key in _TARGET_KEYS.items()
            if getattr(step.target, name) is not None
        }
    if step.type == "repeat":
        stored["repeatCount"] = step.repeat_count
        stored["steps"] = [_step_to_dict(inner) for inner in step.steps]
    return stored


def endurance_from_dict(stored: dict[str, Any]) -> EnduranceTarget:
    """The stored form back as a value."""
    intensity = stored.get("intensity")
    return EnduranceTarget(
        sport=stored["sport"],
        planned_duration_seconds=stored.get("plannedDurationSeconds"),
        planned_distance_meters=stored.get("plannedDistanceMeters"),
        intensity=IntensityTarget(intensity["kind"], intensity["label"]) if intensity else None,
        steps=tuple(_step_from_dict(step) for step in stored["steps"]),
        planned_tss=stored.get("plannedTss"),
        planned_tss_locked=stored.get("plannedTssLocked", False),
    )


def _step_from_dict(stored: dict[str, Any]) -> EnduranceStep:
    target = stored.get("target")
    return EnduranceStep(
        type=stored["type"],
        role=stored.get("role", ""),
        duration_seconds=stored.get("durationSeconds"),
        distance_meters=stored.get("distanceMeters"),
        target=None
        if target is None
        else StepTarget(**{name: target[key] for name, key in _TARGET_KEYS.items() if key in target}),
        notes=stored.get("notes", ""),
        repeat_count=stored.get("repeatCount", 0),
        steps=tuple(_step_from_dict(inner) for inner in stored.get("steps", [])),
    )
