"""Occurrences of other workouts that a deleted workout replaces: the replacement goes with it.

A replacement not done yet ends with the workout that replaces: the occurrence is its own workout's
again (scheduled, or still moved). A completed one is history: it keeps the replacement's ID and the
replacement's name is stored beside it. One in progress (active: a session running as the
replacement) stops the deletion with OCCURRENCE_LOCKED, at the preview and again at the commit. The
preview lists the occurrences given back in its window; the commit appends occurrence.changed for
each one reads show, after the deleted workout's own entries. The occurrence's workout keeps its
version: the deletion the user confirmed changes it, not an edit of that workout
(docs/decisions/0023-training-change-feed.md, "Deleted replacements").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import Connection

from kinetic.errors import DomainError
from knowledge.training.formats import version_key
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import ChangeEntry, OccurrenceRecord
from services.training.domain import occurrences
from services.training.domain.model import Occurrence, OccurrenceOverride, Workout
from services.training.service_layer.override_visibility import render


@dataclass(frozen=True)
class DeletedReplacements:
    """The not-completed replacements some workouts about to be deleted make, read before the deletion."""

    overrides: tuple[OccurrenceOverride, ...]  # by original day, then workout ID
    owners: Mapping[str, Workout]  # the replaced occurrences' own workouts, by ID
    deleted_names: Mapping[str, str]  # the workouts being deleted: ID -> name

    @classmethod
    def load(cls, conn: Connection, account_id: str, deleted: Sequence[Workout]) -> DeletedReplacements:
        """Those of ``deleted``; occurrences of workouts deleted too are left out (they go with them)."""
        deleted_ids = {w.id for w in deleted}
        found = [
            o
            for o in repo.pending_replacements_by(conn, account_id, sorted(deleted_ids))
            if o.workout_id not in deleted_ids
        ]
        owners = repo.get_workouts(conn, account_id, {o.workout_id for o in found})
        kept = tuple(o for o in found if o.workout_id in owners)
        return cls(kept, owners, {w.id: w.content.name for w in deleted})

    def owner_versions(self) -> dict[str, str]:
        """The owners' versions, bound by the preview: a move or replacement after it makes it stale."""
        return {version_key("workout", w.id): w.version for w in self.owners.values()}

    def refuse_active(self) -> None:
        """A session in progress as a replacement: it is not done and not undone, so nothing may
        silently change it. Finish or cancel the session, then delete."""
        for override in self.overrides:
            if override.status != "active":
                continue
            owner = self.owners[override.workout_id]
            day = override.original_day.isoformat()
            replacement = self.deleted_names.get(override.replacement_workout_id or "", "")
            raise DomainError(
                f"the occurrence of {owner.content.name!r} originally scheduled on {day} "
                f"(workout {owner.id}) is in progress as {replacement!r}, which replaces it; finish or "
                "cancel that session, then preview the deletion again",
                reason="OCCURRENCE_LOCKED",
                metadata={"workoutID": owner.id, "originalScheduledDay": day},
            )

    def restored_in(self, start: date, end: date) -> list[OccurrenceRecord]:
        """The occurrences given back whose day lies in [start, end), as reads will show them."""
        shown = [
            (owner, after) for owner, after in self._given_back(self.overrides) if start <= after.day < end
        ]
        shown.sort(key=lambda pair: (pair[1].day, pair[1].workout_id, pair[1].original_day))
        return [render(owner, after, {}) for owner, after in shown]

    def shown_count(self) -> int:
        """How many occurrences, on any day, are given back (lapsed rows are shown by no read)."""
        return len(self._given_back(self.overrides))

    def entries(self, deleted_id: str) -> list[ChangeEntry]:
        """occurrence.changed for each occurrence ``deleted_id`` gives back that reads show (a lapsed
        one, whose day the schedule no longer has, is shown neither before nor after)."""
        mine = [o for o in self.overrides if o.replacement_workout_id == deleted_id]
        return [
            change_log.occurrence_entry(render(owner, after, {})) for owner, after in self._given_back(mine)
        ]

    def store(self, conn: Connection, account_id: str) -> None:
        """End the replacements (and store the name of completed ones) in the deletion's transaction."""
        repo.give_back_replacements(conn, account_id, self.deleted_names)

    def _given_back(self, overrides: Sequence[OccurrenceOverride]) -> list[tuple[Workout, Occurrence]]:
        found: list[tuple[Workout, Occurrence]] = []
        for override in overrides:
            owner = self.owners[override.workout_id]
            cleared = replace(override, replacement_workout_id=None)
            after = occurrences.find_occurrence(owner, [cleared], override.original_day)
            if after is not None:
                found.append((owner, after))
        return found
