"""Which status changes UpdateSessionStatus allows, and what an occurrence shows after a removal.

Pause and resume move between ``in_progress`` and ``paused``; stop ends an active session early;
cancel ends an active or planned one as if it never happened. Completing is CompleteSession's job
(it awards experience points). Asking for the status a session already has is a retry and changes
nothing. Reasons: docs/decisions/0017-sessions.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from services.sessions.domain.session_errors import InvalidStatusTransition
from services.sessions.domain.session_model import SessionSource, SessionStatus

# Target status -> the statuses it may be reached from.
ALLOWED_FROM: dict[SessionStatus, tuple[SessionStatus, ...]] = {
    "paused": ("in_progress",),
    "in_progress": ("paused",),
    "stopped": ("in_progress", "paused"),
    "cancelled": ("in_progress", "paused", "planned"),
}
# The feed kind each change appends.
CHANGE_KINDS: dict[SessionStatus, str] = {
    "paused": "session.paused",
    "in_progress": "session.resumed",
    "stopped": "session.stopped",
    "cancelled": "session.cancelled",
}
_VERBS = {"paused": "paused", "in_progress": "resumed", "stopped": "stopped", "cancelled": "cancelled"}


def is_replay(session_id: str, current: SessionStatus, target: SessionStatus) -> bool:
    """True when ``current`` already is ``target``; raises if the change is not allowed."""
    if current == target:
        return True
    allowed = ALLOWED_FROM[target]
    if current not in allowed:
        raise InvalidStatusTransition(
            f"session {session_id} is {current}; it cannot be {_VERBS[target]} "
            f"(only a session that is {' or '.join(allowed)} can)",
            metadata={"status": current, "requestedStatus": target},
        )
    return False


@dataclass(frozen=True)
class OccurrenceMark:
    """A Training occurrence's new status, as a session's start, completion or removal sets it.

    ``source`` is the session's occurrence source (its workout and original day); ``completed_at``
    goes with "completed"; ``device_id`` names the device whose request caused the change.
    """

    account_id: str
    source: SessionSource
    status: str
    completed_at: datetime | None = None
    device_id: str = ""


def occurrence_status_after(
    remaining: Iterable[tuple[SessionStatus, datetime | None]],
) -> tuple[str, datetime | None]:
    """The Training occurrence's status (and completion time) once a session of it is removed.

    ``remaining`` holds (status, end time) of the occurrence's other sessions. A completed one keeps
    the occurrence completed (at the latest completion), a stopped one keeps it active (a stop leaves
    the occurrence as it is); with neither, no work of the occurrence is left and it is scheduled
    again.
    """
    kept = list(remaining)
    ends = [ended for status, ended in kept if status == "completed" and ended is not None]
    if any(status == "completed" for status, _ in kept):
        return "completed", max(ends) if ends else None
    if any(status in ("stopped", "in_progress", "paused") for status, _ in kept):
        return "active", None
    return "scheduled", None
