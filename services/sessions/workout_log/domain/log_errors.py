"""The workout log's errors, each with its own ErrorInfo reason (decision 0049)."""

from __future__ import annotations

import grpc

from kinetic.errors import AlreadyExists, DomainError, NotFound


class WorkoutNotFound(NotFound):
    """No workout (session) with this ID belongs to the account."""

    default_reason = "WORKOUT_NOT_FOUND"


class EntryNotFound(NotFound):
    """No entry (performance) with this ID belongs to the account."""

    default_reason = "ENTRY_NOT_FOUND"


class SetNotFound(NotFound):
    """The entry has no set with this number."""

    default_reason = "SET_NOT_FOUND"


class UndoUnavailable(DomainError):
    """The undo token is unknown, used, expired, or what it would restore no longer fits."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "UNDO_UNAVAILABLE"


class IdempotencyConflict(AlreadyExists):
    """The idempotency key was used before for another request."""

    default_reason = "IDEMPOTENCY_CONFLICT"


class ProgramAlreadyStarted(DomainError):
    """Another program is being followed; it has to end first."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "PROGRAM_ALREADY_STARTED"


class NoCurrentProgram(NotFound):
    """The account follows no program."""

    default_reason = "NO_CURRENT_PROGRAM"
