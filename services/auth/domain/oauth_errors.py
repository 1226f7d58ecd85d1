"""OAuth errors as Kinetic domain errors: the OAuth error code is the ``reason``.

Metadata tells the edge what to do with an error: ``redirect`` ("true"/"false") on authorization
request errors says whether the client's redirect URI may receive it, ``redirect_uri`` names that
trusted URI, and ``field`` names the one request field at fault.
"""

from __future__ import annotations

import grpc

from kinetic.errors import DomainError, FieldViolation, InvalidArgument


def oauth_error(reason: str, message: str, *, field: str | None = None) -> InvalidArgument:
    """An INVALID_ARGUMENT whose reason is the OAuth error code; ``field`` names the culprit."""
    if field is None:
        return InvalidArgument(message, reason=reason)
    return InvalidArgument(
        f"{field}: {message}",
        reason=reason,
        violations=[FieldViolation(field, message)],
        metadata={"field": field},
    )


def untrusted_request_error(reason: str, message: str, *, field: str) -> InvalidArgument:
    """An authorization request error that must be shown to the person, never redirected."""
    error = oauth_error(reason, message, field=field)
    error.metadata["redirect"] = "false"
    return error


def missing(field: str) -> InvalidArgument:
    """``invalid_request`` for a required field that was not sent."""
    return oauth_error("invalid_request", "is required", field=field)


class RateLimited(DomainError):
    """Too many requests from one caller; RESOURCE_EXHAUSTED ``rate_limited``."""

    code = grpc.StatusCode.RESOURCE_EXHAUSTED
    default_reason = "rate_limited"
