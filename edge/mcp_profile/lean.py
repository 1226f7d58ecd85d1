"""A published schema without the keywords other keywords already imply (decision 0120, amendment 2).

What a tool accepts is unchanged; only what a model reads twice goes:

- ``"minLength": 0``: every string has at least no characters;
- ``"type"`` beside an ``enum`` whose every value is of that type: only those values are accepted
  anyway (a value of another type fails the enum, named at the same path).

Kept on purpose: ``maxLength`` beside an anchored date pattern (``$`` lets a Python ``re.search``
through before a final newline, so jsonschema would accept ``"2026-10-14\\n"`` without it), ``default``
(a model reads it to leave an argument out) and every hint, even one equal to MCP's default
(``idempotentHint: false``, 154 bytes in RunFlow): clients and Kinetic's tests read them literally.
``tests/unit/edge/test_tools_list_equivalence.py`` checks that the edge gives the same verdict and
names the same arguments with the published schema as with the pinned one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from edge.mcp_profile.definitions import LITERAL_KEYWORDS, NAMED_SCHEMAS

_OF_TYPE = {
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": lambda value: isinstance(value, int | float) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
}


def without_implied(schema: Any) -> Any:
    """``schema`` with every keyword another one implies left out, at every depth."""
    if isinstance(schema, list):
        return [without_implied(item) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    kept: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "minLength" and value == 0:
            continue
        if key == "type" and _enum_implies(schema.get("enum"), value):
            continue
        if key in LITERAL_KEYWORDS:
            kept[key] = value
        elif key in NAMED_SCHEMAS and isinstance(value, Mapping):
            kept[key] = {name: without_implied(sub) for name, sub in value.items()}
        else:
            kept[key] = without_implied(value)
    return kept


def _enum_implies(enum: Any, kind: Any) -> bool:
    check = _OF_TYPE.get(kind) if isinstance(kind, str) else None
    return check is not None and isinstance(enum, list) and bool(enum) and all(check(value) for value in enum)
