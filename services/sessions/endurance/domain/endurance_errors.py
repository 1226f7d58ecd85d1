"""The endurance records' errors, each with its own ErrorInfo reason (decision 0054)."""

from __future__ import annotations

import grpc

from kinetic.errors import DomainError, InvalidArgument, NotFound


class ActivityNotFound(NotFound):
    """No activity with this ID belongs to the account."""

    default_reason = "ACTIVITY_NOT_FOUND"


class ThresholdNotFound(NotFound):
    """No threshold value with this ID belongs to the account."""

    default_reason = "THRESHOLD_NOT_FOUND"


class UnreadableActivity(InvalidArgument):
    """The file is not a FIT, TCX or GPX activity this service can read; the message says why."""

    default_reason = "UNREADABLE_ACTIVITY_FILE"


class ImportNotFinished(DomainError):
    """The file could not be read and stored within the caller's time; nothing was stored
    (decision 0069). Sending it again is safe: a file stored once is never stored twice."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "IMPORT_NOT_FINISHED"
