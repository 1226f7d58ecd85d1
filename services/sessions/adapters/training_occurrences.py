"""The ``OccurrenceMarker`` port over training's ``SetOccurrenceStatus`` RPC (never its tables).

Training's refusals come back as the sessions service's own domain errors, with field names as the
Client AI contract spells them; anything else (down, timed out) is TRAINING_UNAVAILABLE, so the
use case stores nothing and the caller can retry (docs/decisions/0017-sessions.md).
"""

from __future__ import annotations

from datetime import datetime

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.errors import DomainError, FieldViolation, InvalidArgument, NotFound, RemoteError
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.sessions.domain.session_errors import TrainingUnavailable

# A stuck training service turns into TRAINING_UNAVAILABLE, not a hung session start.
CALL_TIMEOUT_SECONDS = 10.0

_FIELD_NAMES = {"workout_id": "workoutId", "original_scheduled_day": "originalScheduledDay"}


class TrainingOccurrences:
    """``OccurrenceMarker`` (``service_layer/session_occurrences.py``) over ``SetOccurrenceStatus``."""

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
