"""Metric's records as an assistant reads them: no empty defaults, weekday names beside dates.

``training_json`` and ``records`` give MessageToDict's JSON (every field, ``""`` and ``0``
included; decision 0019 keeps them byte for byte). These functions then drop what says nothing
(``"intervalDays": 0``, ``"anchorDay": ""``, ``"replacementWorkoutID": ""``, empty notes, a
block's settings its format does not use, a schedule segment that repeats the schedule) and add a
weekday name to every day an occurrence or session is on, so a 1 = Sunday mix-up shows at once.
Seed 000's fields stay whenever they hold something (docs/decisions/0038-metric-answers-compact.md).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from google.protobuf import json_format

from kinetic.training.v1 import training_pb2
from knowledge.training.endurance_summary import step_summary
from knowledge.training.rules import BLOCK_FORMATS

# Metric's weekday numbers (seed 000): 1 = Sunday ... 7 = Saturday.
WEEKDAY_NAMES = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")

_OCCURRENCE_OPTIONAL = ("replacementWorkoutID", "planID", "phaseID", "weekStartDay")
_WORKOUT_OPTIONAL = ("notes", "planID", "phaseID", "activeFromDay", "activeUntilDay")


def weekday_name(day: str) -> str | None:
    """``"2026-12-01"`` -> ``"Tuesday"``; ``None`` for anything that is not a day."""
    try:
        return date.fromisoformat(day).strftime("%A")
    except ValueError:
        return None


def _drop_empty(rendered: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        if key in rendered and rendered[key] in ("", 0, None, []):
            del rendered[key]


def occurrence(rendered: dict[str, Any]) -> dict[str, Any]:
    """An occurrence with ``weekday`` (of ``day``) and, when it moved, ``originalWeekday``."""
    _drop_empty(rendered, _OCCURRENCE_OPTIONAL)
    out: dict[str, Any] = {}
    for key, value in rendered.items():
        out[key] = value
        if key == "day" and (name := weekday_name(value)):
            out["weekday"] = name
    original = rendered.get("originalScheduledDay")
    if original and original != rendered.get("day") and (name := weekday_name(original)):
        out["originalWeekday"] = name
    if "endurance" in out:
        _drop_empty(out["endurance"], ("intensity", "stepSummary"))
    return out


def _endurance_steps(steps: list[dict[str, Any]]) -> None:
    for step in steps:
        _drop_empty(step, ("role", "notes", "repeatCount", "steps"))
        _endurance_steps(step.get("steps", []))


def endurance(rendered: dict[str, Any]) -> dict[str, Any]:
    """A planned endurance workout's part without empty step fields, with its steps in one line
    (``stepSummary``, as the calendar shows them; decision 0056)."""
    steps = json_format.ParseDict({"steps": rendered.get("steps", [])}, training_pb2.EnduranceTarget()).steps
    _endurance_steps(rendered.get("steps", []))
    if not rendered.get("plannedTssLocked"):
        rendered.pop("plannedTssLocked", None)
    if steps:
        rendered["stepSummary"] = step_summary(steps)
    return rendered


def schedule(rendered: dict[str, Any]) -> dict[str, Any]:
    """A schedule with only the fields its type uses, and its weekdays' names."""
    _drop_empty(rendered, ("weekdays", "intervalDays", "anchorDay"))
    days = rendered.get("weekdays")
    if days:
        rendered["weekdayNames"] = [WEEKDAY_NAMES[d - 1] for d in days if 1 <= d <= 7]
    return rendered


def _block(rendered: dict[str, Any]) -> dict[str, Any]:
    setup = rendered.get("configuration")
    if setup:
        used = BLOCK_FORMATS.get(setup.get("format", ""))
        if used is not None:  # an unknown format keeps every setting: nothing to judge them by
            rendered["configuration"] = {
                "format": setup["format"],
                **{k: setup[k] for k in used if k in setup},
            }
    return rendered


def workout(rendered: dict[str, Any]) -> dict[str, Any]:
    """A workout without empty defaults; no segments, or one that repeats the schedule, is left out."""
    _drop_empty(rendered, _WORKOUT_OPTIONAL)
    plain = rendered.get("schedule")
    segments = rendered.get("scheduleSegments", [])
    if not segments or (
        len(segments) == 1 and not segments[0].get("effectiveDay") and segments[0].get("schedule") == plain
    ):
        rendered.pop("scheduleSegments", None)
    else:
        for segment in segments:
            _drop_empty(segment, ("effectiveDay",))
            if "schedule" in segment:
                schedule(segment["schedule"])
    if plain:
        schedule(plain)
    for movement in rendered.get("exercises", []):
        _drop_empty(movement, ("notes",))
    rendered["crossFitBlocks"] = [_block(b) for b in rendered.get("crossFitBlocks", [])]
    if "endurance" in rendered:
        endurance(rendered["endurance"])
    return rendered


def plan(rendered: dict[str, Any]) -> dict[str, Any]:
    """A plan without empty notes; phases always listed."""
    _drop_empty(rendered, ("notes",))
    return rendered


def deletion_preview(rendered: dict[str, Any]) -> dict[str, Any]:
    """A deletion preview with its records compacted the same way."""
    if "plan" in rendered:
        plan(rendered["plan"])
    if "workout" in rendered:
        workout(rendered["workout"])
    for key in ("removedOccurrences", "restoredOccurrences"):
        if key in rendered:
            rendered[key] = [occurrence(o) for o in rendered[key]]
    return rendered
