"""Occurrence overrides a write hides from every read (they lapse) or shows again, as feed entries.

An override (a move, a replacement, a status) is shown while its occurrence exists: while its
original day is on the workout's schedule, phase bounds included, or while it is active or completed
(decision 0013). Changing a schedule can hide a pending one (its row stays and reads ignore it) and
show one that was hidden before; deleting a workout deletes its overrides that are not completed;
setting an active or completed occurrence back to "scheduled" hides it when the schedule no longer
has its day. A feed reader holds what ``occurrence.changed`` told it, so each of these writes appends
``occurrence.lapsed`` (or ``occurrence.changed`` for one shown again) for every override it hides (or
shows), after the workout's own change (docs/decisions/0023-training-change-feed.md, "Lapsed
occurrences").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection

from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import ChangeEntry, OccurrenceRecord
from services.training.domain import occurrences
from services.training.domain.model import Occurrence, OccurrenceOverride, Workout

# Record ID (``<workoutID>/<originalScheduledDay>``) -> the occurrence as reads render it.
Shown = dict[str, OccurrenceRecord]


def render(
    workout: Workout, occurrence: Occurrence, replacement_names: Mapping[str, str]
) -> OccurrenceRecord:
    """``occurrence`` of ``workout`` as calendar reads render it (a replaced one carries the
    replacement's name; ``replacement_names`` maps replacement workout IDs to names)."""
    names = {**replacement_names, workout.id: workout.content.name}
    return OccurrenceRecord(occurrence, names, {workout.id: (workout.plan_id or "", workout.phase_id or "")})


def replacement_names(
    conn: Connection, account_id: str, overrides: Iterable[OccurrenceOverride]
) -> dict[str, str]:
    """Names of the workouts ``overrides`` name as replacements (deleted ones are absent, as in reads)."""
    ids = {o.replacement_workout_id for o in overrides if o.replacement_workout_id}
    return {w.id: w.content.name for w in repo.get_workouts(conn, account_id, ids).values()}


@dataclass(frozen=True)
class UncompletedOverrides:
    """The stored overrides of some workouts that are not completed, read before a write changes them."""

    overrides: tuple[OccurrenceOverride, ...]
    replacement_names: Mapping[str, str]

    @classmethod
    def load(cls, conn: Connection, account_id: str, workouts: Sequence[Workout]) -> UncompletedOverrides:
        """Read them (and their replacements' names) for ``workouts``."""
        found = repo.uncompleted_overrides(conn, account_id, [w.id for w in workouts])
        return cls(tuple(found), replacement_names(conn, account_id, found))

    def shown(self, workouts: Iterable[Workout]) -> Shown:
        """Those of ``workouts`` (as they are, or as a write is about to store them) that reads show."""
        by_id = {w.id: w for w in workouts}
        shown: Shown = {}
        for override in self.overrides:
            workout = by_id.get(override.workout_id)
            if workout is None:
                continue
            found = occurrences.find_occurrence(workout, [override], override.original_day)
            if found is not None:
                rendered = render(workout, found, self.replacement_names)
                shown[rendered.record_id] = rendered
        return shown


def visibility_entries(before: Shown, after: Shown) -> list[ChangeEntry]:
    """occurrence.lapsed for each occurrence shown before and not after (its record as last shown),
    occurrence.changed for each shown after and not before; by original day, then workout ID."""
    entries = [change_log.lapsed_entry(before[key]) for key in before.keys() - after.keys()]
    entries += [change_log.occurrence_entry(after[key]) for key in after.keys() - before.keys()]
    return sorted(entries, key=_by_original_day)


def _by_original_day(entry: ChangeEntry) -> tuple[str, str]:
    assert isinstance(entry.record, OccurrenceRecord)
    occurrence = entry.record.occurrence
    return occurrence.original_day.isoformat(), occurrence.workout_id
