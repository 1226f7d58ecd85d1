"""RunFlow's published schemas accept exactly what the pinned rules accept, and are refused in the
same words at the same arguments (decision 0120, amendment 2).

``tools_list/constraints/kinetic-runflow.json`` holds every tool's rules as captured before the
published schemas dropped implied keywords (``edge/mcp_profile/lean.py``) and wrote the deeper
steps as the step's fields plus their own: the two are no longer equal byte for byte, so each
tool's pinned and published schemas are run on the same arguments instead. The arguments are a
corpus drawn from the pinned schema (a valid call with every argument, and at every node each wrong
type, each bound and one past it, each enum value and one outside it, a missing required field, an
unknown field and every other field of the tool put where it does not belong, a trailing newline
after a pattern) and the fuzz argument generator's draws from both schemas. For each: the same
verdict from jsonschema (as the edge's explainer and the Python SDK read the schema) and from the
edge's validator, the same argument paths named in the edge's refusal, and no refusal words the
pinned schema did not give (dropping a ``type`` implied by an ``enum`` says one thing less).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema.validators import validator_for
from referencing import Registry

from edge.mcp_profile.validation import compile_validator
from knowledge.training.formats import LOCAL_DAY_PATTERN
from tests.fuzz.json_schema_values import arguments
from tests.unit.edge.test_tools_list_budget import constraints
from tests.unit.edge.test_tools_list_golden import PROFILES

PINNED = json.loads(
    (Path(__file__).parent / "tools_list" / "constraints" / "kinetic-runflow.json").read_text(
        encoding="utf-8"
    )
)
PUBLISHED = {tool.name: dict(tool.input_schema) for tool in PROFILES["kinetic-runflow"].tools}
# A value each pattern of RunFlow's schemas matches; a new pattern needs one here.
MATCHING = {LOCAL_DAY_PATTERN: "2026-10-14", r"^[A-Za-z0-9_-]+$": "w-1", r"^[A-Z0-9_]{1,40}$": "MARATHON"}
WRONG_TYPES: tuple[Any, ...] = (None, True, 0, -1, 1.5, "x", "", [], {})


def valid(schema: dict[str, Any], *, every: bool) -> Any:
    """A value ``schema`` accepts: with every property when ``every``, else the required ones."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next(k for k in kind if k != "null")
    if kind == "object":
        required = set(schema.get("required", ()))
        options = schema.get("oneOf") or schema.get("anyOf") or ()
        if options:
            required |= set(options[0].get("required", ()))
        properties = schema.get("properties", {})
        chosen = [name for name in properties if every or name in required]
        if options and every:
            # The first option alone: the others' required names stay out (a oneOf of requireds).
            others = set().union(*(option.get("required", ()) for option in options[1:]))
            chosen = [name for name in chosen if name not in others or name in required]
        return {name: valid(properties[name], every=every) for name in chosen}
    if kind == "array":
        items = schema.get("items", {})
        count = max(int(schema.get("minItems", 0)), 1)
        values = [valid(items, every=every) for _ in range(count)]
        if schema.get("uniqueItems"):
            # Distinct items: a number counts up, a name gets a number (RunFlow's unique items).
            values = [v + i if isinstance(v, int | float) else f"{v}{i}" for i, v in enumerate(values)]
        return values
    if kind == "string":
        if "pattern" in schema:
            return MATCHING[schema["pattern"]]
        return "x" * max(int(schema.get("minLength", 0)), 1)
    if kind == "integer":
        return int(schema.get("minimum", 1))
    if kind == "number":
        return float(schema.get("minimum", 1))
    if kind == "boolean":
        return True
    raise AssertionError(f"no valid value for {schema}")


def names_in(schema: Any) -> set[str]:
    """Every property name a schema uses, at any depth."""
    if isinstance(schema, list):
        return set().union(*(names_in(item) for item in schema))
    if not isinstance(schema, dict):
        return set()
    found = set(schema.get("properties", {}))
    for key, value in schema.items():
        if key in ("properties",):
            found |= names_in(list(value.values()))
        elif key not in ("enum", "const", "default", "required"):
            found |= names_in(value)
    return found


def wrong_values(schema: dict[str, Any], value: Any, names: set[str]) -> Iterator[Any]:
    """Values to put where ``value`` (valid for ``schema``) was."""
    yield from WRONG_TYPES
    yield from schema.get("enum", ())
    if "enum" in schema:
        yield from ("nope", str(schema["enum"][0]).lower() + "_", 99)
    for bound in ("minimum", "maximum"):
        if bound in schema:
            edge = schema[bound]
            yield from (edge, edge - 1, edge + 1, edge - 0.5, edge + 0.5)
    if isinstance(value, str):
        yield from (value + "\n", value + "x", "\n" + value, "2026-13-45", "a b")
        for bound in ("minLength", "maxLength"):
            if bound in schema:
                yield from ("y" * schema[bound], "y" * (schema[bound] + 1), "y" * max(schema[bound] - 1, 0))
    if isinstance(value, list):
        yield from ([], value * 2, [*value, None])
        if "maxItems" in schema:
            yield (value or [None]) * (schema["maxItems"] + 1)
    if isinstance(value, dict):
        yield {**value, "unknownField": 1}
        for name in schema.get("required", ()):
            yield {key: item for key, item in value.items() if key != name}
        for name in sorted(names - set(schema.get("properties", {}))):
            yield {**value, name: 1}
        for name in ("repeatCount", "steps") if "steps" in names else ():
            nested = {
                "type": "repeat",
                "repeatCount": 2,
                "steps": [{"type": "interval", "durationSeconds": 60}],
            }
            yield {**value, **nested} if name == "steps" else {**value, "type": "repeat", "repeatCount": 2}


def corpus(schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A valid call with every argument, one with only the required ones, and the first with one
    node made wrong, for every node."""
    names = names_in(schema)
    full = valid(schema, every=True)
    yield full
    yield valid(schema, every=False)

    def nodes(sub: dict[str, Any], value: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        for wrong in wrong_values(sub, value, names):
            yield (*path, wrong)
        if isinstance(value, dict):
            for name, item in value.items():
                yield from nodes(sub["properties"][name], item, (*path, name))
        elif isinstance(value, list) and value:
            yield from nodes(sub.get("items", {}), value[0], (*path, 0))

    for *path, wrong in nodes(schema, full, ()):
        if not path:
            if isinstance(wrong, dict):
                yield wrong
            continue
        changed = copy.deepcopy(full)
        holder = changed
        for part in path[:-1]:
            holder = holder[part]
        holder[path[-1]] = wrong
        yield changed


class Answers:
    """One tool's pinned and published schemas, compiled once."""

    def __init__(self, name: str) -> None:
        self.name = name
        published = PUBLISHED[name]
        self.pinned = compile_validator(PINNED[name]["inputSchema"])
        self.published = compile_validator(published)
        # The words compared without the schema's own (a pattern's refusal quotes its description).
        self.unworded = compile_validator(constraints(published))
        # The Python SDK's client reads a schema alone, references resolved within it (0120). It
        # reads ``$`` as Python's ``re`` does (also before a final newline), which the edge does not
        # (JSON Schema's ``$`` ends the text): so it is held to its own reading of the pinned rules.
        pinned = PINNED[name]["inputSchema"]
        self.client = validator_for(published)(published, registry=Registry())
        self.client_pinned = validator_for(pinned)(pinned, registry=Registry())

    def same(self, call: dict[str, Any]) -> bool:
        """Asserts the same answer to ``call``; whether it is refused."""
        before, after = self.pinned.violations(call), self.published.violations(call)
        assert bool(before) == bool(after), (self.name, call, before, after)
        assert {v.path for v in before} == {v.path for v in after}, (self.name, call, before, after)
        if after:
            worded = self.unworded.violations(call)
            assert set(worded) <= set(before), (self.name, call, before, worded)
        assert self.client.is_valid(call) == self.client_pinned.is_valid(call), (self.name, call)
        return bool(after)


def test_every_runflow_tool_is_pinned() -> None:
    assert set(PINNED) == set(PUBLISHED)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_runflow_refuses_what_the_pinned_rules_refuse_at_every_node(name: str) -> None:
    calls = list(corpus(PINNED[name]["inputSchema"]))
    answers = Answers(name)
    refused = sum(answers.same(call) for call in calls)
    # The corpus reaches both verdicts: the checks above could not pass on an empty one.
    assert 0 < refused < len(calls), (name, refused, len(calls))


@pytest.mark.parametrize("source", ["pinned", "published"])
@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_runflow_answers_the_fuzz_generators_arguments_as_pinned(name: str, source: str) -> None:
    schema = PINNED[name]["inputSchema"] if source == "pinned" else PUBLISHED[name]
    answers = Answers(name)

    @settings(max_examples=30, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(call=arguments(schema, {}))
    def same(call: dict[str, Any]) -> None:
        answers.same(call)

    same()
