"""Client AI errors: one error per module gate; service errors in the tools' own field names."""

from __future__ import annotations

import grpc
import pytest

from edge.profiles.client_ai.problems import GATES, field_name, from_service
from kinetic.errors import FieldViolation, RemoteError

GATE_REASONS = (
    "FEATURE_DISABLED",
    "CLIENT_AI_ACCESS_DISABLED",
    "MODULE_NOT_ALLOWED",
    "WRITE_TOOLS_NOT_ALLOWED",
    "HEALTH_DATA_CONSENT_REQUIRED",
    "NOT_A_CLIENT",
)


@pytest.mark.parametrize("reason", GATE_REASONS)
def test_each_gate_has_its_own_code_and_says_what_to_change(reason):
    problem = from_service(RemoteError(grpc.StatusCode.PERMISSION_DENIED, "internal words", reason))
    assert problem.error == reason.lower() and problem.status == 403
    assert problem.description == GATES[reason][1] and "internal words" not in problem.description
    assert set(problem.body()) == {"error", "error_description"}


def test_gate_errors_are_all_different():
    assert set(GATES) == set(GATE_REASONS)
    assert len({description for _, description in GATES.values()}) == len(GATES)


def test_bad_input_names_the_tools_field_not_the_protos():
    error = RemoteError(
        grpc.StatusCode.INVALID_ARGUMENT,
        "sets[1].weight_kg: must be at most 1000",
        "INVALID_ARGUMENT",
        (FieldViolation("sets[1].weight_kg", "must be at most 1000"),),
    )
    problem = from_service(error)
    assert problem.body() == {
        "error": "invalid_request",
        "error_description": "sets[1].weight: must be at most 1000",
        "field": "sets[1].weight",
    }
    assert field_name("next_setup_values[0].number_value") == "nextSetupValues[0].value"
    assert field_name("plan_moment_id") == "planMomentId"


def test_missing_records_and_conflicts_keep_the_services_reason():
    missing = from_service(RemoteError(grpc.StatusCode.NOT_FOUND, "no session_id abc", "SESSION_NOT_FOUND"))
    assert (missing.error, missing.status, missing.description) == (
        "session_not_found",
        404,
        "no sessionId abc",
    )
    generic = from_service(RemoteError(grpc.StatusCode.NOT_FOUND, "gone", "NOT_FOUND"))
    assert generic.error == "not_found"
    closed = from_service(RemoteError(grpc.StatusCode.FAILED_PRECONDITION, "done", "SESSION_NOT_ACTIVE"))
    assert (closed.error, closed.status) == ("session_not_active", 409)


def test_outages_are_a_retryable_503_without_internals():
    problem = from_service(RemoteError(grpc.StatusCode.INTERNAL, "Traceback: secret", "INTERNAL"))
    assert problem.status == 503 and problem.error == "temporarily_unavailable"
    assert "secret" not in problem.description
