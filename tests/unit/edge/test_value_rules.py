"""Values no tool argument may hold, whatever a profile's schema says (decision 0032)."""

from __future__ import annotations

import json

from edge.mcp_profile.validation import Violation
from edge.mcp_profile.value_rules import INT64_MAX, INT64_MIN, value_violations


def test_every_depth_is_checked_and_named_by_path() -> None:
    arguments = {
        "input": {
            "workout": {"name": "Push \u202eyad", "exercises": [{"notes": "a\x00b", "targetSets": 10**400}]}
        },
        "sets": [{"weight": float("inf")}],
    }
    assert [v.path for v in value_violations(arguments)] == [
        "input.workout.name",
        "input.workout.exercises[0].notes",
        "input.workout.exercises[0].targetSets",
        "sets[0].weight",
    ]


def test_a_key_ending_in_name_is_a_name_and_other_text_keeps_bidi_and_lines() -> None:
    assert value_violations(
        {"planName": "\u200b", "notes": "line\n\u05de\u05e9\u05e4\u05d8 \u202b", "name": "Push day"}
    ) == [Violation("planName", "must contain a visible character, not only spaces or zero-width characters")]


def test_integers_fit_int64_and_numbers_are_finite() -> None:
    assert value_violations({"a": INT64_MIN, "b": INT64_MAX, "c": -0.0, "d": 1e308, "e": True}) == []
    assert [
        v.path for v in value_violations({"a": INT64_MAX + 1, "b": INT64_MIN - 1, "c": float("nan")})
    ] == [
        "a",
        "b",
        "c",
    ]


def test_a_hostile_key_is_named_by_its_object_and_never_repeated() -> None:
    (found,) = value_violations({"input": {"\udc00": 1}})
    assert found.path == "input" and "argument name" in found.message
    json.dumps(found.message, ensure_ascii=False).encode()  # encodable: the key is not in it


def test_each_path_is_its_own_after_the_values_before_it() -> None:
    # The walk grows and shrinks one path in place (decision 0123, third pass): a sibling, a later
    # item and the next key each have their own.
    arguments = {"a": [{"b": "ok", "c": [1, "x\x00"]}, {"c": "\x01"}], "d": "\x02", "e": [[["\x03"]]]}
    assert [v.path for v in value_violations(arguments)] == ["a[0].c[1]", "a[1].c", "d", "e[0][0][0]"]
