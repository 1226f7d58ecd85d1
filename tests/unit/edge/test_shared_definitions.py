"""Shared definitions within one tool's schema (docs/decisions/0120-lean-tool-lists.md)."""

from __future__ import annotations

from typing import Any

import pytest

from edge.mcp_profile.definitions import inlined, ref, shared_shapes, with_definitions

DAY = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
RANGE = {"type": "object", "properties": {"from": DAY, "to": DAY}, "required": ["from", "to"]}


def test_only_reached_definitions_are_attached_and_unknown_ones_fail() -> None:
    definitions: dict[str, dict[str, Any]] = {
        "a": {"type": "object", "properties": {"b": ref("b")}},
        "b": {"type": "integer"},
        "c": {},
    }
    schema = {"type": "object", "properties": {"x": ref("a", "An a.")}}
    shared = with_definitions(schema, definitions)
    assert list(shared["$defs"]) == ["a", "b"]
    assert inlined(shared) == {
        "type": "object",
        "properties": {
            "x": {"type": "object", "properties": {"b": {"type": "integer"}}, "description": "An a."}
        },
    }
    assert with_definitions({"type": "object"}, definitions) == {"type": "object"}
    with pytest.raises(KeyError, match="#/\\$defs/missing"):
        with_definitions({"properties": {"x": ref("missing")}}, definitions)


def test_a_shape_held_twice_is_written_once_and_a_shape_held_once_stays() -> None:
    schema = {
        "type": "object",
        "properties": {"this": RANGE, "that": {"type": "array", "items": RANGE}, "day": DAY},
    }
    shared = shared_shapes(schema, {"range": RANGE, "day": DAY})
    assert shared["properties"]["this"] == ref("range") and shared["properties"]["that"]["items"] == ref(
        "range"
    )
    # Within the range the day recurs (from, to), so it is shared there too; it is also used alone.
    assert shared["$defs"]["range"]["properties"] == {"from": ref("day"), "to": ref("day")}
    assert shared["properties"]["day"] == ref("day")
    assert inlined(shared) == schema
    once = {"type": "object", "properties": {"this": RANGE}}
    assert shared_shapes(once, {"range": RANGE}) is once


def test_a_property_named_like_a_keyword_is_still_a_schema() -> None:
    schema = {"type": "object", "properties": {"default": RANGE, "enum": RANGE}}
    shared = shared_shapes(schema, {"range": RANGE})
    assert shared["properties"] == {"default": ref("range"), "enum": ref("range")}
    assert inlined(shared) == schema
