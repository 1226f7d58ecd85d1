"""Writes that come from other services: an occurrence's status, and erasing a library.

The sessions service marks an occurrence active when a session starts from it and completed when it
ends, so it can no longer be moved. The status is a fact about what happened, not an edit of the
workout: it advances the source sequence but leaves the workout's version alone. Both writes append
to the change feed in their transaction (docs/decisions/0023-training-change-feed.md).
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from sqlalchemy import Engine

from kinetic.errors import InvalidArgument, NotFound
from kinetic.storage import checkpoint_after_erasure
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import OccurrenceRecord
from services.training.adapters.library_repository import LibraryState
from services.training.domain import calendar, occurrences
from services.training.domain.model import OccurrenceOverride
from services.training.service_layer.answers import StatusAnswer, StoredForms
from services.training.service_layer.override_visibility import render, replacement_names
from services.training.service_layer.training_library import Clock, ensure_library, require_account, utc_now

STATUSES = ("scheduled", "active", "completed")


class OccurrenceStatuses:
    """Status changes and library erasure."""

    def __init__(self, engine: Engine, forms: StoredForms, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._forms = forms
        self._clock = clock

    def set_status(
        self,
        account_id: str,
        *,
        workout_id: str,
        original_scheduled_day: str,
        status: str,
        completed_at: datetime | None,
    ) -> StatusAnswer:
        """Mark one occurrence scheduled, active or completed.

        Marking "scheduled" an occurrence the schedule no longer has makes it lapse: the response
        carries no occurrence and the feed gets occurrence.lapsed.
        """
        require_account(account_id)
        if status not in STATUSES:
            raise InvalidArgument.for_field("status", f"must be one of {', '.join(STATUSES)}")
        day = calendar.parse_day(original_scheduled_day, "original_scheduled_day")
        now = self._clock()
        ensure_library(self._engine, account_id, now)
        with self._engine.begin() as conn:
            state = repo.lock_library(conn, account_id)
            assert state is not None
            workout = repo.get_workouts(conn, account_id, [workout_id]).get(workout_id)
            if workout is None:
                raise NotFound(f"workout {workout_id} does not exist", reason="WORKOUT_NOT_FOUND")
            current = repo.get_override(conn, account_id, workout_id, day)
            before = occurrences.find_occurrence(workout, [current] if current else [], day)
            if before is None:
                raise NotFound(
                    f"workout {workout_id} has no occurrence originally scheduled on {day.isoformat()}",
                    reason="OCCURRENCE_NOT_FOUND",
                )
            override = replace(
                current or OccurrenceOverride(workout_id=workout_id, original_day=day),
                status=status,  # type: ignore[arg-type]
                completed_at=(completed_at or now) if status == "completed" else None,
            )
            # A replaced occurrence shows the replacement's name, as calendar reads do.
            names = replacement_names(conn, account_id, [override])
            stored_name = workout.content.name
            gone = override.replacement_workout_id
            if gone and gone not in names and current is not None and current.status == "completed":
                # Completed as a replacement deleted since: reads show the name stored with it, and a
                # new completion keeps it; undone, the replacement ends as one not done ends with its
                # workout (docs/decisions/0023-training-change-feed.md, "Deleted replacements").
                kept = repo.stored_names(conn, account_id, [(workout_id, day)]).get((workout_id, day), "")
                names[gone] = kept
                if status == "completed":
                    stored_name = kept
                else:
                    override = replace(override, replacement_workout_id=None)
            repo.put_override(conn, account_id, override, stored_name)
            state = repo.advance_sequence(conn, account_id, state)
            after = occurrences.find_occurrence(workout, [override], day)
            occurrence: OccurrenceRecord | None = None
            if after is None:
                # Back to "scheduled" on a day the schedule no longer has: only its status kept it,
                # so it lapses (the row stays and reads ignore it, as for any lapsed override).
                entry = change_log.lapsed_entry(render(workout, before, names))
            else:
                occurrence = render(workout, after, names)
                entry = change_log.occurrence_entry(occurrence)
            change_log.append(conn, account_id, state.epoch, [entry], now, self._forms.record)
        return StatusAnswer(library=state, occurrence=occurrence)

    def erase(self, account_id: str) -> LibraryState:
        """Delete every record of the library and start a new epoch; old epochs' writes get 410.

        The change feed loses its earlier changes and gets library.erased; its sequence goes on.
        """
        require_account(account_id)
        now = self._clock()
        ensure_library(self._engine, account_id, now)
        with self._engine.begin() as conn:
            repo.lock_library(conn, account_id)
            state = repo.erase(conn, account_id, str(uuid.uuid4()))
            change_log.erase(conn, account_id, state.epoch, now)
        # The erased records out of SQLite's -wal file too (decision 0071); the erasure stands and is
        # answered as done either way: the next erasure's checkpoint finishes it.
        checkpoint_after_erasure(self._engine)
        return state
