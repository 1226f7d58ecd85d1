"""The sessions service's errors: each a kinetic.errors DomainError with its own reason."""

from __future__ import annotations

import grpc

from kinetic.errors import AlreadyExists, DomainError, NotFound


class SessionNotFound(NotFound):
    """No session with this ID belongs to the account."""

    default_reason = "SESSION_NOT_FOUND"


class SessionNotActive(DomainError):
    """The session is completed, stopped, cancelled or planned: it takes no sets and cannot complete."""

    default_reason = "SESSION_NOT_ACTIVE"


class PlanDayNotFound(NotFound):
    """The plan day is unknown, not assigned to the account's client, or not visible."""

    default_reason = "PLAN_DAY_NOT_FOUND"


class WodNotSupported(DomainError):
    """WOD and group sessions belong to another module."""

    default_reason = "WOD_NOT_SUPPORTED"


class ExerciseNotVisible(NotFound):
    """The exercise is not on the client's allowlist and not the client's own."""

    default_reason = "EXERCISE_NOT_VISIBLE"


class PerformanceNotFound(NotFound):
    """No performance with this ID belongs to the session."""

    default_reason = "PERFORMANCE_NOT_FOUND"


class TooManyPerformances(DomainError):
    """The session already has the maximum number of performance records."""

    default_reason = "TOO_MANY_PERFORMANCES"


class TrainingUnavailable(DomainError):
    """The training service could not be reached to mark the occurrence; nothing was stored."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "TRAINING_UNAVAILABLE"


class InvalidStatusTransition(DomainError):
    """The session's status cannot change to the one asked for (e.g. resuming a completed session)."""

    default_reason = "INVALID_STATUS_TRANSITION"


class IdempotencyConflict(AlreadyExists):
    """The idempotency key was used before for another request (any room's idempotent write)."""

    default_reason = "IDEMPOTENCY_CONFLICT"
