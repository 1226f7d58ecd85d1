"""One-line summaries of Metric's writes, said the way the assistant can repeat them to the user.

The result carries the changed records beside the line; the line names them and their days with
weekday names, so nothing needs reading back (docs/decisions/0038-metric-answers-compact.md).
"""

from __future__ import annotations

from typing import Any

from edge.profiles.metric.compact import weekday_name
from kinetic.training.v1 import training_pb2


def _on(day: str) -> str:
    name = weekday_name(day)
    return f"{name} {day}" if name else day


def _names(records: list[dict[str, Any]]) -> str:
    return ", ".join(f'"{r.get("name", "")}"' for r in records)


def edit_summary(
    action: str,
    workouts: list[dict[str, Any]],
    plans: list[dict[str, Any]],
    occurrence: dict[str, Any] | None,
) -> str:
    """``Moved "Squat day" from Monday 2026-12-07 to Tuesday 2026-12-08.`` and the like."""
    if occurrence is not None and action == "moveOccurrence":
        line = (
            f'Moved "{occurrence.get("workoutName", "")}" from {_on(occurrence["originalScheduledDay"])} '
            f"to {_on(occurrence['day'])}."
        )
    elif occurrence is not None and action == "replaceOccurrence":
        line = (
            f"Replaced the session of {_on(occurrence['originalScheduledDay'])} (now on "
            f'{_on(occurrence["day"])}) with "{occurrence.get("workoutName", "")}".'
        )
    elif action == "createPlan" and plans:
        plan = plans[0]
        phases = plan.get("phases", [])
        span = (
            f" from {_on(phases[0]['startDay'])} to {phases[-1]['endDayExclusive']} (exclusive)"
            if phases
            else ""
        )
        line = (
            f'Created plan "{plan.get("name", "")}" with {len(phases)} phase(s){span} and '
            f"{len(workouts)} workout(s): {_names(workouts)}."
        )
    elif action.startswith("create"):
        line = f"Created {_names(workouts or plans)}."
    else:
        changed = [f"workout {w['id']} {w.get('name', '')!r} now {w['version']}" for w in workouts]
        changed += [f"plan {p['id']} {p.get('name', '')!r} now {p['version']}" for p in plans]
        line = f"{action}: changed " + ("; ".join(changed) or "nothing") + "."
    return line


def deletion_summary(deleted: training_pb2.DeletionPreview) -> str:
    """``Deleted plan "Four-week strength"; kept 3 workout(s); ...`` for a confirmed deletion."""
    target = deleted.plan.name if deleted.HasField("plan") else deleted.workout.name
    gone = sum(w.effect == "deleted" for w in deleted.affected_workouts)
    kept = sum(w.effect == "kept" for w in deleted.affected_workouts)
    line = (
        f'Deleted {deleted.kind} "{target}": {gone} workout(s) deleted, {kept} kept; '
        f"{len(deleted.removed_occurrences)} upcoming occurrence(s) removed"
    )
    if deleted.restored_occurrences:
        line += f", {len(deleted.restored_occurrences)} given back to the workouts they had replaced"
    line += "."
    return line
