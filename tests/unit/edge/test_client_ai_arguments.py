"""Client AI argument checks (seed 002's fields and limits): every refusal names the field to fix."""

from __future__ import annotations

from typing import Any

import pytest

from edge.problems import EdgeProblem
from edge.profiles.client_ai import arguments as arg
from edge.profiles.client_ai import schemas

PLAN = "64b64c0f2f5f4c0012345678"
EXERCISE = "64b64c0f2f5f4c0012345679"
SESSION = "64b64c0f2f5f4c001234567a"

PARSERS = {
    "client_ai_list_my_workout_plans": arg.parse_list_plans,
    "client_ai_get_my_workout_plan": arg.parse_get_plan,
    "client_ai_get_my_workout_day": arg.parse_get_day,
    "client_ai_get_workout_exercise": arg.parse_get_exercise,
    "client_ai_get_my_exercise_history": arg.parse_exercise_history,
    "client_ai_list_my_workout_sessions": arg.parse_list_sessions,
    "client_ai_get_my_workout_session": arg.parse_get_session,
    "client_ai_get_my_workout_machine_preset": arg.parse_machine_preset,
    "client_ai_get_my_workout_equipment_profile": arg.parse_equipment_profile,
    "client_ai_start_or_resume_my_workout_session": arg.parse_start_session,
    "client_ai_log_my_workout_performance": arg.parse_log_performance,
    "client_ai_complete_my_workout_session": arg.parse_complete_session,
}
VALID: dict[str, dict[str, Any]] = {
    "client_ai_list_my_workout_plans": {},
    "client_ai_get_my_workout_plan": {"planId": PLAN},
    "client_ai_get_my_workout_day": {"planId": PLAN, "planMomentId": PLAN},
    "client_ai_get_workout_exercise": {"exerciseId": EXERCISE},
    "client_ai_get_my_exercise_history": {"exerciseId": EXERCISE},
    "client_ai_list_my_workout_sessions": {},
    "client_ai_get_my_workout_session": {"sessionId": SESSION},
    "client_ai_get_my_workout_machine_preset": {"exerciseId": EXERCISE},
    "client_ai_get_my_workout_equipment_profile": {},
    "client_ai_start_or_resume_my_workout_session": {},
    "client_ai_log_my_workout_performance": {
        "sessionId": SESSION,
        "exerciseId": EXERCISE,
        "sets": [{"setNumber": 1}],
    },
    "client_ai_complete_my_workout_session": {"sessionId": SESSION},
}


def refusal(tool: str, arguments: dict[str, Any]) -> EdgeProblem:
    with pytest.raises(EdgeProblem) as caught:
        PARSERS[tool](arguments)
    problem = caught.value
    assert problem.error == "invalid_request" and problem.status == 400
    field = problem.details["field"]
    assert isinstance(field, str) and problem.description.startswith(f"{field}: ")
    return problem


def log(**changes: Any) -> dict[str, Any]:
    return {**VALID["client_ai_log_my_workout_performance"], **changes}


def test_every_tool_has_a_parser_and_a_schema_listing_exactly_its_arguments():
    assert set(PARSERS) == set(arg.TOOL_ARGUMENTS) == set(schemas.OUTPUT_SCHEMAS)
    for tool, names in arg.TOOL_ARGUMENTS.items():
        schema = schemas.input_schema(tool)
        assert set(schema["properties"]) == set(names), tool
        assert schema["additionalProperties"] is False
        assert set(schema.get("required", ())) == set(VALID[tool]), "VALID holds just the required"
        PARSERS[tool](VALID[tool])


@pytest.mark.parametrize("tool", sorted(arg.TOOL_ARGUMENTS))
@pytest.mark.parametrize("intruder", ["clientId", "subjectClientId", "accountId", "client_id"])
def test_no_argument_can_name_a_client(tool, intruder):
    problem = refusal(tool, {**VALID[tool], intruder: "64b64c0f2f5f4c00aaaaaaaa"})
    assert problem.details["field"] == intruder
    assert "unknown argument" in problem.description


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("64b64c0f2f5f4c001234567", "23 characters"),
        ("64b64c0f2f5f4c00123456789", "25 characters"),
        ("64b64c0f2f5f4c001234567g", "not hexadecimal"),
        (12345, "a number"),
        (["64b64c0f2f5f4c0012345678"], "an array"),
        ("", "empty"),
    ],
)
def test_ids_are_24_hex_objectids(value, why):
    problem = refusal("client_ai_get_my_workout_plan", {"planId": value})
    assert problem.details["field"] == "planId", why


def test_ids_are_lower_cased_and_required_ones_say_so():
    assert arg.parse_get_plan({"planId": PLAN.upper()}).plan_id == PLAN
    assert refusal("client_ai_get_my_workout_day", {"planId": PLAN}).details["field"] == "planMomentId"
    assert "is required" in refusal("client_ai_get_my_workout_session", {}).description


def test_language_is_en_or_nl_and_defaults_to_en():
    assert arg.parse_get_plan({"planId": PLAN}).language == "en"
    assert arg.parse_get_plan({"planId": PLAN, "language": "nl"}).language == "nl"
    for bad in ("de", "EN", "english", 1):
        assert (
            refusal("client_ai_get_my_workout_plan", {"planId": PLAN, "language": bad}).details["field"]
            == "language"
        )


def test_pages_start_at_one_and_limits_stop_at_fifty():
    request = arg.parse_list_plans({"page": 2, "limit": 50.0, "status": "Active"})
    assert (request.skip, request.page_size, request.status) == (50, 50, "Active")
    assert (arg.parse_list_plans({}).skip, arg.parse_list_plans({}).page_size) == (0, 0)
    assert arg.parse_list_plans({"page": 3}).skip == 40  # 20 per page when limit is not sent
    for bad in ({"page": 0}, {"page": -1}, {"page": 1.5}, {"page": "2"}, {"page": True}):
        assert refusal("client_ai_list_my_workout_plans", bad).details["field"] == "page"
    for bad in ({"limit": 51}, {"limit": 0}, {"limit": "10"}):
        assert refusal("client_ai_list_my_workout_plans", bad).details["field"] == "limit"
    assert (
        refusal("client_ai_get_my_exercise_history", {"exerciseId": EXERCISE, "limit": 51}).details["field"]
        == "limit"
    )


def test_status_filters_are_the_seed_values_exactly():
    assert refusal("client_ai_list_my_workout_plans", {"status": "active"}).details["field"] == "status"
    assert arg.parse_list_sessions({"status": "in_progress"}).status == "in_progress"
    assert refusal("client_ai_list_my_workout_sessions", {"status": "done"}).details["field"] == "status"


def test_windows_are_iso_8601_and_at_most_366_days():
    request = arg.parse_list_sessions({"dateFrom": "2025-01-01", "dateTo": "2026-01-02"})
    assert (request.date_from, request.date_to) == ("2025-01-01", "2026-01-02")
    timed = arg.parse_list_sessions({"dateFrom": "2026-03-01T10:00:00+01:00"})
    assert timed.date_from == "2026-03-01T09:00:00Z" and timed.date_to == ""
    too_long = refusal(
        "client_ai_list_my_workout_sessions", {"dateFrom": "2025-01-01", "dateTo": "2026-01-03"}
    )
    assert too_long.details["field"] == "dateTo" and "366" in too_long.description
    backwards = refusal(
        "client_ai_get_my_exercise_history",
        {"exerciseId": EXERCISE, "dateFrom": "2026-02-01", "dateTo": "2026-01-01"},
    )
    assert backwards.details["field"] == "dateTo"
    for bad in ("2026-02-30", "yesterday", "01/02/2026", "2026-01-01 10:00", 20260101):
        assert refusal("client_ai_list_my_workout_sessions", {"dateFrom": bad}).details["field"] == "dateFrom"


def test_the_seed_log_example_parses_to_one_set():
    request = arg.parse_log_performance(
        log(sets=[{"setNumber": 1, "setType": "N", "weight": 80, "reps": 8, "rpe": 8, "completed": True}])
    )
    (only,) = request.sets
    assert (only.set_number, only.set_type, only.weight_kg, only.reps_number, only.rpe) == (1, "N", 80, 8, 8)
    assert only.completed and not request.HasField("notes") and not request.HasField("setup_values")


def test_reps_may_be_text_and_optional_fields_are_kept_only_when_sent():
    request = arg.parse_log_performance(
        log(
            sets=[{"setNumber": 3, "reps": "AMRAP", "setType": "F"}],
            notes="felt strong",
            restSeconds=120,
            isCompleted=True,
            showSetRpe=False,
            setupValues=[{"key": "seat", "value": 4}, {"key": "grip", "value": "wide"}],
            nextSetupValues=[],
        )
    )
    assert request.sets[0].reps_text == "AMRAP" and request.sets[0].set_type == "F"
    assert request.notes == "felt strong" and request.rest_seconds == 120 and request.is_completed
    assert request.HasField("show_set_rpe") and not request.show_set_rpe
    assert not request.HasField("setup_settings_enabled")
    assert [v.key for v in request.setup_values.values] == ["seat", "grip"]
    assert request.HasField("next_setup_values") and not request.next_setup_values.values


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"sets": []}, "sets"),
        ({"sets": [{"setNumber": n} for n in range(1, 52)]}, "sets"),
        ({"sets": {"setNumber": 1}}, "sets"),
        ({"sets": None}, "sets"),
        ({"sets": [{"setNumber": 0}]}, "sets[0].setNumber"),
        ({"sets": [{"setNumber": 101}]}, "sets[0].setNumber"),
        ({"sets": [{"reps": 8}]}, "sets[0].setNumber"),
        ({"sets": [{"setNumber": 1}, {"setNumber": 1}]}, "sets[1].setNumber"),
        ({"sets": [{"setNumber": 1, "setType": "X"}]}, "sets[0].setType"),
        ({"sets": [{"setNumber": 1, "weight": "80kg"}]}, "sets[0].weight"),
        ({"sets": [{"setNumber": 1, "weight": -1}]}, "sets[0].weight"),
        ({"sets": [{"setNumber": 1, "weight": 1001}]}, "sets[0].weight"),
        ({"sets": [{"setNumber": 1, "rpe": 11}]}, "sets[0].rpe"),
        ({"sets": [{"setNumber": 1, "rpe": True}]}, "sets[0].rpe"),
        ({"sets": [{"setNumber": 1, "reps": ""}]}, "sets[0].reps"),
        ({"sets": [{"setNumber": 1, "reps": "x" * 21}]}, "sets[0].reps"),
        ({"sets": [{"setNumber": 1, "reps": [8]}]}, "sets[0].reps"),
        ({"sets": [{"setNumber": 1, "completed": "yes"}]}, "sets[0].completed"),
        ({"sets": [{"setNumber": 1, "notes": "x" * 1001}]}, "sets[0].notes"),
        ({"sets": [{"setNumber": 1, "clientId": PLAN}]}, "sets[0].clientId"),
        ({"sets": [{"setNumber": 1}, "two"]}, "sets[1]"),
        ({"notes": "x" * 2001}, "notes"),
        ({"notes": 5}, "notes"),
        ({"restSeconds": "90"}, "restSeconds"),
        ({"isCompleted": 1}, "isCompleted"),
        ({"performanceId": "nope"}, "performanceId"),
        ({"planExerciseId": 7}, "planExerciseId"),
        ({"setupValues": [{"key": f"k{i}", "value": i} for i in range(9)]}, "setupValues"),
        ({"setupValues": [{"key": "seat", "value": 1}, {"key": "seat", "value": 2}]}, "setupValues[1].key"),
        ({"setupValues": [{"key": "seat", "value": None}]}, "setupValues[0].value"),
        ({"setupValues": [{"key": "seat", "value": {"cm": 4}}]}, "setupValues[0].value"),
        ({"nextSetupValues": [{"key": "", "value": 1}]}, "nextSetupValues[0].key"),
        ({"nextSetupValues": [{"key": "seat", "value": "x" * 201}]}, "nextSetupValues[0].value"),
        ({"nextSetupValues": [{"key": "seat", "value": 1, "unit": "cm"}]}, "nextSetupValues[0].unit"),
        ({"setupSettingsEnabled": "true"}, "setupSettingsEnabled"),
    ],
)
def test_log_limits_and_types_name_the_field(changes, field):
    assert refusal("client_ai_log_my_workout_performance", log(**changes)).details["field"] == field


def test_limits_are_inclusive():
    request = arg.parse_log_performance(
        log(
            sets=[{"setNumber": n, "weight": 1000, "rpe": 10, "notes": "x" * 1000} for n in range(51, 101)],
            notes="x" * 2000,
            setupValues=[{"key": "k" * 64, "value": "v" * 200}]
            + [{"key": f"k{i}", "value": i % 2 == 0} for i in range(7)],
        )
    )
    assert len(request.sets) == 50 and request.sets[-1].set_number == 100
    assert len(request.setup_values.values) == 8
    assert arg.parse_complete_session({"sessionId": SESSION, "notes": "x" * 2000}).notes == "x" * 2000
    assert refusal("client_ai_complete_my_workout_session", {"sessionId": SESSION, "notes": "x" * 2001})


def test_start_takes_both_plan_fields_or_neither():
    assert arg.parse_start_session({}).plan_id == ""
    both = arg.parse_start_session({"planId": PLAN, "planMomentId": EXERCISE, "language": "nl"})
    assert (both.plan_id, both.plan_moment_id, both.language) == (PLAN, EXERCISE, "nl")
    assert (
        refusal("client_ai_start_or_resume_my_workout_session", {"planId": PLAN}).details["field"]
        == "planMomentId"
    )
    assert (
        refusal("client_ai_start_or_resume_my_workout_session", {"planMomentId": PLAN}).details["field"]
        == "planId"
    )


def test_the_equipment_profile_takes_no_arguments():
    problem = refusal("client_ai_get_my_workout_equipment_profile", {"language": "nl"})
    assert "takes no arguments" in problem.description
