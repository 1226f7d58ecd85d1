"""Errors as the edge reports them, and the mapping from service errors (gRPC reasons) to HTTP.

One ``EdgeProblem`` carries an OAuth-style ``error`` code, a description that says what to fix and
the HTTP status. Each profile renders it in its own contract's shape (Metric: JSON
``{error, error_description}``; inside MCP: a tool error with the same JSON as its text).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import grpc

from kinetic.errors import RemoteError


@dataclass
class EdgeProblem(Exception):
    """A client-facing error: ``error`` code, ``description`` and HTTP ``status``."""

    error: str
    description: str
    status: int = 400
    details: dict[str, object] = field(default_factory=dict)

    def body(self) -> dict[str, object]:
        """The JSON body: ``{error, error_description}`` plus any fresh details."""
        return {"error": self.error, "error_description": self.description, **self.details}


def invalid_field(field_name: str, problem: str) -> EdgeProblem:
    """A 400 that names the field to fix."""
    return EdgeProblem("invalid_request", f"{field_name}: {problem}", 400, {"field": field_name})


_STATUS_BY_CODE = {
    grpc.StatusCode.INVALID_ARGUMENT: (400, "invalid_request"),
    grpc.StatusCode.OUT_OF_RANGE: (400, "invalid_request"),
    grpc.StatusCode.NOT_FOUND: (404, "not_found"),
    grpc.StatusCode.ALREADY_EXISTS: (409, "conflict"),
    grpc.StatusCode.ABORTED: (409, "conflict"),
    grpc.StatusCode.FAILED_PRECONDITION: (409, "conflict"),
    grpc.StatusCode.UNAUTHENTICATED: (401, "invalid_token"),
    grpc.StatusCode.PERMISSION_DENIED: (403, "insufficient_scope"),
    grpc.StatusCode.RESOURCE_EXHAUSTED: (429, "rate_limited"),
}

# Seconds a client is told to wait when nothing better is known: an open circuit's probe interval.
DEFAULT_RETRY_AFTER_SECONDS = 5
RETRY_AFTER = "retryAfter"
CATCHING_UP = "CATCHING_UP"


def unavailable(retry_after: int = DEFAULT_RETRY_AFTER_SECONDS, description: str = "") -> EdgeProblem:
    """503 ``temporarily_unavailable``; ``retryAfter`` becomes the ``Retry-After`` header over HTTP."""
    return EdgeProblem(
        "temporarily_unavailable",
        description or f"a Kinetic service is temporarily unavailable; retry in {retry_after} s",
        503,
        {RETRY_AFTER: retry_after},
    )


def retry_after_of(error: RemoteError) -> int:
    """The wait the service (or the edge's circuit) suggested, else the default."""
    value = error.metadata.get(RETRY_AFTER, "")
    return max(1, int(value)) if value.isdigit() else DEFAULT_RETRY_AFTER_SECONDS


def outage(error: RemoteError) -> EdgeProblem:
    """The 503 for a service that cannot answer now, saying when to retry."""
    seconds = retry_after_of(error)
    if error.reason == CATCHING_UP:
        return unavailable(
            seconds, f"analytics is still catching up with your latest changes; retry in {seconds} s"
        )
    return unavailable(seconds)


def is_service_refusal(error: RemoteError) -> bool:
    """RESOURCE_EXHAUSTED with a reason is a service's own limit (429); without one, an overload."""
    return bool(error.code != grpc.StatusCode.RESOURCE_EXHAUSTED or error.reason != error.code.name)


def from_remote(error: RemoteError) -> EdgeProblem:
    """Map a service error to what the client sees; unknown or internal failures become 503."""
    status, code = _STATUS_BY_CODE.get(error.code, (503, "temporarily_unavailable"))
    if status == 503 or not is_service_refusal(error):
        return outage(error)
    details: dict[str, object] = {}
    if error.violations:
        details["field"] = error.violations[0].field
        description = "; ".join(f"{v.field}: {v.description}" for v in error.violations)
    else:
        description = error.message
    return EdgeProblem(code, description, status, details)


# Training's write and library errors (seed 000 has no 404: a missing record is bad input).
_TRAINING_CONFLICT_CODES = (
    grpc.StatusCode.ABORTED,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.ALREADY_EXISTS,
)
_TRAINING_BAD_INPUT_CODES = (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.OUT_OF_RANGE)


def from_training(error: RemoteError, fields: dict[str, str] | None = None) -> EdgeProblem:
    """Map a training library error to Metric's statuses (docs/decisions/0014-metric-writes.md).

    ``fields`` names the request field a reason is about when the service names none (e.g.
    ``{"PREVIEW_NOT_FOUND": "previewToken"}``), so the client knows what to fix.
    """
    code, reason = error.code, error.reason
    if code == grpc.StatusCode.FAILED_PRECONDITION and reason == "EPOCH_CHANGED":
        return EdgeProblem("epoch_changed", error.message, 410, {"fresh": _epoch_details(error.metadata)})
    if code == grpc.StatusCode.ABORTED and reason == "STALE_VERSION":
        return EdgeProblem("stale_version", error.message, 409, {"fresh": _fresh_details(error.metadata)})
    if code in _TRAINING_BAD_INPUT_CODES:
        return _with_field(EdgeProblem("invalid_request", error.message, 400), error, fields)
    if code == grpc.StatusCode.NOT_FOUND:
        return _with_field(EdgeProblem(reason.lower(), error.message, 400), error, fields)
    if code in _TRAINING_CONFLICT_CODES:
        return _with_field(EdgeProblem(reason.lower(), error.message, 409), error, fields)
    return from_remote(error)


def _with_field(problem: EdgeProblem, error: RemoteError, fields: dict[str, str] | None) -> EdgeProblem:
    if error.violations:
        problem.details["field"] = error.violations[0].field
        problem.description = "; ".join(f"{v.field}: {v.description}" for v in error.violations)
    elif fields and error.reason in fields:
        problem.details["field"] = fields[error.reason]
    return problem


def _epoch_details(metadata: dict[str, str]) -> dict[str, object]:
    sequence = metadata.get("sourceSequence", "")
    return {
        "epoch": metadata.get("epoch", ""),
        "sourceSequence": int(sequence) if sequence.isdigit() else 0,
    }


def _fresh_details(metadata: dict[str, str]) -> dict[str, object]:
    # The service sends the records involved as one JSON object; a garbled one still yields a 409.
    try:
        fresh = json.loads(metadata.get("fresh", "{}"))
    except ValueError:
        fresh = {}
    return fresh if isinstance(fresh, dict) else {}
