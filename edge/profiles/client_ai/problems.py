"""Client AI errors: each module gate's own error, and service errors in the tools' terms.

Every error is a tool error whose text is ``{error, error_description, field?}`` JSON
(docs/decisions/0020-client-ai-profile.md). A gate refusal names what the client or the gym must
change; a bad argument names the tool's own field (``sets[0].weight``), never the proto's.
"""

from __future__ import annotations

import re

import grpc

from edge.problems import EdgeProblem, retry_after_of, unavailable
from kinetic.errors import RemoteError

MODULE = "client_ai_workout_v2"

# The module gates' ErrorInfo reasons (the sessions service checks them for every call under
# gym_module, protos/kinetic/sessions/v1/gyms.proto) → error code and what to do.
GATES: dict[str, tuple[str, str]] = {
    "NOT_A_CLIENT": (
        "not_a_client",
        "this Kinetic account is not a client of a gym, so it has no Workout V2 plans or sessions here; "
        "ask your gym to add you as a client",
    ),
    "FEATURE_DISABLED": (
        "feature_disabled",
        "your gym has the MCP integration feature turned off, so AI assistants cannot use its workout "
        "tools; ask your gym to turn it on",
    ),
    "CLIENT_AI_ACCESS_DISABLED": (
        "client_ai_access_disabled",
        "AI assistant access is turned off for your membership at your gym; ask your gym or coach to "
        "enable client AI access",
    ),
    "MODULE_NOT_ALLOWED": (
        "module_not_allowed",
        f"your gym's client MCP policy does not allow the {MODULE} module; ask your gym to allow it",
    ),
    "WRITE_TOOLS_NOT_ALLOWED": (
        "write_tools_not_allowed",
        "your gym's client MCP policy allows reading your workouts but not starting, logging or "
        "completing them; log this workout in the app, or ask your gym to allow write tools",
    ),
    "HEALTH_DATA_CONSENT_REQUIRED": (
        "health_data_consent_required",
        "workout data is health data: grant health-data consent in your gym's app first, then try again",
    ),
}

# The services' request field names, as the tools call them.
_FIELDS = {
    "plan_id": "planId",
    "plan_moment_id": "planMomentId",
    "exercise_id": "exerciseId",
    "session_id": "sessionId",
    "performance_id": "performanceId",
    "plan_exercise_id": "planExerciseId",
    "date_from": "dateFrom",
    "date_to": "dateTo",
    "rest_seconds": "restSeconds",
    "is_completed": "isCompleted",
    "setup_values": "setupValues",
    "next_setup_values": "nextSetupValues",
    "setup_settings_enabled": "setupSettingsEnabled",
    "show_set_rpe": "showSetRpe",
    "set_number": "setNumber",
    "set_type": "setType",
    "weight_kg": "weight",
    "reps_number": "reps",
    "reps_text": "reps",
    "time_seconds": "timeSeconds",
    "distance_meters": "distanceMeters",
    "string_value": "value",
    "number_value": "value",
    "bool_value": "value",
}
_SEGMENT = re.compile(r"[a-z_]+")

_BAD_INPUT = (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.OUT_OF_RANGE)
_CONFLICT = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED, grpc.StatusCode.ALREADY_EXISTS)
_UNAVAILABLE = "the workout service is temporarily unavailable; retry in {seconds} s"


def gate_problem(reason: str) -> EdgeProblem | None:
    """The error of a failed module gate, or None when ``reason`` is not a gate."""
    if reason not in GATES:
        return None
    code, description = GATES[reason]
    return EdgeProblem(code, description, 403)


def session_not_found(session_id: str) -> EdgeProblem:
    """A session that is not one of the client's Workout V2 sessions, worded as the service words it."""
    return EdgeProblem("session_not_found", f"session {session_id} does not exist", 404)


def field_name(service_field: str) -> str:
    """A service field path (``sets[0].weight_kg``) in the tool's terms (``sets[0].weight``)."""
    return _SEGMENT.sub(lambda m: _FIELDS.get(m.group(0), m.group(0)), service_field)


def from_service(error: RemoteError) -> EdgeProblem:
    """A sessions or gyms error as the client sees it.

    Gate reasons get their own error; bad input names the tool's field; a record that is missing
    or not the client's answers with the service's reason in lower case (e.g. ``plan_not_found``),
    the same whether it does not exist or belongs to someone else.
    """
    gate = gate_problem(error.reason)
    if gate is not None:
        return gate
    if error.code in _BAD_INPUT:
        problem = EdgeProblem("invalid_request", _renamed(error.message), 400)
        if error.violations:
            first = field_name(error.violations[0].field)
            problem.details["field"] = first
            problem.description = "; ".join(
                f"{field_name(v.field)}: {v.description}" for v in error.violations
            )
        return problem
    if error.code == grpc.StatusCode.NOT_FOUND:
        return EdgeProblem(_code(error, "not_found"), _renamed(error.message), 404)
    if error.code in _CONFLICT:
        return EdgeProblem(_code(error, "conflict"), _renamed(error.message), 409)
    if error.code == grpc.StatusCode.PERMISSION_DENIED:
        return EdgeProblem(_code(error, "forbidden"), _renamed(error.message), 403)
    seconds = retry_after_of(error)
    return unavailable(seconds, _UNAVAILABLE.format(seconds=seconds))


def _code(error: RemoteError, fallback: str) -> str:
    # The gRPC code's own name is no better than the fallback; a specific reason is.
    if not error.reason or error.reason == error.code.name:
        return fallback
    return error.reason.lower()


def _renamed(message: str) -> str:
    for service, tool in _FIELDS.items():
        message = re.sub(rf"\b{service}\b", tool, message)
    return message
