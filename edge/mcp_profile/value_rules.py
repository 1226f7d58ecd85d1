"""What no argument of any tool may hold, whatever its schema says (decision 0032).

Checked on every call before the schema, at every depth, for every profile: a schema states
types and shapes, not that a string is storable text or that an integer fits the services' fields.

- Strings (and object keys): no unpaired surrogate, no NUL, no C0 control other than tab and line
  breaks (``kinetic.text_input``). A string whose key ends in ``name`` (``name``, ``planName``)
  is a name: one line, no bidirectional controls, something visible.
- Integers fit a signed 64-bit field, the widest the services take; non-integers are finite.

A refusal names the path of the value and never repeats the value itself, so it can always be
encoded as UTF-8 JSON.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from edge.mcp_profile.validation import Violation, path_text
from kinetic.text_input import name_problem, text_problem

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
_OUT_OF_RANGE = f"must be a number from {INT64_MIN} to {INT64_MAX}"


def value_violations(arguments: Mapping[str, Any]) -> list[Violation]:
    """Every value of ``arguments`` no Kinetic field can take, with its path."""
    found: list[Violation] = []
    _walk(arguments, [], found)
    return found


def _walk(value: Any, where: list[str | int], found: list[Violation]) -> None:
    # ``where`` is the path so far, grown and shrunk in place and spelled only for a problem: a
    # plan of 49 workouts holds about 300 values, each checked on every call (decision 0123,
    # third pass). Plain dicts, lists and strings, what JSON arguments hold, are told apart by
    # their type first; anything else takes the checks in the order they are written below.
    kind = type(value)
    if kind is str:
        _text(value, where, found)
    elif kind is dict:
        _object(value, where, found)
    elif kind is list:
        _items(value, where, found)
    elif isinstance(value, str):
        _text(value, where, found)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            found.append(Violation(path_text(where) or "arguments", _OUT_OF_RANGE))
    elif isinstance(value, float):
        if not math.isfinite(value):
            found.append(Violation(path_text(where) or "arguments", "must be a finite number"))
    elif isinstance(value, Mapping):
        _object(value, where, found)
    elif isinstance(value, list | tuple):
        _items(value, where, found)


def _text(value: str, where: list[str | int], found: list[Violation]) -> None:
    last = where[-1] if where else ""
    is_name = isinstance(last, str) and last.lower().endswith("name")
    problem = name_problem(value) if is_name else text_problem(value)
    if problem:
        found.append(Violation(path_text(where) or "arguments", problem))


def _object(value: Mapping[Any, Any], where: list[str | int], found: list[Violation]) -> None:
    for key, item in value.items():
        key_problem = text_problem(key) if isinstance(key, str) else None
        if key_problem:
            # The key itself cannot be shown safely: name the object that holds it.
            found.append(Violation(path_text(where) or "arguments", f"an argument name {key_problem}"))
            continue
        where.append(key)
        _walk(item, where, found)
        where.pop()


def _items(value: list[Any] | tuple[Any, ...], where: list[str | int], found: list[Violation]) -> None:
    for i, item in enumerate(value):
        where.append(i)
        _walk(item, where, found)
        where.pop()
