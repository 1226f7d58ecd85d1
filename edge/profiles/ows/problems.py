"""The workout log's gRPC errors as Open Workout Schema codes (seed 003).

A tool error's text starts with one of the seed's nine codes; the service's reason picks it. Field
names the service uses for its own request (``entries[0].sets[1].rpe``, ``day``) are given back in
the tool's terms (``exercises[0].sets[1].rpe``, ``date``) so the assistant knows what to fix. A
service that cannot answer is ``internal_error`` with when to retry: the seed has no code of its own
for an outage.
"""

from __future__ import annotations

import re

import grpc

from edge.problems import EdgeProblem, from_remote
from kinetic.errors import RemoteError

# The service's request fields, renamed to the tools' arguments.
_FIELD_NAMES = (
    (re.compile(r"^entries\b"), "exercises"),
    (re.compile(r"^entry\.sets\b"), "sets"),
    (re.compile(r"^day$"), "date"),
    (re.compile(r"^time_zone$"), "timezone"),
    (re.compile(r"^end_time$"), "ended_at"),
    (re.compile(r"^set\."), ""),
)
_REASON_CODES = {
    "IDEMPOTENCY_CONFLICT": "idempotency_conflict",
    "UNDO_UNAVAILABLE": "undo_unavailable",
}


def tool_field(service_field: str) -> str:
    """A service's field path in the tool's own argument names."""
    for pattern, replacement in _FIELD_NAMES:
        service_field = pattern.sub(replacement, service_field)
    return service_field


def from_workout_log(error: RemoteError) -> EdgeProblem:
    """The OWS problem for a service error; outages and unknown failures become internal_error."""
    code = _REASON_CODES.get(error.reason)
    if code is not None:
        return EdgeProblem(code, error.message, 409)
    if error.code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.OUT_OF_RANGE):
        if error.violations:
            fields = [(tool_field(v.field), v.description) for v in error.violations]
            description = "; ".join(f"{name}: {text}" for name, text in fields)
            return EdgeProblem("invalid_input", description, 400, {"field": fields[0][0]})
        return EdgeProblem("invalid_input", error.message, 400)
    if error.code == grpc.StatusCode.NOT_FOUND:
        return EdgeProblem("not_found", error.message, 404)
    if error.code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ALREADY_EXISTS):
        return EdgeProblem("invalid_input", error.message, 409)
    problem = from_remote(error)
    if problem.status == 503:
        return EdgeProblem("internal_error", problem.description, 503, problem.details)
    return problem
