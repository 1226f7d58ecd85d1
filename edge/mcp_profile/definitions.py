"""Shared definitions inside one tool's schema: a shape written once under ``$defs``, used by ``$ref``.

A large shape that a tool uses in several places (RunFlow's structured step, at three depths and in
every workout) is published once per tool, under the tool's own ``$defs``, and referred to as
``{"$ref": "#/$defs/<name>"}``. A reference never leaves the tool's schema: MCP clients validate
each tool's schema on its own, and the ones tested (the Python and TypeScript SDKs) resolve
references within it (docs/decisions/0120-lean-tool-lists.md). ``with_definitions`` attaches to a
schema exactly the definitions it reaches; ``inlined`` writes every reference out again, which is
what a schema means to a validator, so tests read the constraints without following references.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Schema = dict[str, Any]
_PREFIX = "#/$defs/"


def ref(name: str, description: str = "") -> Schema:
    """A use of the definition ``name``; ``description`` says what it is for here."""
    schema: Schema = {"$ref": _PREFIX + name}
    if description:
        schema["description"] = description
    return schema


def with_definitions(schema: Schema, definitions: Mapping[str, Schema]) -> Schema:
    """``schema`` with ``$defs`` holding every definition it reaches (directly or through another
    definition), in the order of ``definitions``; unchanged when it reaches none.

    A reference to a name ``definitions`` does not hold fails here, when the profile is built.
    """
    reached: set[str] = set()
    pending = list(_references(schema))
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        if name not in definitions:
            raise KeyError(f"{_PREFIX}{name} is used but not defined; define it with the tool's other shapes")
        reached.add(name)
        pending.extend(_references(definitions[name]))
    if not reached:
        return schema
    return {**schema, "$defs": {name: shape for name, shape in definitions.items() if name in reached}}


def inlined(schema: Any, definitions: Mapping[str, Any] | None = None) -> Any:
    """``schema`` with every local reference replaced by its definition (the reference's own
    keywords, e.g. its description, kept beside it) and ``$defs`` dropped: the same constraints,
    written out. Definitions here do not refer to themselves, so this ends."""
    if not isinstance(schema, Mapping):
        return schema
    found: Mapping[str, Any] = schema.get("$defs", {}) if definitions is None else definitions
    written: Schema = {}
    target = schema.get("$ref")
    if isinstance(target, str) and target.startswith(_PREFIX):
        written.update(inlined(found[target.removeprefix(_PREFIX)], found))
    for key, value in schema.items():
        if key in ("$ref", "$defs") and (key == "$defs" or written):
            continue
        written[key] = _inlined_keyword(key, value, found)
    return written


def _inlined_keyword(key: str, value: Any, found: Mapping[str, Any]) -> Any:
    if key in _LITERAL:
        return value
    if key in _NAMED_SCHEMAS and isinstance(value, Mapping):
        return {name: inlined(sub, found) for name, sub in value.items()}
    if isinstance(value, list):
        return [inlined(item, found) for item in value]
    return inlined(value, found)


def _references(schema: Any) -> set[str]:
    """The definitions ``schema`` names directly (not through another definition)."""
    if isinstance(schema, list):
        return set().union(*(_references(item) for item in schema))
    if not isinstance(schema, Mapping):
        return set()
    names: set[str] = set()
    for key, value in schema.items():
        if key == "$ref" and isinstance(value, str) and value.startswith(_PREFIX):
            names.add(value.removeprefix(_PREFIX))
        elif key in _NAMED_SCHEMAS and isinstance(value, Mapping):
            names |= _references(list(value.values()))
        elif key not in _LITERAL:
            names |= _references(value)
    return names


# Keywords whose value is data, not a schema (a property may be named like a keyword).
_LITERAL = frozenset({"enum", "const", "default", "examples", "required"})
# Keywords whose value maps names to schemas.
_NAMED_SCHEMAS = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
LITERAL_KEYWORDS, NAMED_SCHEMAS = _LITERAL, _NAMED_SCHEMAS


def shared_shapes(schema: Schema, shapes: Mapping[str, Schema]) -> Schema:
    """``schema`` with every shape of ``shapes`` it holds more than once written once under
    ``$defs`` and referred to where it was; a shape it holds once stays where it is.

    For schemas written out by their module (Metric's, which ``/openapi.json`` also publishes, where
    ``#/$defs`` would not resolve): the published tool shares them, the module keeps them whole.
    A shape is found by equality, the largest first; one inside a shared shape is counted within
    its definition, so it is shared only if it still recurs there.
    """
    body: Any = schema
    definitions: dict[str, Any] = {}
    for name in sorted(shapes, key=lambda name: -len(repr(shapes[name]))):
        shape = shapes[name]
        found = _occurrences(body, shape) + sum(_occurrences(d, shape) for d in definitions.values())
        if found < 2:
            continue
        body = _referring(body, name, shape)
        definitions = {n: _referring(d, name, shape) for n, d in definitions.items()}
        definitions[name] = shape
    return with_definitions(body, definitions) if definitions else schema


def _occurrences(schema: Any, shape: Schema) -> int:
    """How many times ``shape`` is a subschema of ``schema`` (``schema`` itself included)."""
    if schema == shape:
        return 1
    return sum(_occurrences(sub, shape) for sub in _subschemas(schema))


def _referring(schema: Any, name: str, shape: Schema) -> Any:
    """``schema`` with every subschema equal to ``shape`` (not ``schema`` itself) a reference."""
    if isinstance(schema, list):
        return [ref(name) if item == shape else _referring(item, name, shape) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    written: Schema = {}
    for key, value in schema.items():
        if key in _LITERAL:
            written[key] = value
        elif key in _NAMED_SCHEMAS and isinstance(value, Mapping):
            written[key] = {
                n: ref(name) if sub == shape else _referring(sub, name, shape) for n, sub in value.items()
            }
        else:
            written[key] = ref(name) if value == shape else _referring(value, name, shape)
    return written


def _subschemas(schema: Any) -> list[Any]:
    if isinstance(schema, list):
        return list(schema)
    if not isinstance(schema, Mapping):
        return []
    found: list[Any] = []
    for key, value in schema.items():
        if key in _NAMED_SCHEMAS and isinstance(value, Mapping):
            found.extend(value.values())
        elif key not in _LITERAL:
            found.append(value)
    return found
