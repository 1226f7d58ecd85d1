"""The Open Workout Schema profile's small parts: IDs, units, set descriptions and error mapping."""

from __future__ import annotations

import grpc
import pytest

from edge.problems import EdgeProblem
from edge.profiles.ows import render
from edge.profiles.ows.ids import entry_id, parse_record_id, set_id, workout_id
from edge.profiles.ows.problems import from_workout_log, tool_field
from edge.profiles.ows.tools import TOOLS
from kinetic.errors import FieldViolation, RemoteError
from kinetic.sessions.v1 import sessions_pb2

SESSION = "a" * 24
PERFORMANCE = "b" * 24


def test_each_id_says_what_it_names_and_parses_back():
    assert parse_record_id(workout_id(SESSION), "entry_id").kind == "workout"
    assert parse_record_id(entry_id(PERFORMANCE), "entry_id").key == PERFORMANCE
    parsed = parse_record_id(set_id(PERFORMANCE, 12), "entry_id")
    assert (parsed.kind, parsed.key) == ("set", f"{PERFORMANCE}:12")


@pytest.mark.parametrize(
    "value", ["", "w_123", f"x_{SESSION}", f"s_{PERFORMANCE}_0", f"s_{PERFORMANCE}_1000"]
)
def test_a_malformed_id_is_invalid_input_naming_the_argument(value):
    with pytest.raises(EdgeProblem) as refused:
        parse_record_id(value, "entry_id")
    assert refused.value.error == "invalid_input" and refused.value.details == {"field": "entry_id"}


def test_an_id_of_the_wrong_kind_is_refused():
    with pytest.raises(EdgeProblem) as refused:
        parse_record_id(workout_id(SESSION), "workout_id", ("entry",))
    assert "entry (e_…)" in refused.value.description


@pytest.mark.parametrize("load", [225.0, 135.5, 45.0, 1.0])
def test_pounds_read_back_as_given(load):
    stored = sessions_pb2.PerformanceSet(weight_kg=render.to_kg("lb", load), load_value=load, load_unit="lb")
    assert render.set_load(stored) == (load, "lb")
    without_value = sessions_pb2.PerformanceSet(weight_kg=render.to_kg("lb", load), load_unit="lb")
    assert render.set_load(without_value) == (load, "lb")


def test_equal_sets_are_described_together_and_warmups_apart():
    sets = [sessions_pb2.PerformanceSet(set_number=1, set_type="W", reps_number=5, weight_kg=60)]
    sets += [sessions_pb2.PerformanceSet(set_number=n, reps_number=5, weight_kg=100) for n in (2, 3, 4)]
    assert render.describe_sets(sets) == "3×5 at 100 kg (+1 warm-up)"
    varied = [
        sessions_pb2.PerformanceSet(set_number=1, reps_number=8, weight_kg=80),
        sessions_pb2.PerformanceSet(set_number=2, reps_number=6, weight_kg=85),
    ]
    assert render.describe_sets(varied) == "8 at 80 kg, 6 at 85 kg"
    row = [sessions_pb2.PerformanceSet(set_number=1, distance_meters=2000, time_seconds=465)]
    assert render.describe_sets(row) == "2000 m in 7:45"


def test_service_fields_are_renamed_to_the_tools_arguments():
    assert tool_field("entries[2].sets[0].rpe") == "exercises[2].sets[0].rpe"
    assert tool_field("day") == "date"
    assert tool_field("set.reps") == "reps"


@pytest.mark.parametrize(
    ("code", "reason", "expected"),
    [
        (grpc.StatusCode.ALREADY_EXISTS, "IDEMPOTENCY_CONFLICT", "idempotency_conflict"),
        (grpc.StatusCode.FAILED_PRECONDITION, "UNDO_UNAVAILABLE", "undo_unavailable"),
        (grpc.StatusCode.NOT_FOUND, "WORKOUT_NOT_FOUND", "not_found"),
        (grpc.StatusCode.FAILED_PRECONDITION, "PROGRAM_ALREADY_STARTED", "invalid_input"),
        (grpc.StatusCode.UNAVAILABLE, "UNAVAILABLE", "internal_error"),
    ],
)
def test_service_reasons_become_the_seeds_codes(code, reason, expected):
    problem = from_workout_log(RemoteError(code, "what happened", reason, (), {}))
    assert problem.error == expected


@pytest.mark.parametrize(
    ("reason", "message", "expected"),
    [
        (
            "WORKOUT_NOT_FOUND",
            "workout 0123456789abcdef01234567 does not exist",
            "workout w_0123456789abcdef01234567",
        ),
        (
            "ENTRY_NOT_FOUND",
            "entry 0123456789abcdef01234567 does not exist",
            "entry e_0123456789abcdef01234567",
        ),
        (
            "SET_NOT_FOUND",
            "entry 0123456789abcdef01234567 has no set 4",
            "entry e_0123456789abcdef01234567 has",
        ),
        (
            "WORKOUT_NOT_FOUND",
            "set 0123456789abcdef01234567:2 does not exist",
            "set s_0123456789abcdef01234567_2",
        ),
    ],
)
def test_a_missing_record_is_named_by_the_tools_id_and_where_ids_are(reason, message, expected):
    problem = from_workout_log(RemoteError(grpc.StatusCode.NOT_FOUND, message, reason, (), {}))
    assert problem.error == "not_found" and problem.description.startswith(expected)
    assert problem.description.endswith("get_workouts lists the workouts with their entry and set IDs")


def test_a_spent_undo_token_and_a_reused_key_name_the_argument_to_fix():
    spent = from_workout_log(
        RemoteError(
            grpc.StatusCode.FAILED_PRECONDITION,
            "this undo token was already used",
            "UNDO_UNAVAILABLE",
            (),
            {},
        )
    )
    assert spent.description.startswith("undo_token: this undo token was already used; undo restores")
    assert "can no longer be undone" in spent.description
    busy = "another workout of the same kind is in progress now; finish it, then undo again"
    blocked = from_workout_log(
        RemoteError(grpc.StatusCode.FAILED_PRECONDITION, busy, "UNDO_UNAVAILABLE", (), {})
    )
    assert blocked.description == busy, "a restore that does not fit says itself what to do"
    reused = from_workout_log(
        RemoteError(
            grpc.StatusCode.ALREADY_EXISTS, "key 'k' was already used", "IDEMPOTENCY_CONFLICT", (), {}
        )
    )
    assert reused.description == "idempotency_key: key 'k' was already used"
    assert reused.details == {"field": "idempotency_key"}


def test_a_bad_field_from_the_service_names_the_tools_argument():
    error = RemoteError(
        grpc.StatusCode.INVALID_ARGUMENT,
        "bad",
        "INVALID_ARGUMENT",
        (FieldViolation("entries[0].sets[1].reps", "must be at most 1000"),),
        {},
    )
    problem = from_workout_log(error)
    assert problem.details == {"field": "exercises[0].sets[1].reps"}
    assert problem.description == "exercises[0].sets[1].reps: must be at most 1000"


READ_ONLY = {
    "get_personal_records",
    "get_profile",
    "get_program",
    "get_program_progress",
    "get_program_targets",
    "get_progress",
    "get_workouts",
    "search_exercises",
    "search_programs",
    "suggest_program_matches",
}


def test_read_only_tools_say_so_and_only_delete_is_destructive():
    for row in TOOLS:
        hints = row.annotations
        assert hints.read_only_hint is (row.name in READ_ONLY)
        assert hints.destructive_hint is (None if row.name in READ_ONLY else row.name == "delete_entry")
