"""Marking a Training occurrence's status, through training's gRPC API (never its tables).

A session started from an occurrence marks it active, and completing the session marks it
completed, so the occurrence can no longer be moved; cancelling or deleting the session gives it
back (usually "scheduled"). The call happens before the session's own
write: if training refuses or cannot be reached, nothing is stored and the caller can retry (a
repeated mark is harmless; see docs/decisions/0017-sessions.md).
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Protocol

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.errors import DomainError, FieldViolation, InvalidArgument, NotFound, RemoteError
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.sessions.domain.session_errors import TrainingUnavailable
from services.sessions.domain.session_model import SessionStatus
from services.sessions.domain.session_status import occurrence_status_after

# A stuck training service turns into TRAINING_UNAVAILABLE, not a hung session start.
CALL_TIMEOUT_SECONDS = 10.0

_FIELD_NAMES = {"workout_id": "workoutId", "original_scheduled_day": "originalScheduledDay"}


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


class TrainingOccurrences:
    """:class:`OccurrenceMarker` over training's ``SetOccurrenceStatus`` RPC."""

    def __init__(self, stub: training_pb2_grpc.TrainingServiceStub) -> None:
        self._stub = stub

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
        """Mark the occurrence; training's refusals come back as the matching domain error."""
        request = training_pb2.SetOccurrenceStatusRequest(
            account_id=account_id,
            workout_id=workout_id,
            original_scheduled_day=original_scheduled_day,
            status=status,
            device_id=device_id or "sessions",
        )
        if completed_at is not None:
            stamp = Timestamp()
            stamp.FromDatetime(completed_at)
            request.complete_time.CopyFrom(stamp)
        try:
            await self._stub.SetOccurrenceStatus(request, timeout=CALL_TIMEOUT_SECONDS)
        except grpc.aio.AioRpcError as error:
            raise _translate(RemoteError.from_rpc(error)) from None


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


def _translate(remote: RemoteError) -> DomainError:
    if remote.code == grpc.StatusCode.NOT_FOUND:
        return NotFound(f"Training: {remote.message}", reason=remote.reason)
    if remote.code == grpc.StatusCode.INVALID_ARGUMENT:
        violations = [
            FieldViolation(_FIELD_NAMES.get(v.field, v.field), v.description) for v in remote.violations
        ]
        return InvalidArgument(f"Training: {remote.message}", reason=remote.reason, violations=violations)
    if remote.code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED):
        return DomainError(f"Training: {remote.message}", reason=remote.reason)
    return TrainingUnavailable(
        f"the Training service could not mark the occurrence ({remote.code.name}); "
        "nothing was stored, try again"
    )
