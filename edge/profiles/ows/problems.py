"""The workout log's gRPC errors as Open Workout Schema codes (seed 003).

A tool error's text starts with one of the seed's nine codes; the service's reason picks it. Field
names the service uses for its own request (``entries[0].sets[1].rpe``, ``day``) are given back in
the tool's terms (``exercises[0].sets[1].rpe``, ``date``) so the assistant knows what to fix. A
service that cannot answer is ``internal_error`` with when to retry: the seed has no code of its own
for an outage. A missing workout, entry or set is named by the tools' ID with where IDs are, a
spent undo token and a reused idempotency key by the argument to fix (decision 0082).
"""

from __future__ import annotations

import json
import re

import grpc

from edge.problems import EdgeProblem, from_remote
from edge.profiles.ows.exercises import RETRY_TEXT_WITH_ID, ambiguous
from kinetic.errors import RemoteError
from knowledge.training.exercise_names import Candidate

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
# The log's own keys in a message, as the tools' IDs (ids.py): "workout 65a..." is "workout w_65a...".
_OBJECT_ID = "[0-9a-f]{24}"
_RECORD_IDS = (
    (re.compile(rf"\bworkout ({_OBJECT_ID})\b"), r"workout w_\1"),
    (re.compile(rf"\bentry ({_OBJECT_ID})\b"), r"entry e_\1"),
    (re.compile(rf"\bset ({_OBJECT_ID}):([0-9]+)\b"), r"set s_\1_\2"),
)
_RECORD_NOT_FOUND = frozenset({"WORKOUT_NOT_FOUND", "ENTRY_NOT_FOUND", "SET_NOT_FOUND"})
_WHERE_IDS_ARE = "; get_workouts lists the workouts with their entry and set IDs"
_NO_PROGRAM = "; nothing to end (search_programs and start_program start one)"
_UNDO_WINDOW = (
    "; undo restores a deletion once, within 10 minutes of delete_entry: tell the user it can no "
    "longer be undone"
)


def tool_field(service_field: str) -> str:
    """A service's field path in the tool's own argument names."""
    for pattern, replacement in _FIELD_NAMES:
        service_field = pattern.sub(replacement, service_field)
    return service_field


def record_ids(message: str) -> str:
    """A service message with the workout log's keys written as the tools' IDs."""
    for pattern, replacement in _RECORD_IDS:
        message = pattern.sub(replacement, message)
    return message


def _unsure_words(error: RemoteError) -> EdgeProblem | None:
    """LogWorkoutText's two refusals (decision 0092): the text as it stands, or an exercise's words
    that fit several exercises, with the candidates to offer the user."""
    if error.reason == "NOTHING_TO_LOG":
        return EdgeProblem("nothing_to_log", error.message, 400, {"field": "text"})
    if error.reason == "EXERCISE_AMBIGUOUS":
        pairs = json.loads(error.metadata.get("candidates", "[]"))
        candidates = tuple(Candidate(str(exercise_id), str(name)) for exercise_id, name in pairs)
        return ambiguous(error.metadata.get("words", ""), candidates, RETRY_TEXT_WITH_ID)
    return None


def from_workout_log(error: RemoteError) -> EdgeProblem:
    """The OWS problem for a service error; outages and unknown failures become internal_error."""
    unsure = _unsure_words(error)
    if unsure is not None:
        return unsure
    code = _REASON_CODES.get(error.reason)
    if code == "idempotency_conflict":
        return EdgeProblem(code, f"idempotency_key: {error.message}", 409, {"field": "idempotency_key"})
    if code == "undo_unavailable":
        # A token used, expired or never issued can only be reported; a restore that does not fit
        # now (a workout of the same kind in progress) says itself what to do first.
        if "undo token" in error.message:
            return EdgeProblem(
                code, f"undo_token: {error.message}{_UNDO_WINDOW}", 409, {"field": "undo_token"}
            )
        return EdgeProblem(code, error.message, 409)
    if error.reason in _RECORD_NOT_FOUND:
        return EdgeProblem("not_found", f"{record_ids(error.message)}{_WHERE_IDS_ARE}", 404)
    if error.reason == "NO_CURRENT_PROGRAM":
        return EdgeProblem("not_found", f"{error.message}{_NO_PROGRAM}", 404)
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
