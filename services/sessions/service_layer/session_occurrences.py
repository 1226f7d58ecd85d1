"""Marking a Training occurrence's status, through training's gRPC API (never its tables).

A session started from an occurrence marks it active, and completing the session marks it
completed, so the occurrence can no longer be moved; cancelling or deleting the session gives it
back (usually "scheduled"). The call happens before the session's own
write: if training refuses or cannot be reached, nothing is stored and the caller can retry (a
repeated mark is harmless; see docs/decisions/0017-sessions.md). The gRPC adapter is
``adapters/training_occurrences.py``.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Protocol

from kinetic.errors import NotFound
from services.sessions.domain.session_model import SessionStatus
from services.sessions.domain.session_status import occurrence_status_after


class OccurrenceMarker(Protocol):
    """Sets an occurrence's status in the Training library."""

    async def mark(
        self,
        account_id: str,
        workout_id: str,
        original_scheduled_day: str,
        status: str,
        *,
        completed_at: datetime | None,
        device_id: str,
    ) -> None:
        """Mark the occurrence "scheduled", "active" or "completed"; raises a DomainError if refused."""
        ...


async def unmark(
    marker: OccurrenceMarker,
    account_id: str,
    workout_id: str,
    original_scheduled_day: str,
    others: list[tuple[SessionStatus, datetime | None]],
    device_id: str,
) -> None:
    """Give an occurrence the status its remaining sessions (``others``) say.

    Called before an active session of it is cancelled, or an active or stopped one deleted: usually
    the occurrence is "scheduled" again, so it can be moved or started afresh.

    A workout or occurrence Training no longer has needs no undoing, so NOT_FOUND is not an error;
    an unreachable training service is (nothing is stored, the caller retries).
    """
    status, completed_at = occurrence_status_after(others)
    with contextlib.suppress(NotFound):
        await marker.mark(
            account_id,
            workout_id,
            original_scheduled_day,
            status,
            completed_at=completed_at,
            device_id=device_id,
        )
