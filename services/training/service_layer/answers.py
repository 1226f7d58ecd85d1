"""What the library's writes answer, as values, and the port that gives their stored form.

The use cases answer these values; the gRPC entrypoint renders them as messages. Three things are
stored in the bytes of a wire message, as they were before the service layer stopped building
messages: an idempotency key's first answer (a retry is answered byte for byte as the first
call), a deletion preview (its commit answers it), and a change-feed record. The service layer
stores them inside its transaction, so it is handed ``StoredForms``, which the entrypoint
implements (``entrypoints/library_pb.LIBRARY_FORMS``); it never reads the bytes back, it hands
them to the entrypoint (``Replayed``, ``CommitAnswer.preview``)
(docs/decisions/0113-library-answers-as-values.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Protocol

from services.training.adapters.library_change_log import FeedRecord, OccurrenceRecord, WorkoutRecord
from services.training.adapters.library_repository import LibraryState
from services.training.domain.model import Plan


@dataclass(frozen=True)
class Replayed:
    """A retried write: the first answer as stored; the entrypoint answers it marked replayed."""

    stored: bytes


@dataclass(frozen=True)
class EditAnswer:
    """EditTraining's answer: the library after the edit, the action's name, the records it saved
    (as stored now) and, for a move or replacement, the occurrence after it."""

    library: LibraryState
    action: str
    workouts: tuple[WorkoutRecord, ...]
    plans: tuple[Plan, ...]
    occurrence: OccurrenceRecord | None


@dataclass(frozen=True)
class PlanMembership:
    """A workout's place in a plan that a deletion touches."""

    plan_id: str
    plan_name: str
    phase_id: str
    phase_name: str
    workout_id: str


@dataclass(frozen=True)
class AffectedWorkout:
    """A workout a deletion touches and what happens to it ("deleted" or "kept")."""

    workout_id: str
    name: str
    effect: str


@dataclass(frozen=True)
class DeletionPreview:
    """What a deletion would do, as shown to the user before they confirm it."""

    kind: str
    window_start: date
    window_end: date
    recurrence_effect: str
    restored_occurrences: tuple[OccurrenceRecord, ...]
    plan: Plan | None
    workout: WorkoutRecord | None
    memberships: tuple[PlanMembership, ...]
    affected_workouts: tuple[AffectedWorkout, ...]
    removed_occurrences: tuple[OccurrenceRecord, ...]


@dataclass(frozen=True)
class PreviewAnswer:
    """PreviewDeletion's answer: the preview and the token that commits it until ``expires_at``."""

    preview: DeletionPreview
    token: str
    library: LibraryState
    expires_at: datetime


@dataclass(frozen=True)
class CommitAnswer:
    """CommitDeletion's answer: the library after it and the preview it carried out, as stored when
    it was shown (the bytes ``StoredForms.preview`` made)."""

    library: LibraryState
    preview: bytes


@dataclass(frozen=True)
class StatusAnswer:
    """SetOccurrenceStatus's answer; no occurrence when marking it scheduled made it lapse."""

    library: LibraryState
    occurrence: OccurrenceRecord | None


class StoredForms(Protocol):
    """The stored forms of answers and records: the bytes (or JSON) of their wire messages."""

    def record(self, record: FeedRecord) -> bytes:
        """A change-feed record (``LibraryChange`` with that record set)."""

    def record_json(self, record: WorkoutRecord | Plan) -> dict[str, Any]:
        """A record in the message's JSON mapping (a stale write's fresh details)."""

    def preview(self, preview: DeletionPreview) -> bytes:
        """A deletion preview, kept for its commit's answer."""

    def edit_answer(self, answer: EditAnswer) -> bytes:
        """EditTraining's answer, kept under its idempotency key."""

    def commit_answer(self, answer: CommitAnswer) -> bytes:
        """CommitDeletion's answer, kept under its idempotency key."""
