"""A library's current state as change-feed entries, for libraries that existed before the feed.

Migration 0003 writes these as a library's first changes, so a reader that starts at 0 sees what was
written before the feed existed. The records are the same values as the writes' entries
(``library_change_log``), stored by the same encoder (``entrypoints/library_pb.encode_record``); the
order and the rules are in
docs/decisions/0023-training-change-feed.md ("Libraries older than the feed").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import TypeVar

from services.training.adapters import library_change_log as change_log
from services.training.adapters.library_change_log import ChangeEntry, OccurrenceRecord, WorkoutRecord
from services.training.domain import occurrences
from services.training.domain.model import Occurrence, OccurrenceOverride, Plan, Workout

_EARLIEST = datetime.min.replace(tzinfo=UTC)
_Record = TypeVar("_Record", Plan, Workout)


def current_state_entries(
    plans: Sequence[Plan],
    workouts: Sequence[Workout],
    overrides: Sequence[tuple[OccurrenceOverride, str]],
    exercise_names: Mapping[str, str],
    today: date,
) -> list[ChangeEntry]:
    """plan.created for every plan, then workout.created for every workout (each group oldest
    first), then occurrence.changed for every override that still stands for an occurrence.

    ``overrides`` pairs each override with the workout name stored beside it; ``today`` picks each
    workout's ``schedule`` (the one in force that day), as a write's day does.
    """
    by_id = {w.id: w for w in workouts}
    names = {w.id: w.content.name for w in workouts}
    entries = [change_log.plan_entry(change_log.PLAN_CREATED, p) for p in _oldest_first(plans)]
    entries += [
        change_log.workout_entry(change_log.WORKOUT_CREATED, WorkoutRecord(w, exercise_names, today))
        for w in _oldest_first(workouts)
    ]
    for override, stored_name in sorted(overrides, key=lambda o: (o[0].original_day, o[0].workout_id)):
        occurrence = _occurrence_record(override, stored_name, by_id, names)
        if occurrence is not None:
            entries.append(change_log.occurrence_entry(occurrence))
    return entries


def _oldest_first(records: Sequence[_Record]) -> list[_Record]:
    return sorted(records, key=lambda r: (r.created_at or _EARLIEST, r.id))


def _occurrence_record(
    override: OccurrenceOverride,
    stored_name: str,
    workouts: Mapping[str, Workout],
    names: Mapping[str, str],
) -> OccurrenceRecord | None:
    """The occurrence as a write renders it; None when the override no longer stands for one."""
    workout = workouts.get(override.workout_id)
    if workout is not None:
        # None when the schedule no longer has the day: a pending move or replacement has lapsed.
        found = occurrences.find_occurrence(workout, [override], override.original_day)
        if found is None:
            return None
        return OccurrenceRecord(found, names, {workout.id: (workout.plan_id or "", workout.phase_id or "")})
    if override.status != "completed":
        return None  # deleting a workout deletes its pending overrides; only completed ones stay
    # A completed occurrence of a deleted workout: shown as the history read shows it, with the
    # name stored beside it and no plan placement (the workout that had one is gone).
    kept = Occurrence(
        workout_id=override.workout_id,
        original_day=override.original_day,
        day=override.destination_day or override.original_day,
        status="completed",
        replacement_workout_id=override.replacement_workout_id,
        completed_at=override.completed_at,
        extra={"workoutName": stored_name},
    )
    return OccurrenceRecord(kept, names, {})
