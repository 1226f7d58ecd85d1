"""Lean tool lists, exactly as strict (issue 33, docs/decisions/0120-lean-tool-lists.md).

Every profile's ``tools/list`` stays within its budget: RunFlow within what decision 0120 reached,
every other profile no larger than on ``main`` before it. What each tool accepts is pinned apart from
its words: ``tools_list/constraints/<profile>.json`` holds every tool's input and output schema with
its shared definitions written out and its descriptions, titles and examples dropped, captured on
``main`` before the definitions were shared; a constraint that moves, appears or goes fails here.
To accept an intended change of constraints, run with ``KINETIC_WRITE_CONSTRAINTS=1`` and review.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jsonschema.validators import validator_for
from referencing import Registry

from benchmarks.tools_list_sizes import MAIN_BEFORE, size_of
from edge.mcp_profile.definitions import inlined
from edge.mcp_profile.validation import compile_validator
from edge.profiles.runflow import plan_schemas
from tests.unit.edge.test_tools_list_golden import PROFILES, listed_tools

CONSTRAINTS = Path(__file__).parent / "tools_list" / "constraints"
# Words about a value, not rules on it: they may change without changing what a tool accepts.
WORDS = frozenset({"description", "title", "examples", "$comment"})
RUNFLOW_BUDGET = 54_664  # bytes, as reached; decision 0120 (issue 33 asked 40 000: see its amendments)
BUDGETS = {name: before.total for name, before in MAIN_BEFORE.items()} | {"kinetic-runflow": RUNFLOW_BUDGET}


def constraints(schema: Any, *, names: bool = False) -> Any:
    """``schema`` as rules only: shared definitions written out, words dropped (a property *named*
    like a word stays: ``names`` says ``schema`` maps names to schemas)."""
    if isinstance(schema, list):
        return [constraints(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if not names:
        schema = inlined(schema)
    return {
        key: value
        if key in ("enum", "const", "default", "required")
        else constraints(value, names=key == "properties" and not names)
        for key, value in schema.items()
        if names or key not in WORDS
    }


def tool_constraints(listed: dict[str, Any]) -> dict[str, Any]:
    return {
        tool["name"]: {key: constraints(tool[key]) for key in ("inputSchema", "outputSchema") if key in tool}
        for tool in listed["tools"]
    }


def test_every_profile_has_a_budget() -> None:
    assert set(BUDGETS) == set(PROFILES)


@pytest.mark.parametrize("name", sorted(PROFILES))
async def test_tools_list_stays_within_its_budget(name: str) -> None:
    size = size_of(await listed_tools(PROFILES[name]))
    assert size.total <= BUDGETS[name], (name, size)


async def test_runflow_is_under_three_fifths_of_what_it_was() -> None:
    size = size_of(await listed_tools(PROFILES["kinetic-runflow"]))
    assert size.total <= 0.59 * MAIN_BEFORE["kinetic-runflow"].total, size


def test_runflow_says_what_every_write_does_once_in_its_instructions() -> None:
    """A write's retry key and its snapshot and advisories are said in the instructions, which a
    client reads once, not in each of twenty-one tools (decision 0120)."""
    profile = PROFILES["kinetic-runflow"]
    for said in (
        "idempotencyKey",
        "the same call again answers as the first",
        "snapshotId",
        "safetyAdvisories",
    ):
        assert said in profile.instructions, said
    writes = [tool for tool in profile.tools if "idempotencyKey" in tool.input_schema["properties"]]
    assert len(writes) == 21
    for tool in writes:
        assert "safetyAdvisories" not in tool.description, tool.name
        assert tool.input_schema["properties"]["idempotencyKey"]["description"] == "Retry key.", tool.name


# RunFlow publishes its rules in fewer keywords than it pinned them (0120, amendment 2): its pinned
# rules are compared by verdicts, in test_tools_list_equivalence.py, the others' byte for byte.
BY_VERDICTS = frozenset({"kinetic-runflow"})


def test_every_runflow_argument_is_described() -> None:
    """Words go where a name says them already, never from a tool's own arguments (0120)."""
    for tool in PROFILES["kinetic-runflow"].tools:
        for name, schema in tool.input_schema["properties"].items():
            assert schema.get("description"), (tool.name, name)


@pytest.mark.parametrize("name", sorted(PROFILES))
async def test_every_tool_accepts_exactly_what_it_accepted(name: str) -> None:
    found = tool_constraints(await listed_tools(PROFILES[name]))
    pinned = CONSTRAINTS / f"{name}.json"
    if os.environ.get("KINETIC_WRITE_CONSTRAINTS") == "1":
        pinned.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if name in BY_VERDICTS:
        assert set(found) == set(json.loads(pinned.read_text(encoding="utf-8")))
    else:
        assert found == json.loads(pinned.read_text(encoding="utf-8"))


def test_runflow_publishes_the_step_once_per_tool() -> None:
    tool = PROFILES["kinetic-runflow"].tools
    batch = next(t for t in tool if t.name == "modify_workouts_batch").input_schema
    assert set(batch["$defs"]) == {"workoutChange", "step", "step1", "step2", "stepFields", "target"}
    assert json.dumps(batch).count('"paceZone"') == 1
    # A step's fields' rules once, for its three depths (0120, amendment 2).
    assert json.dumps(batch).count('"recovery"') == 1
    plain = next(t for t in tool if t.name == "shift_plan_dates").input_schema
    assert "$defs" not in plain


LEAF = {"type": "interval", "durationSeconds": 60, "target": {"kind": "heart_rate", "bpmLow": 150}}


def nested(step: dict[str, Any], depth: int) -> dict[str, Any]:
    for _ in range(depth):
        step = {"type": "repeat", "repeatCount": 2, "steps": [step]}
    return step


@pytest.mark.parametrize(
    "steps",
    [
        [nested(LEAF, 2)],
        [nested(LEAF, 3)],
        [nested({**LEAF, "target": {"kind": "heart_rate", "bpmLow": 500}}, 2)],
        [nested({**LEAF, "cadence": 90}, 2)],
        [nested({"type": "repeat", "repeatCount": 2, "steps": []}, 1)],
    ],
)
def test_the_edge_refuses_with_references_what_it_refused_written_out(steps: list[Any]) -> None:
    """The edge's validator reads the shared step as the written-out one: same verdict, same words."""
    schema = plan_schemas.MODIFY_BATCH_INPUT
    arguments = {"workouts": [{"workoutId": "w1", "structuredSteps": steps}]}
    shared = compile_validator(schema).violations(arguments)
    written_out = compile_validator(inlined(schema)).violations(arguments)
    assert shared == written_out
    # The Python SDK's client resolves references within the schema alone (an empty registry), as
    # it does for output schemas; the TypeScript SDK's ajv was checked by a run (decision 0120).
    client = validator_for(schema)(schema, registry=Registry())
    assert client.is_valid(arguments) is (not shared)
